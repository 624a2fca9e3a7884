package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [strided loops]
//
// A parallel loop with a constant step c other than 1 or -1, do i = lo,
// hi, c, runs Fortran's max((hi - lo + c)/c, 0) iterations, lo, lo + c,
// ... Its nest ranges i over the unit-step range between lo and hi (lo..hi
// for c > 0, hi..lo for c < 0, empty exactly when the trip count is 0),
// and the body runs only where mod(i - lo, c) == 0 (mod(lo - i, -c) for
// c < 0): the iterations of the loop, each once, in one work-item each.
// The dependence analysis sees the accesses over the whole range, a
// superset of the loop's, so what it proves holds for the loop too; a
// nest it cannot prove is lowered again with the loops from the first
// strided one on in order inside each work-item (as before strided loops
// could be parallel), and runs serially if that fails too. The
// work-items off the stride do nothing: a launch has |c| times the
// loop's iterations.

// strideGuard returns the test that index v, of a loop from lo with
// constant step step, is one of the loop's values.
func strideGuard(v *ir.Var, lo ir.Affine, step int64, at diag.Span) ir.Expr {
	typ := ir.Type{Kind: v.Kind}
	var first ir.Expr = affineExpr(lo, at)
	if v.Kind != first.Type().Kind {
		first = &ir.Convert{Pos: at, X: first, T: typ}
	}
	var diff ir.Expr = &ir.Binary{Pos: at, Op: ir.Sub, X: &ir.Ref{Pos: at, Var: v}, Y: first, T: typ}
	if step < 0 {
		diff = &ir.Binary{Pos: at, Op: ir.Sub, X: first, Y: &ir.Ref{Pos: at, Var: v}, T: typ}
		step = -step
	}
	mod := &ir.Intrinsic{Pos: at, ID: ir.FnMod, Args: []ir.Expr{diff, &ir.Const{Pos: at, Kind: v.Kind, Int: step}}, T: typ}
	return &ir.Binary{Pos: at, Op: ir.Eq, X: mod, Y: &ir.Const{Pos: at, Kind: v.Kind}, T: ir.Type{Kind: ir.Logical}}
}

// conjunction returns the logical and of tests, nil when there are none.
func conjunction(tests []ir.Expr) ir.Expr {
	var out ir.Expr
	for _, t := range tests {
		if out == nil {
			out = t
		} else {
			out = &ir.Binary{Pos: t.Span(), Op: ir.And, X: out, Y: t, T: ir.Type{Kind: ir.Logical}}
		}
	}
	return out
}

// firstStrided returns the position of the first loop of loops whose
// step is not absent, 1 or -1, or len(loops).
func firstStrided(loops []nestLoop) int {
	for i, lp := range loops {
		if lp.step != nil && !unitLiteral(lp.step) {
			return i
		}
	}
	return len(loops)
}

// unitLiteral reports whether step is 1 or -1 as written.
func unitLiteral(step ast.Expr) bool {
	for {
		switch x := step.(type) {
		case *ast.Paren:
			step = x.X
		case *ast.Unary:
			step = x.X
		case *ast.IntLit:
			return x.Value == 1
		default:
			return false
		}
	}
}
