package diag

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Sources maps a file name (as it appears in Pos.File) to its contents, so
// Render can show the offending line.
type Sources map[string][]byte

// DefaultLimit is the number of errors rendered before "N more errors".
const DefaultLimit = 20

// Render writes the diagnostics of l in clang style:
//
//	file:line:col: error: message
//	   12 |   H = region_cpy(H, halo
//	      |                        ^
//	hint: ...
//	file:line:col: note: ...
//
// At most one error per source line is shown (the first), and after limit
// errors it writes "N more errors" instead of the rest. limit <= 0 means
// DefaultLimit.
func Render(w io.Writer, l List, src Sources, limit int) {
	if limit <= 0 {
		limit = DefaultLimit
	}
	shown, hidden := 0, 0
	type lineKey struct {
		file string
		line int
	}
	seen := map[lineKey]bool{}
	for _, d := range l.Items {
		if d.Severity == Error {
			k := lineKey{d.Span.Start.File, d.Span.Start.Line}
			if d.Span.IsValid() && seen[k] {
				continue
			}
			seen[k] = true
			if shown >= limit {
				hidden++
				continue
			}
			shown++
		}
		msg := d.Msg
		if d.Code != "" {
			msg += " [" + string(d.Code) + "]"
		}
		renderOne(w, d.Severity, d.Span, msg, src)
		if d.Hint != "" {
			fmt.Fprintf(w, "hint: %s\n", d.Hint)
		}
		for _, n := range d.Notes {
			renderOne(w, Note, n.Span, n.Msg, src)
		}
	}
	if hidden > 0 {
		s := "s"
		if hidden == 1 {
			s = ""
		}
		fmt.Fprintf(w, "%d more error%s\n", hidden, s)
	}
}

// String renders l to a string with the default limit.
func (l List) String(src Sources) string {
	var b bytes.Buffer
	Render(&b, l, src, 0)
	return b.String()
}

func renderOne(w io.Writer, sev Severity, sp Span, msg string, src Sources) {
	if !sp.IsValid() {
		if sp.Start.File != "" {
			fmt.Fprintf(w, "%s: %s: %s\n", sp.Start.File, sev, msg)
		} else {
			fmt.Fprintf(w, "forocl: %s: %s\n", sev, msg)
		}
		return
	}
	fmt.Fprintf(w, "%s: %s: %s\n", sp.Start, sev, msg)
	raw, ok := sourceLine(src[sp.Start.File], sp.Start.Line)
	if !ok {
		return
	}
	// Columns count bytes; the caret line is built per character so that
	// it lines up under multi-byte characters, and a leading byte order
	// mark (invisible) is dropped.
	col := sp.Start.Col - 1
	end := col + 1
	if sp.End.IsValid() && sp.End.Line == sp.Start.Line && sp.End.Col > sp.Start.Col {
		end = sp.End.Col - 1
	}
	if sp.Start.Line == 1 && strings.HasPrefix(raw, "\uFEFF") {
		raw = raw[3:]
		col, end = max(0, col-3), max(1, end-3)
	}
	col = min(max(col, 0), len(raw))
	end = min(max(end, col+1), len(raw))
	// Keep very long lines readable: show a window around the caret.
	if len(raw) > 160 {
		start := max(0, col-60)
		for start > 0 && !utf8.RuneStart(raw[start]) {
			start--
		}
		stop := min(len(raw), start+160)
		for stop < len(raw) && !utf8.RuneStart(raw[stop]) {
			stop++
		}
		raw = raw[start:stop]
		col, end = col-start, min(end-start, len(raw))
	}
	gutter := fmt.Sprintf("%5d | ", sp.Start.Line)
	fmt.Fprintf(w, "%s%s\n", gutter, printable(raw))
	// The caret line copies tabs from the source so that it lines up.
	var pad strings.Builder
	for _, c := range raw[:col] {
		if c == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
	}
	width := max(1, utf8.RuneCountInString(raw[col:max(end, col)]))
	fmt.Fprintf(w, "      | %s^%s\n", pad.String(), strings.Repeat("~", width-1))
}

// printable replaces control and invalid characters so that the terminal
// is never corrupted; one character in, one character out.
func printable(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c == '\t' || c >= ' ' && c != 0x7f && c != utf8.RuneError {
			b.WriteRune(c)
		} else {
			b.WriteByte('?')
		}
	}
	return b.String()
}

// sourceLine returns line n (1-based) of text without its line ending.
func sourceLine(text []byte, n int) (string, bool) {
	if text == nil || n < 1 {
		return "", false
	}
	cur := 1
	start := 0
	for i := 0; i < len(text) && cur < n; i++ {
		if text[i] == '\n' {
			cur++
			start = i + 1
		}
	}
	if cur != n {
		return "", false
	}
	end := bytes.IndexByte(text[start:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += start
	}
	return string(bytes.TrimRight(text[start:end], "\r")), true
}
