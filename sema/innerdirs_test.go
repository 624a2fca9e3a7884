package sema

import (
	"strings"
	"testing"
)

// TestNestDirectives: a directive inside a parallel nest that is not a
// loop directive is refused at its line, between the loops of a perfect
// nest or among the statements of its body; loop directives there are
// accepted; a directive in a region kernel is a warning. Before, all of
// them were dropped in silence.
func TestNestDirectives(t *testing.T) {
	const head = "!$OFP PURE, KERNEL :: k\nsubroutine k(n, a, b)\n  integer, intent(in) :: n\n  real, intent(in) :: a(n, n)\n  real, intent(out) :: b(n, n)\n  integer :: i, j\n  real :: t\n"
	for _, tc := range []struct{ body, want string }{
		{"!$omp parallel do private(t)\ndo j = 1, n\n!$omp barrier\ndo i = 1, n\nb(i, j) = a(i, j)\nend do\nend do\n",
			"t.f90:10:1: error: !$omp barrier inside a parallel loop nest has no translation [loop-directive-inner]"},
		{"!$omp parallel do private(t)\ndo j = 1, n\ndo i = 1, n\nt = a(i, j)\n!$omp critical\nb(i, j) = t\n!$omp end critical\nend do\nend do\n",
			"t.f90:12:1: error: !$omp critical inside a parallel loop nest has no translation [loop-directive-inner]"},
		{"!$acc parallel loop\ndo j = 1, n\n!$acc loop vector\ndo i = 1, n\nb(i, j) = a(i, j)\nend do\nend do\n", ""},
		{"!$omp parallel do\ndo j = 1, n\n!$omp simd\ndo i = 1, n\nb(i, j) = a(i, j)\nend do\n!$omp end simd\nend do\n", ""},
	} {
		_, d, out := checkSrc(t, head+tc.body+"end subroutine\n")
		if tc.want == "" {
			if d.HasErrors() {
				t.Errorf("%q: unexpected errors:\n%s", tc.body, out)
			}
			continue
		}
		if !strings.Contains(out, tc.want) {
			t.Errorf("%q: want %q in:\n%s", tc.body, tc.want, out)
		}
	}
	src := "module m\ncontains\n!$OFP PURE, KERNEL :: ax\nelemental subroutine ax(x, y)\n  !$omp declare simd(ax)\n  real, intent(in) :: x\n  real, intent(out) :: y\n  y = 2*x\nend subroutine\nend module\n"
	_, _, out := checkSrc(t, src)
	if want := "t.f90:5:3: warning: !$omp declare simd has no effect in an elemental subroutine"; !strings.Contains(out, want) {
		t.Errorf("want %q in:\n%s", want, out)
	}
}
