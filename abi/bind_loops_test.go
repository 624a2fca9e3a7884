package abi

import (
	"strings"
	"testing"
)

// loopKernel is a loop kernel with a cell array (x_min-2:x_max+2), a node
// array (x_min-2:x_max+3), an array of extent n and a weight table of
// extent 2*r+1.
func loopKernel() *Kernel {
	size := func(c int, terms ...Term) Affine { return Affine{Const: c, Terms: terms} }
	return &Kernel{Name: "k",
		Sizes: []Size{{Name: "x_min"}, {Name: "x_max"}, {Name: "n"}, {Name: "r"}},
		Params: []Param{
			{Name: "x_min", Kind: Int, Intent: In}, {Name: "x_max", Kind: Int, Intent: In},
			{Name: "n", Kind: Int, Intent: In}, {Name: "r", Kind: Int, Intent: In},
			{Name: "cell", Kind: Real8, Intent: In, Array: true, Shape: []Affine{size(5, Term{1, "x_max"}, Term{-1, "x_min"})}},
			{Name: "node", Kind: Real8, Intent: InOut, Array: true, Shape: []Affine{size(6, Term{1, "x_max"}, Term{-1, "x_min"})}},
			{Name: "v", Kind: Real4, Intent: Out, Array: true, Shape: []Affine{size(0, Term{1, "n"})}},
			{Name: "w", Kind: Real4, Intent: In, Array: true, Shape: []Affine{size(1, Term{2, "r"})}},
		}}
}

func TestBindLoops(t *testing.T) {
	k := loopKernel()
	tests := []struct {
		name   string
		shapes map[string][]int
		given  map[string]int
		want   map[string]int
		err    string
	}{
		{"sizes derived from shapes once the lower bound is given",
			map[string][]int{"cell": {14}, "v": {7}}, map[string]int{"x_min": 1, "r": 2},
			map[string]int{"x_min": 1, "x_max": 10, "n": 7, "r": 2}, ""},
		{"a negative lower bound",
			map[string][]int{"node": {15}, "v": {3}}, map[string]int{"x_min": -3, "r": 1},
			map[string]int{"x_min": -3, "x_max": 6, "n": 3, "r": 1}, ""},
		{"every size given, shapes checked",
			map[string][]int{"cell": {14}, "node": {15}, "w": {5}}, map[string]int{"x_min": 1, "x_max": 10, "n": 4, "r": 2},
			map[string]int{"x_min": 1, "x_max": 10, "n": 4, "r": 2}, ""},
		{"a lower bound cannot come from a shape",
			map[string][]int{"cell": {14}, "v": {7}}, map[string]int{"r": 2},
			nil, `size "x_min" cannot be derived from the shapes of the arrays given; give it with --set x_min=VALUE`},
		{"a coefficient of 2 does not determine r",
			map[string][]int{"cell": {14}, "v": {7}, "w": {5}}, map[string]int{"x_min": 1},
			nil, `size "r" cannot be derived`},
		{"staggered shapes that disagree",
			map[string][]int{"cell": {14}, "node": {14}, "v": {7}}, map[string]int{"x_min": 1, "r": 2},
			nil, `array "node" has shape (14) but kernel "k" declares it (15) with x_min=1, x_max=10, n=7, r=2`},
		{"a given size that contradicts a shape",
			map[string][]int{"cell": {14}, "v": {7}}, map[string]int{"x_min": 1, "x_max": 9, "r": 2},
			nil, `array "cell" has shape (14) but kernel "k" declares it (13)`},
		{"wrong rank",
			map[string][]int{"cell": {14, 2}}, map[string]int{"x_min": 1, "n": 1, "r": 1},
			nil, `array "cell" has shape (14, 2) but kernel "k" takes a 1-D array`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := k.BindWith(tc.shapes, tc.given)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for n, v := range tc.want {
				if got[n] != v {
					t.Errorf("size %s = %d, want %d (all: %v)", n, got[n], v, got)
				}
			}
		})
	}
}

// TestBindGridsAsLoops: a region kernel's grid extents are sizes bound
// by the one rule (Note [one binding]): from the shapes, and a size given
// must agree with them.
func TestBindGridsAsLoops(t *testing.T) {
	k := &Kernel{Name: "g", Rank: 1, Sizes: []Size{{Name: "n1"}},
		Params: []Param{{Name: "a", Kind: Real4, Intent: In, Array: true, Shape: []Affine{SizeMinus("n1", 0)}}}}
	got, err := k.BindWith(map[string][]int{"a": {9}}, nil)
	if err != nil || got["n1"] != 9 {
		t.Fatalf("BindWith = %v, %v; want n1 = 9 from the shape", got, err)
	}
	_, err = k.BindWith(map[string][]int{"a": {9}}, map[string]int{"n1": 3})
	if err == nil || !strings.Contains(err.Error(), `array "a" has shape (9) but kernel "g" declares it (3) with n1=3`) {
		t.Errorf("a given size that disagrees: %v", err)
	}
	_, err = k.BindWith(nil, nil)
	if err == nil || err.Error() != `kernel "g": no array given, so size "n1" (an extent of the arrays) is unknown` {
		t.Errorf("no array: %v", err)
	}
}
