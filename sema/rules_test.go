package sema

import (
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

// expectFrames is expectOK's IR of a kernel of a grid in its frame form
// (Note [frames as nests] in package ir), where windows read best.
func expectFrames(t *testing.T, src string) string {
	t.Helper()
	prog, list, text := checkSrc(t, src)
	if list.HasErrors() || prog == nil {
		t.Fatalf("unexpected errors:\n%s", text)
	}
	frames, err := ir.NestsToFrames(prog.Kernels[0])
	if err != nil {
		t.Fatal(err)
	}
	return irText(&ir.Program{Kernels: []*ir.Kernel{frames}})
}

// The bad inputs that used to be rows here ("this kernel gives that error")
// are files in testdata/bad, with their diagnostics written beside the
// offending line (see Note [expectations] in robust/expect_test.go):
// robust.TestExpectations checks every expected diagnostic and that no
// other appears, and TestBad pins their rendered text. Some of them
// (halo_from_undefined_name, temporary_whose_first_assignment_fails, ...)
// guard that one mistake is reported once, where it is, rather than again
// at each use of what it broke.

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
	out := expectFrames(t, goodSrc("where_mask_snapshot"))
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

// body is k's body or, for an elemental kernel, the body of its one nest
// (Note [elemental kernels]); a kernel of a grid's in frame form (Note
// [frames as nests] in package ir).
func body(k *ir.Kernel) []ir.Stmt {
	if f, err := ir.NestsToFrames(k); err == nil {
		return f.Body
	}
	if len(k.Body) == 1 {
		if n, ok := k.Body[0].(*ir.Nest); ok && n.Source == "elemental subroutine" {
			return n.Body
		}
	}
	return k.Body
}

// rhsOf returns the right-hand side of the n-th assignment of the
// first kernel.
func rhsOf(t *testing.T, src string, n int) ir.Expr {
	t.Helper()
	prog, _, text := checkSrc(t, src)
	if prog == nil {
		t.Fatalf("errors:\n%s", text)
	}
	a, ok := body(prog.Kernels[0])[n].(*ir.Assign)
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
	if !strings.Contains(out, "y(_i1) = (c1=1.5 * x(_i1))") {
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
	if s := irText(prog); !strings.Contains(s, "y(_i1) = (grav=9.81 * x(_i1))") {
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
	// An elemental kernel is a loop kernel of one nest over sequence-
	// associated dummies a(n) (Note [elemental kernels]).
	k := prog.Kernels[0]
	if k.FrameForm() || len(k.Params) != 4 || len(k.Body) != 1 || len(k.Sizes) != 1 {
		t.Fatalf("kernel %s: frames=%v params=%d body=%d sizes=%d", k.Name, k.FrameForm(), len(k.Params), len(k.Body), len(k.Sizes))
	}
	for _, v := range k.Params {
		if v.Rank != 1 || !v.Sequence {
			t.Errorf("dummy %s: rank %d, sequence %v; want 1, true", v.Name, v.Rank, v.Sequence)
		}
	}
	if _, ok := k.Body[0].(*ir.Nest); !ok {
		t.Errorf("body is %T, want one nest", k.Body[0])
	}
}

// TestHaloReassigned: the value of a halo current at each statement is
// used (the paper's face halos change between the two steps).
func TestHaloReassigned(t *testing.T) {
	out := expectFrames(t, kern("real, allocatable, dimension(:,:) :: Fx", `
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
