package sema

import (
	"strings"
	"testing"
)

// TestDependence pins which nests the dependence analysis proves parallel
// and which run serially (Note [dependence analysis], Note [linearised
// subscripts]): want is the nest line of the IR dump ("parallel (k =
// ..., j = ...)" for a parallel nest, "(serial)" for a serial one), and
// why a part of the loop-serial warning, "" when there is none.
func TestDependence(t *testing.T) {
	for _, r := range dependenceRows {
		t.Run(r.name, func(t *testing.T) {
			prog, list, text := checkSrc(t, loopKern(r.decls, r.body))
			if list.HasErrors() {
				t.Fatalf("errors:\n%s", text)
			}
			got := irText(prog)
			if !strings.Contains(got, r.want) {
				t.Errorf("IR lacks %q:\n%s", r.want, got)
			}
			serial := strings.Count(text, "[loop-serial]")
			switch {
			case r.why == "" && serial > 0:
				t.Errorf("unexpected loop-serial:\n%s", text)
			case r.why != "" && (serial != 1 || !strings.Contains(text, r.why)):
				t.Errorf("want one loop-serial with %q:\n%s", r.why, text)
			}
		})
	}
}

// dependenceRows are TestDependence's kernels.
var dependenceRows = []struct {
	name, decls, body string
	want, why         string
}{
	{"a linearised pack through a temporary", "real :: a(n, m), b(1), c(1)\ninteger :: ix", `
			!$omp parallel do private(ix)
			do j = 1, m
			  do i = 1, n
			    ix = i + (j-1)*n
			    b(ix) = a(i, j)
			  end do
			end do`, "parallel (j = 1:m, i = 1:n)", ""},
	{"a linearised pack with the depth idiom", "real :: a(n, m), b(1), c(1)\ninteger :: ix", `
			do j = 1 - n, n + m
			  do i = 1, n
			    ix = 7 + i + (j + n - 1)*n
			    b(ix) = a(i, j)
			  end do
			end do`, "parallel (j = -n + 1:n + m, i = 1:n)", ""},
	{"a linearised pack with three indices", "real :: a(n, m), b(1), c(1)\ninteger :: ix, k", `
			do k = 1, 2
			  do j = 1, m
			    do i = 1, n
			      b(i + n*(j-1) + n*m*(k-1)) = a(i, j)
			    end do
			  end do
			end do`, "parallel (k = 1:2, j = 1:m, i = 1:n)", ""},
	{"rows that overlap unless the lower bound is at least 1", "real :: a(n, m), b(1), c(1)", `
			r = m - 5
			!$omp parallel do collapse(2)
			do j = 1, m
			  do i = r, n
			    b(i + (j-1)*n) = a(i, j)
			  end do
			end do`, "(serial)", `one-to-one only if r - 1 >= 0, which depends on the sizes at run time`},
	{"a sum of two indices", "real :: a(n, m), b(1), c(1)", `
			!$omp parallel do collapse(2)
			do j = 1, m
			  do i = 1, n
			    b(i + j) = a(i, j)
			  end do
			end do`, "(serial)", `different iterations may write the same element of "b"`},
	{"a temporary read before it is assigned", "real :: a(n, m), b(1), c(1)\ninteger :: ix", `
			ix = 0
			!$omp parallel do private(ix)
			do j = 1, m
			  do i = 1, n
			    b(ix) = a(i, j)
			    ix = i + (j-1)*n
			  end do
			end do`, "(serial)", `"b"`},
	{"a temporary assigned under an IF", "real :: a(n, m), b(1), c(1)\ninteger :: ix", `
			!$omp parallel do private(ix)
			do j = 1, m
			  do i = 1, n
			    ix = 1
			    if (a(i, j) > 0) ix = i + (j-1)*n
			    b(ix) = a(i, j)
			  end do
			end do`, "(serial)", `"b"`},
	{"a symbolic stride proven by the host loop around it", "real :: a(n, m), b(1), c(1)\ninteger :: k", `
			do k = 1, m
			  !$omp parallel do
			  do i = 1, n
			    b(k + (i-1)*m) = a(i, k)
			  end do
			end do`, "parallel (i = 1:n)", ""},
	{"a symbolic stride with nothing to prove it", "real :: a(n, m), b(1), c(1)", `
			!$omp parallel do
			do i = 1, n
			  b(i*m) = a(i, 1)
			end do`, "if ((integer(8)(m) - 1_8) >= 0_8) then\n    parallel (i = 1:n)", `runs in parallel when m - 1 >= 0 and serially, on one work-item, otherwise`},
	{"a run-time condition keeps the serial launch", "real :: a(n, m), b(1), c(1)", `
			!$omp parallel do
			do i = 1, n
			  b(i*m) = a(i, 1)
			end do`, "  else\n    parallel (_s1 = 1:1)  [!$omp parallel do (serial)]", `one-to-one only if m - 1 >= 0`},
	{"two run-time conditions", "real :: a(n, m), b(1), c(1)", `
			r = n + 1
			!$omp parallel do
			do i = 1, n
			  b(i*m) = a(i, 1)
			  c(i*r) = a(i, 2)
			end do`, "if (((integer(8)(m) - 1_8) >= 0_8) .and. ((integer(8)(r) - 1_8) >= 0_8)) then", `runs in parallel when m - 1 >= 0 and r - 1 >= 0 and serially`},
	{"a run-time condition does not lift a recurrence", "real :: a(1), b(1), c(1)", `
			!$omp parallel do
			do i = 1, n
			  a(i*m) = a(i*m - 1) + 1
			end do`, "  parallel (_s1 = 1:1)", `nest runs serially, on one work-item: different iterations may write the same element of "a"`},
	{"a host variable in a written subscript", "real :: a(n), b(n+9), c(1)", `
			r = 1
			if (m > 2) r = 2
			!$omp parallel do
			do i = 1, n
			  b(i + r) = b(i + r) + a(i)
			end do`, "parallel (i = 1:n)", ""},
	{"a backward loop", "real :: a(n), b(n), c(1)", `
			!$omp parallel do
			do i = n, 1, -1
			  b(i) = 2*a(i)
			end do`, "parallel (i = 1:n)", ""},
	{"a backward loop carrying a value", "real :: a(n), b(n), c(1)", `
			do i = n - 1, 1, -1
			  b(i) = b(i+1) + a(i)
			end do`, "(serial)", `iterations may read "b"`},
	{"a strided directive loop", "real :: a(n), b(n), c(1)", `
			!$omp parallel do
			do i = 1, n, 2
			  b(i) = a(i)
			end do`, "parallel (i = 1:n)  [!$omp parallel do]\n    if (mod((i - 1), 2) == 0) then", ""},
	{"a symbolic step", "real :: a(n), b(n), c(1)", `
			!$omp parallel do
			do i = 1, n, m
			  b(i) = a(i)
			end do`, "parallel (_k1_i = 0:_trips1_i - 1)  [!$omp parallel do]\n    i = (1 + (_k1_i * _step1_i))", ""},
	{"a symbolic step, two elements per iteration", "real :: a(n), b(n), c(1)", `
			!$omp parallel do
			do i = 1, n-1, m
			  b(i) = a(i)
			  b(i+1) = a(i)
			end do`, "(serial)", `iterations may write "b"`},
	{"an automatic array as each iteration's scratch", "real :: a(n), b(n), c(1)\nreal :: w(m)", `
			do concurrent (i = 1:n)
			  do j = 1, m
			    w(j) = a(i)*j
			  end do
			  b(i) = w(m)
			end do`, "(serial)", `different iterations may write the same element of "w" (11:3) (automatic array "w" is one buffer that the iterations share)`},
	{"an automatic array written one element per iteration", "real :: a(n), b(n), c(1)\nreal :: w(n)", `
			do concurrent (i = 1:n)
			  w(i) = a(i)
			end do
			do concurrent (i = 2:n)
			  b(i) = w(i) + w(i-1)
			end do`, "parallel (i = 2:n)  [do concurrent]", ""},
	{"a do concurrent of a symbolic step and a 64-bit index", "real :: a(n), b(n), c(1)\ninteger(8) :: k", `
			do concurrent (k = 1:n:m)
			  b(k) = a(k)
			end do`, "(serial)", `the loop over "k" at 9:3 has a step that is not a constant and an index of integer(8)`},
	{"a symbolic step of an inner loop", "real :: a(n, n), b(n, n), c(1)", `
			do j = 1, n
			  do i = 1, n, m
			    b(i, j) = a(i, j)
			  end do
			end do`, "parallel (j = 1:n)  [do]\n    do i = 1, n, _nzstep1_i", ""},
	{"a backward strided loop with no iteration", "real :: a(n), b(n), c(1)", `
			do i = 1, n, -3
			  b(i) = a(i)
			end do`, "parallel (i = n:1)  [do]\n    if (mod((1 - i), 3) == 0) then", ""},
	{"a strided inner loop carrying a value", "real :: a(n, m), b(n, m), c(1)", `
			do j = 1, m
			  do i = 2, n, 3
			    b(i, j) = b(i-1, j) + a(i, j)
			  end do
			end do`, "parallel (j = 1:m)  [do]\n    do i = 2, n, 3", ""},
	{"a strided inner loop", "real :: a(n, m), b(n, m), c(1)", `
			do j = 1, m
			  do i = 1, n, 2
			    b(i, j) = a(i, j)
			  end do
			end do`, "parallel (j = 1:m, i = 1:n)", ""},
	{"a triangular loop", "real :: a(n, n), b(n, n), c(1)", `
			do j = 1, n
			  do i = j, n
			    b(i, j) = a(j, i)
			  end do
			end do`, "parallel (j = 1:n)", ""},
	{"a recurrence under a directive", "real :: a(0:n), b(n), c(1)", `
			!$omp parallel do
			do i = 1, n
			  a(i) = a(i-1) + b(i)
			end do`, "(serial)", `iterations may read "a"`},
	{"a running sum under a directive", "real :: a(n), b(n), c(1)", `
			t = 0
			!$omp parallel do
			do i = 1, n
			  t = t + a(i)
			  b(i) = t
			end do`, "(serial)", `"t" is read at`},
	{"a second write of another element", "real :: a(n), b(n+1), c(1)", `
			!$omp parallel do
			do i = 1, n
			  b(i) = a(i)
			  b(i+1) = 0
			end do`, "(serial)", `iterations may write "b" at 11:3 where others write it at 10:3`},
	{"a serial nest keeps its reduction", "real :: a(n), b(n+1), c(1)", `
			t = 0
			!$omp parallel do reduction(+:t)
			do i = 1, n
			  t = t + a(i)
			  b(i+1) = b(i)
			end do
			c(1) = t`, "(serial)", `iterations may read "b"`},
	{"do concurrent stays trusted", "real :: a(n), b(n+1), c(1)", `
			do concurrent (i = 1:n)
			  b(i+1) = b(i) + a(i)
			end do`, "parallel (i = 1:n)", ""},
}
