package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [vector subscripts of constructors]
//
// A top-level array assignment whose left-hand side has a vector
// subscript written as an array constructor of k scalars,
//
//	u([ims, ime], :) = 0
//	h([ims, ime], :) = h([ims+1, ime-1], :)
//
// is k array assignments, the i-th with the constructor's i-th element as
// a scalar subscript, every array section of the right-hand side taking
// the i-th element of its own constructor in the same section dimension
// (a right-hand side of another shape is vector-subscript). Fortran
// evaluates the whole right-hand side before it assigns: when the
// right-hand side reads the assigned array, each part writes its values
// into a temporary first (Note [updates through a temporary]) and the
// copies into the array follow all of them, so no part reads what
// another wrote. The constructor's elements must differ, as Fortran
// requires of a vector subscript that is assigned. A part that is a
// single element (a rank-1 array) that reads its own array is
// vector-subscript: it has no temporary.

// vectorAssign lowers top-level assignment s when its left-hand side has
// a vector subscript of a constructor (Note [vector subscripts of
// constructors]); ok is false when it has none.
func (l *lowerer) vectorAssign(s *ast.AssignStmt) (out []ir.Stmt, ok bool) {
	lhs, isCall := s.LHS.(*ast.Call)
	if !isCall || s.Pointer {
		return nil, false
	}
	at, r := -1, 0 // the vector's argument, and its section dimension
	for i, a := range lhs.Args {
		if _, v := a.Value.(*ast.ArrayCons); v && !a.Section {
			if at >= 0 {
				l.errorf(codeVectorSubscript, a.Pos, "the left-hand side has two vector subscripts; forocl splits an assignment at one").
					WithHint("write one assignment per element of one of them")
				return nil, true
			}
			at = i
		} else if at < 0 && a.Section {
			r++
		}
	}
	if at < 0 {
		return nil, false
	}
	elems := lhs.Args[at].Value.(*ast.ArrayCons).Elems
	self := refers(s.RHS, lhs.Name.Name)
	var parts []*ast.AssignStmt
	for i, e := range elems {
		p := &ast.Call{Pos: lhs.Pos, Name: lhs.Name, Args: append([]ast.Arg(nil), lhs.Args...)}
		p.Args[at].Value = e
		rhs, good := vectorElem(s.RHS, r, i, len(elems))
		if !good || l.namesWholeArray(rhs) {
			l.errorf(codeVectorSubscript, s.RHS.Span(), "the right-hand side does not take a vector subscript of %d elements in section dimension %d, as the left-hand side does", len(elems), r+1).
				WithHint("write one assignment per element of the vector subscript")
			return nil, true
		}
		if self && !isSectionRef(p) {
			l.errorf(codeVectorSubscript, s.LHS.Span(), "each element of this vector subscript is one element of %q, which the right-hand side reads; Fortran reads the whole right-hand side first", lhs.Name.Orig).
				WithHint("assign the values to a second array first")
			return nil, true
		}
		parts = append(parts, &ast.AssignStmt{Pos: s.Pos, LHS: p, RHS: rhs})
	}
	if !self {
		for _, p := range parts {
			out = append(out, l.withHoisted(func() []ir.Stmt { return l.topAssign(p) })...)
		}
		return out, true
	}
	var copies []ir.Stmt
	l.loop.forceTemp = true
	defer func() { l.loop.forceTemp = false }()
	for _, p := range parts {
		st := l.withHoisted(func() []ir.Stmt { return l.topAssign(p) })
		if len(st) < 2 {
			return nil, true // reported
		}
		out = append(out, st[:len(st)-1]...)
		copies = append(copies, st[len(st)-1])
	}
	return append(out, copies...), true
}

// vectorElem returns e with each array section in it taking the i-th
// element (of k) of the constructor that is its section dimension r;
// false when a section has no such constructor there, or e names a
// whole array.
func vectorElem(e ast.Expr, r, i, k int) (ast.Expr, bool) {
	good := true
	out := mapCalls(e, func(c *ast.Call) ast.Expr {
		d := 0
		for j, a := range c.Args {
			cons, v := a.Value.(*ast.ArrayCons)
			if !a.Section && !v {
				continue
			}
			if d == r {
				if !v || a.Section || len(cons.Elems) != k {
					good = false
					return c
				}
				c.Args[j].Value = cons.Elems[i]
				return c
			}
			d++
		}
		if isSectionRef(c) {
			good = false // a section without dimension r
		}
		return c
	})
	return out, good
}

// namesWholeArray reports whether e names an array as a whole outside the
// arguments of inquiry functions (lbound(u, 1) reads no element), or
// holds an array constructor.
func (l *lowerer) namesWholeArray(e ast.Expr) bool {
	found := false
	walkValues(e, func(x ast.Expr) {
		switch x := x.(type) {
		case *ast.Ident:
			if sym := l.s.lookup(x.Name).sym; sym != nil && sym.rank() > 0 {
				found = true
			}
		case *ast.ArrayCons:
			found = true
		}
	})
	return found
}
