package sema

import (
	"strings"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [elemental kernels]
//
// A pure elemental subroutine is checked and lowered as scalar code (its
// dummies scalars, l.scalar set), and the warnings pass reads it so. Then
// elementalNest turns it into a loop kernel of one parallel nest, the
// form every other kernel has:
//
//	subroutine axpby(x, y, z)          ->   subroutine axpby(x, y, z)  ! n: a size
//	  real, intent(in) :: x, y               real, intent(in) :: x(n), y(n)
//	  real, intent(out) :: z                 real, intent(out) :: z(n)
//	  z = alpha*x + beta*y                   do concurrent (_i1 = 1:n)
//	                                           z(_i1) = alpha*x(_i1) + beta*y(_i1)
//
// Every dummy becomes an explicit-shape array a(n), n a size of the
// kernel that no dummy names (like an assumed-shape extent, it is bound
// from the arrays' shapes), and every reference to a dummy the element
// _i1 of it. Explicit-shape dummies accept an actual array of any rank
// with as many elements (Fortran's sequence association), which is how an
// elemental kernel takes arrays of any shape: the dummies are marked
// ir.Var.Sequence, and the ABI says it per parameter (abi.Param.Sequence).
// A RETURN ends the element's work: the statements after an IF whose
// branch returns move into its other branch, and where both may fall
// through, a logical local _returned guards what follows
// (dropReturns), so the nest's body is structured code.

// elementalNest rewrites elemental kernel k, lowered as scalar code, as a
// loop kernel of one nest (Note [elemental kernels]).
func elementalNest(k *ir.Kernel) {
	taken := map[string]bool{}
	for _, v := range append(append([]*ir.Var(nil), k.Params...), k.Locals...) {
		taken[strings.ToLower(v.Name)] = true
	}
	name := "n"
	for taken[name] {
		name += "_"
	}
	n := &ir.Var{Name: name, Kind: ir.Int, Role: ir.Local, Pos: k.Pos}
	i := &ir.Var{Name: "_i1", Kind: ir.Int, Role: ir.Local, Pos: k.Pos}
	one := ir.Affine{Const: 1}
	nAff := ir.Affine{Terms: []ir.Term{{Coef: 1, Var: n}}}
	iAff := ir.Affine{Terms: []ir.Term{{Coef: 1, Var: i}}}
	dummy := map[*ir.Var]bool{}
	for _, v := range k.Params {
		dummy[v] = true
		v.Rank, v.Sequence = 1, true
		v.Bounds = []ir.Bound{{Lo: one, Hi: nAff}}
	}
	elem := func(r *ir.Ref) ir.Expr {
		if !dummy[r.Var] {
			return r
		}
		return &ir.Elem{Pos: r.Pos, Var: r.Var, Index: []ir.Expr{&ir.Ref{Pos: r.Pos, Var: i}}, Access: []ir.Affine{iAff}}
	}
	var flag *ir.Var
	body := dropReturns(k.Body, func() *ir.Var {
		if flag == nil {
			flag = &ir.Var{Name: "_returned", Kind: ir.Logical, Role: ir.Local, Pos: k.Pos}
		}
		return flag
	})
	if flag != nil {
		body = append([]ir.Stmt{setFlag(flag, k.Pos, false)}, body...)
	}
	mapStmts(body, elem)
	k.Locals = append([]*ir.Var{n, i}, k.Locals...)
	if flag != nil {
		k.Locals = append(k.Locals, flag)
	}
	k.Sizes = []*ir.Var{n}
	k.Rank = 0
	k.Body = []ir.Stmt{&ir.Nest{Pos: k.Pos, Source: "elemental subroutine", Index: []*ir.Var{i}, Lo: []ir.Affine{one}, Hi: []ir.Affine{nAff}, Body: body}}
}

// dropReturns rewrites list without Return statements (Note [elemental
// kernels]); flag gives the logical local that records a RETURN taken
// where the statements after it cannot move into a branch.
func dropReturns(list []ir.Stmt, flag func() *ir.Var) []ir.Stmt {
	var out []ir.Stmt
	for j, s := range list {
		switch s := s.(type) {
		case *ir.Return:
			return out
		case *ir.If:
			if !mayReturn(s) {
				out = append(out, s)
				continue
			}
			rest := list[j+1:]
			x := &ir.If{Pos: s.Pos, Cond: s.Cond}
			switch thenR, elseR := alwaysReturns(s.Then), alwaysReturns(s.Else); {
			case thenR:
				x.Then, x.Else = dropReturns(s.Then, flag), dropReturns(join(s.Else, rest), flag)
			case elseR:
				x.Then, x.Else = dropReturns(join(s.Then, rest), flag), dropReturns(s.Else, flag)
			default:
				// A RETURN on some paths of a branch that falls through:
				// it sets the flag, which guards the rest.
				f := flag()
				x.Then, x.Else = flagReturns(s.Then, f, flag), flagReturns(s.Else, f, flag)
				out = append(out, x)
				if len(rest) > 0 {
					out = append(out, &ir.If{Pos: s.Pos, Cond: not(&ir.Ref{Pos: s.Pos, Var: f}), Then: dropReturns(rest, flag)})
				}
				return out
			}
			if len(x.Then) == 0 {
				x.Cond, x.Then, x.Else = not(x.Cond), x.Else, nil
			}
			return append(out, x)
		default:
			out = append(out, s)
		}
	}
	return out
}

// flagReturns is dropReturns for a branch whose RETURNs set f: each
// RETURN keeps its place, with "f = .true." before it, for dropReturns
// to drop what follows.
func flagReturns(list []ir.Stmt, f *ir.Var, flag func() *ir.Var) []ir.Stmt {
	return dropReturns(markReturns(list, f), flag)
}

// markReturns puts "f = .true." before every RETURN of list that has
// none.
func markReturns(list []ir.Stmt, f *ir.Var) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Return:
			if !setsFlag(out, f) { // marked already, in an enclosing branch
				out = append(out, setFlag(f, s.Pos, true))
			}
			out = append(out, s)
		case *ir.If:
			out = append(out, &ir.If{Pos: s.Pos, Cond: s.Cond, Then: markReturns(s.Then, f), Else: markReturns(s.Else, f)})
		default:
			out = append(out, s)
		}
	}
	return out
}

// setsFlag reports whether list ends with an assignment to f.
func setsFlag(list []ir.Stmt, f *ir.Var) bool {
	if len(list) == 0 {
		return false
	}
	a, ok := list[len(list)-1].(*ir.Assign)
	if !ok {
		return false
	}
	r, ok := a.LHS.(*ir.Ref)
	return ok && r.Var == f
}

// not is .not. c, without a double negation.
func not(c ir.Expr) ir.Expr {
	if u, ok := c.(*ir.Unary); ok && u.Op == ir.Not {
		return u.X
	}
	return &ir.Unary{Pos: c.Span(), Op: ir.Not, X: c, T: ir.Type{Kind: ir.Logical}}
}

func setFlag(f *ir.Var, at diag.Span, v bool) ir.Stmt {
	return &ir.Assign{Pos: at, LHS: &ir.Ref{Pos: at, Var: f}, RHS: &ir.Const{Pos: at, Kind: ir.Logical, Bool: v}}
}

func join(a, b []ir.Stmt) []ir.Stmt { return append(append([]ir.Stmt(nil), a...), b...) }

// mayReturn reports whether a RETURN is reachable inside s.
func mayReturn(s ir.Stmt) bool {
	switch s := s.(type) {
	case *ir.Return:
		return true
	case *ir.If:
		return mayReturnList(s.Then) || mayReturnList(s.Else)
	}
	return false
}

func mayReturnList(list []ir.Stmt) bool {
	for _, s := range list {
		if mayReturn(s) {
			return true
		}
	}
	return false
}

// alwaysReturns reports whether every path through list ends in a RETURN.
func alwaysReturns(list []ir.Stmt) bool {
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Return:
			return true
		case *ir.If:
			if alwaysReturns(s.Then) && alwaysReturns(s.Else) {
				return true
			}
		}
	}
	return false
}

// mapStmts replaces, in place, every Ref in the expressions of list by
// f's result.
func mapStmts(list []ir.Stmt, f func(*ir.Ref) ir.Expr) {
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Assign:
			s.LHS, s.RHS = mapExpr(s.LHS, f), mapExpr(s.RHS, f)
			if s.Mask != nil {
				s.Mask = mapExpr(s.Mask, f)
			}
		case *ir.If:
			s.Cond = mapExpr(s.Cond, f)
			mapStmts(s.Then, f)
			mapStmts(s.Else, f)
		}
	}
}

// mapExpr replaces, in place, every Ref in e by f's result and returns e.
func mapExpr(e ir.Expr, f func(*ir.Ref) ir.Expr) ir.Expr {
	switch e := e.(type) {
	case *ir.Ref:
		return f(e)
	case *ir.Unary:
		e.X = mapExpr(e.X, f)
	case *ir.Binary:
		e.X, e.Y = mapExpr(e.X, f), mapExpr(e.Y, f)
	case *ir.Convert:
		e.X = mapExpr(e.X, f)
	case *ir.Intrinsic:
		for j := range e.Args {
			e.Args[j] = mapExpr(e.Args[j], f)
		}
	case *ir.Call:
		for j := range e.Args {
			e.Args[j] = mapExpr(e.Args[j], f)
		}
	}
	return e
}
