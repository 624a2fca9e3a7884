package sema

import (
	"strings"
	"testing"
)

// TestWrittenBeforeRead pins Note [written before read]: an array without
// a declared intent whose every read follows a write of the same element
// in the same iteration is intent(out); any other read keeps it inout.
func TestWrittenBeforeRead(t *testing.T) {
	const decls = "real :: a(n), b(n), c(n)"
	for _, tc := range []struct {
		name, body, want string
	}{
		{"written then read", `
			do concurrent (i = 1:n)
			  c(i) = 2*a(i)
			  b(i) = c(i) + 1
			end do`, "intent(out)"},
		{"written on both branches of an IF", `
			do concurrent (i = 1:n)
			  if (a(i) > s) then
			    c(i) = s
			  else
			    c(i) = a(i)
			  end if
			  b(i) = c(i)
			end do`, "intent(out)"},
		{"read inside a sequential loop after the write before it", `
			do concurrent (i = 1:n)
			  c(i) = a(i)
			  do j = 1, m
			    c(i) = c(i) + s
			  end do
			  b(i) = 0
			end do`, "intent(out)"},
		{"read before the write", `
			do concurrent (i = 1:n)
			  b(i) = c(i)
			  c(i) = a(i)
			end do`, "intent(inout)"},
		{"written on one branch only", `
			do concurrent (i = 1:n)
			  if (a(i) > s) c(i) = s
			  b(i) = c(i)
			end do`, "intent(inout)"},
		{"another element", `
			do concurrent (i = 2:n)
			  c(i) = a(i)
			  b(i) = c(i-1)
			end do`, "intent(inout)"},
		{"the subscript changes between write and read", `
			do concurrent (i = 1:n)
			  r = i
			  c(r) = a(i)
			  r = n + 1 - i
			  b(i) = c(r)
			end do`, "intent(inout)"},
		{"written in a sequential loop that may not run", `
			do concurrent (i = 1:n)
			  do j = 1, m
			    c(i) = a(i)
			  end do
			  b(i) = c(i)
			end do`, "intent(inout)"},
		{"written in one nest, read in the next", `
			do concurrent (i = 1:n)
			  c(i) = a(i)
			end do
			do concurrent (i = 1:n)
			  b(i) = c(i)
			end do`, "intent(inout)"},
		{"read in the next trip of a sequential loop before its write", `
			do concurrent (i = 1:n)
			  do j = 1, m
			    b(i) = c(i)
			    c(i) = a(i)
			  end do
			end do`, "intent(inout)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, list, text := checkSrc(t, loopKern(decls, tc.body))
			if list.HasErrors() {
				t.Fatalf("errors:\n%s", text)
			}
			got := irText(prog)
			want := "param c real(4) rank=1 " + tc.want
			if !strings.Contains(got, want+"\n") && !strings.Contains(got, want+" ") {
				t.Errorf("IR lacks %q:\n%s", want, got)
			}
		})
	}
}
