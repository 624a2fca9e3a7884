package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [cshift]
//
// In an array assignment of a loop kernel (Note [array assignments]),
// cshift(a, s[, dim]) reads operand a circularly shifted: along dimension
// dim (1 by default) the element at position k (counting from 0) is a's
// element at position modulo(k + s, n), n its extent there, as in
// dx = x - cshift(x, -1), the textbooks' periodic difference. a is an
// array or a section with stride 1 along dim, s a scalar integer. The
// operand is lowered as any other (sectionElem: the element a(first + k)
// the implicit iteration reads), and its subscript along dim becomes
// first + modulo(sub - first + s, n): a computed subscript (ir.Computed),
// always inside the section, which the in-place check treats as any
// gather. cshift elsewhere (inside a parallel loop, of an expression, an
// array shift) is refused.

// cshift lowers a cshift call in an array assignment's RHS.
func (l *lowerer) cshift(e *ast.Call) ir.Expr {
	args := map[string]ast.Expr{}
	for i, a := range e.Args {
		name := ""
		switch {
		case a.Keyword != nil:
			name = a.Keyword.Name
		case i < 3:
			name = []string{"array", "shift", "dim"}[i]
		}
		if a.Section || (name != "array" && name != "shift" && name != "dim") || args[name] != nil {
			l.errorf(codeUnsupportedIntrinsic, a.Pos, "cshift takes array, shift and dim")
			return nil
		}
		args[name] = a.Value
	}
	if args["array"] == nil || args["shift"] == nil {
		l.errorf(codeUnsupportedIntrinsic, e.Pos, "cshift takes an array and a shift")
		return nil
	}
	id, call := arrayRef(args["array"])
	var v *ir.Var
	if id != nil {
		if sym := l.s.lookup(id.Name).sym; sym != nil {
			v = l.vars[sym]
		}
	}
	if v == nil || v.Rank == 0 || v.Elems > 0 || call != nil && !isSectionRef(call) {
		l.errorf(codeUnsupportedIntrinsic, args["array"].Span(), "cshift of %s is not supported; forocl shifts an array or a section of one", spell(args["array"])).
			WithHint("shift the arrays of the expression one by one, such as cshift(a, 1) + cshift(b, 1)")
		return nil
	}
	dim := int64(1)
	if x := args["dim"]; x != nil {
		c, err := l.c.evalConst(l.s, l.env, x)
		if err != nil || c.isArr || c.kind != ir.Int {
			l.errorf(codeUnsupportedIntrinsic, x.Span(), "the dim of cshift must be an integer constant")
			return nil
		}
		dim = c.i
	}
	shift := l.expr(args["shift"])
	elem, dims := l.sectionElem(id, call, v)
	if elem == nil || shift == nil {
		return nil
	}
	if t := shift.Type(); t.Rank != 0 || !t.Kind.IsInt() || hasElem(shift) {
		l.errorf(codeUnsupportedIntrinsic, args["shift"].Span(), "the shift of cshift must be a scalar integer")
		return nil
	}
	return l.shifted(elem, dims, dim, shift, e)
}

// shifted rewrites elem's subscript along the dim-th triplet of dims into
// the circular shift by shift (Note [cshift]).
func (l *lowerer) shifted(elem *ir.Elem, dims []secDim, dim int64, shift ir.Expr, e *ast.Call) ir.Expr {
	q := int64(0)
	for p, d := range dims {
		if !d.isTriplet {
			continue
		}
		if q++; q != dim {
			continue
		}
		n, exact := extent(d.acc, d.hi, d.step)
		if d.step != 1 || !exact {
			l.errorf(codeUnsupportedIntrinsic, e.Pos, "cshift of a section with a stride is not supported")
			return nil
		}
		idx := elem.Index[p]
		k := idx.Type().Kind
		first := l.conv(affineExpr(d.acc, e.Pos), k)
		pos := &ir.Binary{Pos: e.Pos, Op: ir.Add, X: &ir.Binary{Pos: e.Pos, Op: ir.Sub, X: idx, Y: first, T: ir.Type{Kind: k}}, Y: l.conv(shift, k), T: ir.Type{Kind: k}}
		wrapped := &ir.Intrinsic{Pos: e.Pos, ID: ir.FnModulo, Args: []ir.Expr{pos, l.conv(affineExpr(n, e.Pos), k)}, T: ir.Type{Kind: k}}
		elem.Index[p] = &ir.Binary{Pos: e.Pos, Op: ir.Add, X: l.conv(affineExpr(d.acc, e.Pos), k), Y: wrapped, T: ir.Type{Kind: k}}
		elem.Access[p] = ir.Computed(e.Pos)
		return elem
	}
	l.errorf(codeUnsupportedIntrinsic, e.Pos, "the dim of cshift must be from 1 to %d", q)
	return nil
}

// arrayRef is the array an expression names: a whole array (id) or a
// section (call).
func arrayRef(x ast.Expr) (*ast.Ident, *ast.Call) {
	switch x := x.(type) {
	case *ast.Ident:
		return x, nil
	case *ast.Call:
		return &x.Name, x
	}
	return nil, nil
}

// hasElem reports whether x reads an array element: in an array
// assignment, an array operand (a shift array, which Fortran's cshift
// takes only for arrays of rank 2 or more).
func hasElem(x ir.Expr) bool {
	found := false
	ir.Rewrite(x, func(e ir.Expr) (ir.Expr, bool) {
		_, ok := e.(*ir.Elem)
		found = found || ok
		return e, ok
	})
	return found
}
