package parser

import (
	"sort"

	"github.com/forocl/forocl/diag"
)

// Note [source maps]
// ~~~~~~~~~~~~~~~~~~
// The preprocessor (cpp.go) and the fixed-form reader (fixed.go) rewrite a
// file into free-form text, which the scanner then reads as it reads any
// other file. A srcText is such a text together with where each of its
// bytes came from: a sorted list of pieces, each a run of bytes that either
// follows an original line byte by byte (copied text: a caret lands on the
// exact column) or stands for one original place (a macro's expansion
// points at the macro's name; a "&" the fixed-form reader adds points at
// column 6 of the continuation line). Pieces never cross a line of the
// original, so a piece's column arithmetic stays on one line.
//
// The scanner's positions are offsets into the rewritten text; Parse then
// maps every token, directive and lexer diagnostic back (remap). File, Line
// and Col name the original file (an #include'd file reports its own path);
// in tokens and so in ast nodes, Offset stays the offset in the rewritten
// text, so that tokens of one statement keep distinct, increasing offsets
// (the parser finds tokens by offset) even where a macro expanded into
// several of them. Diagnostics get true offsets back from Line and Col
// (FixOffsets): in ParseFile for the parser's, in driver.Front for the
// later passes'.

// piece is one run of a srcText; see Note [source maps].
type piece struct {
	out   int      // offset in the text of the run's first byte
	pos   diag.Pos // where that byte came from
	exact bool     // later bytes follow pos byte by byte; otherwise all map to pos
}

// srcText is a text with the origin of every byte; see Note [source maps].
type srcText struct {
	text   []byte
	pieces []piece
}

// identity returns src as a srcText that maps each byte to itself.
func identity(name string, src []byte) *srcText {
	t := &srcText{text: src}
	line := 1
	for s := 0; s < len(src) || s == 0; {
		t.pieces = append(t.pieces, piece{out: s, pos: diag.Pos{File: name, Offset: s, Line: line, Col: 1}, exact: true})
		e := s
		for e < len(src) && src[e] != '\n' {
			e++
		}
		s = e + 1
		line++
		if e >= len(src) {
			break
		}
	}
	return t
}

// origin returns where the byte at offset o of the text came from.
func (t *srcText) origin(o int) diag.Pos {
	if len(t.pieces) == 0 {
		return diag.Pos{}
	}
	i := sort.Search(len(t.pieces), func(i int) bool { return t.pieces[i].out > o }) - 1
	if i < 0 {
		i = 0
	}
	p := t.pieces[i]
	if !p.exact {
		return p.pos
	}
	d := o - p.out
	q := p.pos
	q.Offset += d
	q.Col += d
	return q
}

// exact reports whether the byte at offset o was copied from a file (and
// not made by a macro expansion or the fixed-form reader).
func (t *srcText) exact(o int) bool {
	i := sort.Search(len(t.pieces), func(i int) bool { return t.pieces[i].out > o }) - 1
	return i < 0 || t.pieces[i].exact
}

// copyFrom appends from.text[a:b] and the origins of its bytes.
func (t *srcText) copyFrom(from *srcText, a, b int) {
	if a >= b {
		return
	}
	i := sort.Search(len(from.pieces), func(i int) bool { return from.pieces[i].out > a }) - 1
	i = max(i, 0)
	for a < b {
		stop := b
		if i+1 < len(from.pieces) && from.pieces[i+1].out < stop {
			stop = from.pieces[i+1].out
		}
		exact := len(from.pieces) == 0 || from.pieces[i].exact
		t.pieces = append(t.pieces, piece{out: len(t.text), pos: from.origin(a), exact: exact})
		t.text = append(t.text, from.text[a:stop]...)
		a = stop
		i++
	}
}

// synth appends s, every byte of which stands for the place at.
func (t *srcText) synth(s string, at diag.Pos) {
	if s == "" {
		return
	}
	t.pieces = append(t.pieces, piece{out: len(t.text), pos: at})
	t.text = append(t.text, s...)
}

// newline appends a line break that maps nowhere in particular.
func (t *srcText) newline(at diag.Pos) { t.synth("\n", at) }

// start maps a start position of the scanner back to the original.
func (t *srcText) start(p diag.Pos) diag.Pos {
	if !p.IsValid() {
		return p
	}
	q := t.origin(min(p.Offset, max(len(t.text)-1, 0)))
	q.Offset = p.Offset
	return q
}

// end maps an end position (one past a byte) back to the original: one
// column after the origin of the byte before it.
func (t *srcText) end(p diag.Pos) diag.Pos {
	if !p.IsValid() || p.Offset == 0 {
		return t.start(p)
	}
	q := t.origin(min(p.Offset-1, max(len(t.text)-1, 0)))
	q.Offset = p.Offset
	q.Col++
	return q
}

func (t *srcText) span(s diag.Span) diag.Span {
	return diag.Span{Start: t.start(s.Start), End: t.end(s.End)}
}

// remap maps the positions of the scanner's statements and diagnostics
// back to the original files; see Note [source maps].
func (t *srcText) remap(stmts []*logicalStmt, diags *diag.List) {
	for _, s := range stmts {
		for i := range s.toks {
			s.toks[i].pos = t.start(s.toks[i].pos)
			s.toks[i].end = t.end(s.toks[i].end)
		}
		if d := s.loop; d != nil {
			d.Pos = t.span(d.Pos)
			for _, c := range d.Clauses {
				c.Pos = t.span(c.Pos)
				for i := range c.Args {
					c.Args[i].Pos = t.span(c.Args[i].Pos)
				}
			}
		}
		if d := s.dir; d != nil {
			d.Pos = t.span(d.Pos)
			for i := range d.Attrs {
				d.Attrs[i].Pos = t.span(d.Attrs[i].Pos)
			}
			for i := range d.Names {
				d.Names[i].Pos = t.span(d.Names[i].Pos)
			}
		}
	}
	for i := range diags.Items {
		d := &diags.Items[i]
		d.Span = t.span(d.Span)
		for j := range d.Notes {
			d.Notes[j].Span = t.span(d.Notes[j].Span)
		}
	}
}

// FixOffsets sets the Offset of each position in l that names a file of
// src from its Line and Col, so that a diagnostic's Offset is a byte offset
// of the file it names (diag.Pos) even where the position came from a
// rewritten text (Note [source maps]). Positions in other files are left
// alone. Parse calls it on its own diagnostics; driver.Front on those of
// every pass.
func FixOffsets(l *diag.List, src diag.Sources) {
	starts := map[string][]int{}
	fix := func(p *diag.Pos) {
		text, ok := src[p.File]
		if !ok || !p.IsValid() {
			return
		}
		ls, ok := starts[p.File]
		if !ok {
			ls = []int{0}
			for i, c := range text {
				if c == '\n' {
					ls = append(ls, i+1)
				}
			}
			starts[p.File] = ls
		}
		if p.Line > len(ls) {
			return
		}
		p.Offset = min(ls[p.Line-1]+p.Col-1, len(text))
	}
	for i := range l.Items {
		d := &l.Items[i]
		fix(&d.Span.Start)
		fix(&d.Span.End)
		for j := range d.Notes {
			fix(&d.Notes[j].Span.Start)
			fix(&d.Notes[j].Span.End)
		}
	}
}
