package golden

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// TestEmptyNests runs loop nests whose iteration spaces are empty (do i =
// 2, n-1 with n of 1 and 2, a loop over 0 sources) in every schedule: as
// in Fortran they do nothing, the outputs keep their values and the other
// nest still runs, where the launch used to fail for want of positions.
func TestEmptyNests(t *testing.T) {
	c := device(t)
	f := "../testdata/kernels/loop_empty_nests.f90"
	comp := compile(t, f)
	k := comp.units[regions.Direct].Kernels[0]
	exe, err := oracle.Build(k, []string{regionsModule, f}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range []struct{ n, ns int }{{1, 0}, {2, 0}, {2, 3}, {5, 0}} {
		rng := rand.New(rand.NewSource(int64(10*sz.n + sz.ns)))
		sizes := map[string]int{"n": sz.n, "ns": sz.ns}
		scalars := map[string]float64{"n": float64(sz.n), "ns": float64(sz.ns)}
		arrays := map[string]*npy.Array{}
		for _, p := range k.Arrays() {
			ext, err := p.Extents(sizes)
			if err != nil {
				t.Fatal(err)
			}
			arrays[strings.ToLower(p.Name)] = randomArray(rng, p.Kind, ext)
		}
		want, err := exe.Run(scalars, arrays)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"direct", "local", "direct-block", "gpu-tuned"} {
			u := comp.units[regions.Direct]
			switch name {
			case "local":
				u = comp.units[regions.Local]
			case "direct-block", "gpu-tuned":
				u = comp.coarse[name]
			}
			got, err := runner.Run(c, runner.Job{Unit: u, Kernel: u.Kernels[0], Scalars: scalars, Arrays: arrays})
			if err != nil {
				t.Fatalf("%s n=%d ns=%d: %v", name, sz.n, sz.ns, err)
			}
			// compareOutputs would insist that something changed.
			w, g := want["b"], got.Outputs["b"]
			for i := 0; i < w.Len(); i++ {
				if d := math.Abs(oracle.Value(w, i) - oracle.Value(g, i)); d > 1e-6*math.Max(1, math.Abs(oracle.Value(w, i))) {
					t.Errorf("%s n=%d ns=%d: b[%d] = %g, gfortran %g", name, sz.n, sz.ns, i, oracle.Value(g, i), oracle.Value(w, i))
				}
			}
		}
	}
}
