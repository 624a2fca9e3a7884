package sema

import (
	"fmt"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [inner variable steps]
//
// A sequential DO inside a parallel nest whose step is not a constant,
// do i = n, 1, -s, runs in each work-item with the trip count
// (last - first + step)/step, as Fortran counts it; a step of 0, which
// Fortran forbids, would divide by zero on the device. When the step
// reads only scalar dummies and constants, the host computes it before
// the nest into a host variable (_nzstepN) and stops with an error
// naming the loop when it is 0 (ir.Assign.NonZero, as for a variable
// step of the nest itself: Note [variable steps]); the loop steps by
// that variable, which the launch passes. A step that reads the nest's
// indices or other locals is the program's to keep nonzero.

// checkInnerStep returns the step of the sequential loop over v at at
// inside a nest, step, as a host variable that the host checks is not 0
// when the host can compute it, else step itself (Note [inner variable
// steps]).
func (l *lowerer) checkInnerStep(at diag.Span, v *ir.Var, step ir.Expr) ir.Expr {
	if _, ok := step.(*ir.Const); ok || !l.loop.inNest || step.Type().Kind != ir.Int {
		return step
	}
	host := true
	ir.Walk(step, func(x ir.Expr) {
		switch x := x.(type) {
		case *ir.Ref:
			host = host && x.Var.Role == ir.Dummy && x.Var.Rank == 0 && x.Var.Intent == ir.In
		case *ir.Const, *ir.Binary, *ir.Unary:
		default:
			host = false
		}
	})
	if !host {
		return step
	}
	l.loop.nvarSteps++
	nz := &ir.Var{Name: fmt.Sprintf("_nzstep%d_%s", l.loop.nvarSteps, v.Name), Kind: step.Type().Kind, Role: ir.Local, Pos: at}
	l.addLocal(nz)
	l.loop.preNest = append(l.loop.preNest, &ir.Assign{Pos: at, LHS: &ir.Ref{Pos: at, Var: nz}, RHS: step,
		NonZero: fmt.Sprintf("line %d: the step of the loop over %q is zero", at.Start.Line, v.Name)})
	return &ir.Ref{Pos: at, Var: nz}
}
