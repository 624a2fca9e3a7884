package parser

import (
	"path/filepath"
	"strings"

	"github.com/forocl/forocl/diag"
)

// Form is the source form of a file.
type Form int

const (
	// FormAuto picks the form by extension: .f, .for, .ftn, .f77 (any
	// case) are fixed form, everything else free form.
	FormAuto Form = iota
	FormFree
	FormFixed
)

// fixedExts are the extensions of fixed-form files (compared in lower case).
var fixedExts = map[string]bool{".f": true, ".for": true, ".ftn": true, ".f77": true}

// isFixed reports whether a file name with form f is read as fixed form.
func isFixed(name string, f Form) bool {
	switch f {
	case FormFree:
		return false
	case FormFixed:
		return true
	}
	return fixedExts[strings.ToLower(filepath.Ext(name))]
}

// fixedLineLen is the last column of statement text; later columns are
// ignored, as punched cards had sequence numbers there.
const fixedLineLen = 72

// fixedLine is one line of a fixed-form file, classified.
type fixedLine struct {
	start, end int // the line in the text, without its newline
	comment    bool
	directive  bool   // "!$OFP", "C$OFP" or "*$OFP" in column 1
	loopDir    string // "omp" or "acc": an OpenMP or OpenACC directive line
	indented   string // "omp" or "acc": a comment line whose first non-blank is such a sentinel
	cont       bool   // continues the previous statement
	textAt     int    // offset of the statement text (column 7, or after a tab)
	textEnd    int    // offset after the statement text (column 72 at most)
	contAt     int    // offset of the continuation character
}

// Note [fixed form]
// ~~~~~~~~~~~~~~~~~
// fixedToFree turns fixed-form source into free-form text that the scanner
// reads, keeping every copied byte at its own column (Note [source maps]):
//
//   - a line with "C", "c", "*", "!", "D" or "d" in column 1 is a comment
//     (except "C$OFP", "*$OFP" and "!$OFP", which become "!$OFP"
//     directives); so is a blank line or one whose first non-blank is "!";
//   - "!$OMP", "C$OMP", "*$OMP", "!$ACC", "C$ACC" and "*$ACC" (any case) in
//     columns 1-5 start an OpenMP or OpenACC directive line, as the
//     specifications say: blank or "0" in column 6 starts a directive, any
//     other character there continues the one before (Note [continued
//     directives] in loops.go), and the text is in columns 7-72. Such a
//     line becomes a free-form "!$omp" line, the one before it gets a "&"
//     (before any "!" comment), and the continuation's column 6 becomes a
//     blank, so the lines are read with a blank between them (a word
//     split over two directive lines reads as two words). An indented
//     sentinel is a comment, as gfortran has it, with a warning;
//   - columns 1-5 hold a label and are copied as they are; column 6 holds
//     a continuation character when it is neither blank nor "0"; the
//     statement text is in columns 7-72, and what follows column 72 is
//     dropped;
//   - a tab in columns 1-6 ends the label field (the DEC tab form): a
//     digit 1-9 right after it marks a continuation, anything else starts
//     the statement;
//   - a continued statement gets a "&" at the end of its line (before a
//     "!" comment, or inside an open string, which then continues), and
//     the continuation line's column 6 becomes the "&" that free form
//     skips, so the statement text keeps its columns.
//
// A line with text in columns 1-5 other than a label means the file is
// not fixed form: that one error is reported and the rest of the file is
// not read.
//
// Blanks stay significant, as in free form: "GO TO" and "END DO" read as
// written, but "D O 10 I" would not.
func fixedToFree(in *srcText, diags *diag.List) *srcText {
	src := in.text
	var lines []fixedLine
	for s := 0; s <= len(src); {
		e := s
		for e < len(src) && src[e] != '\n' {
			e++
		}
		le := e
		if le > s && src[le-1] == '\r' {
			le--
		}
		l := classifyFixed(src, s, le)
		if l.indented != "" {
			diags.Warn(codeDirectiveColumn, diag.At(in.origin(l.start+strings.IndexByte(string(src[l.start:le]), '!'))), "this !$%s line does not start in column 1, so fixed form reads it as a comment", l.indented).
				WithHint("move the sentinel to column 1 if it is meant as a directive")
		}
		if !l.comment && !l.directive && l.loopDir == "" && !checkFixed(in, l, diags) {
			// Not fixed form at all: one error says so, rather than one
			// per line and the syntax errors of a misread file.
			return &srcText{}
		}
		lines = append(lines, l)
		if e >= len(src) {
			break
		}
		s = e + 1
	}
	out := &srcText{}
	var quote byte // the open string at the end of the previous statement line
	openDir := ""  // the API of the directive the previous directive line started or continued
	for i, l := range lines {
		switch {
		case l.directive:
			out.synth("!", in.origin(l.start))
			out.copyFrom(in, l.start+1, l.end)
		case l.loopDir != "":
			if l.cont && openDir != l.loopDir {
				diags.Error(codeDirectiveContinuation, diag.At(in.origin(l.contAt)), "this !$%s line continues a directive (column 6 is %q), but no !$%s directive comes before it", l.loopDir, string(src[l.contAt]), l.loopDir).
					WithHint("put a blank in column 6 to start a directive, or put the line after the directive it continues")
			}
			openDir = l.loopDir
			out.synth("!", in.origin(l.start))
			out.copyFrom(in, l.start+1, l.start+5)
			if l.start+5 < l.end {
				out.synth(" ", in.origin(l.start+5))
			}
			stop, _ := commentStart(src, l.textAt, l.textEnd, 0)
			out.copyFrom(in, l.textAt, stop)
			if nextDirCont(lines[i+1:], l.loopDir) {
				out.synth(" &", in.origin(max(stop-1, l.start+4)))
			}
			out.copyFrom(in, stop, l.textEnd)
		case l.comment:
		default:
			openDir = ""
			// Is the statement continued on the next statement line?
			next := false
			for j := i + 1; j < len(lines); j++ {
				if lines[j].comment || lines[j].directive || lines[j].loopDir != "" {
					continue
				}
				next = lines[j].cont
				break
			}
			if l.cont {
				out.copyFrom(in, l.start, l.contAt)
				out.synth("&", in.origin(l.contAt))
				out.copyFrom(in, l.contAt+1, l.textAt)
			} else {
				quote = 0
				out.copyFrom(in, l.start, l.textAt)
			}
			stop, q := commentStart(src, l.textAt, l.textEnd, quote)
			quote = q
			if next {
				out.copyFrom(in, l.textAt, stop)
				at := l.textEnd
				if stop < l.textEnd {
					at = stop
				}
				out.synth("&", in.origin(max(at-1, l.start)))
				out.copyFrom(in, stop, l.textEnd)
			} else {
				out.copyFrom(in, l.textAt, l.textEnd)
			}
		}
		if i+1 < len(lines) {
			out.newline(in.origin(l.end))
		}
	}
	return out
}

// nextDirCont reports whether the next directive line in lines, past
// comment lines, continues a directive of api.
func nextDirCont(lines []fixedLine, api string) bool {
	for _, l := range lines {
		if l.comment {
			continue
		}
		return l.loopDir == api && l.cont
	}
	return false
}

// classifyFixed classifies src[s:e], one line of fixed-form source.
func classifyFixed(src []byte, s, e int) fixedLine {
	l := fixedLine{start: s, end: e, textAt: e, textEnd: e}
	if s == e {
		l.comment = true
		return l
	}
	switch src[s] {
	case 'C', 'c', '*', '!', 'D', 'd':
		if e-s >= 5 && src[s] != 'D' && src[s] != 'd' && strings.EqualFold(string(src[s+1:s+5]), "$ofp") {
			l.directive = true
			return l
		}
		if w := strings.ToLower(string(src[s+1 : min(e, s+5)])); src[s] != 'D' && src[s] != 'd' && (w == "$omp" || w == "$acc") {
			l.loopDir = w[1:]
			if e-s > 5 && src[s+5] != ' ' && src[s+5] != '\t' && src[s+5] != '0' {
				l.cont = true
				l.contAt = s + 5
			}
			l.textAt = min(e, s+6)
			l.textEnd = min(e, s+fixedLineLen)
			return l
		}
		l.comment = true
		return l
	}
	blank := true
	for i := s; i < e; i++ {
		if src[i] == '!' && blank {
			// A line whose first non-blank is "!" is a comment, unless
			// the "!" is a continuation mark in column 6.
			if i-s != 5 {
				l.comment = true
				l.indented = loopSentinel(src, i, e)
				return l
			}
		}
		if !isSpace(src[i]) {
			blank = false
			break
		}
	}
	if blank {
		l.comment = true
		return l
	}
	// The DEC tab form: a tab in columns 1-6 ends the label field.
	for i := s; i < e && i < s+6; i++ {
		if src[i] == '\t' {
			l.textAt = i + 1
			if i+1 < e && src[i+1] >= '1' && src[i+1] <= '9' {
				l.cont = true
				l.contAt = i + 1
				l.textAt = i + 2
			}
			l.textEnd = min(e, l.textAt+fixedLineLen-6)
			return l
		}
		if !isSpace(src[i]) && !isDigit(src[i]) && i-s < 5 {
			break
		}
	}
	if e-s > 5 && src[s+5] != ' ' && src[s+5] != '0' {
		l.cont = true
		l.contAt = s + 5
	}
	l.textAt = min(e, s+6)
	l.textEnd = min(e, s+fixedLineLen)
	return l
}

// commentStart returns where a "!" comment starts in src[i:e] (e if there
// is none) and the string left open at e, given the quote open at i.
func commentStart(src []byte, i, e int, quote byte) (int, byte) {
	for ; i < e; i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '!':
			return i, 0
		}
	}
	return e, quote
}

// checkFixed reports a label field that holds no label and a statement
// cut at column 72 (see codeFixedFormTruncated): a token that goes on from
// column 72 into 73, or text past column 72 that a macro put there. It
// returns false when the line has no label field to read.
func checkFixed(in *srcText, l fixedLine, diags *diag.List) bool {
	src := in.text
	label := min(l.start+5, l.textAt, l.end)
	if l.cont {
		label = min(label, l.contAt)
	}
	for i := l.start; i < label; i++ {
		if c := src[i]; !isSpace(c) && !isDigit(c) {
			diags.Error(codeFixedFormLabel, diag.At(in.origin(i)), "columns 1-5 of a fixed-form line hold a statement label, not %q", string(src[l.start:min(l.start+5, l.end)])).
				WithHint("start statements in column 7; if the file is free form, name it .f90 or pass -ffree-form")
			return false
		}
	}
	if l.textEnd >= l.end || l.textEnd == 0 {
		return true
	}
	cut := !isSpace(src[l.textEnd-1]) && !isSpace(src[l.textEnd])
	for i := l.textEnd; i < l.end && !cut; i++ {
		if !isSpace(src[i]) && !in.exact(i) {
			cut = true
		}
	}
	if cut {
		diags.Warn(codeFixedFormTruncated, diag.At(in.origin(l.textEnd)), "fixed form ignores the text after column 72, and this statement runs past it").
			WithHint("continue the statement on the next line with a character in column 6")
	}
	return true
}
