package robust

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	// goldie registers -update (and -clean) in every test binary of the
	// repository; importing it here keeps "go test ./... -update" working
	// for this package too, and TestErrorsDoc honours the flag.
	_ "github.com/sebdah/goldie/v2"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/regions"
)

// docPath is the generated catalogue of diagnostics.
const docPath = "../docs/errors.md"

// exampleDir holds one small input per documented diagnostic.
const exampleDir = "testdata/errors"

// updateDocs reports whether TestErrorsDoc should rewrite docs/errors.md:
// goldie's -update flag (or GOLDIE_UPDATE), or FOROCL_UPDATE_DOCS=1.
func updateDocs() bool {
	if os.Getenv("FOROCL_UPDATE_DOCS") == "1" {
		return true
	}
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// exampleRun is what forocl printed for one catalogue entry's example.
type exampleRun struct {
	display string // the example's path from the repository root
	cmd     string // the command line shown in the doc
	src     []byte // nil when the file deliberately does not exist
	diags   diag.List
	text    string // rendered diagnostics, as the CLI prints them
}

var (
	runsOnce sync.Once
	runs     map[string]*exampleRun // by example name
)

// runExample compiles an entry's example as the CLI would: driver.Compile
// (parse, check, plan), and with e.tile the OpenCL emitter too. File names
// in the diagnostics are made relative to the repository root.
func runExample(e entry) *exampleRun {
	path := filepath.Join(exampleDir, e.example+".f90")
	r := &exampleRun{display: "robust/" + filepath.ToSlash(path)}
	rename := map[string]string{path: r.display}
	var opts driver.Options
	args := []string{}
	if e.include != "" {
		dir := filepath.Join("..", e.include)
		opts.IncludeDirs = []string{dir}
		rename[dir] = e.include
		args = append(args, "-I", e.include)
	}
	src, err := os.ReadFile(path)
	if err == nil {
		r.src = src
	}
	if e.tile != "" {
		tile, err := regions.ParseTile(e.tile)
		if err != nil {
			panic(err)
		}
		opts.Schedule = regions.Options{Strategy: regions.Local, Tile: tile}
	}
	res := driver.Compile([]string{path}, opts)
	if e.tile != "" {
		r.cmd = "forocl build --strategy local --tile " + e.tile + " -o out " + strings.Join(append(args, r.display), " ")
	} else {
		r.cmd = "forocl check " + strings.Join(append(args, r.display), " ")
	}
	for i := range res.Diags.Items {
		d := &res.Diags.Items[i]
		if e.include != "" {
			// messages about the directory name it as given
			d.Msg = strings.ReplaceAll(d.Msg, filepath.Join("..", e.include), e.include)
		}
		relabel(&d.Span, rename)
		for j := range d.Notes {
			relabel(&d.Notes[j].Span, rename)
		}
	}
	r.diags = res.Diags
	srcs := diag.Sources{}
	for name, text := range res.Sources {
		if to, ok := rename[name]; ok {
			name = to
		}
		srcs[name] = text
	}
	r.text = r.diags.String(srcs)
	return r
}

func relabel(sp *diag.Span, rename map[string]string) {
	if to, ok := rename[sp.Start.File]; ok {
		sp.Start.File = to
	}
	if to, ok := rename[sp.End.File]; ok {
		sp.End.File = to
	}
}

// allRuns runs every catalogue example once per test binary.
func allRuns() map[string]*exampleRun {
	runsOnce.Do(func() {
		runs = map[string]*exampleRun{}
		for _, c := range catalog {
			for _, e := range c.entries {
				runs[e.example] = runExample(e)
			}
		}
	})
	return runs
}

// matching returns the diagnostics of l whose message fits format.
func matching(format string, l diag.List) []diag.Diagnostic {
	re := formatRegexp(format)
	var out []diag.Diagnostic
	for _, d := range l.Items {
		if re.MatchString(d.Msg) {
			out = append(out, d)
		}
	}
	return out
}

// TestErrorsCatalog checks the catalogue against the compiler's source:
// every message format the front end can produce has exactly one entry
// (except the few listed as unreachable), every entry's format still exists,
// and every entry's example really produces that message with the
// severity its category says.
func TestErrorsCatalog(t *testing.T) {
	scanned := map[string]sourceFormat{}
	for _, f := range scanFormats(t) {
		scanned[f.format] = f
	}
	entries := map[string]bool{}
	used := map[string]bool{}
	for _, c := range catalog {
		if c.title == "" || c.about == "" || len(c.entries) == 0 {
			t.Errorf("category %q needs a title, a sentence and entries", c.title)
		}
		for _, e := range c.entries {
			if entries[e.format] {
				t.Errorf("%q is catalogued twice", e.format)
			}
			entries[e.format] = true
			if used[e.example] {
				t.Errorf("example %q serves two entries; give each diagnostic its own", e.example)
			}
			used[e.example] = true
			if _, ok := scanned[e.format]; !ok {
				t.Errorf("catalogued format %q is not in the source any more; update its entry", e.format)
			}
			if _, ok := unreachableFormats[e.format]; ok {
				t.Errorf("%q is both catalogued and listed as unreachable", e.format)
			}
			if e.why == "" || !strings.HasSuffix(e.why, ".") || strings.Contains(e.why, "\n") {
				t.Errorf("%q: why must be one sentence ending in a period", e.format)
			}
			r := allRuns()[e.example]
			if e.absent {
				if r.src != nil {
					t.Errorf("%s should not exist: it stands for a missing file", r.display)
				}
			} else if r.src == nil {
				t.Errorf("%q: example %s is missing", e.format, r.display)
				continue
			}
			ms := matching(e.format, r.diags)
			if len(ms) == 0 {
				t.Errorf("%q: example %s does not produce it; it prints:\n%s", e.format, r.display, r.text)
				continue
			}
			want := diag.Error
			if c.title == "Warnings" {
				want = diag.Warning
			}
			if ms[0].Severity != want {
				t.Errorf("%q is a %s, but its category %q wants a %s", e.format, ms[0].Severity, c.title, want)
			}
		}
	}
	var missing []string
	for f, sf := range scanned {
		if !entries[f] {
			if _, ok := unreachableFormats[f]; !ok {
				missing = append(missing, fmt.Sprintf("%q (%s)", f, strings.Join(sf.sites, ", ")))
			}
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("diagnostic %s has no entry in the catalogue (robust/catalog_test.go) with an example in robust/testdata/errors", m)
	}
	for f := range unreachableFormats {
		if _, ok := scanned[f]; !ok {
			t.Errorf("unreachable format %q is not in the source any more; remove it from unreachableFormats", f)
		}
	}
	files, _ := filepath.Glob(filepath.Join(exampleDir, "*.f90"))
	for _, f := range files {
		if name := strings.TrimSuffix(filepath.Base(f), ".f90"); !used[name] {
			t.Errorf("%s is not the example of any catalogue entry", f)
		}
	}
}

// TestErrorsCorpusCatalogued checks that every diagnostic the bad inputs
// and the examples produce is documented: its message fits a catalogued
// format. This catches messages built at run time that the source scan
// cannot see.
func TestErrorsCorpusCatalogued(t *testing.T) {
	var res []*regexp.Regexp
	for _, c := range catalog {
		for _, e := range c.entries {
			res = append(res, formatRegexp(e.format))
		}
	}
	documented := func(msg string) bool {
		for _, re := range res {
			if re.MatchString(msg) {
				return true
			}
		}
		return false
	}
	check := func(name string, l diag.List) {
		for _, d := range l.Items {
			if !documented(d.Msg) {
				t.Errorf("%s: %q fits no catalogued format", name, d.Msg)
			}
		}
	}
	bad, _ := filepath.Glob("../testdata/bad/*.f90")
	if len(bad) == 0 {
		t.Fatal("no bad inputs")
	}
	for _, f := range bad {
		check(f, driver.Compile([]string{f}, driver.Options{}).Diags)
	}
	for name, r := range allRuns() {
		check(name, r.diags)
	}
}

// TestErrorsDoc renders docs/errors.md from the catalogue and the examples
// and compares it with the file; -update (or FOROCL_UPDATE_DOCS=1)
// rewrites it.
func TestErrorsDoc(t *testing.T) {
	got := renderDoc()
	if updateDocs() {
		if err := os.WriteFile(docPath, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", docPath)
		return
	}
	want, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatalf("%v; run \"go test ./robust -run TestErrorsDoc -update\"", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale; run \"go test ./robust -run TestErrorsDoc -update\" and read the diff.\nFirst difference:\n%s", docPath, firstDiff(want, got))
	}
}

// firstDiff shows the first line where a and b differ.
func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, x, y)
		}
	}
	return "(none)"
}

// placeholder shows a format with its verbs replaced by what they stand
// for: "…" names, N numbers.
func placeholder(format string) string {
	verb := regexp.MustCompile(`%[-+# 0]*[0-9]*(?:\.[0-9]+)?([a-zA-Z%])`)
	return verb.ReplaceAllStringFunc(format, func(v string) string {
		switch v[len(v)-1] {
		case '%':
			return "%"
		case 'q':
			return `"…"`
		case 'd':
			return "N"
		case 'x':
			return "XX"
		case 'U':
			return "U+XXXX"
		}
		return "…"
	})
}

// printable replaces bytes a terminal or a markdown viewer would not show
// (invalid UTF-8, control characters) with "?", as the diagnostics
// renderer does, and reports whether it changed anything.
func printable(src []byte) (string, bool) {
	var b strings.Builder
	changed := false
	for len(src) > 0 {
		r, n := utf8.DecodeRune(src)
		switch {
		case r == utf8.RuneError && n <= 1, r != '\n' && r != '\t' && unicode.IsControl(r):
			b.WriteByte('?')
			changed = true
		default:
			b.Write(src[:n])
		}
		src = src[n:]
	}
	return b.String(), changed
}

// anchor is the id GitHub gives a heading: lower case, punctuation
// dropped, spaces turned into hyphens.
func anchor(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// renderDoc writes docs/errors.md.
func renderDoc() []byte {
	var b bytes.Buffer
	n := 0
	for _, c := range catalog {
		n += len(c.entries)
	}
	fmt.Fprintf(&b, "# forocl diagnostics\n\n")
	fmt.Fprintf(&b, "<!-- Generated by TestErrorsDoc (robust/errors_test.go) from robust/catalog_test.go and robust/testdata/errors. Do not edit: run \"go test ./robust -run TestErrorsDoc -update\" and read the diff. -->\n\n")
	fmt.Fprintf(&b, "This is every message (%d of them) that `forocl check` and `forocl build` can print about a Fortran input, grouped by topic. ", n)
	fmt.Fprintf(&b, "Each entry gives the message, why the rule exists, a small input that triggers it, and what forocl prints for that input. ")
	fmt.Fprintf(&b, "In the messages, `\"…\"` stands for a name from the input, `N` for a number and `…` for other text.\n\n")
	fmt.Fprintf(&b, "The examples live in `robust/testdata/errors`; the test that renders this file fails when a diagnostic in `parser/`, `sema/`, `driver/` or `codegen/` has no entry here, or when an example stops producing its message.\n\n")
	fmt.Fprintf(&b, "## Contents\n\n")
	for _, c := range catalog {
		fmt.Fprintf(&b, "- [%s](#%s) (%d)\n", c.title, anchor(c.title), len(c.entries))
	}
	rs := allRuns()
	for _, c := range catalog {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", c.title, c.about)
		for _, e := range c.entries {
			r := rs[e.example]
			fmt.Fprintf(&b, "\n### `%s`\n\n", placeholder(e.format))
			fmt.Fprintf(&b, "%s\n\n", e.why)
			if r.src == nil {
				fmt.Fprintf(&b, "`%s` does not exist:\n\n", r.display)
			} else {
				text, changed := printable(r.src)
				fmt.Fprintf(&b, "`%s`", r.display)
				if changed {
					fmt.Fprintf(&b, " (bytes that cannot be shown are printed as `?`)")
				}
				fmt.Fprintf(&b, ":\n\n```fortran\n%s```\n\n", text)
			}
			text, _ := printable([]byte(r.text))
			fmt.Fprintf(&b, "```console\n$ %s\n%s```\n", r.cmd, text)
		}
	}
	return b.Bytes()
}

// TestErrorsDocMatchesCLI runs every example through the real forocl
// binary and checks that it prints exactly what docs/errors.md shows, with
// exit status 1 for errors and 0 for warnings only. (The doc is rendered
// through the driver, so this catches a CLI that prints diagnostics
// differently.)
func TestErrorsDocMatchesCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build the CLI")
	}
	bin := filepath.Join(t.TempDir(), "forocl")
	build := exec.Command(goTool, "build", "-o", bin, "../cmd/forocl")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	outDir := t.TempDir()
	for _, c := range catalog {
		for _, e := range c.entries {
			r := allRuns()[e.example]
			args := strings.Fields(strings.TrimPrefix(r.cmd, "forocl "))
			for i, a := range args {
				if a == "out" && i > 0 && args[i-1] == "-o" {
					args[i] = outDir
				}
			}
			cmd := exec.Command(bin, args...)
			cmd.Dir = ".."
			out, err := cmd.CombinedOutput()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			want := 0
			if r.diags.HasErrors() {
				want = 1
			}
			if string(out) != r.text || code != want {
				t.Errorf("%s: exit %d (want %d), printed:\n%s\ndocs/errors.md shows:\n%s", r.cmd, code, want, out, r.text)
			}
		}
	}
}
