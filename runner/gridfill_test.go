package runner

import (
	"reflect"
	"testing"

	"github.com/forocl/forocl/abi"
)

// GridFill is what Bind fills a --grid input with (issue 25:
// scripts/bench/clbench gives its hand-written kernels the same inputs):
// the dummy's kind, the shape given and the dummy's position as the seed.
func TestGridFillIsBindsFill(t *testing.T) {
	k := loopKernel(
		abi.Param{Name: "U", Kind: abi.Real4, Intent: abi.In, Shape: []abi.Affine{ext("nx", 0), ext("ny", 0)}},
		abi.Param{Name: "w", Kind: abi.Real8, Intent: abi.InOut, Shape: []abi.Affine{ext("nx", 1), ext("ny", 0)}},
		abi.Param{Name: "v", Kind: abi.Real4, Intent: abi.Out, Shape: []abi.Affine{ext("nx", 0), ext("ny", 0)}},
	)
	b, err := Bind(k, parse(t, Flags{Sets: []string{"nx=5", "ny=3"}, Grid: "5x3"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Arrays) != 2 || b.Arrays["v"] != nil {
		t.Fatalf("Bind filled %d arrays (v: %v); want u and w", len(b.Arrays), b.Arrays["v"] != nil)
	}
	for name, got := range b.Arrays {
		if want := GridFill(k, name, got.Shape); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Bind filled %v, GridFill gives %v", name, got, want)
		}
	}
	for i, p := range k.Params {
		if p.Name == "w" {
			if want := Random(KindDType(abi.Real8), []int{6, 3}, int64(i+1)); !reflect.DeepEqual(b.Arrays["w"], want) {
				t.Errorf("w is not seeded with its position %d", i+1)
			}
		}
	}
	if reflect.DeepEqual(GridFill(k, "u", []int{2}).F32, GridFill(k, "v", []int{2}).F32) {
		t.Error("u and v got the same values")
	}
	if GridFill(k, "nx", []int{2}) != nil || GridFill(k, "x", []int{2}) != nil {
		t.Error("GridFill made an array for a scalar or an unknown name")
	}
}
