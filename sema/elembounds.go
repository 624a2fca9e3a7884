package sema

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ir"
)

// Note [element bounds]
// ~~~~~~~~~~~~~~~~~~~~~
// A parallel loop's bound may name an element of an intent(in) array
// dummy by constant subscripts, as tsunami's set_gaussian does with the
// lower and upper bounds its Field keeps (do concurrent (i =
// self%lb(1)-1:self%ub(1)+1, ...)): no launch changes the element, so
// the host can read it before the launch (Note [host elements] in
// package abi). elemBound gives each such element a host local, _elemN,
// assigned it at the top of the kernel, which the bound then names as
// any host variable (sema/hostvars.go); the same element shares its
// local.

// elemBound replaces the elements of intent(in) array dummies with
// constant subscripts in loop bound x by their host locals.
func (l *lowerer) elemBound(x ir.Expr) ir.Expr {
	return ir.Rewrite(x, func(e ir.Expr) (ir.Expr, bool) {
		el, ok := e.(*ir.Elem)
		if !ok || el.Var.Role != ir.Dummy || el.Var.Intent != ir.In || !el.Var.Kind.IsInt() {
			return nil, false
		}
		var key strings.Builder
		key.WriteString(el.Var.Name)
		for _, s := range el.Index {
			c, ok := s.(*ir.Const)
			if !ok {
				return nil, false
			}
			fmt.Fprintf(&key, ",%d", c.Int)
		}
		if l.loop.elemLocals == nil {
			l.loop.elemLocals = map[string]*ir.Var{}
		}
		v := l.loop.elemLocals[key.String()]
		if v == nil {
			v = &ir.Var{Name: fmt.Sprintf("_elem%d", len(l.loop.elemLocals)+1), Kind: el.Var.Kind, Role: ir.Local, Pos: el.Pos}
			l.loop.elemLocals[key.String()] = v
			l.addLocal(v)
			l.loop.elemBounds = append(l.loop.elemBounds, &ir.Assign{Pos: el.Pos, LHS: &ir.Ref{Pos: el.Pos, Var: v}, RHS: el})
		}
		return &ir.Ref{Pos: el.Pos, Var: v}, true
	})
}
