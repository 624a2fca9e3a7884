package parser

import (
	"os"
	"path/filepath"
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

// BenchmarkCorpus parses every Fortran file of the repository's corpus
// (kernels, examples, the regions module, the golden inputs) once per
// iteration.
func BenchmarkCorpus(b *testing.B) {
	var files []string
	for _, pat := range []string{"testdata/input/*.f90", "../testdata/kernels/*.f90", "../examples/*/fortran/*.f90", "../fortran/*.f90"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	var srcs [][]byte
	size := 0
	for _, fn := range files {
		src, err := os.ReadFile(fn)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		size += len(src)
	}
	if len(srcs) < 10 {
		b.Fatalf("only %d corpus files", len(srcs))
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			if _, d := Parse("t.f90", src); d.HasErrors() && len(d.Items) > 100 {
				b.Fatal("corpus does not parse")
			}
		}
	}
}
