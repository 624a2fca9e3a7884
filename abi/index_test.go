package abi

import (
	"strings"
	"testing"
)

// grid2 is a region kernel over (n1, n2) arrays with halo 1: one launch
// of (n1-2, n2-2) positions from origin (1, 1), work-group 16x16.
func grid2() *Kernel {
	return &Kernel{Name: "g", Rank: 2, Sizes: []Size{{Name: "n1"}, {Name: "n2"}},
		Params: []Param{{Name: "a", Kind: Real4, Intent: In, Array: true, Shape: []Affine{SizeMinus("n1", 0), SizeMinus("n2", 0)}}},
		Launches: []*Launch{{Symbol: "g", Local: []int{16, 16}, Origin: []int{1, 1},
			Global: []Range{{Positions: SizeMinus("n1", 2), Per: 1}, {Positions: SizeMinus("n2", 2), Per: 1}}}}}
}

// loop1 is a loop kernel over a(x_min:x_max), one nest from x_min,
// work-group 32.
func loop1() *Kernel {
	ext := Affine{Const: 1, Terms: []Term{{Coef: 1, Size: "x_max"}, {Coef: -1, Size: "x_min"}}}
	first := Affine{Terms: []Term{{Coef: 1, Size: "x_min"}}}
	return &Kernel{Name: "l", Rank: 1, Sizes: []Size{{Name: "x_min"}, {Name: "x_max"}},
		Params: []Param{{Name: "a", Kind: Real8, Intent: Out, Array: true, Shape: []Affine{ext}}},
		Launches: []*Launch{{Symbol: "l", Local: []int{32}, Origin: []int{0}, MayBeEmpty: true,
			Global: []Range{{Positions: ext, Per: 1, First: &first}}}}}
}

// wide makes every size of k a 64-bit size (Size.Kind Int64).
func wide(k *Kernel) *Kernel {
	for i := range k.Sizes {
		k.Sizes[i].Kind = Int64
	}
	return k
}

// TestIndexType holds the rule of Note [index types]: int exactly while
// every element count and every position a work-item computes fits int32,
// long past that, and a refusal where no variant is exact.
func TestIndexType(t *testing.T) {
	for _, c := range []struct {
		name  string
		k     *Kernel
		sizes map[string]int
		want  IndexType
		err   string
	}{
		{"small grid", grid2(), map[string]int{"n1": 100, "n2": 100}, Index32, ""},
		// 46340^2 = 2147395600 elements fit; 46341^2 = 2147488281 do not
		// (8.6 GB of real(4), which fits an H100).
		{"46340 squared", grid2(), map[string]int{"n1": 46340, "n2": 46340}, Index32, ""},
		{"46341 squared", grid2(), map[string]int{"n1": 46341, "n2": 46341}, Index64, ""},
		// One dimension: 2^31-1 elements fit, but the padded NDRange's
		// last position (origin 1 + 2^31 work-items) does not.
		{"padded past int32", grid2(), map[string]int{"n1": 2147483647, "n2": 3}, Index64, ""},
		{"size over int32", grid2(), map[string]int{"n1": 2147483648, "n2": 3}, "", `size n1 = 2147483648 does not fit a 32-bit integer`},
		{"loop small", loop1(), map[string]int{"x_min": 1, "x_max": 10}, Index32, ""},
		// x_min + 31 (the last padded work-item) = 2147483647 still fits.
		{"loop at the edge", loop1(), map[string]int{"x_min": 2147483616, "x_max": 2147483620}, Index32, ""},
		{"loop near huge", loop1(), map[string]int{"x_min": 2147483617, "x_max": 2147483620}, Index64, ""},
		{"loop negative near huge", loop1(), map[string]int{"x_min": -2147483647, "x_max": -2147483640}, Index32, ""},
		// An extent the kernel computes as x_max - x_min + 1 in int.
		// 64-bit sizes reach the kernel as longs: past 2^31 they need
		// the long variant, never a narrowing.
		{"wide size over int32", wide(grid2()), map[string]int{"n1": 2147483648, "n2": 3}, Index64, ""},
		{"wide window near huge", wide(loop1()), map[string]int{"x_min": 3000000000, "x_max": 3000000007}, Index64, ""},
		{"wide extent", wide(loop1()), map[string]int{"x_min": -2147483647, "x_max": 2147483000}, Index64, ""},
		{"wide partials past 2^62", wide(loop1()), map[string]int{"x_min": -(1 << 62), "x_max": 1 << 62}, "", "does not fit a 64-bit integer"},
		{"size over int32, hint", loop1(), map[string]int{"x_min": 3000000000, "x_max": 3000000007}, "", `size x_min = 3000000000 does not fit a 32-bit integer; declare it integer(8)`},
		{"extent over int32", loop1(), map[string]int{"x_min": -2147483647, "x_max": 2147483647}, "", `extent 1 of array "a" (x_max - x_min + 1): reaches 4294967294, which does not fit a 32-bit integer`},
	} {
		got, err := c.k.IndexType(c.sizes)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case got != c.want:
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	// maxloc numbers its frame in an int in either variant: refused.
	k := grid2()
	k.Launches[0].Int32Frame = true
	if _, err := k.IndexType(map[string]int{"n1": 46341, "n2": 46341}); err == nil || !strings.Contains(err.Error(), "32-bit integer (maxloc or minloc)") {
		t.Errorf("maxloc over 2^31 elements: %v", err)
	}
	if _, err := k.IndexType(map[string]int{"n1": 46340, "n2": 46340}); err != nil {
		t.Errorf("maxloc under 2^31 elements: %v", err)
	}
	if err := wide(loop1()).Check32(map[string]int{"x_min": 3000000000, "x_max": 3000000007}); err == nil || !strings.Contains(err.Error(), "need 64-bit indices") {
		t.Errorf("Check32 of a wide size past 2^31: %v", err)
	}
	if IndexOptions(Index32) != "" || IndexOptions(Index64) != "-DFOROCL_INDEX_T=long" {
		t.Errorf("IndexOptions: %q, %q", IndexOptions(Index32), IndexOptions(Index64))
	}
}
