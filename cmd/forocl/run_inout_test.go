package main

import (
	"path/filepath"
	"testing"
)

// TestRunInOutScalars: forocl run takes an intent(inout) scalar with
// --set and prints its final value as it prints results (Note [inout
// scalars] in sema/scalarintent.go): scale_count's s becomes s + 1, and
// k grows by n once s + 1 > 2.
func TestRunInOutScalars(t *testing.T) {
	code, stdout, errOut := cli(t, "run", filepath.Join(kernelsDir, "inout_scalars.f90"), "--kernel", "scale_count",
		"--set", "n=7", "--set", "s=1.5", "--set", "k=4", "--grid", "7", "--device", testDevice())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := "s = 2.5\nk = 11\n"; stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
}
