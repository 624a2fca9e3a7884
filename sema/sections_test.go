package sema

import (
	"strings"
	"testing"
)

// TestSections pins how array assignments of loop kernels lower (Note
// [array assignments]): accepted ones by lines of their IR, rejected ones
// by their first error. The kernel is loopKern's: the body starts on
// line 8.
func TestSections(t *testing.T) {
	const grid = "real :: a(n, m), b(n, m), c(2*n)"
	tests := []struct {
		name, decls, body string
		ir                []string
		err               string
	}{
		{"a boundary row drops a dimension and is disjoint from the row it reads", grid, `
			b(1, :) = b(2, :)`,
			[]string{"parallel (_i1 = 1:m)  [array assignment]", "b(1, _i1) = b(2, _i1)", "param b real(4) rank=2 intent(inout)"}, ""},
		{"a section stencil shifts each operand from the section written", grid, `
			b(2:n-1, :) = 0.5*(a(1:n-2, :) + a(3:n, :))`,
			[]string{"parallel (_i1 = 2:n - 1, _i2 = 1:m)", "b(_i1, _i2) = (0.5 * (a((_i1 - 1), _i2) + a((_i1 + 1), _i2)))", "param a real(4) rank=2 intent(in)", "param b real(4) rank=2 intent(out)"}, ""},
		{"a whole array takes its declared bounds", grid, `
			b = 0.0`,
			[]string{"parallel (_i1 = 1:n, _i2 = 1:m)  [array assignment]", "b(_i1, _i2) = 0.0"}, ""},
		{"a 1-D array into a column of a 2-D one", grid, `
			b(:, m) = c(1:n) + a(:, 1)`,
			[]string{"parallel (_i1 = 1:n)", "b(_i1, m) = (c(_i1) + a(_i1, 1))"}, ""},
		{"a section inside a nest is a sequential loop per work-item", grid, `
			do concurrent (j = 1:m)
			  b(2:n, j) = sqrt(a(1:n-1, j))
			end do`,
			[]string{"parallel (j = 1:m)  [do concurrent]", "do _i1 = 2, n", "b(_i1, j) = sqrt(a((_i1 - 1), j))"}, ""},
		{"two dimensions inside a nest loop over the first innermost", "real :: a(n, m), b(n, m, 3), c(1)", `
			!$omp parallel do
			do r = 1, 3
			  b(:, :, r) = a
			end do`,
			[]string{"do _i2 = 1, m", "  do _i1 = 1, n", "b(_i1, _i2, r) = a(_i1, _i2)"}, ""},
		{"a strided section runs its index from zero", grid, `
			c(1:2*n-1:2) = a(:, 1)`,
			[]string{"parallel (_i1 = 0:n - 1)", "c(((2 * _i1) + 1)) = a((_i1 + 1), 1)"}, ""},
		{"a reversed operand", grid, `
			c(1:n) = a(n:1:-1, 1)`,
			[]string{"c(_i1) = a(((n - _i1) + 1), 1)"}, ""},
		{"a scalar element of the written array outside the section", grid, `
			c(2:n) = c(1)`,
			[]string{"c(_i1) = c(1)"}, ""},
		{"an explicit-shape kernel of whole arrays is a loop kernel", "real :: a(n, m), b(n, m), c(1)", `
			b = 2.0*a`,
			[]string{"loop kernel k", "b(_i1, _i2) = (2.0 * a(_i1, _i2))"}, ""},

		{"a shifted read of the array written goes through a temporary", grid, `
			c(2:n) = c(1:n-1)`,
			[]string{"temp _forall1 real(4) rank=1 bounds=(1:2*n)", "_forall1(_i1) = c((_i1 - 1))", "c(_i1) = _forall1(_i1)"}, ""},
		{"a shifted read inside a nest", grid, `
			do concurrent (j = 1:m)
			  b(2:n, j) = b(1:n-1, j)
			end do`,
			nil, `9:15: error: array assignment reads "b" at 9:15 while it writes it at 9:3: Fortran reads the whole right-hand side before it assigns, but forocl computes the elements one by one, in place`},
		{"a broadcast of an element inside the section goes through a temporary", grid, `
			c(1:n) = c(2)`,
			[]string{"_forall1(_i1) = c(2)", "c(_i1) = _forall1(_i1)"}, ""},
		{"extents that differ by a constant", grid, `
			b(2:n, :) = a(2:n-1, :)`,
			nil, `8:17: error: a(2:n-1, :) and b(2:n, :) have different shapes: extent n - 2 against n - 1 in dimension 1`},
		{"extents over unrelated sizes", grid, `
			b(:, 1) = a(1, :)`,
			nil, `8:18: error: cannot prove that a(1, :) and b(:, 1) have the same shape: extent m against n in dimension 1`},
		{"ranks that differ", grid, `
			c(1:n) = a`,
			nil, `8:12: error: a has rank 2 but c(1:n) has rank 1`},
		{"a section assigned to an element", grid, `
			b(1, 1) = a(:, 1)`,
			nil, `8:13: error: a(:, 1) has rank 1 but b(1, 1) has rank 0`},
		{"a reduction in an array assignment is a launch before it", grid, `
			c(1:n) = a(:, 1)/sum(a(:, 1))`,
			[]string{"_sum1 = 0.0\n  parallel (_i1 = 1:n)  [sum] reduce(sum: _sum1)\n    _sum1 <- sum of a(_i1, 1)\n  end parallel\n  parallel (_i1 = 1:n)  [array assignment]\n    c(_i1) = (a(_i1, 1) / _sum1)"}, ""},
		{"a reduction of the array written, in a nest, is read before the assignment", grid, `
			do concurrent (j = 1:m)
			  b(:, j) = b(:, j)/maxval(b(:, j))
			end do`,
			[]string{"    do _i1 = 1, n\n      _maxval1 = max(_maxval1, b(_i1, j))\n    end do\n    do _i1 = 1, n\n      b(_i1, j) = (b(_i1, j) / merge(_maxval1, -3.4028235e38, (1 <= n)))"}, ""},
		{"a reduction in an IF condition", grid, `
			do concurrent (j = 1:m)
			  if (any(b(:, j) > 0)) b(1, j) = 0
			end do`,
			nil, `9:7: error: reduction "any" of an array outside an assignment is not supported`},
		{"maxloc in an array assignment", grid, `
			c(1:n) = maxloc(a(:, 1))`,
			nil, `8:12: error: "maxloc" inside an array assignment of a loop kernel`},
		{"a reduction over a section between nests is a reducing nest", grid, `
			t = 2*maxval(c(2:n)) + sum(a)`,
			[]string{"_maxval1 = NaN", "parallel (_i1 = 2:n)  [maxval] reduce(max: _maxval1)", "_maxval1 <- max of c(_i1)",
				"parallel (_i1 = 1:n, _i2 = 1:m)  [sum] reduce(sum: _sum2)", "t = ((real(4)(2) * merge(_maxval1, -3.4028235e38, (2 <= n))) + _sum2)"}, ""},
		{"a reduction of a scalar", grid, `
			t = sum(c(1) + s)`,
			nil, `8:11: error: the argument of sum has no array in it`},
		{"a reduction with dim=", grid, `
			t = sum(a, dim=1)`,
			nil, `8:14: error: sum with dim= is not supported; forocl reduces over the whole array expression [reduction-dim]`},
		{"a reduction with mask=", grid, `
			t = sum(a, mask=a > 0.0)`,
			nil, `8:7: error: only sum(array expression), with no other argument, is translated in a loop kernel [reduction-argument]`},
		{"a reduction of the wrong kind", grid, `
			t = count(a)`,
			nil, `8:13: error: count takes a logical array, not real(4) [reduction-argument]`},
		{"a reduction in a nest bound", grid, `
			do concurrent (i = 1:int(sum(c)))
			  c(i) = 0
			end do`,
			nil, `8:28: error: reduction "sum" of an array outside an assignment is not supported`},
		{"a section of an intent(in) array", "real, intent(in) :: a(n, m)\nreal :: b(n, m), c(1)", `
			a(1, :) = 0.0`,
			nil, `9:3: error: cannot assign to intent(in) array "a"`},
		{"a stride that is not constant", grid, `
			c(1:n:m) = 0.0`,
			nil, `8:9: error: the stride of a section of "c" must be a non-zero integer constant`},
		{"a strided section whose extent is not affine is a guarded launch", grid, `
			c(1:n:2) = a(2:n+1:2, 1)`,
			[]string{"parallel (_i1 = 1:n)  [array assignment]", "if (mod((_i1 - 1), 2) == 0) then", "c(_i1) = a((_i1 + 1), 1)"}, ""},
		{"a strided section whose extent is not affine, in a nest", grid, `
			do concurrent (j = 1:m)
			  b(2:n:2, j) = 0.0
			end do`,
			[]string{"do _i1 = 2, n, 2", "b(_i1, j) = 0.0"}, ""},
		{"strides that differ from a stride of no affine extent", grid, `
			c(1:n:2) = c(n+1:2*n)`,
			nil, `8:16: error: cannot prove that c(n+1:2*n) and c(1:n:2) have the same shape in dimension 1`},
		{"a negative stride whose extent is not affine", grid, `
			c(n:1:-2) = 0.0`,
			nil, `8:5: error: the extent of section c(n:1:-2) is not affine: -n + 1 is not a multiple of the stride -2`},
		{"a top-level section bound through a local: a host variable", grid, `
			r = 2
			c(r:n) = 0.0`,
			[]string{"parallel (_i1 = r:n)"}, ""},
		{"a section bound through a real local", grid, `
			t = 2.0
			c(int(t):n) = 0.0`,
			nil, `9:5: error: the lower bound of a section of "c" is a bound of a launch and is not affine in the kernel's integer scalar dummies: it has a call of int`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog, list, text := checkSrc(t, loopKern(tc.decls, tc.body))
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

// TestSectionKernelRule: which kernels without parallel loops are loop
// kernels (arraySyntaxKernel). Paper-dialect kernels of whole
// assumed-shape arrays stay region kernels, as does a kernel that mixes
// explicit- and assumed-shape dummies without a subscripted assignment.
func TestSectionKernelRule(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"assumed shape, whole arrays", "real, dimension(:), contiguous, intent(in) :: a\n  real, dimension(:), contiguous, intent(out) :: b\n  b = 2*a", "kernel k rank=1"},
		{"assumed shape, an element assigned", "real, dimension(:), intent(in) :: a\n  real, dimension(:), intent(out) :: b\n  b(1) = a(2)", "loop kernel k"},
		{"explicit shape, whole arrays", "real, dimension(n), intent(in) :: a\n  real, dimension(n), intent(out) :: b\n  b = 2*a", "loop kernel k"},
		{"explicit shape with region_cpy", "real, dimension(n), intent(in) :: a\n  real, dimension(n), intent(out) :: b\n  b = region_cpy(a, [0, 0])", `array "a" must be assumed-shape`},
		{"an element assigned beside WHERE", "real, dimension(:), intent(in) :: a\n  real, dimension(:), intent(out) :: b\n  b(1) = 0\n  where (a > 0) b = a", `array element references such as b(...) are outside forocl's subset`},
		{"mixed shapes, whole arrays", "real, dimension(n), intent(in) :: a\n  real, dimension(:), contiguous, intent(out) :: b\n  b = a", `array "a" must be assumed-shape`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "!$OFP PURE, KERNEL :: k\nsubroutine k(n, a, b)\n  integer, intent(in) :: n\n  " + tc.src + "\nend subroutine k\n"
			prog, _, text := checkSrc(t, src)
			if prog != nil {
				text = irText(prog)
			}
			if !strings.Contains(text, tc.want) {
				t.Errorf("want %q in:\n%s", tc.want, text)
			}
		})
	}
}

// TestSectionKernelByName: a legacy file without directives, whose
// subroutine --kernel names, becomes a loop kernel of array assignments
// by the same rule.
func TestSectionKernelByName(t *testing.T) {
	src := "subroutine bc(n, m, h)\n  integer :: n, m\n  real :: h(n, m)\n  h(1, :) = h(2, :)\n  h(n, :) = h(n-1, :)\nend subroutine bc\n"
	prog, list, text := run(t, []string{"t.f90"}, map[string][]byte{"t.f90": []byte(src)}, Options{Kernels: []string{"bc"}})
	if list.HasErrors() {
		t.Fatalf("errors:\n%s", text)
	}
	got := irText(prog)
	for _, want := range []string{"loop kernel bc", "param h real(4) rank=2 intent(inout)", "h(n, _i1) = h((n - 1), _i1)"} {
		if !strings.Contains(got, want) {
			t.Errorf("IR lacks %q:\n%s", want, got)
		}
	}
}
