package golden

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/regions"
)

// hostProgram reports whether a kernel of u has host statements (Note
// [host program] in package abi), which only forocl run interprets yet:
// the Go harness and the Fortran host refuse them.
func hostProgram(u *abi.Unit) bool {
	for _, k := range u.Kernels {
		if k.Steps != nil {
			return true
		}
	}
	return false
}

// TestHostProgramRefused: both emitted hosts refuse a kernel whose loop
// bounds use host variables, naming them, instead of emitting a host that
// would skip their assignments.
func TestHostProgramRefused(t *testing.T) {
	u := compile(t, "../testdata/kernels/loop_unpack_inc.f90").units[regions.Direct]
	if !hostProgram(u) || u.Format != abi.FormatHost {
		t.Fatalf("loop_unpack_inc has no host program (format %d)", u.Format)
	}
	if _, err := codegen.GoHarness(u, "x.cl", "kernels"); err == nil || !strings.Contains(err.Error(), "x_inc, y_inc, lo") {
		t.Errorf("Go harness: %v", err)
	}
	if _, err := codegen.FortranHost(u, "loop_unpack_inc"); err == nil || !strings.Contains(err.Error(), "Fortran host does not yet compute host variables") {
		t.Errorf("Fortran host: %v", err)
	}
}
