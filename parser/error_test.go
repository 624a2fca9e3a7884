package parser

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// expectErr parses src and compares the rendered diagnostics with want.
func expectErr(t *testing.T, src, want string) *ast.File {
	t.Helper()
	f, d := Parse("t.f90", []byte(src))
	got := d.String(diag.Sources{"t.f90": []byte(src)})
	if strings.TrimSpace(got) != strings.TrimSpace(want) {
		t.Errorf("source:\n%s\ngot:\n%s\nwant:\n%s", src, got, want)
	}
	return f
}

func TestErrMissingParenInModuleSpec(t *testing.T) {
	expectErr(t, "module m\n  real :: x = (1 + 2\nend module\n", `
t.f90:2:21: error: expected ")" [syntax-unclosed-bracket]
    2 |   real :: x = (1 + 2
      |                     ^
t.f90:2:15: note: to match this "("
    2 |   real :: x = (1 + 2
      |               ^`)
}

// In a subprogram body a syntax error is kept for sema (which reports it only
// inside a kernel): no diagnostic, an OtherStmt with Err at the error.
func TestErrMissingParenInBody(t *testing.T) {
	f := expectErr(t, "subroutine s(H, a, b)\n  H = (a + b\nend subroutine\n", "")
	o := f.Units[0].(*ast.Subprogram).Body[0].(*ast.OtherStmt)
	if o.Err != `expected ")"` || o.Pos.Start.Line != 2 || o.Pos.Start.Col != 13 || o.Text != "H = (a + b" {
		t.Errorf("got %+v", o)
	}
}

func TestErrUnterminatedWhere(t *testing.T) {
	expectErr(t, "subroutine s(a)\n  real :: a(:)\n  where (a > 0)\n    a = 0\n", `
t.f90:1:1: error: subroutine "s" is never closed [unit-not-closed]
    1 | subroutine s(a)
      | ^~~~~~~~~~~~~~~
hint: add "end subroutine s"
t.f90:3:3: error: "where" construct is never closed [construct-not-closed]
    3 |   where (a > 0)
      |   ^~~~~~~~~~~~~
hint: add "end where"`)
}

func TestErrStrayEnd(t *testing.T) {
	expectErr(t, "subroutine s()\nend subroutine\nend\nend where\n", `
t.f90:3:1: error: unexpected "end": no program unit is open [stray-end]
    3 | end
      | ^~~
t.f90:4:1: error: unexpected "end where": no "where" construct is open [stray-end]
    4 | end where
      | ^~~~~~~~~`)
}

func TestErrEndNameMismatch(t *testing.T) {
	expectErr(t, "subroutine foo()\n  return\nend subroutine bar\n", `
t.f90:3:16: error: end subroutine "bar" does not match subroutine "foo" [end-name-mismatch]
    3 | end subroutine bar
      |                ^~~
hint: write "end subroutine foo"
t.f90:1:1: note: subroutine "foo" begins here
    1 | subroutine foo()
      | ^~~~~~~~~~~~~~~~`)
}

func TestErrElseWithoutIf(t *testing.T) {
	expectErr(t, "program p\n  if (x > 0) y = 1\n  else\n    y = 2\n  end if\nend program\n", `
t.f90:3:3: error: unexpected "else": no "if" construct is open [stray-end]
    3 |   else
      |   ^~~~
hint: a one-line "if (c) stmt" has no "else"; use "if (c) then" ... "end if"
t.f90:5:3: error: unexpected "end if": no "if" construct is open [stray-end]
    5 |   end if
      |   ^~~~~~`)
}

func TestErrNonASCIIIdentifier(t *testing.T) {
	expectErr(t, "program p\n  real :: héight\nend program\n", `
t.f90:2:12: error: invalid character "é" (U+00E9) [invalid-character]
    2 |   real :: héight
      |            ^
hint: Fortran names and operators are ASCII; non-ASCII text may only appear in strings and comments`)
}

func TestErrMoreStructure(t *testing.T) {
	expectErr(t, "module m\ncontains\n  function f(x)\n    real :: x, f\n    f = x\n  end subroutine\nend module m\n", `
t.f90:6:3: error: "end subroutine" cannot close function "f" [end-kind-mismatch]
    6 |   end subroutine
      |   ^~~~~~~~~~~~~~
hint: write "end function"
t.f90:3:3: note: function "f" begins here
    3 |   function f(x)
      |   ^~~~~~~~~~~~~`)
	expectErr(t, "module m\n  x = 1\nend module\n", `
t.f90:2:3: error: executable statement in the specification part of a module [exec-in-module-spec]
    2 |   x = 1
      |   ^~~~~
hint: move it into a subroutine or function after "contains"`)
	expectErr(t, "program p\n  if (x > 0) then\n    y = 1\nend program\n", `
t.f90:2:3: error: "if" construct is never closed [construct-not-closed]
    2 |   if (x > 0) then
      |   ^~~~~~~~~~~~~~~
hint: add "end if"
t.f90:4:1: note: "end program" reached here while it is still open
    4 | end program
      | ^~~~~~~~~~~`)
	expectErr(t, "program p\n  x = 1 + &\n", `
t.f90:1:1: error: program "p" is never closed [unit-not-closed]
    1 | program p
      | ^~~~~~~~~
hint: add "end program p"
t.f90:2:11: error: statement continues past the end of the file [continuation-at-eof]
    2 |   x = 1 + &
      |           ^
hint: remove the trailing "&"`)
	expectErr(t, "program p\n  s = 'abc\nend\n", `
t.f90:2:7: error: unterminated string [unterminated-string]
    2 |   s = 'abc
      |       ^
hint: close the string with ' on the same line, or end the line with "&" to continue it`)
	expectErr(t, "program p\n  real :: a(3, 4]\nend\n", `
t.f90:2:17: error: expected ")", found "]" [syntax-mismatched-bracket]
    2 |   real :: a(3, 4]
      |                 ^
t.f90:2:12: note: to match this "("
    2 |   real :: a(3, 4]
      |            ^`)
	expectErr(t, "program p\n  real, intent(sideways) :: a\nend\n", `
t.f90:2:16: error: expected "in", "out" or "inout" in intent(...) [invalid-intent]
    2 |   real, intent(sideways) :: a
      |                ^~~~~~~~`)
}
