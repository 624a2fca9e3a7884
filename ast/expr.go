package ast

import "github.com/forocl/forocl/diag"

// Expr is an expression.
type Expr interface {
	Node
	expr()
}

// Ident is a name. Name is lower-case; Orig is as written.
type Ident struct {
	Pos  diag.Span
	Name string
	Orig string
}

// IntLit is an integer literal such as 42 or 42_8. Kind is the kind suffix
// ("" when absent, else the digits or the parameter name after "_").
type IntLit struct {
	Pos   diag.Span
	Value int64
	Text  string
	Kind  string
}

// RealLit is a real literal: 1.5, 1.5e-3, 2.0d0, 1.0_dp, 1.0_8. Double is
// true for a "d" exponent. Kind is the suffix after "_" ("" when absent).
type RealLit struct {
	Pos    diag.Span
	Value  float64
	Text   string
	Double bool
	Kind   string
}

// LogicalLit is .true. or .false.
type LogicalLit struct {
	Pos   diag.Span
	Value bool
}

// StringLit is a character literal, 'text' or "text" (outside the subset;
// kept for print statements and the like).
type StringLit struct {
	Pos   diag.Span
	Value string
}

// Unary is "-x", "+x" or ".not. x". Op is "-", "+" or ".not.".
type Unary struct {
	Pos diag.Span
	Op  string
	X   Expr
}

// Binary is a binary operation. Op is normalised: "**", "*", "/", "+", "-",
// "//", "==", "/=", "<", "<=", ">", ">=", ".and.", ".or.", ".eqv.", ".neqv."
// (.eq. becomes "==" and so on). OpPos is the operator's span.
type Binary struct {
	Pos   diag.Span
	Op    string
	OpPos diag.Span
	X, Y  Expr
}

// Paren is a parenthesised expression.
type Paren struct {
	Pos diag.Span
	X   Expr
}

// Call is "name(args)": a function call or an array element or section
// reference (Fortran spells them alike; sema decides).
//
// A component reference is a name with "%" in it (Note [component
// references] in package parser): "p%x" for p%x, and for p(i)%x a Call
// named "p%x" with BaseSubs set, since the subscripts were written on the
// structure array p rather than on the component.
type Call struct {
	Pos      diag.Span
	Name     Ident
	Args     []Arg
	BaseSubs bool
}

// Arg is one actual argument or subscript: a value, "kind=8" (Keyword set),
// or a section triplet "lo:hi[:stride]" (Section set; any part may be nil).
type Arg struct {
	Pos     diag.Span
	Keyword *Ident
	Value   Expr
	Section bool
	Lo, Hi  Expr
	Stride  Expr
}

// ArrayCons is an array constructor "[a, b]" or "(/ a, b /)".
type ArrayCons struct {
	Pos   diag.Span
	Elems []Expr
}

// BadExpr stands for an expression that did not parse where the parser
// keeps the surrounding construct so its block structure survives, e.g. the
// condition of "if (a .and.) then". The parser always records the syntax
// error too: as a diagnostic, or as an OtherStmt with Err placed first in the
// construct's block, so a pass that meets a BadExpr need not report it again.
type BadExpr struct {
	Pos diag.Span
}

func (*BadExpr) expr()    {}
func (*Ident) expr()      {}
func (*IntLit) expr()     {}
func (*RealLit) expr()    {}
func (*LogicalLit) expr() {}
func (*StringLit) expr()  {}
func (*Unary) expr()      {}
func (*Binary) expr()     {}
func (*Paren) expr()      {}
func (*Call) expr()       {}
func (*ArrayCons) expr()  {}

func (e *BadExpr) Span() diag.Span    { return e.Pos }
func (e *Ident) Span() diag.Span      { return e.Pos }
func (e *IntLit) Span() diag.Span     { return e.Pos }
func (e *RealLit) Span() diag.Span    { return e.Pos }
func (e *LogicalLit) Span() diag.Span { return e.Pos }
func (e *StringLit) Span() diag.Span  { return e.Pos }
func (e *Unary) Span() diag.Span      { return e.Pos }
func (e *Binary) Span() diag.Span     { return e.Pos }
func (e *Paren) Span() diag.Span      { return e.Pos }
func (e *Call) Span() diag.Span       { return e.Pos }
func (e *ArrayCons) Span() diag.Span  { return e.Pos }
