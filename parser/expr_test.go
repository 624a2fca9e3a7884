package parser

import (
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// Expressions print fully parenthesised, so each row pins precedence and
// associativity as well as the parse.
func TestExprPrecedence(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a**b**c", "(a ** (b ** c))"},
		{"-a**2", "(-(a ** 2))"},
		{"-a*b", "(-(a * b))"},
		{"-a+b", "((-a) + b)"},
		{"a+b*c", "(a + (b * c))"},
		{"a*b+c", "((a * b) + c)"},
		{"a-b-c", "((a - b) - c)"},
		{"a/b/c", "((a / b) / c)"},
		{"a*-b", "(a * (-b))"},
		{"a*-b**c", "(a * (-(b ** c)))"},
		{"a**-b", "(a ** (-b))"},
		{"2**-1*3", "((2 ** (-1)) * 3)"},
		{"a+-b*c", "(a + ((-b) * c))"},
		{".not.a.and.b", "((.not. a) .and. b)"},
		{".not. a == b", "(.not. (a == b))"},
		{"a.eq.b.or.c", "((a == b) .or. c)"},
		{"a .or. b .and. c", "(a .or. (b .and. c))"},
		{"a .eqv. b .or. c", "(a .eqv. (b .or. c))"},
		{"a .neqv. b .eqv. c", "((a .neqv. b) .eqv. c)"},
		{"a // b // c", "((a // b) // c)"},
		{"a // b == c", "((a // b) == c)"},
		{"a + b < c * d", "((a + b) < (c * d))"},
		{"1.eq.2", "(1 == 2)"},
		{"a.and.b", "(a .and. b)"},
		{"x .lt. y .or. x .ge. -y", "((x < y) .or. (x >= (-y)))"},
		{"a /= b", "(a /= b)"},
		{"a .ne. b", "(a /= b)"},
		{"(a + b) * c", "(paren((a + b)) * c)"},
		{"-(a)", "(-paren(a))"},
		{"f(a, b)", "f(a, b)"},
		{"f()", "f()"},
		{"real(x, kind=8)", "real(x, kind=8)"},
		{"a(1:n)", "a(1:n)"},
		{"a(:)", "a(:)"},
		{"a(::2)", "a(::2)"},
		{"a(1::2)", "a(1::2)"},
		{"a(:n:2, 2:)", "a(:n:2, 2:)"},
		{"a(2:n-1, :)", "a(2:(n - 1), :)"},
		{"[1, 1, 0, 0]", "[1, 1, 0, 0]"},
		{"(/ 1, 2 /)", "[1, 2]"},
		{"(/1,2/)", "[1, 2]"},
		{"[ ]", "[]"},
		{"f(a)**2", "(f(a) ** 2)"},
		{"A + B", "(a + b)"},
		{"'it''s' // \"a\"\"b\"", "(\"it's\" // \"a\\\"b\")"},
		{".TRUE. .AND. .false.", "(.true. .and. .false.)"},
	}
	for _, tc := range tests {
		x, d := ParseExpr("t.f90", tc.src)
		if d.HasErrors() {
			t.Errorf("%q: %s", tc.src, d.String(diag.Sources{"t.f90": []byte(tc.src)}))
			continue
		}
		if got := ast.ExprString(x); got != tc.want {
			t.Errorf("%q: got %s, want %s", tc.src, got, tc.want)
		}
	}
}

func TestLiterals(t *testing.T) {
	tests := []struct {
		src    string
		want   ast.Expr
		double bool
	}{
		{"42", &ast.IntLit{Value: 42, Text: "42"}, false},
		{"42_8", &ast.IntLit{Value: 42, Text: "42_8", Kind: "8"}, false},
		{"7_ik", &ast.IntLit{Value: 7, Text: "7_ik", Kind: "ik"}, false},
		{"1.5", &ast.RealLit{Value: 1.5, Text: "1.5"}, false},
		{"1.", &ast.RealLit{Value: 1, Text: "1."}, false},
		{".5", &ast.RealLit{Value: 0.5, Text: ".5"}, false},
		{"1e3", &ast.RealLit{Value: 1000, Text: "1e3"}, false},
		{"1.5e-3", &ast.RealLit{Value: 1.5e-3, Text: "1.5e-3"}, false},
		{"1.E+2", &ast.RealLit{Value: 100, Text: "1.E+2"}, false},
		{"2.0d0", &ast.RealLit{Value: 2, Text: "2.0d0", Double: true}, true},
		{"2.0D-1", &ast.RealLit{Value: 0.2, Text: "2.0D-1", Double: true}, true},
		{"1.0_dp", &ast.RealLit{Value: 1, Text: "1.0_dp", Kind: "dp"}, false},
		{"1.0_8", &ast.RealLit{Value: 1, Text: "1.0_8", Kind: "8"}, false},
		{"1.e3", &ast.RealLit{Value: 1000, Text: "1.e3"}, false},
		{".true.", &ast.LogicalLit{Value: true}, false},
		{".False._4", &ast.LogicalLit{Value: false}, false},
		{"'a''b'", &ast.StringLit{Value: "a'b"}, false},
		{`"a""b"`, &ast.StringLit{Value: `a"b`}, false},
		{`"don't"`, &ast.StringLit{Value: `don't`}, false},
	}
	for _, tc := range tests {
		x, d := ParseExpr("t.f90", tc.src)
		if d.HasErrors() {
			t.Errorf("%q: %v", tc.src, d.Items)
			continue
		}
		switch w := tc.want.(type) {
		case *ast.IntLit:
			g, ok := x.(*ast.IntLit)
			if !ok || g.Value != w.Value || g.Text != w.Text || g.Kind != w.Kind {
				t.Errorf("%q: got %#v", tc.src, x)
			}
		case *ast.RealLit:
			g, ok := x.(*ast.RealLit)
			if !ok || g.Value != w.Value || g.Text != w.Text || g.Kind != w.Kind || g.Double != w.Double {
				t.Errorf("%q: got %#v", tc.src, x)
			}
		case *ast.LogicalLit:
			g, ok := x.(*ast.LogicalLit)
			if !ok || g.Value != w.Value {
				t.Errorf("%q: got %#v", tc.src, x)
			}
		case *ast.StringLit:
			g, ok := x.(*ast.StringLit)
			if !ok || g.Value != w.Value {
				t.Errorf("%q: got %#v", tc.src, x)
			}
		}
	}
}

func TestExprSpans(t *testing.T) {
	src := "a + b*c"
	x, d := ParseExpr("t.f90", src)
	if d.HasErrors() {
		t.Fatal(d.Items)
	}
	b := x.(*ast.Binary)
	if b.Pos.Start.Col != 1 || b.Pos.End.Col != 8 || b.OpPos.Start.Col != 3 {
		t.Errorf("binary span %v-%v op %v", b.Pos.Start, b.Pos.End, b.OpPos.Start)
	}
	m := b.Y.(*ast.Binary)
	if m.Pos.Start.Col != 5 || m.Pos.End.Col != 8 || m.Pos.Start.Offset != 4 {
		t.Errorf("product span %+v", m.Pos)
	}
}
