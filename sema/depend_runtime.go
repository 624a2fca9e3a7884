package sema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [run-time independence]
//
// The linear analysis (Note [linearised subscripts]) sometimes proves a
// write one-to-one only if a polynomial in the sizes is >= 0: a packed
// row of length x_max + x_inc + 2*depth over j in x_min-depth ..
// x_max+x_inc+depth does not overlap the next row only if x_min - 1 >= 0.
// The host knows the sizes when it launches, so forocl lowers such a
// nest twice: in parallel, and serially on one work-item (serialLaunch),
// under an IF on the condition that the host program evaluates like any
// host expression (an If step, Note [host program] in package abi). The
// condition is the conjunction of what the proof needed: the analysis is
// rerun with each condition taken as a fact until it proves the nest,
// or finds a conflict no condition would lift (then the nest is plainly
// serial). The conditions are computed in integer(8), so products of
// sizes do not overflow. The loop-serial warning says which way the
// nest runs when.

// maxRuntimeConds bounds how many conditions one nest may need.
const maxRuntimeConds = 4

// runtimeCond returns the conditions (each a polynomial >= 0) under which
// nest n, whose analysis found conflict c, is proven parallel, or nil
// when none suffice.
func (l *lowerer) runtimeCond(n *ir.Nest, c *conflict) []poly {
	var assume []poly
	for c != nil {
		if c.cond == nil || len(assume) == maxRuntimeConds || !hostKnown(c.cond) {
			return nil
		}
		assume = append(assume, c.cond)
		c = l.inPlaceAssuming(n, assume)
	}
	if carriedRead(n) != nil {
		return nil
	}
	return assume
}

// hostKnown reports whether the host knows every variable of p when it
// launches: scalar integer dummies and locals (the analysis already
// required them uniform over the nest).
func hostKnown(p poly) bool {
	for _, m := range p {
		for _, v := range m.vars {
			if v.Rank != 0 || !v.Kind.IsInt() || (v.Role != ir.Dummy && v.Role != ir.Local) {
				return false
			}
		}
	}
	return true
}

// guardedNest returns an IF that runs the parallel nest n when the
// conditions conds hold and a serial launch of DO nest s otherwise, and
// warns which runs when (Note [run-time independence]). before is the
// number of diagnostics before n was lowered; why says what the proof
// needs.
func (l *lowerer) guardedNest(s *ast.DoStmt, dir *loopDir, source string, n *ir.Nest, conds []poly, why string, before int) ir.Stmt {
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
func condExpr(conds []poly, at diag.Span) ir.Expr {
	tests := make([]ir.Expr, len(conds))
	for i, p := range conds {
		tests[i] = &ir.Binary{Pos: at, Op: ir.Ge, X: polyExpr(p, at), Y: &ir.Const{Pos: at, Kind: ir.Long}, T: ir.Type{Kind: ir.Logical}}
	}
	return conjunction(tests)
}

// polyExpr returns p as an integer(8) expression, its monomials in the
// order p.String spells them.
func polyExpr(p poly, at diag.Span) ir.Expr {
	long := ir.Type{Kind: ir.Long}
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] != "" && (keys[j] == "" || keys[i] < keys[j]) })
	var sum ir.Expr
	for _, k := range keys {
		m := p[k]
		var term ir.Expr
		if c := abs64(m.coef); c != 1 || len(m.vars) == 0 {
			term = &ir.Const{Pos: at, Kind: ir.Long, Int: c}
		}
		for _, v := range m.vars {
			var x ir.Expr = &ir.Ref{Pos: at, Var: v}
			if v.Kind != ir.Long {
				x = &ir.Convert{Pos: at, X: x, T: long}
			}
			if term == nil {
				term = x
			} else {
				term = &ir.Binary{Pos: at, Op: ir.Mul, X: term, Y: x, T: long}
			}
		}
		switch {
		case sum == nil && m.coef < 0:
			sum = &ir.Unary{Pos: at, Op: ir.Neg, X: term, T: long}
		case sum == nil:
			sum = term
		case m.coef < 0:
			sum = &ir.Binary{Pos: at, Op: ir.Sub, X: sum, Y: term, T: long}
		default:
			sum = &ir.Binary{Pos: at, Op: ir.Add, X: sum, Y: term, T: long}
		}
	}
	if sum == nil {
		return &ir.Const{Pos: at, Kind: ir.Long}
	}
	return sum
}

// conflictWhy says why nest n with conflict c is not proven parallel, ""
// when it is.
func conflictWhy(n *ir.Nest, c *conflict) string {
	if c != nil {
		return c.String()
	}
	if r := carriedRead(n); r != nil {
		return fmt.Sprintf("%q is read at %s before the iteration assigns it (a running sum or a recurrence)", r.Var.Name, pos(r.Pos))
	}
	return ""
}
