package sema

import "github.com/forocl/forocl/ir"

// Note [written before read]
//
// An array dummy without a declared intent that a loop kernel reads and
// writes is intent(inout): its reads may see the values it came in with,
// so forocl run needs them (--in) and the host sends them. A temporary
// that each iteration writes before it reads it (t(i) = a(i)*2; b(i) =
// t(i) + 1) never shows those values: it is intent(out), as an array the
// kernel only writes is. outOnly decides this on the lowered body: an
// array qualifies when every read of it lies in a nest and is dominated
// by a write of the same element (same subscripts, textually) in the same
// iteration: earlier on every path through the nest's body, with no
// assignment in between to a variable the subscripts use. A write under
// an IF counts after the IF only when both branches make it; a write in a
// sequential DO only inside the DO's body (the DO may run no trips); a
// masked or whole-array write, and a subscript that reads an array, never
// count. Any read outside a nest (a host statement, a loop bound) keeps
// the array inout, and so does a statement outOnly does not know.

// outOnly returns the arrays of body whose every read is dominated by a
// write of the same element in the same iteration (Note [written before
// read]), and false when body holds a statement it does not know.
func outOnly(body []ir.Stmt) (notOut map[*ir.Var]bool, ok bool) {
	d := &domWalk{bad: map[*ir.Var]bool{}, ok: true}
	d.top(body)
	return d.bad, d.ok
}

// domWalk is outOnly's walk: bad collects the arrays with a read that no
// write dominates.
type domWalk struct {
	bad map[*ir.Var]bool
	ok  bool
}

// top walks statements outside nests: every array they read is bad.
func (d *domWalk) top(stmts []ir.Stmt) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Nest:
			d.body(s.Body, nil)
		case *ir.Loop:
			d.reads(nil, s.Lo, s.Hi, s.Step)
			d.top(s.Body)
		case *ir.If:
			d.reads(nil, s.Cond)
			d.top(s.Then)
			d.top(s.Else)
		default:
			d.body([]ir.Stmt{s}, nil)
		}
	}
}

// body walks the statements of a nest's iteration, w being the elements
// written on every path so far; it returns those written after stmts.
func (d *domWalk) body(stmts []ir.Stmt, w []*ir.Elem) []*ir.Elem {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			d.reads(w, s.RHS, s.Mask)
			switch lhs := s.LHS.(type) {
			case *ir.Ref:
				d.reads(w, lhs)
				w = invalidate(w, map[*ir.Var]bool{lhs.Var: true})
			case *ir.Elem:
				for _, x := range lhs.Index {
					d.reads(w, x)
				}
				if s.Mask == nil && plainIndex(lhs) {
					w = append(w[:len(w):len(w)], lhs)
				}
			default:
				d.reads(w, s.LHS)
			}
		case *ir.If:
			d.reads(w, s.Cond)
			then := d.body(s.Then, w)
			els := d.body(s.Else, w)
			w = common(then, els)
		case *ir.Loop:
			d.reads(w, s.Lo, s.Hi, s.Step)
			changed := map[*ir.Var]bool{s.Var: true}
			ir.AssignedIn(s.Body, changed)
			w = invalidate(w, changed)
			d.body(s.Body, w)
		case *ir.Return:
		case *ir.Print:
			for _, it := range s.Items {
				d.reads(w, it.X)
			}
		default:
			d.ok = false
		}
	}
	return w
}

// reads marks bad the arrays that xs read outside the elements of w.
func (d *domWalk) reads(w []*ir.Elem, xs ...ir.Expr) {
	for _, x := range xs {
		ir.Walk(x, func(e ir.Expr) {
			switch e := e.(type) {
			case *ir.Elem:
				if !dominated(w, e) {
					d.bad[e.Var] = true
				}
			case *ir.Window:
				d.bad[e.Var] = true
			case *ir.Ref:
				if e.Var.Rank > 0 {
					d.bad[e.Var] = true
				}
			}
		})
	}
}

// plainIndex reports that e's subscripts read no array, so that only
// scalar assignments can change the element they name.
func plainIndex(e *ir.Elem) bool {
	plain := true
	for _, x := range e.Index {
		ir.Walk(x, func(y ir.Expr) {
			switch y := y.(type) {
			case *ir.Elem, *ir.Window, *ir.Call:
				plain = false
			case *ir.Ref:
				plain = plain && y.Var.Rank == 0
			}
		})
	}
	return plain
}

func dominated(w []*ir.Elem, e *ir.Elem) bool {
	for _, x := range w {
		if sameElem(x, e) {
			return true
		}
	}
	return false
}

// common returns the elements of a that b holds too.
func common(a, b []*ir.Elem) []*ir.Elem {
	var out []*ir.Elem
	for _, x := range a {
		if dominated(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// invalidate drops the elements whose subscripts use a variable of vars.
func invalidate(w []*ir.Elem, vars map[*ir.Var]bool) []*ir.Elem {
	var out []*ir.Elem
	for _, x := range w {
		uses := false
		ir.WalkRefs(x, func(r *ir.Ref) { uses = uses || vars[r.Var] })
		if !uses {
			out = append(out, x)
		}
	}
	return out
}

func sameElem(a, b *ir.Elem) bool {
	if a.Var != b.Var || len(a.Index) != len(b.Index) {
		return false
	}
	for i := range a.Index {
		if !sameExpr(a.Index[i], b.Index[i]) {
			return false
		}
	}
	return true
}

// sameExpr reports that a and b are the same expression of scalars: same
// operators, constants and variables.
func sameExpr(a, b ir.Expr) bool {
	switch a := a.(type) {
	case *ir.Ref:
		b, ok := b.(*ir.Ref)
		return ok && a.Var == b.Var && a.Elem == b.Elem
	case *ir.Const:
		b, ok := b.(*ir.Const)
		return ok && a.Kind == b.Kind && a.Int == b.Int && a.Float == b.Float && a.Bool == b.Bool
	case *ir.Unary:
		b, ok := b.(*ir.Unary)
		return ok && a.Op == b.Op && a.T == b.T && sameExpr(a.X, b.X)
	case *ir.Binary:
		b, ok := b.(*ir.Binary)
		return ok && a.Op == b.Op && a.T == b.T && sameExpr(a.X, b.X) && sameExpr(a.Y, b.Y)
	case *ir.Convert:
		b, ok := b.(*ir.Convert)
		return ok && a.T == b.T && sameExpr(a.X, b.X)
	case *ir.Intrinsic:
		b, ok := b.(*ir.Intrinsic)
		if !ok || a.ID != b.ID || a.T != b.T || len(a.Args) != len(b.Args) {
			return false
		}
		for i := range a.Args {
			if !sameExpr(a.Args[i], b.Args[i]) {
				return false
			}
		}
		return true
	}
	return false
}
