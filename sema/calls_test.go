package sema

import (
	"strings"
	"testing"
)

// TestSubroutineCalls pins Note [subroutine calls] by lines of the IR:
// names that two callees would share get a suffix, an actual expression
// is evaluated into the dummy before the body runs (so the body's write
// of the variable the expression reads does not change it), and a dummy
// without intent is copied back only when the body assigns it.
func TestSubroutineCalls(t *testing.T) {
	const src = `module mm
contains
  subroutine a(x, y)
    real, intent(in) :: x
    real, intent(out) :: y
    real :: b_c
    b_c = x + 1.0
    y = b_c
  end subroutine
  subroutine a_b(x, y)
    real, intent(in) :: x
    real, intent(out) :: y
    real :: c
    c = x*2.0
    y = c
  end subroutine
  subroutine keep(x, y)
    real :: x, y
    y = x
  end subroutine
end module
!$OFP PURE, KERNEL :: k
subroutine k(n, u, v)
  use mm
  integer, intent(in) :: n
  real, intent(in) :: u(n)
  real, intent(out) :: v(n)
  real :: p, q
  integer :: i
  !$omp parallel do private(p, q)
  do i = 1, n
    p = u(i)
    call a(p + 1.0, p)
    call a_b(p, q)
    call keep(q, v(i))
  end do
end subroutine
`
	prog, list, text := checkSrc(t, src)
	if list.HasErrors() || prog == nil {
		t.Fatalf("unexpected diagnostics:\n%s", text)
	}
	got := irText(prog)
	for _, want := range []string{
		"local a_b_c real(4)",
		"local a_b_c_2 real(4)",
		"a_x = (p + 1.0)\n",
		"p = a_y\n",
		"a_b_c_2 = (a_b_x * 2.0)",
		"v(i) = keep_y\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("IR lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "q = keep_x") {
		t.Errorf("keep's x, which keep does not assign, is copied back:\n%s", got)
	}
	if i, j := strings.Index(got, "a_x = (p + 1.0)"), strings.Index(got, "a_y = a_b_c"); i < 0 || j < i {
		t.Errorf("the actual expression is not evaluated before the body:\n%s", got)
	}
}
