package robust

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
)

// See Note [expectations].
//
// Note [expectations]
// ~~~~~~~~~~~~~~~~~~~
// A bad input says which diagnostics it must produce in comments beside
// the offending line, as go/types' testdata does with /* ERROR "..." */:
//
//	x = y + 1  ! ERROR [undefined-name] "\"y\""
//	oA = A     ! WARNING:5 [integer-division] `truncates before`
//	!$OFP PURE :: k
//	!^ ERROR [directive-malformed] "missing"
//	! ERROR@file [file-unreadable] "cannot read file"
//
// An annotation is ERROR or WARNING, optionally ":COL" (the diagnostic's
// column) or "@file" (a diagnostic without a line, such as an unreadable
// file), the code in brackets, and the message: a Go string literal that
// the message must contain, or a `back-quoted` regular expression it must
// match. "!" marks an annotation for its own line, "!^" for the line above
// (one more "^" per line: a directive line cannot carry a comment). One
// comment may hold several annotations. TestExpectations checks that every
// annotated diagnostic appears and that no other one does.
//
// A "! RUN: forocl check|build ARGS" line (-I, --tile, --kernel, -o, -ffixed-form) says how to compile the file
// (paths from the repository root, %s for the file itself); without one
// the file is compiled as "forocl check FILE".

// expectation is one ERROR or WARNING annotation.
type expectation struct {
	at   string // file:line of the annotation, for messages
	line int    // the line the diagnostic must be on; 0 for "@file"
	col  int    // 0: any column
	sev  diag.Severity
	code diag.Code
	sub  string         // the message contains sub, or
	re   *regexp.Regexp // matches re
}

func (e expectation) String() string {
	where := fmt.Sprintf("line %d", e.line)
	if e.line == 0 {
		where = "no line"
	} else if e.col > 0 {
		where += fmt.Sprintf(" col %d", e.col)
	}
	want := strconv.Quote(e.sub)
	if e.re != nil {
		want = "`" + e.re.String() + "`"
	}
	return fmt.Sprintf("%s: %s [%s] %s at %s", e.at, e.sev, e.code, want, where)
}

func (e expectation) matches(d diag.Diagnostic) bool {
	if d.Severity != e.sev || d.Code != e.code {
		return false
	}
	if e.line == 0 {
		if d.Span.Start.Line != 0 {
			return false
		}
	} else if d.Span.Start.Line != e.line || e.col > 0 && d.Span.Start.Col != e.col {
		return false
	}
	if e.re != nil {
		return e.re.MatchString(d.Msg)
	}
	return strings.Contains(d.Msg, e.sub)
}

var (
	annotStart = regexp.MustCompile(`!(\^*)\s*(ERROR|WARNING)\b`)
	annotOne   = regexp.MustCompile("^(ERROR|WARNING)(:[0-9]+|@file)?\\s*\\[([a-z0-9-]+)\\]\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`)\\s*")
	runLine    = regexp.MustCompile(`^!\s*RUN:\s*forocl\s+(check|build)\s+(.*)$`)
)

// parseExpectations reads the annotations of src (display is its name in
// messages).
func parseExpectations(display string, src []byte) ([]expectation, error) {
	var out []expectation
	for i, line := range strings.Split(string(src), "\n") {
		m := annotStart.FindStringSubmatchIndex(line)
		if m == nil {
			continue
		}
		target := i + 1 - (m[3] - m[2])
		rest := line[m[4]:]
		at := fmt.Sprintf("%s:%d", display, i+1)
		for rest != "" {
			a := annotOne.FindStringSubmatch(rest)
			if a == nil {
				return nil, fmt.Errorf("%s: malformed annotation %q (want ERROR [code] \"message\")", at, rest)
			}
			e := expectation{at: at, line: target, sev: diag.Error, code: diag.Code(a[3])}
			if a[1] == "WARNING" {
				e.sev = diag.Warning
			}
			switch {
			case a[2] == "@file":
				e.line = 0
			case a[2] != "":
				e.col, _ = strconv.Atoi(a[2][1:])
			}
			if strings.HasPrefix(a[4], "`") {
				re, err := regexp.Compile(a[4][1 : len(a[4])-1])
				if err != nil {
					return nil, fmt.Errorf("%s: %v", at, err)
				}
				e.re = re
			} else {
				s, err := strconv.Unquote(a[4])
				if err != nil {
					return nil, fmt.Errorf("%s: message %s: %v", at, a[4], err)
				}
				e.sub = s
			}
			out = append(out, e)
			rest = rest[len(a[0]):]
		}
	}
	return out, nil
}

// invocation is how a testdata file is compiled: its "! RUN:" line.
type invocation struct {
	build    bool
	includes []string // -I, from the repository root
	tile     string   // build --tile
	files    []string // from the repository root
	fixed    bool     // -ffixed-form
	kernels  []string // --kernel
}

// parseRun reads the RUN line of src; self is the file's path from the
// repository root.
func parseRun(src []byte, self string) (invocation, error) {
	inv := invocation{files: []string{self}}
	for _, line := range strings.Split(string(src), "\n") {
		m := runLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		inv = invocation{build: m[1] == "build"}
		args := strings.Fields(m[2])
		for i := 0; i < len(args); i++ {
			a := args[i]
			switch {
			case a == "-I" || a == "--tile" || a == "--strategy" || a == "-o" || a == "--kernel":
				if i+1 == len(args) {
					return inv, fmt.Errorf("RUN: %s needs a value", a)
				}
				i++
				switch a {
				case "-I":
					inv.includes = append(inv.includes, args[i])
				case "--tile":
					inv.tile = args[i]
				case "--kernel":
					inv.kernels = append(inv.kernels, args[i])
				}
			case a == "-ffixed-form":
				inv.fixed = true
			case strings.HasPrefix(a, "-"):
				return inv, fmt.Errorf("RUN: unknown flag %s", a)
			case a == "%s":
				inv.files = append(inv.files, self)
			default:
				inv.files = append(inv.files, a)
			}
		}
		break
	}
	return inv, nil
}

// command is the command line of inv as a user types it at the
// repository root.
func (inv invocation) command() string {
	args := []string{"forocl", "check"}
	if inv.build {
		args = []string{"forocl", "build", "--strategy", "local"}
		if inv.tile != "" {
			args = append(args, "--tile", inv.tile)
		}
		args = append(args, "-o", "out")
	}
	for _, d := range inv.includes {
		args = append(args, "-I", d)
	}
	if inv.fixed {
		args = append(args, "-ffixed-form")
	}
	for _, k := range inv.kernels {
		args = append(args, "--kernel", k)
	}
	return strings.Join(append(args, inv.files...), " ")
}

// compiled is what forocl printed for one testdata file.
type compiled struct {
	inv   invocation
	diags diag.List // file names from the repository root
	text  string    // rendered as the CLI prints them
}

// compileRepo runs inv from the robust directory as the CLI would from the
// repository root: driver.Compile (parse, check, schedule; build schedules
// with its --strategy local and --tile). File names in the diagnostics are made relative to
// the repository root.
func compileRepo(inv invocation) *compiled {
	var opts driver.Options
	var paths []string
	for _, d := range inv.includes {
		opts.IncludeDirs = append(opts.IncludeDirs, filepath.Join("..", d))
	}
	for _, f := range inv.files {
		if filepath.IsAbs(f) {
			paths = append(paths, f) // a device such as /dev/null
			continue
		}
		paths = append(paths, filepath.Join("..", f))
	}
	if inv.fixed {
		opts.Form = parser.FormFixed
	}
	opts.Kernels = inv.kernels
	if inv.build {
		opts.RequireKernels = true // as build and run do
		opts.Schedule = regions.Options{Strategy: regions.Local}
		if inv.tile != "" {
			tile, err := regions.ParseTile(inv.tile)
			if err != nil {
				panic(err)
			}
			opts.Schedule.Tile = tile
		}
	}
	res := driver.Compile(paths, opts)
	rel := func(name string) string {
		if r, err := filepath.Rel("..", name); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
		return name
	}
	for i := range res.Diags.Items {
		d := &res.Diags.Items[i]
		for _, dir := range inv.includes {
			d.Msg = strings.ReplaceAll(d.Msg, filepath.Join("..", dir), dir)
		}
		d.Span.Start.File, d.Span.End.File = rel(d.Span.Start.File), rel(d.Span.End.File)
		for j := range d.Notes {
			n := &d.Notes[j].Span
			n.Start.File, n.End.File = rel(n.Start.File), rel(n.End.File)
		}
	}
	srcs := diag.Sources{}
	for name, text := range res.Sources {
		srcs[rel(name)] = text
	}
	return &compiled{inv: inv, diags: res.Diags, text: res.Diags.String(srcs)}
}

// expectDirs are the directories of annotated bad inputs, from the
// repository root.
var expectDirs = []string{"testdata/bad", "robust/testdata/errors"}

// annotatedFiles lists the annotated inputs, from the repository root.
func annotatedFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, dir := range expectDirs {
		files, err := filepath.Glob(filepath.Join("..", dir, "*.f90"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no inputs in %s", dir)
		}
		for _, f := range files {
			out = append(out, dir+"/"+filepath.Base(f))
		}
	}
	sort.Strings(out)
	return out
}

// checkExpectations compares the diagnostics of an annotated file with its
// annotations and returns the problems, one per line.
func checkExpectations(file string, src []byte) (*compiled, []string) {
	exps, err := parseExpectations(file, src)
	if err != nil {
		return nil, []string{err.Error()}
	}
	inv, err := parseRun(src, file)
	if err != nil {
		return nil, []string{fmt.Sprintf("%s: %v", file, err)}
	}
	c := compileRepo(inv)
	var problems []string
	if len(exps) == 0 {
		problems = append(problems, fmt.Sprintf("%s: no ERROR or WARNING annotation", file))
	}
	used := make([]bool, len(exps))
	for _, d := range c.diags.Items {
		if d.Span.Start.File != file && d.Span.Start.Line != 0 {
			problems = append(problems, fmt.Sprintf("%s: diagnostic in another file: %s: %s [%s]", file, d.Span.Start, d.Msg, d.Code))
			continue
		}
		found := false
		for i, e := range exps {
			if !used[i] && e.matches(d) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			problems = append(problems, fmt.Sprintf("%s:%d:%d: unexpected %s: %s [%s]", file, d.Span.Start.Line, d.Span.Start.Col, d.Severity, d.Msg, d.Code))
		}
	}
	for i, e := range exps {
		if !used[i] {
			problems = append(problems, fmt.Sprintf("missing %s", e))
		}
	}
	return c, problems
}

// TestExpectations compiles every annotated bad input and checks its
// diagnostics against its annotations (Note [expectations]): every
// expected diagnostic appears, with its code, line and message, and no
// other one does. It also requires every diagnostic to carry a defined
// code.
func TestExpectations(t *testing.T) {
	for _, file := range annotatedFiles(t) {
		src, err := os.ReadFile(filepath.Join("..", file))
		if err != nil {
			t.Fatal(err)
		}
		c, problems := checkExpectations(file, src)
		if len(problems) > 0 {
			t.Errorf("%s\nforocl printed:\n%s", strings.Join(problems, "\n"), c.textOrNone())
		}
		if c == nil {
			continue
		}
		for _, d := range c.diags.Items {
			if _, ok := diag.Lookup(d.Code); d.Code == "" || !ok {
				t.Errorf("%s: %q has no defined code (%q)", file, d.Msg, d.Code)
			}
		}
	}
}

func (c *compiled) textOrNone() string {
	if c == nil {
		return "(nothing)"
	}
	return c.text
}

// TestExpectationSyntax guards the annotation reader: positions, columns,
// "^" and "@file", regexps and several annotations in one comment.
func TestExpectationSyntax(t *testing.T) {
	src := []byte("a = 1\n" +
		"b = c  ! ERROR [undefined-name] \"\\\"c\\\"\"\n" +
		"!^ WARNING:3 [integer-division] `^integer .* real\\(4\\)$`\n" +
		"! ERROR@file [file-unreadable] \"cannot\" ERROR [x-y] \"z\"\n")
	exps, err := parseExpectations("f", src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range exps {
		got = append(got, e.String())
	}
	want := []string{
		`f:2: error [undefined-name] "\"c\"" at line 2`,
		"f:3: warning [integer-division] `^integer .* real\\(4\\)$` at line 2 col 3",
		`f:4: error [file-unreadable] "cannot" at no line`,
		`f:4: error [x-y] "z" at line 4`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	d := diag.Diagnostic{Severity: diag.Warning, Code: "integer-division", Span: diag.At(diag.Pos{Line: 2, Col: 3}), Msg: "integer division truncates before the result is converted to real(4)"}
	if !exps[1].matches(d) {
		t.Errorf("%s does not match %+v", exps[1], d)
	}
	d.Span.Start.Col = 4
	if exps[1].matches(d) {
		t.Errorf("%s matches a diagnostic at another column", exps[1])
	}
	for _, bad := range []string{"! ERROR undefined-name \"x\"", "! ERROR [undefined-name]", "! ERROR [a] \"x\" junk"} {
		if _, err := parseExpectations("f", []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	inv, err := parseRun([]byte("! RUN: forocl build --strategy local --tile 16x8 -o out -I inc %s\n"), "dir/f.f90")
	if err != nil || !inv.build || inv.tile != "16x8" || len(inv.includes) != 1 || inv.includes[0] != "inc" || len(inv.files) != 1 || inv.files[0] != "dir/f.f90" {
		t.Errorf("parseRun = %+v, %v", inv, err)
	}
	if got := inv.command(); got != "forocl build --strategy local --tile 16x8 -o out -I inc dir/f.f90" {
		t.Errorf("command = %q", got)
	}
}
