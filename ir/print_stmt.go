package ir

import (
	"strconv"

	"github.com/forocl/forocl/diag"
)

// Print is a list-directed WRITE or PRINT of a loop kernel's host program:
// the host writes one record of Items to Unit (Note [list-directed output]
// in package abi). It appears only outside nests.
type Print struct {
	Pos   diag.Span
	Unit  int // 0: standard error; 6 (and *): standard output
	Items []PrintItem
}

// PrintItem is characters (X nil) or a scalar expression's value.
type PrintItem struct {
	Text string
	X    Expr
}

func (*Print) stmt()             {}
func (s *Print) Span() diag.Span { return s.Pos }

// String spells an item as Fortran does.
func (it PrintItem) String() string {
	if it.X == nil {
		return strconv.Quote(it.Text)
	}
	return ExprString(it.X)
}
