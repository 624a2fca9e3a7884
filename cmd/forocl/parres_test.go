package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// writeTemp writes text to a file named name in a fresh folder and
// returns its path.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCompareDefines: forocl compare gives gfortran the -D macros it read
// the file with. RADIUS has no default, so gfortran fails without it, and
// STAR picks the branch that the device runs too: with -U STAR it would
// be the other.
func TestCompareDefines(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := writeTemp(t, "macros.F90", `subroutine spread(n, a, b)
  integer, intent(in) :: n
  real(8), intent(in) :: a(n)
  real(8), intent(out) :: b(n)
  integer :: i
  do i = 1, n
#ifdef STAR
    b(i) = RADIUS*a(i)
#else
    b(i) = -a(i)
#endif
  end do
end subroutine spread
`)
	for _, undef := range []bool{false, true} {
		args := []string{"compare", file, "--kernel", "spread", "--device", testDevice(), "--set", "n=11", "-D", "RADIUS=2", "-D", "STAR"}
		if undef {
			args = append(args, "-U", "STAR")
		}
		code, stdout, stderr := cli(t, args...)
		if code != 0 || !regexp.MustCompile(`(?m)^b\s+real\(8\)\s+\(1:11\)\s+identical$`).MatchString(stdout) {
			t.Errorf("-U STAR %v: exit %d:\n%s%s", undef, code, stdout, stderr)
		}
	}
}

// programFile is a benchmark-style file: the kernels are contained in the
// main program, which also holds the caller; shift uses only its
// dummies and the program's named constant, scaled reads the program's
// variable factor by host association.
const programFile = `program bench
  implicit none
  integer, parameter :: halo = 1
  integer, parameter :: n = 9
  real(8) :: factor, a(n), b(n)
  factor = 2.0d0
  a = 1.0d0
  call shift(n, a, b)
  b = scaled(a)
  print *, b
contains
  subroutine shift(m, x, y)
    integer, intent(in) :: m
    real(8), intent(in) :: x(m)
    real(8), intent(out) :: y(m)
    integer :: i
    y(1) = 0.0d0
    do i = 1 + halo, m
      y(i) = x(i) - 0.5d0*x(i - halo)
    end do
  end subroutine shift
  pure elemental function scaled(x) result(y)
    real(8), intent(in) :: x
    real(8) :: y
    y = factor*x
  end function scaled
end program bench
`

// TestProgramContained: a procedure contained in a main program is a
// candidate kernel. forocl check lists both; --kernel takes shift, and
// compare matches gfortran, whose serial build turns the program into a
// module; scaled, an elemental function, is refused at its use of the
// program's variable (a loop kernel takes it as a parameter:
// TestCompareProgramVariables).
func TestProgramContained(t *testing.T) {
	file := writeTemp(t, "bench.f90", programFile)
	code, _, stderr := cli(t, "check", file)
	if code != 0 || !strings.Contains(stderr, "forocl takes shift with --kernel NAME, and refuses scaled") {
		t.Errorf("check: exit %d, want the candidates shift (taken) and scaled (refused):\n%s", code, stderr)
	}
	code, _, stderr = cli(t, "check", file, "--kernel", "scaled")
	want := `bench.f90:25:9: error: "scaled" uses "factor", a variable of program "bench", by host association; a kernel receives its data as arguments [host-associated]`
	if code == 0 || !strings.Contains(stderr, want) {
		t.Errorf("check --kernel scaled: exit %d, want\n%s\ngot:\n%s", code, want, stderr)
	}
	requireOpenCL(t)
	requireGfortran(t)
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "shift", "--device", testDevice(), "--set", "m=13")
	if code != 0 || !regexp.MustCompile(`(?m)^y\s+real\(8\)\s+\(1:13\)\s+identical$`).MatchString(stdout) {
		t.Errorf("compare: exit %d:\n%s%s", code, stdout, stderr)
	}
}

// TestCompareBesideProgram: a kernel in a file that also holds the main
// program calling it (two main programs once linked with the serial
// driver): the serial build leaves the program out, and preprocessor
// conditionals inside it stay balanced.
func TestCompareBesideProgram(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := writeTemp(t, "beside.F90", `subroutine twice(m, x, y)
  integer, intent(in) :: m
  real(8), intent(in) :: x(m)
  real(8), intent(out) :: y(m)
  integer :: i
  do i = 1, m
    y(i) = 2.0d0*x(i)
  end do
end subroutine twice
program main
  implicit none
  real(8) :: a(4), b(4)
  a = 1.0d0
#ifdef VERBOSE
  print *, 'calling'
#endif
  call twice(4, a, b)
  print *, b
end program main
`)
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "twice", "--device", testDevice(), "--set", "m=7")
	if code != 0 || !regexp.MustCompile(`(?m)^y\s+real\(8\)\s+\(1:7\)\s+identical$`).MatchString(stdout) {
		t.Errorf("compare: exit %d:\n%s%s", code, stdout, stderr)
	}
}

// TestCompleteCandidates: a file that marks no kernel completes --kernel
// with the procedures forocl check lists: those it takes (shift, also
// contained in the main program), then those it refuses, described so;
// the prefix filters them.
func TestCompleteCandidates(t *testing.T) {
	file := writeTemp(t, "bench.f90", programFile)
	code, stdout, _ := cli(t, "__complete", "check", file, "--kernel", "")
	want := "shift\nscaled\trefused: forocl check --kernel scaled says why\n:4\n"
	if code != 0 || !strings.HasPrefix(stdout, want) {
		t.Errorf("exit %d, got\n%q\nwant it to start with\n%q", code, stdout, want)
	}
	code, stdout, _ = cli(t, "__complete", "check", file, "--kernel", "Sc")
	if want := "scaled\trefused: forocl check --kernel scaled says why\n:4\n"; code != 0 || !strings.HasPrefix(stdout, want) {
		t.Errorf("prefix Sc: exit %d, got\n%q\nwant it to start with\n%q", code, stdout, want)
	}
}

// TestCompleteRunCandidates: forocl run completes --kernel of a file that
// marks no kernel with the same candidates.
func TestCompleteRunCandidates(t *testing.T) {
	file := writeTemp(t, "bench.f90", programFile)
	code, stdout, _ := cli(t, "__complete", "run", file, "--kernel", "sh")
	if want := "shift\n:4\n"; code != 0 || !strings.HasPrefix(stdout, want) {
		t.Errorf("exit %d, got\n%q\nwant it to start with\n%q", code, stdout, want)
	}
}

// TestCompareModuleOrder: the file that defines a module is given after
// the one that uses it (a kernel contained in a program that uses it, as
// ParRes's pic.F90 uses prk); gfortran compiles them in dependency order.
func TestCompareModuleOrder(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	mod := writeTemp(t, "consts.f90", "module consts\n  implicit none\n  real(8), parameter :: half = 0.5d0\nend module consts\n")
	user := writeTemp(t, "user.f90", `program user
  use consts
  implicit none
  real(8) :: a(5), b(5)
  a = 1.0d0
  call halve(5, a, b)
contains
  subroutine halve(m, x, y)
    integer, intent(in) :: m
    real(8), intent(in) :: x(m)
    real(8), intent(out) :: y(m)
    integer :: i
    do i = 1, m
      y(i) = half*x(i)
    end do
  end subroutine halve
end program user
`)
	code, stdout, stderr := cli(t, "compare", user, mod, "--kernel", "halve", "--device", testDevice(), "--set", "m=9")
	if code != 0 || !regexp.MustCompile(`(?m)^y\s+real\(8\)\s+\(1:9\)\s+identical$`).MatchString(stdout) {
		t.Errorf("compare: exit %d:\n%s%s", code, stdout, stderr)
	}
}

// TestCompareProgramUsesModules: the serial build of a kernel contained
// in a main program gets the modules the program uses, not only the
// kernel's: one whose source an -I folder holds, and one that an -I
// folder holds only compiled (NAME.mod, as Open MPI ships mpi_f08.mod),
// which gfortran reads itself.
func TestCompareProgramUsesModules(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	src, compiled := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "helpers.f90"), []byte("module helpers\n  implicit none\ncontains\n  subroutine report(x)\n    real(8), intent(in) :: x(:)\n    print *, sum(x)\n  end subroutine report\nend module helpers\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	consts := filepath.Join(compiled, "consts.f90")
	if err := os.WriteFile(consts, []byte("module consts\n  integer, parameter :: nwork = 4\nend module consts\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("gfortran", "-c", "-J", compiled, "-o", filepath.Join(compiled, "consts.o"), consts).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	os.Remove(consts)
	file := writeTemp(t, "main.f90", `program main
  use helpers
  use consts
  implicit none
  real(8) :: a(nwork), b(nwork)
  a = 1.0d0
  call twice(nwork, a, b)
  call report(b)
contains
  subroutine twice(m, x, y)
    integer, intent(in) :: m
    real(8), intent(in) :: x(m)
    real(8), intent(out) :: y(m)
    integer :: i
    do i = 1, m
      y(i) = 2.0d0*x(i)
    end do
  end subroutine twice
end program main
`)
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "twice", "-I", src, "-I", compiled, "--device", testDevice(), "--set", "m=7")
	if code != 0 || !regexp.MustCompile(`(?m)^y\s+real\(8\)\s+\(1:7\)\s+identical$`).MatchString(stdout) {
		t.Errorf("compare: exit %d:\n%s%s", code, stdout, stderr)
	}
}

// TestCompareProgramVariables: a loop kernel contained in a main program
// takes the program's arrays and scalars it uses as parameters, as it
// takes module variables (Note [contained in a program]): forocl compare
// sets them, and reads the arrays it writes back, through the module the
// serial build makes of the program.
func TestCompareProgramVariables(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := writeTemp(t, "fields.f90", `program fields
  implicit none
  integer, parameter :: nx = 9
  real :: gain = 2.0
  real :: e(nx), b(nx)
  e = 1.0
  call step(0.5)
  print *, b
contains
  subroutine step(dt)
    real, intent(in) :: dt
    b = b + dt*gain*(cshift(e, 1) - e)
  end subroutine step
end program fields
`)
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "step", "--device", testDevice(), "--set", "dt=0.5", "--set", "gain=1.5")
	if code != 0 || !regexp.MustCompile(`(?m)^b\s+real\(4\)\s+\(1:9\)\s+identical$`).MatchString(stdout) {
		t.Errorf("compare: exit %d:\n%s%s", code, stdout, stderr)
	}
}
