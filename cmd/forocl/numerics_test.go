package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

const int64Source = `module i8
  implicit none
contains
  subroutine stats8(x, mx, mn, h, lo, kk, ilo, y)
  !$OFP PURE, KERNEL :: stats8
    integer(8), dimension(:), contiguous, intent(in) :: x
    integer(8), intent(out) :: mx, mn, h, lo
    integer, intent(out) :: kk, ilo
    integer, parameter :: k8 = kind(0_8), imin = -huge(0) - 1
    integer(8), parameter :: lmin = -huge(0_8) - 1_8
    integer(kind(0_8)), dimension(:), contiguous, intent(out) :: y
    mx = maxval(x)
    mn = minval(x)
    h = -huge(0_8)
    lo = lmin
    kk = k8
    ilo = imin
    y = x + 5000000000_8
  end subroutine
end module
`

// TestRunInt64Results: integer(8) results print (the run panicked, exit
// 3, after its --out files were written), huge(0_8) and kind(0_8) fold to
// integer(8)'s (they gave 0 and 4, so integer(kind(0_8)) arrays were
// int32), the least integer(4) and integer(8) are valid OpenCL
// literals, and maxval and minval of values below -2^31 are exact (the
// fold started from -huge(0)).
func TestRunInt64Results(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "i8.f90")
	if err := os.WriteFile(src, []byte(int64Source), 0o644); err != nil {
		t.Fatal(err)
	}
	x := &npy.Array{DType: npy.Int64, Shape: []int{3}, I64: []int64{-5e9, -6e9, -7e9}}
	writeNpy(t, filepath.Join(dir, "x.npy"), x, false)
	y := filepath.Join(dir, "y.npy")
	code, stdout, stderr := cli(t, "run", src, "--kernel", "stats8", "--device", testDevice(),
		"--in", "x="+filepath.Join(dir, "x.npy"), "--out", "y="+y)
	want := "mx = -5000000000\nmn = -7000000000\nh = -9223372036854775807\nlo = -9223372036854775808\nkk = 8\nilo = -2147483648\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Fatalf("exit %d, stdout\n%s\nwant\n%s\nstderr %s", code, stdout, want, stderr)
	}
	got := readNpy(t, y)
	if got.DType != npy.Int64 || fmt.Sprint(got.I64) != "[0 -1000000000 -2000000000]" {
		t.Errorf("y is %v %v %v, want int64 [0 -1000000000 -2000000000]", got.DType, got.I64, got.I32)
	}
}

// TestFormatResults: results are spelled before any output is written
// (formatResults panics, as an internal error, on a result the runner did
// not return); integer(8) values print in full.
func TestFormatResults(t *testing.T) {
	k := &abi.Kernel{Name: "k", Params: []abi.Param{{Name: "m", Kind: abi.Int64, Intent: abi.Out}}}
	r := &runner.Result{Outputs: map[string]*npy.Array{"m": {DType: npy.Int64, Shape: []int{}, I64: []int64{-1 << 63}}}}
	if got := formatResults(k, r); got["m"] != "-9223372036854775808" {
		t.Errorf("m = %q", got["m"])
	}
	defer func() {
		if p := fmt.Sprint(recover()); !strings.HasPrefix(p, "internal error: the runner returned no") {
			t.Errorf("panic %q, want an internal error", p)
		}
	}()
	formatResults(k, &runner.Result{Outputs: map[string]*npy.Array{}})
}
