package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFile writes src to name in a fresh folder and returns its path.
func writeFile(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// -D and -U apply in order; #include files are found in -I directories.
func TestCheckDefines(t *testing.T) {
	inc := t.TempDir()
	if err := os.WriteFile(filepath.Join(inc, "body.h"), []byte("  b = SCALE*a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, "k.F90", `#ifndef SCALE
#error define SCALE
#endif
subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
#include "body.h"
end subroutine k
`)
	for _, tc := range []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"-I", inc}, 1, "error: #error define SCALE [cpp-error]"},
		{[]string{"-I", inc, "-D", "SCALE=2.0"}, 0, ""},
		{[]string{"-I", inc, "-DSCALE=2.0", "-U", "SCALE"}, 1, "#error define SCALE"},
		{[]string{"-I", inc, "-USCALE", "--define", "SCALE=2.0"}, 0, ""},
		{[]string{"-DSCALE=2.0"}, 1, `#include file "body.h" not found [cpp-include-not-found]`},
		{[]string{"-D", "2X=1"}, 2, `"2X" is not a macro name`},
	} {
		code, _, stderr := cli(t, append(append([]string{"check"}, tc.args...), file)...)
		if code != tc.code || (tc.want == "") != (stderr == "") || !strings.Contains(stderr, tc.want) {
			t.Errorf("check %v: exit %d, stderr:\n%s\nwant exit %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}

// -ffixed-form and -ffree-form (one dash or two) override the extension.
func TestCheckSourceForm(t *testing.T) {
	fixed, err := os.ReadFile(filepath.Join(kernelsDir, "fixed_axpy.f"))
	if err != nil {
		t.Fatal(err)
	}
	asF90 := writeFile(t, "axpy.f90", string(fixed))
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{asF90}, 1},
		{[]string{"-ffixed-form", asF90}, 0},
		{[]string{"--ffixed-form", asF90}, 0},
		{[]string{filepath.Join(kernelsDir, "fixed_axpy.f")}, 0},
		{[]string{"-ffree-form", filepath.Join(kernelsDir, "fixed_axpy.f")}, 1},
		{[]string{"-ffree-form", "-ffixed-form", asF90}, 2},
	} {
		code, _, stderr := cli(t, append([]string{"check"}, tc.args...)...)
		if code != tc.code {
			t.Errorf("check %v: exit %d, want %d; stderr:\n%s", tc.args, code, tc.code, stderr)
		}
	}
}

// dump --stage=ast goes through the driver's front end, as every other
// stage does: -D, -U and -I reach the preprocessor, and the source form
// comes from the extension or -ffixed-form.
func TestDumpASTThroughDriver(t *testing.T) {
	inc := t.TempDir()
	if err := os.WriteFile(filepath.Join(inc, "body.h"), []byte("  b = SCALE*a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, "k.F90", `#ifndef SCALE
#error define SCALE
#endif
subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
#include "body.h"
end subroutine k
`)
	fixed, err := os.ReadFile(filepath.Join(kernelsDir, "fixed_axpy.f"))
	if err != nil {
		t.Fatal(err)
	}
	asF90 := writeFile(t, "axpy.f90", string(fixed))
	for _, tc := range []struct {
		args   []string
		code   int
		out    string // in stdout
		stderr string // in stderr
	}{
		{[]string{"-I", inc, "-D", "SCALE=2.0", file}, 0, "2.0", ""},
		{[]string{"-I", inc, "-DSCALE=2.0", "-U", "SCALE", file}, 1, "", "#error define SCALE"},
		{[]string{"-DSCALE=2.0", file}, 1, "", `#include file "body.h" not found`},
		{[]string{filepath.Join(kernelsDir, "fixed_axpy.f")}, 0, "assign 18:7 z = (((alpha * x) + (beta * y)) + gamma)", ""},
		{[]string{"-ffixed-form", asF90}, 0, "assign 18:7 z = (((alpha * x) + (beta * y)) + gamma)", ""},
		{[]string{asF90}, 1, "", "error"},
	} {
		code, stdout, stderr := cli(t, append([]string{"dump", "--stage=ast"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stdout, tc.out) || !strings.Contains(stderr, tc.stderr) || (tc.stderr == "") != (stderr == "") {
			t.Errorf("dump --stage=ast %v: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, %q in stdout and %q in stderr", tc.args, code, stdout, stderr, tc.code, tc.out, tc.stderr)
		}
	}
}
