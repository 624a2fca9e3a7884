package sema

import (
	"slices"
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
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

// TestMatchArgs pins the argument matching that function references,
// CALLs and array-valued function inlining share: positional arguments
// first, keywords in any order, and each dummy once.
func TestMatchArgs(t *testing.T) {
	dummies := []ast.Ident{{Name: "x"}, {Name: "y"}, {Name: "z"}}
	pos := func() ast.Arg { return ast.Arg{} }
	kw := func(n string) ast.Arg { return ast.Arg{Keyword: &ast.Ident{Name: n}} }
	tests := []struct {
		name    string
		args    []ast.Arg
		dummy   []int
		why, at int
	}{
		{"positional", []ast.Arg{pos(), pos(), pos()}, []int{0, 1, 2}, argsMatch, 0},
		{"keywords in another order", []ast.Arg{pos(), kw("z"), kw("y")}, []int{0, 2, 1}, argsMatch, 0},
		{"too few", []ast.Arg{pos(), pos()}, nil, argsCount, 0},
		{"unknown keyword", []ast.Arg{pos(), kw("w"), pos()}, nil, argsKeyword, 1},
		{"a dummy twice", []ast.Arg{pos(), kw("x"), kw("z")}, nil, argsTwice, 1},
	}
	for _, tc := range tests {
		dummy, why, at := matchArgs(tc.args, dummies)
		if why != tc.why || at != tc.at || !slices.Equal(dummy, tc.dummy) {
			t.Errorf("%s: got %v, %d at %d; want %v, %d at %d", tc.name, dummy, why, at, tc.dummy, tc.why, tc.at)
		}
	}
	src := `module mm
contains
  pure real function f(x, y)
    real, intent(in) :: x, y
    f = x - y
  end function
end module
!$OFP PURE, KERNEL :: k
subroutine k(n, u, v)
  use mm
  integer, intent(in) :: n
  real, intent(in) :: u(n)
  real, intent(out) :: v(n)
  integer :: i
  do concurrent (i = 1:n)
    v(i) = f(u(i), x=1.0)
  end do
end subroutine
`
	_, _, text := checkSrc(t, src)
	if !strings.Contains(text, `16:20: error: argument 2 of function "f" is associated with a dummy that an earlier argument already is`) {
		t.Errorf("f(u(i), x=1.0): want the argument-twice error; got:\n%s", text)
	}
}

// TestArrayArgumentBounds pins Note [array arguments of inlined calls]:
// an assumed-shape dummy counts from 1 whatever the actual's bounds, so
// the whole dummy is the actual's section, not the actual, and lbound of
// it is never the actual's lower bound: it is 1, the dummy's (Note
// [inquiries of associated dummies]), not -2.
func TestArrayArgumentBounds(t *testing.T) {
	const src = `module mm
contains
  subroutine low(x, m)
    integer, intent(in) :: m
    real, intent(inout) :: x(:)
    x(m) = lbound(x, 1)
  end subroutine
end module
!$OFP PURE, KERNEL :: k
subroutine k(e)
  use mm
  real, intent(inout) :: e(-2:6)
  call low(e, 3)
end subroutine
`
	ir, _ := expectOK(t, src)
	// x(m) is e(-2 + (m - 1)); lbound(x, 1) is 1.
	if !strings.Contains(ir, "e((-2 + (low_m - 1))) = real(4)(1)") {
		t.Errorf("want e(-2 + (m - 1)) = 1; got:\n%s", ir)
	}
}
