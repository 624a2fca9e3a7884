// Package diag holds forocl's diagnostics as data: a severity, a source span,
// a message, an optional hint and notes that point at a second place.
//
// Every pass (parser, sema, regions, codegen) returns diagnostics in a List;
// none of them prints, exits or panics on user input. Rendering to the
// clang-style text (file:line:col, source line, caret) happens only in Render,
// which the CLI and the golden tests call.
package diag

import (
	"fmt"
	"sort"
)

// Severity says how bad a diagnostic is. Only Error fails a run (Warning does
// under --werror); Note is used for notes attached to another diagnostic.
type Severity int

const (
	Error Severity = iota
	Warning
	Note
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	default:
		return "note"
	}
}

// Pos is a position in a source file. Line and Col are 1-based; Col counts
// bytes (tabs count as one). Offset is the 0-based byte offset. The zero Pos
// means "no position".
type Pos struct {
	File   string
	Offset int
	Line   int
	Col    int
}

// IsValid reports whether p names a real position.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	if !p.IsValid() {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Span is a half-open byte range [Start, End) of one file. End may be the zero
// Pos, in which case the span covers a single character.
type Span struct {
	Start Pos
	End   Pos
}

// At returns a one-character span at p.
func At(p Pos) Span { return Span{Start: p} }

// IsValid reports whether the span has a position.
func (s Span) IsValid() bool { return s.Start.IsValid() }

func (s Span) String() string { return s.Start.String() }

// NoteMsg is a secondary message that points at another place, such as
// "halo set here".
type NoteMsg struct {
	Span Span
	Msg  string
}

// Diagnostic is one message about the user's source.
type Diagnostic struct {
	Severity Severity
	Code     Code // stable identifier from the table of codes (see Define); rendered as " [code]"
	Span     Span
	Msg      string // lowercase, identifiers in double quotes
	Hint     string // what to do, when known; rendered as "hint: ..."
	Notes    []NoteMsg
}

// List is an ordered collection of diagnostics. The zero value is ready to use.
type List struct {
	Items []Diagnostic
}

// Add appends d, whose Code must be in the table of codes (see Define);
// a diagnostic without a defined code is an internal error (a panic), so
// that no pass can emit an undocumented diagnostic.
func (l *List) Add(d Diagnostic) {
	if _, ok := Lookup(d.Code); !ok {
		panic(fmt.Sprintf("internal error: diagnostic %q has no defined code (%q)", d.Msg, d.Code))
	}
	l.Items = append(l.Items, d)
}

// Error appends an error with code at span. code must be in the table of
// codes (see Define); a diagnostic without one is an internal error, so
// that every diagnostic forocl prints is documented in docs/errors.md.
func (l *List) Error(code Code, span Span, format string, args ...any) *Diagnostic {
	l.Add(Diagnostic{Severity: Error, Code: code, Span: span, Msg: fmt.Sprintf(format, args...)})
	return &l.Items[len(l.Items)-1]
}

// Warn appends a warning with code at span; code must be defined, as for
// Error.
func (l *List) Warn(code Code, span Span, format string, args ...any) *Diagnostic {
	l.Add(Diagnostic{Severity: Warning, Code: code, Span: span, Msg: fmt.Sprintf(format, args...)})
	return &l.Items[len(l.Items)-1]
}

// Append adds every diagnostic of other.
func (l *List) Append(other List) { l.Items = append(l.Items, other.Items...) }

// WithHint sets the hint of d and returns d, for chaining after Error.
func (d *Diagnostic) WithHint(format string, args ...any) *Diagnostic {
	d.Hint = fmt.Sprintf(format, args...)
	return d
}

// WithNote appends a note at span and returns d.
func (d *Diagnostic) WithNote(span Span, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, NoteMsg{Span: span, Msg: fmt.Sprintf(format, args...)})
	return d
}

// HasErrors reports whether the list holds an error.
func (l *List) HasErrors() bool { return l.Count(Error) > 0 }

// Count returns how many diagnostics have severity s.
func (l *List) Count(s Severity) int {
	n := 0
	for _, d := range l.Items {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// Sort orders the list by file, line and column, keeping the relative order
// of diagnostics at the same position (stable).
func (l *List) Sort() {
	sort.SliceStable(l.Items, func(i, j int) bool {
		a, b := l.Items[i].Span.Start, l.Items[j].Span.Start
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}
