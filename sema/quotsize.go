package sema

import (
	"fmt"

	"github.com/forocl/forocl/ir"
)

// Note [quotient sizes]
//
// Multigrid codes declare the coarse grid by halving the fine one:
// real :: V1h(-1:N+1), V2h(-1:N/2+1). Array bounds must be affine in the
// sizes (Note [loop kernels]), and N/2 is not. So a quotient q/c in a
// declared bound or a parallel loop's bound, of an affine expression q
// of integer scalar dummies by a positive constant c, becomes a size of
// its own, a local that stands for the quotient (ir.Var.Quot), named
// after it (_N_d2). The bound is then affine (_N_d2 + 1) and everything
// downstream (dependences, access ranges, launches) treats the quotient
// as one more symbolic size. Hosts never solve it from an array's shape:
// each computes it from its dummies, truncating toward zero as Fortran's
// integer division does (abi.Size.Quot), before it checks the shapes.

// quotSizes returns x with every quotient q/c that Note [quotient sizes]
// describes replaced by the size that stands for it.
func (l *lowerer) quotSizes(x ir.Expr) ir.Expr {
	return ir.Rewrite(x, func(e ir.Expr) (ir.Expr, bool) {
		b, ok := ir.Widened(e).(*ir.Binary)
		if !ok || b.Op != ir.Div {
			return nil, false
		}
		c, ok := ir.Widened(b.Y).(*ir.Const)
		if !ok || c.Int <= 0 {
			return nil, false
		}
		q, why := l.affine(b.X, func(v *ir.Var) bool {
			return v.Role == ir.Dummy && v.Rank == 0 && v.Kind.IsInt()
		})
		if why != "" || q.IsConst() {
			return nil, false
		}
		return &ir.Ref{Pos: b.Pos, Var: l.quotVar(q, c.Int)}, true
	})
}

// quotVar returns the size that stands for q/div, created once per kernel.
func (l *lowerer) quotVar(q ir.Affine, div int64) *ir.Var {
	for _, v := range l.kernel.Locals {
		if v.Quot != nil && v.Quot.Div == div && v.Quot.Of.Equal(q) {
			return v
		}
	}
	name := "_" + quotName(q) + fmt.Sprintf("_d%d", div)
	v := &ir.Var{Name: name, Kind: ir.Int, Role: ir.Local, Pos: l.sub.Pos, Quot: &ir.Quot{Of: q, Div: div}}
	for _, t := range q.Terms {
		l.loop.sizes[t.Var] = true // hosts compute the quotient from them
		if t.Var.Kind == ir.Long {
			v.Kind = ir.Long
		}
	}
	l.kernel.Locals = append(l.kernel.Locals, v)
	l.loop.sizes[v] = true
	return v
}

// quotName spells q for a name: N, Np1 (n+1), 2Nm1 (2*n-1), N_M (n+m).
func quotName(q ir.Affine) string {
	s := ""
	for i, t := range q.Terms {
		if i > 0 {
			s += "_"
		}
		switch {
		case t.Coef == -1:
			s += "m"
		case t.Coef < 0:
			s += fmt.Sprintf("m%d", -t.Coef)
		case t.Coef != 1:
			s += fmt.Sprint(t.Coef)
		}
		s += t.Var.Name
	}
	switch {
	case q.Const > 0:
		s += fmt.Sprintf("p%d", q.Const)
	case q.Const < 0:
		s += fmt.Sprintf("m%d", -q.Const)
	}
	return s
}
