package main

import (
	"os"
	"path/filepath"
	"regexp"
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
