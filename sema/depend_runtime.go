package sema

import (
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/depend"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Package depend finds the conditions of Note [run-time independence]
// (depend.RuntimeConds); guardedNest builds the IF over them.

// guardedNest returns an IF that runs the parallel nest n when the
// conditions conds hold and a serial launch of DO nest s otherwise, and
// warns which runs when (Note [run-time independence]). before is the
// number of diagnostics before n was lowered; why says what the proof
// needs.
func (l *lowerer) guardedNest(s *ast.DoStmt, dir *loopDir, source string, n *ir.Nest, conds []depend.Poly, why string, before int) ir.Stmt {
	kept := append([]diag.Diagnostic(nil), l.c.diags.Items[before:]...)
	serial := l.serialLaunch(s, source)
	for _, d := range l.c.diags.Items[before+len(kept):] {
		if d.Severity == diag.Error { // the parallel lowering reported the rest
			kept = append(kept, d)
		}
	}
	l.c.diags.Items = append(l.c.diags.Items[:before], kept...)
	text := make([]string, len(conds))
	for i, p := range conds {
		text[i] = p.String() + " >= 0"
	}
	what := "DO"
	if dir != nil {
		what = source
	}
	l.c.diags.Warn(codeLoopSerial, s.Pos, "this %s nest runs in parallel when %s and serially, on one work-item, otherwise (the host tests it at each launch): %s", what, strings.Join(text, " and "), why).
		WithHint("to run it in parallel always, make the write one-to-one for every size, or write the loop as DO CONCURRENT if its iterations are independent")
	return &ir.If{Pos: s.Pos, Cond: condExpr(conds, s.Pos), Then: []ir.Stmt{n}, Else: []ir.Stmt{serial}}
}

// condExpr returns the logical expression p1 >= 0 .and. p2 >= 0 ...,
// computed in integer(8).
func condExpr(conds []depend.Poly, at diag.Span) ir.Expr {
	tests := make([]ir.Expr, len(conds))
	for i, p := range conds {
		tests[i] = &ir.Binary{Pos: at, Op: ir.Ge, X: p.Expr(at), Y: &ir.Const{Pos: at, Kind: ir.Long}, T: ir.Type{Kind: ir.Logical}}
	}
	return conjunction(tests)
}
