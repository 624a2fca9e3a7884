package codegen

import (
	"fmt"
	"strings"
)

// emitter is a small indenting line writer shared by the OpenCL and Go
// emitters.
type emitter struct {
	b      strings.Builder
	indent int
}

// line writes one indented line; an empty format writes an empty line.
func (e *emitter) line(format string, args ...any) {
	if format == "" {
		e.b.WriteByte('\n')
		return
	}
	for i := 0; i < min(e.indent, maxIndent); i++ {
		e.b.WriteString("    ")
	}
	fmt.Fprintf(&e.b, format, args...)
	e.b.WriteByte('\n')
}

// open writes a line ending in "{" and indents.
func (e *emitter) open(format string, args ...any) {
	e.line(format+" {", args...)
	e.indent++
}

// close dedents and writes "}" followed by suffix.
func (e *emitter) close(suffix string) {
	e.indent--
	e.line("}%s", suffix)
}

func (e *emitter) String() string { return e.b.String() }
