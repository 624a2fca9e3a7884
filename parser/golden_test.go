package parser

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/sebdah/goldie/v2"
)

// TestGolden pins ast.Fprint and the rendered diagnostics of every
// testdata/input/*.f90 in testdata/golden/<name>.golden (go test -update
// rewrites them; read the diff).
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/input/*.f90")
	if err != nil || len(inputs) == 0 {
		t.Fatal("no inputs in testdata/input")
	}
	g := goldie.New(t, goldie.WithFixtureDir("testdata/golden"), goldie.WithNameSuffix(".golden"))
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".f90")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			// Names are relative to the input directory so the output does
			// not depend on where the tests run.
			file := filepath.Base(in)
			f, d := Parse(file, src)
			var b bytes.Buffer
			ast.Fprint(&b, f)
			if len(d.Items) > 0 {
				b.WriteString("--- diagnostics\n")
				diag.Render(&b, d, diag.Sources{file: src}, 0)
			}
			g.Assert(t, name, b.Bytes())
		})
	}
}

// TestGoldenFilesHaveInputs keeps the fixture directory and the inputs in
// step: every golden file has an input.
func TestGoldenFilesHaveInputs(t *testing.T) {
	goldens, _ := filepath.Glob("testdata/golden/*.golden")
	for _, gf := range goldens {
		in := filepath.Join("testdata/input", strings.TrimSuffix(filepath.Base(gf), ".golden")+".f90")
		if _, err := os.Stat(in); err != nil {
			t.Errorf("%s has no input %s", gf, in)
		}
	}
}

// TestCorpus parses every kernel of the project's corpus: none may produce
// a diagnostic.
func TestCorpus(t *testing.T) {
	var files []string
	for _, pat := range []string{"../testdata/kernels/*.f90", "../fortran/*.f90", "../examples/*/fortran/*.f90"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("no corpus files")
	}
	for _, fn := range files {
		src, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		f, d := Parse(fn, src)
		if len(d.Items) > 0 {
			t.Errorf("%s:\n%s", fn, d.String(diag.Sources{fn: src}))
		}
		if len(f.Units) == 0 {
			t.Errorf("%s: no units", fn)
		}
	}
}
