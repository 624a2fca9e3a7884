package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/forocl/forocl/npy"
)

// TestRunZeroStep: a DO CONCURRENT whose step is a dummy (Note [variable
// steps] in sema/varstep.go) stops before any launch when the step is 0,
// with an error naming the loop's line, and writes no output; a step
// other than 0 runs.
func TestRunZeroStep(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 8))
	x, y := filepath.Join(dir, "x.npy"), filepath.Join(dir, "y.npy")
	writeNpy(t, x, randomArray(rng, npy.Float32, []int{10}), false)
	writeNpy(t, y, randomArray(rng, npy.Float32, []int{10}), false)
	out := filepath.Join(dir, "out.npy")
	args := func(s string) []string {
		return []string{"run", filepath.Join(kernelsDir, "loop_dc_varstep.f90"), "--kernel", "strided_rev",
			"--set", "n=10", "--set", "s=" + s, "--in", "x=" + x, "--in", "y=" + y, "--out", "y=" + out}
	}
	code, stdout, stderr := cli(t, args("0")...)
	want := "forocl: kernel \"strided_rev\": line 30: the step of the loop over \"i\" is zero\n"
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("s=0: exit %d, stdout %q, stderr %q; want exit 1 and %q", code, stdout, stderr, want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("s=0 wrote %s", out)
	}
	if code, _, stderr := cli(t, args("3")...); code != 0 {
		t.Errorf("s=3: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("s=3: %v", err)
	}
}
