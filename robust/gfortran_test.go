package robust

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// gfortranFragments are the parser's golden inputs that are not standard
// Fortran 2008 on purpose (they exercise the parser, not a compiler), with
// the gfortran message that says why. The test requires each to fail with
// that message, so the list cannot silently grow stale or skip everything.
var gfortranFragments = map[string]string{
	"decls.f90":     "Nonstandard type declaration REAL*8",          // old-style declarations the parser accepts
	"elemental.f90": "Unary operator following arithmetic operator", // a*-b, an extension the parser accepts
	"errors.f90":    "Missing ‘)’",                                  // syntax errors on purpose
	"loops.f90":     "Syntax error in DO statement",                 // DO CONCURRENT locality specifiers, which gfortran 12 lacks
	"program.f90":   "Cannot open module file ‘physics.mod’",        // uses elemental.f90's module physics
}

// gfortran returns the path of gfortran, skipping the test when it is
// missing unless FOROCL_REQUIRE_OPENCL=1 (the full test run) is set.
func gfortran(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("gfortran")
	if err != nil {
		if os.Getenv("FOROCL_REQUIRE_OPENCL") == "1" {
			t.Fatalf("gfortran is required (FOROCL_REQUIRE_OPENCL=1): %v", err)
		}
		t.Skipf("gfortran not found: %v", err)
	}
	return p
}

// syntaxCheck runs gfortran -std=f2008 -fsyntax-only on file with modules
// read from and written to modDir, in a scratch working directory so that
// no .mod file lands in the repository.
func syntaxCheck(t *testing.T, gf, modDir, file string) (string, bool) {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	std := "-std=f2008"
	if src, err := os.ReadFile(abs); err == nil && bytes.Contains(src, []byte(legacyMark)) {
		std = "-std=legacy"
	}
	cmd := exec.Command(gf, std, "-fsyntax-only", "-I", modDir, "-J", modDir, abs)
	cmd.Dir = t.TempDir()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	if ents, _ := os.ReadDir(cmd.Dir); len(ents) > 0 {
		t.Errorf("gfortran left %s in its working directory", ents[0].Name())
	}
	return out.String(), err == nil
}

// legacyMark in a corpus file says that it is written with extensions
// legacy code uses (REAL*8, INTEGER*4), which gfortran checks with
// -std=legacy.
const legacyMark = "! gfortran -std=legacy"

// regionsModDir compiles fortran/forocl_regions.f90 into a fresh directory
// and returns it.
func regionsModDir(t *testing.T, gf string) string {
	t.Helper()
	dir := t.TempDir()
	if out, ok := syntaxCheck(t, gf, dir, "../fortran/forocl_regions.f90"); !ok {
		t.Fatalf("forocl_regions.f90 does not compile:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "forocl_regions.mod")); err != nil {
		t.Fatalf("no forocl_regions.mod: %v", err)
	}
	return dir
}

// checkGroup syntax-checks files that may use each other's modules,
// sharing one module directory (seeded with forocl_regions.mod). A file
// that fails only because a module is not there yet is retried after the
// others, so no dependency order has to be written down. It returns
// gfortran's output for each file that fails.
func checkGroup(t *testing.T, gf string, files []string) map[string]string {
	t.Helper()
	modDir := regionsModDir(t, gf)
	pending := append([]string(nil), files...)
	failed := map[string]string{}
	for len(pending) > 0 {
		var next []string
		for _, f := range pending {
			out, ok := syntaxCheck(t, gf, modDir, f)
			switch {
			case ok:
				delete(failed, f)
			case strings.Contains(out, "Cannot open module file"):
				failed[f] = out
				next = append(next, f)
			default:
				failed[f] = out
			}
		}
		if len(next) == len(pending) {
			break // no progress: the missing modules are nowhere
		}
		pending = next
	}
	return failed
}

// TestGfortranCorpus checks that every kernel of the corpus and every file
// of the shallow-water example is standard Fortran 2008 as far as
// gfortran's syntax and semantic checks go: forocl's input language is a
// subset of Fortran, and the serial oracle runs the same files. A file
// marked with legacyMark is checked as legacy Fortran.
func TestGfortranCorpus(t *testing.T) {
	gf := gfortran(t)
	files, _ := filepath.Glob("../testdata/kernels/*.f90")
	ex, _ := filepath.Glob("../examples/shallowwater/fortran/*.f90")
	files = append(files, ex...)
	if len(ex) < 3 || len(files) < 18 {
		t.Fatalf("found %d files (%d in the example); the corpus has moved?", len(files), len(ex))
	}
	failed := checkGroup(t, gf, files)
	for _, f := range files {
		if out, bad := failed[f]; bad {
			t.Errorf("%s is not accepted by gfortran -std=f2008:\n%s", f, out)
		}
	}
	t.Logf("%d files checked", len(files))
}

// TestGfortranParserInputs checks the parser's golden inputs with gfortran:
// those that are complete standard program units must compile; the others
// must be listed in gfortranFragments and fail for the reason given there.
func TestGfortranParserInputs(t *testing.T) {
	gf := gfortran(t)
	files, _ := filepath.Glob("../parser/testdata/input/*.f90")
	if len(files) == 0 {
		t.Fatal("no parser inputs")
	}
	failed := checkGroup(t, gf, files)
	seen := map[string]bool{}
	passed := 0
	for _, f := range files {
		base := filepath.Base(f)
		seen[base] = true
		why, listed := gfortranFragments[base]
		out, bad := failed[f]
		switch {
		case !bad && listed:
			t.Errorf("%s now compiles with gfortran; remove it from gfortranFragments", base)
		case !bad:
			passed++
		case !listed:
			t.Errorf("%s is not accepted by gfortran -std=f2008 (if that is on purpose, list it in gfortranFragments):\n%s", base, out)
		case !strings.Contains(out, why):
			t.Errorf("%s fails, but not with %q:\n%s", base, why, out)
		}
	}
	var stale []string
	for name := range gfortranFragments {
		if !seen[name] {
			stale = append(stale, name)
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("gfortranFragments lists files that are gone: %v", stale)
	}
	if passed == 0 {
		t.Errorf("no parser input compiled with gfortran")
	}
	t.Logf("%d of %d parser inputs compile; %d skipped as listed", passed, len(files), len(files)-passed)
}
