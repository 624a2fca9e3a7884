package robust

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// corpusFiles returns the good kernels of the corpus: testdata/kernels and
// the shallow-water example's kernels.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("../testdata/kernels/*.f90")
	ex, _ := filepath.Glob("../examples/shallowwater/fortran/wave*.f90")
	files = append(files, ex...)
	if len(files) < 15 {
		t.Fatalf("found %d corpus files, want at least 15", len(files))
	}
	return files
}

// compileAs writes src to dir/base and compiles it; the OpenCL is
// generated under the name base so two copies can be compared.
func compileAs(t *testing.T, dir, base string, src []byte) (diags diag.List, irText string, cl map[regions.Strategy]string) {
	t.Helper()
	path := filepath.Join(dir, base)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	res, _ := compileFile(path)
	checkDiags(t, path, src, res.Diags)
	if res.Program == nil {
		return res.Diags, "", nil
	}
	var b bytes.Buffer
	ir.Fprint(&b, res.Program)
	return res.Diags, strings.ReplaceAll(b.String(), dir, "DIR"), backEnd(&res.Diags, res.Program, base)
}

// TestCRLF checks that a CRLF copy of every corpus kernel (wave.f90's
// continuation lines included) compiles with no diagnostics to the same IR
// and byte-identical OpenCL as the LF original.
func TestCRLF(t *testing.T) {
	for _, f := range corpusFiles(t) {
		base := filepath.Base(f)
		t.Run(strings.TrimSuffix(base, ".f90"), func(t *testing.T) {
			lf, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(lf, []byte("\r")) {
				t.Fatalf("%s already has CR bytes", f)
			}
			crlf := bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))
			dir := t.TempDir()
			d1, ir1, cl1 := compileAs(t, filepath.Join(dir, "lf"), base, lf)
			d2, ir2, cl2 := compileAs(t, filepath.Join(dir, "crlf"), base, crlf)
			if len(d1.Items) != len(d2.Items) || len(d1.Items) != strings.Count(string(lf), "! WARNING [") {
				t.Fatalf("diagnostics: LF %d, CRLF %d:\n%s", len(d1.Items), len(d2.Items), firstError(d2))
			}
			if ir1 != ir2 {
				t.Errorf("IR differs between LF and CRLF:\n%s\n---\n%s", ir1, ir2)
			}
			for _, s := range strategies {
				if cl1[s] == "" || cl1[s] != cl2[s] {
					t.Errorf("%s: OpenCL differs between LF and CRLF (or is empty)", s)
				}
			}
		})
	}
}

// TestCRLFDiagnostics checks that every bad input of the corpus gets the
// same rendered diagnostics (lines, columns, carets) with CRLF line
// endings as with LF.
func TestCRLFDiagnostics(t *testing.T) {
	files, _ := filepath.Glob("../testdata/bad/*.f90")
	if len(files) == 0 {
		t.Fatal("no bad inputs")
	}
	for _, f := range files {
		base := filepath.Base(f)
		t.Run(strings.TrimSuffix(base, ".f90"), func(t *testing.T) {
			lf, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			crlf := bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))
			a := frontEnd(base, lf)
			b := frontEnd(base, crlf)
			checkDiags(t, base, crlf, b.diags)
			ta := a.diags.String(diag.Sources{base: lf})
			tb := b.diags.String(diag.Sources{base: crlf})
			if !a.diags.HasErrors() || ta != tb {
				t.Errorf("LF:\n%s\nCRLF:\n%s", ta, tb)
			}
		})
	}
}
