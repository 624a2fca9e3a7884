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
)

// docPath is the generated catalogue of diagnostics.
const docPath = "../docs/errors.md"

// exampleDir holds the examples of the codes: CODE.f90, and further ones
// as CODE.2.f90, CODE.3.f90, ... (from the repository root).
const exampleDir = "robust/testdata/errors"

// topics are the sections of docs/errors.md, in order; every code's Topic
// must be one of them.
var topics = []struct{ title, about string }{
	{"Files", "Problems reading the input files themselves."},
	{"Preprocessor and fixed form", "Files ending in .F90, .F or .FOR, and any file with a line that starts with \"#\", go through forocl's own C preprocessor first (#define, #if, #include; -D, -U and -I on the command line). Files ending in .f, .for or .F are fixed form (-ffixed-form and -ffree-form override the extension). Diagnostics point at the original file, line and column, an #include'd file's at that file."},
	{"Syntax: characters and literals", "Free-form Fortran source is ASCII outside strings and comments; these come from the lexer, before any statement is parsed."},
	{"Syntax: statements", "A statement that does not parse. Inside a kernel the message is the statement's own; forocl keeps going with the next statement."},
	{"Syntax: units and constructs", "Program units (modules, subroutines, functions) and constructs (if, where) that do not open and close properly."},
	{"Directives", "The \"!$OFP\" directive names the subroutines forocl translates into kernels: \"!$OFP PURE, KERNEL :: name\"."},
	{"Declarations", "Names, their types and attributes. forocl reads the declarations of kernels and of what they call."},
	{"Constant expressions", "Kinds, named constants and halos are evaluated while compiling, so their expressions may use only constants and a few intrinsics."},
	{"Types and kinds", "forocl knows real(4), real(8), integer(4), integer(8) and default logicals: the types OpenCL kernels compute with."},
	{"Kernels and intents", "A kernel runs once per grid point on many work-items at once; its arguments are device buffers and scalars passed by value."},
	{"Halos and regions", "region_cpy(A, halo) reads the interior of A shrunk by a halo; p => region_ptr(A, halo) writes it. A halo lists, per dimension, how many cells to drop at the low and the high end."},
	{"Shapes", "Every array in a kernel has the grid's rank; its extents are the grid's minus what halos take away, and operands of one statement must have the same extents."},
	{"Purity", "Kernels must be free of side effects: each work-item may only compute and write its own elements of the outputs."},
	{"Elemental functions", "Kernels call pure elemental functions (and pure elemental subroutines are kernels of their own); forocl translates them into OpenCL functions that compute one element."},
	{"Loop kernels", "A kernel written as parallel loop nests (DO CONCURRENT, !$omp parallel do, !$acc parallel loop) over explicit-shape arrays: each nest is one launch, one work-item per iteration."},
	{"Reductions", "sum, product, maxval, minval, count, any, all, dot_product and norm2 reduce a whole array expression of a kernel to a scalar; forocl splits the kernel into launches after each one."},
	{"Warnings", "Warnings do not stop forocl (unless --werror); each points at something that probably does not mean what it seems to."},
	{"Internal errors", "A bug in forocl rather than in its input."},
}

// noExample are the codes that no input should produce.
var noExample = map[diag.Code]string{
	diag.InternalError:      "it reports a bug in forocl",
	"input-too-large":       "it needs an input over 16 MiB; driver.TestRefusesHugeFiles covers it",
	"cpp-include-too-large": "it needs an included file over 16 MiB; parser.TestCppLimits covers it",
}

// updateDocs reports whether TestErrorsDoc should rewrite docs/errors.md:
// goldie's -update flag (or GOLDIE_UPDATE), or FOROCL_UPDATE_DOCS=1.
func updateDocs() bool {
	if os.Getenv("FOROCL_UPDATE_DOCS") == "1" {
		return true
	}
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// example is one example input of a code and what forocl printed for it.
type example struct {
	path string // from the repository root
	src  []byte
	*compiled
}

var (
	examplesOnce sync.Once
	examples     map[diag.Code][]*example
	strayFiles   []string // files of exampleDir named after no code
)

var exampleName = regexp.MustCompile(`^([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.([2-9]|[1-9][0-9]+))?\.f90$`)

// allExamples compiles every example once per test binary, by code, in
// the order CODE.f90, CODE.2.f90, ...
func allExamples(t *testing.T) map[diag.Code][]*example {
	t.Helper()
	examplesOnce.Do(func() {
		examples = map[diag.Code][]*example{}
		files, _ := filepath.Glob(filepath.Join("..", exampleDir, "*.f90"))
		sort.Slice(files, func(i, j int) bool { return exampleOrder(files[i]) < exampleOrder(files[j]) })
		for _, f := range files {
			base := filepath.Base(f)
			m := exampleName.FindStringSubmatch(base)
			if m == nil {
				strayFiles = append(strayFiles, base)
				continue
			}
			if _, ok := diag.Lookup(diag.Code(m[1])); !ok {
				strayFiles = append(strayFiles, base)
				continue
			}
			path := exampleDir + "/" + base
			src, err := os.ReadFile(f)
			if err != nil {
				panic(err)
			}
			inv, err := parseRun(src, path)
			if err != nil {
				panic(fmt.Sprintf("%s: %v", path, err))
			}
			code := diag.Code(m[1])
			examples[code] = append(examples[code], &example{path: path, src: src, compiled: compileRepo(inv)})
		}
	})
	return examples
}

// exampleOrder sorts CODE.f90 before CODE.2.f90 before CODE.10.f90.
func exampleOrder(path string) string {
	m := exampleName.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return "~" + path
	}
	return fmt.Sprintf("%s %04s", m[1], m[2])
}

// TestCodesDocumented checks the table of codes against the examples:
// every code is well-formed, belongs to a topic, says why it exists, and
// has an example that produces it with its severity; every example file
// is named after a code.
func TestCodesDocumented(t *testing.T) {
	known := map[string]bool{}
	for _, tp := range topics {
		known[tp.title] = true
	}
	codeName := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	exs := allExamples(t)
	codes := diag.Codes()
	if len(codes) < 100 {
		t.Fatalf("only %d codes are defined: are all passes linked into this test?", len(codes))
	}
	for _, c := range codes {
		if !codeName.MatchString(string(c.Code)) {
			t.Errorf("code %q is not kebab-case", c.Code)
		}
		if !known[c.Topic] {
			t.Errorf("%s: topic %q is not in topics (robust/errors_test.go)", c.Code, c.Topic)
		}
		if c.Summary == "" || strings.HasSuffix(c.Summary, ".") || c.Stage == "" {
			t.Errorf("%s: needs a stage and a one-line summary without a final period", c.Code)
		}
		if !strings.HasSuffix(c.Help, ".") {
			t.Errorf("%s: help must be sentences that say why the rule exists and what to do", c.Code)
		}
		if c.Severity != diag.Error && c.Severity != diag.Warning {
			t.Errorf("%s: severity %s", c.Code, c.Severity)
		}
		if why, ok := noExample[c.Code]; ok {
			if len(exs[c.Code]) > 0 {
				t.Errorf("%s has an example, but noExample says %s", c.Code, why)
			}
			continue
		}
		if len(exs[c.Code]) == 0 || exs[c.Code][0].path != exampleDir+"/"+string(c.Code)+".f90" {
			t.Errorf("%s has no example: add %s/%s.f90 with an annotation (see Note [expectations] in robust/expect_test.go)", c.Code, exampleDir, c.Code)
		}
		for _, ex := range exs[c.Code] {
			produced := false
			for _, d := range ex.diags.Items {
				produced = produced || d.Code == c.Code && d.Severity == c.Severity
			}
			if !produced {
				t.Errorf("%s: %s does not produce a %s [%s]; forocl printed:\n%s", ex.path, ex.path, c.Severity, c.Code, ex.text)
			}
		}
	}
	for _, f := range strayFiles {
		t.Errorf("%s/%s is not named CODE.f90 or CODE.N.f90 after a defined code", exampleDir, f)
	}
}

// TestErrorsDoc renders docs/errors.md from the table of codes and the
// examples and compares it with the file; -update (or
// FOROCL_UPDATE_DOCS=1) rewrites it.
func TestErrorsDoc(t *testing.T) {
	got := renderDoc(t)
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
func renderDoc(t *testing.T) []byte {
	byTopic := map[string][]diag.CodeInfo{}
	codes := diag.Codes()
	for _, c := range codes {
		byTopic[c.Topic] = append(byTopic[c.Topic], c)
	}
	exs := allExamples(t)
	var b bytes.Buffer
	fmt.Fprintf(&b, "# forocl diagnostics\n\n")
	fmt.Fprintf(&b, "<!-- Generated by TestErrorsDoc (robust/errors_test.go) from the table of codes (the codes.go of each pass) and %s. Do not edit: run \"go test ./robust -run TestErrorsDoc -update\" and read the diff. -->\n\n", exampleDir)
	fmt.Fprintf(&b, "Every diagnostic that `forocl check` and `forocl build` print ends in its code in brackets, such as `[kernel-inout]`. ")
	fmt.Fprintf(&b, "This is every code (%d of them), grouped by topic: its severity, the pass that reports it, what is wrong, why the rule exists and what to do, ", len(codes))
	fmt.Fprintf(&b, "and for each example input what forocl prints. `forocl explain CODE` prints an entry in the terminal; `forocl explain` lists the codes.\n\n")
	fmt.Fprintf(&b, "The examples live in `%s` (`CODE.f90`, more as `CODE.2.f90`, ...); the comments `! ERROR [code] \"...\"` in them say which diagnostics each line must produce, and the tests fail when a code has no example or an example stops producing what it says.\n\n", exampleDir)
	fmt.Fprintf(&b, "## Contents\n\n")
	for _, tp := range topics {
		if n := len(byTopic[tp.title]); n > 0 {
			fmt.Fprintf(&b, "- [%s](#%s) (%d)\n", tp.title, anchor(tp.title), n)
		}
	}
	for _, tp := range topics {
		if len(byTopic[tp.title]) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", tp.title, tp.about)
		for _, c := range byTopic[tp.title] {
			fmt.Fprintf(&b, "\n### %s\n\n", c.Code)
			fmt.Fprintf(&b, "%s from %s: %s\n\n%s\n", c.Severity, c.Stage, c.Summary, c.Help)
			if why, ok := noExample[c.Code]; ok {
				fmt.Fprintf(&b, "\nNo example: %s.\n", why)
			}
			for _, ex := range exs[c.Code] {
				text, changed := printable(ex.src)
				fmt.Fprintf(&b, "\n`%s`", ex.path)
				if changed {
					fmt.Fprintf(&b, " (bytes that cannot be shown are printed as `?`)")
				}
				fmt.Fprintf(&b, ":\n\n```fortran\n%s```\n\n", text)
				out, _ := printable([]byte(ex.text))
				fmt.Fprintf(&b, "```console\n$ %s\n%s```\n", ex.inv.command(), out)
			}
		}
	}
	return b.Bytes()
}

// TestErrorsDocMatchesCLI runs every example through the real forocl
// binary and checks that it prints on stderr exactly what docs/errors.md shows, with
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
	for _, c := range diag.Codes() {
		for _, ex := range allExamples(t)[c.Code] {
			args := strings.Fields(strings.TrimPrefix(ex.inv.command(), "forocl "))
			for i, a := range args {
				if a == "out" && i > 0 && args[i-1] == "-o" {
					args[i] = outDir
				}
			}
			cmd := exec.Command(bin, args...)
			cmd.Dir = ".."
			var stderr bytes.Buffer
			cmd.Stderr = &stderr // the diagnostics; stdout may list check's candidates
			err := cmd.Run()
			out := stderr.Bytes()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			want := 0
			if ex.diags.HasErrors() {
				want = 1
			}
			if string(out) != ex.text || code != want {
				t.Errorf("%s: exit %d (want %d), printed:\n%s\ndocs/errors.md shows:\n%s", ex.inv.command(), code, want, out, ex.text)
			}
		}
	}
}
