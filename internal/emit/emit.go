// Package emit is the small indenting line writer that the OpenCL
// emitter (codegen) and the host emitters (hostgen) write their text with.
package emit

import (
	"fmt"
	"strings"
)

// MaxIndent is the deepest indentation a Writer writes: beyond it lines
// are not indented further, so that the size of the output stays linear in
// the size of the input however deeply blocks nest.
const MaxIndent = 32

// Writer writes indented lines.
type Writer struct {
	b      strings.Builder
	Indent int
}

// Line writes one indented line; an empty format writes an empty line.
func (e *Writer) Line(format string, args ...any) {
	if format == "" {
		e.b.WriteByte('\n')
		return
	}
	for i := 0; i < min(e.Indent, MaxIndent); i++ {
		e.b.WriteString("    ")
	}
	fmt.Fprintf(&e.b, format, args...)
	e.b.WriteByte('\n')
}

// Open writes a line ending in "{" and indents.
func (e *Writer) Open(format string, args ...any) {
	e.Line(format+" {", args...)
	e.Indent++
}

// Close dedents and writes "}" followed by suffix.
func (e *Writer) Close(suffix string) {
	e.Indent--
	e.Line("}%s", suffix)
}

func (e *Writer) String() string { return e.b.String() }
