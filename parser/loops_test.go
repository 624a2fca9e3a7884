package parser

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
)

// TestLoopSyntaxErrors: malformed DO, DO CONCURRENT, SELECT CASE and
// directive lines never panic; a header error is kept in the construct's
// body for sema (Note [errors in bodies]), structural errors are reported.
func TestLoopSyntaxErrors(t *testing.T) {
	for _, tc := range []struct{ body, err string }{
		{"do i = 1\nend do", "a DO loop takes a first value, a last value and an optional step"},
		{"do i = 1, 2, 3, 4\nend do", "a DO loop takes a first value"},
		{"do i\nend do", `expected "do variable = first, last[, step]"`},
		{"do concurrent\nend do", `expected "(" after "do concurrent"`},
		{"do concurrent (i = 1)\nend do", `a DO CONCURRENT index takes "first:last[:step]"`},
		{"do concurrent (i = 1:n) local\nend do", `unexpected "local" after the DO CONCURRENT header`},
		{"do concurrent (i = 1:n) local(a+b)\nend do", `"local" takes a list of names`},
		{"do concurrent ()\nend do", "empty entry in a DO CONCURRENT header"},
		{"do while (x) y\nend do", `unexpected "y" after "do while (...)"`},
		{"select case (k)\ncase\nend select", `expected "(" or "default" after "case"`},
		{"select case (k)\ncase (1:2:3)\nend select", `a case range is "low:high"`},
		{"select case (k)\ncase (:)\nend select", "a case range needs a low or a high value"},
		{"select case\ncase default\nend select", `expected "(" after "select case"`},
	} {
		src := "subroutine s(n, k, x, y, a, b)\n" + tc.body + "\nend subroutine\n"
		f, d := Parse("t.f90", []byte(src))
		if len(d.Items) > 0 {
			t.Errorf("%q: unexpected diagnostics %v", tc.body, d.Items)
			continue
		}
		var errs []string
		var walk func([]ast.Stmt)
		walk = func(list []ast.Stmt) {
			for _, s := range list {
				switch s := s.(type) {
				case *ast.OtherStmt:
					if s.Err != "" {
						errs = append(errs, s.Err)
					}
				case *ast.DoStmt:
					walk(s.Body)
				case *ast.SelectCase:
					for _, c := range s.Cases {
						walk(c.Body)
					}
				}
			}
		}
		walk(f.Units[0].(*ast.Subprogram).Body)
		if len(errs) == 0 || !strings.Contains(errs[0], tc.err) {
			t.Errorf("%q: kept errors %q, want one containing %q", tc.body, errs, tc.err)
		}
	}
}

// TestLoopStructure: constructs close where they should; an "end do" with
// nothing open and a DO cut off by "end subroutine" are reported.
func TestLoopStructure(t *testing.T) {
	expectErr(t, "subroutine s()\n  end do\nend subroutine\n", `
t.f90:2:3: error: unexpected "end do": no "do" construct is open [stray-end]
    2 |   end do
      |   ^~~~~~`)
	expectErr(t, "subroutine s(a)\n  do concurrent (i = 1:2)\nend subroutine\n", `
t.f90:2:3: error: "do" construct is never closed [construct-not-closed]
    2 |   do concurrent (i = 1:2)
      |   ^~~~~~~~~~~~~~~~~~~~~~~
hint: add "end do"
t.f90:3:1: note: "end subroutine" reached here while it is still open
    3 | end subroutine
      | ^~~~~~~~~~~~~~`)
	// A select type's "end select" inside a select case belongs to it.
	f, d := Parse("t.f90", []byte("subroutine s(k, x)\n  select case (k)\n  case (1)\n    select type (x)\n    type is (integer)\n    end select\n  case default\n  end select\nend subroutine\n"))
	if len(d.Items) > 0 {
		t.Fatalf("diagnostics: %v", d.Items)
	}
	sc, ok := f.Units[0].(*ast.Subprogram).Body[0].(*ast.SelectCase)
	if !ok || len(sc.Cases) != 2 || !sc.Cases[1].Default || len(sc.Cases[0].Body) != 3 {
		t.Errorf("select case with a select type inside parsed as %#v", f.Units[0].(*ast.Subprogram).Body[0])
	}
}
