package depend

import "github.com/forocl/forocl/ir"

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

// Dependence is one dependence of Note [do concurrent dependences]:
// Write and Other access one array. Along, when not nil, is the parallel
// index along which iterations Dist apart touch the same element (a
// recurrence; OtherWrites when Other is a second write); when nil, Other
// reads what Write writes through the same computed subscript (a
// histogram).
type Dependence struct {
	Write, Other *ir.Elem
	OtherWrites  bool
	Along        *ir.Var
	Dist         int64
}

// Concurrent returns the dependences of Note [do concurrent dependences]
// in the DO CONCURRENT nest in.N, at most one per array, from in.Writes
// (the shared ones: private arrays and tables are the caller's to leave
// out) and in.Reads.
func Concurrent(in *Nest) []Dependence {
	n := in.N
	var out []Dependence
	reported := map[*ir.Var]bool{}
	for wi, w := range in.Writes {
		if reported[w.Var] {
			continue
		}
		// other writes first (two iterations write one element), then reads
		others := append(append([]*ir.Elem(nil), in.Writes[wi+1:]...), in.Reads...)
		for k, o := range others {
			if o.Var != w.Var || reported[w.Var] {
				continue
			}
			isWrite := k < len(in.Writes)-wi-1
			if p, dist, ok := carried(w, o, n); ok {
				reported[w.Var] = true
				out = append(out, Dependence{Write: w, Other: o, OtherWrites: isWrite, Along: p, Dist: dist})
				continue
			}
			if !isWrite && sameComputed(w, o) && !injective(w, n.Index) && !in.tableInjective(w) {
				reported[w.Var] = true
				out = append(out, Dependence{Write: w, Other: o})
			}
		}
	}
	return out
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
