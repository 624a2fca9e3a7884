package diag

import (
	"strings"
	"testing"
)

func TestRenderCaretAndHint(t *testing.T) {
	src := Sources{"k.f90": []byte("module m\n\tH = region_cpy(H, halo\nend module\n")}
	var l List
	l.Errorf(Span{Start: Pos{File: "k.f90", Line: 2, Col: 6}, End: Pos{File: "k.f90", Line: 2, Col: 16}}, "bad %q", "region_cpy").
		WithHint("do this").
		WithNote(Span{Start: Pos{File: "k.f90", Line: 1, Col: 8}}, "module here")
	got := l.String(src)
	want := "k.f90:2:6: error: bad \"region_cpy\"\n" +
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
			l.Errorf(At(Pos{File: "f", Line: line, Col: 1 + i}), "error %d.%d", line, i)
		}
	}
	l.Warnf(At(Pos{File: "f", Line: 9, Col: 1}), "a warning")
	var b strings.Builder
	Render(&b, l, nil, 3)
	got := b.String()
	for _, want := range []string{"f:1:1: error: error 1.0", "f:3:1: error: error 3.0", "f:9:1: warning: a warning", "2 more errors\n"} {
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
	l.Errorf(At(Pos{File: "f", Line: 1, Col: 2}), "control")
	l.Errorf(At(Pos{File: "f", Line: 2, Col: 5001}), "long")
	l.Errorf(At(Pos{File: "f", Line: 99, Col: 1}), "past the end")
	l.Errorf(Span{}, "no position")
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
	l.Errorf(At(Pos{File: "f", Line: 1, Col: 4}), "first")            // after the BOM
	l.Errorf(At(Pos{File: "f", Line: 3, Col: 10}), "after two bytes") // "c", after "é"
	got := l.String(src)
	want := "f:1:4: error: first\n" +
		"    1 | x = 1 ! é\n" +
		"      | ^\n" +
		"f:3:10: error: after two bytes\n" +
		"    3 | b = é + c\n" +
		"      |         ^\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
