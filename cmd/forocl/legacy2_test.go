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
