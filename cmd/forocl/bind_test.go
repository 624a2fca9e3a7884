package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/runner"
)

// writeSource writes a Fortran file into a test folder and returns its path.
func writeSource(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// haloStep reads u(0:n+1) and writes ou(n): a swap of the two would
// exchange buffers of different shapes.
const haloStep = `module m
  implicit none
contains
  subroutine step(n, u, ou)
    integer, intent(in) :: n
    real, intent(in) :: u(0:n+1)
    real, intent(out) :: ou(n)
    integer :: i
    do concurrent (i = 1:n)
      ou(i) = 0.5*(u(i-1) + u(i+1))
    end do
  end subroutine step
end module m
`

// fillKernel is a loop kernel whose output is shaped by --set sizes.
const fillKernel = `module m
  implicit none
contains
  subroutine fill(nx, ny, a)
    integer, intent(in) :: nx, ny
    real, intent(out) :: a(nx, ny)
    integer :: i, j
    do concurrent (j = 1:ny, i = 1:nx)
      a(i,j) = i + j
    end do
  end subroutine fill
end module m
`

// Issue 20, item 5: --swap of arrays of different shapes ran with exit 0
// and wrote shifted values.
func TestRunSwapShapes(t *testing.T) {
	f := writeSource(t, "sw.f90", haloStep)
	out := filepath.Join(t.TempDir(), "o.npy")
	code, _, errOut := cli(t, "run", f, "--kernel", "step", "--set", "n=8", "--grid", "10", "--steps", "3", "--swap", "u=ou", "--out", "ou="+out, "--device", testDevice())
	want := `forocl: --swap u=ou: "u" has shape (10) but "ou" has shape (8) (kernel "step" declares u(n + 2) and ou(n)); only arrays of one shape can be swapped`
	if code != 1 || !strings.HasPrefix(errOut, want) {
		t.Errorf("exit %d, stderr %q\nwant 1 and %s", code, errOut, want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s was written", out)
	}
}

// Issue 20, item 18: an output shaped by --set sizes beyond the host's
// memory crashed with Go's out-of-memory dump.
func TestRunHostMemoryFromSets(t *testing.T) {
	saved := runner.HostMemory
	runner.HostMemory = func() (int64, bool) { return 1 << 30, true }
	defer func() { runner.HostMemory = saved }()
	f := writeSource(t, "big.f90", fillKernel)
	code, _, errOut := cli(t, "run", f, "--kernel", "fill", "--set", "nx=65536", "--set", "ny=65536", "--device", testDevice())
	want := `forocl: kernel "fill" with nx=65536, ny=65536 needs 32.0 GiB (34359738368 bytes) of host memory for its arrays but 1.0 GiB (1073741824 bytes) is available; give smaller sizes or arrays` + "\n"
	if code != 1 || errOut != want {
		t.Errorf("exit %d, stderr %q\nwant 1 and %q", code, errOut, want)
	}
}
