package parser

import (
	"fmt"

	"github.com/forocl/forocl/ast"
)

// SELECT CASE constructs. The statements "select case (x)", "case (...)",
// "case default" and "end select" are classified as OtherStmts (as SELECT
// TYPE's still are); the builder turns a select case statement and the
// statements up to its "end select" into one ast.SelectCase.

func otherKeyword(c *cstmt) string {
	if c.kind != sExec {
		return ""
	}
	if o, ok := c.exec.(*ast.OtherStmt); ok && o.Err == "" {
		return o.Keyword
	}
	return ""
}

// selectParts is what classify parsed of a select case or case
// statement (the builder no longer has the tokens).
type selectParts struct {
	expr ast.Expr  // select case: the selector
	cs   *ast.Case // case: the values
	err  *perr
}

// selectParts parses the selector of "select case (x)" or the values of
// "case (...)" / "case default" (kw is the statement's keyword).
func (c *cstmt) selectParts(ts []tok, kw string) {
	switch kw {
	case "select case":
		k := 1
		if ts[0].val == "select" {
			k = 2
		}
		x, rest, pe := parenCond(ts[k-1:], "select case")
		if pe == nil && len(rest) > 0 {
			pe = &perr{code: codeSyntaxTrailingText, span: tokSpan(rest[0]), msg: fmt.Sprintf("unexpected %q after \"select case (...)\"", rest[0].orig)}
		}
		c.sel = &selectParts{expr: x, err: pe}
	case "case":
		cs := &ast.Case{Pos: c.sp}
		c.sel = &selectParts{cs: cs, err: caseValues(cs, ts)}
	}
}

// selectCase builds a SELECT CASE construct from its opening statement c.
func (b *builder) selectCase(c *cstmt, ctx context) ast.Stmt {
	b.i++
	s := &ast.SelectCase{Pos: c.sp, Name: c.cname}
	b.push(c)
	defer b.pop()
	var cur *[]ast.Stmt
	var lead []ast.Stmt // statements before the first case: an error
	cur = &lead
	x := c.sel.expr
	if c.sel.err != nil {
		c.fail(c.sel.err)
		b.opening(c, ctx, &lead)
		x = &ast.BadExpr{Pos: c.sp}
	}
	s.Expr = x
	depth := 0 // select type constructs inside, whose "end select" is theirs
	stop := func(d *cstmt) bool {
		switch otherKeyword(d) {
		case "select type":
			depth++
		case "end select":
			if depth > 0 {
				depth--
				return false
			}
			return true
		case "case":
			return depth == 0
		}
		return false
	}
	for {
		d := b.block(c, ctx, cur, stop)
		if d == nil {
			break
		}
		b.i++
		if otherKeyword(d) == "end select" {
			s.End = d.sp
			break
		}
		cs := d.sel.cs
		if d.sel.err != nil {
			d.fail(d.sel.err)
			b.opening(d, ctx, &cs.Body)
		}
		s.Cases = append(s.Cases, cs)
		cur = &cs.Body
	}
	if len(lead) > 0 {
		// Statements before the first case (or the header's error) are
		// kept in a first, valueless case so that sema reports them.
		s.Cases = append([]*ast.Case{{Pos: c.sp, Body: lead}}, s.Cases...)
	}
	return s
}

// caseValues parses "case (v, lo:hi, ...)" or "case default".
func caseValues(cs *ast.Case, ts []tok) *perr {
	if isIdent(ts, 1, "default") && len(ts) == 2 {
		cs.Default = true
		return nil
	}
	if !isPunct(ts, 1, "(") {
		return &perr{code: codeSyntaxExpectedParen, span: nextSpan(ts, 0), msg: `expected "(" or "default" after "case"`}
	}
	j := matchBracket(ts, 1)
	if j < 0 {
		return checkBrackets(ts)
	}
	if j != len(ts)-1 && !(j == len(ts)-2 && ts[j+1].kind == tIdent) {
		return &perr{code: codeSyntaxTrailingText, span: tokSpan(ts[j+1]), msg: fmt.Sprintf("unexpected %q after \"case (...)\"", ts[j+1].orig)}
	}
	for _, p := range splitTop(ts[2:j], ",") {
		if len(p) == 0 {
			return &perr{code: codeSyntaxUnexpectedEnd, span: rangeSpan(ts[1 : j+1]), msg: "empty value in a case selector"}
		}
		parts := splitTop(p, ":")
		if len(parts) > 2 {
			return &perr{code: codeSyntaxTrailingText, span: rangeSpan(p), msg: "a case range is \"low:high\""}
		}
		v := &ast.CaseValue{Range: len(parts) == 2}
		for i, q := range parts {
			if len(q) == 0 {
				continue
			}
			x, pe := parseExpr(q)
			if pe != nil {
				return pe
			}
			if i == 0 {
				v.Lo = x
			} else {
				v.Hi = x
			}
		}
		if v.Lo == nil && v.Hi == nil {
			return &perr{code: codeSyntaxUnexpectedEnd, span: rangeSpan(p), msg: "a case range needs a low or a high value"}
		}
		cs.Values = append(cs.Values, v)
	}
	return nil
}
