package runner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/forocl/forocl/regions"
)

// TestRunSlabsOverlapThinSlabs: slabs of 4 planes of 33 reals overlap
// the exchange, their parts starting at the planes the halos give (no
// sub-buffers, so no alignment: on PoCL's 128 bytes, parts started 32
// planes apart and these slabs exchanged after each step), bit-identical
// to one device.
func TestRunSlabsOverlapThinSlabs(t *testing.T) {
	ctxs := sameDevice(t, 3)
	u, k := corpusKernel(t, "jacobi5.f90", "jacobi5_step")
	sc := slabCase{"jacobi5.f90", "jacobi5_step", map[string]float64{"h": 0.1}, []int{33, 14}, Swap{"a", "oa"}, [2]int{1, 1}}
	const steps = 6
	one, err := Run(ctxs[0], slabJob(u, k, sc, steps))
	if err != nil {
		t.Fatal(err)
	}
	got, err := RunSlabs(slabJob(u, k, sc, steps), Slabs{Contexts: ctxs})
	if err != nil {
		t.Fatal(err)
	}
	what := fmt.Sprintf("%v on 3 slabs (planes %v)", sc.shape, got.Planes)
	if !got.Overlapped || !equalInts(got.Planes, []int{4, 4, 4}) {
		t.Errorf("%s: overlapped %v, want overlapped slabs of 4 planes", what, got.Overlapped)
	}
	sameBits(t, what, one.Outputs["oa"], got.Outputs["oa"])
}

// overlapSchedules are schedules whose kernels number positions from
// group ids (__local tiles, interleaved blocks) or give a work-item
// several planes along the split (q > 1 in Note [part offsets]).
var overlapSchedules = map[string]regions.Options{
	"local":            {Strategy: regions.Local},
	"direct-coarsened": {Strategy: regions.Direct, Coarsen: []int{3}},
	"direct-block":     {Strategy: regions.Direct, Coarsen: []int{2, 3}},
	"local-block":      {Strategy: regions.Local, Tile: []int{8, 4}, Coarsen: []int{2, 3}},
	"interleaved":      {Strategy: regions.Direct, Tile: []int{16, 2}, Coarsen: []int{3, 2}, Interleave: true},
}

// TestRunSlabsOverlapSchedules: region and loop kernels of every schedule
// launched in parts at global work offsets overlap the exchange on 2 and
// 3 slabs, bit-identical to one device.
func TestRunSlabsOverlapSchedules(t *testing.T) {
	ctxs := sameDevice(t, 3)
	for name, sched := range overlapSchedules {
		for _, c := range []struct {
			path  string
			shape []int // region kernels
			loopSlabCase
		}{
			{"../testdata/kernels/jacobi5.f90", []int{33, 41}, loopSlabCase{"", "jacobi5_step", map[string]float64{"h": 0.1}, []Swap{{"a", "oa"}}, [2]int{1, 1}, nil}},
			{"../testdata/kernels/heat3d_faces.f90", []int{6, 5, 23}, loopSlabCase{"", "heat3d_var", map[string]float64{"dt": 0.05, "dx": 1, "dy": 1, "dz": 1}, []Swap{{"t", "ot"}}, [2]int{1, 1}, nil}},
			{"../testdata/kernels/loop_slabs.f90", nil, loopSlabCase{"", "sten5h", map[string]float64{"nx": 30, "ny": 41}, []Swap{{"t", "tn"}}, [2]int{1, 1}, nil}},
			{"../scripts/bench/accel_loop.f90", nil, loopSlabCase{"", "accel_step", map[string]float64{"nx": 30, "ny": 43, "dt": 0.001, "nu": 0.05}, []Swap{{"xvel", "xvel1"}, {"yvel", "yvel1"}}, [2]int{1, 1}, nil}},
		} {
			u, k := scheduledKernel(t, c.path, c.kernel, sched)
			job := func() Job {
				if k.Split == nil { // a region kernel
					return slabJob(u, k, slabCase{"", c.kernel, c.sizes, c.shape, c.swap[0], c.halo}, 5)
				}
				return loopSlabJob(t, u, k, c.loopSlabCase, 5)
			}
			one, err := Run(ctxs[0], job())
			if err != nil {
				t.Fatalf("%s %s: %v", name, c.kernel, err)
			}
			for _, n := range []int{2, 3} {
				got, err := RunSlabs(job(), Slabs{Contexts: ctxs[:n]})
				if err != nil {
					t.Fatalf("%s %s on %d slabs: %v", name, c.kernel, n, err)
				}
				what := fmt.Sprintf("%s %s on %d slabs (planes %v)", name, c.kernel, n, got.Planes)
				if !got.Overlapped {
					t.Errorf("%s: not overlapped", what)
				}
				for _, p := range k.Outputs() {
					out := strings.ToLower(p.Name)
					sameBits(t, what+" "+out, one.Outputs[out], got.Outputs[out])
				}
			}
		}
	}
}

// TestRunSlabsOverlapOneSidedHalo: with a halo on one side only (1:0),
// the upper slab sends no planes, so the host waits for none of its
// copies: the planes it received must not be refilled before its halo
// writes have taken them (account), which failed about one run in six
// here. (Those writes also wait for the launches of the step before,
// which read the halos they overwrite: record.gate.) A race, so run
// often: every run bit-identical to one device.
func TestRunSlabsOverlapOneSidedHalo(t *testing.T) {
	ctxs := sameDevice(t, 2)
	sc := slabCase{"halo_asym.f90", "upwind_advect", map[string]float64{"cx": 0.3, "cy": 0.2}, []int{32, 16}, Swap{"a", "oa"}, [2]int{1, 0}}
	u, k := corpusKernel(t, sc.file, sc.kernel)
	const steps = 8
	one, err := Run(ctxs[0], slabJob(u, k, sc, steps))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		got, err := RunSlabs(slabJob(u, k, sc, steps), Slabs{Contexts: ctxs})
		if err != nil {
			t.Fatal(err)
		}
		if !got.Overlapped {
			t.Fatal("not overlapped")
		}
		sameBits(t, fmt.Sprintf("run %d of %v on 2 slabs, halo 1:0", i+1, sc.shape), one.Outputs["oa"], got.Outputs["oa"])
	}
}
