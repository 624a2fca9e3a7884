package abi

import (
	"fmt"
	"strings"
	"testing"
)

func TestAffine(t *testing.T) {
	for _, c := range []struct {
		a    Affine
		want string
		val  int
	}{
		{SizeMinus("n1", 0), "n1", 10},
		{SizeMinus("n1", 2), "n1 - 2", 8},
		{Affine{Const: 5, Terms: []Term{{1, "x_max"}, {-1, "x_min"}}}, "x_max - x_min + 5", 10 - 3 + 5},
		{Affine{Const: -1, Terms: []Term{{-2, "n1"}}}, "-2*n1 - 1", -21},
		{Affine{Const: 7}, "7", 7},
	} {
		if got := c.a.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
		v, err := c.a.Eval(map[string]int{"n1": 10, "x_max": 10, "x_min": 3})
		if err != nil || v != c.val {
			t.Errorf("%s: Eval = %d, %v; want %d", c.want, v, err, c.val)
		}
	}
	if _, err := SizeMinus("n9", 0).Eval(map[string]int{}); err == nil || !strings.Contains(err.Error(), `"n9"`) {
		t.Errorf("unknown size: %v", err)
	}
}

func grid(name string, rank int) *Kernel {
	k := &Kernel{Name: name, Rank: rank}
	var shape []Affine
	for d := 0; d < rank; d++ {
		n := string(rune('1' + d))
		k.Sizes = append(k.Sizes, Size{Name: "n" + n})
		shape = append(shape, SizeMinus("n"+n, 0))
	}
	k.Params = []Param{
		{Name: "c", Kind: Real4, Intent: In},
		{Name: "A", Kind: Real4, Intent: In, Array: true, Shape: shape},
		{Name: "oA", Kind: Real4, Intent: Out, Array: true, Shape: shape},
	}
	return k
}

func TestBind(t *testing.T) {
	k := grid("step", 2)
	sizes, err := k.Bind(map[string][]int{"A": {7, 5}})
	if err != nil || sizes["n1"] != 7 || sizes["n2"] != 5 {
		t.Fatalf("Bind = %v, %v", sizes, err)
	}
	for _, c := range []struct {
		shapes map[string][]int
		want   string
	}{
		{map[string][]int{"A": {7, 5}, "oA": {7, 6}}, `array "oA" has shape (7, 6) but kernel "step" declares it (7, 5) with n1=7, n2=5: n2=5 comes from the shape (7, 5) of array "A"; "A" or "oA" has the wrong shape`},
		{map[string][]int{"A": {7}}, `array "A" has shape (7) but kernel "step" takes a 2-D array`},
		{map[string][]int{}, `kernel "step": no array given, so size "n1" (an extent of the arrays) is unknown`},
	} {
		if _, err := k.Bind(c.shapes); err == nil || err.Error() != c.want {
			t.Errorf("Bind(%v) = %v, want %q", c.shapes, err, c.want)
		}
	}
	if names := Names(k.Outputs()); len(names) != 1 || names[0] != "oA" {
		t.Errorf("Outputs = %v", names)
	}
	if p := k.Param("OA"); p == nil || p.Name != "oA" {
		t.Errorf("Param is not case-insensitive: %v", p)
	}
	// Sequence association (an elemental kernel's dummies x(n), y(n)):
	// any rank, as many elements.
	e := &Kernel{Name: "f", Rank: 1, Sizes: []Size{{Name: "n"}}, Params: []Param{
		{Name: "x", Kind: Real8, Intent: In, Array: true, Shape: []Affine{SizeMinus("n", 0)}, Sequence: true},
		{Name: "y", Kind: Real8, Intent: Out, Array: true, Shape: []Affine{SizeMinus("n", 0)}, Sequence: true},
	}}
	if sizes, err := e.Bind(map[string][]int{"x": {2, 3, 4}}); err != nil || sizes["n"] != 24 {
		t.Errorf("sequence Bind = %v, %v", sizes, err)
	}
	if sizes, err := e.Bind(map[string][]int{"x": {2, 3, 4}, "y": {4, 6}}); err != nil || sizes["n"] != 24 {
		t.Errorf("sequence Bind of two shapes with 24 elements = %v, %v", sizes, err)
	}
	want := `array "y" has shape (5, 5), 25 elements, but kernel "f" takes 24 elements (n=24): n=24 comes from the shape (2, 3, 4) of array "x"; "x" or "y" has the wrong shape`
	if _, err := e.Bind(map[string][]int{"x": {2, 3, 4}, "y": {5, 5}}); err == nil || err.Error() != want {
		t.Errorf("sequence arrays of 24 and 25 elements: %v, want %q", err, want)
	}
	e.Params[1].Sequence = false // an explicit-shape y(n) without it takes rank 1 only
	if _, err := e.Bind(map[string][]int{"x": {2, 3, 4}, "y": {4, 6}}); err == nil {
		t.Error("a 2-D array was bound to a 1-D dummy that is not sequence-associated")
	}
}

// TestUnmarshalSequence: a unit whose sequence-associated parameter is
// not an array of rank 1 is refused.
func TestUnmarshalSequence(t *testing.T) {
	k := grid("k", 2)
	k.Params[0].Sequence = true
	b, err := Marshal(&Unit{Format: FormatVersion, Kernels: []*Kernel{k}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Unmarshal(b); err == nil || !strings.Contains(err.Error(), "sequence-associated but not an array of rank 1") {
		t.Errorf("Unmarshal = %v", err)
	}
}

func TestNDRange(t *testing.T) {
	l := &Launch{Global: []Range{{Positions: SizeMinus("n1", 2), Per: 1}, {Positions: SizeMinus("n2", 2), Per: 4}}, Local: []int{32, 8}}
	g, loc, err := l.NDRange(map[string]int{"n1": 37, "n2": 23})
	// 35 positions -> 64; 21 positions by 4 -> 6 work-items -> 8.
	if err != nil || g[0] != 64 || g[1] != 8 || loc[0] != 32 || loc[1] != 8 {
		t.Errorf("NDRange = %v %v %v", g, loc, err)
	}
	_, _, err = l.NDRange(map[string]int{"n1": 2, "n2": 23})
	if err == nil || err.Error() != "grid extent 2 in dimension 1 leaves no interior (the halos take 2)" {
		t.Errorf("no interior: %v", err)
	}
}

func TestUnmarshalRefusesOtherFormats(t *testing.T) {
	b, err := Marshal(&Unit{Format: FormatVersion, Kernels: []*Kernel{grid("k", 1)}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Unmarshal(b); err != nil {
		t.Fatal(err)
	}
	next := fmt.Sprint(FormatNewest + 1)
	other := strings.Replace(string(b), `"format": 1`, `"format": `+next, 1)
	if _, err := Unmarshal([]byte(other)); err == nil || !strings.Contains(err.Error(), "format version "+next) {
		t.Errorf("format %s accepted: %v", next, err)
	}
	if _, err := Unmarshal([]byte("{")); err == nil {
		t.Error("bad JSON accepted")
	}
}

// TestReductionsJSON: a kernel's reductions and their windows survive the
// JSON round trip; a kernel without them writes no "reductions" key (as
// units written before the field), and reads back without them.
func TestReductionsJSON(t *testing.T) {
	k := grid("k", 2)
	k.Reductions = []Reduction{{Name: "dot_product", Op: "sum", Where: "a.f90:3:7", Fold: "k_r1", Window: []Halo{{0, 0}, {1, 2}}}}
	b, err := Marshal(&Unit{Format: FormatVersion, Kernels: []*Kernel{k}})
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	r := u.Kernels[0].Reduction("k_r1")
	if r == nil || r.Name != "dot_product" || r.Op != "sum" || r.Where != "a.f90:3:7" || len(r.Window) != 2 || r.Window[1] != (Halo{Lo: 1, Hi: 2}) {
		t.Errorf("after the round trip: %+v", u.Kernels[0].Reductions)
	}
	if u.Kernels[0].Reduction("k_r2") != nil {
		t.Error("Reduction found a fold that is not there")
	}
	plain, err := Marshal(&Unit{Format: FormatVersion, Kernels: []*Kernel{grid("k", 2)}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(plain), "reductions") {
		t.Errorf("a kernel without reductions wrote them:\n%s", plain)
	}
	if u, err := Unmarshal(plain); err != nil || u.Kernels[0].Reductions != nil {
		t.Errorf("a unit without reductions: %v, %+v", err, u)
	}
}

// TestAffineSpell: signs and coefficients of every term, and sizes
// spelled by the host's names.
func TestAffineSpell(t *testing.T) {
	for _, c := range []struct {
		a    Affine
		want string
	}{
		{Affine{Const: -3}, "-3"},
		{Affine{Terms: []Term{{Size: "n", Coef: -1}}}, "-n"},
		{Affine{Terms: []Term{{Size: "nx", Coef: 2}, {Size: "ny", Coef: -2}}, Const: -1}, "2*nx - 2*ny - 1"},
		{Affine{Terms: []Term{{Size: "nx", Coef: -2}, {Size: "ny", Coef: 1}}, Const: 4}, "-2*nx + ny + 4"},
	} {
		if got := c.a.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
	a := Affine{Terms: []Term{{Size: "n", Coef: 3}}, Const: 1}
	if got := a.Spell(func(s string) string { return "fcl_" + s }); got != "3*fcl_n + 1" {
		t.Errorf("Spell = %q", got)
	}
}

// TestUnmarshalConvertsLoops: a unit older than FormatShapes marks its
// loop kernels "loops": true; reading it, their launches say that they
// cover loop nests (Note [one binding]), and region kernels are unchanged.
func TestUnmarshalConvertsLoops(t *testing.T) {
	loop, region := grid("l", 1), grid("r", 1)
	loop.Launches = []*Launch{{Symbol: "l_1"}}
	region.Launches = []*Launch{{Symbol: "r"}}
	b, err := Marshal(&Unit{Format: FormatElems, Kernels: []*Kernel{loop, region}})
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(string(b), `"name": "l",`, `"name": "l", "loops": true,`, 1)
	u, err := Unmarshal([]byte(old))
	if err != nil {
		t.Fatal(err)
	}
	if !u.Kernels[0].Launches[0].MayBeEmpty || u.Kernels[1].Launches[0].MayBeEmpty {
		t.Errorf("converted launches: loop %v, region %v; want true, false", u.Kernels[0].Launches[0].MayBeEmpty, u.Kernels[1].Launches[0].MayBeEmpty)
	}
	if _, err := Unmarshal([]byte(strings.Replace(old, `"format": 5`, `"format": 6`, 1))); err != nil {
		t.Fatal(err)
	}
}

// TestBufferCount: a scratch buffer with a shape (a loop kernel's
// temporary) holds the product of its extents, none when one is
// negative; without one, Elements.
func TestBufferCount(t *testing.T) {
	n := Affine{Terms: []Term{{Coef: 1, Size: "n"}}}
	m := Affine{Const: -2, Terms: []Term{{Coef: 1, Size: "m"}}}
	for _, c := range []struct {
		b    Buffer
		m    int
		want int
	}{
		{Buffer{Shape: []Affine{n, m}}, 7, 50},
		{Buffer{Shape: []Affine{n, m}}, 1, 0},
		{Buffer{Elements: Affine{Const: 4}}, 7, 4},
	} {
		got, err := c.b.Count(map[string]int{"n": 10, "m": c.m})
		if err != nil || got != c.want {
			t.Errorf("%+v with m=%d: %d, %v; want %d", c.b, c.m, got, err, c.want)
		}
	}
	if _, err := (&Buffer{Shape: []Affine{n}}).Count(nil); err == nil {
		t.Error("an unknown size was accepted")
	}
}
