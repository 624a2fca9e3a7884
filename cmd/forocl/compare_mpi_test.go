package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestCompareLinksMPI: a kernel whose module also holds a procedure that
// calls MPI (use mpi_f08, as ftt-research's multigrid does) is compared
// without any flag for MPI: the serial build finds Open MPI's module
// files and links its library through mpif90's flags.
func TestCompareLinksMPI(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	if _, err := exec.LookPath("mpif90"); err != nil {
		t.Skip("no mpif90 (scripts/setup.sh installs Open MPI)")
	}
	src := `module relax
  use mpi_f08
  implicit none
contains
  subroutine smooth(n, a, b)
    integer, intent(in) :: n
    real, intent(in) :: a(0:n+1)
    real, intent(out) :: b(n)
    integer :: i
    do concurrent (i = 1:n)
      b(i) = 0.25*a(i-1) + 0.5*a(i) + 0.25*a(i+1)
    end do
  end subroutine smooth
  subroutine barrier()
    call MPI_Barrier(MPI_COMM_WORLD)
  end subroutine barrier
end module relax
`
	file := filepath.Join(t.TempDir(), "relax.f90")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "smooth", "--device", testDevice(), "--set", "n=13")
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	if !regexp.MustCompile(`(?m)^b\s+real\(4\)\s+\(1:13\)\s+identical$`).MatchString(stdout) {
		t.Errorf("no identical line for b in:\n%s", stdout)
	}
}
