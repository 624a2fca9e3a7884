package parser

import (
	"testing"

	"github.com/forocl/forocl/diag"
)

func benchSrc(b *testing.B, s string) {
	src := []byte(s + "\n")
	sc := &scanner{name: "t.f90", src: src, diags: new(diag.List)}
	ls := sc.scan()
	ts := ls[0].toks
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		l := &logicalStmt{toks: ts}
		classify(l)
	}
}

func BenchmarkStmt(b *testing.B)   { benchSrc(b, "x(7) = a(8)*2.0 + b - c/d") }
func BenchmarkSimple(b *testing.B) { benchSrc(b, "x = 1") }
func BenchmarkSum(b *testing.B)    { benchSrc(b, "x = a + b + c + d + e") }
func BenchmarkArg(b *testing.B)    { benchSrc(b, "x = a(8)") }
func BenchmarkDecl(b *testing.B)   { benchSrc(b, "real, dimension(:,:), intent(in) :: a, b") }
