package wavedirect

import (
	"testing"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/internal/cltest"
)

// TestReductionKeepsBuffers: a reduction run through the Go harness makes
// its scratch and result buffers once. Later runs of the same shapes take
// the same buffers (no device allocation per call) and allocate no Go
// memory (testing.AllocsPerRun), where a run that makes them does; a run
// of other shapes makes new ones; every run returns the sum of its grid.
func TestReductionKeepsBuffers(t *testing.T) {
	ctx := cltest.Context(t)
	k, err := NewWaveSummary(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	grid := func(n int) [3]*clhost.Array {
		var g [3]*clhost.Array
		copy(g[:], ones(t, ctx, 3, n))
		return g
	}
	run := func(g [3]*clhost.Array, n int) {
		mass, _, err := k.Run(g[0], g[1], g[2])
		if err != nil {
			t.Fatal(err)
		}
		if want := float32((n - 2) * (n - 2)); mass != want {
			t.Fatalf("%d x %d: mass %g, want %g", n, n, mass, want)
		}
	}
	small, large := grid(40), grid(300)
	run(small, 40)
	first := append([]*clhost.Buffer(nil), k.bufs...)
	if len(first) == 0 {
		t.Fatal("the run kept no buffer")
	}
	kept := testing.AllocsPerRun(20, func() { run(small, 40) })
	for i, b := range k.bufs {
		if i >= len(first) || b != first[i] {
			t.Fatalf("buffer %d was made again by a later run of the same shapes", i)
		}
	}
	made := testing.AllocsPerRun(5, func() {
		for _, b := range k.bufs {
			b.Close()
		}
		k.bufs = nil
		run(small, 40)
	})
	if kept != 0 || made == 0 {
		t.Errorf("a run allocates %v times, one that makes its buffers %v: want 0 and more", kept, made)
	}
	run(large, 300) // more work-groups: larger partial sums
	if len(k.bufs) != len(first) {
		t.Errorf("%d buffers after a larger run, want %d", len(k.bufs), len(first))
	}
	run(small, 40)
	t.Logf("Go allocations per run: %v (%v when the run makes its buffers)", kept, made)
}

// TestRunsAllocateNothing: a plain launch (wave_advance), a reduction of
// three launches (wave_summary) and two launches of one kernel (reflect)
// run through the Go harness allocate no Go memory once a run of the same
// shapes has made what they keep. The grid is 300 x 300 so that the
// sizes and work-group counts passed as int32 are past the small values
// Go boxes without allocating.
func TestRunsAllocateNothing(t *testing.T) {
	ctx := cltest.Context(t)
	const n = 300
	g := ones(t, ctx, 6, n)
	wave, err := NewWaveAdvance(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer wave.Close()
	sum, err := NewWaveSummary(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer sum.Close()
	walls, err := NewReflect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer walls.Close()
	for name, run := range map[string]func() error{
		"wave_advance": func() error { return wave.Run(1, 1, 0.01, g[0], g[1], g[2], g[3], g[4], g[5]) },
		"wave_summary": func() error { _, _, err := sum.Run(g[0], g[1], g[2]); return err },
		"reflect":      func() error { return walls.Run(n, n, g[0], g[1], g[2]) },
	} {
		if err := run(); err != nil {
			t.Fatal(name, err)
		}
		var err error
		allocs := testing.AllocsPerRun(20, func() {
			if e := run(); e != nil {
				err = e
			}
		})
		if err != nil {
			t.Fatal(name, err)
		}
		if allocs != 0 {
			t.Errorf("%s: a run allocates %v times, want 0", name, allocs)
		}
	}
	if err := ctx.Finish(); err != nil {
		t.Fatal(err)
	}
}

// ones returns count n x n arrays of ones, released when the test ends.
func ones(t *testing.T, ctx *clhost.Context, count, n int) []*clhost.Array {
	var out []*clhost.Array
	f := make([]float32, n*n)
	for j := range f {
		f[j] = 1
	}
	for range count {
		a, err := ctx.NewArray(clhost.Float32, n, n)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(a.Release)
		if err := ctx.WriteFloat32(a.Buffer, f); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}
