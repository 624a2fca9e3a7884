package parser

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
)

// FORALL statements and constructs parse to ast.ForallStmt alike in free
// and fixed form: a named construct with a stride and a mask, a nested
// FORALL statement and a WHERE inside, the statement form, continued
// lines.
func TestForallFreeAndFixed(t *testing.T) {
	want := `subroutine s(n, a, b)
  forall (i = 1:n, j = 1:n, b(i, j) > 0) a(i, j) = b(i, j)
  outer: forall (i = 1:n:2)
    a(i, 1) = 0
    forall (j = 2:n) a(i, j) = a(i, j - 1)
    where (b(i, :) > 0) a(i, :) = 1
  end forall outer
end subroutine
`
	fixed := "      SUBROUTINE S(N, A, B)\n      FORALL (I = 1:N, J = 1:N,\n     &  B(I, J) .GT. 0) A(I, J) = B(I, J)\n" +
		"      OUTER: FORALL (I = 1:N:2)\n        A(I, 1) = 0\n        FORALL (J = 2:N) A(I, J) =\n     &    A(I, J - 1)\n" +
		"        WHERE (B(I, :) .GT. 0) A(I, :) = 1\n      END FORALL OUTER\n      END\n"
	exp := astText(parseAs(t, "want.f90", want, Options{}))
	if !strings.Contains(exp, "outer: forall (i = 1:n:2)") || !strings.Contains(exp, "end forall") || strings.Count(exp, "forall (") != 3 {
		t.Fatalf("free form: not three FORALLs with the construct named:\n%s", exp)
	}
	if got := astText(parseAs(t, "fixed.f", fixed, Options{})); got != exp {
		t.Errorf("fixed form: got:\n%s\nwant:\n%s", got, exp)
	}
}

// Broken FORALLs are errors at their line with the usual codes.
func TestForallErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"subroutine s(a)\n  forall (i = 1:4)\n    a(i) = 0\n  end forall x\nend subroutine\n", `unexpected "x" after "end forall"`},
		{"subroutine s(a)\n  f: forall (i = 1:4)\n    a(i) = 0\n  end forall\nend subroutine\n", `"end forall" of the construct "f" must repeat its name`},
		{"subroutine s(a)\n  a(1) = 0\n  end forall\nend subroutine\n", `no "forall" construct is open`},
		{"subroutine s(a)\n  forall (i = 1:4)\n    a(i) = 0\nend subroutine\n", `"forall" construct is never closed`},
		{"subroutine s(a)\n  forall (i = 1) a(i) = 0\nend subroutine\n", `a FORALL index takes "first:last[:step]"`},
		{"subroutine s(a)\n  forall (a(1) > 0) a(1) = 0\nend subroutine\n", `a FORALL header needs at least one index`},
		{"subroutine s(a)\n  forall (i = 1:4) do\nend subroutine\n", `"do" statement is not allowed after "forall (...)"`},
	} {
		f, d, _ := ParseFile("t.f90", []byte(c.src), Options{})
		got := d.String(nil)
		if f != nil && len(f.Units) == 1 {
			// Errors in a body wait in an OtherStmt for sema (Note
			// [errors in bodies]).
			sub := f.Units[0].(*ast.Subprogram)
			for _, st := range sub.Body {
				if o, ok := st.(*ast.OtherStmt); ok {
					got += o.Err
				}
			}
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%q: diagnostics %q, want %q", c.src, got, c.want)
		}
	}
}
