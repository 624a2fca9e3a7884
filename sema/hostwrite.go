package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// WRITE and PRINT in a loop kernel (Note [list-directed output] in package
// abi): outside the nests the host runs them, in program order, as the
// serial program would; a unit other than * (standard output), 6 or 0
// (standard error) would be a file, which a kernel does not open.

// hostWrite lowers a list-directed WRITE or PRINT outside the nests of a
// loop kernel, or reports why it cannot, returning nil.
func (l *lowerer) hostWrite(s *ast.WriteStmt) ir.Stmt {
	p := &ir.Print{Pos: s.Pos, Unit: 6}
	if s.Unit != nil {
		u := l.expr(s.Unit)
		if u == nil {
			return nil
		}
		c, ok := u.(*ir.Const)
		if !ok || !c.Kind.IsInt() || c.Int != 0 && c.Int != 6 {
			l.c.diags.Error(codeHostWrite, s.Unit.Span(), "the host writes to unit * or 6 (standard output) and 0 (standard error); this unit would be a file").
				WithHint("write to * or 0")
			return nil
		}
		p.Unit = int(c.Int)
	}
	ok := true
	for _, x := range s.Items {
		if str, isText := x.(*ast.StringLit); isText {
			p.Items = append(p.Items, ir.PrintItem{Text: str.Value})
			continue
		}
		v := l.expr(x)
		switch {
		case v == nil:
			ok = false
		case v.Type().Rank > 0:
			l.c.diags.Error(codeHostWrite, x.Span(), "the host writes scalars; this item is an array").
				WithHint("write its elements, or write it from the program that calls the kernel")
			ok = false
		default:
			p.Items = append(p.Items, ir.PrintItem{X: v})
		}
	}
	if !ok {
		return nil
	}
	return p
}
