package sema

import (
	"fmt"
	"strings"
	"testing"
)

// loopKern wraps declarations and a body in a loop kernel:
//
//	1 !$OFP PURE, KERNEL :: k
//	2 subroutine k(n, m, s, a, b, c)
//	3   integer :: n, m
//	4   real :: s
//	5   integer :: i, j, r
//	6   real :: t
//	7   <decls, one per line>
//	    <body>
func loopKern(decls, body string) string {
	var b strings.Builder
	b.WriteString("!$OFP PURE, KERNEL :: k\nsubroutine k(n, m, s, a, b, c)\n  integer :: n, m\n  real :: s\n  integer :: i, j, r\n  real :: t\n")
	for _, l := range lines(decls) {
		b.WriteString("  " + l + "\n")
	}
	for _, l := range lines(body) {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString("end subroutine k\n")
	return b.String()
}

// TestLoopRules pins what sema says about loop kernels: accepted kernels
// by a line of their IR, rejected ones by their first error.
func TestLoopRules(t *testing.T) {
	tests := []struct {
		name, decls, body string
		ir                []string // lines the IR dump must contain
		err               string   // the first error, "line:col: error: message"
	}{
		{"intents inferred from use", "real :: a(n, m), b(n, m), c(n, m)", `
			do concurrent (j = 1:m, i = 1:n)
			  b(i, j) = a(i, j)
			  c(i, j) = c(i, j) + s
			end do`,
			[]string{"param a real(4) rank=2 intent(in)", "param b real(4) rank=2 intent(out)", "param c real(4) rank=2 intent(inout)"}, ""},
		{"declared intent(out) that is also read stays out", "real :: a(n), c(n)\nreal, intent(out) :: b(n)", `
			do concurrent (i = 1:n)
			  b(i) = a(i)
			  c(i) = b(i)
			end do`,
			[]string{"param b real(4) rank=1 intent(out)"}, ""},
		{"a transpose writes an owned element", "real :: a(n, m), b(m, n), c(1)", `
			!$omp parallel do collapse(2)
			do j = 1, m
			  do i = 1, n
			    b(j, i) = a(i, j)
			  end do
			end do`,
			[]string{"parallel (j = 1:m, i = 1:n)  [!$omp parallel do]", "b(j, i) = a(i, j)"}, ""},
		{"omp without collapse keeps inner loops parallel when they are independent", "real :: a(n, m), b(n, m), c(1)", `
			!$omp parallel do
			do j = 1, m
			  do i = 1, n
			    b(i, j) = a(i, j)
			  end do
			end do`,
			[]string{"parallel (j = 1:m, i = 1:n)"}, ""},
		{"a dependence along the inner loop leaves it sequential", "real :: a(0:n, m), b(1), c(1)", `
			!$omp parallel do
			do j = 1, m
			  do i = 1, n
			    a(i, j) = a(i-1, j) + s
			  end do
			end do`,
			[]string{"parallel (j = 1:m)", "do i = 1, n"}, ""},
		{"DO CONCURRENT is trusted", "real :: a(0:n+1), b(1), c(1)", `
			do concurrent (i = 1:n)
			  a(i) = a(i+1)
			end do`,
			[]string{"a(i) = a((i + 1))"}, ""},
		{"a mirror update reads elements it does not write", "real :: a(-1:n+2, m), b(1), c(1)", `
			!$omp parallel do
			do j = 1, m
			  do i = 1, 2
			    a(1-i, j) = a(i, j)
			  end do
			end do`,
			[]string{"a((1 - i), j) = a(i, j)"}, ""},
		{"if, else if and a radius loop in the body", "real :: a(1-m:n+m), b(n), c(-m:m)", `
			do concurrent (i = 1:n)
			  t = 0
			  do r = -m, m
			    t = t + c(r)*a(i+r)
			  end do
			  if (t > s) then
			    b(i) = s
			  else if (t < -s) then
			    b(i) = -s
			  else
			    b(i) = t
			  end if
			end do`,
			[]string{"do r = (-m), m", "if (t > s) then"}, ""},
		{"a scalar between nests", "real :: a(n), b(n), c(n)", `
			t = 2*s
			do concurrent (i = 1:n)
			  b(i) = t*a(i)
			end do`,
			[]string{"t = (real(4)(2) * s)"}, ""},
		{"an IF between nests is an IF of the host around their launches", "real :: a(n), b(n), c(n)", `
			if (s > 0) then
			  t = s
			  do concurrent (i = 1:n)
			    b(i) = a(i)
			  end do
			else if (m > 1) then
			  t = 1
			else
			  do concurrent (i = 1:n)
			    b(i) = -a(i)
			  end do
			end if`,
			[]string{"if (s > real(4)(0)) then\n    t = s\n    parallel (i = 1:n)  [do concurrent]\n",
				"  else\n    if (m > 1) then\n      t = real(4)(1)\n    else\n      parallel (i = 1:n)  [do concurrent]\n        b(i) = (-a(i))"}, ""},
		{"in-place read of a neighbour runs serially", "real :: a(0:n+1), b(1), c(1)", `
			!$omp parallel do
			do i = 1, n
			  a(i) = a(i+1)
			end do`,
			[]string{"[!$omp parallel do (serial)]", "do i = 1, n"}, ""},
		{"a gather", "real :: a(n), b(n)\ninteger :: c(n)", `
			do concurrent (i = 1:n)
			  b(i) = a(c(i))
			end do`,
			[]string{"b(i) = a(c(i))", "param c integer rank=1 intent(in)"}, ""},
		{"a product of indices", "real :: a(n*n), b(n, n), c(1)", `
			do concurrent (j = 1:n, i = 1:n)
			  b(i, j) = a(i*j)
			end do`,
			nil, `7:13: error: upper bound 1 of "a" is not affine in the kernel's integer scalar dummies: it has a product of two variables`},
		{"a parallel loop of step 0", "real :: a(n), b(n), c(1)", `
			do concurrent (i = 1:n:0)
			  b(i) = a(i)
			end do`,
			nil, `8:26: error: a parallel loop must have a constant step other than 0`},
		{"a parallel loop of a real step", "real :: a(n), b(n), c(1)", `
			do concurrent (i = 1:n:s)
			  b(i) = a(i)
			end do`,
			nil, `8:26: error: the step of "i" is real(4), expected a scalar integer`},
		{"a strided do concurrent", "real :: a(n), b(n), c(1)", `
			do concurrent (i = n:1:-2)
			  b(i) = a(i)
			end do`,
			[]string{"parallel (i = 1:n)  [do concurrent]", "if (mod((n - i), 2) == 0) then"}, ""},
		{"a whole array in a nest", "real :: a(n), b(n), c(1)", `
			do concurrent (i = 1:n)
			  b(i) = 2*a
			end do`,
			nil, `whole-array reference to "a" in a loop kernel`},
		{"a reduction of an array in a nest", "real :: a(n), b(n), c(1)", `
			do concurrent (i = 1:n)
			  b(i) = sum(a)
			end do`,
			[]string{"    _sum1 = 0.0", "    do _i1 = 1, n", "      _sum1 = (_sum1 + a(_i1))", "    b(i) = _sum1"}, ""},
		{"an array in a private clause", "real :: a(n), b(n), c(1)", `
			!$omp parallel do private(a)
			do i = 1, n
			  b(i) = a(i)
			end do`,
			nil, `8:29: error: "a" in a private clause is not a scalar local or scalar dummy of the kernel`},
		{"a scalar dummy written", "real :: a(n), b(n), c(1)", `
			do concurrent (i = 1:n)
			  s = a(i)
			end do`,
			nil, `9:3: error: intent(inout) scalar "s" is assigned inside a parallel loop without a reduction clause`},
		{"an element assignment between nests is a one-point launch", "real :: a(n), b(n), c(1)", `
			b(1) = 0
			do concurrent (i = 1:n)
			  b(i) = a(i)
			end do`,
			[]string{"parallel (_i1 = 1:1)  [element assignment]", "b(1) = real(4)(0)"}, ""},
		{"a scalar computed in one nest and read in the next", "real :: a(n), b(n), c(n)", `
			do concurrent (i = 1:n)
			  t = a(i)
			  b(i) = t
			end do
			do concurrent (i = 1:n)
			  c(i) = t
			end do`,
			nil, `13:10: error: scalar "t" is read in this parallel loop, after the parallel loop at 8:3 that sets it; each iteration sets its own copy, so after the loop its value is undefined`},
		{"a scalar of a nest read by an element assignment after it", "real :: a(n), b(n), c(n)", `
			do concurrent (i = 1:n)
			  t = a(i)
			  b(i) = t
			end do
			c(1) = t`,
			nil, `12:10: error: scalar "t" is read in this element assignment, after the parallel loop at 8:3 that sets it`},
		{"a scalar never set, read by a whole-array assignment", "real :: a(n), b(n), c(n)", `
			c = t`,
			nil, `8:7: error: scalar "t" is read in this array assignment but no assignment before it sets it`},
		{"a locality specifier naming a dummy", "real :: a(n), b(n), c(1)", `
			do concurrent (i = 1:n) local(a)
			  b(i) = a(i)
			end do`,
			nil, `8:33: error: "a" in local(...) is not a scalar local of the kernel`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			decls := tc.decls
			if !strings.Contains(decls, " c(") && !strings.Contains(decls, ", c(") {
				t.Fatal("the test kernel needs a, b and c declared")
			}
			prog, list, text := checkSrc(t, loopKern(decls, tc.body))
			if tc.err != "" {
				if !list.HasErrors() {
					t.Fatalf("no error; IR:\n%s", irText(prog))
				}
				if !strings.Contains(text, tc.err) {
					t.Fatalf("want %q; got:\n%s", tc.err, text)
				}
				return
			}
			if list.HasErrors() {
				t.Fatalf("unexpected errors:\n%s", text)
			}
			got := irText(prog)
			for _, want := range tc.ir {
				if !strings.Contains(got, want) {
					t.Errorf("IR lacks %q:\n%s", want, got)
				}
			}
		})
	}
}

// TestIntrinsicModuleKinds: the kind names of iso_fortran_env and
// iso_c_binding resolve to forocl's kinds; int16 is reported as a kind
// forocl does not support.
func TestIntrinsicModuleKinds(t *testing.T) {
	for _, tc := range []struct{ use, decl, want string }{
		{"iso_fortran_env", "real(real64)", "real(8)"},
		{"iso_fortran_env", "real(kind=real32)", "real(4)"},
		{"iso_fortran_env", "integer(int32)", "integer"},
		{"iso_c_binding", "real(c_double)", "real(8)"},
		{"iso_c_binding", "real(c_float)", "real(4)"},
		{"iso_c_binding", "integer(c_int)", "integer"},
		{"iso_fortran_env", "integer(int64)", "integer(8)"},
		{"iso_fortran_env", "integer(int16)", "error: integer kind 2 is not supported"},
	} {
		src := fmt.Sprintf("subroutine e(x, y)\n  use %s\n  implicit none\n  %s, intent(in) :: x\n  %s, intent(out) :: y\n  y = x\nend subroutine e\n", tc.use, tc.decl, tc.decl)
		src = strings.Replace(src, "subroutine e(", "pure elemental subroutine e(", 1)
		prog, _, text := checkSrc(t, src)
		got := text
		if prog != nil {
			got = irText(prog)
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s with use %s: want %q in:\n%s", tc.decl, tc.use, tc.want, got)
		}
	}
}

// TestLoopWarnings: the warnings pass follows loop kernels: sizes used
// only in bounds count as used, arrays written in a nest as assigned, and
// a dummy nothing mentions is still reported.
func TestLoopWarnings(t *testing.T) {
	_, list, text := checkSrc(t, loopKern("real :: a(n), b(n), c(1)", `
		do concurrent (i = 1:n)
		  b(i) = a(i)
		end do`))
	if list.HasErrors() {
		t.Fatalf("errors:\n%s", text)
	}
	for _, want := range []string{`dummy "m" is never used`, `dummy "s" is never used`, `dummy "c" is never used`} {
		if !strings.Contains(text, want) {
			t.Errorf("missing warning %q in:\n%s", want, text)
		}
	}
	for _, not := range []string{`dummy "n" is never used`, `"b" is not assigned`, `dummy "a" is never used`} {
		if strings.Contains(text, not) {
			t.Errorf("unexpected warning %q in:\n%s", not, text)
		}
	}
}

// TestUnusedDummyInBounds: a dummy that appears only in declared bounds is
// used, even when the body reads no element of the array (CloverLeaf's
// update_tile_halo_l_kernel declares density0(x_min-2:x_max+2, ...) and
// only writes it, at subscripts without x_max); a dummy nothing mentions
// is still reported.
func TestUnusedDummyInBounds(t *testing.T) {
	src := `MODULE halo_l_module
CONTAINS
  SUBROUTINE halo_l(x_min, x_max, y_min, y_max, depth, spare, density0, left_density0)
    IMPLICIT NONE
    INTEGER :: x_min, x_max, y_min, y_max, depth, spare
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2, y_min-2:y_max+2) :: density0
    REAL(KIND=8), DIMENSION(x_min-2:x_min+2, y_min-2:y_max+2) :: left_density0
    INTEGER :: j, k
    !$OMP PARALLEL DO PRIVATE(j)
    DO k = y_min-depth, y_max+depth
      DO j = 1, depth
        density0(x_min-j, k) = left_density0(x_min+1-j, k)
      ENDDO
    ENDDO
    !$OMP END PARALLEL DO
  END SUBROUTINE halo_l
END MODULE halo_l_module
`
	prog, list, text := run(t, []string{"t.f90"}, map[string][]byte{"t.f90": []byte(src)}, Options{Kernels: []string{"halo_l"}})
	if list.HasErrors() || prog == nil {
		t.Fatalf("errors:\n%s", text)
	}
	if !strings.Contains(text, `t.f90:5:51: warning: dummy "spare" is never used [unused-dummy]`) {
		t.Errorf("want the unused-dummy warning for spare in:\n%s", text)
	}
	if strings.Contains(text, `"x_max" is never used`) {
		t.Errorf("x_max is in density0's bounds, yet:\n%s", text)
	}
	if n := strings.Count(text, "[unused-dummy]"); n != 1 {
		t.Errorf("want 1 unused-dummy warning, got %d:\n%s", n, text)
	}
}
