package sema

import (
	"strings"
	"testing"
)

// TestScalarIntentsAndGuards pins Note [scalar intents] (a dummy read
// before it is assigned is intent(inout), Note [inout scalars]), reductions with
// several MIN/MAX arguments, and Note [guard reads]: accepted kernels by
// lines of their IR, rejected ones by their first error. loopKern's s is a
// real scalar dummy with no INTENT; the body starts at line 7 plus the
// number of declaration lines.
func TestScalarIntentsAndGuards(t *testing.T) {
	const red = "real :: a(n), b(n), c(n)"
	tests := []struct {
		name, decls, body string
		ir                []string
		err               string
	}{
		{"set before a reduction nest: a result", red, `
			s = 0
			!$omp parallel do reduction(+:s)
			do i = 1, n
			  s = s + a(i)
			end do`,
			[]string{"param s real(4) intent(out)"}, ""},
		{"set to an expression before the nest: a result", red, `
			s = 0.5*n
			!$omp parallel do reduction(max:s)
			do i = 1, n
			  s = max(s, a(i))
			end do`,
			[]string{"param s real(4) intent(out)", "s = (0.5 * real(4)(n))"}, ""},
		{"never assigned: a value", red, `
			do concurrent (i = 1:n)
			  b(i) = s*a(i)
			end do`,
			[]string{"param s real(4) intent(in)"}, ""},
		{"reduced with no value set before: inout, adds to the caller's value", red, `
			!$omp parallel do reduction(+:s)
			do i = 1, n
			  s = s + a(i)
			end do`,
			[]string{"param s real(4) intent(inout)"}, ""},
		{"read, then assigned", red, `
			t = s
			s = 0
			do concurrent (i = 1:n)
			  b(i) = t*a(i)
			end do`,
			[]string{"param s real(4) intent(inout)"}, ""},
		{"first set under an IF", red, `
			if (n > 2) s = 0
			!$omp parallel do reduction(+:s)
			do i = 1, n
			  s = s + a(i)
			end do`,
			[]string{"param s real(4) intent(inout)"}, ""},
		{"set in both branches of an IF", red, `
			if (n > 2) then
			  s = 1
			else
			  s = 0
			end if
			do concurrent (i = 1:n)
			  b(i) = a(i)
			end do`,
			[]string{"param s real(4) intent(out)"}, ""},
		{"read first in the ELSE branch", red, `
			if (n > 2) then
			  s = 1
			else
			  s = s + 1
			end if
			do concurrent (i = 1:n)
			  b(i) = a(i)
			end do`,
			[]string{"param s real(4) intent(inout)"}, ""},
		{"an ELSE IF condition reads it", red, `
			if (n > 2) then
			  s = 1
			else if (s > 0) then
			  s = 2
			else
			  s = 0
			end if
			do concurrent (i = 1:n)
			  b(i) = a(i)
			end do`,
			[]string{"param s real(4) intent(inout)"}, ""},
		{"first set after a RETURN", red, `
			if (n > 2) return
			s = 0
			do concurrent (i = 1:n)
			  b(i) = a(i)
			end do`,
			[]string{"param s real(4) intent(inout)"}, ""},
		{"MIN of several arguments folds the others", red, `
			s = 1.0e30
			!$omp parallel do reduction(min:s)
			do i = 1, n
			  s = min(s, a(i), b(i), c(i))
			end do`,
			[]string{"s <- min of min(a(i), b(i), c(i))"}, ""},
		{"MAX with the reduced scalar in the middle", red, `
			s = 0
			!$omp parallel do reduction(max:s)
			do i = 1, n
			  s = max(a(i), s, b(i))
			end do`,
			[]string{"s <- max of max(a(i), b(i))"}, ""},
		{"MIN naming the reduced scalar twice", red, `
			s = 1.0e30
			!$omp parallel do reduction(min:s)
			do i = 1, n
			  s = min(s, a(i), s)
			end do`,
			nil, `11:20: error: "s" is reduced by this loop and cannot be used otherwise inside it`},
		{"MIN without the reduced scalar", red, `
			s = 1.0e30
			!$omp parallel do reduction(min:s)
			do i = 1, n
			  s = min(a(i), b(i), c(i))
			end do`,
			nil, `11:3: error: assignment to "s" does not have the form of its min reduction`},
		{"an IF on an element of an integer dummy array guards nests", "integer :: c(4)\nreal :: a(n), b(n)", `
			if (c(2) == 1 .and. c(m) > 0) then
			  do concurrent (i = 1:n)
			    b(i) = a(i)
			  end do
			end if`,
			[]string{"param c integer rank=1 intent(in)", "if ((c(2) == 1) .and. (c(m) > 0))"}, ""},
		{"a logical dummy array in an ELSE IF", "logical :: c(4)\nreal :: a(n), b(n)", `
			if (s > 0) then
			  do concurrent (i = 1:n)
			    b(i) = a(i)
			  end do
			else if (c(3)) then
			  do concurrent (i = 1:n)
			    b(i) = -a(i)
			  end do
			end if`,
			[]string{"param c logical rank=1 intent(in)", "c(3)"}, ""},
		{"a guard array the kernel writes: read back when the IF runs", "integer :: c(n)\nreal :: a(n), b(n)", `
			if (c(1) == 1) then
			  do concurrent (i = 1:n)
			    c(i) = 0
			    b(i) = a(i)
			  end do
			end if`,
			[]string{"param c integer rank=1 intent(inout)", "if (c(1) == 1) then"}, ""},
		{"a real array in a guard", red, `
			if (a(1) > 0) then
			  do concurrent (i = 1:n)
			    b(i) = a(i)
			  end do
			end if`,
			[]string{"if (a(1) > real(4)(0)) then"}, ""},
		{"a local array in a guard, by a variable subscript", "integer :: f(4)\n" + red, `
			if (f(n) > 0) then
			  do concurrent (i = 1:n)
			    b(i) = a(i)
			  end do
			end if`,
			nil, `9:7: error: the host reads local array "f" outside the parallel loops`},
		{"an array element in a scalar assignment between nests", "integer :: c(4)\nreal :: a(n), b(n)", `
			r = c(1)
			do concurrent (i = 1:n)
			  b(i) = a(i)*r
			end do`,
			[]string{"r = c(1)"}, ""},
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
