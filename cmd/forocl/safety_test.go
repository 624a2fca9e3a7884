package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 11: build used to drop one of two inputs with the same base name
// and exit 0.
func TestBuildSameBaseName(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"a", "b"} {
		src, err := os.ReadFile(filepath.Join(kernelsDir, map[string]string{"a": "avg3_1d.f90", "b": "jacobi5.f90"}[sub]))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
		if err := os.WriteFile(filepath.Join(dir, sub, "k.f90"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, b := filepath.Join(dir, "a", "k.f90"), filepath.Join(dir, "b", "K.f90")
	os.Rename(filepath.Join(dir, "b", "k.f90"), b)
	out := filepath.Join(dir, "out")
	code, _, errOut := cli(t, "build", "-I", regionsDir, a, b, "-o", out)
	if code != 2 || !strings.Contains(errOut, a+" and "+b+" would both be built into K.cl") {
		t.Errorf("exit %d, stderr %q; want 2 naming both files", code, errOut)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("build wrote %s", out)
	}
	code, _, errOut = cli(t, "build", "-I", regionsDir, a, a, "-o", out)
	if code != 2 || !strings.Contains(errOut, a+" is given twice") {
		t.Errorf("same file twice: exit %d, stderr %q", code, errOut)
	}
}

// Issue 11: a file without kernels (a misspelt directive) made check exit
// 0 silently and build exit 0 with "nothing written".
func TestNoKernels(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "k.f90")
	src := "module m\n  implicit none\ncontains\n  subroutine k(a, b)\n  !$OFP PURE :: k\n    real, dimension(:), contiguous, intent(in) :: a\n" +
		"    real, dimension(:), contiguous, intent(out) :: b\n    b = a\n  end subroutine k\nend module m\n"
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := cli(t, "check", f)
	if code != 0 || !strings.Contains(errOut, "warning: no kernels found in this file [no-kernels]") || !strings.Contains(errOut, "--kernel") {
		t.Errorf("check: exit %d, stderr %q; want 0 and a warning with a hint", code, errOut)
	}
	code, _, errOut = cli(t, "build", f, "-o", filepath.Join(dir, "out"))
	if code != 1 || !strings.Contains(errOut, "error: no kernels found in this file; nothing to build or run") {
		t.Errorf("build: exit %d, stderr %q; want 1 and an error", code, errOut)
	}
	// run --kernel NAME compiles subroutine NAME as a kernel without a
	// directive (legacy files need no edit): it gets as far as its inputs.
	code, _, errOut = cli(t, "run", f, "--kernel", "k")
	if code != 1 || !strings.Contains(errOut, `kernel "k" needs input array "a"`) {
		t.Errorf("run: exit %d, stderr %q; want 1 and the missing input", code, errOut)
	}
}
