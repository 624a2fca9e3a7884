package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dump --stage=host goes through the driver as the other stages do: -D
// and -U reach the preprocessor (here they decide a host variable's IF
// and a nest's bound), -I finds #include files, the source form comes
// from the extension or -ffixed-form, and --kernel names a subroutine
// without a directive.
func TestDumpHostThroughDriver(t *testing.T) {
	inc := t.TempDir()
	if err := os.WriteFile(filepath.Join(inc, "shift.h"), []byte("  lo = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, "k.F90", `subroutine shiftk(n, w, a, b)
  implicit none
  integer, intent(in) :: n, w
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i, lo
  lo = 1
#include "shift.h"
#ifdef WIDE
  if (w > 1) then
    lo = w
  end if
#endif
  !$omp parallel do
  do i = lo, n
    b(i) = a(i) * w
  end do
end subroutine
`)
	fixed, err := os.ReadFile(filepath.Join(kernelsDir, "loop_fixed_omp.f"))
	if err != nil {
		t.Fatal(err)
	}
	asF90 := writeFile(t, "fixomp.f90", string(fixed))
	for _, tc := range []struct {
		args       []string
		code       int
		out, noOut string // in stdout, not in stdout
		stderr     string // in stderr
	}{
		{[]string{"-I", inc, "-D", "WIDE", "--kernel", "shiftk", file}, 0, "    if (w > 1) then\n      lo = w\n    end if\n", "", ""},
		{[]string{"-I", inc, "-DWIDE", "-U", "WIDE", "--kernel", "shiftk", file}, 0, "    lo = 2\n    launch 1: shiftk (direct)", "if (w > 1)", ""},
		{[]string{"-I", inc, "--kernel", "shiftk", file}, 0, "global (roundup(max(n - lo + 1, 1), 256)), local (256)", "", ""},
		{[]string{"-D", "WIDE", "--kernel", "shiftk", file}, 1, "", "", `#include file "shift.h" not found`},
		{[]string{filepath.Join(kernelsDir, "loop_fixed_omp.f")}, 0, "folds the partials _part2 of launch FIXOMP_1 into _red2", "", ""},
		{[]string{"-ffixed-form", asF90}, 0, "read back after the last launch: results S, AMAX", "", ""},
		{[]string{asF90}, 1, "", "", "error"},
	} {
		code, stdout, stderr := cli(t, append([]string{"dump", "--stage=host"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stdout, tc.out) || tc.noOut != "" && strings.Contains(stdout, tc.noOut) || !strings.Contains(stderr, tc.stderr) || (tc.stderr == "") != (stderr == "") {
			t.Errorf("dump --stage=host %v: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, %q in stdout (and not %q), %q in stderr", tc.args, code, stdout, stderr, tc.code, tc.out, tc.noOut, tc.stderr)
		}
	}
}

// An unknown stage names the stages there are, and shell completion
// suggests them.
func TestDumpStages(t *testing.T) {
	code, _, stderr := cli(t, "dump", "--stage=hosts", filepath.Join(kernelsDir, "avg3_1d.f90"))
	if code != 2 || !strings.Contains(stderr, `unknown stage "hosts" (want ast, ir, regions, host, cl)`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	code, stdout, _ := cli(t, "__complete", "dump", "--stage", "")
	if code != 0 || !strings.HasPrefix(stdout, "ast\nir\nregions\nhost\ncl\n") {
		t.Errorf("stage completion: exit %d, %q", code, stdout)
	}
}
