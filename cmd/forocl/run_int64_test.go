package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
)

// TestRunInt64Window runs a kernel with an integer(int64) size and loop
// index (Note [64-bit integers in loop kernels] in package sema) with
// --set n past 2**31: its 8-element arrays are declared a(n-7:n), so the
// indices do not fit 32 bits. The size reaches the kernel as a long, the
// run builds the 64-bit index variant, and the values written (which
// depend on the whole index) are gfortran's.
func TestRunInt64Window(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := filepath.Join(kernelsDir, "loop_int64_window.f90")
	irk, err := frontEnd(t, file).Kernel("window64")
	if err != nil {
		t.Fatal(err)
	}
	const n = 3000000005
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 4))
	a, b := randomArray(rng, npy.Float64, []int{8}), randomArray(rng, npy.Float64, []int{8})
	in, out := filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")
	writeNpy(t, in, a, false)
	code, _, stderr := cli(t, "run", file, "--device", testDevice(), "--set", "n=3000000005", "--in", "a="+in, "--out", "b="+out)
	if code != 0 {
		t.Fatalf("forocl run: exit %d:\n%s", code, stderr)
	}
	exe, err := oracle.Build(codegen.Interface(irk), []string{file}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want, err := exe.Run(map[string]float64{"n": n}, map[string]*npy.Array{"a": a, "b": b})
	if err != nil {
		t.Fatal(err)
	}
	compareArrays(t, "window64", "b", readNpy(t, out), want["b"], 1e-12)
}

// TestRunSizePast32Bits: a default-integer size given a value past 2**31
// is refused before anything runs, naming the size and the value; it is
// never narrowed. Declared integer(8), the same size runs (above).
func TestRunSizePast32Bits(t *testing.T) {
	orig, err := os.ReadFile(filepath.Join(kernelsDir, "loop_int64_window.f90"))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.NewReplacer("integer(int64), intent(in) :: n", "integer, intent(in) :: n", "window64", "window32").Replace(string(orig))
	if src == string(orig) {
		t.Fatal("the kernel's declaration of n changed; update this test")
	}
	file := writeFile(t, "win32.f90", src)
	code, _, stderr := cli(t, "run", file, "--device", testDevice(), "--set", "n=3000000005")
	if want := `--set n=3000000005: 3000000005 is outside the range of integer`; code == 0 || !strings.Contains(stderr, want) {
		t.Fatalf("exit %d, want a refusal containing %q:\n%s", code, want, stderr)
	}
}
