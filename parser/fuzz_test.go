package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// FuzzParse checks that Parse never panics (a recovered panic shows up as an
// "internal error" diagnostic) and that every diagnostic points into the
// file. It is seeded with the golden inputs, the corpus and a few fragments.
func FuzzParse(f *testing.F) {
	var files []string
	for _, pat := range []string{"testdata/input/*.f90", "../testdata/kernels/*.f90", "../testdata/bad/*.f90"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	for _, fn := range files {
		if src, err := os.ReadFile(fn); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{
		"", "&", "x = (a + b", "where (a) b = c\nelsewhere\nend where", "if (a) then\nelse if (b) then\nelse\nend if",
		"'abc&\n", "!$OFP PURE, KERNEL :: k\nsubroutine k\nend", "x = a(::2, 1:, :n:2)", "1.eq.2", "real*8 x(0:)",
		"x = -a**-b**c", "end subroutine x", "program p; x = 1; end", "\x00\xff", "module m\ncontains\nend",
		"\xef\xbb\xbfprogram p\nend", "use m, only\nuse m, x => y, z", "real, dimension(len=3) :: c",
		"w: where (a)\nelsewhere (b) then\nelsewhere w\nend where", "PK\x03\x04\nx = 1 $",
		// character lengths (ast.CharLen): *n, *(*), len=:, positional, too long
		"character*8 a\ncharacter*(*) b\ncharacter(len=:), allocatable :: c\ncharacter(8, kind=1) :: d",
		"character*99999999999999999999 e\ncharacter(len=*, kind=1) :: f\ncharacter(kind=1, len=n) :: g",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, d := Parse("t.f90", src)
		if file == nil {
			t.Fatal("nil file")
		}
		checkDiags(t, src, d)
	})
}

// FuzzExpr checks the expression parser on arbitrary text: it never
// panics, its diagnostics point into the text, and when it parses, every
// node's span lies inside its parent's and the whole expression's span is
// the text without surrounding blanks.
func FuzzExpr(f *testing.F) {
	for _, s := range []string{
		"a + b*c**d", "-a**2", "a*-b", "f(a, k=b(1:n:2), :)", "[1, (/ 2 /)]", "(a", "a +", "f(,)",
		".not. a .eqv. b .neqv. c", "x(::2, 1:)", "'s' // \"t\"", "1.0_dp + 2_8", ".true._4", "a < b < c",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 2000 || strings.ContainsAny(src, "\n\r;!&") {
			return
		}
		x, d := ParseExpr("t.f90", src)
		checkDiags(t, []byte(src), d)
		if x == nil {
			return
		}
		sp := x.Span()
		if got, want := src[sp.Start.Offset:sp.End.Offset], strings.Trim(src, " \t\f\v"); got != want {
			t.Fatalf("%q: expression span %q", src, got)
		}
		var walk func(e ast.Expr, outer diag.Span)
		walk = func(e ast.Expr, outer diag.Span) {
			s := e.Span()
			if s.Start.Offset < outer.Start.Offset || s.End.Offset > outer.End.Offset || s.Start.Offset >= s.End.Offset {
				t.Fatalf("%q: span %d-%d of %T outside %d-%d", src, s.Start.Offset, s.End.Offset, e, outer.Start.Offset, outer.End.Offset)
			}
			var kids []ast.Expr
			switch e := e.(type) {
			case *ast.Binary:
				kids = []ast.Expr{e.X, e.Y}
			case *ast.Unary:
				kids = []ast.Expr{e.X}
			case *ast.Paren:
				kids = []ast.Expr{e.X}
			case *ast.ArrayCons:
				kids = e.Elems
			case *ast.Call:
				for _, a := range e.Args {
					kids = append(kids, a.Value, a.Lo, a.Hi, a.Stride)
				}
			}
			for _, k := range kids {
				if k != nil {
					walk(k, s)
				}
			}
		}
		walk(x, sp)
	})
}
