package sema

import (
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
	if s.Var == nil {
		return nil // a DO statement the parser could not read, and reported
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
// at its top level, "if (c) cycle", puts the rest of the body under an
// IF of .not. c, which the host evaluates where the CYCLE stands; an
// EXIT would need the host to leave the loop, and is refused.
func (l *lowerer) hostBody(body []ast.Stmt, v *ir.Var) []ir.Stmt {
	for i, st := range body {
		c, cond := cycleIf(st)
		if !c {
			if jumpsOut(st) {
				l.c.diags.Error(codeLoopConstruct, st.Span(), "\"exit\" and \"cycle\" in a loop around parallel loops are only translated as \"if (condition) cycle\" in the loop's body").
					WithHint("the host runs every trip of the loop; guard the rest of the body with an if block instead")
				return append(l.loopBody(body[:i]), l.hostBody(body[i+1:], v)...)
			}
			continue
		}
		out := l.loopBody(body[:i])
		x := l.cond(cond)
		rest := l.hostBody(body[i+1:], v)
		if x == nil {
			return out
		}
		run := &ir.Unary{Pos: x.Span(), Op: ir.Not, X: x, T: ir.Type{Kind: ir.Logical}}
		return append(out, &ir.If{Pos: st.Span(), Cond: run, Then: rest})
	}
	return l.loopBody(body)
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

// hostBound lowers a bound of a host loop: an affine form over the
// kernel's integer scalar dummies (which become sizes) and the variables
// of the host loops around it.
func (l *lowerer) hostBound(e ast.Expr, what string) (ir.Expr, ir.Affine, bool) {
	x := l.intExpr(e)
	if x == nil {
		return nil, ir.Affine{}, false
	}
	a, why := l.affine(x, func(v *ir.Var) bool {
		return v.Role == ir.Dummy && v.Rank == 0 && v.Kind.IsInt() && !v.Result() || l.loop.host[v]
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

// flattenHostLoops returns body with every host loop replaced by an
// assignment of its lower bound to its variable and its body, and every
// IF by its condition (an IF with no branches) and its branches in turn,
// for checkScalarFlow, checkPrivateFlow and checkBounds, which read a
// kernel's top level in order.
func flattenHostLoops(body []ir.Stmt) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range body {
		switch s := s.(type) {
		case *ir.Loop:
			if s.Host == nil {
				out = append(out, s)
				continue
			}
			out = append(out, &ir.Assign{Pos: s.Pos, LHS: &ir.Ref{Pos: s.Pos, Var: s.Var}, RHS: s.Lo})
			out = append(out, flattenHostLoops(s.Body)...)
		case *ir.If:
			out = append(out, &ir.If{Pos: s.Pos, Cond: s.Cond})
			out = append(out, flattenHostLoops(s.Then)...)
			out = append(out, flattenHostLoops(s.Else)...)
		default:
			out = append(out, s)
		}
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
	reducing := false // the read is a nest's reduction folding into it
	read := func(r *ir.Ref) {
		v := r.Var
		if set[v] && !def[v] && !reported[v] && reducing {
			reported[v] = true
			l.c.diags.Error(codeHostLoopCarried, r.Pos, "the reduction into %q adds to its value from the trip before of the loop at line %d; the launches of a loop around parallel loops cannot carry scalars from trip to trip", v.Name, lp.Pos.Start.Line).
				WithHint("set %q at the start of the loop's body, such as %s = 0", v.Name, v.Name)
		}
		if set[v] && !def[v] && !reported[v] {
			reported[v] = true
			if l.returnInHostLoop(lp, v) {
				return
			}
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
			a, b := copySet(def), copySet(def)
			l.carried(lp, s.Then, a, set, reported)
			l.carried(lp, s.Else, b, set, reported)
			for v := range a {
				if b[v] {
					def[v] = true // set on both branches
				}
			}
		case *ir.Nest:
			private := map[*ir.Var]bool{}
			for _, v := range s.Index {
				private[v] = true
			}
			ir.AssignedIn(s.Body, private)
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
