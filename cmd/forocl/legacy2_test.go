package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// compare on a file whose main program uses a module that no file holds
// (a timer whose C half lives elsewhere, as in ftt-research's
// shallow_water_f.f90): the serial build blanks the program, so the
// module needs no source; the kernel's face array is filled by one nest
// and read by the next (Note [local arrays shared across nests] in
// package sema).
func TestCompareProgramOnlyModule(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	dir := t.TempDir()
	src := `program main
  use clock_mod
  real :: h(10)
  call tic()
  call faces(h)
end program main

subroutine faces(h)
  real, intent(inout) :: h(10)
  real :: hx(9)
  integer :: i
  do i = 1, 9
    hx(i) = 0.5*(h(i) + h(i+1))
  end do
  do i = 2, 9
    h(i) = h(i) + 0.1*(hx(i-1) - hx(i))
  end do
end subroutine faces
`
	file := filepath.Join(dir, "faces.f90")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "faces", "--device", testDevice())
	if want := `(?m)^h\s+real\(4\)\s+\(1:10\)\s+identical$`; code != 0 || !regexp.MustCompile(want).MatchString(stdout) {
		t.Errorf("exit %d, want a line matching %s:\n%s%s", code, want, stdout, stderr)
	}
}

// TestRunInnerZeroStep: a sequential DO inside a nest whose step is a
// dummy's expression (do m = n, i, -stride; Note [inner variable steps]
// in sema/innerstep.go) stops before any launch when the step is 0, with
// an error naming the loop's line, and writes no output; another step
// runs.
func TestRunInnerZeroStep(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.npy")
	args := func(s string) []string {
		return []string{"run", filepath.Join(kernelsDir, "loop_suffix_sums.f90"), "--kernel", "suffix_sums",
			"--set", "n=10", "--set", "stride=" + s, "--grid", "10", "--out", "b=" + out}
	}
	code, stdout, stderr := cli(t, args("0")...)
	want := "forocl: kernel \"suffix_sums\": line 13: the step of the loop over \"m\" is zero\n"
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("stride=0: exit %d, stdout %q, stderr %q; want exit 1 and %q", code, stdout, stderr, want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("stride=0 wrote %s", out)
	}
	if code, _, stderr := cli(t, args("3")...); code != 0 {
		t.Errorf("stride=3: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("stride=3: %v", err)
	}
}
