package abi

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

func rc(k Kind, f float64) Expr            { return Expr{Op: "const", Kind: k, Real: f} }
func kop(o string, k Kind, a ...Expr) Expr { return Expr{Op: o, Kind: k, Args: a} }

// Typed host evaluation (Note [host values]): each real operation is
// rounded to its kind, integers are checked against theirs.
func TestHostExprTyped(t *testing.T) {
	b := 1.1 // at run time: Go folds constant expressions exactly
	third4 := kop("/", Real4, rc(Real4, 1), rc(Real4, 3))
	third8 := kop("/", Real8, rc(Real8, 1), rc(Real8, 3))
	for _, tc := range []struct {
		x    Expr
		want float64
	}{
		{third4, float64(float32(1) / float32(3))},
		{third8, 1.0 / 3},
		{kop("sqrt", Real8, rc(Real8, 2)), math.Sqrt(2)},
		{kop("sqrt", Real4, rc(Real4, 2)), float64(float32(math.Sqrt(2)))},
		{kop("**", Real8, rc(Real8, b), c(3)), b * (b * b)},
		{kop("**", Real4, rc(Real4, 2), c(-2)), 0.25},
		{kop("mod", Real8, rc(Real8, -7.5), rc(Real8, 2)), -1.5},
		{kop("modulo", Real8, rc(Real8, -7.5), rc(Real8, 2)), 0.5},
		{kop("sign", Real8, rc(Real8, 3), rc(Real8, -1)), -3},
		{kop("conv", Real8, third4), float64(float32(1) / float32(3))},
		{kop("max", Real8, rc(Real8, 1), rc(Real8, math.NaN()), rc(Real8, 2)), 2},
	} {
		w, err := tc.x.Eval(nil)
		if got := WordReal(w); err != nil || got != tc.want {
			t.Errorf("%s = %v (%v), want %v", tc.x, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		x    Expr
		want int
	}{
		{kop("nint", Int, rc(Real8, 2.5)), 3},
		{kop("nint", Int, rc(Real8, -2.5)), -3},
		{kop("conv", Int, rc(Real8, -2.7)), -2},
		{kop("**", Int, c(-2), c(5)), -32},
		{kop("**", Int, c(2), c(-1)), 0},
		{kop("*", Int64, Expr{Op: "const", Kind: Int64, Value: 1 << 20}, Expr{Op: "const", Kind: Int64, Value: 1 << 20}), 1 << 40},
		{kop("<", Logical, rc(Real8, 1), rc(Real8, math.NaN())), 0},
	} {
		got, err := tc.x.Eval(nil)
		if err != nil || got != tc.want {
			t.Errorf("%s = %d (%v), want %d", tc.x, got, err, tc.want)
		}
	}
	for _, bad := range []Expr{
		kop("+", Int, c(math.MaxInt32), c(1)),
		kop("**", Int, c(2), c(31)),
		kop("conv", Int, rc(Real8, 3e9)),
		kop("conv", Int, rc(Real8, math.NaN())),
		kop("**", Int, c(0), c(-1)),
		kop("neg", Int, c(math.MinInt32)),
	} {
		if v, err := bad.Eval(nil); err == nil {
			t.Errorf("%s = %d, want an error", bad, v)
		}
	}
}

// NaN and infinities travel through JSON as their bits.
func TestHostConstBits(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		x := Expr{Op: "const", Kind: Real8, Bits: "0"}
		x.Bits = strings.TrimSpace(jsonUint(math.Float64bits(f)))
		b, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		var y Expr
		if err := json.Unmarshal(b, &y); err != nil {
			t.Fatal(err)
		}
		w, err := y.Eval(nil)
		got := WordReal(w)
		if err != nil || math.Float64bits(got) != math.Float64bits(f) {
			t.Errorf("%v through %s: %v (%v)", f, b, got, err)
		}
	}
}

func jsonUint(u uint64) string { b, _ := json.Marshal(u); return string(b) }

// Elements read by the host (Note [host elements]): subscripts are
// checked against the declared bounds, the offset is column-major from
// the lower bounds, a logical is 0 or 1, and a dry run knows no element.
func TestHostElements(t *testing.T) {
	k := &Kernel{Name: "k",
		Sizes: []Size{{Name: "n"}},
		Params: []Param{{Name: "n", Kind: Int, Intent: In},
			{Name: "t", Kind: Real8, Intent: In, Array: true, Shape: []Affine{{Const: 3}, {Terms: []Term{{1, "n"}}}}, Lower: []Affine{{Const: 0}, {Const: 1}}},
			{Name: "f", Kind: Logical, Intent: In, Array: true, Shape: []Affine{{Const: 2}}}},
		Launches: []*Launch{{Symbol: "a", Global: []Range{{Positions: Affine{Terms: []Term{{1, "n"}}}, Per: 1}}, Local: []int{4}}},
		Steps: []Step{
			{Launch: -1, Set: &Set{Var: "x", Kind: Real8, X: Expr{Op: "elem", Kind: Real8, Name: "t", Line: 7, Args: []Expr{nm("i"), nm("n")}}}},
			{Launch: -1, If: &If{Cond: Expr{Op: "elem", Kind: Logical, Name: "f", Line: 8, Args: []Expr{c(2)}}, Then: []Step{{Launch: 0}}}},
		},
	}
	if err := k.checkSteps(); err == nil || !strings.Contains(err.Error(), `"i"`) {
		t.Errorf("unknown subscript name: %v", err)
	}
	k.Params = append(k.Params, Param{Name: "i", Kind: Int, Intent: In})
	if err := k.checkSteps(); err != nil {
		t.Fatal(err)
	}
	var offs []int
	launched := 0
	h := Host{
		Launch: func(int, map[string]int) error { launched++; return nil },
		Elem: func(array string, kind Kind, off int) (int, error) {
			offs = append(offs, off)
			if array == "f" {
				return 5, nil // a non-zero logical
			}
			return RealWord(2.5), nil
		},
		End: func(vals map[string]int) {
			if WordReal(vals["x"]) != 2.5 {
				t.Errorf("x = %v, want 2.5", WordReal(vals["x"]))
			}
		},
	}
	if err := k.Run(map[string]int{"n": 4, "i": 2}, h); err != nil {
		t.Fatal(err)
	}
	if len(offs) != 2 || offs[0] != 2+3*3 || offs[1] != 1 || launched != 1 {
		t.Errorf("offsets %v, %d launches; want [11 1], 1", offs, launched)
	}
	err := k.Run(map[string]int{"n": 4, "i": 3}, h)
	if err == nil || !strings.Contains(err.Error(), `line 7: t(3, 4) is outside the declared bounds of "t": subscript 1 is 3, not in 0:2`) {
		t.Errorf("out-of-range subscript: %v", err)
	}
	vals, err := k.LaunchVals(map[string]int{"n": 4, "i": 99}) // a dry run reads nothing
	if err != nil || len(vals) != 1 {
		t.Errorf("dry run: %v, %v", vals, err)
	}
	if !k.ReadsElements() {
		t.Error("ReadsElements is false")
	}
}

// A dry run with Host.In (LaunchValsIn) knows the elements of intent(in)
// arrays, checked against their bounds, and no other element: a launch
// range computed from m = lim(1) (intent(in)) gets its value, one from
// an intent(out) array's element is unknown and leaves its value unset.
func TestDryRunInElements(t *testing.T) {
	k := &Kernel{Name: "k",
		Sizes: []Size{{Name: "n"}},
		Params: []Param{{Name: "n", Kind: Int, Intent: In},
			{Name: "lim", Kind: Int, Intent: In, Array: true, Shape: []Affine{{Const: 2}}},
			{Name: "w", Kind: Int, Intent: Out, Array: true, Shape: []Affine{{Const: 2}}}},
		Launches: []*Launch{{Symbol: "a", Global: []Range{{Positions: Affine{Terms: []Term{{1, "m"}}}, Per: 1}}, Local: []int{4}}},
		Steps: []Step{
			{Launch: -1, Set: &Set{Var: "m", Kind: Int, X: Expr{Op: "elem", Name: "lim", Line: 3, Args: []Expr{c(2)}}}},
			{Launch: -1, Set: &Set{Var: "q", Kind: Int, X: Expr{Op: "elem", Name: "w", Line: 4, Args: []Expr{c(1)}}}},
			{Launch: 0},
		},
	}
	if err := k.checkSteps(); err != nil {
		t.Fatal(err)
	}
	var read []string
	in := func(array string, _ Kind, off int) (int, error) {
		read = append(read, fmt.Sprint(array, off))
		return 6, nil
	}
	vals, err := k.LaunchValsIn(map[string]int{"n": 4}, in)
	if err != nil || vals[0]["m"] != 6 || strings.Join(read, " ") != "lim1" {
		t.Errorf("dry run: m = %d, read %v, %v; want 6, [lim1]", vals[0]["m"], read, err)
	}
	if vals[0]["q"] != 0 {
		t.Errorf("q = %d from an intent(out) element in a dry run, want its start value 0 (the element is not read)", vals[0]["q"])
	}
	if vals, _ := k.LaunchVals(map[string]int{"n": 4}); vals[0]["m"] != 0 {
		t.Errorf("LaunchVals knows m = %d, want no element read", vals[0]["m"])
	}
	k.Steps[0].Set.X.Args[0] = c(3)
	if _, err := k.LaunchValsIn(map[string]int{"n": 4}, in); err == nil || !strings.Contains(err.Error(), "outside the declared bounds") {
		t.Errorf("lim(3) in a dry run: %v", err)
	}
}
