package sema

import (
	"fmt"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// operand is one array operand of an assignment, for the conformance check:
// a window, the left-hand side, or the mask of an enclosing where.
type operand struct {
	desc   string
	span   diag.Span
	shrink []int // extent n_d - shrink[d]
}

// shrinkOf is how much smaller than the grid a window's frame is.
func (l *lowerer) shrinkOf(w *ir.Window) []int {
	s := make([]int, len(w.Lo))
	for d := range s {
		s[d] = w.Lo[d] + w.Hi[d]
		if d < len(w.Var.Shrink) {
			s[d] += w.Var.Shrink[d]
		}
	}
	return s
}

// operands lists the windows of e in source order.
func (l *lowerer) operands(e ir.Expr) []operand {
	var ops []operand
	ir.Walk(e, func(x ir.Expr) {
		if w, ok := x.(*ir.Window); ok {
			d := l.desc[w]
			if d == "" {
				d = fmt.Sprintf("%q", w.Var.Name)
			}
			ops = append(ops, operand{desc: d, span: w.Pos, shrink: l.shrinkOf(w)})
		}
	})
	return ops
}

// conform checks that all operands have the same shape and returns the
// first (nil when there is none). It reports the first mismatch.
func (l *lowerer) conform(ops []operand) (*operand, bool) {
	if len(ops) == 0 {
		return nil, true
	}
	ref := &ops[0]
	for _, op := range ops[1:] {
		if !equalInts(ref.shrink, op.shrink) {
			l.mismatch(*ref, op)
			return nil, false
		}
	}
	return ref, true
}

// mismatch reports that b does not conform with a.
func (l *lowerer) mismatch(a, b operand) {
	l.errorf(codeShapeMismatch, b.span, "array shapes do not conform: %s is %s but %s is %s", a.desc, l.shape(a.shrink), b.desc, l.shape(b.shrink)).
		WithNote(a.span, "%s is %s", a.desc, l.shape(a.shrink))
}

// shape writes an extent in terms of the grid: (n1-1, n2-2).
func (l *lowerer) shape(shrink []int) string { return ir.Extent(shrink) }

// cloneExpr copies an expression tree so that no node appears twice in the
// IR (a where mask is used by several assignments).
func cloneExpr(e ir.Expr) ir.Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *ir.Const:
		c := *e
		return &c
	case *ir.GridExtent:
		c := *e
		return &c
	case *ir.Ref:
		c := *e
		return &c
	case *ir.Window:
		c := *e
		c.Lo = append([]int(nil), e.Lo...)
		c.Hi = append([]int(nil), e.Hi...)
		return &c
	case *ir.Unary:
		c := *e
		c.X = cloneExpr(e.X)
		return &c
	case *ir.Binary:
		c := *e
		c.X, c.Y = cloneExpr(e.X), cloneExpr(e.Y)
		return &c
	case *ir.Intrinsic:
		c := *e
		c.Args = cloneList(e.Args)
		return &c
	case *ir.Call:
		c := *e
		c.Args = cloneList(e.Args)
		return &c
	case *ir.Convert:
		c := *e
		c.X = cloneExpr(e.X)
		return &c
	}
	panic(fmt.Sprintf("internal error: cloneExpr of %T", e))
}

func cloneList(list []ir.Expr) []ir.Expr {
	out := make([]ir.Expr, len(list))
	for i, x := range list {
		out[i] = cloneExpr(x)
	}
	return out
}
