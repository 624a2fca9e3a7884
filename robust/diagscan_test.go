package robust

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// scannedPackages are the packages whose diagnostics docs/errors.md must
// cover: everything that can put a message in front of a user of "forocl
// check" or "forocl build".
var scannedPackages = []string{"parser", "sema", "driver", "regions", "codegen"}

// diagWrappers are the functions that turn a format string into a
// diagnostic, with the index of the format argument: diag.List's methods
// and the packages' own helpers. TestDiagWrappersKnown fails when a new
// helper with a "format" or "msg" parameter appears, so that it is added
// here rather than silently skipped.
var diagWrappers = map[string]int{
	"Errorf": 1, // diag.List.Errorf(span, format, ...)
	"Warnf":  1, // diag.List.Warnf(span, format, ...)
	"Error":  2, // diag.List.Error(code, span, format, ...)
	"Warn":   2, // diag.List.Warn(code, span, format, ...)
	"errorf": 1, // parser scanner.errorf(off, format, ...), sema lowerer.errorf(span, format, ...)
	"fail":   1, // parser lowerer.fail(span, format, ...)
	"cerr":   1, // sema cerr(span, format, ...)
	"bad":    1, // parser directive's bad(off, msg)
}

// notDiagFuncs have a format or msg parameter but make no diagnostic of
// their own.
var notDiagFuncs = map[string]bool{
	"report":    true, // parser perr.report: re-reports a perr, whose msg is scanned where it is built
	"renderOne": true, // diag: prints a diagnostic
	"WithHint":  true, // diag: hints are not messages
	"WithNote":  true, // diag: notes are not messages
	"line":      true, // codegen emitter: OpenCL text
	"open":      true, // codegen emitter: OpenCL text
}

// diagStructs are the struct types whose msg (or Msg) field becomes a
// diagnostic's message.
var diagStructs = map[string]bool{"perr": true, "constErr": true, "Diagnostic": true}

// sourceFormat is one message format found in the source.
type sourceFormat struct {
	format string
	sites  []string // "sema/lower.go:251"
}

// unreachableFormats are formats that no input of "forocl check" can
// produce, with the reason. Each must still exist in the source.
var unreachableFormats = map[string]string{
	"expected one expression, found %d statements": "parser.ParseExpr only, which tools and tests call",
	"expected %s":                                    "participle's Expect is never a single quoted token with this grammar (tried: missing \"::\", \":\", \"=\", \")\")",
	"cannot assign to this expression":               "the parser only produces a name or name(...) on the left of \"=\"",
	"statement is not understood by forocl":          "every statement the parser keeps without a keyword carries its syntax error, reported instead",
	"expression is not a constant":                   "sema's evalConst handles every kind of ast.Expr before reaching it",
	"integer array values can only be used as halos": "a reference name(...) to a constant always folds to one element",
	"%q takes %d to %d arguments, not %d":            "no intrinsic forocl maps takes a range of argument counts (they take 1, 2, 3, or 2 or more)",
}

// scanFormats parses the non-test Go files of scannedPackages and returns
// every constant diagnostic message format, sorted. A message built from a
// literal and something else ("expected " + exp) counts as the literal
// followed by %s; pure pass-throughs ("%s" of a message built elsewhere)
// and internal errors are left out.
func scanFormats(t *testing.T) []sourceFormat {
	t.Helper()
	fset := token.NewFileSet()
	found := map[string]*sourceFormat{}
	add := func(e ast.Expr) {
		s, ok := constText(e)
		if !ok || s == "%s" || strings.HasPrefix(s, "internal error") {
			return
		}
		p := fset.Position(e.Pos())
		site := fmt.Sprintf("%s:%d", filepath.ToSlash(strings.TrimPrefix(p.Filename, "../")), p.Line)
		if found[s] == nil {
			found[s] = &sourceFormat{format: s}
		}
		found[s].sites = append(found[s].sites, site)
	}
	for _, pkg := range scannedPackages {
		files, err := filepath.Glob(filepath.Join("..", pkg, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s", pkg)
		}
		for _, fn := range files {
			if strings.HasSuffix(fn, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, fn, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if i, ok := diagWrappers[calleeName(n)]; ok && i < len(n.Args) {
						add(n.Args[i])
					}
				case *ast.CompositeLit:
					if diagStructs[typeName(n.Type)] {
						for _, el := range n.Elts {
							if kv, ok := el.(*ast.KeyValueExpr); ok {
								if k, ok := kv.Key.(*ast.Ident); ok && (k.Name == "msg" || k.Name == "Msg") {
									add(kv.Value)
								}
							}
						}
					}
				case *ast.AssignStmt:
					// msg := ...; diag.Errorf(sp, "%s", msg)
					if n.Tok == token.DEFINE || n.Tok == token.ASSIGN {
						for i, lhs := range n.Lhs {
							if id, ok := lhs.(*ast.Ident); ok && id.Name == "msg" && i < len(n.Rhs) {
								add(n.Rhs[i])
							}
						}
					}
				}
				return true
			})
		}
	}
	out := make([]sourceFormat, 0, len(found))
	for _, f := range found {
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].format < out[j].format })
	return out
}

// constText returns the constant text of a message expression: a string
// literal, fmt.Sprintf's format, or a concatenation in which non-constant
// parts count as %s. ok is false when nothing of it is constant.
func constText(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			s, err := strconv.Unquote(e.Value)
			return s, err == nil
		}
	case *ast.CallExpr:
		if calleeName(e) == "Sprintf" && len(e.Args) > 0 {
			return constText(e.Args[0])
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			a, okA := constText(e.X)
			b, okB := constText(e.Y)
			if !okA {
				a = "%s"
			}
			if !okB {
				b = "%s"
			}
			return a + b, okA || okB
		}
	case *ast.ParenExpr:
		return constText(e.X)
	}
	return "", false
}

func calleeName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

func typeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.StarExpr:
		return typeName(e.X)
	}
	return ""
}

// formatRegexp turns a printf format into an anchored regexp that matches
// the messages it can produce.
func formatRegexp(format string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	verb := regexp.MustCompile(`^%[-+# 0]*[0-9]*(?:\.[0-9]+)?([a-zA-Z%])`)
	for i := 0; i < len(format); {
		if format[i] != '%' {
			j := strings.IndexByte(format[i:], '%')
			if j < 0 {
				j = len(format) - i
			}
			b.WriteString(regexp.QuoteMeta(format[i : i+j]))
			i += j
			continue
		}
		m := verb.FindStringSubmatch(format[i:])
		if m == nil {
			b.WriteString("%")
			i++
			continue
		}
		switch m[1] {
		case "%":
			b.WriteString("%")
		case "q":
			b.WriteString(`"(?:[^"\\]|\\.)*"`)
		case "d":
			b.WriteString(`-?[0-9]+`)
		case "x":
			b.WriteString(`[0-9a-f]+`)
		case "U":
			b.WriteString(`U\+[0-9A-F]{4,}`)
		default:
			b.WriteString(`.*?`)
		}
		i += len(m[0])
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// TestDiagWrappersKnown checks that every function of the scanned packages
// that takes a "format" or "msg" string is a known diagnostic wrapper or
// known not to make diagnostics, so that scanFormats misses nothing.
func TestDiagWrappersKnown(t *testing.T) {
	fset := token.NewFileSet()
	for _, pkg := range append([]string{"diag"}, scannedPackages...) {
		files, _ := filepath.Glob(filepath.Join("..", pkg, "*.go"))
		for _, fn := range files {
			if strings.HasSuffix(fn, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, fn, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			check := func(name string, ft *ast.FuncType, pos token.Pos) {
				for _, field := range ft.Params.List {
					for _, pn := range field.Names {
						if id, ok := field.Type.(*ast.Ident); ok && id.Name == "string" && (pn.Name == "format" || pn.Name == "msg") {
							_, wrap := diagWrappers[name]
							if !wrap && !notDiagFuncs[name] {
								t.Errorf("%s: %s takes %q; add it to diagWrappers (or notDiagFuncs) in diagscan_test.go", fset.Position(pos), name, pn.Name)
							}
						}
					}
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					check(n.Name.Name, n.Type, n.Pos())
				case *ast.AssignStmt:
					for i, r := range n.Rhs {
						if fl, ok := r.(*ast.FuncLit); ok && i < len(n.Lhs) {
							if id, ok := n.Lhs[i].(*ast.Ident); ok {
								check(id.Name, fl.Type, fl.Pos())
							}
						}
					}
				}
				return true
			})
		}
	}
}

// TestScanFinds guards the scanner itself: it must find messages of every
// kind of site it knows.
func TestScanFinds(t *testing.T) {
	have := map[string]bool{}
	for _, f := range scanFormats(t) {
		have[f.format] = true
	}
	for _, want := range []string{
		`array %q is intent(inout); kernel arrays must be intent(in) or intent(out) (double-buffer instead)`, // lowerer.errorf
		`unterminated string`,                                                  // diag.List.Errorf
		`integer division by zero in a constant`,                               // cerr
		`unexpected end of statement`,                                          // perr{msg: ...}
		`malformed !$OFP directive: no attributes`,                             // bad(...)
		`cannot read file: %s`,                                                 // diag.Diagnostic{Msg: ... + ...}
		`intent(out) array %q is read; its values are undefined in the kernel`, // msg := fmt.Sprintf
	} {
		if !have[want] {
			t.Errorf("scanner did not find %q", want)
		}
	}
	if len(have) < 150 {
		t.Errorf("scanner found only %d formats", len(have))
	}
}

func TestFormatRegexp(t *testing.T) {
	tests := []struct {
		format, msg string
		match       bool
	}{
		{`array %q has rank %d; forocl supports ranks 1 to 3`, `array "A" has rank 4; forocl supports ranks 1 to 3`, true},
		{`array %q has rank %d; forocl supports ranks 1 to 3`, `array "A" has rank four; forocl supports ranks 1 to 3`, false},
		{`invalid byte 0x%02x (the file is not valid UTF-8)`, `invalid byte 0xfe (the file is not valid UTF-8)`, true},
		{`invalid character %U`, `invalid character U+0000`, true},
		{`expected %s`, `expected "then"`, true},
		{`unexpected %q after "end"`, `unexpected "x" after "else"`, false},
		{`100%% sure`, `100% sure`, true},
	}
	for _, tc := range tests {
		if got := formatRegexp(tc.format).MatchString(tc.msg); got != tc.match {
			t.Errorf("format %q vs %q: match %v, want %v", tc.format, tc.msg, got, tc.match)
		}
	}
}
