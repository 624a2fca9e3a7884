package runner

import (
	"testing"

	"github.com/forocl/forocl/clhost"
)

// waitsPerStep is the number of host-blocking calls (clhost.HostWaits)
// each step of run adds: run(steps) for 4 and 12 steps, the difference
// over 8.
func waitsPerStep(t *testing.T, run func(steps int) (*SlabResult, error)) (float64, *SlabResult) {
	t.Helper()
	var counts [2]int64
	var res *SlabResult
	for i, steps := range []int{4, 12} {
		before := clhost.HostWaits()
		r, err := run(steps)
		if err != nil {
			t.Fatal(err)
		}
		counts[i], res = clhost.HostWaits()-before, r
	}
	return float64(counts[1]-counts[0]) / 8, res
}

// TestSlabsHostWaitsPerStep: a step on n slabs blocks the host for the
// edge planes it exchanges, one wait per read, 2(n-1) in all (the region
// kernel overlapped and not, a loop kernel), and at most twice a slab to
// time the step before (events that may still run, with the next step
// queued behind them); never for a whole queue (clFinish) or a blocking
// copy. Timing once waited for every event, 18 times a step on 3 slabs.
func TestSlabsHostWaitsPerStep(t *testing.T) {
	ctxs := sameDevice(t, 3)
	u, k := corpusKernel(t, "jacobi5.f90", "jacobi5_step")
	sc := slabCase{"jacobi5.f90", "jacobi5_step", map[string]float64{"h": 0.1}, []int{32, 42}, Swap{"a", "oa"}, [2]int{1, 1}}
	lc := loopSlabCases[0]
	lu, lk := corpusKernel(t, lc.file, lc.kernel)
	for _, n := range []int{2, 3} {
		for _, c := range []struct {
			what string
			run  func(steps int) (*SlabResult, error)
		}{
			{"jacobi5 overlapped", func(steps int) (*SlabResult, error) {
				return RunSlabs(slabJob(u, k, sc, steps), Slabs{Contexts: ctxs[:n]})
			}},
			{"jacobi5 --no-overlap", func(steps int) (*SlabResult, error) {
				return RunSlabs(slabJob(u, k, sc, steps), Slabs{Contexts: ctxs[:n], NoOverlap: true})
			}},
			{"loop kernel " + lc.kernel, func(steps int) (*SlabResult, error) {
				return RunSlabs(loopSlabJob(t, lu, lk, lc, steps), Slabs{Contexts: ctxs[:n]})
			}},
		} {
			per, res := waitsPerStep(t, c.run)
			t.Logf("%s on %d slabs (overlapped %v): %.2f host waits per step", c.what, n, res.Overlapped, per)
			if want := float64(2*(n-1) + 2*n); per > want {
				t.Errorf("%s on %d slabs: %.2f host waits per step, want at most %v", c.what, n, per, want)
			}
		}
	}
}
