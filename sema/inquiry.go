package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// shapeInquiry lowers size(a), size(a, d), lbound(a, d) and ubound(a, d)
// (the ClassShape rows of ir.Intrinsics) of an array dummy of a loop kernel to the affine form of its declared
// bounds (an assumed-shape array's extent is a size of the kernel, such as
// a_n1), so that loops written do i = 1, size(a) have affine bounds. It
// reports false for anything else; an argument it cannot read is an error
// (reported, nil, true).
func (l *lowerer) shapeInquiry(e *ast.Call) (ir.Expr, bool) {
	name := e.Name.Name
	in, shape := ir.Lookup(name, ir.ClassShape)
	if l.loop == nil || !shape || len(e.Args) < in.Min || len(e.Args) > in.Max {
		return nil, false
	}
	id, ok := e.Args[0].Value.(*ast.Ident)
	if !ok || e.Args[0].Keyword != nil {
		return nil, false
	}
	ent := l.s.lookup(id.Name)
	if ent.sym == nil {
		return nil, false
	}
	v := l.vars[ent.sym]
	if v == nil || v.Rank == 0 || len(v.Bounds) != v.Rank {
		return nil, false
	}
	d := 0
	switch {
	case len(e.Args) == 2:
		a := e.Args[1]
		if a.Keyword != nil && a.Keyword.Name != "dim" {
			return nil, false
		}
		c, err := l.c.evalConst(l.s, l.env, a.Value)
		if err != nil || c.isArr || c.kind != ir.Int || c.i < 1 || int(c.i) > v.Rank {
			l.errorf(codeLoopBound, a.Value.Span(), "the dimension of %s(%s, ...) must be a constant from 1 to %d", e.Name.Orig, v.Name, v.Rank)
			return nil, true
		}
		d = int(c.i) - 1
	case v.Rank > 1 && name == "size" && !l.loop.inBound:
		return l.sizeProduct(v, e.Pos), true
	case v.Rank > 1:
		l.errorf(codeLoopBound, e.Pos, "%s of rank-%d array %q needs a dimension, such as %s(%s, 1)", e.Name.Orig, v.Rank, v.Name, e.Name.Orig, v.Name)
		return nil, true
	}
	b := v.Bounds[d]
	a := l.boundForm(name, b)
	return affineExpr(a, e.Pos), true
}

// boundForm is the affine form of size, lbound or ubound (name) of one
// dimension b of a loop kernel's array; its sizes are the kernel's.
func (l *lowerer) boundForm(name string, b ir.Bound) ir.Affine {
	var a ir.Affine
	switch name {
	case "size":
		a = b.Extent()
	case "lbound":
		a = b.Lo
	default:
		a = b.Hi
	}
	for _, t := range a.Terms {
		l.loop.sizes[t.Var] = true
	}
	return a
}

// sizeProduct is size(v) of a rank-2 or more array: the product of its
// extents, which is no affine form (the loop bounds that need one refuse
// it as they refuse any product of sizes).
func (l *lowerer) sizeProduct(v *ir.Var, at diag.Span) ir.Expr {
	var x ir.Expr
	for _, b := range v.Bounds {
		n := affineExpr(l.boundForm("size", b), at)
		if x == nil {
			x = n
		} else {
			x = &ir.Binary{Pos: at, Op: ir.Mul, X: x, Y: n, T: ir.Type{Kind: ir.Int}}
		}
	}
	return x
}
