package parser

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// A UTF-8 byte order mark at the start of a file is blank space: the file
// parses, and positions stay byte-true (the first token is at offset 3,
// column 4). Anywhere else it is an invalid character.
func TestByteOrderMark(t *testing.T) {
	f := expectErr(t, "\xef\xbb\xbfprogram p\n  x = 1\nend program p\n", "")
	p := f.Units[0].(*ast.Program)
	if got := p.Pos.Start; got.Offset != 3 || got.Line != 1 || got.Col != 4 {
		t.Errorf("program statement at %+v, want offset 3, 1:4", got)
	}
	if got := p.Body[0].Span().Start; got.Offset != 15 || got.Line != 2 || got.Col != 3 {
		t.Errorf("assignment at %+v, want offset 15, 2:3", got)
	}
	expectErr(t, "\xef\xbb\xbf", "")
	expectErr(t, "\xef\xbb\xbf\r\n! comment\r\n", "")
	expectErr(t, "program p\n\xef\xbb\xbfx = 1\nend\n", `
t.f90:2:1: error: invalid character "\ufeff" (U+FEFF) [invalid-character]
    2 | `+"\ufeff"+`x = 1
      | ^
hint: Fortran names and operators are ASCII; non-ASCII text may only appear in strings and comments`)
	expectErr(t, "\xef\xbb\xbf\xef\xbb\xbfprogram p\nend\n", `
t.f90:1:4: error: invalid character "\ufeff" (U+FEFF) [invalid-character]
    1 | `+"\ufeff"+`program p
      | ^
hint: Fortran names and operators are ASCII; non-ASCII text may only appear in strings and comments`)
}

// Each row is one bad statement in a module's specification part, where
// every syntax error is reported; want is the rendered text.
func TestErrSpecStatements(t *testing.T) {
	tests := []struct{ name, stmt, want string }{
		{"empty dimension", "real, dimension() :: c", `
t.f90:2:9: error: malformed dimension(...) attribute [syntax-malformed-dimension]
    2 |   real, dimension() :: c
      |         ^~~~~~~~~~~`},
		{"dimension of double colon", "real, dimension(::) :: c", `
t.f90:2:9: error: malformed dimension(...) attribute [syntax-malformed-dimension]
    2 |   real, dimension(::) :: c
      |         ^~~~~~~~~~~~~`},
		{"dimension with a keyword", "real, dimension(len=3) :: c", `
t.f90:2:9: error: malformed dimension(...) attribute [syntax-malformed-dimension]
    2 |   real, dimension(len=3) :: c
      |         ^~~~~~~~~~~~~~~~`},
		{"dimension without parentheses", "real, dimension :: c", `
t.f90:2:9: error: malformed dimension(...) attribute [syntax-malformed-dimension]
    2 |   real, dimension :: c
      |         ^~~~~~~~~`},
		{"empty dimension statement", "dimension() :: c", `
t.f90:2:3: error: malformed dimension(...) attribute [syntax-malformed-dimension]
    2 |   dimension() :: c
      |   ^~~~~~~~~~~`},
		{"use only without colon", "use n, only", `
t.f90:2:14: error: expected ":" after "only" [use-only-colon]
    2 |   use n, only
      |              ^
hint: write "use n, only: name, ..."`},
		{"use only without colon before a name", "use n, only x", `
t.f90:2:15: error: expected ":" after "only" [use-only-colon]
    2 |   use n, only x
      |               ^
hint: write "use n, only: name, ..."`},
		{"use without only", "use n, x", `
t.f90:2:11: error: expected "=>" after "x" [use-rename-arrow]
    2 |   use n, x
      |           ^
hint: without "only", the list after the module name renames ("use n, local => remote"); to import "x" alone write "use n, only: x"`},
		{"use rename list with a bare name", "use :: n, x => y, z, w", `
t.f90:2:22: error: expected "=>" after "z" [use-rename-arrow]
    2 |   use :: n, x => y, z, w
      |                      ^
hint: without "only", the list after the module name renames ("use n, local => remote"); to import "z" alone write "use n, only: z"`},
		{"attribute statement with dimensions", "intent(in) :: x(3)", `
t.f90:2:17: error: unexpected dimensions or initialiser in an "intent" statement [attribute-statement-shape]
    2 |   intent(in) :: x(3)
      |                 ^~~~`},
		{"save statement with dimensions", "save :: x(3)", `
t.f90:2:11: error: unexpected dimensions or initialiser in a "save" statement [attribute-statement-shape]
    2 |   save :: x(3)
      |           ^~~~`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			expectErr(t, "module m\n  "+tc.stmt+"\nend module m\n", tc.want)
		})
	}
	// Forms that stay valid.
	for _, stmt := range []string{
		"real, dimension(:) :: c", "real, dimension(0:, 2:*) :: c", "dimension c(3)",
		"use n", "use n, only:", "use n, only: x, y => z", "use n, x => y", "use n, x => y, z => w",
		"use, intrinsic :: n, only: x", "use n, only => x",
	} {
		expectErr(t, "module m\n  "+stmt+"\nend module m\n", "")
	}
}

// bodyErrs returns the syntax errors the parser kept for sema (OtherStmt.Err)
// in the first unit's body, nested constructs included.
func bodyErrs(f *ast.File) []string {
	var errs []string
	var walk func([]ast.Stmt)
	walk = func(ss []ast.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ast.OtherStmt:
				if s.Err != "" {
					errs = append(errs, s.Pos.Start.String()+": "+s.Err)
				}
			case *ast.WhereStmt:
				walk(s.Body)
				for _, e := range s.ElseWhere {
					walk(e.Body)
				}
			case *ast.IfStmt:
				walk(s.Then)
				for _, e := range s.ElseIfs {
					walk(e.Body)
				}
				walk(s.Else)
			}
		}
	}
	switch u := f.Units[0].(type) {
	case *ast.Subprogram:
		walk(u.Body)
	case *ast.Program:
		walk(u.Body)
	}
	return errs
}

// A word after "else" or "elsewhere [(mask)]" is a construct name only when
// it names the construct; "elsewhere (mask) then" is an error.
func TestConstructNames(t *testing.T) {
	tests := []struct{ body, want string }{
		{"where (a > 0)\n  a = 1\nelsewhere (a < 0) then\n  a = 2\nend where", `t.f90:5:19: unexpected "then" after "elsewhere (...)"`},
		{"where (a > 0)\n  a = 1\nelsewhere then\n  a = 2\nend where", `t.f90:5:11: unexpected "then" after "elsewhere"`},
		{"w: where (a > 0)\n  a = 1\nelsewhere (a < 0) v\nend where w", `t.f90:5:19: unexpected "v" after "elsewhere (...)"`},
		{"w: where (a > 0)\n  a = 1\nelsewhere (a < 0) w\n  a = 2\nelsewhere w\n  a = 3\nend where w", ""},
		{"W: where (a > 0)\n  a = 1\nelsewhere w\nend where", ""},
	}
	for _, tc := range tests {
		src := "subroutine s(a)\n  real :: a(:)\n" + tc.body + "\nend subroutine s\n"
		f := expectErr(t, src, "")
		if got := strings.Join(bodyErrs(f), "\n"); got != tc.want {
			t.Errorf("source:\n%s\nkept errors %q, want %q", src, got, tc.want)
		}
	}
	// An if construct's "else" reports at once, as its other errors do.
	expectErr(t, "program p\n  if (x > 0) then\n  else then\n  end if\nend program p\n", `
t.f90:3:8: error: unexpected "then" after "else" [syntax-trailing-text]
    3 |   else then
      |        ^~~~
hint: the "if" construct has no name; remove "then"`)
	expectErr(t, "program p\n  q: if (x > 0) then\n  else r\n  end if q\nend program p\n", `
t.f90:3:8: error: unexpected "r" after "else" [syntax-trailing-text]
    3 |   else r
      |        ^
hint: a name after "else" must be the construct's name`)
	expectErr(t, "program p\n  q: if (x > 0) then\n  else q\n  end if q\nend program p\n", "")
}

// Messages use "a" or "an" as the word after them needs.
func TestErrArticles(t *testing.T) {
	expectErr(t, "program p\n  if (x > 0) then\n    real :: y\n  end if\nend program p\n", `
t.f90:3:5: error: a "declaration" statement is not allowed inside an "if" construct [spec-in-construct]
    3 |     real :: y
      |     ^~~~~~~~~
hint: move it before the first executable statement`)
	expectErr(t, "program p\n  where (x > 0)\n    implicit none\n  end where\nend program p\n", `
t.f90:3:5: error: an "implicit none" statement is not allowed inside a "where" construct [spec-in-construct]
    3 |     implicit none
      |     ^~~~~~~~~~~~~
hint: move it before the first executable statement`)
	f := expectErr(t, "subroutine s(x)\n  if (x > 0) real :: y\n  where (x > 0) use n\nend subroutine s\n", "")
	got := strings.Join(bodyErrs(f), "\n")
	want := "t.f90:2:14: a \"declaration\" statement is not allowed after \"if (...)\"\n" +
		"t.f90:3:17: a \"use\" statement is not allowed after \"where (...)\""
	if got != want {
		t.Errorf("kept errors:\n%s\nwant:\n%s", got, want)
	}
	for w, a := range map[string]string{"if": "an", "intent": "an", "end if": "an", "use": "a", "unlock": "an", "where": "a", "declaration": "a", "": "a"} {
		if got := article(w); got != a {
			t.Errorf("article(%q) = %q, want %q", w, got, a)
		}
	}
}

// A binary file reads as statements outside any unit. The implicit main
// program they open is not reported as unclosed when none of its
// statements parsed (Note [garbage]), so the first error, and the one the
// renderer shows for line 1, is the invalid byte.
func TestErrGarbage(t *testing.T) {
	expectErr(t, "PK\x03\x04\x14\x00\x00\x00\x08\x00", `
t.f90:1:3: error: invalid character U+0003 [invalid-character]
    1 | PK????????
      |   ^`)
	expectErr(t, "\x7fELF\x02\x01\x01\n\x00>", `
t.f90:1:1: error: invalid character U+007F [invalid-character]
    1 | ?ELF???
      | ^
t.f90:2:1: error: invalid character U+0000 [invalid-character]
    2 | ?>
      | ^`)
	expectErr(t, "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", `
t.f90:2:2: error: invalid byte 0xe2 (the file is not valid UTF-8) [invalid-utf8]
    2 | %????
      |  ^`)
	expectErr(t, "x = 1 $\n", `
t.f90:1:7: error: invalid character "$" [invalid-character]
    1 | x = 1 $
      |       ^`)
	// Statements that parse, or errors that only sema would report, keep
	// the unclosed program: a file is never accepted in silence.
	expectErr(t, "x = 1\ny = 2 $\n", `
t.f90:1:1: error: program is never closed [unit-not-closed]
    1 | x = 1
      | ^~~~~
hint: add "end program"
t.f90:2:7: error: invalid character "$" [invalid-character]
    2 | y = 2 $
      |       ^`)
	expectErr(t, "x = (\n", `
t.f90:1:1: error: program is never closed [unit-not-closed]
    1 | x = (
      | ^~~~~
hint: add "end program"`)
	expectErr(t, "PK\x03\x04\nmodule m\nend module m\n", `
t.f90:1:3: error: invalid character U+0003 [invalid-character]
    1 | PK??
      |   ^`)
}

// The !$OFP directive queue is always drained: a directive before a
// subroutine statement attaches to it wherever the statement is (after an
// unclosed construct, in a program without "contains").
func TestDirectiveBeforeHeaderAttaches(t *testing.T) {
	src := "program p\n  if (x > 0) then\n!$OFP PURE, KERNEL :: k\nsubroutine k(a)\nend subroutine k\n"
	f, d := Parse("t.f90", []byte(src))
	for _, x := range d.Items {
		if strings.Contains(x.Msg, "internal error") {
			t.Fatalf("%s", d.String(diag.Sources{"t.f90": []byte(src)}))
		}
	}
	if len(f.Units) != 2 {
		t.Fatalf("%d units, want 2", len(f.Units))
	}
	if k := f.Units[1].(*ast.Subprogram); len(k.Directives) != 1 {
		t.Errorf("subroutine k has %d directives, want 1", len(k.Directives))
	}
}
