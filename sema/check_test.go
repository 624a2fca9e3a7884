package sema

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/parser"
)

// corpus lists the .f90 files of a testdata directory at the repository
// root, by their repository-relative names (used in diagnostics).
func corpus(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", dir, "*.f90"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no inputs in %s", dir)
	}
	var out []string
	for _, f := range files {
		out = append(out, filepath.ToSlash(filepath.Join(dir, filepath.Base(f))))
	}
	return out
}

// run parses the sources (name → text) and checks them, returning the
// program, the parser and sema diagnostics together, and their rendering.
func run(t *testing.T, names []string, srcs map[string][]byte, opts Options) (*ir.Program, diag.List, string) {
	t.Helper()
	var all diag.List
	var files []*ast.File
	for _, n := range names {
		f, d := parser.Parse(n, srcs[n])
		all.Append(d)
		files = append(files, f)
	}
	prog, d := Check(files, opts)
	all.Append(d)
	all.Sort()
	var b bytes.Buffer
	diag.Render(&b, all, diag.Sources(srcs), 0)
	return prog, all, b.String()
}

func checkSrc(t *testing.T, src string) (*ir.Program, diag.List, string) {
	t.Helper()
	return run(t, []string{"t.f90"}, map[string][]byte{"t.f90": []byte(src)}, Options{})
}

func irText(p *ir.Program) string {
	var b bytes.Buffer
	ir.Fprint(&b, p)
	return b.String()
}

// TestKernels checks that every good kernel of the corpus passes without
// diagnostics and pins its IR.
func TestKernels(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("testdata/golden"), goldie.WithNameSuffix(".ir"))
	for _, name := range corpus(t, "testdata/kernels") {
		base := strings.TrimSuffix(filepath.Base(name), ".f90")
		t.Run(base, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", name))
			if err != nil {
				t.Fatal(err)
			}
			prog, list, text := run(t, []string{name}, map[string][]byte{name: src}, Options{})
			if !expectedWarnings(list, src) || prog == nil {
				t.Fatalf("unexpected diagnostics:\n%s", text)
			}
			if len(prog.Kernels) == 0 {
				t.Fatalf("no kernel found")
			}
			g.Assert(t, base, []byte(irText(prog)))
		})
	}
}

// expectedWarnings reports whether every diagnostic of list is a warning
// that src announces on its line with a "! WARNING [code]" comment, as
// corpus kernels that show a warning do.
func expectedWarnings(list diag.List, src []byte) bool {
	lines := strings.Split(string(src), "\n")
	for _, d := range list.Items {
		line := d.Span.Start.Line
		if d.Severity != diag.Warning || line < 1 || line > len(lines) || !strings.Contains(lines[line-1], "! WARNING ["+string(d.Code)+"]") {
			return false
		}
	}
	return true
}

// TestBad checks that every bad input gets at least one error and pins the
// rendered diagnostics: carets, hints and notes. Which diagnostics each
// line must produce is checked from the inputs' own annotations by
// robust.TestExpectations.
func TestBad(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("testdata/golden/bad"), goldie.WithNameSuffix(".txt"))
	for _, name := range corpus(t, "testdata/bad") {
		base := strings.TrimSuffix(filepath.Base(name), ".f90")
		t.Run(base, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", name))
			if err != nil {
				t.Fatal(err)
			}
			prog, list, text := run(t, []string{name}, map[string][]byte{name: src}, Options{})
			if !list.HasErrors() {
				t.Fatalf("no error for %s; got:\n%s", name, text)
			}
			if prog != nil && list.Count(diag.Error) > 0 {
				// parser errors only: sema may still build a program
				for _, d := range list.Items {
					if d.Severity == diag.Error && strings.Contains(d.Msg, "internal error") {
						t.Fatalf("internal error: %s", d.Msg)
					}
				}
			}
			g.Assert(t, base, []byte(text))
		})
	}
}

// TestGoldenFilesHaveInputs keeps the fixture directories free of goldens
// whose input is gone.
func TestGoldenFilesHaveInputs(t *testing.T) {
	inputs := map[string]bool{}
	for _, n := range corpus(t, "testdata/kernels") {
		inputs["testdata/golden/"+strings.TrimSuffix(filepath.Base(n), ".f90")+".ir"] = true
	}
	for _, n := range corpus(t, "testdata/bad") {
		inputs["testdata/golden/bad/"+strings.TrimSuffix(filepath.Base(n), ".f90")+".txt"] = true
	}
	for _, c := range goodCases {
		inputs["testdata/golden/table/"+c.name+".ir"] = true
	}
	for _, pat := range []string{"testdata/golden/*.ir", "testdata/golden/bad/*", "testdata/golden/table/*"} {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			if !inputs[filepath.ToSlash(f)] {
				t.Errorf("golden file %s has no input", f)
			}
		}
	}
}

// FuzzCheck runs the parser and Check on arbitrary input: neither may
// panic.
func FuzzCheck(f *testing.F) {
	for _, dir := range []string{"kernels", "bad"} {
		files, _ := filepath.Glob(filepath.Join("..", "testdata", dir, "*.f90"))
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, _ := parser.Parse("f.f90", src)
		prog, list := Check([]*ast.File{file}, Options{})
		if prog != nil {
			ir.Fprint(&bytes.Buffer{}, prog)
		}
		for _, d := range list.Items {
			if strings.Contains(d.Msg, "internal error") {
				t.Fatalf("internal error: %s", d.Msg)
			}
		}
	})
}
