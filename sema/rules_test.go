package sema

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/parser"
)

// kern wraps extra declarations and body statements in a 2-D kernel:
//
//	 1 module m
//	 ...
//	11     integer, dimension(4) :: halo, west, east
//	12     <decls, one per line>
//	       halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
//	       <body>
//
// so the first body line is 13 + the number of declaration lines.
func kern(decls, body string) string {
	var b strings.Builder
	b.WriteString(`module m
  implicit none
  real, parameter :: g = 9.8
contains
  subroutine k(s, A, B, oA)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: s
    real, dimension(:,:), contiguous, intent(in) :: A, B
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east
`)
	for _, l := range lines(decls) {
		b.WriteString("    " + l + "\n")
	}
	b.WriteString("    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]\n")
	for _, l := range lines(body) {
		b.WriteString("    " + l + "\n")
	}
	b.WriteString("  end subroutine k\nend module m\n")
	return b.String()
}

func lines(s string) []string {
	s = strings.Trim(s, "\n")
	if s == "" {
		return nil
	}
	out := strings.Split(s, "\n")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

// expectErr checks src and requires each wanted piece of rendered text
// ("13:5: error: ...") to appear, and at least one error.
func expectErr(t *testing.T, src string, want ...string) string {
	t.Helper()
	prog, list, text := checkSrc(t, src)
	if !list.HasErrors() || prog != nil {
		t.Fatalf("expected an error, got:\n%s", text)
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("missing %q in:\n%s", w, text)
		}
	}
	return text
}

// expectOK checks src and requires no errors; it returns the IR dump and
// the rendered warnings.
func expectOK(t *testing.T, src string) (string, string) {
	t.Helper()
	prog, list, text := checkSrc(t, src)
	if list.HasErrors() || prog == nil {
		t.Fatalf("unexpected errors:\n%s", text)
	}
	return irText(prog), text
}

// TestRules has one row per rule: the source and pinned pieces of the
// rendered diagnostics.
func TestRules(t *testing.T) {
	rows := []struct {
		name string
		src  string
		want []string
	}{
		{"inout_array", strings.Replace(kern("", "oA = A"), "intent(in) :: A, B", "intent(inout) :: A\n    real, dimension(:,:), contiguous, intent(in) :: B", 1),
			[]string{`8:56: error: array "A" is intent(inout); kernel arrays must be intent(in) or intent(out) (double-buffer instead)`, "hint: pass the old values"}},
		{"no_intent_array", strings.Replace(kern("", "oA = A"), "contiguous, intent(in) :: A, B", "contiguous :: A, B", 1),
			[]string{`8:41: error: array "A" has no intent; kernel arrays must be intent(in) or intent(out)`}},
		{"not_contiguous", strings.Replace(kern("", "oA = A"), "contiguous, intent(in)", "intent(in)", 1),
			[]string{`8:41: error: array "A" is not contiguous; kernel arrays must be contiguous`, `hint: add "contiguous :: A"`}},
		{"scalar_intent_out", strings.Replace(kern("", "oA = A"), "real, intent(in) :: s", "real, intent(out) :: s", 1),
			[]string{`7:26: error: scalar "s" is intent(out); scalar arguments of a kernel must be intent(in)`}},
		{"rank_mismatch", strings.Replace(kern("", "oA = A"), "dimension(:,:), contiguous, intent(in) :: A, B", "dimension(:,:), contiguous, intent(in) :: A\n    real, dimension(:), contiguous, intent(in) :: B", 1),
			[]string{`9:51: error: array "B" has rank 1 but "A" has rank 2; all arrays of a kernel share one grid`, `note: "A" declared here`}},
		{"halo_changed_in_if", kern("", `
			if (s > 0.0) then
			  halo = [1,1,0,2]
			end if
			pA => region_ptr(oA, halo)`),
			[]string{`16:26: error: halo "halo" is not constant here: it is set inside an if block`, `14:5: note: halo set here`}},
		{"halo_used_before_set", kern("integer, dimension(4) :: h2", `oA = region_cpy(A, h2)`),
			[]string{`14:24: error: halo "h2" is used before it is set`}},
		{"halo_wrong_count", kern("", `pA => region_ptr(oA, [1,1])`),
			[]string{`13:26: error: halo has 2 entries but "oA" has rank 2; a halo needs 2*rank = 4 entries`}},
		{"halo_negative", kern("", `oA = region_cpy(A, [1,1,-1,3])`),
			[]string{`13:24: error: halo entry 3 is -1; halo entries must be >= 0`}},
		{"halo_whole_use", kern("", `oA = A + halo`),
			[]string{`13:14: error: halo "halo" can only be used as the halo argument of region_cpy or region_ptr`}},
		{"halo_size", kern("", `halo = [1,1]`),
			[]string{`13:12: error: halo "halo" has 4 entries but is assigned 2`}},
		{"region_ptr_no_target", strings.Replace(kern("", "pA => region_ptr(oA, halo)\npA = A"), "intent(out), target ::", "intent(out) ::", 1),
			[]string{`13:22: error: region_ptr target "oA" does not have the target attribute`, `hint: add "target :: oA"`, `9:54: note: declared here`}},
		{"region_ptr_intent_in", kern("real, dimension(:,:), pointer :: pB", "pB => region_ptr(A, halo)"),
			[]string{`14:22: error: region_ptr target "A" is intent(in); region_ptr may only point into an intent(out) array`}},
		{"region_ptr_outside_association", kern("", "oA = region_ptr(A, halo)"),
			[]string{`13:10: error: region_ptr may only be used in a pointer association`}},
		{"pointer_before_association", kern("", "pA = A"),
			[]string{`13:5: error: pointer "pA" is used before it is associated`}},
		{"pointer_in_if", kern("", `
			if (s > 0.0) then
			  pA => region_ptr(oA, halo)
			end if
			pA = region_cpy(A, halo)`),
			[]string{`16:5: error: pointer "pA" is not known here: it is associated inside an if block`, `14:5: note: associated here`}},
		{"pointer_plain_assign_warns", kern("", "pA = region_ptr(oA, halo)\npA = region_cpy(A, [0,1,1,1])"),
			[]string{`13:5: warning: "pA" = region_ptr(...) assigns through the pointer in standard Fortran`, `hint: write "pA => region_ptr(...)"`, `14:5: error: array shapes do not conform: region_cpy(A, [0,1,1,1]) is (n1-1, n2-2) but "pA" is (n1-2, n2-2)`}},
		{"temp_reassigned_other_shape", kern("real, allocatable, dimension(:,:) :: T", `
			T = region_cpy(A, west)
			T = region_cpy(A, [0,1,1,1])`),
			[]string{`15:9: error: temporary "T" is (n1-2, n2-2) from its first assignment, but region_cpy(A, [0,1,1,1]) is (n1-1, n2-2)`, `14:5: note: first assigned here`}},
		{"temp_read_before_assignment", kern("real, allocatable, dimension(:,:) :: T", `oA = T`),
			[]string{`14:10: error: temporary "T" is read before it is assigned`}},
		{"temp_shape_unknown", kern("real, allocatable, dimension(:,:) :: T", `T = 1.0`),
			[]string{`14:9: error: cannot tell the shape of temporary "T": the right-hand side has no array operand`}},
		{"shapes_do_not_conform", kern("", `oA = region_cpy(A, [0,1,1,1]) + region_cpy(B, halo)`),
			[]string{`13:37: error: array shapes do not conform: region_cpy(A, [0,1,1,1]) is (n1-1, n2-2) but region_cpy(B, [1,1,1,1]) is (n1-2, n2-2)`, `13:10: note: region_cpy(A, [0,1,1,1]) is (n1-1, n2-2)`}},
		{"lhs_does_not_conform", kern("", `oA = region_cpy(A, halo)`),
			[]string{`13:5: error: array shapes do not conform: region_cpy(A, [1,1,1,1]) is (n1-2, n2-2) but "oA" is (n1, n2)`}},
		{"section", kern("", `oA = A(2:3, :)`),
			[]string{`13:10: error: array sections such as A(...) are outside forocl's subset`, `hint: use region_cpy(A, halo) to select a region`}},
		{"element", kern("", `oA = A(2, 3)`),
			[]string{`13:10: error: array element references such as A(...) are outside forocl's subset`}},
		{"intent_out_read", kern("", `oA = oA + A`),
			[]string{`13:10: error: intent(out) array "oA" is read; its values are undefined in the kernel`, "hint: compute the value into a temporary"}},
		{"intent_in_written", kern("", `A = B`),
			[]string{`13:5: error: cannot assign to intent(in) array "A"`}},
		{"module_variable_write", strings.Replace(kern("", "counter = 1.0\noA = A"), "real, parameter :: g = 9.8", "real :: counter", 1),
			[]string{`13:5: error: a kernel cannot write module variable "counter"`, `3:11: note: declared here`}},
		{"module_variable_read", strings.Replace(kern("", "oA = A*counter"), "real, parameter :: g = 9.8", "real :: counter", 1),
			[]string{`13:12: error: module variable "counter" cannot be used in a kernel; only named constants can`}},
		{"saved_local_write", kern("real :: w = 1.0", "w = 2.0\noA = A*w"),
			[]string{`14:5: error: local "w" is initialised in its declaration, which gives it the save attribute; a kernel cannot change it`}},
		{"named_constant_write", kern("", "g = 1.0"),
			[]string{`13:5: error: cannot assign to named constant "g"`}},
		{"do_loop", kern("integer :: i", "do i = 1, 2\noA = A\nend do"),
			[]string{`14:5: error: "do" is not allowed in a kernel`, "hint: use array syntax"}},
		{"allocate", kern("real, allocatable, dimension(:,:) :: T", "allocate(T(3,3))"),
			[]string{`14:5: error: "allocate" is not allowed in a kernel`, "hint: allocatable temporaries are allocated by assignment"}},
		{"call_statement", kern("", "call foo(A)"),
			[]string{`13:10: error: call "foo" is not allowed in a kernel; kernels may call only elemental functions and intrinsics`}},
		{"call_region_ptr", kern("", "call region_ptr(oA, halo)"),
			[]string{`13:10: error: "region_ptr" is a function; it cannot be called with "call"`}},
		{"unsupported_intrinsic", kern("", "oA = cshift(A, 1)"),
			[]string{`13:10: error: function "cshift" is not supported by forocl`, "hint: forocl supports region_cpy, elemental functions and the intrinsics abs"}},
		{"undefined_function", kern("", "oA = foo(A)"),
			[]string{`13:10: error: undefined function "foo"`}},
		{"logical_operand", kern("", "oA = merge(A, B, A > 0.0 .and. s)"),
			[]string{`13:36: error: operand of .and. is real(4), expected logical`}},
		{"array_if_condition", kern("", "if (A > 0.0) oA = A"),
			[]string{`13:9: error: if condition is an array`, "hint: use where for element-wise conditions"}},
		{"where_scalar_mask", kern("", "where (s > 0.0) oA = A"),
			[]string{`13:12: error: where mask is a scalar; it must be a logical array`}},
		{"where_mask_does_not_conform", kern("", "where (region_cpy(A, halo) > 0.0) oA = A"),
			[]string{`13:44: error: array shapes do not conform: the where mask is (n1-2, n2-2) but "A" is (n1, n2)`, `13:12: note: the where mask is (n1-2, n2-2)`}},
		{"where_body_statement", kern("real :: x", "where (A > 0.0)\nx = 1.0\nend where"),
			[]string{`15:5: error: only array assignments may appear in a where block`}},
		// A statement the parser could not read inside a where block is
		// reported with the parser's message, not as a non-assignment.
		{"where_body_syntax_error", kern("", "where (A > 0.0)\noA = A\nelsewhere (A < 0.0) oA = B\nend where"),
			[]string{`15:25: error: unexpected "oA" after "elsewhere (...)"`}},
		{"where_single_syntax_error", kern("", "where (A > 0.0) oA = A +"),
			[]string{`13:29: error: unexpected end of statement`}},
		{"real_kind_too_large", kern("integer, parameter :: qp = selected_real_kind(30)", "oA = A"),
			[]string{`12:32: error: selected_real_kind(30, 0) asks for more precision than real(8) has`}},
		{"integer_kind", kern("integer(8) :: big", "oA = A"),
			[]string{`12:13: error: integer kind 8 is not supported; forocl knows only default integers`}},
		{"no_array_arguments", "module m\ncontains\n  subroutine k(s)\n  !$OFP PURE, KERNEL :: k\n    real, intent(in) :: s\n  end subroutine k\nend module m\n",
			[]string{`3:14: error: kernel "k" has no array arguments`}},
		{"directive_names_function", "module m\ncontains\n  !$OFP PURE, KERNEL :: f\n  pure elemental real function f(x)\n    real, intent(in) :: x\n    f = x\n  end function f\nend module m\n",
			[]string{`3:25: error: directive names "f", but no subroutine "f" is defined`, "hint: kernels must be subroutines"}},
		{"implicit_none_undefined", kern("", "oA = A*w"),
			[]string{`13:12: error: undefined name "w"`}},
		{"unknown_module", strings.Replace(kern("", "oA = A*c0"), "  implicit none\n", "  use physics\n  implicit none\n", 1),
			[]string{`2:7: warning: module "physics" not found; its names are unknown to forocl`, `14:12: error: undefined name "c0"`, `2:3: note: "c0" may come from module "physics", which forocl did not find`}},
		{"impure_function", strings.Replace(kern("", "oA = twice(A)"), "contains\n", "contains\n  real function twice(x)\n    real, intent(in) :: x\n    twice = 2.0*x\n  end function twice\n", 1),
			[]string{`17:10: error: function "twice" is not pure; a kernel may call only pure or elemental functions and intrinsics`, `5:17: note: declared here`}},
		{"not_elemental_on_arrays", strings.Replace(kern("", "oA = twice(A)"), "contains\n", "contains\n  pure real function twice(x)\n    real, intent(in) :: x\n    twice = 2.0*x\n  end function twice\n", 1),
			[]string{`17:10: error: function "twice" is not elemental; it cannot be applied to arrays`}},
		{"function_argument_count", strings.Replace(kern("", "oA = twice(A, B)"), "contains\n", "contains\n  pure elemental real function twice(x)\n    real, intent(in) :: x\n    twice = 2.0*x\n  end function twice\n", 1),
			[]string{`17:10: error: function "twice" takes 1 argument but 2 were given`, `5:32: note: "twice" declared here`}},
		{"function_array_dummy", strings.Replace(kern("", "oA = twice(A)"), "contains\n", "contains\n  pure elemental real function twice(x)\n    real, intent(in) :: x(3)\n    twice = 2.0\n  end function twice\n", 1),
			[]string{`6:25: error: dummy "x" of function "twice" must be scalar`}},
		{"recursion", strings.Replace(kern("", "oA = f1(A)"), "contains\n", "contains\n  pure elemental real function f1(x)\n    real, intent(in) :: x\n    f1 = f2(x)\n  end function f1\n  pure elemental real function f2(x)\n    real, intent(in) :: x\n    f2 = f1(x)\n  end function f2\n", 1),
			[]string{`error: function "f1" is recursive; forocl cannot translate recursion`}},
		{"region_cpy_in_function", strings.Replace(kern("", "oA = f1(A)"), "contains\n", "contains\n  pure elemental real function f1(x)\n    real, intent(in) :: x\n    f1 = region_cpy(x, [1,1])\n  end function f1\n", 1),
			[]string{`7:10: error: region_cpy is not allowed in an elemental function; its code is scalar`}},
		{"syntax_error_in_kernel", kern("", "oA = (A + B"),
			[]string{`13:`, "error:"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			expectErr(t, r.src, r.want...)
		})
	}
}

// goodCases are small inputs that must pass; their IR is pinned under
// testdata/golden/table.
var goodCases = []struct {
	name string
	src  string
}{
	{"kinds", `module kinds
  implicit none
  integer, parameter :: dp = kind(1.0d0), sp = kind(1.0)
  integer, parameter :: wp = selected_real_kind(10, 100)
  real(dp), parameter :: third = 1.0_dp/3
  real, parameter :: eps = epsilon(1.0)
contains
  subroutine kinds_k(a, b, c, d, e, X, oX)
  !$OFP PURE, KERNEL :: kinds_k
    real*8, intent(in) :: a
    double precision, intent(in) :: b
    real(kind=8), intent(in) :: c
    real(sp), intent(in) :: d
    real(wp), intent(in) :: e
    real(dp), dimension(:), contiguous, intent(in) :: X
    real(dp), dimension(:), contiguous, intent(out) :: oX
    oX = a*X + b + c + d + e*third + 2.0d0 + 1.0_8 + eps + huge(d) + tiny(X)
  end subroutine kinds_k
end module kinds
`},
	{"promotion", `module promotion
  implicit none
contains
  subroutine promo(n, x, A, D, oA, oD)
  !$OFP PURE, KERNEL :: promo
    integer, intent(in) :: n
    real, intent(in) :: x
    real, dimension(:), contiguous, intent(in) :: A
    real(8), dimension(:), contiguous, intent(in) :: D
    real, dimension(:), contiguous, intent(out) :: oA
    real(8), dimension(:), contiguous, intent(out) :: oD
    integer :: m
    m = n/2
    oA = A**2 + A**n + A**x + n*A + max(n, x, 3)
    oD = D + A + real(n, 8) + dble(x) + merge(A, D, A > D) + m
  end subroutine promo
end module promotion
`},
	{"implicit_typing", `module implicit_typing
contains
  subroutine imp(A, oA)
  !$OFP PURE, KERNEL :: imp
    dimension A(:), oA(:)
    contiguous :: A, oA
    intent(in) :: A
    intent(out) :: oA
    k = 3
    x = k*0.5
    oA = x*A + k
  end subroutine imp
end module implicit_typing
`},
	{"where_mask_snapshot", `module snapshot
  use forocl_regions
  implicit none
contains
  subroutine snap(A, oA)
  !$OFP PURE, KERNEL :: snap
    real, dimension(:), contiguous, intent(in) :: A
    real, dimension(:), contiguous, intent(out) :: oA
    real, allocatable, dimension(:) :: T
    integer, dimension(2) :: halo = [1,1]
    T = region_cpy(A, halo)
    where (T > 0.0)
      T = 0.0
    elsewhere (T < -1.0)
      T = -1.0
    elsewhere
      T = 2.0*T
    end where
    where (A > 1.0)
      oA = 1.0
    elsewhere
      oA = A
    end where
  end subroutine snap
end module snapshot
`},
	{"halo_elements", `module halo_elements
  use forocl_regions
  implicit none
  integer, parameter :: wide(2) = [2,2]
contains
  subroutine he(A, oA)
  !$OFP PURE, KERNEL :: he
    real, dimension(:), contiguous, intent(in) :: A
    real, dimension(:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:) :: pA
    integer :: halo(2)
    halo = (/1, 1/)
    halo(2) = 3
    pA => region_ptr(oA, [halo(1), halo(2)])
    pA = region_cpy(A, halo) + halo(1) + wide(2) + region_cpy(A, [0,4]) + region_cpy(A, wide - [1,-1])*0.0
  end subroutine he
end module halo_elements
`},
	{"use_only", `module consts
  implicit none
  real, parameter :: c1 = 1.5, c2 = 2.5
end module consts
module use_only
  use consts, only: c1
  implicit none
contains
  pure elemental subroutine uo(x, y)
    real, intent(in) :: x
    real, intent(out) :: y
    y = c1*x
  end subroutine uo
end module use_only
`},
	{"elemental_kernel_calls", `module ek
  implicit none
contains
  pure elemental real function sq(x)
    real, intent(in) :: x
    sq = x*x
  end function sq
  pure elemental real function hyp(x, y)
    real, intent(in) :: x, y
    hyp = sqrt(sq(x) + sq(y))
  end function hyp
  elemental subroutine norm(x, y, r, big)
    real, intent(in) :: x, y
    real, intent(out) :: r
    logical, intent(out) :: big
    r = hyp(x, y)
    big = r > 1.0 .or. sq(x) > 1.0
    if (.not. big) return
    r = 1.0
  end subroutine norm
end module ek
`},
	{"nested_where", `module nested_where
  implicit none
contains
  subroutine nw(A, oA)
  !$OFP PURE, KERNEL :: nw
    real, dimension(:), contiguous, intent(in) :: A
    real, dimension(:), contiguous, intent(out) :: oA
    where (A > 0.0)
      where (A > 1.0)
        oA = 1.0
      elsewhere
        oA = A
      end where
    elsewhere
      oA = 0.0
    end where
  end subroutine nw
end module nested_where
`},
}

// goodSrc returns the source of the good case called name.
func goodSrc(name string) string {
	for _, c := range goodCases {
		if c.name == name {
			return c.src
		}
	}
	panic("no good case " + name)
}

// TestGoodCases pins the IR of the small good inputs.
func TestGoodCases(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("testdata/golden/table"), goldie.WithNameSuffix(".ir"))
	for _, c := range goodCases {
		t.Run(c.name, func(t *testing.T) {
			out, warns := expectOK(t, c.src)
			g.Assert(t, c.name, []byte(warns+out))
		})
	}
}

// TestMaskSnapshot: a mask that reads an array its body assigns is stored
// in a logical temporary first; one that does not is inlined.
func TestMaskSnapshot(t *testing.T) {
	out, _ := expectOK(t, goodSrc("where_mask_snapshot"))
	for _, want := range []string{
		"temp mask_1 logical rank=1 extent=(n1-2)",
		"(n1-2) mask_1 = (T > 0.0)",
		"(n1-2) where mask_1: T = 0.0",
		"temp mask_2 logical rank=1 extent=(n1-2)",
		"(n1-2) where ((.not. mask_1) .and. mask_2): T = -1.0",
		"(n1-2) mask_2 = (T < -1.0)",
		"(n1-2) where ((.not. mask_1) .and. (.not. mask_2)): T = (2.0 * T)",
		"(n1) where (A > 1.0): oA = 1.0",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "mask_3") {
		t.Errorf("the second where needs no snapshot:\n%s", out)
	}
}

// findAssign returns the right-hand side of the n-th assignment of the
// first kernel.
func rhsOf(t *testing.T, src string, n int) ir.Expr {
	t.Helper()
	prog, _, text := checkSrc(t, src)
	if prog == nil {
		t.Fatalf("errors:\n%s", text)
	}
	a, ok := prog.Kernels[0].Body[n].(*ir.Assign)
	if !ok {
		t.Fatalf("statement %d is not an assignment", n)
	}
	return a.RHS
}

// TestPromotion checks the Convert nodes Fortran's promotion rules imply.
func TestPromotion(t *testing.T) {
	src := goodSrc("promotion")
	// m = n/2: integer division stays integer, no conversion
	div, ok := rhsOf(t, src, 0).(*ir.Binary)
	if !ok || div.Op != ir.Div || div.T.Kind != ir.Int {
		t.Fatalf("n/2 = %s, want an integer division", ir.ExprString(div))
	}
	oA := ir.ExprString(rhsOf(t, src, 1))
	for _, want := range []string{
		"(A ** 2)",         // integer exponent kept
		"(A ** n)",         // integer variable exponent kept
		"(A ** x)",         // real exponent
		"(real(4)(n) * A)", // integer operand converted
		"max(real(4)(n), x, real(4)(3))",
	} {
		if !strings.Contains(oA, want) {
			t.Errorf("oA = %s: missing %s", oA, want)
		}
	}
	oD := ir.ExprString(rhsOf(t, src, 2))
	for _, want := range []string{
		"(D + real(8)(A))",
		"real<real(8)>(n)",
		"real<real(8)>(x)",
		"merge(real(8)(A), D, (real(8)(A) > D))",
		"real(8)(m)",
	} {
		if !strings.Contains(oD, want) {
			t.Errorf("oD = %s: missing %s", oD, want)
		}
	}
}

// TestIntegerDivisionWarning: an integer quotient converted to real is
// computed as an integer, with a warning.
func TestIntegerDivisionWarning(t *testing.T) {
	_, warns := expectOK(t, kern("integer :: n2", "n2 = 3\noA = A*(n2/2)"))
	if !strings.Contains(warns, "15:13: warning: integer division truncates before the result is converted to real(4)") {
		t.Errorf("missing warning in:\n%s", warns)
	}
}

// TestImplicitTyping: without implicit none, i-n names are integers and
// the rest real.
func TestImplicitTyping(t *testing.T) {
	out, _ := expectOK(t, goodSrc("implicit_typing"))
	for _, want := range []string{"local k integer", "local x real(4)", "x = (real(4)(k) * 0.5)", "param A real(4) rank=1 intent(in)"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

// TestUseOnly: "use m, only: a" makes a visible and nothing else.
func TestUseOnly(t *testing.T) {
	out, _ := expectOK(t, goodSrc("use_only"))
	if !strings.Contains(out, "y = (c1=1.5 * x)") {
		t.Errorf("c1 not folded:\n%s", out)
	}
	bad := strings.Replace(goodSrc("use_only"), "y = c1*x", "y = c2*x", 1)
	expectErr(t, bad, `12:9: error: undefined name "c2"`)
}

// TestLibrary: modules of library files are visible through use; their
// kernels are not compiled.
func TestLibrary(t *testing.T) {
	lib := []byte(`module phys
  implicit none
  real, parameter :: grav = 9.81
contains
  pure elemental subroutine libkernel(x, y)
    real, intent(in) :: x
    real, intent(out) :: y
    y = x
  end subroutine libkernel
end module phys
`)
	src := []byte(`module user
  use phys
  implicit none
contains
  pure elemental subroutine scale(x, y)
    real, intent(in) :: x
    real, intent(out) :: y
    y = grav*x
  end subroutine scale
end module user
`)
	lf, ld := parser.Parse("lib/phys.f90", lib)
	uf, ud := parser.Parse("user.f90", src)
	if ld.HasErrors() || ud.HasErrors() {
		t.Fatal("parse errors")
	}
	prog, list := Check([]*ast.File{uf}, Options{Library: []*ast.File{lf}})
	if prog == nil || len(list.Items) > 0 {
		t.Fatalf("diagnostics: %v", list.Items)
	}
	if len(prog.Kernels) != 1 || prog.Kernels[0].Name != "scale" {
		t.Fatalf("kernels: %v", prog.Kernels)
	}
	if s := irText(prog); !strings.Contains(s, "y = (grav=9.81 * x)") {
		t.Errorf("grav not folded:\n%s", s)
	}
}

// TestFuncOrder: functions are listed callees first, each once.
func TestFuncOrder(t *testing.T) {
	prog, _, text := checkSrc(t, goodSrc("elemental_kernel_calls"))
	if prog == nil {
		t.Fatal(text)
	}
	var names []string
	for _, f := range prog.Funcs {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, " "); got != "sq hyp" {
		t.Errorf("funcs = %q, want \"sq hyp\"", got)
	}
	if k := prog.Kernels[0]; !k.Elemental || k.Rank != 0 || len(k.Params) != 4 {
		t.Errorf("kernel %s: elemental=%v rank=%d params=%d", k.Name, k.Elemental, k.Rank, len(k.Params))
	}
}

// TestHaloReassigned: the value of a halo current at each statement is
// used (the paper's face halos change between the two steps).
func TestHaloReassigned(t *testing.T) {
	out, _ := expectOK(t, kern("real, allocatable, dimension(:,:) :: Fx", `
		Fx = region_cpy(A, [0,1,1,1])
		west = [0,1,0,0]
		east = [1,0,0,0]
		oA = 0.0
		pA => region_ptr(oA, halo)
		pA = region_cpy(Fx, east) - region_cpy(Fx, west)`))
	if !strings.Contains(out, "(n1-2, n2-2) oA[+1,+1|-1,-1] = (Fx[+1,+0|-0,-0] - Fx[+0,+0|-1,-0])") {
		t.Errorf("wrong windows:\n%s", out)
	}
}

// TestDiagnosticsSorted: several errors come back in source order.
func TestDiagnosticsSorted(t *testing.T) {
	_, list, _ := checkSrc(t, kern("", "oA = oA\nA = B\nprint *, s"))
	var lines []int
	for _, d := range list.Items {
		if d.Severity == diag.Error {
			lines = append(lines, d.Span.Start.Line)
		}
	}
	if len(lines) != 3 || lines[0] != 13 || lines[1] != 14 || lines[2] != 15 {
		t.Errorf("error lines = %v, want [13 14 15]", lines)
	}
}

// TestRegionsModule: the Fortran forocl_regions module, given as a file or
// as a library, does not hide the built-in region functions.
func TestRegionsModule(t *testing.T) {
	lib, err := os.ReadFile("../fortran/forocl_regions.f90")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../testdata/kernels/wave_advance.f90")
	if err != nil {
		t.Fatal(err)
	}
	lf, _ := parser.Parse("fortran/forocl_regions.f90", lib)
	wf, _ := parser.Parse("testdata/kernels/wave_advance.f90", src)
	for _, c := range []struct {
		name        string
		files, libs []*ast.File
	}{
		{"library", []*ast.File{wf}, []*ast.File{lf}},
		{"file", []*ast.File{wf, lf}, nil},
	} {
		prog, list := Check(c.files, Options{Library: c.libs})
		if prog == nil || len(list.Items) > 0 {
			t.Errorf("%s: %s", c.name, list.String(diag.Sources{"testdata/kernels/wave_advance.f90": src, "fortran/forocl_regions.f90": lib}))
			continue
		}
		if len(prog.Kernels) != 1 || len(prog.Kernels[0].Temps) != 6 {
			t.Errorf("%s: want one kernel with 6 temporaries", c.name)
		}
	}
}

// TestOneErrorPerCause pins every error of inputs where one mistake used to
// be reported again at each use of what it broke, or hidden behind a vaguer
// message: each cause is reported once, where it is.
func TestOneErrorPerCause(t *testing.T) {
	rows := []struct {
		name string
		src  string
		want []string // every error, in order: "line:col: message"
	}{
		{"parameter_with_bad_value", kern("integer, parameter, dimension(4) :: h4 = [1, 1, 1]", "oA = region_cpy(A, h4)\noA = region_cpy(B, h4)"),
			[]string{`12:46: "h4" has 4 elements but its value has 3`}},
		{"initialised_local_with_bad_value", kern("real :: c = 1.0/x", "oA = A*c\noA = B*c"),
			[]string{`12:21: undefined name "x"`}},
		{"halo_from_undefined_name", kern("", "halo = [1, 1, n, 1]\noA = region_cpy(A, halo)\noA = region_cpy(B, halo)"),
			[]string{`13:19: undefined name "n"`}},
		{"halo_element_from_real", kern("", "halo = [1, 1, 1.5, 1]\noA = region_cpy(A, halo)"),
			[]string{`13:19: array constructor element is real(4); forocl supports only integer array constants`}},
		{"halo_from_dummy", kern("", "halo = [1, 1, 1, nint(s)]\noA = region_cpy(A, halo)"),
			[]string{`14:24: halo "halo" is not constant here: it is set from "s", which is not a constant`}},
		{"halo_element_real", kern("", "halo(2) = 1.5\noA = region_cpy(A, halo)"),
			[]string{`14:24: halo "halo" is not constant here: it is set from a value that is not an integer constant`}},
		{"scalar_without_intent", strings.Replace(kern("", "oA = A*s"), "real, intent(in) :: s", "real :: s", 1),
			[]string{`7:13: scalar "s" has no intent; scalar arguments of a kernel must be intent(in)`}},
		{"region_ptr_into_array_without_intent", strings.Replace(kern("", "pA => region_ptr(oA, halo)\npA = region_cpy(A, halo)"), "contiguous, intent(out), target :: oA", "contiguous, target :: oA", 1),
			[]string{`9:49: array "oA" has no intent; kernel arrays must be intent(in) or intent(out)`}},
		{"logical_from_integer", kern("logical, parameter :: on = 1", "oA = A"),
			[]string{`12:32: cannot give logical "on" an integer value`}},
		{"assign_integer_to_logical", kern("logical :: on", "on = 1\noA = A"),
			[]string{`14:10: cannot assign an integer value to logical "on"`}},
		{"temporary_whose_first_assignment_fails", kern("real, allocatable, dimension(:,:) :: T", "T = region_cpy(A, west) + A\noA = T\noA = 2.0*T"),
			[]string{`14:31: array shapes do not conform: region_cpy(A, [0,2,1,1]) is (n1-2, n2-2) but "A" is (n1, n2)`}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			_, list, text := checkSrc(t, r.src)
			var got []string
			for _, d := range list.Items {
				if d.Severity == diag.Error {
					got = append(got, fmt.Sprintf("%d:%d: %s", d.Span.Start.Line, d.Span.Start.Col, d.Msg))
				}
			}
			if strings.Join(got, "\n") != strings.Join(r.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s\nrendered:\n%s", strings.Join(got, "\n"), strings.Join(r.want, "\n"), text)
			}
		})
	}
}
