package sema

import (
	"strconv"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [return in serial loops]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// RETURN inside a sequential DO (a loop with no directive, which runs on
// the host or serially on one work-item) ends the kernel at once, as in
// Gaussian elimination that gives up on a zero pivot. loopReturns lowers
// it, before endAtReturn (Note [return in loop kernels]), with a logical
// local the kernel sets false first (the flag, a fresh name):
//
//   - the RETURN sets the flag, and what follows it in its list never
//     runs and is dropped;
//   - a statement after an IF, SELECT CASE or DO that may set the flag
//     runs only while it is false: the rest of the list goes into an
//     "if (.not. flag)";
//   - every DO that may set it runs its body only while it is false, so
//     its remaining trips do nothing (a counted DO still counts them,
//     which nobody sees once the kernel has returned);
//   - a DO at the top level (or in an IF there) is followed by "if
//     (flag) return", which endAtReturn then takes as any early RETURN.
//
// The flag is set in one trip and read in the next, so dependence
// analysis keeps such a loop serial. A RETURN inside a parallel loop (one
// a directive marks, a DO CONCURRENT, or any loop inside one) cannot end
// the kernel for the other work-items, and a DO WHILE or endless DO would
// test its condition again: those stay as they are, and return-in-loop
// refuses them.

// loopReturns rewrites the RETURNs in the sequential DO loops of a loop
// kernel's body (Note [return in serial loops]); body itself when there
// are none.
func (l *lowerer) loopReturns(body []ast.Stmt) []ast.Stmt {
	r := &retRewriter{l: l}
	out := r.top(body)
	if r.flag == nil {
		return body
	}
	r.l.loop.flagSym = r.flag
	init := &ast.AssignStmt{Pos: r.pos, LHS: r.ref(), RHS: &ast.LogicalLit{Pos: r.pos}}
	return append([]ast.Stmt{init}, out...)
}

// retRewriter holds the flag of loopReturns, created at the first
// RETURN it lowers.
type retRewriter struct {
	l       *lowerer
	flag    *symbol
	pos     diag.Span
	returns []diag.Span // the RETURNs lowered so far
}

// ref is a reference to the flag, which it creates on first use.
func (r *retRewriter) ref() *ast.Ident {
	if r.flag == nil {
		name := "forocl_returned"
		for i := 2; r.l.s.lookup(name).found(); i++ {
			name = "forocl_returned" + strconv.Itoa(i)
		}
		r.flag = r.l.s.get(ast.Ident{Name: name, Orig: name, Pos: r.pos})
		r.flag.typ = &ast.TypeSpec{Pos: r.pos, Base: ast.Logical}
	}
	return &ast.Ident{Pos: r.pos, Name: r.flag.name, Orig: r.flag.orig}
}

// top rewrites the statements at the top level of the kernel, or in an IF
// there: a sequential DO with a RETURN becomes the DO that sets the flag,
// then "if (flag) return".
func (r *retRewriter) top(stmts []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.DoStmt:
			if !r.serialReturns(s, out) {
				break
			}
			out = append(out, r.loop(s), &ast.IfStmt{Pos: s.Pos, Cond: r.ref(), Then: []ast.Stmt{&ast.ReturnStmt{Pos: s.Pos}}, Single: true, End: s.Pos})
			continue
		case *ast.IfStmt:
			n := *s
			n.Then, n.Else = r.top(s.Then), r.top(s.Else)
			n.ElseIfs = make([]*ast.ElseIf, len(s.ElseIfs))
			for k, ei := range s.ElseIfs {
				e := *ei
				e.Body = r.top(ei.Body)
				n.ElseIfs[k] = &e
			}
			out = append(out, &n)
			continue
		}
		out = append(out, s)
	}
	return out
}

// serialReturns reports whether d, preceded by before, is a counted DO
// with no directive that holds a RETURN outside any parallel loop.
func (r *retRewriter) serialReturns(d *ast.DoStmt, before []ast.Stmt) bool {
	if d.Form != ast.DoCounted || d.Bad || len(before) > 0 && isLoopDirective(before[len(before)-1]) {
		return false
	}
	return r.holdsReturn(d.Body)
}

// isLoopDirective reports whether s is a directive that may mark the
// loop after it, one that ends no construct.
func isLoopDirective(s ast.Stmt) bool {
	d, ok := s.(*ast.LoopDirective)
	return ok && (len(d.Clauses) == 0 || d.Clauses[0].Name != "end")
}

// holdsReturn reports whether stmts hold a RETURN that loopReturns
// lowers: not inside a parallel or uncounted loop.
func (r *retRewriter) holdsReturn(stmts []ast.Stmt) bool {
	for i, s := range stmts {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.DoStmt:
			if r.serialReturns(s, stmts[:i]) {
				return true
			}
		case *ast.IfStmt:
			if r.holdsReturn(s.Then) || r.holdsReturn(s.Else) {
				return true
			}
			for _, ei := range s.ElseIfs {
				if r.holdsReturn(ei.Body) {
					return true
				}
			}
		case *ast.SelectCase:
			for _, c := range s.Cases {
				if r.holdsReturn(c.Body) {
					return true
				}
			}
		}
	}
	return false
}

// loop is DO d whose body runs only while the flag is false, with its
// RETURNs lowered.
func (r *retRewriter) loop(d *ast.DoStmt) *ast.DoStmt {
	r.pos = d.Pos
	n := *d
	first := len(r.returns)
	n.Body = []ast.Stmt{r.unless(d.Pos, r.inLoop(d.Body))}
	if r.l.loop.loopReturns == nil {
		r.l.loop.loopReturns = map[int][]diag.Span{}
	}
	r.l.loop.loopReturns[d.Pos.Start.Line] = r.returns[first:len(r.returns):len(r.returns)]
	return &n
}

// returnInHostLoop reports, when v is the flag of Note [return in serial
// loops] and lp a host loop (one around parallel nests, which cannot
// carry it from trip to trip), the RETURNs inside lp, and whether it did.
func (l *lowerer) returnInHostLoop(lp *ir.Loop, v *ir.Var) bool {
	if v != l.loop.returnFlag {
		return false
	}
	for _, at := range l.loop.loopReturns[lp.Pos.Start.Line] {
		l.c.diags.Error(codeReturnInLoop, at, "\"return\" inside the loop at line %d, around parallel loops, would end the kernel between launches, which the host runs as a loop that carries no scalar from trip to trip", lp.Pos.Start.Line).
			WithHint("set a flag and test it in an IF around the nests, or return after the loop")
	}
	return true
}

// unless is "if (.not. flag) then; stmts; end if".
func (r *retRewriter) unless(pos diag.Span, stmts []ast.Stmt) *ast.IfStmt {
	return &ast.IfStmt{Pos: pos, Cond: &ast.Unary{Pos: pos, Op: ".not.", X: r.ref()}, Then: stmts, End: pos}
}

// inLoop lowers the RETURNs of statements inside a sequential DO: a
// RETURN sets the flag and drops what follows; what follows a statement
// that may set it runs only while it is false.
func (r *retRewriter) inLoop(stmts []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for i, s := range stmts {
		var n ast.Stmt
		switch s := s.(type) {
		case *ast.ReturnStmt:
			r.pos = s.Pos
			r.returns = append(r.returns, s.Pos)
			return append(out, &ast.AssignStmt{Pos: s.Pos, LHS: r.ref(), RHS: &ast.LogicalLit{Pos: s.Pos, Value: true}})
		case *ast.DoStmt:
			if r.serialReturns(s, stmts[:i]) {
				n = r.loop(s)
			}
		case *ast.IfStmt:
			if r.holdsReturn([]ast.Stmt{s}) {
				c := *s
				c.Then, c.Else = r.inLoop(s.Then), r.inLoop(s.Else)
				c.ElseIfs = make([]*ast.ElseIf, len(s.ElseIfs))
				for k, ei := range s.ElseIfs {
					e := *ei
					e.Body = r.inLoop(ei.Body)
					c.ElseIfs[k] = &e
				}
				n = &c
			}
		case *ast.SelectCase:
			if r.holdsReturn([]ast.Stmt{s}) {
				c := *s
				c.Cases = make([]*ast.Case, len(s.Cases))
				for k, cs := range s.Cases {
					cc := *cs
					cc.Body = r.inLoop(cs.Body)
					c.Cases[k] = &cc
				}
				n = &c
			}
		}
		if n == nil {
			out = append(out, s)
			continue
		}
		out = append(out, n)
		if rest := r.inLoop(stmts[i+1:]); len(rest) > 0 {
			out = append(out, r.unless(s.Span(), rest))
		}
		return out
	}
	return out
}
