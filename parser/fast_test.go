package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/forocl/forocl/diag"
)

// fastExprs are expressions in every form of the expression grammar, and
// some that are not expressions.
var fastExprs = []string{
	"a", "1", "1.5d0", "2.0_dp", "'it''s'", `"x"`, ".true.", ".false._4", "-a", "+a", ".not. a", "- - a",
	"a + b*c**d", "a .and. .not. b", "a // b", "a == b .or. c /= d", "a*-b", "(a)", "((a + b))",
	"f()", "f(a)", "f(a, b)", "f(kind=8)", "real(a, kind=dp)", "a(:)", "a(::)", "a(::2)", "a(1:)",
	"a(:n)", "a(1:n)", "a(1:n:2)", "a(1::2)", "a(:, 1:, ::-1)", "a(1: :2)", "a(:n:)", "a(i, j)%b",
	"[1, 2]", "[ ]", "[a]", "(/ 1, 2, 3 /)", "(/ /)", "[[1], (/2/)]", "region_cpy(h, halo) + 1.0",
	"merge(a, b, mask=a > 0)", "f(g(h(1)))", "-f(x)**2", "a .eqv. b .neqv. c", "x.lt.y", "1.eq.2",
	// Not expressions: the fast path must give up, and participle rejects them.
	"", "a +", "f(", "f(a,)", "f(,a)", "a b", "(a", "[1, 2", "(/ 1 /]", "a(1:2:3:4)", "a(kind=)",
	"a .foo. b", "a = b", "a(:", ":", "a(:)(1)", "-", ".not.", "f(a=1", "a(b)(c)", "a(x=)",
}

// fastStmts are statements for the assignment fast path.
var fastStmts = []string{
	"x = 1", "x(i) = a(i) + b", "p => region_ptr(a, halo)", "x(:, 1:n) = -a(:, 1:n)**2",
	"x = f(kind=8)", "y = [1, 2]", "x(1) = (a)", "x = a .and. b",
	"x =", "x = = 1", "x(1 = 2", "x(1) = 2 3", "x = a +", "f(x=1) = 2", "x() = 1",
}

// compareFast checks Note [fast path] on ts: where the fast path succeeds,
// participle succeeds with an identical tree, and the other way round. It
// returns whether ts is an expression.
func compareFast(t testing.TB, ts toks) bool {
	if len(ts) == 0 {
		return false
	}
	g, ok := fastExpr(ts)
	want, pe := runParse(exprParser, ts)
	switch {
	case ok && pe != nil:
		t.Errorf("%s: the expression fast path accepts what participle rejects (%s)", text(ts), pe.msg)
	case !ok && pe == nil:
		t.Errorf("%s: the expression fast path gives up on what participle parses", text(ts))
	case ok && !reflect.DeepEqual(g, want):
		t.Errorf("%s: the expression fast path builds\n%s\nparticiple builds\n%s", text(ts), dump(g), dump(want))
	}
	if ts[0].kind != tIdent {
		return ok
	}
	isExpr := ok
	a, ok := fastAssign(ts)
	wantA, pe := runParse(assignParser, ts)
	switch {
	case ok && pe != nil:
		t.Errorf("%s: the assignment fast path accepts what participle rejects (%s)", text(ts), pe.msg)
	case !ok && pe == nil:
		t.Errorf("%s: the assignment fast path gives up on what participle parses", text(ts))
	case ok && !reflect.DeepEqual(a, wantA):
		t.Errorf("%s: the assignment fast path builds\n%s\nparticiple builds\n%s", text(ts), dump(a), dump(wantA))
	}
	return isExpr
}

func text(ts toks) string {
	s := ""
	for _, t := range ts {
		s += t.orig + " "
	}
	return fmt.Sprintf("%q", s)
}

func dump(x any) string { return fmt.Sprintf("%#v", x) }

func scanStmts(src []byte) []*logicalStmt {
	sc := &scanner{name: "t.f90", src: src, diags: new(diag.List)}
	return sc.scan()
}

// TestFastPathAgrees checks Note [fast path] on hand-written expressions
// and statements, and on every statement of the corpus and its tails (the
// condition of an if or where, the right-hand side of an assignment).
func TestFastPathAgrees(t *testing.T) {
	for _, s := range append(append([]string{}, fastExprs...), fastStmts...) {
		for _, l := range scanStmts([]byte(s)) {
			compareFast(t, l.toks)
		}
	}
	var files []string
	for _, pat := range []string{"testdata/input/*.f90", "../testdata/kernels/*.f90", "../testdata/bad/*.f90", "../examples/*/fortran/*.f90"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	n, exprs := 0, 0
	for _, fn := range files {
		src, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range scanStmts(src) {
			for i := range l.toks {
				if i == 0 || isPunct(l.toks, i-1, "=") || isPunct(l.toks, i-1, "=>") || isPunct(l.toks, i-1, "(") {
					if compareFast(t, l.toks[i:]) {
						exprs++
					}
					n++
				}
			}
		}
	}
	if n < 1000 || exprs < 500 {
		t.Errorf("only %d token runs compared, %d of them expressions", n, exprs)
	}
	t.Logf("%d token runs compared, %d of them expressions", n, exprs)
}

// FuzzFastPath checks Note [fast path] on the statements of arbitrary
// text.
func FuzzFastPath(f *testing.F) {
	for _, s := range append(append([]string{}, fastExprs...), fastStmts...) {
		f.Add([]byte(s))
	}
	m, _ := filepath.Glob("../testdata/kernels/*.f90")
	for _, fn := range m {
		if src, err := os.ReadFile(fn); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 4096 {
			return
		}
		for _, l := range scanStmts(src) {
			if len(l.toks) < 200 {
				compareFast(t, l.toks)
			}
		}
	})
}
