package parser

import (
	"github.com/forocl/forocl/ast"
)

// Note [enumerators]
//
// "enum, bind(c)" ... "end enum" declares named integer constants of the
// C int kind (ParRes pic's GEOMETRIC, SINUSOIDAL, ...): each enumerator
// is the value it is given, else the one before plus 1, the first 0.
// The statements stay verbatim in Scope.Other; each enumerator statement
// also adds the declaration "integer, parameter :: red = 0, green =
// red + 1" to Scope.Decls, so that sema sees ordinary named constants. A
// statement that does not parse as a list of names with optional values
// adds nothing, and its names stay undefined where they are used.

// enumerators adds the declaration of the enumerators of c, when c is an
// "enum" (which starts a new count) or "enumerator" statement, to sc.
func (b *builder) enumerators(c *cstmt, sc *ast.Scope) {
	switch c.kw {
	case "enum":
		b.enumLast = nil
		return
	case "enumerator":
	default:
		return
	}
	if len(c.enumToks) < 2 {
		return
	}
	ts := c.enumToks[1:]
	if isPunct(ts, 0, "::") {
		ts = ts[1:]
	}
	d := &ast.Decl{Pos: c.sp, Type: &ast.TypeSpec{Pos: c.sp, Base: ast.Integer},
		Attrs: []*ast.Attr{{Pos: c.sp, Name: ast.AttrParameter, Word: "parameter"}}}
	for _, part := range splitTop(ts, ",") {
		if len(part) == 0 || part[0].kind != tIdent || len(part) == 2 || len(part) > 1 && !isPunct(part, 1, "=") {
			return
		}
		name := identOf(part[0])
		var v ast.Expr
		switch {
		case len(part) > 2:
			x, pe := parseExpr(part[2:])
			if pe != nil {
				return
			}
			v = x
		case b.enumLast == nil:
			v = &ast.IntLit{Pos: name.Pos, Value: 0, Text: "0"}
		default:
			last := *b.enumLast
			last.Pos = name.Pos
			v = &ast.Binary{Pos: name.Pos, OpPos: name.Pos, Op: "+", X: &last, Y: &ast.IntLit{Pos: name.Pos, Value: 1, Text: "1"}}
		}
		d.Entities = append(d.Entities, &ast.Entity{Pos: rangeSpan(part), Name: *name, Init: v})
		b.enumLast = name
	}
	if len(d.Entities) > 0 {
		sc.Decls = append(sc.Decls, d)
	}
}
