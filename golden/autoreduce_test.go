package golden

import (
	"math"
	"math/rand"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// TestAutoReduce compiles the plain DO reductions of loop_plain_reduce
// with and without --auto-reduce (Note [auto reductions] in sema): without
// it every reduction loop runs serially (loop-serial; TestNumeric compares
// that with gfortran bit for bit); with it none does, and the parallel
// folds give the serial results up to rounding: max, min and the logicals
// exactly, sums and products within a relative 1e-12.
func TestAutoReduce(t *testing.T) {
	c := device(t)
	const file = "../testdata/kernels/loop_plain_reduce.f90"
	n, nt := 1013, 3
	rng := rand.New(rand.NewSource(11))
	in := map[string]*npy.Array{"a": randomArray(rng, abi.Real8, []int{n}), "b": randomArray(rng, abi.Real8, []int{n})}
	var outs []map[string]*npy.Array
	for i, auto := range []bool{false, true} {
		comp := compileWith(t, file, driver.Options{AutoReduce: auto})
		if got, want := comp.res.Diags.Count(diag.Warning), []int{4, 0}[i]; got != want {
			t.Fatalf("auto-reduce %v: %d warnings, want %d (loop-serial on each reduction loop only without the flag):\n%s", auto, got, want, comp.res.Diags.String(comp.res.Sources))
		}
		u := comp.units[regions.Direct]
		got, err := runner.Run(c, runner.Job{Unit: u, Kernel: u.Kernels[0],
			Scalars: map[string]float64{"n": float64(n), "nt": float64(nt)}, Arrays: in})
		if err != nil {
			t.Fatalf("auto-reduce %v: %v", auto, err)
		}
		outs = append(outs, got.Outputs)
	}
	serial, par := outs[0], outs[1]
	for _, name := range []string{"dot", "amax", "anyneg", "allpos", "prod", "amin", "total", "centred"} {
		s, p := values(serial[name]), values(par[name])
		if len(s) == 0 || len(s) != len(p) {
			t.Fatalf("%s: %d serial values, %d parallel", name, len(s), len(p))
		}
		for i := range s {
			if math.Abs(s[i]-p[i]) > 1e-12*math.Max(1, math.Abs(s[i])) {
				t.Errorf("%s[%d]: serial %v, auto-reduce %v", name, i, s[i], p[i])
			}
		}
	}
	if values(serial["anyneg"])[0] == 0 || values(serial["allpos"])[0] == 0 {
		t.Error("the inputs leave anyneg or allpos false: the test would not see a wrong fold")
	}
}

// values returns a's elements as float64.
func values(a *npy.Array) []float64 {
	if a == nil {
		return nil
	}
	var out []float64
	for _, x := range a.F32 {
		out = append(out, float64(x))
	}
	out = append(out, a.F64...)
	for _, x := range a.I32 {
		out = append(out, float64(x))
	}
	for _, x := range a.I64 {
		out = append(out, float64(x))
	}
	return out
}
