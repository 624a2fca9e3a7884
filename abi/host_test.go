package abi

import (
	"encoding/json"
	"strings"
	"testing"
)

func c(v int) Expr                { return Expr{Op: "const", Value: v} }
func nm(n string) Expr            { return Expr{Op: "name", Name: n} }
func op(o string, a ...Expr) Expr { return Expr{Op: o, Args: a} }

// Fortran integer semantics: division truncates toward zero, MOD takes
// the dividend's sign, logicals are 0/1, errors instead of wrap-around.
func TestHostExprEval(t *testing.T) {
	vals := map[string]int{"n": -7, "f": 2}
	for _, tc := range []struct {
		x    Expr
		want int
	}{
		{op("/", nm("n"), c(2)), -3},
		{op("/", c(7), c(-2)), -3},
		{op("mod", nm("n"), c(3)), -1},
		{op("mod", c(7), c(-3)), 1},
		{op("min", c(3), nm("n"), c(0)), -7},
		{op("max", c(3), nm("n"), c(9)), 9},
		{op("abs", nm("n")), 7},
		{op("neg", nm("n")), 7},
		{op("and", op("==", nm("f"), c(2)), op("not", op(">", nm("n"), c(0)))), 1},
		{op("or", op("/=", nm("f"), c(2)), op(">=", nm("n"), c(0))), 0},
		{op("+", op("*", c(3), nm("f")), op("-", c(1), c(4))), 3},
	} {
		got, err := tc.x.Eval(vals)
		if err != nil || got != tc.want {
			t.Errorf("%s = %d (%v), want %d", tc.x, got, err, tc.want)
		}
	}
	for _, bad := range []Expr{op("/", c(1), c(0)), op("mod", c(1), c(0)), nm("zz"), op("*", c(1<<20), c(1<<20)), op("+", c(1))} {
		if v, err := bad.Eval(vals); err == nil {
			t.Errorf("%s = %d, want an error", bad, v)
		}
	}
}

// An unpack-style program: x_inc set in an IF chain on field_type, then a
// launch whose positions name it; LaunchVals gives its value per launch,
// and the JSON form round-trips and is checked.
func TestHostProgram(t *testing.T) {
	k := &Kernel{Name: "unpack",
		Sizes:  []Size{{Name: "n"}},
		Params: []Param{{Name: "n", Kind: Int, Intent: In}, {Name: "field_type", Kind: Int, Intent: In}},
		Launches: []*Launch{
			{Symbol: "a", Args: []Arg{{Kind: HostArg, Name: "x_inc"}}, Global: []Range{{Positions: Affine{Const: 1, Terms: []Term{{1, "n"}, {1, "x_inc"}}}, Per: 1}}, Local: []int{4}},
			{Symbol: "b", Global: []Range{{Positions: Affine{Terms: []Term{{1, "n"}}}, Per: 1}}, Local: []int{4}},
		},
		Steps: []Step{
			{Launch: -1, Set: &Set{Var: "x_inc", Kind: Int, X: c(0)}},
			{Launch: -1, If: &If{Cond: op("==", nm("field_type"), c(3)),
				Then: []Step{{Launch: -1, Set: &Set{Var: "x_inc", Kind: Int, X: c(1)}}},
				Else: []Step{{Launch: -1, Set: &Set{Var: "x_inc", Kind: Int, X: op("-", c(0), c(1))}}}}},
			{Launch: 0},
			{Launch: -1, Set: &Set{Var: "x_inc", Kind: Int, X: c(5)}},
			{Launch: 1},
		},
	}
	for ft, want := range map[int]int{3: 1, 4: -1} {
		vals, err := k.LaunchVals(map[string]int{"n": 10, "field_type": ft})
		if err != nil {
			t.Fatal(err)
		}
		if vals[0]["x_inc"] != want || vals[1]["x_inc"] != 5 {
			t.Errorf("field_type %d: x_inc at the launches %d, %d; want %d, 5", ft, vals[0]["x_inc"], vals[1]["x_inc"], want)
		}
		g, _, err := k.Launches[0].NDRange(vals[0])
		if err != nil || g[0] != (11+want+3)/4*4 {
			t.Errorf("field_type %d: NDRange %v (%v)", ft, g, err)
		}
	}
	b, err := Marshal(&Unit{Format: FormatHost, Kernels: []*Kernel{k}})
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(u.Kernels[0].Steps)
	b1, _ := json.Marshal(k.Steps)
	if string(b1) != string(b2) {
		t.Errorf("steps changed in JSON:\n%s\n%s", b1, b2)
	}
	k.Steps[2].Launch = 1
	if err := k.CheckLoops(); err == nil || !strings.Contains(err.Error(), "launch 1 where launch 0") {
		t.Errorf("out-of-order launch: %v", err)
	}
	k.Steps[2].Launch = 0
	k.Steps[0].Set.X = nm("nope")
	if err := k.CheckLoops(); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown name: %v", err)
	}
}
