package parser

import (
	"os"
	"path/filepath"
	"testing"
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
