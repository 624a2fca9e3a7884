package sema

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ir"
)

// Note [do concurrent dependences]
//
// DO CONCURRENT promises that no iteration reads or writes an element
// another iteration writes (Fortran 2018, 11.1.7.5), and forocl trusts the
// promise: it runs the iterations in parallel without the in-place check
// that directive nests get. Where the promise is provably broken, or
// almost surely so, it warns (issue 20):
//
//   - a recurrence: a write and another access of the same array whose
//     subscripts differ by constants, with the difference along a parallel
//     index (a(i) = a(i-1) + 1): iteration i touches what iteration i-1
//     writes, for every size with at least two iterations apart by that
//     distance;
//   - a histogram: an array read and written through the same computed
//     subscript (h(idx(i)) = h(idx(i)) + 1) that no other dimension gives
//     each iteration its own: iterations with equal subscripts update one
//     element at once, and updates are lost.
//
// Only subscripts of the form c*p + (dummies) + constant, one parallel
// index p per dimension, are compared; anything else (a sequential loop
// variable, two indices in one subscript) is skipped, so the warning is
// never a false alarm for the first kind.

// concurrentDeps reports the dependences of Note [do concurrent
// dependences] in the DO CONCURRENT nest n, once per array, from the
// accesses lowerNest collected.
func (l *lowerer) concurrentDeps(n *ir.Nest) {
	reported := map[*ir.Var]bool{}
	shared := func(e *ir.Elem) bool { return !isPrivate(e.Var) && e.Var.Role != ir.Table }
	for wi, w := range l.loop.writes {
		if !shared(w) || reported[w.Var] {
			continue
		}
		// other writes first (two iterations write one element), then reads
		others := append(append([]*ir.Elem(nil), l.loop.writes[wi+1:]...), l.loop.reads...)
		for k, o := range others {
			if o.Var != w.Var || reported[w.Var] {
				continue
			}
			isWrite := k < len(l.loop.writes)-wi-1
			if p, dist, ok := carried(w, o, n); ok {
				reported[w.Var] = true
				verb := "read"
				if isWrite {
					verb = "written"
				}
				l.c.diags.Warn(codeConcurrentCarried, o.Pos, "%q is written as %s at %s and %s as %s here: iterations %d apart along %q touch the same element, a dependence that Fortran forbids in DO CONCURRENT; forocl runs its iterations in parallel, in no order, so the result is undefined",
					w.Var.Name, elemText(w), pos(w.Pos), verb, elemText(o), dist, p.Name).
					WithNote(w.Pos, "written here").
					WithHint("a recurrence must run in order: write it as a plain DO loop (forocl runs it serially), or read one array and write another (double buffering)")
				continue
			}
			if !isWrite && sameComputed(w, o) && !injective(w, n.Index) && !l.tableInjective(w, n.Index) {
				reported[w.Var] = true
				l.c.diags.Warn(codeConcurrentUpdate, o.Pos, "%q is read and written through the computed subscript %s: iterations whose subscripts are equal update the same element at once, and updates are lost (a histogram); DO CONCURRENT promises that they never are",
					w.Var.Name, elemText(w)).
					WithNote(w.Pos, "written here").
					WithHint("if the subscripts can repeat, accumulate in a plain DO loop (forocl runs it serially) instead of DO CONCURRENT; if they never repeat, the result is right")
			}
		}
	}
}

// carried reports whether the accesses w and o of one array, whose
// subscripts differ by constants, touch the same element in two
// iterations of n: it returns the parallel index along which they are
// apart and by how much.
func carried(w, o *ir.Elem, n *ir.Nest) (*ir.Var, int64, bool) {
	if len(w.Access) != len(o.Access) {
		return nil, 0, false
	}
	delta := map[*ir.Var]int64{} // o's iteration minus w's, per index
	for d := range w.Access {
		a, b := w.Access[d], o.Access[d]
		diff := b.Add(a.Scale(-1))
		if !diff.IsConst() {
			return nil, 0, false // different forms (or computed): not compared
		}
		var idx *ir.Var
		var coef int64
		for _, t := range a.Terms {
			switch {
			case indexOf(n, t.Var) >= 0 && idx == nil:
				idx, coef = t.Var, t.Coef
			case t.Var.Role == ir.Dummy && !a.IsComputed():
			default:
				return nil, 0, false // two indices, a sequential variable, a computed subscript
			}
		}
		switch {
		case idx == nil && diff.Const != 0:
			return nil, 0, false // apart in a dimension no index moves: never the same element
		case idx == nil:
		case diff.Const%coef != 0:
			return nil, 0, false // c*p' = c*p + k has no solution
		default:
			// o at iteration p touches a(c*p + u + k), which w writes at
			// p + k/c; the iterations are k/c apart.
			step := diff.Const / coef
			if prev, ok := delta[idx]; ok && prev != step {
				return nil, 0, false
			}
			delta[idx] = step
		}
	}
	for _, p := range n.Index {
		dist := delta[p]
		if dist == 0 {
			continue
		}
		if dist < 0 {
			dist = -dist
		}
		i := indexOf(n, p)
		if ext := n.Hi[i].Add(n.Lo[i].Scale(-1)); ext.IsConst() && ext.Const < dist {
			continue // no two iterations are that far apart
		}
		return p, dist, true
	}
	return nil, 0, false
}

// sameComputed reports whether w and o are the same element reached
// through a computed subscript (h(idx(i)) twice).
func sameComputed(w, o *ir.Elem) bool {
	computed := false
	for d := range w.Access {
		if w.Access[d].IsComputed() {
			computed = true
		}
		if ir.ExprString(w.Index[d]) != ir.ExprString(o.Index[d]) {
			return false
		}
	}
	return computed
}

// indexOf returns the position of v among n's parallel indices, or -1.
func indexOf(n *ir.Nest, v *ir.Var) int {
	for i, x := range n.Index {
		if x == v {
			return i
		}
	}
	return -1
}

// elemText spells an element for a message: affine subscripts in their
// affine form (a(i - 1)), others as written.
func elemText(e *ir.Elem) string {
	parts := make([]string, len(e.Index))
	for d := range e.Index {
		if d < len(e.Access) && !e.Access[d].IsComputed() {
			parts[d] = e.Access[d].String()
		} else {
			parts[d] = ir.ExprString(e.Index[d])
		}
	}
	return fmt.Sprintf("%s(%s)", e.Var.Name, strings.Join(parts, ", "))
}
