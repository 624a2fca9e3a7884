package parser

import (
	"fmt"
	"strings"
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
		// A sign after an arithmetic operator is an extension gfortran
		// accepts (with -std=legacy quiet); it binds to the factor.
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
		{"a-b+c", "((a - b) + c)"},
		{"-a-b", "((-a) - b)"},
		{"- - a", "(-(-a))"},
		{"+a*b", "(+(a * b))"},
		{"a**-b**c", "(a ** (-(b ** c)))"},
		{"2*x**2/y", "((2 * (x ** 2)) / y)"},
		{"a/b*c", "((a / b) * c)"},
		{"a .and. b .or. c .and. d", "((a .and. b) .or. (c .and. d))"},
		{".not. a .eqv. b", "((.not. a) .eqv. b)"},
		{".not. .not. a", "(.not. (.not. a))"},
		{"a .eqv. b .neqv. c .eqv. d", "(((a .eqv. b) .neqv. c) .eqv. d)"},
		{"a == b .and. c /= d", "((a == b) .and. (c /= d))"},
		{"a .gt. b .or. a .le. -b", "((a > b) .or. (a <= (-b)))"},
		{"s // t == u // v", "((s // t) == (u // v))"},
		{"-a // b", "((-a) // b)"},
		{"a + b // c", "((a + b) // c)"},
		{"-a < b", "((-a) < b)"},
		{"a < -b", "(a < (-b))"},
		{"x(1:n:2, :)", "x(1:n:2, :)"},
		{"x(:, 2:)", "x(:, 2:)"},
		{"x(i+1, j-1)**2", "(x((i + 1), (j - 1)) ** 2)"},
		{"f(k=1.0_8, 1.0_dp)", "f(k=1.0_8, 1.0_dp)"},
		{"merge(a, -b, mask=a > 0)", "merge(a, (-b), mask=(a > 0))"},
		{"[a+1, -b]", "[(a + 1), (-b)]"},
		{"(/ (/ 1 /), [2] /)", "[[1], [2]]"},
		{"2.5d0*x", "(2.5d0 * x)"},
		{".true._4 .neqv. .false.", "(.true. .neqv. .false.)"},
		{"'a' // \"b\"", "(\"a\" // \"b\")"},
		{"(a)", "paren(a)"},
		{"((a+b))", "paren(paren((a + b)))"},
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

// Each row is a malformed expression and its rendered diagnostic: the
// position (line:col), the message and its code. Unbalanced brackets are caught
// before parsing (with a note at the opening bracket); a missing operand is
// reported at the token where it is missing.
func TestExprErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(a + b", `1:7: error: expected ")" [syntax-unclosed-bracket]` + "\n" + `1:1: note: to match this "("`},
		{"a + b)", `1:6: error: unexpected ")" without a matching opening bracket [syntax-unmatched-bracket]`},
		{"f(a, [1, 2)", `1:11: error: expected "]", found ")" [syntax-mismatched-bracket]` + "\n" + `1:6: note: to match this "["`},
		{"(/ 1, 2 ]", `1:9: error: expected "/)", found "]" [syntax-mismatched-bracket]` + "\n" + `1:1: note: to match this "(/"`},
		{"[1, 2", `1:6: error: expected "]" [syntax-unclosed-bracket]` + "\n" + `1:1: note: to match this "["`},
		{"a +", `1:4: error: unexpected end of statement [syntax-unexpected-end]`},
		{"a + * b", `1:5: error: unexpected "*" [syntax-unexpected-token]`},
		{"f(a +)", `1:6: error: unexpected ")" [syntax-unexpected-token]`},
		{"f(a, )", `1:6: error: unexpected ")" [syntax-unexpected-token]`},
		{"f(, a)", `1:3: error: unexpected "," [syntax-unexpected-token]`},
		{"[1, , 2]", `1:5: error: unexpected "," [syntax-unexpected-token]`},
		{"a b", `1:3: error: unexpected "b" [syntax-unexpected-token]`},
		{"a .foo. b", `1:3: error: unexpected ".foo." [syntax-unexpected-token]`},
		{"a(1:2:3:4)", `1:8: error: unexpected ":" [syntax-unexpected-token]`},
		{"f(x=)", `1:5: error: unexpected ")" [syntax-unexpected-token]`},
		{"-", `1:2: error: unexpected end of statement [syntax-unexpected-end]`},
		{".not.", `1:6: error: unexpected end of statement [syntax-unexpected-end]`},
		{"a < b < c", `1:7: error: relational operators cannot be chained; write "(a < b) .and. (b < c)" [syntax-chained-relational]`},
		{"99999999999999999999 + 1", `1:1: error: integer literal 99999999999999999999 is too large [integer-literal-too-large]`},
		{"1e999", `1:1: error: real literal 1e999 is out of range [real-literal-out-of-range]`},
		// A syntax error wins over an error found in well-formed text.
		{"99999999999999999999 +", `1:23: error: unexpected end of statement [syntax-unexpected-end]`},
	}
	for _, tc := range tests {
		_, d := ParseExpr("t.f90", tc.src)
		var got []string
		for _, x := range d.Items {
			got = append(got, fmt.Sprintf("%d:%d: error: %s [%s]", x.Span.Start.Line, x.Span.Start.Col, x.Msg, x.Code))
			for _, n := range x.Notes {
				got = append(got, fmt.Sprintf("%d:%d: note: %s", n.Span.Start.Line, n.Span.Start.Col, n.Msg))
			}
		}
		if g := strings.Join(got, "\n"); g != tc.want {
			t.Errorf("%q:\ngot  %s\nwant %s", tc.src, g, tc.want)
		}
	}
}

// Statements report an expression's errors at the same place, whichever
// parser (the assignment parser or participle's statement grammar) meets
// the expression.
func TestExprErrorsInStatements(t *testing.T) {
	expectErr(t, "module m\n  real :: c(n1 - 1, n2 - )\nend module\n", `
t.f90:2:26: error: unexpected ")" [syntax-unexpected-token]
    2 |   real :: c(n1 - 1, n2 - )
      |                          ^`)
	expectErr(t, "module m\n  integer, parameter :: n = 2 * \nend module\n", `
t.f90:2:32: error: unexpected end of statement [syntax-unexpected-end]
    2 |   integer, parameter :: n = 2 * 
      |                                ^`)
	expectErr(t, "module m\n  x = f(a, , b)\nend module\n", `
t.f90:2:12: error: unexpected "," [syntax-unexpected-token]
    2 |   x = f(a, , b)
      |            ^`)
	expectErr(t, "program p\n  call f(a .and.)\nend program\n", "")
	f, _ := Parse("t.f90", []byte("program p\n  call f(a .and.)\nend program\n"))
	o := f.Units[0].(*ast.Program).Body[0].(*ast.OtherStmt)
	if o.Err != `unexpected ")"` || o.ErrCode != codeSyntaxUnexpectedToken || o.Pos.Start.Col != 17 {
		t.Errorf("got %+v", o)
	}
}

// Spans are exact: each node's span covers its own text, brackets
// included, and an argument's span ends before the "," or ")" after it.
func TestExprSpansExact(t *testing.T) {
	src := "-f(a, k=b(1:n:2), :) + [1, 2]*(x)"
	x, d := ParseExpr("t.f90", src)
	if d.HasErrors() {
		t.Fatal(d.Items)
	}
	var got []string
	text := func(sp diag.Span) string { return src[sp.Start.Offset:sp.End.Offset] }
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		got = append(got, text(e.Span()))
		switch e := e.(type) {
		case *ast.Binary:
			got = append(got, "op "+text(e.OpPos))
			walk(e.X)
			walk(e.Y)
		case *ast.Unary:
			walk(e.X)
		case *ast.Paren:
			walk(e.X)
		case *ast.ArrayCons:
			for _, x := range e.Elems {
				walk(x)
			}
		case *ast.Call:
			got = append(got, "name "+text(e.Name.Pos))
			for _, a := range e.Args {
				got = append(got, "arg "+text(a.Pos))
				for _, x := range []ast.Expr{a.Value, a.Lo, a.Hi, a.Stride} {
					if x != nil {
						walk(x)
					}
				}
			}
		}
	}
	walk(x)
	want := []string{
		"-f(a, k=b(1:n:2), :) + [1, 2]*(x)", "op +",
		"-f(a, k=b(1:n:2), :)", "f(a, k=b(1:n:2), :)", "name f",
		"arg a", "a", "arg k=b(1:n:2)", "b(1:n:2)", "name b", "arg 1:n:2", "1", "n", "2", "arg :",
		"[1, 2]*(x)", "op *", "[1, 2]", "1", "2", "(x)", "x",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("spans\ngot  %q\nwant %q", got, want)
	}
}
