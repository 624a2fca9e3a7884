package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/npy"
)

// TestRunSelfStencilThroughTemporary: u(2:n-1) = u(2:n-1) + c*(u(1:n-2) -
// 2*u(2:n-1) + u(3:n)) reads every old value (Fortran evaluates the
// right-hand side first; Note [updates through a temporary] in
// sema/sections.go): a spike spreads to both neighbours and leaves its
// cell empty. An update in place would read the new u(2) and u(3).
func TestRunSelfStencilThroughTemporary(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "u.npy"), filepath.Join(dir, "v.npy")
	if err := npy.Write(in, &npy.Array{DType: npy.Float32, Shape: []int{5}, F32: []float32{0, 0, 1, 0, 0}}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(kernelsDir, "loop_inplace_update.f90")
	code, stdout, stderr := cli(t, "run", file, "--kernel", "diffuse_self", "--device", testDevice(), "--in", "u="+in, "--set", "c=0.5", "--out", "u="+out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	got, want := readNpy(t, out).F32, []float32{0, 0.5, 0, 0.5, 0}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("u = %v, want %v", got, want)
		}
	}
}

// TestRunInplaceNonConforming: a = a + s*b on assumed-shape dummies needs
// b of a's shape (Note [conforming dummies] in sema/conform.go); forocl
// run refuses a b of another length before any launch, naming both.
func TestRunInplaceNonConforming(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")
	if err := npy.Write(a, &npy.Array{DType: npy.Float32, Shape: []int{10}, F32: make([]float32, 10)}); err != nil {
		t.Fatal(err)
	}
	if err := npy.Write(b, &npy.Array{DType: npy.Float32, Shape: []int{12}, F32: make([]float32, 12)}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(kernelsDir, "loop_inplace_update.f90")
	code, _, stderr := cli(t, "run", file, "--kernel", "axpy_inplace", "--device", testDevice(), "--in", "a="+a, "--in", "b="+b, "--set", "s=1")
	if code == 0 || !strings.Contains(stderr, `array "b" has shape (12)`) || !strings.Contains(stderr, `"a" or "b" has the wrong shape`) {
		t.Errorf("exit %d, want an error naming b's shape:\n%s", code, stderr)
	}
}
