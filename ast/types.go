package ast

import "github.com/forocl/forocl/diag"

// TypeDef is a derived-type definition, "type [, attrs ::] name ... end
// type". Components are its component declarations; Bound names the
// type-bound procedures and generics after its "contains".
type TypeDef struct {
	Pos        diag.Span
	Name       Ident
	Extends    string // the parent type of extends(parent), lower-case; "" when none
	Components []*Decl
	Bound      []*OtherStmt
	Other      []*OtherStmt // statements that are neither (private, sequence, ...)
}

func (t *TypeDef) Span() diag.Span { return t.Pos }
