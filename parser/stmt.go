package parser

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// maxDepth is the deepest bracket nesting a statement may have.
const maxDepth = 200

// skind is what a statement is, as far as the block builder cares.
type skind int

const (
	sExec         skind = iota // an executable statement: exec holds it
	sWhere                     // "where (mask)" opening a construct
	sElseWhere                 // "elsewhere [(mask)]"
	sEndWhere                  // "end where"
	sIf                        // "if (c) then"
	sElseIf                    // "else if (c) then"
	sElse                      // "else"
	sEndIf                     // "end if"
	sModule                    // "module name"
	sProgram                   // "program name"
	sHeader                    // subroutine or function statement: header holds it
	sEnd                       // "end [subroutine|function|module|program [name]]"
	sContains                  // "contains"
	sUse                       // use holds it
	sImplicitNone              // "implicit none"
	sSpec                      // a declaration (decl), attribute statement (attrs), or other spec statement (other; implicit, private, ...)
	sInterface                 // "interface" / "abstract interface": skipped up to "end interface"
	sEndInterface              // "end interface"
	sTypeDef                   // "type name": skipped up to "end type"
	sEndType                   // "end type"
	sDirective                 // a !$OFP line
	sDo                        // a do statement opening a DO construct: do holds it
	sEndDo                     // "end do"
	sForall                    // "forall (...)" opening a construct: forall holds it
	sEndForall                 // "end forall"
)

// cstmt is a classified statement.
type cstmt struct {
	kind skind
	ls   *logicalStmt
	sp   diag.Span // the whole statement
	kw   string    // the leading keyword(s), lower-case, e.g. "end where"
	err  *perr     // syntax error, not yet reported

	exec     ast.Stmt        // sExec
	do       *ast.DoStmt     // sDo
	forall   *ast.ForallStmt // sForall
	sel      *selectParts    // a select case or case statement (select.go)
	cond     ast.Expr        // where/elsewhere/if/else if
	name     *ast.Ident      // module/program name, or the name after an end, else or elsewhere statement
	cname    string          // the construct name of "name: where (...)" and the like, lower-case
	endKind  string          // sEnd: "", "subroutine", "function", "module", "program"
	header   *ast.Subprogram
	use      *ast.Use
	decl     *ast.Decl
	attrs    []*ast.AttrStmt
	params   []*ast.ParamStmt // a PARAMETER statement's named constants
	other    *ast.OtherStmt   // sSpec statements kept verbatim (implicit, parameter, private, ...)
	implicit bool             // other is an IMPLICIT statement
	label    string           // the statement's label, without leading zeros ("" when none)
	doLabel  string           // sDo: the label of the statement that ends a labelled DO ("do 10 i = 1, n")
	doLabelT tok              // sDo: that label's token
	extends  string           // sTypeDef: the parent type of extends(parent), lower-case
	enumToks []tok            // an enumerator statement's tokens (Note [enumerators])
}

// article returns "a" or "an" for the keyword w, by its first sound: "an
// if", "an intent", "an end if", but "a use", "a where".
func article(w string) string {
	switch {
	case w == "":
		return "a"
	case strings.HasPrefix(w, "us") || strings.HasPrefix(w, "uni"):
		return "a"
	case strings.IndexByte("aeiou", w[0]) >= 0:
		return "an"
	}
	return "a"
}

func tokSpan(t tok) diag.Span { return diag.Span{Start: t.pos, End: t.end} }

func rangeSpan(ts []tok) diag.Span {
	if len(ts) == 0 {
		return diag.Span{}
	}
	return diag.Span{Start: ts[0].pos, End: ts[len(ts)-1].end}
}

// other makes an OtherStmt for ts (all or the tail of ls) with keyword kw.
func (ls *logicalStmt) other(ts []tok, kw string) *ast.OtherStmt {
	if len(ts) > 0 && len(ls.toks) > 0 && ts[0].pos.Offset != ls.toks[0].pos.Offset && ts[len(ts)-1].pos.Offset == ls.toks[len(ls.toks)-1].pos.Offset {
		// The statement after "if (c)" or "where (m)", or after a label.
		if ls.toks[0].kind == tInt || isPunct(ls.toks, 1, ":") {
			return &ast.OtherStmt{Pos: rangeSpan(ls.toks), Keyword: kw, Text: ls.text}
		}
		return &ast.OtherStmt{Pos: rangeSpan(ts), Keyword: kw, Text: ls.textOf(ts)}
	}
	return &ast.OtherStmt{Pos: rangeSpan(ts), Keyword: kw, Text: ls.text}
}

// textOf returns the source text of the tail ts of the statement.
func (ls *logicalStmt) textOf(ts []tok) string {
	a, z := ts[0], ts[len(ts)-1]
	if a.pos.Line == z.end.Line && ls.src != nil && z.end.Offset <= len(ls.src) {
		return string(ls.src[a.pos.Offset:z.end.Offset])
	}
	var parts []string
	for _, t := range ts {
		parts = append(parts, t.orig)
	}
	return strings.Join(parts, " ")
}

func isIdent(ts []tok, i int, v string) bool {
	return i < len(ts) && ts[i].kind == tIdent && (v == "" || ts[i].val == v)
}

func isPunct(ts []tok, i int, v string) bool {
	return i < len(ts) && (ts[i].kind == tPunct || ts[i].kind == tOp) && ts[i].val == v
}

// endSuffixes are the construct words that may follow "end", or be glued
// to it ("endif").
var endSuffixes = []string{
	"subroutine", "function", "module", "program", "where", "if", "do",
	"select", "interface", "type", "block", "associate", "forall",
	"submodule", "procedure", "critical", "enum", "team",
}

// execKeywords are statements kept as OtherStmt in an executable part.
var execKeywords = map[string]string{
	"do": "do", "print": "print", "write": "write", "read": "read",
	"open": "open", "close": "close", "stop": "stop", "allocate": "allocate",
	"deallocate": "deallocate", "nullify": "nullify", "select": "select",
	"selectcase": "select case", "selecttype": "select type", "case": "case",
	"cycle": "cycle", "exit": "exit", "goto": "go to", "continue": "continue",
	"block": "block", "associate": "associate",
	"inquire": "inquire", "format": "format", "backspace": "backspace",
	"rewind": "rewind", "flush": "flush", "endfile": "endfile", "wait": "wait",
	"pause": "pause", "sync": "sync", "lock": "lock", "unlock": "unlock",
	"critical": "critical", "entry": "entry", "include": "include",
	"class": "class", "errorstop": "error stop", "fail": "fail image",
	"assign": "assign", "event": "event", "form": "form team",
	"change": "change team", "rank": "rank",
}

// specKeywords are specification statements kept as OtherStmt in Scope.Other.
var specKeywords = map[string]bool{
	"data": true, "common": true, "equivalence": true, "namelist": true,
	"import": true, "generic": true, "sequence": true, "enum": true,
	"enumerator": true, "final": true, "procedure": true,
}

// attrKeywords start attribute statements.
var attrKeywords = map[string]bool{
	"intent": true, "dimension": true, "contiguous": true, "target": true,
	"pointer": true, "allocatable": true, "value": true, "save": true,
	"optional": true, "external": true, "intrinsic": true, "volatile": true,
	"asynchronous": true, "protected": true, "bind": true, "public": true,
	"private": true, "codimension": true,
}

var typeWords = map[string]bool{
	"real": true, "integer": true, "logical": true, "complex": true,
	"character": true, "doubleprecision": true, "double": true, "type": true,
	"class": true,
}

var prefixWords = map[string]bool{
	"pure": true, "elemental": true, "impure": true, "recursive": true,
	"module": true, "non_recursive": true,
}

// isHeader reports whether ts is a subroutine or function statement:
// prefixes and type specs, then "subroutine"/"function" and a name.
func isHeader(ts []tok) bool {
	i := 0
	for i < len(ts) && ts[i].kind == tIdent {
		w := ts[i].val
		if (w == "subroutine" || w == "function") && isIdent(ts, i+1, "") {
			return true
		}
		if !prefixWords[w] && !typeWords[w] && w != "precision" {
			return false
		}
		i++
		if typeWords[w] {
			if isPunct(ts, i, "*") {
				i++
				if isPunct(ts, i, "(") {
					if j := matchBracket(ts, i); j > 0 {
						i = j + 1
					}
				} else {
					i++
				}
			} else if isPunct(ts, i, "(") {
				j := matchBracket(ts, i)
				if j < 0 {
					return false
				}
				i = j + 1
			}
		}
	}
	return false
}

// isAssignment reports whether ts has the shape "name [(...)] =|=> ...",
// the name possibly followed by component selectors "% part [(...)]": a
// variable may be named as a keyword (target % data = v assigns a
// component of a variable target; forocl refuses the component later,
// and only in code it translates).
func isAssignment(ts []tok) bool {
	if !isIdent(ts, 0, "") {
		return false
	}
	i := 1
	for {
		if isPunct(ts, i, "(") {
			j := matchBracket(ts, i)
			if j < 0 {
				return false
			}
			i = j + 1
		}
		if !isPunct(ts, i, "%") || !isIdent(ts, i+1, "") {
			break
		}
		i += 2
	}
	return isPunct(ts, i, "=") || isPunct(ts, i, "=>")
}

// hasTopLevelAssign reports whether ts holds "=" or "=>" outside brackets;
// a statement that does and is not otherwise recognised is a broken
// assignment.
func hasTopLevelAssign(ts []tok) bool {
	depth := 0
	for _, t := range ts {
		depth += bracketOf(t)
		if depth <= 0 && t.kind == tPunct && (t.val == "=" || t.val == "=>") {
			return true
		}
	}
	return false
}

// classify turns one logical statement into a cstmt. It never reports
// diagnostics itself: syntax errors go into err for the builder to route.
func classify(ls *logicalStmt) *cstmt {
	if ls.dir != nil {
		return &cstmt{kind: sDirective, ls: ls, sp: ls.dir.Pos}
	}
	if ls.loop != nil {
		return &cstmt{kind: sExec, kw: "!$" + ls.loop.API, ls: ls, sp: ls.loop.Pos, exec: ls.loop}
	}
	ts := ls.toks
	c := &cstmt{ls: ls, sp: rangeSpan(ls.toks)}
	// A statement label "10 continue".
	if len(ts) > 1 && ts[0].kind == tInt {
		c.label = labelValue(ts[0].val)
		ts = ts[1:]
	}
	// A construct name "outer: do i = 1, n".
	if len(ts) > 2 && ts[0].kind == tIdent && isPunct(ts, 1, ":") && ts[2].kind == tIdent {
		c.cname = ts[0].val
		ts = ts[2:]
	}
	c.classify(ts)
	return c
}

// labelValue is a statement label without its leading zeros: "010" and
// "10" are one label.
func labelValue(v string) string {
	v = strings.TrimLeft(v, "0")
	if v == "" {
		return "0"
	}
	return v
}

func (c *cstmt) fail(e *perr) {
	if c.err == nil {
		c.err = e
	}
}

// execErr makes c an executable statement that did not parse.
func (c *cstmt) execErr(ts []tok, kw string, e *perr) {
	c.kind = sExec
	c.fail(e)
	o := c.ls.other(ts, kw)
	o.Err, o.ErrCode = e.msg, e.code
	if e.span.IsValid() {
		o.Pos = e.span
	}
	c.exec = o
}

// classify classifies the statement ts (without label or construct name):
// an assignment by its shape, then the handler for its leading keyword in
// stmtKeywords, then the word classes (headers, declarations, attribute,
// specification and executable keywords). See Note [statement keywords].
func (c *cstmt) classify(ts []tok) {
	if len(ts) == 0 {
		c.execErr(c.ls.toks, "", &perr{code: codeSyntaxUnrecognisedStatement, span: c.sp, msg: "unrecognised statement"})
		return
	}
	if isAssignment(ts) {
		c.assignment(ts)
		return
	}
	if ts[0].kind != tIdent {
		c.execErr(ts, "", &perr{code: codeSyntaxUnrecognisedStatement, span: tokSpan(ts[0]), msg: "unrecognised statement"})
		return
	}
	w := ts[0].val
	// Glued forms: endif, enddo, endsubroutine...
	if s, ok := gluedEnd(w); ok {
		c.end(ts, s, 1)
		return
	}
	if h := stmtKeywords[w]; h != nil && h(c, ts) {
		return
	}
	c.byWordClass(ts, w)
}

// Note [statement keywords]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// A statement is classified by its leading keyword: stmtKeywords maps the
// keyword to a handler that fills in the cstmt. A handler returns false
// when the statement is not what its first word suggests ("module" before
// a function header, "type(t) :: x", "parameter" as a variable name), and
// classification goes on to the word classes of byWordClass, then to the
// broken-assignment and unrecognised-statement fallbacks. Keywords that
// are kept verbatim (most executable and specification statements) need
// no handler: the word-class tables execKeywords and specKeywords say what
// they are. A new statement is a row here or in one of those tables.
//
// The table is filled in init because handlers classify nested statements
// (the statement after "if (c)") through classify, which reads the table.

// stmtHandler classifies ts (ts[0] is its keyword) into c and reports
// whether it did; see Note [statement keywords].
type stmtHandler func(c *cstmt, ts []tok) bool

// stmtKeywords is the statement classification table.
var stmtKeywords map[string]stmtHandler

func init() {
	stmtKeywords = map[string]stmtHandler{
		"end":       (*cstmt).endStmt,
		"else":      always((*cstmt).elseStmt),
		"elseif":    always(func(c *cstmt, ts []tok) { c.ifStmt(ts, "else if", sElseIf) }),
		"elsewhere": always((*cstmt).elseWhere),
		"if":        always(func(c *cstmt, ts []tok) { c.ifStmt(ts, "if", sIf) }),
		"where":     always((*cstmt).where),
		"do":        always((*cstmt).doStmt),
		"forall":    always((*cstmt).forallStmt),
		"call":      always((*cstmt).call),
		"return":    always((*cstmt).returnStmt),
		"write":     (*cstmt).writeStmt,
		"print":     (*cstmt).printStmt,
		"contains":  always((*cstmt).contains),
		"use":       always((*cstmt).useStmt),
		"implicit":  always((*cstmt).implicitStmt),
		"module":    (*cstmt).moduleStmt,
		"program": always(func(c *cstmt, ts []tok) {
			c.kind, c.kw = sProgram, "program"
			c.unitName(ts, "program")
		}),
		"interface": always(func(c *cstmt, ts []tok) { c.kind, c.kw = sInterface, "interface" }),
		"abstract": func(c *cstmt, ts []tok) bool {
			if !isIdent(ts, 1, "interface") {
				return false
			}
			c.kind, c.kw = sInterface, "interface"
			return true
		},
		"parameter": func(c *cstmt, ts []tok) bool {
			return isPunct(ts, 1, "(") && (c.paramStmt(ts) || c.verbatim(ts, sSpec, "parameter"))
		},
		"type":  (*cstmt).typeStmt,
		"go":    twoWords("to", sExec, "go to"),
		"error": twoWords("stop", sExec, "error stop"),
		"block": twoWords("data", sSpec, "block data"),
	}
}

// always makes a handler that always classifies.
func always(f func(c *cstmt, ts []tok)) stmtHandler {
	return func(c *cstmt, ts []tok) bool { f(c, ts); return true }
}

// twoWords makes a handler for a statement spelled by two words ("go to",
// "error stop") and kept verbatim as kind with keyword kw.
func twoWords(second string, kind skind, kw string) stmtHandler {
	return func(c *cstmt, ts []tok) bool {
		return isIdent(ts, 1, second) && c.verbatim(ts, kind, kw)
	}
}

// verbatim classifies ts as a statement of kind sExec or sSpec kept as an
// OtherStmt with keyword kw. It returns true, for handlers.
func (c *cstmt) verbatim(ts []tok, kind skind, kw string) bool {
	c.kind, c.kw = kind, kw
	if kw == "enumerator" {
		c.enumToks = ts
	}
	o := c.ls.other(ts, kw)
	if kind == sExec {
		c.exec = o
	} else {
		c.other = o
	}
	return true
}

// gluedEnd reports whether w is "end" glued to a construct word ("endif"),
// and returns that word.
func gluedEnd(w string) (string, bool) {
	if !strings.HasPrefix(w, "end") || len(w) <= 3 {
		return "", false
	}
	for _, s := range endSuffixes {
		if w[3:] == s {
			return s, true
		}
	}
	return "", false
}

// endStmt classifies "end", "end what [name]" and "end" followed by a word
// that is no construct (an error).
func (c *cstmt) endStmt(ts []tok) bool {
	if len(ts) == 1 {
		c.end(ts, "", 1)
		return true
	}
	if ts[1].kind == tIdent {
		for _, s := range endSuffixes {
			if ts[1].val == s {
				c.end(ts, s, 2)
				return true
			}
		}
	}
	c.fail(&perr{code: codeSyntaxTrailingText, span: tokSpan(ts[1]), msg: fmt.Sprintf("unexpected %q after \"end\"", ts[1].orig)})
	c.kind = sEnd
	return true
}

// elseStmt classifies "else [name]", "else if (c) then" and "else where".
func (c *cstmt) elseStmt(ts []tok) {
	switch {
	case len(ts) == 1 || len(ts) == 2 && ts[1].kind == tIdent && ts[1].val != "if" && ts[1].val != "where":
		c.kind, c.kw = sElse, "else"
		if len(ts) == 2 {
			c.name = identOf(ts[1]) // a construct name, checked by the builder
		}
	case isIdent(ts, 1, "if"):
		c.ifStmt(ts[1:], "else if", sElseIf)
	case isIdent(ts, 1, "where"):
		c.elseWhere(ts[1:])
	default:
		c.kind, c.kw = sElse, "else"
		c.fail(&perr{code: codeSyntaxTrailingText, span: tokSpan(ts[1]), msg: fmt.Sprintf("unexpected %q after \"else\"", ts[1].orig),
			hint: `write "else if (condition) then" or "else" alone`})
	}
}

// returnStmt classifies "return", or "return 1" (an alternate return, kept
// verbatim).
func (c *cstmt) returnStmt(ts []tok) {
	c.kind, c.kw = sExec, "return"
	c.exec = &ast.ReturnStmt{Pos: rangeSpan(ts)}
	if len(ts) > 1 {
		c.exec = c.ls.other(ts, "return") // alternate return "return 1"
	}
}

// contains classifies "contains", which takes nothing after it.
func (c *cstmt) contains(ts []tok) {
	c.kind, c.kw = sContains, "contains"
	if len(ts) > 1 {
		c.fail(&perr{code: codeSyntaxTrailingText, span: tokSpan(ts[1]), msg: `unexpected text after "contains"`})
	}
}

// useStmt parses a use statement.
func (c *cstmt) useStmt(ts []tok) {
	c.kind, c.kw = sUse, "use"
	if pe := useShape(ts); pe != nil {
		c.fail(pe)
		return
	}
	g, pe := runParse(useParser, ts)
	if pe != nil {
		c.fail(pe)
		return
	}
	l := &lowerer{ts: ts}
	c.use = l.use(g)
	if l.err != nil {
		c.fail(l.err)
	}
}

// implicitStmt classifies "implicit none", or keeps another IMPLICIT
// statement verbatim.
func (c *cstmt) implicitStmt(ts []tok) {
	if len(ts) == 2 && isIdent(ts, 1, "none") {
		c.kind, c.kw = sImplicitNone, "implicit none"
		return
	}
	c.verbatim(ts, sSpec, "implicit")
	c.implicit = true
}

// moduleStmt classifies "module procedure" and "module name"; "module" as
// a prefix of a subprogram header is left to byWordClass.
func (c *cstmt) moduleStmt(ts []tok) bool {
	if len(ts) >= 2 && isIdent(ts, 1, "procedure") {
		return c.verbatim(ts, sSpec, "module procedure")
	}
	if isHeader(ts) {
		return false
	}
	c.kind, c.kw = sModule, "module"
	c.unitName(ts, "module")
	return true
}

// typeStmt classifies "type is (...)" and a derived-type definition
// "type name"; "type(t) :: x" is a declaration, left to byWordClass.
func (c *cstmt) typeStmt(ts []tok) bool {
	if isPunct(ts, 1, "(") {
		return false
	}
	if isIdent(ts, 1, "is") && isPunct(ts, 2, "(") {
		return c.verbatim(ts, sExec, "type is")
	}
	c.kind, c.kw = sTypeDef, "type"
	c.typeHeader(ts)
	return true
}

// byWordClass classifies a statement whose keyword w has no handler (or
// whose handler declined) by the class of w: a subprogram header, a
// declaration, an attribute statement, a verbatim specification or
// executable statement; else a broken assignment or an unrecognised
// statement.
func (c *cstmt) byWordClass(ts []tok, w string) {
	switch {
	case isHeader(ts):
		c.headerStmt(ts)
	case typeWords[w] && w != "class" || w == "class" && isPunct(ts, 1, "("):
		c.declaration(ts)
	case attrKeywords[w]:
		c.attrStmt(ts)
	case specKeywords[w]:
		c.verbatim(ts, sSpec, w)
	case execKeywords[w] != "":
		c.execKeyword(ts, w)
	case isPunct(ts, 1, "(") || hasTopLevelAssign(ts):
		c.assignment(ts) // looks like a broken assignment: say why
	default:
		c.execErr(ts, "", &perr{code: codeSyntaxUnrecognisedStatement, span: tokSpan(ts[0]), msg: "unrecognised statement"})
	}
}

// headerStmt parses a subroutine or function statement.
func (c *cstmt) headerStmt(ts []tok) {
	c.kind, c.kw = sHeader, "subroutine"
	g, pe := runParse(headerParser, ts)
	if pe != nil {
		c.fail(pe)
		c.header = c.fallbackHeader(ts)
		return
	}
	l := &lowerer{ts: ts}
	c.header = l.header(g)
	if c.header.Kind == ast.Function {
		c.kw = "function"
	}
	if l.err != nil {
		c.fail(l.err)
	}
}

// execKeyword keeps an executable statement of execKeywords verbatim, and
// parses the parts of select case and case statements.
func (c *cstmt) execKeyword(ts []tok, w string) {
	kw := execKeywords[w]
	c.kind, c.kw = sExec, kw
	if w == "select" && isIdent(ts, 1, "case") {
		kw = "select case"
	} else if w == "select" && isIdent(ts, 1, "type") {
		kw = "select type"
	}
	o := c.ls.other(ts, kw)
	c.exec = o
	c.selectParts(ts, kw)
	if kw == "associate" {
		o.Assoc = associations(ts)
	}
}

// associations parses "associate (name => selector, ...)": the
// associations, or nil when the list is not of that form (sema then
// refuses the statement as it stands).
func associations(ts []tok) []ast.Association {
	if !isPunct(ts, 1, "(") || matchBracket(ts, 1) != len(ts)-1 {
		return nil
	}
	var out []ast.Association
	for _, part := range splitTop(ts[2:len(ts)-1], ",") {
		if len(part) < 3 || part[0].kind != tIdent || !isPunct(part, 1, "=>") {
			return nil
		}
		x, pe := parseExpr(part[2:])
		if pe != nil {
			return nil
		}
		out = append(out, ast.Association{Name: ast.Ident{Pos: tokSpan(part[0]), Name: part[0].val, Orig: part[0].orig}, Selector: x})
	}
	return out
}

// fallbackHeader recovers the name and kind of a subprogram whose statement
// did not parse, so the block structure survives.
func (c *cstmt) fallbackHeader(ts []tok) *ast.Subprogram {
	s := &ast.Subprogram{Pos: rangeSpan(ts)}
	for i, t := range ts {
		if t.kind == tIdent && (t.val == "subroutine" || t.val == "function") && isIdent(ts, i+1, "") {
			if t.val == "function" {
				s.Kind = ast.Function
				c.kw = "function"
			}
			n := ts[i+1]
			s.Name = ast.Ident{Pos: tokSpan(n), Name: n.val, Orig: n.orig}
			break
		}
	}
	return s
}

// useShape explains the two use statements that read as something else:
// "use m, only" without its colon, and "use m, x" (without "only", the
// list after the module name renames, so each item needs "=>"). Other
// errors are left to the grammar.
func useShape(ts []tok) *perr {
	i := 1 // the module name
	switch {
	case isPunct(ts, 1, "::"):
		i = 2
	case isPunct(ts, 1, ","):
		i = 4 // "use, intrinsic :: m"
	}
	if !isIdent(ts, i, "") || !isPunct(ts, i+1, ",") {
		return nil
	}
	m := ts[i].orig
	i += 2
	if isIdent(ts, i, "only") && isPunct(ts, i+1, ":") {
		return nil
	}
	if isIdent(ts, i, "only") && !isPunct(ts, i+1, "=>") {
		return &perr{code: codeUseOnlyColon, span: nextSpan(ts, i), msg: `expected ":" after "only"`,
			hint: fmt.Sprintf(`write "use %s, only: name, ..."`, m)}
	}
	for ; isIdent(ts, i, ""); i += 4 {
		if isPunct(ts, i+1, "=>") {
			if !isPunct(ts, i+3, ",") {
				return nil
			}
			continue
		}
		return &perr{code: codeUseRenameArrow, span: nextSpan(ts, i), msg: fmt.Sprintf("expected \"=>\" after %q", ts[i].orig),
			hint: fmt.Sprintf(`without "only", the list after the module name renames ("use %s, local => remote"); to import %q alone write "use %s, only: %s"`, m, ts[i].orig, m, ts[i].orig)}
	}
	return nil
}

// nextSpan is the span of the token after ts[i], or the end of ts[i] when
// it is the last.
func nextSpan(ts []tok, i int) diag.Span {
	if i+1 < len(ts) {
		return tokSpan(ts[i+1])
	}
	return diag.At(ts[i].end)
}

func (c *cstmt) unitName(ts []tok, what string) {
	switch {
	case len(ts) < 2:
		c.fail(&perr{code: codeSyntaxExpectedUnitName, span: diag.At(ts[0].end), msg: fmt.Sprintf("expected a %s name", what)})
	case ts[1].kind != tIdent:
		c.fail(&perr{code: codeSyntaxExpectedUnitName, span: tokSpan(ts[1]), msg: fmt.Sprintf("expected a %s name, found %q", what, ts[1].orig)})
	default:
		c.name = &ast.Ident{Pos: tokSpan(ts[1]), Name: ts[1].val, Orig: ts[1].orig}
		if len(ts) > 2 {
			c.fail(&perr{code: codeSyntaxTrailingText, span: tokSpan(ts[2]), msg: fmt.Sprintf("unexpected %q after the %s name", ts[2].orig, what)})
		}
	}
}

// end classifies "end [what [name]]"; n is the number of keyword tokens.
func (c *cstmt) end(ts []tok, what string, n int) {
	c.kw = strings.TrimSpace("end " + what)
	switch what {
	case "", "subroutine", "function", "module", "program", "submodule", "procedure":
		c.kind, c.endKind = sEnd, what
	case "where":
		c.kind = sEndWhere
	case "if":
		c.kind = sEndIf
	case "do":
		c.kind = sEndDo
	case "forall":
		c.kind = sEndForall
	case "interface":
		c.kind = sEndInterface
	case "type":
		c.kind = sEndType
	case "enum": // closes "enum, bind(c)", a specification statement
		c.verbatim(ts, sSpec, c.kw)
		return
	default:
		c.kind = sExec
		c.exec = c.ls.other(ts, c.kw)
		return
	}
	rest := ts[n:]
	if len(rest) > 0 {
		if what != "" && rest[0].kind == tIdent {
			c.name = &ast.Ident{Pos: tokSpan(rest[0]), Name: rest[0].val, Orig: rest[0].orig}
			rest = rest[1:]
		}
		if len(rest) > 0 && c.kind != sEndInterface {
			c.fail(&perr{code: codeSyntaxTrailingText, span: tokSpan(rest[0]), msg: fmt.Sprintf("unexpected %q after %q", rest[0].orig, c.kw)})
		}
	}
}

func (c *cstmt) assignment(ts []tok) {
	c.kw = "="
	if e := checkBrackets(ts); e != nil {
		c.execErr(ts, "", e)
		return
	}
	s, pe := parseAssign(ts)
	if pe != nil {
		c.execErr(ts, "", pe)
		return
	}
	c.kind, c.exec = sExec, s
}

func (c *cstmt) call(ts []tok) {
	c.kw = "call"
	if e := checkBrackets(ts); e != nil {
		c.execErr(ts, "call", e)
		return
	}
	s, pe := parseCall(ts)
	if pe != nil {
		c.execErr(ts, "call", pe)
		return
	}
	c.kind, c.exec = sExec, s
}

// parenCond parses "kw (expr) rest..." starting at ts[0] = kw and returns the
// condition and the tokens after ")".
func parenCond(ts []tok, kw string) (ast.Expr, []tok, *perr) {
	if !isPunct(ts, 1, "(") {
		if len(ts) < 2 {
			return nil, nil, &perr{code: codeSyntaxExpectedParen, span: diag.At(ts[0].end), msg: fmt.Sprintf("expected \"(\" after %q", kw)}
		}
		return nil, nil, &perr{code: codeSyntaxExpectedParen, span: tokSpan(ts[1]), msg: fmt.Sprintf("expected \"(\" after %q, found %q", kw, ts[1].orig)}
	}
	j := matchBracket(ts, 1)
	if j < 0 {
		// The "(" at ts[1] is never closed, which checkBrackets reports
		// (as an unclosed or mismatched bracket).
		if e := checkBrackets(ts); e != nil {
			return nil, nil, e
		}
		panic("internal error: parenCond: unbalanced brackets that checkBrackets accepts")
	}
	if j == 2 {
		return nil, nil, &perr{code: codeSyntaxExpectedCondition, span: tokSpan(ts[2]), msg: fmt.Sprintf("expected a condition in %q", kw+" (...)")}
	}
	x, pe := parseExpr(ts[2:j])
	return x, ts[j+1:], pe
}

func badExpr(ts []tok) ast.Expr { return &ast.BadExpr{Pos: rangeSpan(ts)} }

// ifStmt handles "if (c) then", "if (c) stmt" and "else if (c) then"
// (ts[0] is "if" or "elseif").
func (c *cstmt) ifStmt(ts []tok, kw string, kind skind) {
	c.kw = kw
	cond, rest, pe := parenCond(ts, kw)
	if pe != nil {
		if kind == sIf && !endsWithThen(ts) {
			c.execErr(ts, "if", pe)
			return
		}
		c.kind, c.cond = kind, badExpr(ts)
		c.fail(pe)
		return
	}
	switch {
	case len(rest) == 1 && isIdent(rest, 0, "then"):
		c.kind, c.cond = kind, cond
	case kind == sElseIf:
		c.kind, c.cond = kind, cond
		if len(rest) == 0 {
			c.fail(&perr{code: codeSyntaxExpectedThen, span: diag.At(ts[len(ts)-1].end), msg: `expected "then"`})
		} else {
			c.fail(&perr{code: codeSyntaxExpectedThen, span: tokSpan(rest[0]), msg: fmt.Sprintf("expected \"then\", found %q", rest[0].orig)})
		}
	case len(rest) == 0:
		c.execErr(ts, "if", &perr{code: codeSyntaxIfWithoutThen, span: diag.At(ts[len(ts)-1].end), msg: `expected "then" or a statement after "if (...)"`})
	case isIdent(rest, 0, "then"):
		c.kind, c.cond = kind, cond
		c.fail(&perr{code: codeSyntaxTrailingText, span: tokSpan(rest[1]), msg: fmt.Sprintf("unexpected %q after \"then\"", rest[1].orig)})
	default:
		inner := c.single(rest, "if")
		if inner == nil {
			return
		}
		c.kind = sExec
		c.exec = &ast.IfStmt{Pos: rangeSpan(ts), Cond: cond, Then: []ast.Stmt{inner}, Single: true}
	}
}

func endsWithThen(ts []tok) bool { return isIdent(ts, len(ts)-1, "then") }

// single classifies the statement after "if (c)" or "where (m)". It must be
// executable; a construct or a nested one-line if is an error.
func (c *cstmt) single(rest []tok, kw string) ast.Stmt {
	sub := &cstmt{ls: c.ls, sp: rangeSpan(rest)}
	sub.classify(rest)
	if sub.kind == sExec {
		if sub.err != nil {
			c.fail(sub.err)
		}
		if is, ok := sub.exec.(*ast.IfStmt); ok && kw == "if" && is.Single {
			c.execErr(rest, "if", &perr{code: codeSyntaxNestedOneLineIf, span: tokSpan(rest[0]), msg: `a one-line "if" cannot contain another one-line "if"`})
			return nil
		}
		return sub.exec
	}
	c.execErr(rest, kw, &perr{code: codeSyntaxOneLineIfStatement, span: tokSpan(rest[0]), msg: fmt.Sprintf("%s %q statement is not allowed after %q", article(sub.kw), sub.kw, kw+" (...)"),
		hint: fmt.Sprintf("only an executable statement may follow a one-line %q", kw)})
	return nil
}

func (c *cstmt) where(ts []tok) {
	c.kw = "where"
	mask, rest, pe := parenCond(ts, "where")
	if pe != nil {
		if len(ts) > 1 && matchBracket(ts, 1) == len(ts)-1 {
			c.kind, c.cond = sWhere, badExpr(ts) // keep the construct's shape
			c.fail(pe)
			return
		}
		c.execErr(ts, "where", pe)
		return
	}
	if len(rest) == 0 {
		c.kind, c.cond = sWhere, mask
		return
	}
	inner := c.single(rest, "where")
	if inner == nil {
		return
	}
	c.kind = sExec
	c.exec = &ast.WhereStmt{Pos: rangeSpan(ts), Mask: mask, Body: []ast.Stmt{inner}, Single: true}
}

// elseWhere handles "elsewhere [(mask)]" with ts[0] = "elsewhere" or
// "where" (from "else where").
func (c *cstmt) elseWhere(ts []tok) {
	c.kw, c.kind = "elsewhere", sElseWhere
	if len(ts) == 1 {
		return
	}
	if !isPunct(ts, 1, "(") && ts[1].kind == tIdent && len(ts) == 2 {
		c.name = identOf(ts[1]) // a construct name, checked by the builder
		return
	}
	mask, rest, pe := parenCond(ts, "elsewhere")
	if pe != nil {
		c.cond = badExpr(ts)
		c.fail(pe)
		return
	}
	c.cond = mask
	switch {
	case len(rest) > 1 || len(rest) == 1 && rest[0].kind != tIdent:
		c.fail(&perr{code: codeSyntaxTrailingText, span: tokSpan(rest[0]), msg: fmt.Sprintf("unexpected %q after \"elsewhere (...)\"", rest[0].orig)})
	case len(rest) == 1:
		c.name = identOf(rest[0]) // a construct name, checked by the builder
	}
}

func identOf(t tok) *ast.Ident { return &ast.Ident{Pos: tokSpan(t), Name: t.val, Orig: t.orig} }

func (c *cstmt) declaration(ts []tok) {
	c.kind, c.kw = sSpec, "declaration"
	if e := checkBrackets(ts); e != nil {
		e.always = true // broken, not merely beyond forocl (Note [errors in bodies])
		c.fail(e)
		return
	}
	g, pe := runParse(declParser, ts)
	if pe != nil {
		c.fail(pe)
		return
	}
	l := &lowerer{ts: ts}
	c.decl = l.decl(g)
	if l.err != nil {
		c.fail(l.err)
	}
}

// paramStmt classifies "parameter (name = value, ...)" (ts[0] is
// "parameter", ts[1] "("), and reports false, leaving c alone, when ts is
// not that (the statement is then kept verbatim).
func (c *cstmt) paramStmt(ts []tok) bool {
	last := len(ts) - 1
	if checkBrackets(ts) != nil || !isPunct(ts, last, ")") || last < 3 {
		return false
	}
	var params []*ast.ParamStmt
	for _, part := range splitTop(ts[2:last], ",") {
		if len(part) < 3 || part[0].kind != tIdent || !isPunct(part, 1, "=") {
			return false
		}
		v, pe := parseExpr(part[2:])
		if pe != nil {
			return false
		}
		params = append(params, &ast.ParamStmt{Pos: rangeSpan(part), Name: *identOf(part[0]), Value: v})
	}
	c.kind, c.kw, c.params = sSpec, "parameter", params
	return true
}

func (c *cstmt) attrStmt(ts []tok) {
	c.kind, c.kw = sSpec, ts[0].val
	if e := checkBrackets(ts); e != nil {
		c.fail(e)
		return
	}
	g, pe := runParse(attrStmtParser, ts)
	if pe != nil {
		c.fail(pe)
		return
	}
	l := &lowerer{ts: ts}
	c.attrs = l.attrStmts(g)
	if l.err != nil {
		c.fail(l.err)
	}
}
