package parser

import (
	"fmt"
	"sort"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// Loops: DO constructs (counted, DO CONCURRENT, DO WHILE, plain DO) and the
// OpenMP/OpenACC directive lines that mark loop nests parallel.

// loopSentinel returns "omp" or "acc" when src[i:le] starts a directive line
// "!$omp ..." or "!$acc ...", else "".
func loopSentinel(src []byte, i, le int) string {
	if le-i < 5 {
		return ""
	}
	w := strings.ToLower(string(src[i : i+5]))
	if (w == "!$omp" || w == "!$acc") && (le-i == 5 || !isAlnum(src[i+5])) {
		return w[2:]
	}
	return ""
}

// Note [continued directives]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// An OpenMP or OpenACC directive in free form continues as the OpenMP 5.x
// and OpenACC 3.x specifications say: a directive line whose last
// non-blank character before any "!" comment is "&" continues on the next
// line, which must start (after blanks) with the same sentinel, optionally
// followed by "&":
//
//	!$omp do private(a, b, &        !$omp do private(a, b, &
//	!$omp c, d)                     !$omp& c, d)
//
// Blank and comment lines may sit between the lines, as between the lines
// of a continued statement. The scanner joins the pieces into one text,
// with a blank between them unless the continuation starts with "&" (so a
// word split as "priv&" / "!$omp&ate" reads "private", as in a continued
// statement), and keeps for each piece where it starts in the file, so a
// clause or diagnostic on a continuation line names that line (dirText.pos).
// The fixed-form reader turns "C$OMP" lines into such free-form lines
// (Note [fixed form]). A continuation that never comes (the next line is
// a statement, a directive of the other API, or the end of the file) is an
// error, never a directive cut short in silence.

// dirText is a directive being joined from its lines.
type dirText struct {
	d    *ast.LoopDirective
	text []byte
	segs []dirSeg
	amp  diag.Pos // the "&" that continues it
	cut  bool     // reported as cut short: no second error for it
}

// dirSeg is one piece of a dirText: text[at:] starts at pos in the file.
type dirSeg struct {
	at  int
	pos diag.Pos
}

// pos returns the file position of text offset o.
func (t *dirText) pos(o int) diag.Pos {
	k := sort.Search(len(t.segs), func(k int) bool { return t.segs[k].at > o }) - 1
	if k < 0 {
		k = 0
	}
	p := t.segs[k].pos
	p.Offset += o - t.segs[k].at
	p.Col += o - t.segs[k].at
	return p
}

// directiveEnd returns where the directive text of src[j:le] ends (before
// a "!" comment outside quotes) and whether it ends with a continuation "&".
func directiveEnd(src []byte, j, le int) (end int, amp int) {
	end = le
	var q byte
	for k := j; k < le; k++ {
		c := src[k]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '\'' || c == '"':
			q = c
		case c == '!':
			end = k
			k = le
		}
	}
	for end > j && isSpace(src[end-1]) {
		end--
	}
	if end > j && src[end-1] == '&' {
		amp = end - 1
		for end = amp; end > j && isSpace(src[end-1]); end-- {
		}
		return end, amp
	}
	return end, -1
}

// loopDirective scans an OpenMP or OpenACC directive line at src[i:le]:
// a new directive, or the continuation of s.dirCont (Note [continued
// directives]).
func (s *scanner) loopDirective(api string, i, le int) {
	j := i + 5
	t := s.dirCont
	if t != nil && t.d.API != api {
		s.unfinishedDirective()
		t = nil
	}
	if t != nil {
		for j < le && isSpace(s.src[j]) {
			j++
		}
		if j < le && s.src[j] == '&' {
			j++
		} else {
			t.text = append(t.text, ' ')
		}
	} else {
		d := &ast.LoopDirective{API: api, Pos: diag.Span{Start: s.posAt(i)}}
		s.stmts = append(s.stmts, &logicalStmt{loop: d})
		t = &dirText{d: d}
	}
	s.dirCont = nil
	end, amp := directiveEnd(s.src, j, le)
	t.segs = append(t.segs, dirSeg{at: len(t.text), pos: s.posAt(j)})
	t.text = append(t.text, s.src[j:end]...)
	t.d.Pos.End = s.posAt(max(end, i+5))
	if amp >= 0 {
		t.amp = s.posAt(amp)
		s.dirCont = t
		return
	}
	s.directiveClauses(t)
}

// unfinishedDirective reports a directive whose continuation line never
// came and reads what it has.
func (s *scanner) unfinishedDirective() {
	t := s.dirCont
	if t == nil {
		return
	}
	s.dirCont = nil
	t.cut = true
	s.diags.Error(codeDirectiveContinuation, diag.At(t.amp), "the !$%s directive ends with \"&\", but the next line is not an !$%s line", t.d.API, t.d.API).
		WithHint("start the continuation line with \"!$%s\" (optionally followed by \"&\"), or remove the \"&\"", t.d.API)
	s.directiveClauses(t)
}

// directiveClauses splits the joined text of a directive into its words
// and clauses.
func (s *scanner) directiveClauses(t *dirText) {
	d, src, le := t.d, t.text, len(t.text)
	j := 0
	for j < le {
		c := src[j]
		switch {
		case isSpace(c) || c == ',':
			j++
		case isLetter(c):
			k := j
			for k < le && isAlnum(src[k]) {
				k++
			}
			cl := &ast.Clause{Pos: diag.Span{Start: t.pos(j), End: t.pos(k)}, Name: strings.ToLower(string(src[j:k]))}
			j = k
			for j < le && isSpace(src[j]) {
				j++
			}
			if j < le && src[j] == '(' {
				depth, a := 0, j
				for ; j < le; j++ {
					if src[j] == '(' {
						depth++
					} else if src[j] == ')' {
						depth--
						if depth == 0 {
							break
						}
					}
				}
				if j >= le {
					if t.cut {
						return
					}
					s.diags.Error(codeLoopDirectiveSyntax, diag.At(t.pos(a)), "unclosed \"(\" in !$%s directive", d.API).
						WithHint("close the clause's argument list with \")\"; to continue the directive, end the line with \"&\" and start the next with \"!$%s\"", d.API)
					return
				}
				cl.HasArg = true
				cl.Arg = strings.TrimSpace(string(src[a+1 : j]))
				cl.Pos.End = t.pos(j + 1)
				cl.Args = clauseNames(string(src[a+1:j]), t, a+1)
				j++
			}
			d.Clauses = append(d.Clauses, cl)
		default:
			// Operators of reduction clauses and the like are kept in Arg;
			// anything else at the top level is left for sema to judge.
			j++
		}
	}
}

// clauseNames splits a clause argument at commas into names; nil when a
// piece is not a plain name. off is the argument's offset in t.text.
func clauseNames(arg string, t *dirText, off int) []ast.Ident {
	var out []ast.Ident
	pos := 0
	for _, piece := range strings.Split(arg, ",") {
		tr := strings.TrimSpace(piece)
		lead := strings.Index(piece, tr)
		if tr == "" || !isLetter(tr[0]) {
			return nil
		}
		for k := 0; k < len(tr); k++ {
			if !isAlnum(tr[k]) {
				return nil
			}
		}
		start := off + pos + lead
		out = append(out, ast.Ident{Pos: diag.Span{Start: t.pos(start), End: t.pos(start + len(tr))}, Name: strings.ToLower(tr), Orig: tr})
		pos += len(piece) + 1
	}
	return out
}

// splitTop splits ts at the top-level (unbracketed) punctuation sep.
func splitTop(ts []tok, sep string) [][]tok {
	var out [][]tok
	depth, start := 0, 0
	for i, t := range ts {
		depth += bracketOf(t)
		if depth == 0 && (t.kind == tPunct || t.kind == tOp) && t.val == sep {
			out = append(out, ts[start:i])
			start = i + 1
		}
	}
	return append(out, ts[start:])
}

// doStmt classifies a statement starting with "do" (ts[0]).
func (c *cstmt) doStmt(ts []tok) {
	c.kw = "do"
	s := &ast.DoStmt{Pos: rangeSpan(ts), Name: c.cname}
	c.kind, c.do = sDo, s
	rest := ts[1:]
	if len(rest) > 0 && rest[0].kind == tInt {
		// "do 10 i = 1, n": a labelled DO, which ends at the statement
		// labelled 10 (Note [labelled DO]).
		c.doLabel, c.doLabelT = labelValue(rest[0].val), rest[0]
		rest = rest[1:]
	}
	if isPunct(rest, 0, ",") {
		rest = rest[1:]
	}
	switch {
	case len(rest) == 0:
		s.Form = ast.DoForever
	case isIdent(rest, 0, "while") && isPunct(rest, 1, "("):
		s.Form = ast.DoWhile
		cond, after, pe := parenCond(rest, "do while")
		if pe == nil && len(after) > 0 {
			pe = &perr{code: codeDoSyntax, span: tokSpan(after[0]), msg: fmt.Sprintf("unexpected %q after \"do while (...)\"", after[0].orig)}
		}
		if pe != nil {
			c.fail(pe)
			s.Cond = badExpr(rest)
			return
		}
		s.Cond = cond
	case isIdent(rest, 0, "concurrent"):
		s.Form = ast.DoConcurrent
		c.concurrent(s, rest)
	default:
		s.Form = ast.DoCounted
		c.counted(s, rest)
	}
}

// counted parses "v = lo, hi[, step]".
func (c *cstmt) counted(s *ast.DoStmt, ts []tok) {
	if !isIdent(ts, 0, "") || !isPunct(ts, 1, "=") {
		c.fail(&perr{code: codeDoSyntax, span: rangeSpan(ts), msg: `expected "do variable = first, last[, step]"`})
		return
	}
	s.Var = identOf(ts[0])
	parts := splitTop(ts[2:], ",")
	if len(parts) < 2 || len(parts) > 3 {
		c.fail(&perr{code: codeDoSyntax, span: rangeSpan(ts[2:]), msg: "a DO loop takes a first value, a last value and an optional step",
			hint: `write "do i = 1, n" or "do i = 1, n, 2"`})
		return
	}
	exprs := []*ast.Expr{&s.Lo, &s.Hi, &s.Step}
	for i, p := range parts {
		if len(p) == 0 {
			c.fail(&perr{code: codeDoSyntax, span: rangeSpan(ts), msg: "empty bound in a DO loop"})
			return
		}
		x, pe := parseExpr(p)
		if pe != nil {
			c.fail(pe)
			return
		}
		*exprs[i] = x
	}
}

// concurrent parses "concurrent (i = lo:hi[:step], ... [, mask]) locality".
func (c *cstmt) concurrent(s *ast.DoStmt, ts []tok) {
	var j int
	s.Indices, s.Mask, j = c.indexHeader(ts, "do concurrent", "DO CONCURRENT")
	if j < 0 {
		return
	}
	rest := ts[j+1:]
	for len(rest) > 0 {
		if !isIdent(rest, 0, "") || !isPunct(rest, 1, "(") {
			c.fail(&perr{code: codeDoSyntax, span: tokSpan(rest[0]), msg: fmt.Sprintf("unexpected %q after the DO CONCURRENT header", rest[0].orig),
				hint: "locality specifiers are local(...), local_init(...), shared(...), reduce(op: ...) and default(none)"})
			return
		}
		k := matchBracket(rest, 1)
		if k < 0 {
			if e := checkBrackets(rest); e != nil {
				c.fail(e)
			}
			return
		}
		loc := &ast.Locality{Pos: rangeSpan(rest[:k+1]), Kind: rest[0].val}
		names := rest[2:k]
		if loc.Kind == "reduce" {
			// reduce(op: names): the operator is the tokens before ":".
			parts := splitTop(names, ":")
			if len(parts) != 2 || len(parts[0]) != 1 {
				c.fail(&perr{code: codeDoSyntax, span: rangeSpan(rest[:k+1]), msg: "reduce takes an operator and a list of names, such as reduce(+: s)"})
				return
			}
			loc.Op = parts[0][0].val
			names = parts[1]
		}
		for _, p := range splitTop(names, ",") {
			if len(p) != 1 || p[0].kind != tIdent {
				c.fail(&perr{code: codeDoSyntax, span: rangeSpan(rest[:k+1]), msg: fmt.Sprintf("%q takes a list of names", rest[0].orig)})
				return
			}
			loc.Names = append(loc.Names, *identOf(p[0]))
		}
		s.Locality = append(s.Locality, loc)
		rest = rest[k+1:]
	}
}

// doConstruct builds a DO construct from its do statement c through its
// "end do".
func (b *builder) doConstruct(c *cstmt, ctx context) ast.Stmt {
	b.i++
	s := c.do
	s.Bad = c.err != nil
	b.push(c)
	defer b.pop()
	b.opening(c, ctx, &s.Body)
	if c.doLabel != "" {
		b.labelledDo(c, ctx)
		return s
	}
	d := b.block(c, ctx, &s.Body, func(d *cstmt) bool { return d.kind == sEndDo })
	if d == nil {
		return s
	}
	b.i++
	s.End = d.sp
	b.endDoName(c, d)
	b.blockDoCycles(s.Body) // Note [goto as cycle]
	return s
}

// endDoName checks the construct name after d, the "end do" of c.
func (b *builder) endDoName(c, d *cstmt) { b.endName(c, d, "do") }

// endName checks the name after "end do" or "end forall" (d, word the
// construct's keyword) against the construct name of c.
func (b *builder) endName(c, d *cstmt, word string) {
	if d.name != nil && d.name.Name != c.cname {
		hint := fmt.Sprintf("a name after \"end %s\" must be the construct's name", word)
		if c.cname == "" {
			hint = fmt.Sprintf("the %q construct has no name; remove %q", word, d.name.Orig)
		}
		d.fail(&perr{code: codeSyntaxTrailingText, span: d.name.Pos, msg: fmt.Sprintf("unexpected %q after \"end %s\"", d.name.Orig, word), hint: hint})
	} else if d.name == nil && c.cname != "" {
		d.fail(&perr{code: codeEndNameMismatch, span: d.sp, msg: fmt.Sprintf("\"end %s\" of the construct %q must repeat its name", word, c.cname),
			hint: fmt.Sprintf("write \"end %s %s\"", word, c.cname)})
	}
	b.report(d)
}

// Note [labelled DO]
// ~~~~~~~~~~~~~~~~~~
// "do 10 i = 1, n" ends with the statement labelled 10, which is the last
// statement of its body, and several DOs may end with one statement
// ("do 10 j = ..." / "do 10 i = ..." / "10 continue" ends both, the
// innermost first). The builder makes it the same ast.DoStmt as a block
// DO, so that nothing after the parser tells them apart: an ending
// CONTINUE or END DO does nothing and is not kept; any other ending
// statement (an assignment, a CALL, a logical IF) stays the last
// statement of the body. builder.ended holds the label of the ending
// statement just taken, so that the enclosing DOs of that label end there
// too. A statement that cannot end a DO (RETURN, STOP, GO TO, CYCLE,
// EXIT, another DO, a block IF or WHERE, ELSE, END) is do-label-end, as
// gfortran refuses it; a label not reached before the construct or unit
// around the DO ends is construct-not-closed at the DO.

// labelledDo builds the body of c, a labelled DO (Note [labelled DO]).
func (b *builder) labelledDo(c *cstmt, ctx context) {
	s := c.do
	b.ended = ""
	d := b.block(c, ctx, &s.Body, func(d *cstmt) bool { return b.ended == c.doLabel || d.label == c.doLabel || d.kind == sEndDo })
	switch {
	case d == nil:
		return
	case b.ended == c.doLabel: // an inner DO took the ending statement
		s.End = b.endedAt
		return
	case d.label != c.doLabel: // an "end do" of another label, or of none
		b.i++
		s.End = d.sp
		b.diags.Error(codeDoLabelEnd, d.sp, "this \"end do\" does not have the label %s of the DO loop it ends", c.doLabelT.orig).
			WithNote(c.sp, "the DO loop starts here").
			WithHint("write \"%s end do\" or \"%s continue\"", c.doLabelT.orig, c.doLabelT.orig)
		return
	}
	s.End = d.sp
	b.ended, b.endedAt = c.doLabel, d.sp
	switch why := cannotEndDo(d); {
	case why != "":
		b.diags.Error(codeDoLabelEnd, d.sp, "%s cannot end the DO loop of label %s", why, c.doLabelT.orig).
			WithNote(c.sp, "the DO loop starts here").
			WithHint("end the loop with \"%s continue\" after this statement, or write a block DO ending in \"end do\"", c.doLabelT.orig)
	case d.kind == sEndDo:
		b.i++
		b.endDoName(c, d)
		gotoCycle(s.Body, c.doLabel) // Note [goto as cycle]
	case otherKeyword(d) == "continue":
		b.i++
		b.report(d)
		gotoCycle(s.Body, c.doLabel)
	default:
		b.exec(d, ctx, &s.Body)
	}
}

// cannotEndDo says what d is when it cannot end a labelled DO, else "".
func cannotEndDo(d *cstmt) string {
	switch d.kind {
	case sEndDo:
		return ""
	case sExec:
		switch d.kw {
		case "return", "stop", "error stop", "go to", "cycle", "exit", "select case", "case", "do":
			return fmt.Sprintf("%s %q statement", article(d.kw), d.kw)
		}
		return ""
	}
	return fmt.Sprintf("%s %q statement", article(d.kw), d.kw)
}

// indexHeader parses the header "(i = lo:hi[:step], ... [, mask])" of a
// DO CONCURRENT or FORALL whose "(" is ts[1]; kw is the statement's
// keyword and what its name in messages. It returns the indices, the mask
// and the index of the closing ")", or -1 after reporting an error.
func (c *cstmt) indexHeader(ts []tok, kw, what string) ([]*ast.ConcurrentIndex, ast.Expr, int) {
	if !isPunct(ts, 1, "(") {
		c.fail(&perr{code: codeDoSyntax, span: nextSpan(ts, 0), msg: fmt.Sprintf("expected \"(\" after %q", kw)})
		return nil, nil, -1
	}
	j := matchBracket(ts, 1)
	if j < 0 {
		if e := checkBrackets(ts); e != nil {
			c.fail(e)
		}
		return nil, nil, -1
	}
	var ixs []*ast.ConcurrentIndex
	var mask ast.Expr
	for _, p := range splitTop(ts[2:j], ",") {
		if len(p) == 0 {
			c.fail(&perr{code: codeDoSyntax, span: rangeSpan(ts[1 : j+1]), msg: "empty entry in a " + what + " header"})
			return nil, nil, -1
		}
		if isIdent(p, 0, "") && isPunct(p, 1, "=") {
			b := splitTop(p[2:], ":")
			if len(b) < 2 || len(b) > 3 {
				c.fail(&perr{code: codeDoSyntax, span: rangeSpan(p), msg: "a " + what + " index takes \"first:last[:step]\""})
				return nil, nil, -1
			}
			ix := &ast.ConcurrentIndex{Var: *identOf(p[0])}
			exprs := []*ast.Expr{&ix.Lo, &ix.Hi, &ix.Step}
			for i, q := range b {
				if len(q) == 0 {
					c.fail(&perr{code: codeDoSyntax, span: rangeSpan(p), msg: "empty bound in a " + what + " index"})
					return nil, nil, -1
				}
				x, pe := parseExpr(q)
				if pe != nil {
					c.fail(pe)
					return nil, nil, -1
				}
				*exprs[i] = x
			}
			ixs = append(ixs, ix)
			continue
		}
		x, pe := parseExpr(p)
		if pe != nil {
			c.fail(pe)
			return nil, nil, -1
		}
		mask = x
	}
	if len(ixs) == 0 {
		c.fail(&perr{code: codeDoSyntax, span: rangeSpan(ts[1 : j+1]), msg: "a " + what + " header needs at least one index"})
		return nil, nil, -1
	}
	return ixs, mask, j
}

// forallStmt classifies a statement starting with "forall" (ts[0]): a
// construct "forall (...)" or a statement "forall (...) assignment".
func (c *cstmt) forallStmt(ts []tok) {
	c.kw = "forall"
	s := &ast.ForallStmt{Pos: rangeSpan(ts), Name: c.cname}
	ixs, mask, j := c.indexHeader(ts, "forall", "FORALL")
	if j < 0 {
		if len(ts) > 1 && matchBracket(ts, 1) == len(ts)-1 {
			c.kind, c.forall = sForall, s // keep the construct's shape
			return
		}
		pe := c.err
		c.err = nil
		c.execErr(ts, "forall", pe)
		return
	}
	s.Indices, s.Mask = ixs, mask
	rest := ts[j+1:]
	if len(rest) == 0 {
		c.kind, c.forall = sForall, s
		return
	}
	inner := c.single(rest, "forall")
	if inner == nil {
		return
	}
	s.Body, s.Single = []ast.Stmt{inner}, true
	c.kind, c.exec = sExec, s
}

// forallConstruct builds a FORALL construct from its forall statement c
// through its "end forall".
func (b *builder) forallConstruct(c *cstmt, ctx context) ast.Stmt {
	b.i++
	s := c.forall
	s.Bad = c.err != nil
	b.push(c)
	defer b.pop()
	b.opening(c, ctx, &s.Body)
	d := b.block(c, ctx, &s.Body, func(d *cstmt) bool { return d.kind == sEndForall })
	if d == nil {
		return s
	}
	b.i++
	s.End = d.sp
	b.endName(c, d, "forall")
	return s
}
