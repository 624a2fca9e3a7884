package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// legacyFile is an existing Fortran file as a user has it: no marks, one
// loop subroutine forocl takes, one it refuses (it writes a whole array
// to a unit), an array function it takes and a scalar helper that is
// not a candidate.
const legacyFile = `module legacy
  implicit none
contains
  subroutine report(n, a)
    integer :: n
    real :: a(n)
    write(*,*) a
  end subroutine report
  subroutine shift(n, a)
    integer :: n, i
    real :: a(n)
    !$omp parallel do
    do i = 1, n
      a(i) = a(i) + 1.0
    end do
  end subroutine shift
  pure function twice(x) result(y)
    real, intent(in) :: x(:)
    real :: y(size(x))
    y = 2 * x
  end function twice
  pure real function half(a)
    real, intent(in) :: a
    half = a / 2
  end function half
end module legacy
`

// TestCheckListsCandidates (issue 26): forocl check on a file that marks
// no kernel, without --kernel, lists on stdout every procedure --kernel
// could name, in source order, with "accepted" or the first error that
// refuses it; it still exits 0 with the no-kernels warning. With --kernel,
// or on a file that marks a kernel, it lists nothing.
func TestCheckListsCandidates(t *testing.T) {
	file := writeTemp(t, "legacy.f90", legacyFile)
	code, stdout, stderr := cli(t, "check", file)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if code != 0 || !strings.Contains(stderr, "[no-kernels]") || len(lines) != 4 {
		t.Fatalf("exit %d, want 0, the no-kernels warning and a header and three procedures; stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	want := []string{
		"no kernel is marked; the procedures --kernel NAME can name:",
		"  report  refused: " + file + ":7:",
		"  shift   accepted",
		"  twice   accepted",
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want it to start with %q", i+1, lines[i], w)
		}
	}
	// The refusal is the first error check --kernel report prints.
	_, _, errOut := cli(t, "check", file, "--kernel", "report")
	first, _, _ := strings.Cut(errOut, "\n")
	first = strings.Replace(first, ": error: ", ": ", 1)
	if !strings.HasPrefix(first, file+":7:") {
		t.Fatalf("check --kernel report: want an error at line 7 first, got:\n%s", errOut)
	}
	if got := strings.TrimPrefix(lines[1], "  report  refused: "); got != first {
		t.Errorf("listed refusal %q, but check --kernel report says first %q", got, first)
	}
	for _, args := range [][]string{
		{"check", file, "--kernel", "shift"},
		{"check", "-I", regionsDir, kernelsDir + "/jacobi5.f90"},
	} {
		if code, stdout, stderr := cli(t, args...); code != 0 || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q (want none), stderr %q", args, code, stdout, stderr)
		}
	}
}

// TestKernelFlagNamesNothing (issue 22 item 6): a --kernel that names no
// procedure is an error in every command, also when the other --kernel
// names match, when the name is a prefix of one (no guessing), and when it
// names the module or a scalar helper function rather than a candidate.
func TestKernelFlagNamesNothing(t *testing.T) {
	file := writeTemp(t, "legacy.f90", legacyFile)
	for _, args := range [][]string{
		{"check", file, "--kernel", "shift", "--kernel", "shif"},
		{"check", file, "--kernel", "shif"},
		{"check", file, "--kernel", "legacy"},
		{"build", file, "--kernel", "shift", "--kernel", "shifts", "-o", t.TempDir()},
		{"dump", "--stage=ir", file, "--kernel", "twice", "--kernel", "twic"},
		{"compare", file, "--kernel", "shif", "--set", "n=4"},
		{"run", file, "--kernel", "shif", "--set", "n=4", "--grid", "4"},
	} {
		code, stdout, stderr := cli(t, args...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "[kernel-flag-unknown]") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 and kernel-flag-unknown", args, code, stdout, stderr)
		}
	}
}

// TestHelpSaysWhatForoclTakes (issue 26): forocl --help and the help of
// every command that reads Fortran say what forocl takes, the legacy forms
// first (it described only pure, elemental and !$OFP kernels); the root
// help also names the ways to keep a program: port, the Fortran and Go
// hosts.
func TestHelpSaysWhatForoclTakes(t *testing.T) {
	takes := []string{"--kernel NAME", "DO loop", "DO CONCURRENT", "!$omp parallel do", "!$acc parallel loop", "array syntax", "WHERE", "elemental", "pure", "region_cpy"}
	for _, cmd := range [][]string{{"--help"}, {"check", "--help"}, {"build", "--help"}, {"run", "--help"}, {"compare", "--help"}, {"dump", "--help"}, {"port", "--help"}} {
		code, stdout, stderr := cli(t, cmd...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", cmd, code, stderr)
		}
		help := strings.Join(strings.Fields(stdout), " ")
		for _, w := range takes {
			if !strings.Contains(help, w) {
				t.Errorf("forocl %v does not say %q", cmd, w)
			}
		}
	}
	_, stdout, _ := cli(t, "--help")
	for _, w := range []string{"forocl check legacy.f90", "forocl compare", "port", "build --fortran", "--go-package"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("forocl --help does not say %q", w)
		}
	}
}

// TestReadmeLegacy (issue 26): README.md's first section, "Your Fortran as
// it is", shows a file and what forocl check and forocl compare print for
// it; both commands print exactly that.
func TestReadmeLegacy(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	m := regexp.MustCompile("(?s)```fortran\n(! smooth.f90.*?)```").FindStringSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no ```fortran block that starts with \"! smooth.f90\"")
	}
	t.Chdir(t.TempDir()) // the outputs name the file as given: smooth.f90
	if err := os.WriteFile("smooth.f90", []byte(m[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	shown := func(cmd string) string {
		i := strings.Index(readme, "    $ "+cmd+"\n")
		if i < 0 {
			t.Fatalf("README.md does not show %q", cmd)
		}
		var out []string
		for _, ln := range strings.Split(readme[i:], "\n")[1:] {
			if !strings.HasPrefix(ln, "    ") {
				break
			}
			out = append(out, strings.TrimPrefix(ln, "    "))
		}
		return strings.Join(out, "\n") + "\n"
	}
	code, stdout, stderr := cli(t, "check", "smooth.f90")
	if want := shown("forocl check smooth.f90"); code != 0 || stdout != want {
		t.Errorf("forocl check smooth.f90: exit %d, prints\n%s\nthe README shows\n%s\nstderr:\n%s", code, stdout, want, stderr)
	}
	requireOpenCL(t)
	requireGfortran(t)
	cmd := "forocl compare smooth.f90 --kernel smooth --set n=200 --set m=100"
	code, stdout, stderr = cli(t, append(strings.Fields(cmd)[1:], "--device", testDevice())...)
	if want := shown(cmd); code != 0 || stdout != want {
		t.Errorf("%s: exit %d, prints\n%s\nthe README shows\n%s\nstderr:\n%s", cmd, code, stdout, want, stderr)
	}
}
