package abi

import (
	"strings"
	"testing"
)

// quotKernel takes v1(-1:n+1) and v2(-1:n/2+1): the size h is n/2
// (Note [quotient sizes] in package sema).
func quotKernel() *Kernel {
	return &Kernel{Name: "restrict", Rank: 1,
		Sizes: []Size{{Name: "n"}, {Name: "h", Quot: &Quot{Of: SizeMinus("n", 0), Div: 2}}},
		Params: []Param{
			{Name: "n", Kind: Int, Intent: In},
			{Name: "v1", Kind: Real4, Intent: In, Array: true, Shape: []Affine{SizeMinus("n", -3)}, Lower: []Affine{{Const: -1}}},
			{Name: "v2", Kind: Real4, Intent: Out, Array: true, Shape: []Affine{SizeMinus("h", -3)}, Lower: []Affine{{Const: -1}}},
		}}
}

// TestBindQuot: a quotient size is computed from the size it divides
// (13/2 = 6, truncated; -3/2 = -1, toward zero, as Fortran), also when
// that size comes from a shape, and never solved from a shape of its own:
// an array whose extent disagrees with n/2 is refused.
func TestBindQuot(t *testing.T) {
	k := quotKernel()
	for _, c := range []struct {
		given  map[string]int
		shapes map[string][]int
		want   int
	}{
		{map[string]int{"n": 13}, nil, 6},
		{map[string]int{"n": -3}, nil, -1},
		{nil, map[string][]int{"v1": {16}}, 6},
		{nil, map[string][]int{"v1": {25}, "v2": {14}}, 11},
	} {
		sizes, err := k.BindWith(c.shapes, c.given)
		if err != nil || sizes["h"] != c.want {
			t.Errorf("BindWith(%v, %v) = %v, %v; want h = %d", c.shapes, c.given, sizes, err, c.want)
		}
	}
	if _, err := k.BindWith(map[string][]int{"v1": {16}, "v2": {10}}, nil); err == nil || !strings.Contains(err.Error(), `array "v2" has shape (10)`) {
		t.Errorf("v2 of 10 elements with n = 13 (n/2 + 3 = 9): %v", err)
	}
	if _, err := k.BindWith(map[string][]int{"v2": {9}}, nil); err == nil {
		t.Error("n was solved from v2's extent through the quotient")
	}
}

// TestUnmarshalQuot: a quotient by zero or a negative divisor is refused,
// never divided by.
func TestUnmarshalQuot(t *testing.T) {
	for _, div := range []int{0, -2} {
		k := quotKernel()
		k.Sizes[1].Quot.Div = div
		b, err := Marshal(&Unit{Format: FormatNewest, Kernels: []*Kernel{k}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Unmarshal(b); err == nil || !strings.Contains(err.Error(), "the divisor must be positive") {
			t.Errorf("divisor %d: Unmarshal = %v", div, err)
		}
	}
}
