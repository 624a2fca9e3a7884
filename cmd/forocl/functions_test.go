package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/forocl/forocl/npy"
)

// TestCompareExternalFunctionInOtherFile: a loop kernel calls an F77
// external function (REAL*8, typed in the kernel by a declaration only)
// that another file on the command line defines (Note [user functions]
// in sema/functions.go); forocl compare builds both files with gfortran
// and the device's output is identical. Without the second file the call
// is refused with function-undefined.
func TestCompareExternalFunctionInOtherFile(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	dir := t.TempDir()
	lim := filepath.Join(dir, "minmod.f")
	kern := filepath.Join(dir, "slope.f90")
	write := func(path, src string) {
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(lim, `      REAL*8 FUNCTION MINMOD(A,B)
      REAL*8 A,B
      IF (A*B .LE. 0D0) THEN
        MINMOD = 0D0
      ELSE
        MINMOD = SIGN(MIN(ABS(A),ABS(B)),A)
      ENDIF
      END
`)
	write(kern, `subroutine slope(n, u, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n)
  real(8), intent(out) :: s(n)
  real(8) :: minmod
  integer :: i
  !$omp parallel do
  do i = 2, n-1
    s(i) = minmod(u(i)-u(i-1), u(i+1)-u(i))
  end do
end subroutine
`)
	code, stdout, stderr := cli(t, "compare", kern, lim, "--kernel", "slope", "--device", testDevice(), "--set", "n=41")
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	if !regexp.MustCompile(`(?m)^s\s+real\(8\)\s+\(1:41\)\s+identical$`).MatchString(stdout) {
		t.Errorf("no identical line for s in:\n%s", stdout)
	}
	code, _, stderr = cli(t, "check", kern, "--kernel", "slope")
	if code != 1 || !regexp.MustCompile(`\[function-undefined\]`).MatchString(stderr) {
		t.Errorf("without minmod.f: exit %d, want 1 and function-undefined:\n%s", code, stderr)
	}
}

// TestRunFunctionKernelOut: an array-valued function run as a kernel
// (Note [function kernels] in sema/kernelfn.go) returns its result
// through --out named by the result's name, with the values of the
// centred difference.
func TestRunFunctionKernelOut(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	x := &npy.Array{DType: npy.Float32, Shape: []int{6}, F32: []float32{1, 4, 9, 16, 25, 36}}
	in, out := filepath.Join(dir, "x.npy"), filepath.Join(dir, "dx.npy")
	if err := npy.Write(in, x); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(kernelsDir, "func_kernel.f90")
	code, stdout, stderr := cli(t, "run", file, "--kernel", "centred_diff", "--device", testDevice(), "--in", "x="+in, "--out", "dx="+out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	got := readNpy(t, out)
	want := []float32{0.5 * (4 - 36), 0.5 * (9 - 1), 0.5 * (16 - 4), 0.5 * (25 - 9), 0.5 * (36 - 16), 0.5 * (1 - 25)}
	if len(got.F32) != len(want) {
		t.Fatalf("dx has %d elements, want %d", len(got.F32), len(want))
	}
	for i := range want {
		if got.F32[i] != want[i] {
			t.Errorf("dx(%d) = %g, want %g", i+1, got.F32[i], want[i])
		}
	}
}
