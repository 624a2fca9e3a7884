package ir

import "github.com/forocl/forocl/diag"

// Note [small arrays]
//
// Besides its dummies, a loop kernel may subscript two kinds of small
// arrays inside its nests, both with constant bounds:
//
//   - a named constant array, `real(8), parameter :: w(-2:2) = [...]`,
//     of the kernel or of its module: a Table (Kernel.Tables), whose
//     values sema folds (Var.Data) and codegen emits as a __constant array
//     in every OpenCL kernel of the loop kernel;
//   - a local array with constant bounds, `real :: tmp(5)`: a Local of
//     rank > 0, private to each work-item (an OpenCL private array), which
//     every iteration starts afresh, as it does its scalar locals.
//
// Neither is shared between iterations, so their subscripts may be any
// integer expression and never enter the in-place check. A subscript of a
// dummy that is not affine (a gather a(idx(i)), a computed index) has the
// access Computed: an affine form over a variable of its own, so that it
// equals no other access, no parallel index owns it and it has no known
// span; the checks of Note [loop kernels] then treat it as touching any
// element of its dimension. Sema accepts it in reads, and in writes of a
// parallel nest only inside DO CONCURRENT, whose semantics promise that
// iterations write different elements; elsewhere such a nest runs
// serially (Note [dependence analysis] in package sema).

// Computed returns the access of a subscript at at that is not affine in
// the loop indices (see Note [small arrays]).
func Computed(at diag.Span) Affine {
	v := &Var{Name: "?", Kind: Int, Role: Local, Pos: at}
	return Affine{Terms: []Term{{Coef: 1, Var: v}}}
}

// IsComputed reports whether a is an access made by Computed.
func (a Affine) IsComputed() bool {
	return len(a.Terms) == 1 && a.Terms[0].Var.Name == "?" && a.Const == 0
}

// Elements returns the number of elements of an array with constant
// bounds, and false when a bound is not constant.
func (v *Var) Elements() (int64, bool) {
	n := int64(1)
	for _, b := range v.Bounds {
		e := b.Extent()
		if !e.IsConst() {
			return 0, false
		}
		if e.Const <= 0 {
			return 0, true
		}
		n *= e.Const
	}
	return n, true
}
