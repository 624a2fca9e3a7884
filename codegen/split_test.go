package codegen

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/internal/emit"
	"github.com/forocl/forocl/ir"
)

// sumChain is x*1 + x*2 + ... + x*n as Fortran parses it: left-nested.
func sumChain(x ir.Expr, n int) ir.Expr {
	r4 := ir.Type{Kind: ir.Real4}
	term := func(i int) ir.Expr {
		return &ir.Binary{Op: ir.Mul, X: x, Y: &ir.Const{Kind: ir.Real4, Float: float64(i%7 + 1)}, T: r4}
	}
	e := term(0)
	for i := 1; i < n; i++ {
		e = &ir.Binary{Op: ir.Add, X: e, Y: term(i), T: r4}
	}
	return e
}

// exprDepth is the deepest nesting of an expression statement's tree, as
// the C parser sees it: the longest chain of binary operators in one
// statement, counted from the operators between two ";" or "{".
func maxTermsPerStatement(code string) int {
	most := 0
	for _, st := range strings.FieldsFunc(code, func(r rune) bool { return r == ';' || r == '{' || r == '}' }) {
		most = max(most, strings.Count(st, " + "))
	}
	return most
}

// Issue 11: a 50,000-term sum crashed PoCL's compiler. It must be emitted
// as partial sums no deeper than maxExprHeight, in the same order.
func TestAssignSplitsLongExpressions(t *testing.T) {
	x := &ir.Ref{Var: &ir.Var{Name: "x", Kind: ir.Real4}}
	g := &exprGen{ref: func(v *ir.Var) string { return v.Name }}

	short := sumChain(x, 10)
	if got, want := g.assign("y", short), "y = "+g.expr(short)+";"; got != want {
		t.Errorf("a short expression changed:\n got %s\nwant %s", got, want)
	}

	long := sumChain(x, 50000)
	code := g.assign("y", long)
	if !strings.HasPrefix(code, "{ float _part0 = x * 1.0f + x * 2.0f + ") || !strings.HasSuffix(code, "; }") {
		t.Errorf("not a block of partial sums: %.200s ... %s", code, code[len(code)-100:])
	}
	if n := maxTermsPerStatement(code); n >= maxExprHeight {
		t.Errorf("a statement has %d additions; want fewer than %d", n, maxExprHeight)
	}
	if n := strings.Count(code, " + "); n != 49999 {
		t.Errorf("%d additions, want 49999 (each term once)", n)
	}
	// left to right: each partial sum starts from the previous one
	parts := strings.Count(code, "float _part")
	for i := 1; i < parts; i++ {
		prev, cur := "_part"+itoa(i-1), "float _part"+itoa(i)+" = "
		if !strings.Contains(code, cur+prev+" + ") {
			t.Errorf("partial sum %d does not start from %s", i, prev)
			break
		}
	}
	if !strings.Contains(code, "y = _part"+itoa(parts-1)+" + ") {
		t.Errorf("the statement does not finish from the last partial sum: %s", code[len(code)-200:])
	}
	if g.names != nil {
		t.Errorf("assign left temporaries behind")
	}
}

func itoa(i int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
		if i == 0 {
			return string(b)
		}
	}
}

// Issue 11: 10,000 nested blocks made a 400 MB .cl (indentation grew
// quadratically). Past emit.MaxIndent, lines are not indented further.
func TestIndentationIsCapped(t *testing.T) {
	var e emit.Writer
	for i := 0; i < 10000; i++ {
		e.Open("if (c%d)", i)
	}
	for i := 0; i < 10000; i++ {
		e.Close("")
	}
	if n := len(e.String()); n > 10000*2*(4*emit.MaxIndent+20) {
		t.Errorf("%d bytes for 10,000 nested blocks", n)
	}
	if !strings.Contains(e.String(), "\n"+strings.Repeat("    ", emit.MaxIndent)+"if (c9999) {\n") {
		t.Errorf("deep lines are not indented by emit.MaxIndent")
	}
}
