package codegen

import (
	"testing"

	"github.com/forocl/forocl/ir"
)

func TestExprPrinting(t *testing.T) {
	r4 := ir.Type{Kind: ir.Real4}
	v := func(name string) ir.Expr { return &ir.Ref{Var: &ir.Var{Name: name, Kind: ir.Real4}} }
	c4 := func(f float64) ir.Expr { return &ir.Const{Kind: ir.Real4, Float: f} }
	bin := func(op ir.Op, x, y ir.Expr) ir.Expr { return &ir.Binary{Op: op, X: x, Y: y, T: r4} }
	neg := func(x ir.Expr) ir.Expr { return &ir.Unary{Op: ir.Neg, X: x, T: r4} }
	i2 := &ir.Const{Kind: ir.Int, Int: 2}
	iv := func(name string) ir.Expr { return &ir.Ref{Var: &ir.Var{Name: name, Kind: ir.Int}} }
	i3 := &ir.Const{Kind: ir.Int, Int: 3}
	iT := ir.Type{Kind: ir.Int}
	toR4 := func(x ir.Expr) ir.Expr { return &ir.Convert{X: x, T: r4} }
	g := &exprGen{ref: func(v *ir.Var) string { return v.Name }}
	for _, c := range []struct {
		e    ir.Expr
		want string
	}{
		{bin(ir.Sub, v("a"), bin(ir.Sub, v("b"), v("c"))), "a - (b - c)"},
		{bin(ir.Sub, bin(ir.Sub, v("a"), v("b")), v("c")), "a - b - c"},
		{bin(ir.Mul, bin(ir.Add, v("a"), v("b")), v("c")), "(a + b) * c"},
		{bin(ir.Div, v("a"), bin(ir.Mul, v("b"), v("c"))), "a / (b * c)"},
		{neg(neg(v("x"))), "-(-x)"},
		{neg(c4(-1)), "-(-1.0f)"},
		{bin(ir.Sub, v("a"), c4(-2.5)), "a - -2.5f"},
		{neg(bin(ir.Mul, v("a"), v("b"))), "-(a * b)"},
		{bin(ir.Pow, v("x"), i2), "(x * x)"},
		{bin(ir.Pow, bin(ir.Add, v("x"), v("y")), i2), "((x + y) * (x + y))"},
		{bin(ir.Pow, v("x"), &ir.Const{Kind: ir.Int, Int: 7}), "pown(x, 7)"},
		{bin(ir.Pow, v("x"), c4(0.5)), "pow(x, 0.5f)"},
		{&ir.Convert{X: c4(0.1), T: ir.Type{Kind: ir.Real8}}, "0.10000000149011612"},
		{&ir.Convert{X: &ir.Const{Kind: ir.Int, Int: 3}, T: r4}, "3.0f"},
		{&ir.Convert{X: bin(ir.Add, v("a"), v("b")), T: ir.Type{Kind: ir.Real8}}, "(double)(a + b)"},
		{&ir.Binary{Op: ir.And, X: &ir.Binary{Op: ir.Or, X: v("p"), Y: v("q")}, Y: v("r")}, "(p || q) && r"},
		{&ir.Unary{Op: ir.Not, X: &ir.Binary{Op: ir.Lt, X: v("a"), Y: v("b")}}, "!(a < b)"},
		{&ir.Intrinsic{ID: ir.FnMax, Args: []ir.Expr{v("a"), v("b"), v("c")}, T: r4}, "fmax(fmax(a, b), c)"},
		{&ir.Intrinsic{ID: ir.FnSign, Args: []ir.Expr{v("a"), v("b")}, T: r4}, "copysign(fabs(a), b)"},
		{&ir.Intrinsic{ID: ir.FnNint, Args: []ir.Expr{v("a")}, T: ir.Type{Kind: ir.Int}}, "(int)(round(a))"},
		{&ir.Intrinsic{ID: ir.FnMerge, Args: []ir.Expr{v("a"), v("b"), v("m")}, T: r4}, "((m) ? (a) : (b))"},
		// integer intrinsics in a real context: converted as a whole
		{toR4(&ir.Intrinsic{ID: ir.FnMod, Args: []ir.Expr{iv("i"), i3}, T: iT}), "(float)((i) % (3))"},
		{toR4(&ir.Intrinsic{ID: ir.FnModulo, Args: []ir.Expr{iv("i"), i3}, T: iT}), "(float)((((i) % (3)) + (3)) % (3))"},
		{toR4(&ir.Intrinsic{ID: ir.FnDim, Args: []ir.Expr{iv("i"), i3}, T: iT}), "(float)((i) > (3) ? (i) - (3) : 0)"},
		{toR4(&ir.Unary{Op: ir.Neg, X: &ir.Intrinsic{ID: ir.FnAbs, Args: []ir.Expr{iv("i")}, T: iT}, T: iT}), "(float)-((int)abs(i))"},
		{bin(ir.Mul, c4(2), &ir.Intrinsic{ID: ir.FnModulo, Args: []ir.Expr{v("a"), v("b")}, T: r4}),
			"2.0f * ((fmod(a, b) != 0 && (fmod(a, b) < 0) != ((b) < 0)) ? fmod(a, b) + (b) : fmod(a, b))"},
		{&ir.Intrinsic{ID: ir.FnDprod, Args: []ir.Expr{v("a"), v("b")}, T: ir.Type{Kind: ir.Real8}}, "((double)(a) * (double)(b))"},
		{c4(1e30), "1e+30f"},
		{c4(3), "3.0f"},
		{&ir.Const{Kind: ir.Real8, Float: 0.1}, "0.1"},
	} {
		if got := g.expr(c.e); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

// TestIntrinsicArgsOfIndices: an integer intrinsic's arguments that
// mention a nest index of default kind (FOROCL_INDEX_T, a long in the
// 64-bit variant) are cast to their kind, so that OpenCL's min(int, long)
// is never ambiguous; arguments without one, and conversions, print as
// they are (Note [intrinsic argument types]).
func TestIntrinsicArgsOfIndices(t *testing.T) {
	iT, lT := ir.Type{Kind: ir.Int}, ir.Type{Kind: ir.Long}
	i := &ir.Var{Name: "i", Kind: ir.Int, Role: ir.Local}
	k8 := &ir.Var{Name: "k", Kind: ir.Long, Role: ir.Local} // an integer(8) index: long in both variants
	n := &ir.Var{Name: "n", Kind: ir.Int, Role: ir.Dummy}
	ref := func(v *ir.Var) ir.Expr { return &ir.Ref{Var: v} }
	c := func(x int64) ir.Expr { return &ir.Const{Kind: ir.Int, Int: x} }
	sub := func(x, y ir.Expr, t ir.Type) ir.Expr { return &ir.Binary{Op: ir.Sub, X: x, Y: y, T: t} }
	call := func(id ir.IntrinsicID, t ir.Type, a ...ir.Expr) ir.Expr { return &ir.Intrinsic{ID: id, Args: a, T: t} }
	g := &exprGen{ref: func(v *ir.Var) string { return v.Name }, wide: map[*ir.Var]bool{i: true}}
	for _, tc := range []struct {
		e    ir.Expr
		want string
	}{
		{call(ir.FnMax, iT, c(1), sub(ref(i), c(1), iT)), "max(1, (int)(i - 1))"},
		{call(ir.FnMin, iT, ref(n), ref(i), c(4)), "min(min(n, (int)i), 4)"},
		{call(ir.FnMod, iT, ref(i), c(2)), "(((int)i) % (2))"},
		{call(ir.FnAbs, iT, sub(ref(i), ref(n), iT)), "((int)abs((int)(i - n)))"},
		{call(ir.FnMax, lT, &ir.Convert{X: ref(i), T: lT}, ref(k8)), "max((long)i, k)"},
		{call(ir.FnMin, lT, ref(k8), &ir.Const{Kind: ir.Long, Int: 9}), "min(k, 9L)"},
		{call(ir.FnMax, iT, ref(n), c(1)), "max(n, 1)"},
		{call(ir.FnReal, ir.Type{Kind: ir.Real4}, ref(i)), "(float)(i)"},
	} {
		if got := g.expr(tc.e); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
