package diag

import (
	"strings"
	"testing"
)

// testCode is the code of the diagnostics these tests render.
var testCode = Define(CodeInfo{Code: "test-code", Severity: Error, Stage: "test", Topic: "Test", Summary: "a test diagnostic", Help: "Only diag's tests use it."})

func TestRenderCaretAndHint(t *testing.T) {
	src := Sources{"k.f90": []byte("module m\n\tH = region_cpy(H, halo\nend module\n")}
	var l List
	l.Error(testCode, Span{Start: Pos{File: "k.f90", Line: 2, Col: 6}, End: Pos{File: "k.f90", Line: 2, Col: 16}}, "bad %q", "region_cpy").
		WithHint("do this").
		WithNote(Span{Start: Pos{File: "k.f90", Line: 1, Col: 8}}, "module here")
	got := l.String(src)
	want := "k.f90:2:6: error: bad \"region_cpy\" [test-code]\n" +
		"    2 | \tH = region_cpy(H, halo\n" +
		"      | \t    ^~~~~~~~~~\n" +
		"hint: do this\n" +
		"k.f90:1:8: note: module here\n" +
		"    1 | module m\n" +
		"      |        ^\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestRenderOnePerLineAndLimit(t *testing.T) {
	var l List
	for line := 1; line <= 5; line++ {
		for i := 0; i < 2; i++ { // a second error on the same line is not shown
			l.Error(testCode, At(Pos{File: "f", Line: line, Col: 1 + i}), "error %d.%d", line, i)
		}
	}
	l.Warn(testCode, At(Pos{File: "f", Line: 9, Col: 1}), "a warning")
	var b strings.Builder
	Render(&b, l, nil, 3)
	got := b.String()
	for _, want := range []string{"f:1:1: error: error 1.0 [test-code]", "f:3:1: error: error 3.0 [test-code]", "f:9:1: warning: a warning [test-code]", "2 more errors\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	for _, absent := range []string{"error 1.1", "error 4.0"} {
		if strings.Contains(got, absent) {
			t.Errorf("%q should not be shown:\n%s", absent, got)
		}
	}
	if l.Count(Error) != 10 || !l.HasErrors() {
		t.Errorf("Count(Error) = %d", l.Count(Error))
	}
}

func TestRenderHostileSource(t *testing.T) {
	// A position past the end, a line with control bytes and a very long
	// line must render without panicking and without raw control bytes.
	long := strings.Repeat("x", 5000) + "BAD" + strings.Repeat("y", 5000)
	src := Sources{"f": []byte("a\x1b[2Jb\n" + long + "\n")}
	var l List
	l.Error(testCode, At(Pos{File: "f", Line: 1, Col: 2}), "control")
	l.Error(testCode, At(Pos{File: "f", Line: 2, Col: 5001}), "long")
	l.Error(testCode, At(Pos{File: "f", Line: 99, Col: 1}), "past the end")
	l.Error(testCode, Span{}, "no position")
	got := l.String(src)
	if strings.ContainsRune(got, 0x1b) {
		t.Error("escape byte copied to the output")
	}
	if !strings.Contains(got, "BAD") || len(got) > 2000 {
		t.Errorf("long line not windowed around the caret (%d bytes)", len(got))
	}
	if !strings.Contains(got, "forocl: error: no position") {
		t.Errorf("missing positionless error:\n%s", got)
	}
}

func TestRenderMultibyteAndBOM(t *testing.T) {
	src := Sources{"f": []byte("\xef\xbb\xbfx = 1 ! é\n! é é\nb = é + c\n")}
	var l List
	l.Error(testCode, At(Pos{File: "f", Line: 1, Col: 4}), "first")            // after the BOM
	l.Error(testCode, At(Pos{File: "f", Line: 3, Col: 10}), "after two bytes") // "c", after "é"
	got := l.String(src)
	want := "f:1:4: error: first [test-code]\n" +
		"    1 | x = 1 ! é\n" +
		"      | ^\n" +
		"f:3:10: error: after two bytes [test-code]\n" +
		"    3 | b = é + c\n" +
		"      |         ^\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestEveryDiagnosticHasACode: a diagnostic without a defined code cannot
// be added to a list; trying is an internal error.
func TestEveryDiagnosticHasACode(t *testing.T) {
	for _, code := range []Code{"", "no-such-code"} {
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(r.(string), "internal error") {
					t.Errorf("code %q: recovered %v, want an internal error panic", code, r)
				}
			}()
			var l List
			l.Error(code, Span{}, "message")
		}()
	}
	var l List
	l.Warn(testCode, Span{}, "fine")
	if len(l.Items) != 1 || l.Items[0].Code != testCode {
		t.Errorf("items = %+v", l.Items)
	}
}

// TestLookupAndCodes: Define registers an entry that Lookup and Codes see.
func TestLookupAndCodes(t *testing.T) {
	info, ok := Lookup(testCode)
	if !ok || info.Summary != "a test diagnostic" || info.Topic != "Test" {
		t.Errorf("Lookup(%q) = %+v, %v", testCode, info, ok)
	}
	if _, ok := Lookup("no-such-code"); ok {
		t.Error("Lookup found an undefined code")
	}
	found := false
	for _, c := range Codes() {
		found = found || c.Code == InternalError
	}
	if !found {
		t.Errorf("Codes() lacks %q", InternalError)
	}
}

// TestClosest: misspelt and partial codes find their code; nonsense finds
// nothing.
func TestClosest(t *testing.T) {
	Define(CodeInfo{Code: "test-halo-negative", Severity: Error, Stage: "test", Topic: "Test", Summary: "s", Help: "h."})
	for _, tc := range []struct {
		in   string
		want Code
	}{
		{"test-halo-negativ", "test-halo-negative"},
		{"test-hallo-negative", "test-halo-negative"},
		{"halo-negative", "test-halo-negative"},
		{"test-cod", testCode},
	} {
		got := Closest(tc.in, 3)
		if len(got) == 0 || got[0] != tc.want {
			t.Errorf("Closest(%q) = %v, want %q first", tc.in, got, tc.want)
		}
	}
	if got := Closest("zzzzzzzzzzzzzzzzzzzzzzzz", 3); len(got) != 0 {
		t.Errorf("Closest(nonsense) = %v", got)
	}
}

// TestExplain: the entry shows code, severity, stage, summary and the help
// wrapped to 76 columns.
func TestExplain(t *testing.T) {
	c := CodeInfo{Code: "x-y", Severity: Warning, Stage: "sema", Summary: "a summary", Help: strings.Repeat("word ", 40) + "end."}
	got := c.Explain()
	if !strings.HasPrefix(got, "x-y (warning, reported by sema)\n\na summary\n\nword word") || !strings.HasSuffix(got, "end.\n\nExamples: docs/errors.md#x-y\n") {
		t.Errorf("got:\n%s", got)
	}
	for _, l := range strings.Split(got, "\n") {
		if len(l) > 76 {
			t.Errorf("line longer than 76 columns: %q", l)
		}
	}
}
