package parser

import "github.com/forocl/forocl/ast"

// typeDef keeps a derived-type definition verbatim in sc.Other, as other
// blocks, and adds its structure to sc.Types: the name, the parent type,
// the component declarations and the statements after "contains".
func (b *builder) typeDef(c *cstmt, sc *ast.Scope) {
	kept := b.skipBlock(c, sEndType, "derived-type definition", "end type", sc)
	if len(kept) == 0 {
		return
	}
	td := &ast.TypeDef{Pos: c.sp, Extends: c.extends}
	if c.name != nil {
		td.Name = *c.name
	}
	bound := false
	others := sc.Other[len(sc.Other)-len(kept):] // what skipBlock kept, in order
	for i, d := range kept {
		other := others[i]
		switch {
		case i == 0 || d.kind == sEndType:
		case d.decl != nil && !bound:
			td.Components = append(td.Components, d.decl)
		case d.kw == "contains":
			bound = true
		case bound:
			td.Bound = append(td.Bound, other)
		default:
			td.Other = append(td.Other, other)
		}
	}
	sc.Types = append(sc.Types, td)
}

// typeHeader records the name and parent type of a derived-type
// definition: "type name", "type :: name", "type, attr, ... :: name".
func (c *cstmt) typeHeader(ts []tok) {
	if n := len(ts); n >= 2 && ts[n-1].kind == tIdent {
		t := ts[n-1]
		c.name = &ast.Ident{Pos: tokSpan(t), Name: t.val, Orig: t.orig}
	}
	for i := range ts {
		if isIdent(ts, i, "extends") && isPunct(ts, i+1, "(") && isIdent(ts, i+2, "") {
			c.extends = ts[i+2].val
		}
	}
}
