package sema

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/depend"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [plain DO nests]
//
// Legacy kernels often have no directive at all: a DO nest over the grid
// that the author knows to be parallel. forocl lowers a DO nest at the top
// level of a loop kernel with no directive (and one inside !$acc kernels,
// whose loops the compiler must also prove independent) as a parallel
// nest over its perfectly nested loops, under the rules it applies to
// every nest (Note [dependence analysis] in package depend): each write
// is one-to-one over the parallel indices, reads of a written array are
// the element written or provably apart (inPlace), and a scalar the body
// assigns is assigned before every read in the same iteration
// (carriedRead: otherwise its value would come from the previous
// iteration, as in a running sum). A nest that fails runs as written, in
// order, on one work-item (serialNest), with a warning (loop-serial) that
// says why and how to make it parallel: right results, never a silent
// race. Since issue 21 the same holds for nests under a directive.

// serialNest lowers DO nest s as a launch of one work-item that runs the
// loops in order, and warns why (Note [plain DO nests], Note [dependence
// analysis]). dir is the nest's directive, or nil.
func (l *lowerer) serialNest(s *ast.DoStmt, dir *loopDir, source, why string) ir.Stmt {
	if dir == nil {
		l.c.diags.Warn(codeLoopSerial, s.Pos, "this DO nest runs serially, on one work-item: %s", why).
			WithHint("if its iterations are independent, mark it \"!$omp parallel do\" (with reduction(+:s) for a sum) or write it as DO CONCURRENT; for a time loop around nests, mark the inner nests")
	} else {
		l.c.diags.Warn(codeLoopSerial, s.Pos, "this %s nest runs serially, on one work-item: %s; the directive asserts that the iterations are independent, but forocl cannot prove it, and runs the loop in order to keep the serial answer", source, why).
			WithHint("subscript each write with every parallel index, write an update in place into a second array, or write the loop as DO CONCURRENT if its iterations are independent")
	}
	return l.serialLaunch(s, source)
}

// serialLaunch lowers DO nest s as a launch of one work-item that runs
// the loops in order.
func (l *lowerer) serialLaunch(s *ast.DoStmt, source string) *ir.Nest {
	t := l.unitIndex()
	n := &ir.Nest{Pos: s.Pos, Source: source + " (serial)", Index: []*ir.Var{t}, Lo: []ir.Affine{{Const: 1}}, Hi: []ir.Affine{{Const: 1}}}
	ls := l.loop
	ls.index, ls.seq = map[*ir.Var]bool{t: true}, copySet(ls.host)
	ls.reads, ls.writes = nil, nil
	ls.inNest, ls.serial = true, true
	n.Body = l.nestStmts([]ast.Stmt{s})
	ls.inNest, ls.serial = false, false
	ls.index = nil
	l.nestReduces(n)
	ls.serialNests[n] = true
	return n
}

// Note [serial results]
//
// The scalars a serial nest assigns keep their values after the loop, as
// in Fortran, where they matter: an intent(out) result, a scalar read
// outside the nest, and one the nest reads before it assigns it (a
// running sum, which a host loop around the nest carries on). Each
// leaves the nest as a device scalar does (Note [device scalars]),
// through a product reduction (.and. for a logical) of one work-item.
// The host first copies the scalar into a local of its own, which the
// nest reads, and sets the scalar to the identity; the nest starts from
// the copy and, at its end, folds the final value, so 1*x = x leaves the
// scalar with the device's value for the statements and launches after.

// serialResults rewrites the serial nests of stmts, a part of the
// kernel's body all (Note [serial results]).
func (l *lowerer) serialResults(stmts, all []ir.Stmt) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.If:
			s.Then, s.Else = l.serialResults(s.Then, all), l.serialResults(s.Else, all)
		case *ir.Loop:
			s.Body = l.serialResults(s.Body, all)
		case *ir.Nest:
			if l.loop.serialNests[s] {
				out = append(out, l.serialResult(s, all)...)
			}
		}
		out = append(out, s)
	}
	return out
}

// serialResult rewrites serial nest n and returns the host statements
// that go before it.
func (l *lowerer) serialResult(n *ir.Nest, all []ir.Stmt) []ir.Stmt {
	set := map[*ir.Var]bool{}
	ir.AssignedIn(n.Body, set) // with the loop variables, which Fortran leaves one step past the end
	live := map[*ir.Var]bool{}
	readsBut(all, n, live)
	for _, r := range depend.CarriedReads(n) {
		live[r.Var] = true
	}
	var vars []*ir.Var
	for _, v := range append(append([]*ir.Var{}, l.kernel.Params...), l.kernel.Locals...) {
		if set[v] && l.deviceTarget(v) && (live[v] || v.Role == ir.Dummy) {
			vars = append(vars, v)
		}
	}
	loopVars := map[*ir.Var]bool{} // set by their DO before any read, even with no trips
	ir.AssignedIn(n.Body, loopVars)
	assigned := map[*ir.Var]bool{}
	assignedScalars(n.Body, assigned)
	var before, start, end []ir.Stmt
	for _, v := range vars {
		r, one := l.scalarFold(v, n.Pos)
		if loopVars[v] && !assigned[v] {
			before = append(before, assign(n.Pos, v, one))
		} else {
			in := &ir.Var{Name: fmt.Sprintf("_in%d", l.nreduce), Kind: v.Kind, Role: ir.Local, Pos: n.Pos}
			l.kernel.Locals = append(l.kernel.Locals, in)
			before = append(before, assign(n.Pos, in, ref(n.Pos, v)), assign(n.Pos, v, one))
			start = append(start, assign(n.Pos, v, ref(n.Pos, in)))
		}
		end = append(end, assign(n.Pos, r, ref(n.Pos, v)))
		n.Reduces = append(n.Reduces, r)
	}
	n.Body = append(append(start, n.Body...), end...)
	return before
}

// readsBut adds to set the scalars that stmts read outside nest skip.
func readsBut(stmts []ir.Stmt, skip *ir.Nest, set map[*ir.Var]bool) {
	add := func(r *ir.Ref) { set[r.Var] = true }
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Nest:
			if s != skip && s.Pos != skip.Pos { // nor its parallel twin (Note [run-time independence])
				own := map[*ir.Var]bool{} // its indices and privates: its own copies
				for _, v := range s.Index {
					own[v] = true
				}
				ir.AssignedIn(s.Body, own)
				ir.VisitRefs(s.Body, func(r *ir.Ref) {
					if !own[r.Var] || carriedIn(s, r.Var) {
						add(r)
					}
				})
			}
		case *ir.If:
			ir.WalkRefs(s.Cond, add)
			readsBut(s.Then, skip, set)
			readsBut(s.Else, skip, set)
		case *ir.Loop:
			ir.WalkRefs(s.Lo, add)
			ir.WalkRefs(s.Hi, add)
			ir.WalkRefs(s.Step, add)
			readsBut(s.Body, skip, set)
		default:
			ir.VisitRefs([]ir.Stmt{s}, add)
		}
	}
}

// carriedIn reports whether nest n reads v before an iteration assigns
// it: the value n starts from is the one before it.
func carriedIn(n *ir.Nest, v *ir.Var) bool {
	for _, r := range depend.CarriedReads(n) {
		if r.Var == v {
			return true
		}
	}
	return false
}

// assignedScalars adds to set the scalars that assignments in stmts set
// (not the variables of sequential loops, nor reductions).
func assignedScalars(stmts []ir.Stmt, set map[*ir.Var]bool) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			if r, ok := s.LHS.(*ir.Ref); ok && r.Var.Role != ir.Reduction {
				set[r.Var] = true
			}
		case *ir.If:
			assignedScalars(s.Then, set)
			assignedScalars(s.Else, set)
		case *ir.Loop:
			assignedScalars(s.Body, set)
		}
	}
}

func ref(at diag.Span, v *ir.Var) *ir.Ref { return &ir.Ref{Pos: at, Var: v} }

func assign(at diag.Span, v *ir.Var, x ir.Expr) *ir.Assign {
	return &ir.Assign{Pos: at, LHS: ref(at, v), RHS: x}
}
