package runner

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// Job.Index64 builds the 64-bit index variant on a run whose sizes let
// int count: the kernel adds sizeof(FOROCL_INDEX_T), 4 or 8, to every
// interior element.
func TestRunIndex64(t *testing.T) {
	ctx := testContext(t)
	k := stencilKernel()
	src := "#ifndef FOROCL_INDEX_T\n#define FOROCL_INDEX_T int\n#endif\n" +
		strings.Replace(stencilSource, "+ (float)k;", "+ (float)k + (float)sizeof(FOROCL_INDEX_T);", 1)
	if src == stencilSource {
		t.Fatal("the source did not change")
	}
	unit := &abi.Unit{Source: src, Kernels: []*abi.Kernel{k}}
	x := f32([]int{6, 6}, func(i int) float32 { return float32(i) })
	for _, c := range []struct {
		index64 bool
		size    float32
	}{{false, 4}, {true, 8}} {
		res, err := Run(ctx, Job{Unit: unit, Kernel: k, Index64: c.index64,
			Scalars: map[string]float64{"a": 1, "k": 0}, Arrays: map[string]*npy.Array{"x": x}})
		if err != nil {
			t.Fatal(err)
		}
		p := 2 + 6*3 // Y(3,4)
		if got, want := res.Outputs["y"].F32[p], x.F32[p]+x.F32[p-1]+c.size; got != want {
			t.Errorf("Index64 %v: Y(3,4) = %v, want %v (sizeof(FOROCL_INDEX_T) = %v)", c.index64, got, want, c.size)
		}
	}
}
