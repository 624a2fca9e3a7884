package parser

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// tokKind is the lexical class of a token. The values double as participle
// token types (see lexDef), so they are negative.
type tokKind int

const (
	tEOF     tokKind = -1
	tIdent   tokKind = -2  // name or keyword; val is lower-case
	tInt     tokKind = -3  // 42, 42_8, 42_ik
	tReal    tokKind = -4  // 1.5, 1., .5, 1e3, 2.0d0, 1.0_dp
	tString  tokKind = -5  // 'text' or "text"; val keeps the quotes
	tLogical tokKind = -6  // .true. / .false. [_kind]; val lower-case
	tDotOp   tokKind = -7  // .and. .eq. ... (any .word.); val lower-case
	tPunct   tokKind = -8  // ( ) (/ /) [ ] , : :: = => %
	tUnary   tokKind = -10 // a "+", "-" or ".not." in prefix position (set by parseKinds only)
	tKwName  tokKind = -11 // a name followed by "=" inside brackets (set by parseKinds only)
	tOp      tokKind = -9  // binary operators: ** * / + - // == /= < <= > >= .eq. ... .and. .or. .eqv. .neqv.
)

// tok is one token with its original position. For a string continued over
// several lines, pos is the opening quote and end lies on a later line.
type tok struct {
	kind tokKind
	val  string // lower-case for names and dot operators
	orig string // as written (continued strings: the pieces joined)
	pos  diag.Pos
	end  diag.Pos // one past the last byte
}

// logicalStmt is one statement after continuation lines are joined and ";"
// separators split. A directive line is a logicalStmt with dir set and no
// tokens.
type logicalStmt struct {
	toks   []tok
	text   string // the statement as written, continuations joined by " "
	lexErr bool   // the lexer already reported an error for it
	dir    *ast.Directive
	loop   *ast.LoopDirective // an !$omp or !$acc line (see loops.go)
	src    []byte             // the whole file
}

func (s *logicalStmt) pos() diag.Pos {
	if len(s.toks) == 0 {
		if s.dir != nil {
			return s.dir.Pos.Start
		}
		return diag.Pos{}
	}
	return s.toks[0].pos
}

func (s *logicalStmt) span() diag.Span {
	if len(s.toks) == 0 {
		return diag.At(s.pos())
	}
	return diag.Span{Start: s.toks[0].pos, End: s.toks[len(s.toks)-1].end}
}

// dotWords are the operators and literals spelled between dots.
var dotWords = map[string]bool{
	"eq": true, "ne": true, "lt": true, "le": true, "gt": true, "ge": true,
	"and": true, "or": true, "not": true, "eqv": true, "neqv": true,
	"true": true, "false": true,
}

// scanner turns a source file into logical statements. See Note [lexing].
//
// Note [lexing]: free-form source is split into physical lines; "!" outside
// strings starts a comment; "&" as the last non-blank, non-comment character
// continues the statement on the next non-blank, non-comment line, whose
// leading "&" (if any) is skipped; ";" ends a statement. Every token keeps
// the position of its own bytes in the original file, so a token on a
// continuation line reports that line. Lines starting with "!$OFP" are
// directives, not comments.
type scanner struct {
	name  string
	src   []byte
	diags *diag.List

	stmts []*logicalStmt
	cur   *logicalStmt
	segs  []string // text segments of cur, one per physical line

	// Position of the current physical line.
	line      int
	lineStart int

	// Continuation state.
	cont    bool     // previous line ended with "&"
	contAmp diag.Pos // where that "&" was
	inStr   byte     // quote char when a string is being continued
	strTok  *tok     // the string token being continued
	strBuf  strings.Builder
	dirCont *dirText // an !$omp/!$acc directive whose line ended with "&"

	// Limits gfortran enforces (codes_warnings.go).
	free      bool            // free form: lines are limited to maxFreeLine
	longLine  int             // the last line warned about
	longNames map[string]bool // names over maxNameLen already reported
}

func (s *scanner) posAt(off int) diag.Pos {
	return diag.Pos{File: s.name, Offset: off, Line: s.line, Col: off - s.lineStart + 1}
}

// errorf reports a lexical error at off, at most one per statement; the
// returned diagnostic may be a discarded one.
func (s *scanner) errorf(code diag.Code, off int, format string, args ...any) *diag.Diagnostic {
	if s.cur != nil {
		if s.cur.lexErr {
			return &diag.Diagnostic{}
		}
		s.cur.lexErr = true
	}
	return s.diags.Error(code, diag.At(s.posAt(off)), format, args...)
}

// utf8BOM is the UTF-8 encoding of U+FEFF, which some editors write at
// the start of a file.
const utf8BOM = "\xef\xbb\xbf"

// scan splits src into statements.
//
// A byte order mark at the very start of the file is skipped like three
// bytes of blank space: positions stay byte-true, so a token right after it
// is at offset 3, column 4 of line 1 (diag.Pos.Col counts bytes). A BOM
// anywhere else is an invalid character, as gfortran has it.
func (s *scanner) scan() []*logicalStmt {
	s.line = 1
	off := 0
	if bytes.HasPrefix(s.src, []byte(utf8BOM)) {
		off = len(utf8BOM)
	}
	s.lineStart = 0
	for off <= len(s.src) {
		end := off
		for end < len(s.src) && s.src[end] != '\n' {
			end++
		}
		le := end
		if le > off && s.src[le-1] == '\r' {
			le--
		}
		s.scanLine(off, le)
		if end >= len(s.src) {
			break
		}
		off = end + 1
		s.lineStart = off
		s.line++
	}
	if s.cont {
		if s.inStr != 0 {
			s.diags.Error(codeUnterminatedString, diag.At(s.strTok.pos), "unterminated string").
				WithHint("close the string with %c", s.inStr)
			s.finishString()
			if s.cur != nil {
				s.cur.lexErr = true
			}
		} else {
			d := s.diags.Error(codeContinuationAtEof, diag.At(s.contAmp), "statement continues past the end of the file")
			d.WithHint(`remove the trailing "&"`)
			if s.cur != nil {
				s.cur.lexErr = true
			}
		}
		s.cont = false
	}
	s.unfinishedDirective()
	s.endStmt()
	return s.stmts
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isAlnum(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' }

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// restBlank reports whether src[i:le] is blank or a comment.
func (s *scanner) restBlank(i, le int) bool {
	for ; i < le; i++ {
		c := s.src[i]
		if c == '!' {
			return true
		}
		if !isSpace(c) {
			return false
		}
	}
	return true
}

func (s *scanner) scanLine(off, le int) {
	i := off
	for i < le && isSpace(s.src[i]) {
		i++
	}
	if i == le {
		return // blank lines never end or continue anything
	}
	if s.src[i] == '!' {
		if !s.cont && le-i >= 5 && strings.EqualFold(string(s.src[i:i+5]), "!$ofp") {
			s.unfinishedDirective()
			s.endStmt()
			s.directive(i, le)
		} else if api := loopSentinel(s.src, i, le); api != "" && s.cont {
			// Between the lines of a continued statement a directive
			// cannot stand; it is not read as a comment in silence.
			s.diags.Error(codeDirectiveInStatement, diag.Span{Start: s.posAt(i), End: s.posAt(le)}, "an !$%s directive cannot stand between the lines of a continued statement", api).
				WithHint("move the directive before the statement, or end the statement before it")
		} else if api != "" {
			s.endStmt()
			s.loopDirective(api, i, le)
		}
		return // comment lines may sit between continued lines
	}
	s.unfinishedDirective()
	if s.cont {
		s.cont = false
		if s.src[i] == '&' {
			i++
		}
		if s.inStr != 0 {
			i = s.continueString(i, le)
		}
	} else {
		s.endStmt()
	}
	s.scanTokens(i, le)
}

func (s *scanner) begin() {
	if s.cur == nil {
		s.cur = &logicalStmt{src: s.src}
	}
}

// endStmt closes the current statement, if it has tokens.
func (s *scanner) endStmt() {
	if s.cur == nil {
		return
	}
	if len(s.cur.toks) > 0 {
		s.cur.text = strings.Join(s.segs, " ")
		s.stmts = append(s.stmts, s.cur)
	}
	s.cur = nil
	s.segs = s.segs[:0]
}

func (s *scanner) addSeg(from, to int) {
	seg := strings.TrimSpace(string(s.src[from:to]))
	if seg != "" {
		s.segs = append(s.segs, seg)
	}
}

func (s *scanner) push(t tok) {
	s.begin()
	s.cur.toks = append(s.cur.toks, t)
}

// scanTokens lexes src[i:le], the rest of a physical line.
func (s *scanner) scanTokens(i, le int) {
	segStart := i
	for i < le {
		c := s.src[i]
		switch {
		case isSpace(c):
			i++
		case c == '!':
			s.codeEnds(i)
			s.begin()
			s.addSeg(segStart, i)
			s.endStmt()
			return
		case c == ';':
			s.begin()
			s.addSeg(segStart, i)
			s.endStmt()
			i++
			segStart = i
		case c == '&':
			if s.restBlank(i+1, le) {
				s.codeEnds(i + 1)
				s.begin()
				s.addSeg(segStart, i)
				s.cont = true
				s.contAmp = s.posAt(i)
				return
			}
			s.begin()
			s.errorf(codeMisplacedAmpersand, i, `unexpected "&" in the middle of a line`).
				WithHint(`a continuation "&" must be the last character of its line`)
			i++
		case c == '\'' || c == '"':
			s.begin()
			i = s.startString(i, le)
			if s.cont {
				s.codeEnds(i)
				s.addSeg(segStart, i)
				return
			}
		case isLetter(c):
			j := i + 1
			for j < le && isAlnum(s.src[j]) {
				j++
			}
			s.push(tok{kind: tIdent, val: strings.ToLower(string(s.src[i:j])), orig: string(s.src[i:j]), pos: s.posAt(i), end: s.posAt(j)})
			if j-i > maxNameLen {
				s.longName(i, j)
			}
			i = j
		case isDigit(c) || c == '.' && i+1 < le && isDigit(s.src[i+1]):
			i = s.number(i, le)
		case c == '.':
			i = s.dotWord(i, le)
		case c < utf8.RuneSelf && c >= ' ' && c != 0x7f:
			i = s.punct(i, le)
		default:
			s.begin()
			r, size := utf8.DecodeRune(s.src[i:le])
			if r == utf8.RuneError && size <= 1 {
				s.errorf(codeInvalidUtf8, i, "invalid byte 0x%02x (the file is not valid UTF-8)", c)
				size = 1
			} else if r < utf8.RuneSelf {
				s.errorf(codeInvalidCharacter, i, "invalid character %U", r)
			} else {
				s.errorf(codeInvalidCharacter, i, "invalid character %q (%U)", string(r), r).
					WithHint("Fortran names and operators are ASCII; non-ASCII text may only appear in strings and comments")
			}
			i += size
		}
	}
	s.codeEnds(le)
	s.begin()
	s.addSeg(segStart, le)
	if !s.cont {
		s.endStmt()
	}
}

// codeEnds notes that the code of the current physical line ends at end
// (a comment or nothing follows): in free form, code past column
// maxFreeLine is a line-too-long warning, once per line.
func (s *scanner) codeEnds(end int) {
	for end > s.lineStart && isSpace(s.src[end-1]) {
		end--
	}
	if !s.free || end-s.lineStart <= maxFreeLine || s.longLine == s.line {
		return
	}
	s.longLine = s.line
	s.diags.Warn(codeLineTooLong, diag.At(s.posAt(s.lineStart+maxFreeLine)), "this line has code up to column %d; free-form Fortran lines end at column %d", end-s.lineStart, maxFreeLine).
		WithHint("gfortran rejects the line (older compilers cut it at column %d, which silently changes the statement); forocl reads all of it. Continue the statement on the next line with \"&\"", maxFreeLine)
}

// longName reports the name src[i:j], longer than maxNameLen, once per
// file.
func (s *scanner) longName(i, j int) {
	name := strings.ToLower(string(s.src[i:j]))
	if s.longNames[name] {
		return
	}
	if s.longNames == nil {
		s.longNames = map[string]bool{}
	}
	s.longNames[name] = true
	s.diags.Warn(codeNameTooLong, diag.Span{Start: s.posAt(i), End: s.posAt(j)}, "name %q has %d characters; Fortran allows at most %d", string(s.src[i:j]), j-i, maxNameLen).
		WithHint("gfortran rejects it (\"Name at (1) is too long\"); shorten it")
}

// startString lexes a string starting at its quote; it returns the offset
// after it. If the string is continued on the next line, s.cont is set.
func (s *scanner) startString(i, le int) int {
	s.inStr = s.src[i]
	s.strTok = &tok{kind: tString, pos: s.posAt(i)}
	s.strBuf.Reset()
	s.strBuf.WriteByte(s.src[i])
	return s.continueString(i+1, le)
}

// continueString lexes string characters from i; the quote is s.inStr.
func (s *scanner) continueString(i, le int) int {
	q := s.inStr
	for i < le {
		c := s.src[i]
		if c == q {
			if i+1 < le && s.src[i+1] == q {
				s.strBuf.WriteByte(q)
				s.strBuf.WriteByte(q)
				i += 2
				continue
			}
			s.strBuf.WriteByte(q)
			s.strTok.end = s.posAt(i + 1)
			s.finishString()
			return i + 1
		}
		if c == '&' && s.restOnlySpace(i+1, le) {
			s.cont = true
			s.contAmp = s.posAt(i)
			return le
		}
		s.strBuf.WriteByte(c)
		i++
	}
	s.begin()
	if !s.cur.lexErr {
		s.cur.lexErr = true
		s.diags.Error(codeUnterminatedString, diag.At(s.strTok.pos), "unterminated string").
			WithHint("close the string with %c on the same line, or end the line with \"&\" to continue it", q)
	}
	s.strTok.end = s.posAt(le)
	s.strBuf.WriteByte(q)
	s.finishString()
	return le
}

func (s *scanner) restOnlySpace(i, le int) bool {
	for ; i < le; i++ {
		if !isSpace(s.src[i]) {
			return false
		}
	}
	return true
}

func (s *scanner) finishString() {
	t := *s.strTok
	if !t.end.IsValid() {
		t.end = t.pos
		t.end.Offset++
		t.end.Col++
	}
	t.orig = s.strBuf.String()
	t.val = t.orig
	s.inStr = 0
	s.strTok = nil
	s.push(t)
}

// isDotWordAt reports whether src[i:] starts with ".word." for a known word,
// and returns the offset after it.
func (s *scanner) isDotWordAt(i, le int) (string, int, bool) {
	if i >= le || s.src[i] != '.' {
		return "", 0, false
	}
	j := i + 1
	for j < le && isLetter(s.src[j]) {
		j++
	}
	if j == i+1 || j >= le || s.src[j] != '.' {
		return "", 0, false
	}
	w := strings.ToLower(string(s.src[i+1 : j]))
	return w, j + 1, dotWords[w]
}

func (s *scanner) number(i, le int) int {
	start := i
	real := false
	for i < le && isDigit(s.src[i]) {
		i++
	}
	if i < le && s.src[i] == '.' {
		if _, _, op := s.isDotWordAt(i, le); !op {
			real = true
			i++
			for i < le && isDigit(s.src[i]) {
				i++
			}
		}
	}
	if i < le {
		switch lower(s.src[i]) {
		case 'e', 'd', 'q':
			j := i + 1
			if j < le && (s.src[j] == '+' || s.src[j] == '-') {
				j++
			}
			if j < le && isDigit(s.src[j]) {
				// "1.eq.2" was handled above; "1e3" and "1.5d0" are exponents.
				real = true
				for j < le && isDigit(s.src[j]) {
					j++
				}
				i = j
			}
		}
	}
	if i+1 < le && s.src[i] == '_' && isAlnum(s.src[i+1]) {
		i++
		for i < le && isAlnum(s.src[i]) {
			i++
		}
	}
	k := tInt
	if real {
		k = tReal
	}
	text := string(s.src[start:i])
	s.push(tok{kind: k, val: strings.ToLower(text), orig: text, pos: s.posAt(start), end: s.posAt(i)})
	return i
}

func (s *scanner) dotWord(i, le int) int {
	j := i + 1
	for j < le && isLetter(s.src[j]) {
		j++
	}
	if j > i+1 && j < le && s.src[j] == '.' {
		w := strings.ToLower(string(s.src[i+1 : j]))
		j++
		if w == "true" || w == "false" {
			if j+1 < le && s.src[j] == '_' && isAlnum(s.src[j+1]) {
				j++
				for j < le && isAlnum(s.src[j]) {
					j++
				}
			}
			text := string(s.src[i:j])
			s.push(tok{kind: tLogical, val: strings.ToLower(text), orig: text, pos: s.posAt(i), end: s.posAt(j)})
			return j
		}
		text := string(s.src[i:j])
		k := tDotOp
		if w != "not" && dotWords[w] {
			k = tOp
		}
		s.push(tok{kind: k, val: "." + w + ".", orig: text, pos: s.posAt(i), end: s.posAt(j)})
		return j
	}
	s.push(tok{kind: tPunct, val: ".", orig: ".", pos: s.posAt(i), end: s.posAt(i + 1)})
	return i + 1
}

// puncts lists multi-character operators first so the longest match wins.
var puncts = []string{
	"**", "//", "/=", "(/", "/)", "::", "=>", "==", "<=", ">=",
	"(", ")", "[", "]", ",", ":", "=", "<", ">", "+", "-", "*", "/", "%",
}

var opPuncts = map[string]bool{
	"**": true, "*": true, "/": true, "+": true, "-": true, "//": true,
	"==": true, "/=": true, "<": true, "<=": true, ">": true, ">=": true,
}

func (s *scanner) punct(i, le int) int {
	for _, p := range puncts {
		if i+len(p) <= le && string(s.src[i:i+len(p)]) == p {
			if p == "(/" && i+2 < le && (s.src[i+2] == '=' || s.src[i+2] == ')') {
				continue // "(/=" is "(" "/="; "(/)" is not a constructor
			}
			k := tPunct
			if opPuncts[p] {
				k = tOp
			}
			s.push(tok{kind: k, val: p, orig: p, pos: s.posAt(i), end: s.posAt(i + len(p))})
			return i + len(p)
		}
	}
	s.begin()
	s.errorf(codeInvalidCharacter, i, "invalid character %q", string(s.src[i]))
	return i + 1
}

// directive parses a "!$OFP attr, attr :: name, name" line at src[i:le].
func (s *scanner) directive(i, le int) {
	d := &ast.Directive{Pos: diag.Span{Start: s.posAt(i), End: s.posAt(le)}}
	j := i + 5
	inNames := false
	bad := func(code diag.Code, off int, msg string) {
		s.diags.Error(code, diag.At(s.posAt(off)), "%s", msg).
			WithHint(`write "!$OFP PURE, KERNEL :: name"`)
	}
	if s.lopeDirective(j, le) {
		return
	}
	expectWord := true
	for j < le {
		c := s.src[j]
		switch {
		case isSpace(c):
			j++
		case c == '!':
			j = le
		case isLetter(c):
			if !expectWord {
				bad(codeDirectiveMalformed, j, `malformed !$OFP directive: expected "," or "::"`)
				return
			}
			k := j
			for k < le && isAlnum(s.src[k]) {
				k++
			}
			id := ast.Ident{Pos: diag.Span{Start: s.posAt(j), End: s.posAt(k)}, Name: strings.ToLower(string(s.src[j:k])), Orig: string(s.src[j:k])}
			if inNames {
				d.Names = append(d.Names, id)
			} else {
				d.Attrs = append(d.Attrs, id)
			}
			expectWord = false
			j = k
		case c == ',' && !expectWord:
			expectWord = true
			j++
		case c == ':' && j+1 < le && s.src[j+1] == ':' && !inNames && !expectWord:
			inNames = true
			expectWord = true
			j += 2
		default:
			bad(codeDirectiveMalformed, j, fmt.Sprintf("malformed !$OFP directive: unexpected %q", printable(s.src, j, le)))
			return
		}
	}
	switch {
	case len(d.Attrs) == 0:
		bad(codeDirectiveMalformed, i, "malformed !$OFP directive: no attributes")
	case !inNames:
		bad(codeDirectiveMalformed, i, `malformed !$OFP directive: missing ":: name"`)
	case len(d.Names) == 0 || expectWord:
		bad(codeDirectiveMalformed, le, "malformed !$OFP directive: expected a procedure name")
	case !s.checkDirectiveWords(d):
		// An unknown word (a misspelt KERNEL) is reported; the directive is dropped.
	default:
		// A malformed directive is reported and otherwise dropped.
		s.stmts = append(s.stmts, &logicalStmt{dir: d})
	}
}

// lopeWord matches a directive of the LOPe dialect: its first word is
// HALO, EXTEND or ALLOCATE, or it declares a HALO(...) among other
// attributes ("!$OFP real, allocatable, HALO(:,:) :: Image(:,:)").
var lopeWord = regexp.MustCompile(`(?i)^\s*(halo|extend|allocate)\b|[\s,]halo\s*\(`)

// lopeDirective reports the !$OFP directive at src[j:le] (after the
// sentinel) when it is one of the LOPe dialect (codeDirectiveLOPe), and
// says whether it was.
func (s *scanner) lopeDirective(j, le int) bool {
	m := lopeWord.FindSubmatchIndex(s.src[j:le])
	if m == nil {
		return false
	}
	at := j + m[0]
	for at < le && (isSpace(s.src[at]) || s.src[at] == ',') {
		at++
	}
	k := at
	for k < le && isAlnum(s.src[k]) {
		k++
	}
	word := strings.ToUpper(string(s.src[at:k]))
	s.diags.Error(codeDirectiveLOPe, diag.Span{Start: s.posAt(at), End: s.posAt(k)},
		"!$OFP %s is a directive of the LOPe dialect: it makes the procedure run once per array element, reaching neighbours beyond the declared bounds, which Fortran does not; forocl does not support it", word).
		WithHint("write the halo into the array's bounds and the per-element work as a loop or array syntax over the interior (or use region_cpy/region_ptr), and remove the directive")
	return true
}

// printable returns the character at src[i] for a message.
func printable(src []byte, i, le int) string {
	r, _ := utf8.DecodeRune(src[i:le])
	return string(r)
}
