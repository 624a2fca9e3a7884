package golden

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// TestHostWrite runs loop_host_write (a min reduction, then list-directed
// WRITE and PRINT of strings, integers, reals of both kinds and a logical,
// one of them under an IF on the result) through gfortran's serial run,
// the Fortran host and the Go runner, with dtmin below and above the
// step: the records on standard output and standard error must be the
// same, byte for byte, from all three (Note [list-directed output] in
// package abi).
func TestHostWrite(t *testing.T) {
	c := device(t)
	const file = "loop_host_write"
	f := "../testdata/kernels/" + file + ".f90"
	u := roundTrip(t, compile(t, f).units[regions.Direct])
	k := u.Kernels[0]
	exe, err := oracle.Build(k, []string{regionsModule, f}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dev := fortranHost(t, u, k, file) // the Fortran host
	const n = 37
	cs := runner.Zeros(npy.Float64, []int{n})
	for i := range cs.F64 {
		cs.F64[i] = 0.5 + 0.37*float64(i%7) - 0.11*float64(i%5)
	}
	for _, dtmin := range []float64{0.01, 0.4} {
		scalars := map[string]float64{"n": n, "dtmin": dtmin}
		arrays := map[string]*npy.Array{"c": cs}
		if _, err := exe.Run(scalars, arrays); err != nil {
			t.Fatal(err)
		}
		if _, err := dev.Run(scalars, arrays); err != nil {
			t.Fatalf("dtmin %g, fortran host: %v", dtmin, err)
		}
		var stdout, stderr strings.Builder
		if _, err := runner.Run(c, runner.Job{Unit: u, Kernel: k, Scalars: scalars, Arrays: arrays, Stdout: &stdout, Stderr: &stderr}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(exe.Stderr, "Timestep information:") || strings.Contains(exe.Stdout, "too small") != (dtmin > 0.3) {
			t.Fatalf("dtmin %g: gfortran wrote\n%s\n%s", dtmin, exe.Stdout, exe.Stderr)
		}
		for _, s := range []struct{ what, want, fort, run string }{
			{"standard output", exe.Stdout, dev.Stdout, stdout.String()},
			{"standard error", exe.Stderr, dev.Stderr, stderr.String()},
		} {
			if s.fort != s.want {
				t.Errorf("dtmin %g, %s: the Fortran host wrote\n%q\ngfortran\n%q", dtmin, s.what, s.fort, s.want)
			}
			if s.run != s.want {
				t.Errorf("dtmin %g, %s: the runner wrote\n%q\ngfortran\n%q", dtmin, s.what, s.run, s.want)
			}
		}
	}
}
