package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/internal/oracle"
)

// TestPortCharacterDummies: a ported procedure with character dummies
// (len=*, len=8 intent(inout), deferred-length allocatable) launches its
// kernel, and the Fortran host assigns the characters as the procedure
// does: the program prints what its CPU build prints.
func TestPortCharacterDummies(t *testing.T) {
	requireGfortran(t)
	requireOpenCL(t)
	src := "testdata/portchars"
	kernel, driverSrc := filepath.Join(src, "label_kernel.f90"), filepath.Join(src, "driver.f90")
	dir := t.TempDir()
	out := filepath.Join(dir, "ported")
	code, stdout, stderr := cli(t, "port", "-o", out, kernel)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "1 procedures of 1 files launch their kernels") && !strings.Contains(stderr, "1 procedure of 1 file launches its kernels") {
		t.Fatalf("label_kernel was not ported:\n%s", stderr)
	}
	dev, cpu := filepath.Join(dir, "dev"), filepath.Join(dir, "cpu")
	if err := os.Mkdir(filepath.Join(dir, "cpumods"), 0o755); err != nil {
		t.Fatal(err)
	}
	gfortranBuild(t, out, dev, append(strings.Fields(stdout), driverSrc), oracle.OpenCLLink()...)
	gfortranBuild(t, filepath.Join(dir, "cpumods"), cpu, []string{kernel, driverSrc})
	want := runExe(t, cpu, "", nil)
	if !strings.Contains(want, "step 2 tag=[westwest] name=[west/west/x] len 11") {
		t.Fatalf("the CPU build printed:\n%s", want)
	}
	if got := runExe(t, dev, testDevice(), nil); got != want {
		t.Errorf("the ported build printed\n%s\nwant the CPU build's\n%s", got, want)
	}
}
