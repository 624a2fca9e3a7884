package sema

import (
	"strings"
	"testing"
)

// TestUseRenames: a procedure used under a local name (use m, only: g
// => f; use m, h => f), as tsunami's mod_field uses mod_diff's diffx as
// diffx_real, is the module's procedure.
func TestUseRenames(t *testing.T) {
	src := `module fm
  implicit none
contains
  pure real function f(x)
    real, intent(in) :: x
    f = 2*x + 1
  end function f
end module fm
module km
  use fm, only: g => f
  use fm, h => f
  implicit none
contains
  subroutine k(n, a, b)
  !$OFP PURE, KERNEL :: k
    integer, intent(in) :: n
    real, intent(in) :: a(n)
    real, intent(out) :: b(n)
    integer :: i
    do concurrent (i = 1:n)
      b(i) = g(a(i)) + h(a(i))
    end do
  end subroutine k
end module km
`
	prog, _, text := checkSrc(t, src)
	if prog == nil {
		t.Fatalf("renamed functions refused:\n%s", text)
	}
	ir := irText(prog)
	if strings.Count(ir, "f(a(i))") != 2 {
		t.Errorf("want two calls of f in:\n%s", ir)
	}
}

// TestStructLocality: local(t) of a structure names its components, each
// a scalar local of the iteration (Note [derived-type dummies]).
func TestStructLocality(t *testing.T) {
	src := `module locm
  implicit none
  type :: pt
    real(8) :: x, y
  end type
contains
  subroutine k(n, p, a)
  !$OFP PURE, KERNEL :: k
    integer, intent(in) :: n
    type(pt), intent(in) :: p(n)
    real(8), intent(out) :: a(n)
    type(pt) :: t
    integer :: i
    do concurrent (i = 1:n) local(t)
      t%x = p(i)%y
      t%y = p(i)%x
      a(i) = t%x - 2*t%y
    end do
  end subroutine k
end module locm
`
	prog, _, text := checkSrc(t, src)
	if prog == nil {
		t.Fatalf("local(t) of a structure refused:\n%s", text)
	}
	if ir := irText(prog); !strings.Contains(ir, "local t%x real(8)") || !strings.Contains(ir, "t%x = p%y(i)") {
		t.Errorf("want t%%x a local assigned in the nest:\n%s", ir)
	}
}
