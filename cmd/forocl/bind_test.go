package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/npy"
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

// Issue 20, item 6: an integer input that real(4) cannot hold exactly was
// rounded (16777217 became 16777216) with only a note; the error names
// the array and the element from its declared lower bound.
func TestRunRefusesInexactIntegers(t *testing.T) {
	f := writeSource(t, "sw.f90", haloStep)
	dir := t.TempDir()
	for _, a := range []*npy.Array{
		{DType: npy.Int32, Shape: []int{4}, I32: []int32{1, 2, 16777217, 4}},
		{DType: npy.Int64, Shape: []int{4}, I64: []int64{1, 2, 16777217, 4}},
	} {
		in := filepath.Join(dir, "u.npy")
		if err := npy.Write(in, a); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := cli(t, "run", f, "--kernel", "step", "--set", "n=2", "--in", "u="+in, "--device", testDevice())
		want := fmt.Sprintf(`forocl: --in u=%s: %s is %v and real(4) dummy "u" cannot hold all its values: element u(2) = 16777217 cannot be held exactly by real(4) (it would become 16777216); give values real(4) holds exactly, or declare "u" real(8)`+"\n", in, in, a.DType)
		if code != 1 || errOut != want {
			t.Errorf("%v: exit %d, stderr %q\nwant 1 and %q", a.DType, code, errOut, want)
		}
	}
	code, _, errOut := cli(t, "run", f, "--kernel", "step", "--set", "n=true", "--grid", "4", "--device", testDevice())
	if code != 1 || !strings.Contains(errOut, `--set n=true: scalar "n" is an integer; give a whole number, not a logical`) {
		t.Errorf("n=true: exit %d, stderr %q", code, errOut)
	}
}

// Issue 20, item 22: a misspelt --kernel next to valid ones was ignored
// (check and build exit 0); every command now refuses it with the
// closest name.
func TestKernelFlagUnknown(t *testing.T) {
	f := filepath.Join(kernelsDir, "jacobi5.f90")
	out := t.TempDir()
	for _, args := range [][]string{
		{"check", f, "--kernel", "residual5", "--kernel", "jacobi5_stpe"},
		{"build", f, "--kernel", "jacobi5_stpe", "-o", out},
		{"dump", "--stage=ir", f, "--kernel", "jacobi5_stpe"},
		{"run", f, "--kernel", "jacobi5_stpe", "--set", "h=1", "--grid", "8x8", "--device", testDevice()},
	} {
		code, stdout, errOut := cli(t, append(args, "-I", regionsDir)...)
		want := f + ":1:1: error: --kernel jacobi5_stpe names no subroutine in this file [kernel-flag-unknown]"
		if code != 1 || !strings.HasPrefix(errOut, want) || !strings.Contains(errOut, "hint: did you mean --kernel jacobi5_step?") || stdout != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q\nwant 1 and %s", args[0], code, stdout, errOut, want)
		}
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("build wrote %d files", len(entries))
	}
	code, _, errOut := cli(t, "check", "-I", regionsDir, f, "--kernel", "jacobi6")
	if code != 1 || !strings.Contains(errOut, "hint: the subroutines are jacobi5_step, residual5") {
		t.Errorf("no close name: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := cli(t, "check", "-I", regionsDir, f, "--kernel", "JACOBI5_STEP"); code != 0 {
		t.Errorf("a name in another case: exit %d, stderr %q", code, errOut)
	}
}

// Issue 20, item 22: --steps 0 ran once silently (with --swap it said
// "give --steps N"); 0 and negative counts are usage errors naming the
// flag.
func TestRunStepsCount(t *testing.T) {
	f := writeSource(t, "sw.f90", haloStep)
	for _, n := range []string{"0", "-3"} {
		for _, extra := range [][]string{nil, {"--swap", "u=ou"}} {
			args := append([]string{"run", f, "--kernel", "step", "--set", "n=8", "--grid", "10", "--steps", n, "--device", testDevice()}, extra...)
			code, _, errOut := cli(t, args...)
			want := "forocl: --steps " + n + ": want the number of steps to run, 1 or more (leave --steps out to run the kernel once)\n"
			if code != 2 || errOut != want {
				t.Errorf("%v: exit %d, stderr %q\nwant 2 and %q", args[8:], code, errOut, want)
			}
		}
	}
}

// Issue 20: an invalid --go-package name gave an internal error (the
// generated Go did not parse); it is a usage error with the rule.
func TestBuildGoPackageName(t *testing.T) {
	f := filepath.Join(kernelsDir, "jacobi5.f90")
	for _, name := range []string{"my-pkg", "type", "_", "9a", "a.b"} {
		out := t.TempDir()
		code, _, errOut := cli(t, "build", "-I", regionsDir, f, "--go-package", name, "-o", out)
		want := fmt.Sprintf("forocl: --go-package %q: want a Go package name: a letter or _ and then letters, digits or _ (not a Go keyword, not _ alone), such as heatcl\n", name)
		if code != 2 || errOut != want {
			t.Errorf("%s: exit %d, stderr %q\nwant 2 and %q", name, code, errOut, want)
		}
		if entries, _ := os.ReadDir(out); len(entries) != 0 {
			t.Errorf("%s: build wrote %d files", name, len(entries))
		}
	}
	if code, _, errOut := cli(t, "build", "-I", regionsDir, f, "--go-package", "jacobi_cl", "-o", t.TempDir()); code != 0 {
		t.Errorf("jacobi_cl: exit %d, stderr %q", code, errOut)
	}
}
