package runner

import (
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// TestBindComponentLowerBounds: the lower bounds of an allocatable
// component (Note [allocatable components]) are 1 unless --set gives
// them, and a component binds by its name s%a.
func TestBindComponentLowerBounds(t *testing.T) {
	st := &abi.Struct{Var: "self", Type: "field", Module: "m"}
	lb := func(d int) *abi.Struct { s := *st; s.Lower = d; return &s }
	n1 := abi.Affine{Terms: []abi.Term{{Coef: 1, Size: "self%data_n1"}}}
	k := &abi.Kernel{Name: "k", Sizes: []abi.Size{{Name: "self%data_n1"}},
		Params: []abi.Param{
			{Name: "self%data", Kind: abi.Real4, Intent: abi.InOut, Array: true, Shape: []abi.Affine{n1}, Struct: st},
			{Name: "self%data%lb1", Kind: abi.Int, Intent: abi.In, Struct: lb(1)},
			{Name: "a", Kind: abi.Real4, Intent: abi.In},
		}}
	x := Zeros(npy.Float32, []int{4})
	read := func(string) (*npy.Array, error) { return x, nil }
	for _, tc := range []struct {
		sets []string
		want float64
	}{
		{[]string{"a=1"}, 1},
		{[]string{"a=1", "self%data%lb1=0"}, 0},
		{[]string{"self%data%lb1=-3", "a=2"}, -3},
	} {
		b, err := Bind(k, parse(t, Flags{Sets: tc.sets, Ins: []string{"self%data=x.npy"}}), read)
		if err != nil {
			t.Fatalf("%v: %v", tc.sets, err)
		}
		if got := b.Scalars["self%data%lb1"]; got != tc.want {
			t.Errorf("%v: lower bound %v, want %v", tc.sets, got, tc.want)
		}
		if b.Arrays["self%data"] != x {
			t.Errorf("%v: self%%data not bound to its --in file", tc.sets)
		}
	}
}
