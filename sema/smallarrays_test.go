package sema

import (
	"strings"
	"testing"
)

// TestSmallArrayRules pins parameter tables, private arrays, gathers and
// computed writes in loop kernels (Note [small arrays] in package ir):
// accepted kernels by lines of their IR, rejected ones by their first
// error. The kernel is loopKern's.
func TestSmallArrayRules(t *testing.T) {
	tests := []struct {
		name, decls, body string
		ir                []string
		err               string
	}{
		{"a gather under OpenMP", "real :: a(n), b(n)\ninteger :: c(n)", `
			!$omp parallel do
			do i = 1, n
			  b(i) = a(c(i))
			end do`,
			[]string{"b(i) = a(c(i))"}, ""},
		{"a gather from the written array", "real :: a(n), b(1)\ninteger :: c(n)", `
			!$omp parallel do
			do i = 1, n
			  a(i) = a(c(i))
			end do`,
			[]string{"[!$omp parallel do (serial)]", "a(i) = a(c(i))"}, ""},
		{"a gather from the written array along its own column", "real :: a(n, m), b(1)\ninteger :: c(n)", `
			!$omp parallel do
			do j = 1, m
			  do i = 1, n
			    a(i, j) = a(c(i), j) + a(i*i, j)
			  end do
			end do`,
			[]string{"parallel (j = 1:m)  [!$omp parallel do]", "a(i, j) = (a(c(i), j) + a((i * i), j))"}, ""},
		{"a scatter under OpenMP", "real :: a(n), b(n)\ninteger :: c(n)", `
			!$omp parallel do
			do i = 1, n
			  b(c(i)) = a(i)
			end do`,
			[]string{"[!$omp parallel do (serial)]", "b(c(i)) = a(i)"}, ""},
		{"a scatter in DO CONCURRENT", "real :: a(n), b(n)\ninteger :: c(n)", `
			do concurrent (i = 1:n)
			  b(c(i)) = a(i)
			end do`,
			[]string{"b(c(i)) = a(i)", "param b real(4) rank=1 intent(out)"}, ""},
		{"a scatter along a dimension a parallel index owns", "real :: a(n, m), b(n, m)\ninteger :: c(n)", `
			!$omp parallel do
			do j = 1, m
			  do i = 1, n
			    b(c(i), j) = a(i, j)
			  end do
			end do`,
			[]string{"parallel (j = 1:m)", "b(c(i), j) = a(i, j)"}, ""},
		{"a write through a constant permutation under OpenMP", "real :: a(4, n), b(4, n), c(1)\ninteger, parameter :: order(4) = [2, 4, 1, 3]", `
			!$omp parallel do collapse(2)
			do i = 1, n
			  do j = 1, 4
			    b(order(j), i) = a(j, i)
			  end do
			end do`,
			[]string{"parallel (i = 1:n, j = 1:4)", "b(order(j), i) = a(j, i)"}, ""},
		{"a write through a table with a repeated value", "real :: a(4, n), b(4, n), c(1)\ninteger, parameter :: order(4) = [2, 4, 2, 3]", `
			!$omp parallel do collapse(2)
			do i = 1, n
			  do j = 1, 4
			    b(order(j), i) = a(j, i)
			  end do
			end do`,
			[]string{"[!$omp parallel do (serial)]", "b(order(j), i) = a(j, i)"}, ""},
		{"a parameter table over a radius loop", "real :: a(1-m:n+m), b(n), c(1)\nreal(8), parameter :: w(-2:2) = [0.1, 0.2, 0.4, 0.2, 0.1]", `
			do concurrent (i = 1:n)
			  t = 0
			  do r = -2, 2
			    t = t + w(r)*a(i+r)
			  end do
			  b(i) = t + w(2)
			end do`,
			[]string{"table w real(8) rank=1 bounds=(-2:2) = [0.10000000149011612d0, 0.20000000298023224d0, 0.4000000059604645d0, 0.20000000298023224d0, 0.10000000149011612d0]",
				"(w(r) * real(8)(a((i + r))))", "w(2)=0.10000000149011612d0"}, ""},
		{"an integer offset table and arithmetic on arrays", "real :: a(n+4), b(n), c(1)\ninteger, parameter :: off(4) = (/ 0, 1, 3, 4 /) + 1", `
			do concurrent (i = 1:n)
			  t = 0
			  do r = 1, 4
			    t = t + a(i + off(r))
			  end do
			  b(i) = t
			end do`,
			[]string{"table off integer rank=1 bounds=(1:4) = [1, 2, 4, 5]", "a((i + off(r)))"}, ""},
		{"a table subscript out of its bounds", "real :: a(n), b(n), c(1)\nreal, parameter :: w(0:1) = [0.5, 0.5]", `
			do concurrent (i = 1:n)
			  b(i) = w(2)*a(i)
			end do`,
			nil, `10:12: error: subscript 2 is out of bounds 0:1 of "w"`},
		{"a rank-2 table from reshape", "real(8) :: a(0:n+1, 0:m+1), b(n, m), c(1)\nreal(8), parameter :: w(-1:1, 0:1) = reshape([1, 2, 3, 4, 5, 6], [3, 2]) / 2.0_8", `
			do concurrent (j = 1:m, i = 1:n)
			  b(i, j) = w(i - i + 1, 0) * a(i, j) + w(-1, 1) + w(m, m)
			end do`,
			[]string{"table w real(8) rank=2 bounds=(-1:1, 0:1) = [0.5d0, 1.0d0, 1.5d0, 2.0d0, 2.5d0, 3.0d0]", "w(-1,1)=2.0d0", "w(m, m)"}, ""},
		{"a rank-2 table of the wrong shape", "real :: a(n), b(n), c(1)\nreal, parameter :: w(2, 2) = reshape([1., 2., 3., 4., 5., 6.], [2, 3])", `
			do concurrent (i = 1:n)
			  b(i) = w(1, 1)*a(i)
			end do`,
			nil, `8:32: error: "w" has shape [2, 2] but its value has shape [2, 3]`},
		{"a private array", "real :: a(n), b(n), c(1)\nreal :: tmp(0:2)", `
			!$omp parallel do private(tmp, t)
			do i = 1, n
			  tmp = a(i)
			  tmp(1) = 2*tmp(0)
			  b(i) = tmp(1) + tmp(2)
			end do`,
			[]string{"local tmp real(4) rank=1 bounds=(0:2)", "do _i1 = 0, 2", "tmp(_i1) = a(i)", "tmp(1) = (real(4)(2) * tmp(0))"}, ""},
		{"a private array filled with a constant", "real(8) :: a(n), b(n), c(1)\nreal(8) :: tmp(2, 2)", `
			do concurrent (i = 1:n) local(tmp)
			  tmp = 0.1
			  b(i) = tmp(2, 1)*a(i)
			end do`,
			[]string{"do _i2 = 1, 2", "do _i1 = 1, 2", "tmp(_i1, _i2) = real(8)(0.1)"}, ""},
		{"a local array read in a later nest is shared", "real :: a(n), b(n), c(n)\nreal :: tmp(2)", `
			do concurrent (i = 1:n)
			  tmp(1) = a(i)
			  b(i) = tmp(1)
			end do
			do concurrent (i = 1:n)
			  c(i) = tmp(1)
			end do`,
			[]string{"automatic tmp real(4) rank=1 bounds=(1:2)"}, ""}, // Note [local arrays shared across nests]
		// Note [local arrays shared across nests]: a private clause keeps
		// each iteration's own copy.
		{"a local array named private stays private", "real :: a(n), b(n), c(n)\nreal :: tmp(2)", `
			!$omp parallel do private(tmp)
			do i = 1, n
			  tmp(1) = a(i)
			  b(i) = tmp(1)
			end do
			!$omp parallel do private(tmp)
			do i = 1, n
			  c(i) = tmp(1)
			  tmp(1) = b(i)
			end do`,
			[]string{"local tmp real(4) rank=1 bounds=(1:2)"}, ""},
		{"private arrays past 8192 bytes together", "real :: a(n), b(n), c(1)\nreal(8) :: p(600), q(600)", `
			do concurrent (i = 1:n)
			  p(1) = a(i)
			  q(1) = p(1)
			  b(i) = q(1)
			end do`,
			nil, `8:22: error: local array "q" takes the kernel's private arrays past 8192 bytes (4800 before it)`},
		{"an automatic array of rank 4", "real :: a(n), b(n), c(1)\nreal :: tmp(n, n, 2, 2)", `
			do concurrent (i = 1:n)
			  b(i) = a(i)
			end do`,
			nil, `8:11: error: automatic array "tmp" has rank 4`},
		{"an array assigned to a private array", "real :: a(n), b(n), c(1)\nreal :: tmp(2), u(2)", `
			do concurrent (i = 1:n)
			  u = 0
			  tmp = u
			  b(i) = tmp(2)*a(i)
			end do`,
			[]string{"tmp(_i1) = u(_i1)"}, ""},
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
