package parser

import "github.com/forocl/forocl/ast"

// List-directed output: "write (unit, *) items", "write (*, *) items",
// "write (unit=u, fmt=*) items" and "print *, items" become
// ast.WriteStmt, which a loop kernel's host program runs (Note
// [list-directed output] in package abi). Any other form (a format, a
// namelist, iostat=, an implied DO among the items) stays an OtherStmt,
// as before, for sema to refuse where it must be translated.

// writeStmt classifies "write (...) items"; false leaves the statement to
// the word classes (verbatim).
func (c *cstmt) writeStmt(ts []tok) bool {
	if !isPunct(ts, 1, "(") || checkBrackets(ts) != nil {
		return false
	}
	j := matchBracket(ts, 1)
	if j < 0 {
		return false
	}
	ctl := splitTop(ts[2:j], ",")
	if len(ctl) != 2 {
		return false
	}
	unitToks, unitOK := control(ctl[0], "unit")
	fmtToks, fmtOK := control(ctl[1], "fmt")
	if !unitOK || !fmtOK || !isStar(fmtToks) {
		return false
	}
	var unit ast.Expr
	if !isStar(unitToks) {
		x, pe := parseExpr(unitToks)
		if pe != nil {
			return false
		}
		unit = x
	}
	return c.writeItems(ts, unit, ts[j+1:])
}

// printStmt classifies "print *[, items]".
func (c *cstmt) printStmt(ts []tok) bool {
	if len(ts) < 2 || !isStar(ts[1:2]) || len(ts) > 2 && !isPunct(ts, 2, ",") {
		return false
	}
	rest := ts[2:]
	if len(rest) > 0 {
		rest = rest[1:]
	}
	return c.writeItems(ts, nil, rest)
}

// writeItems parses the output items and classifies the statement.
func (c *cstmt) writeItems(ts []tok, unit ast.Expr, items []tok) bool {
	s := &ast.WriteStmt{Pos: rangeSpan(ts), Keyword: ts[0].val, Unit: unit}
	if len(items) > 0 {
		for _, it := range splitTop(items, ",") {
			if len(it) == 0 || len(it) > 1 && isPunct(it, 0, "(") && len(splitTop(it[1:len(it)-1], ",")) > 1 {
				return false // an empty item, or an implied DO
			}
			x, pe := parseExpr(it)
			if pe != nil {
				return false
			}
			s.Items = append(s.Items, x)
		}
	}
	c.kw = ts[0].val
	c.kind, c.exec = sExec, s
	return true
}

// control returns the value of a control item, given by position or as
// "name = value", and whether it is that item.
func control(ts []tok, name string) ([]tok, bool) {
	if len(ts) >= 2 && isIdent(ts, 0, "") && isPunct(ts, 1, "=") {
		return ts[2:], ts[0].val == name
	}
	return ts, len(ts) > 0
}

func isStar(ts []tok) bool { return len(ts) == 1 && isPunct(ts, 0, "*") }
