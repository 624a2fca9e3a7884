package depend_test

import (
	"testing"

	"github.com/forocl/forocl/depend"
	"github.com/forocl/forocl/ir"
)

// TestVariableStep: a loop with a variable step runs over k = 0..trips-1
// with i = 1 + k*st (Note [variable steps] in package sema); b(i) = 0 is
// one-to-one only because st is not 0, whatever its sign, which the host
// checks (Nest.NonZero). Without that fact the proof fails; b(i) and
// b(i+1) written by one iteration still overlap the next iteration's
// when |st| may be 1.
func TestVariableStep(t *testing.T) {
	k, i, st, trips := local("k", ir.Int), local("i", ir.Int), local("_step_i", ir.Int), local("_trips_i", ir.Int)
	b := array("b", 1)
	build := func(second bool) *depend.Nest {
		w := computed(3, b, ref(i))
		w.Access = []ir.Affine{aff(i, 0)}
		body := []ir.Stmt{assign(ref(i), add(num(1), mul(ref(k), ref(st)))), assign(w, &ir.Const{Kind: ir.Real8})}
		writes := []*ir.Elem{w}
		if second {
			w2 := elem(4, b, []*ir.Var{i}, 1)
			body = append(body, assign(w2, &ir.Const{Kind: ir.Real8}))
			writes = append(writes, w2)
		}
		n := nest([]*ir.Var{k}, []ir.Affine{{}}, []ir.Affine{aff(trips, -1)}, body...)
		return &depend.Nest{N: n, Writes: writes}
	}
	in := build(false)
	if c := depend.InPlace(in); c == nil {
		t.Errorf("without NonZero: InPlace = nil, want a conflict (st may be 0)")
	}
	in.NonZero = []*ir.Var{st}
	if c := depend.InPlace(in); c != nil {
		t.Errorf("with NonZero: InPlace = %+v, want nil", *c)
	}
	in = build(true)
	in.NonZero = []*ir.Var{st}
	if c := depend.InPlace(in); c == nil {
		t.Errorf("b(i) and b(i+1): InPlace = nil, want a conflict (|st| may be 1)")
	}
}
