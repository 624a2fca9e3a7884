package sema

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [inquiries of associated dummies]
//
// size, lbound, ubound and shape of an array dummy of an inlined
// subroutine (Note [array arguments of inlined calls]), a(:) that a
// section x(2:m, i) was passed to or the component s%data of a structure
// dummy, ask about the dummy, not about the caller's array that its
// references become: an assumed-shape dummy counts from its declared lower
// bound (1 when left out) and has the section's extents; an explicit-shape
// dummy has its declared bounds; an allocatable dummy (a structure's
// allocatable component among them) has the actual's bounds. inquiries
// writes each such call, before the references are rewritten, as the same
// inquiry of the caller's array where the dummy stands for a whole
// dimension of it (affine, so that a loop over it can still be a nest),
// else as arithmetic on the section's bounds: extent max(0, (hi - lo +
// st)/st), as F2018 9.5.3.3.2 counts it. The dimension must be a constant,
// or a dummy that the call passes a constant (call-array-argument).

// inquiries rewrites the shape inquiries of dummy a.d in body, of the
// callee's scope s (Note [inquiries of associated dummies]).
func (a *arrayAssoc) inquiries(l *lowerer, s *scope, body []ast.Stmt) ([]ast.Stmt, bool) {
	ok := true
	out := mapStmtExprs(body, func(e ast.Expr) ast.Expr {
		return rewriteExpr(e, func(x ast.Expr) ast.Expr {
			c, is := x.(*ast.Call)
			if !is || !inquiries[c.Name.Name] || c.Name.Name == "kind" || len(c.Args) == 0 || len(c.Args) > 2 {
				return x
			}
			if id, isID := c.Args[0].Value.(*ast.Ident); !isID || id.Name != a.d.name || c.Args[0].Keyword != nil && c.Args[0].Keyword.Name != "array" {
				return x
			}
			if ent := s.lookup(c.Name.Name); ent.sym != nil || ent.proc != nil {
				return x // a procedure or variable of that name
			}
			r, good := a.inquiry(l, s, c)
			ok = ok && good
			return r
		})
	})
	return out, ok
}

// inquiry is one inquiry c of the dummy, or c and false (reported).
func (a *arrayAssoc) inquiry(l *lowerer, s *scope, c *ast.Call) (ast.Expr, bool) {
	name, pos := c.Name.Name, c.Pos
	per := func(m int) ast.Expr {
		switch name {
		case "lbound":
			return a.lboundOf(m, pos)
		case "ubound":
			return a.uboundOf(m, pos)
		}
		return a.extentOf(m, pos)
	}
	if len(c.Args) == 2 {
		dim := c.Args[1]
		v, err := l.c.evalConst(s, l.callEnv, dim.Value)
		if name == "shape" || dim.Keyword != nil && dim.Keyword.Name != "dim" || err != nil || v.isArr || v.kind != ir.Int || v.i < 1 || int(v.i) > a.d.rank() {
			l.errorf(codeCallArrayArgument, dim.Pos, "%s of array dummy %q takes a constant dimension from 1 to %d here", c.Name.Orig, a.d.orig, a.d.rank())
			return c, false
		}
		return per(int(v.i) - 1), true
	}
	if name == "size" {
		out := a.extentOf(0, pos)
		for m := 1; m < a.d.rank(); m++ {
			out = &ast.Binary{Pos: pos, Op: "*", X: paren(out), Y: paren(a.extentOf(m, pos))}
		}
		return out, true
	}
	cons := &ast.ArrayCons{Pos: pos}
	for m := range a.d.rank() {
		cons.Elems = append(cons.Elems, per(m))
	}
	return cons, true
}

// actualDim is the dimension of the actual array (from 0) that the m-th
// dimension of the dummy stands for.
func (a *arrayAssoc) actualDim(m int) int {
	for j, dim := range a.dims {
		if dim.fixed == nil {
			if m == 0 {
				return j
			}
			m--
		}
	}
	return -1
}

// ofActual is inquiry name of the actual's dimension that the dummy's
// m-th stands for.
func (a *arrayAssoc) ofActual(name string, m int, pos diag.Span) ast.Expr {
	k := a.actualDim(m) + 1
	return &ast.Call{Pos: pos, Name: ast.Ident{Pos: pos, Name: name, Orig: name},
		Args: []ast.Arg{{Pos: pos, Value: ptr(a.aliasAt(pos))}, {Pos: pos, Value: intLit(int64(k))}}}
}

// extentOf is the extent of the dummy's m-th dimension.
func (a *arrayAssoc) extentOf(m int, pos diag.Span) ast.Expr {
	dim := a.dims[a.actualDim(m)]
	switch {
	case a.through, a.dhi[m] == nil && dim.whole && dim.hi == nil:
		return a.ofActual("size", m, pos)
	case a.dhi[m] != nil:
		return a.count(a.dlo[m], a.dhi[m], nil, pos)
	}
	hi := dim.hi
	if hi == nil {
		hi = a.ofActual("ubound", m, pos)
	}
	return a.count(a.sectionLo(dim, m), hi, dim.st, pos)
}

// count is the number of values lo:hi:st, max(0, (hi - lo + st)/st).
func (a *arrayAssoc) count(lo, hi, st ast.Expr, pos diag.Span) ast.Expr {
	n := ast.Expr(&ast.Binary{Pos: pos, Op: "-", X: paren(hi), Y: paren(lo)})
	if st == nil {
		n = &ast.Binary{Pos: pos, Op: "+", X: n, Y: intLit(1)}
	} else {
		n = &ast.Binary{Pos: pos, Op: "/", X: paren(&ast.Binary{Pos: pos, Op: "+", X: n, Y: paren(st)}), Y: paren(st)}
	}
	return &ast.Call{Pos: pos, Name: ast.Ident{Pos: pos, Name: "max", Orig: "max"},
		Args: []ast.Arg{{Pos: pos, Value: intLit(0)}, {Pos: pos, Value: n}}}
}

// lboundOf is the lower bound of the dummy's m-th dimension: 1 where it
// has no elements (F2018 16.9.109).
func (a *arrayAssoc) lboundOf(m int, pos diag.Span) ast.Expr {
	if a.through {
		return a.ofActual("lbound", m, pos)
	}
	if sameLower(a.dlo[m], intLit(1)) {
		return intLit(1)
	}
	return a.ifNotEmpty(m, a.dlo[m], 1, pos)
}

// uboundOf is the upper bound of the dummy's m-th dimension: 0 where it
// has no elements.
func (a *arrayAssoc) uboundOf(m int, pos diag.Span) ast.Expr {
	if a.through {
		return a.ofActual("ubound", m, pos)
	}
	ext := a.extentOf(m, pos)
	if sameLower(a.dlo[m], intLit(1)) {
		return ext
	}
	hi := &ast.Binary{Pos: pos, Op: "-", X: &ast.Binary{Pos: pos, Op: "+", X: paren(a.dlo[m]), Y: paren(ext)}, Y: intLit(1)}
	return a.ifNotEmpty(m, hi, 0, pos)
}

// ifNotEmpty is merge(x, empty, extent > 0) for the dummy's m-th
// dimension.
func (a *arrayAssoc) ifNotEmpty(m int, x ast.Expr, empty int64, pos diag.Span) ast.Expr {
	cond := &ast.Binary{Pos: pos, Op: ">", X: paren(a.extentOf(m, pos)), Y: intLit(0)}
	return &ast.Call{Pos: pos, Name: ast.Ident{Pos: pos, Name: "merge", Orig: "merge"},
		Args: []ast.Arg{{Pos: pos, Value: x}, {Pos: pos, Value: intLit(empty)}, {Pos: pos, Value: cond}}}
}

func paren(x ast.Expr) ast.Expr { return &ast.Paren{Pos: x.Span(), X: x} }

func intLit(v int64) *ast.IntLit { return &ast.IntLit{Value: v, Text: fmt.Sprint(v)} }

func ptr[T any](v T) *T { return &v }
