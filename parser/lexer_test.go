package parser

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// body parses src wrapped in nothing (the statements form an unnamed main
// program) and returns the program's body, failing on any diagnostic.
func body(t *testing.T, src string) []ast.Stmt {
	t.Helper()
	f, d := Parse("t.f90", []byte(src))
	if len(d.Items) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", d.String(diag.Sources{"t.f90": []byte(src)}))
	}
	if len(f.Units) != 1 {
		t.Fatalf("got %d units", len(f.Units))
	}
	return f.Units[0].(*ast.Program).Body
}

func TestContinuationPositions(t *testing.T) {
	src := "x = a + &\n    ! a comment between continued lines\n\n      & b * &\n  c\nend\n"
	b := body(t, src)
	if len(b) != 1 {
		t.Fatalf("got %d statements", len(b))
	}
	as := b[0].(*ast.AssignStmt)
	if got := ast.ExprString(as.RHS); got != "(a + (b * c))" {
		t.Errorf("rhs %s", got)
	}
	sum := as.RHS.(*ast.Binary)
	bv := sum.Y.(*ast.Binary).X.(*ast.Ident)
	cv := sum.Y.(*ast.Binary).Y.(*ast.Ident)
	if bv.Pos.Start.Line != 4 || bv.Pos.Start.Col != 9 || src[bv.Pos.Start.Offset] != 'b' {
		t.Errorf("b at %+v", bv.Pos.Start)
	}
	if cv.Pos.Start.Line != 5 || cv.Pos.Start.Col != 3 || src[cv.Pos.Start.Offset] != 'c' {
		t.Errorf("c at %+v", cv.Pos.Start)
	}
	if as.Pos.Start.Line != 1 || as.Pos.End.Line != 5 {
		t.Errorf("statement span %+v", as.Pos)
	}
}

func TestContinuedString(t *testing.T) {
	b := body(t, "s = 'abc&\n   &def' // \"x!y\" ! comment\nend\n")
	as := b[0].(*ast.AssignStmt)
	if got := ast.ExprString(as.RHS); got != `("abcdef" // "x!y")` {
		t.Errorf("got %s", got)
	}
}

func TestSemicolonsCommentsCase(t *testing.T) {
	src := "A = 1; b = 'x ! not a comment; nor a separator' ! but this is\r\n" +
		"\tIF (A .GT. 0) B = 2 ;; C=3;\r\n" +
		"END\r\n"
	b := body(t, src)
	if len(b) != 4 {
		t.Fatalf("got %d statements", len(b))
	}
	s1 := b[1].(*ast.AssignStmt)
	if got := ast.ExprString(s1.RHS); got != `"x ! not a comment; nor a separator"` {
		t.Errorf("string %s", got)
	}
	if s1.Pos.Start.Col != 8 {
		t.Errorf("second statement at col %d", s1.Pos.Start.Col)
	}
	ifs := b[2].(*ast.IfStmt)
	if !ifs.Single || ast.ExprString(ifs.Cond) != "(a > 0)" || ifs.Pos.Start.Line != 2 || ifs.Pos.Start.Col != 2 {
		t.Errorf("if %+v", ifs)
	}
	lhs := b[0].(*ast.AssignStmt).LHS.(*ast.Ident)
	if lhs.Name != "a" || lhs.Orig != "A" {
		t.Errorf("ident %+v", lhs)
	}
	c := b[3].(*ast.AssignStmt)
	if c.Pos.Start.Line != 2 || c.Pos.End.Offset >= len(src) || strings.Contains(src[c.Pos.Start.Offset:c.Pos.End.Offset], "\r") {
		t.Errorf("c span %+v", c.Pos)
	}
}

func TestDirectives(t *testing.T) {
	src := `module m
contains
!$OFP PURE, KERNEL :: k1

! a comment
subroutine k1(a)
  real, intent(in) :: a(:)
end subroutine
subroutine k2(a)
  !$ofp pure, concurrent :: k2
  real, intent(in) :: a(:)
end subroutine
end module
`
	f, d := Parse("t.f90", []byte(src))
	if len(d.Items) > 0 {
		t.Fatal(d.String(diag.Sources{"t.f90": []byte(src)}))
	}
	if len(f.Directives) != 2 {
		t.Fatalf("%d directives", len(f.Directives))
	}
	m := f.Units[0].(*ast.Module)
	k1, k2 := m.Contains[0], m.Contains[1]
	if len(k1.Directives) != 1 || k1.Directives[0] != f.Directives[0] || k1.Directives[0].Names[0].Name != "k1" {
		t.Errorf("k1 directives %+v", k1.Directives)
	}
	if len(k2.Directives) != 1 || k2.Directives[0].Attrs[1].Name != "concurrent" || k2.Directives[0].Pos.Start.Line != 10 {
		t.Errorf("k2 directives %+v", k2.Directives)
	}
}

func TestStatementForms(t *testing.T) {
	src := `subroutine s(a, b)
  real :: a(:), b(:)
  name: if (a(1) > 0) then
    b = 1
  else name
    b = 2
  end if name
  where (a > 0) b = a
  if (a(1) > 0) call foo(a, b(2:))
  call bar
  10 continue
  go to 10
  error stop 1
  b => a
  interface
    subroutine ext(x)
      real :: x
    end subroutine
  end interface
  return
end subroutine s
`
	f, d := Parse("t.f90", []byte(src))
	if len(d.Items) > 0 {
		t.Fatal(d.String(diag.Sources{"t.f90": []byte(src)}))
	}
	s := f.Units[0].(*ast.Subprogram)
	var kinds []string
	for _, st := range s.Body {
		switch st := st.(type) {
		case *ast.OtherStmt:
			kinds = append(kinds, "other:"+st.Keyword)
		case *ast.IfStmt:
			kinds = append(kinds, "if")
		case *ast.WhereStmt:
			kinds = append(kinds, "where")
		case *ast.CallStmt:
			kinds = append(kinds, "call:"+st.Name.Name)
		case *ast.AssignStmt:
			kinds = append(kinds, "assign")
		case *ast.ReturnStmt:
			kinds = append(kinds, "return")
		}
	}
	want := "if where if call:bar other:continue other:go to other:error stop assign return"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if len(s.Other) != 5 || s.Other[4].Keyword != "end interface" {
		t.Errorf("interface block %+v", s.Other)
	}
	ifs := s.Body[0].(*ast.IfStmt)
	if !ifs.HasElse || len(ifs.Else) != 1 || !ifs.End.IsValid() {
		t.Errorf("named if %+v", ifs)
	}
}
