package parser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/forocl/forocl/diag"
)

// FuzzSourceForms runs the preprocessor and the fixed-form reader over
// arbitrary text: no panic, and every diagnostic's position agrees with
// the file it names (the source itself or the one #include file there is).
func FuzzSourceForms(f *testing.F) {
	for _, pat := range []string{"../testdata/kernels/*.F90", "../testdata/kernels/*.f", "../robust/testdata/errors/cpp-*.f90"} {
		m, _ := filepath.Glob(pat)
		for _, fn := range m {
			if src, err := os.ReadFile(fn); err == nil {
				f.Add(src, false)
				f.Add(src, true)
			}
		}
	}
	for _, s := range []string{
		"#define F(a,b) a+b\nx = F(1,\n", "#if (1\n#elif\n#else\n#else\n#endif\n#endif", "#include \"inc.h\"\n#include \"inc.h\"",
		"     &x\n      X = 'A\n     &B'\n", "\t1 x\n   10 Y = 1 +\nC\n     1 2", "#define A A B\n#define B A\nx = A\n",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	inc := []byte("#define N 3\n  y = N $\n#include \"inc.h\"\n")
	f.Fuzz(func(t *testing.T, src []byte, fixed bool) {
		form := FormFree
		if fixed {
			form = FormFixed
		}
		name := "t.F90"
		file, d, _ := ParseFile(name, src, Options{Form: form, ReadFile: func(p string) ([]byte, error) {
			if filepath.Base(p) == "inc.h" {
				return inc, nil
			}
			return nil, os.ErrNotExist
		}})
		if file == nil {
			t.Fatal("nil file")
		}
		for _, x := range d.Items {
			text := src
			if x.Span.Start.File != name {
				text = inc
			}
			checkDiags(t, text, diag.List{Items: []diag.Diagnostic{renamed(x, name)}})
		}
	})
}

// renamed returns d with its file named name (checkDiags wants "t.f90").
func renamed(d diag.Diagnostic, name string) diag.Diagnostic {
	set := func(s diag.Span) diag.Span {
		if s.Start.File != "" {
			s.Start.File = "t.f90"
		}
		if s.End.File != "" {
			s.End.File = "t.f90"
		}
		return s
	}
	d.Span = set(d.Span)
	notes := make([]diag.NoteMsg, len(d.Notes))
	for i, n := range d.Notes {
		notes[i] = diag.NoteMsg{Span: set(n.Span), Msg: n.Msg}
	}
	d.Notes = notes
	return d
}
