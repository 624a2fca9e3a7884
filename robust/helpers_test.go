package robust

import (
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/sema"
)

// strategies are the OpenCL strategies every accepted input is generated
// with.
var strategies = []regions.Strategy{regions.Local, regions.Direct}

// outcome is what the whole pipeline made of one source file.
type outcome struct {
	diags diag.List   // parser, sema and codegen diagnostics, sorted
	prog  *ir.Program // nil when there are errors
	plan  *regions.Plan
	cl    map[regions.Strategy]string // generated OpenCL, when prog != nil
}

// frontEnd runs parser.Parse and sema.Check on src (named name), and, when
// sema accepts it, regions.Analyze and codegen.OpenCL with both strategies:
// the back end must handle everything sema accepts.
func frontEnd(name string, src []byte) outcome {
	f, d := parser.Parse(name, src)
	out := outcome{diags: d}
	prog, sd := sema.Check([]*ast.File{f}, sema.Options{})
	out.diags.Append(sd)
	if prog != nil && !out.diags.HasErrors() {
		out.prog = prog
		out.plan = regions.Analyze(prog)
		out.cl = backEnd(&out.diags, prog, name)
	}
	// As the driver does: positions in preprocessed or fixed-form text
	// get their offsets in the original (Note [source maps] in parser).
	parser.FixOffsets(&out.diags, diag.Sources{name: src})
	out.diags.Sort()
	return out
}

// backEnd schedules every kernel of prog with both strategies and
// generates its OpenCL, appending the schedule's diagnostics to diags.
func backEnd(diags *diag.List, prog *ir.Program, name string) map[regions.Strategy]string {
	cl := map[regions.Strategy]string{}
	for _, s := range strategies {
		plan, d := regions.Schedule(prog, regions.Target{}, regions.Options{Strategy: s})
		diags.Append(d)
		cl[s] = codegen.OpenCL(prog, plan, prog.Kernels, name, codegen.Options{Version: driver.Version}).Source
	}
	return cl
}

// compileFile runs driver.Compile on one file and, when it succeeds, the
// OpenCL emitter with both strategies.
func compileFile(path string) (*driver.Result, map[regions.Strategy]string) {
	res := driver.Front([]string{path}, driver.Options{})
	if res.Program == nil || res.Diags.HasErrors() {
		return res, nil
	}
	return res, backEnd(&res.Diags, res.Program, path)
}

// within runs f and fails the test if f panics or has not returned after
// limit. A goroutine and a timer, not a benchmark: the bound is generous
// and only catches hangs and blow-ups.
func within(t *testing.T, limit time.Duration, f func()) time.Duration {
	t.Helper()
	done := make(chan string, 1)
	start := time.Now()
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Sprintf("panic: %v\n%s", r, debug.Stack())
				return
			}
			done <- ""
		}()
		f()
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case p := <-done:
		if p != "" {
			t.Fatal(p)
		}
		return time.Since(start)
	case <-timer.C:
		t.Fatalf("did not finish within %v", limit)
		return 0
	}
}

// lineIndex maps byte offsets of a source to 1-based lines and columns.
type lineIndex struct {
	starts []int // offset of the first byte of each line
	size   int
}

func newLineIndex(src []byte) *lineIndex {
	ix := &lineIndex{starts: []int{0}, size: len(src)}
	for i, c := range src {
		if c == '\n' {
			ix.starts = append(ix.starts, i+1)
		}
	}
	return ix
}

// check reports what is wrong with p as a position in the source, or "".
func (ix *lineIndex) check(p diag.Pos) string {
	if !p.IsValid() || p.Col < 1 {
		return "no line or column"
	}
	if p.Offset < 0 || p.Offset > ix.size {
		return fmt.Sprintf("offset %d outside the file (%d bytes)", p.Offset, ix.size)
	}
	line := sort.Search(len(ix.starts), func(i int) bool { return ix.starts[i] > p.Offset })
	col := p.Offset - ix.starts[line-1] + 1
	if line != p.Line || col != p.Col {
		return fmt.Sprintf("line:col %d:%d, but offset %d is at %d:%d", p.Line, p.Col, p.Offset, line, col)
	}
	return ""
}

// checkSpan reports what is wrong with sp as a span of file name, or "".
func checkSpan(name string, ix *lineIndex, sp diag.Span) string {
	if sp.Start.File != name {
		return fmt.Sprintf("file %q, want %q", sp.Start.File, name)
	}
	if msg := ix.check(sp.Start); msg != "" {
		return "start: " + msg
	}
	if sp.End.IsValid() {
		if sp.End.File != name && sp.End.File != "" {
			return fmt.Sprintf("end in file %q", sp.End.File)
		}
		if msg := ix.check(sp.End); msg != "" {
			return "end: " + msg
		}
		if sp.End.Offset < sp.Start.Offset {
			return fmt.Sprintf("end %d before start %d", sp.End.Offset, sp.Start.Offset)
		}
	}
	return ""
}

// checkDiags fails t for every diagnostic or note of l that does not point
// into src (the text of file name), and for every internal error.
func checkDiags(t testing.TB, name string, src []byte, l diag.List) {
	t.Helper()
	ix := newLineIndex(src)
	bad := 0
	for _, d := range l.Items {
		if strings.Contains(d.Msg, "internal error") {
			t.Errorf("internal error: %s", d.Msg)
		}
		if msg := checkSpan(name, ix, d.Span); msg != "" {
			t.Errorf("diagnostic %q has a bad position: %s", d.Msg, msg)
			bad++
		}
		for _, n := range d.Notes {
			if msg := checkSpan(name, ix, n.Span); msg != "" {
				t.Errorf("note %q of %q has a bad position: %s", n.Msg, d.Msg, msg)
				bad++
			}
		}
		if bad > 10 {
			t.Fatalf("too many bad positions")
		}
	}
}

// firstError returns the first error of l, rendered, without its source
// lines ("file:1:2: error: msg"); "" when there is none.
func firstError(l diag.List) string {
	for _, d := range l.Items {
		if d.Severity == diag.Error {
			return fmt.Sprintf("%s: error: %s", d.Span.Start, d.Msg)
		}
	}
	return ""
}

// hasError reports whether l has an error whose "file:line:col: error: msg"
// text ends in want.
func hasError(l diag.List, want string) bool {
	for _, d := range l.Items {
		if d.Severity == diag.Error && strings.HasSuffix(fmt.Sprintf("%s: error: %s", d.Span.Start, d.Msg), want) {
			return true
		}
	}
	return false
}
