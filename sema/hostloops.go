package sema

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Host loops: sequential DO loops around the nests of a loop kernel,
// which the host runs, repeating the nests' launches (Note [host loops]
// in package ir).

// hostLoop lowers a sequential DO loop at the top level of a loop kernel
// whose body holds parallel nests.
func (l *lowerer) hostLoop(s *ast.DoStmt) []ir.Stmt {
	if s.Form != ast.DoCounted {
		l.c.diags.Error(codeHostLoopBound, s.Pos, "a loop around parallel loops must be a counted DO loop").
			WithHint("write \"do it = 1, niter\" with niter an integer dummy")
		return nil
	}
	v := l.indexVar(*s.Var)
	if v == nil {
		return nil
	}
	if l.loop.host[v] {
		l.c.diags.Error(codeLoopConstruct, s.Var.Pos, "loop index %q is already the index of an enclosing loop", s.Var.Orig)
		return nil
	}
	lp := &ir.Loop{Pos: s.Pos, Var: v, Host: &ir.Trip{Step: ir.Affine{Const: 1}}}
	var ok [3]bool
	lp.Lo, lp.Host.Lo, ok[0] = l.hostBound(s.Lo, "lower bound")
	lp.Hi, lp.Host.Hi, ok[1] = l.hostBound(s.Hi, "upper bound")
	ok[2] = true
	if s.Step != nil {
		lp.Step, lp.Host.Step, ok[2] = l.hostBound(s.Step, "step")
		if ok[2] && lp.Host.Step.IsConst() && lp.Host.Step.Const == 0 {
			l.c.diags.Error(codeHostLoopBound, s.Step.Span(), "DO loop step is zero")
			ok[2] = false
		}
	}
	if l.loop.host == nil {
		l.loop.host = map[*ir.Var]bool{}
	}
	l.loop.host[v] = true
	l.loop.trips = append(l.loop.trips, lp)
	lp.Body = l.hostBody(s.Body, v)
	l.loop.trips = l.loop.trips[:len(l.loop.trips)-1]
	delete(l.loop.host, v)
	l.assignsLoopVar(lp.Body, v)
	if !ok[0] || !ok[1] || !ok[2] {
		return nil
	}
	return []ir.Stmt{lp}
}

// hostBody lowers the body of the host loop over v. A CYCLE under an IF
// at its top level, "if (c) cycle", guards the rest of the body with
// .not. c, which a logical local set where the IF stands keeps, so that
// later statements cannot change it; an EXIT would need the host to read
// a value the device computes, and is refused.
func (l *lowerer) hostBody(body []ast.Stmt, v *ir.Var) []ir.Stmt {
	var out []ir.Stmt
	var skip ir.Expr // the rest of the body runs only when it is false
	seg := 0
	flush := func(upto int) {
		for _, st := range l.loopBody(body[seg:upto]) {
			out = append(out, guardStmt(st, skip)...)
		}
	}
	for i, st := range body {
		c, cond := cycleIf(st)
		if !c {
			if jumpsOut(st) {
				l.c.diags.Error(codeLoopConstruct, st.Span(), "\"exit\" and \"cycle\" in a loop around parallel loops are only translated as \"if (condition) cycle\" in the loop's body").
					WithHint("the host runs every trip of the loop; guard the rest of the body with an if block instead")
				flush(i)
				seg = i + 1
			}
			continue
		}
		flush(i)
		seg = i + 1
		x := l.cond(cond)
		if x == nil {
			continue
		}
		n := 1
		for _, w := range l.kernel.Locals {
			if strings.HasPrefix(w.Name, "_cycle_") {
				n++
			}
		}
		t := &ir.Var{Name: fmt.Sprintf("_cycle_%s_%d", v.Name, n), Kind: ir.Logical, Role: ir.Local, Pos: st.Span()}
		l.kernel.Locals = append(l.kernel.Locals, t)
		out = append(out, guardStmt(&ir.Assign{Pos: st.Span(), LHS: &ir.Ref{Pos: st.Span(), Var: t}, RHS: x}, skip)...)
		ref := &ir.Ref{Pos: st.Span(), Var: t}
		skip = or(skip, ref)
	}
	flush(len(body))
	return out
}

// cycleIf reports whether s is "if (cond) cycle" (a one-line IF or an IF
// block holding only CYCLE), with cond.
func cycleIf(s ast.Stmt) (bool, ast.Expr) {
	is, ok := s.(*ast.IfStmt)
	if !ok || len(is.ElseIfs) > 0 || is.HasElse || len(is.Then) != 1 {
		return false, nil
	}
	o, ok := is.Then[0].(*ast.OtherStmt)
	if !ok || o.Keyword != "cycle" || strings.TrimSpace(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(o.Text)), "cycle")) != "" {
		return false, nil
	}
	return true, is.Cond
}

// jumpsOut reports whether s is or holds, outside nests, an EXIT or a
// CYCLE of the host loop.
func jumpsOut(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.OtherStmt:
		return s.Keyword == "exit" || s.Keyword == "cycle"
	case *ast.IfStmt:
		list := append(append([]ast.Stmt(nil), s.Then...), s.Else...)
		for _, ei := range s.ElseIfs {
			list = append(list, ei.Body...)
		}
		for _, x := range list {
			if jumpsOut(x) {
				return true
			}
		}
	}
	return false
}

// guardStmt puts st under a uniform condition that skips it when true
// (nil: none): a nest gets .not. skip as its guard, a host loop guards
// its body, a scalar statement goes into an IF.
func guardStmt(st ir.Stmt, skip ir.Expr) []ir.Stmt {
	if skip == nil {
		return []ir.Stmt{st}
	}
	run := &ir.Unary{Pos: skip.Span(), Op: ir.Not, X: skip, T: ir.Type{Kind: ir.Logical}}
	switch st := st.(type) {
	case *ir.Nest:
		st.Guard = and(run, st.Guard)
		return []ir.Stmt{st}
	case *ir.Loop:
		return []ir.Stmt{guardLoop(st, run)}
	}
	return []ir.Stmt{&ir.If{Pos: st.Span(), Cond: run, Then: []ir.Stmt{st}}}
}

// or returns a .or. b; a may be nil (false).
func or(a, b ir.Expr) ir.Expr {
	if a == nil {
		return b
	}
	return &ir.Binary{Pos: b.Span(), Op: ir.Or, X: a, Y: b, T: ir.Type{Kind: ir.Logical}}
}

// hostBound lowers a bound of a host loop: an affine form over the
// kernel's integer scalar dummies (which become sizes) and the variables
// of the host loops around it.
func (l *lowerer) hostBound(e ast.Expr, what string) (ir.Expr, ir.Affine, bool) {
	x := l.intExpr(e)
	if x == nil {
		return nil, ir.Affine{}, false
	}
	a, why := l.affine(x, func(v *ir.Var) bool {
		return v.Role == ir.Dummy && v.Rank == 0 && v.Kind.IsInt() && v.Intent != ir.Out || l.loop.host[v]
	})
	if why != "" {
		l.c.diags.Error(codeHostLoopBound, e.Span(), "the %s of a DO loop around parallel loops must be affine in the kernel's integer scalar dummies: it has %s", what, why).
			WithHint("the host runs this loop; pass the trip count as an integer dummy, such as niter")
		return nil, ir.Affine{}, false
	}
	for _, t := range a.Terms {
		if t.Var.Role == ir.Dummy {
			l.loop.sizes[t.Var] = true
		}
	}
	return x, a, true
}

// assignsLoopVar reports top-level assignments to v, the variable of the
// host loop whose body is body (nests report their own).
func (l *lowerer) assignsLoopVar(body []ir.Stmt, v *ir.Var) {
	for _, s := range body {
		switch s := s.(type) {
		case *ir.Assign:
			if r, ok := s.LHS.(*ir.Ref); ok && r.Var == v {
				l.c.diags.Error(codeLoopConstruct, s.Pos, "cannot assign to loop index %q", v.Name)
			}
		case *ir.If:
			l.assignsLoopVar(s.Then, v)
			l.assignsLoopVar(s.Else, v)
		}
	}
}

// guardLoop puts a host loop under the condition of the IF around it:
// its nests get it as a guard, its scalar statements an IF (topIf).
func guardLoop(lp *ir.Loop, guard ir.Expr) *ir.Loop {
	if guard == nil {
		return lp
	}
	var body []ir.Stmt
	for _, s := range lp.Body {
		switch s := s.(type) {
		case *ir.Nest:
			s.Guard = and(guard, s.Guard)
			body = append(body, s)
		case *ir.Loop:
			body = append(body, guardLoop(s, guard))
		default:
			body = append(body, &ir.If{Pos: s.Span(), Cond: guard, Then: []ir.Stmt{s}})
		}
	}
	lp.Body = body
	return lp
}

// flattenHostLoops returns body with every host loop replaced by an
// assignment of its lower bound to its variable and its body, for
// checkScalarFlow, which reads a kernel's top level in order.
func flattenHostLoops(body []ir.Stmt) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range body {
		lp, ok := s.(*ir.Loop)
		if !ok || lp.Host == nil {
			out = append(out, s)
			continue
		}
		out = append(out, &ir.Assign{Pos: lp.Pos, LHS: &ir.Ref{Pos: lp.Pos, Var: lp.Var}, RHS: lp.Lo})
		out = append(out, flattenHostLoops(lp.Body)...)
	}
	return out
}

// checkCarried reports scalars that a host loop in body carries from one
// trip to the next: set in the loop's body and read there before the
// body sets them on every path (Note [host loops] in package ir).
func (l *lowerer) checkCarried(body []ir.Stmt) {
	for _, s := range body {
		lp, ok := s.(*ir.Loop)
		if !ok || lp.Host == nil {
			continue
		}
		set := map[*ir.Var]bool{}
		hostAssigned(lp.Body, set)
		delete(set, lp.Var) // assigning it is an error of its own
		reported := map[*ir.Var]bool{}
		l.carried(lp, lp.Body, map[*ir.Var]bool{}, set, reported)
		l.checkCarried(lp.Body)
	}
}

// carried walks the statements of host loop lp's body (or of a host loop
// inside it) in order: def holds the scalars set on every path so far,
// set those the body sets anywhere.
func (l *lowerer) carried(lp *ir.Loop, stmts []ir.Stmt, def, set, reported map[*ir.Var]bool) {
	reducing := false                  // the read is a nest's reduction folding into it
	guarded := map[*ir.Var][]ir.Expr{} // the guards under which IFs so far set each scalar
	read := func(r *ir.Ref) {
		v := r.Var
		if set[v] && !def[v] && !reported[v] && reducing {
			reported[v] = true
			l.c.diags.Error(codeHostLoopCarried, r.Pos, "the reduction into %q adds to its value from the trip before of the loop at line %d; the launches of a loop around parallel loops cannot carry scalars from trip to trip", v.Name, lp.Pos.Start.Line).
				WithHint("set %q at the start of the loop's body, such as %s = 0", v.Name, v.Name)
		}
		if set[v] && !def[v] && !reported[v] {
			reported[v] = true
			l.c.diags.Error(codeHostLoopCarried, r.Pos, "scalar %q is read before this trip of the loop at line %d sets it, so its value comes from the trip before; the launches of a loop around parallel loops cannot carry scalars from trip to trip", v.Name, lp.Pos.Start.Line).
				WithHint("compute it from the loop variable %q, or set it at the start of the loop's body", lp.Var.Name)
		}
	}
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			ir.WalkRefs(s.RHS, read)
			if r, ok := s.LHS.(*ir.Ref); ok {
				def[r.Var] = true
			}
		case *ir.If:
			ir.WalkRefs(s.Cond, read)
			l.carried(lp, s.Then, copySet(def), set, reported)
			l.carried(lp, s.Else, copySet(def), set, reported)
			// The branches of an IF between nests are lowered to one IF per
			// statement (topIf): a scalar that every branch sets is set once
			// the guards of its assignments cover every case.
			guardedDefs(s.Cond, s.Then, guarded)
			for v, gs := range guarded {
				if !def[v] && covers(gs) {
					def[v] = true
				}
			}
		case *ir.Nest:
			private := map[*ir.Var]bool{}
			for _, v := range s.Index {
				private[v] = true
			}
			ir.AssignedIn(s.Body, private)
			ir.WalkRefs(s.Guard, read)
			ir.VisitRefs(s.Body, func(r *ir.Ref) {
				if !private[r.Var] {
					read(r)
				}
			})
			for _, r := range s.Reduces {
				// The value after the nest is the value before it folded
				// with the nest's contributions.
				res := r.Reduce.Result
				reducing = true
				read(&ir.Ref{Pos: s.Pos, Var: res})
				reducing = false
				def[res] = true
			}
		case *ir.Loop:
			ir.WalkRefs(s.Lo, read)
			ir.WalkRefs(s.Hi, read)
			ir.WalkRefs(s.Step, read)
			inner := copySet(def)
			inner[s.Var] = true
			l.carried(lp, s.Body, inner, set, reported)
			def[s.Var] = true
		}
	}
}

// hostAssigned adds to set the scalars that the top-level statements of
// a host loop's body set: assignments, reductions and inner host loops'
// variables.
func hostAssigned(stmts []ir.Stmt, set map[*ir.Var]bool) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			if r, ok := s.LHS.(*ir.Ref); ok {
				set[r.Var] = true
			}
		case *ir.If:
			hostAssigned(s.Then, set)
			hostAssigned(s.Else, set)
		case *ir.Nest:
			for _, r := range s.Reduces {
				set[r.Reduce.Result] = true
			}
		case *ir.Loop:
			set[s.Var] = true
			hostAssigned(s.Body, set)
		}
	}
}

func copySet(s map[*ir.Var]bool) map[*ir.Var]bool {
	out := make(map[*ir.Var]bool, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

// guardedDefs records in out, for each scalar that stmts (under guard)
// set without a further condition or under nested IFs, the condition
// under which they set it.
func guardedDefs(guard ir.Expr, stmts []ir.Stmt, out map[*ir.Var][]ir.Expr) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			if r, ok := s.LHS.(*ir.Ref); ok && s.Mask == nil {
				out[r.Var] = append(out[r.Var], guard)
			}
		case *ir.If:
			if len(s.Else) == 0 {
				guardedDefs(and(guard, s.Cond), s.Then, out)
			}
		}
	}
}

// maxGuardAtoms bounds the truth table covers builds.
const maxGuardAtoms = 8

// covers reports whether one of the guards holds whatever the values of
// their atoms (the conditions they combine with .not., .and. and .or.,
// the same expression where topIf reused it): a truth table.
func covers(guards []ir.Expr) bool {
	var atoms []ir.Expr
	index := map[ir.Expr]int{}
	var collect func(ir.Expr)
	collect = func(e ir.Expr) {
		switch x := e.(type) {
		case *ir.Unary:
			if x.Op == ir.Not {
				collect(x.X)
				return
			}
		case *ir.Binary:
			if x.Op == ir.And || x.Op == ir.Or {
				collect(x.X)
				collect(x.Y)
				return
			}
		}
		if _, ok := index[e]; !ok {
			index[e] = len(atoms)
			atoms = append(atoms, e)
		}
	}
	for _, g := range guards {
		collect(g)
	}
	if len(atoms) > maxGuardAtoms {
		return false
	}
	var eval func(ir.Expr, int) bool
	eval = func(e ir.Expr, bits int) bool {
		switch x := e.(type) {
		case *ir.Unary:
			if x.Op == ir.Not {
				return !eval(x.X, bits)
			}
		case *ir.Binary:
			switch x.Op {
			case ir.And:
				return eval(x.X, bits) && eval(x.Y, bits)
			case ir.Or:
				return eval(x.X, bits) || eval(x.Y, bits)
			}
		}
		return bits&(1<<index[e]) != 0
	}
	for bits := 0; bits < 1<<len(atoms); bits++ {
		held := false
		for _, g := range guards {
			if eval(g, bits) {
				held = true
				break
			}
		}
		if !held {
			return false
		}
	}
	return true
}
