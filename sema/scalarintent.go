package sema

import (
	"regexp"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [scalar intents]
//
// A scalar dummy of a loop kernel declared with no INTENT gets one from
// use, as an array does (inferIntents), but before the body is lowered:
// what a scalar may be (a value, or a result the kernel returns) decides
// how its assignments lower. Fortran semantics decide it:
//   - never assigned: intent(in), a value;
//   - assigned before anything reads it, by an assignment that every run
//     executes (at the top level of the body, or in every branch of an IF
//     with an ELSE, before any loop, RETURN or statement forocl does not
//     model): intent(out), a result. Its value
//     before that assignment is never seen, so the caller's is not needed;
//     a reduction nest after "vol = 0" folds into the value set there
//     (Note [loop reductions] in package ir);
//   - anything else that assigns it (read first, or first assigned only on
//     some paths, where the caller's value flows through): intent(inout),
//     an inout scalar (Note [inout scalars]).
//
// Note [inout scalars]
//
// An intent(inout) scalar dummy of a loop kernel (declared so, or
// inferred above) is a scalar result (ir.Var.Result, abi.Param.Result)
// that is also an input (abi.Kernel.Scalars): the host program starts
// from the caller's value (abi.Kernel.HostInit), its statements and the
// nests' reductions and serial runs update it as they update an
// intent(out) result, and the last launch writes it back as every result
// is written. `forocl run --set n=...` gives its value and reports the
// final one; the Go host takes it as an argument and returns it, and the
// Fortran host's argument is intent(inout). A region kernel's scalars
// stay intent(in) or intent(out) (kernel-scalar-intent).

// scalarUse follows one scalar dummy through a body in source order.
type scalarUse struct {
	name string
	word *regexp.Regexp
	// decided is set at the first event: out says it was an unconditional
	// assignment; at is where the first event was otherwise.
	decided, out bool
	at           diag.Span
	assigned     bool
	leaves       bool // a RETURN or unmodelled statement came before
}

// inferScalarIntent returns the intent a scalar dummy with no INTENT has
// in body (Note [scalar intents]).
func inferScalarIntent(body []ast.Stmt, name string) ir.Intent {
	u := &scalarUse{name: name, word: regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(name) + `\b`)}
	u.stmts(body, false)
	switch {
	case !u.assigned:
		return ir.In
	case u.out:
		return ir.Out
	}
	return ir.InOut
}

func (u *scalarUse) read(pos diag.Span) {
	if !u.decided {
		u.decided, u.at = true, pos
	}
}

func (u *scalarUse) assign(pos diag.Span, cond bool) {
	u.assigned = true
	if u.decided {
		return
	}
	u.decided, u.at = true, pos
	u.out = !cond && !u.leaves
}

func (u *scalarUse) expr(e ast.Expr) {
	if e == nil {
		return
	}
	walkAST(e, func(x ast.Expr) {
		if id, ok := x.(*ast.Ident); ok && id.Name == u.name {
			u.read(id.Pos)
		}
	})
}

func (u *scalarUse) stmts(body []ast.Stmt, cond bool) {
	for _, s := range body {
		switch s := s.(type) {
		case *ast.AssignStmt:
			u.expr(s.RHS)
			if id, ok := s.LHS.(*ast.Ident); ok && id.Name == u.name {
				u.assign(id.Pos, cond)
			} else {
				u.expr(s.LHS) // subscripts, or a pointer's target
			}
		case *ast.IfStmt:
			u.expr(s.Cond)
			if !u.decided && !cond && !u.leaves {
				if at, ok := u.everyBranchAssigns(s); ok {
					u.assign(at, false)
				}
			}
			u.stmts(s.Then, true)
			for _, ei := range s.ElseIfs {
				u.expr(ei.Cond)
				u.stmts(ei.Body, true)
			}
			u.stmts(s.Else, true)
		case *ast.DoStmt:
			u.expr(s.Lo)
			u.expr(s.Hi)
			u.expr(s.Step)
			u.expr(s.Cond)
			for _, ix := range s.Indices {
				u.expr(ix.Lo)
				u.expr(ix.Hi)
				u.expr(ix.Step)
			}
			u.expr(s.Mask)
			if s.Var != nil && s.Var.Name == u.name {
				u.assign(s.Var.Pos, true)
			}
			u.stmts(s.Body, true)
		case *ast.SelectCase:
			u.expr(s.Expr)
			for _, c := range s.Cases {
				u.stmts(c.Body, true)
			}
		case *ast.WhereStmt:
			u.expr(s.Mask)
			u.stmts(s.Body, true)
			for _, ew := range s.ElseWhere {
				u.expr(ew.Mask)
				u.stmts(ew.Body, true)
			}
		case *ast.CallStmt:
			for _, a := range s.Args {
				u.expr(a.Value)
				u.expr(a.Lo)
				u.expr(a.Hi)
				u.expr(a.Stride)
			}
			u.leaves = true // the callee may assign it
		case *ast.ReturnStmt:
			u.leaves = true
		case *ast.WriteStmt:
			u.expr(s.Unit)
			for _, x := range s.Items {
				u.expr(x)
			}
		case *ast.OtherStmt:
			if u.word.MatchString(s.Text) {
				u.read(s.Pos)
			}
			u.leaves = true
		}
	}
}

// everyBranchAssigns reports whether every branch of IF s (an ELSE
// included) assigns the dummy unconditionally before it reads it, so
// that the IF as a whole assigns it on every path (Note [scalar
// intents]); at is the THEN branch's assignment. A branch condition that
// reads the dummy, or a branch that leaves first, answers false.
func (u *scalarUse) everyBranchAssigns(s *ast.IfStmt) (diag.Span, bool) {
	if len(s.Else) == 0 {
		return diag.Span{}, false
	}
	bodies := [][]ast.Stmt{s.Then, s.Else}
	for _, ei := range s.ElseIfs {
		reads := &scalarUse{name: u.name, word: u.word}
		reads.expr(ei.Cond)
		if reads.decided {
			return diag.Span{}, false
		}
		bodies = append(bodies, ei.Body)
	}
	var at diag.Span
	for i, b := range bodies {
		br := &scalarUse{name: u.name, word: u.word}
		br.stmts(b, false)
		if !br.out {
			return diag.Span{}, false
		}
		if i == 0 {
			at = br.at
		}
	}
	return at, true
}

// scalarDummyIntent gives the scalar dummy v, declared with no INTENT, its
// intent from use (Note [scalar intents]).
func (l *lowerer) scalarDummyIntent(sym *symbol, v *ir.Var) {
	v.Intent = inferScalarIntent(l.sub.Body, sym.name)
}

// Note [guard reads]
//
// The host's statements outside nests (Note [host program] in package
// abi) may read elements of dummy arrays of any kind: IF
// (fields(FIELD_DENSITY0) .EQ. 1) THEN <nests>, x_cent = state_xmin(state)
// in a host loop. Outside a nest no parallel index is open, so every
// subscript is uniform (constants, named constants, scalar dummies and
// locals, host loop variables). The host reads the element when the
// program reaches the read, after the launches before it, so an array a
// nest writes is read as that nest left it (Note [host elements] in
// package abi), and checks the subscripts against the declared bounds
// then; a subscript that provably leaves the array is an error here
// (checkBounds). Local arrays live only in a nest's work-items, so the
// host cannot read them.

// guardArray reports whether the element call of array v may be read
// outside nests, and reports why not otherwise.
func (l *lowerer) guardArray(call *ast.Call, v *ir.Var) bool {
	if v.Role != ir.Dummy {
		l.c.diags.Error(codeLoopGuardArray, call.Pos, "the host reads local array %q outside the parallel loops; only elements of dummy arrays may be read there", call.Name.Orig).
			WithHint("pass %s as a dummy, or copy the element into a scalar inside a nest", call.Name.Orig)
		return false
	}
	return true
}
