package depend

import (
	"fmt"
	"sort"

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

// RuntimeConds returns the conditions (each a polynomial >= 0) under which
// nest in.N, whose analysis found conflict c, is proven parallel, or nil
// when none suffice.
func RuntimeConds(in *Nest, c *Conflict) []Poly {
	var assume []Poly
	for c != nil {
		if c.Cond == nil || len(assume) == maxRuntimeConds || !hostKnown(c.Cond) {
			return nil
		}
		assume = append(assume, c.Cond)
		c = inPlaceAssuming(in, assume)
	}
	if CarriedRead(in.N) != nil {
		return nil
	}
	return assume
}

// hostKnown reports whether the host knows every variable of p when it
// launches: scalar integer dummies and locals (the analysis already
// required them uniform over the nest).
func hostKnown(p Poly) bool {
	for _, m := range p {
		for _, v := range m.vars {
			if v.Rank != 0 || !v.Kind.IsInt() || (v.Role != ir.Dummy && v.Role != ir.Local) {
				return false
			}
		}
	}
	return true
}

// Expr returns p as an integer(8) expression, its monomials in the
// order p.String spells them.
func (p Poly) Expr(at diag.Span) ir.Expr {
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

// Why says why nest n with conflict c is not proven parallel, ""
// when it is.
func Why(n *ir.Nest, c *Conflict) string {
	if c != nil {
		return c.String()
	}
	if r := CarriedRead(n); r != nil {
		return fmt.Sprintf("%q is read at %s before the iteration assigns it (a running sum or a recurrence)", r.Var.Name, Pos(r.Pos))
	}
	return ""
}
