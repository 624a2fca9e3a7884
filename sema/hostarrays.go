package sema

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [small host arrays]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// Legacy kernels keep a few integers in a small local array: ub =
// ubound(A), then loops bounded by ub(1) and ub(2). The array is a
// private array of each work-item inside nests, and the host program has
// no arrays at all, so such a kernel would be refused (loop-construct,
// loop-guard-array, host-var). When every use of a local integer or
// logical array of rank 1 with constant bounds (at most maxHostElems
// elements) names an element by a constant subscript, or assigns the
// whole array from UBOUND, LBOUND or SHAPE of an array, an array
// constructor of its size or a scalar, the array is as good as that many
// scalar locals: scalarHostArrays rewrites the kernel's body before it is
// lowered, ub(2) becoming the local ub_2 (a fresh name) and ub = ubound(A)
// the assignments ub_1 = ubound(A, 1) and ub_2 = ubound(A, 2). The
// scalars are then host values like any other (bounds, host variables,
// _host_ arguments). A use of any other form leaves the array as it is,
// for the rules of local arrays.

// maxHostElems bounds the arrays Note [small host arrays] takes.
const maxHostElems = 16

// scalarHostArrays rewrites body for the small local arrays of Note
// [small host arrays]; body itself when there are none.
func (l *lowerer) scalarHostArrays(body []ast.Stmt) []ast.Stmt {
	for _, sym := range append([]*symbol(nil), l.s.order...) {
		lo, n, ok := l.smallArray(sym)
		if !ok {
			continue
		}
		h := &hostArray{l: l, sym: sym, lo: lo, elems: make([]*symbol, n)}
		out, ok := h.stmts(body)
		if !ok || h.uses(out) {
			h.drop()
			continue
		}
		body = out
		if l.loop.replaced == nil {
			l.loop.replaced = map[*symbol]bool{}
		}
		l.loop.replaced[sym] = true
	}
	return body
}

// smallArray reports whether sym is a local integer or logical array of
// rank 1 with constant bounds lo:lo+n-1, 1 <= n <= maxHostElems.
func (l *lowerer) smallArray(sym *symbol) (lo, n int64, ok bool) {
	if sym.dummy || sym.param || sym.pointer || sym.alloc || sym.save || sym.init != nil || sym.rank() != 1 || sym.dims[0].Deferred {
		return 0, 0, false
	}
	if k := l.c.symKind(sym); k != ir.Int && k != ir.Logical {
		return 0, 0, false
	}
	lo = 1
	if d := sym.dims[0]; d.Lo != nil {
		v, err := l.c.evalConst(l.s, l.env, d.Lo)
		if err != nil || v.isArr || v.kind != ir.Int {
			return 0, 0, false
		}
		lo = v.i
	}
	v, err := l.c.evalConst(l.s, l.env, sym.dims[0].Hi)
	if err != nil || v.isArr || v.kind != ir.Int || v.i < lo || v.i-lo+1 > maxHostElems {
		return 0, 0, false
	}
	return lo, v.i - lo + 1, true
}

// hostArray rewrites the uses of one small array (Note [small host
// arrays]); elems are the scalars that stand for its elements, made on
// first use.
type hostArray struct {
	l     *lowerer
	sym   *symbol
	lo    int64
	elems []*symbol
}

// elem is a reference to the scalar of element k (a subscript).
func (h *hostArray) elem(k int64, at ast.Ident) *ast.Ident {
	i := k - h.lo
	if h.elems[i] == nil {
		name := fmt.Sprintf("%s_%d", h.sym.name, k)
		for j := 2; h.l.s.lookup(name).found(); j++ {
			name = fmt.Sprintf("%s_%d_%d", h.sym.name, k, j)
		}
		s := h.l.s.get(ast.Ident{Name: name, Orig: fmt.Sprintf("%s_%d", h.sym.orig, k), Pos: h.sym.pos})
		s.typ = h.sym.typ
		h.elems[i] = s
	}
	s := h.elems[i]
	return &ast.Ident{Pos: at.Pos, Name: s.name, Orig: s.orig}
}

// drop removes the scalars made for a rewrite that is not taken.
func (h *hostArray) drop() {
	made := map[*symbol]bool{}
	for _, s := range h.elems {
		if s != nil {
			made[s] = true
			delete(h.l.s.syms, s.name)
		}
	}
	order := h.l.s.order[:0]
	for _, s := range h.l.s.order {
		if !made[s] {
			order = append(order, s)
		}
	}
	h.l.s.order = order
}

// uses reports whether stmts still name the array.
func (h *hostArray) uses(stmts []ast.Stmt) bool {
	found := false
	walkStmtExprs(stmts, func(e ast.Expr) {
		walkAST(e, func(x ast.Expr) {
			switch x := x.(type) {
			case *ast.Ident:
				found = found || x.Name == h.sym.name
			case *ast.Call:
				found = found || x.Name.Name == h.sym.name
			}
		})
	})
	return found
}

// stmts rewrites a statement list; ok is false at a use it cannot take.
func (h *hostArray) stmts(list []ast.Stmt) ([]ast.Stmt, bool) {
	var out []ast.Stmt
	for _, s := range list {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if id, ok := s.LHS.(*ast.Ident); ok && id.Name == h.sym.name && !s.Pointer {
				more, ok := h.whole(id, s)
				if !ok {
					return nil, false
				}
				out = append(out, more...)
				continue
			}
			n := *s
			n.LHS, n.RHS = h.expr(s.LHS), h.expr(s.RHS)
			out = append(out, &n)
		case *ast.IfStmt:
			n := *s
			n.Cond = h.expr(s.Cond)
			var ok1, ok2 bool
			n.Then, ok1 = h.stmts(s.Then)
			n.Else, ok2 = h.stmts(s.Else)
			if !ok1 || !ok2 {
				return nil, false
			}
			n.ElseIfs = make([]*ast.ElseIf, len(s.ElseIfs))
			for k, ei := range s.ElseIfs {
				e := *ei
				e.Cond = h.expr(ei.Cond)
				var ok bool
				if e.Body, ok = h.stmts(ei.Body); !ok {
					return nil, false
				}
				n.ElseIfs[k] = &e
			}
			out = append(out, &n)
		case *ast.DoStmt:
			n := *s
			n.Lo, n.Hi, n.Step, n.Cond = h.expr(s.Lo), h.expr(s.Hi), h.expr(s.Step), h.expr(s.Cond)
			var ok bool
			if n.Body, ok = h.stmts(s.Body); !ok {
				return nil, false
			}
			out = append(out, &n)
		default:
			out = append(out, s) // uses checks that it names no element
		}
	}
	return out, true
}

// whole rewrites the assignment s to the whole array (id): from UBOUND,
// LBOUND or SHAPE of an array with no DIM, an array constructor of the
// array's size, or a scalar.
func (h *hostArray) whole(id *ast.Ident, s *ast.AssignStmt) ([]ast.Stmt, bool) {
	n := int64(len(h.elems))
	var vals []ast.Expr
	switch r := s.RHS.(type) {
	case *ast.Call:
		switch r.Name.Name {
		case "ubound", "lbound", "shape":
			if len(r.Args) != 1 || r.Args[0].Keyword != nil {
				return nil, false
			}
			if r.Name.Name == "shape" {
				r = &ast.Call{Pos: r.Pos, Name: ast.Ident{Pos: r.Name.Pos, Name: "size", Orig: "size"}, Args: r.Args}
			}
			for k := int64(1); k <= n; k++ {
				dim := ast.Arg{Pos: r.Pos, Value: &ast.IntLit{Pos: r.Pos, Value: k}}
				vals = append(vals, &ast.Call{Pos: r.Pos, Name: r.Name, Args: []ast.Arg{r.Args[0], dim}})
			}
		}
	case *ast.ArrayCons:
		if int64(len(r.Elems)) == n {
			vals = r.Elems
		}
	}
	if vals == nil {
		if h.l.arrayValued(s.RHS) {
			return nil, false
		}
		for range n {
			vals = append(vals, s.RHS) // a scalar, to every element
		}
	}
	var out []ast.Stmt
	for k, v := range vals {
		out = append(out, &ast.AssignStmt{Pos: s.Pos, LHS: h.elem(h.lo+int64(k), *id), RHS: h.expr(v)})
	}
	return out, true
}

// expr rewrites the elements of the array that e names by a constant
// subscript; a use of another form stays (uses finds it).
func (h *hostArray) expr(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.Call:
		if x.Name.Name == h.sym.name && len(x.Args) == 1 && !x.Args[0].Section && x.Args[0].Keyword == nil {
			if k, ok := h.l.intConst(x.Args[0].Value); ok && k >= h.lo && k < h.lo+int64(len(h.elems)) {
				return h.elem(k, x.Name)
			}
			return e
		}
		c := &ast.Call{Pos: x.Pos, Name: x.Name, Args: append([]ast.Arg(nil), x.Args...)}
		for i, a := range c.Args {
			a.Value, a.Lo, a.Hi, a.Stride = h.expr(a.Value), h.expr(a.Lo), h.expr(a.Hi), h.expr(a.Stride)
			c.Args[i] = a
		}
		return c
	case *ast.Paren:
		return &ast.Paren{Pos: x.Pos, X: h.expr(x.X)}
	case *ast.Unary:
		return &ast.Unary{Pos: x.Pos, Op: x.Op, X: h.expr(x.X)}
	case *ast.Binary:
		return &ast.Binary{Pos: x.Pos, OpPos: x.OpPos, Op: x.Op, X: h.expr(x.X), Y: h.expr(x.Y)}
	case *ast.ArrayCons:
		n := &ast.ArrayCons{Pos: x.Pos, Elems: make([]ast.Expr, len(x.Elems))}
		for i, y := range x.Elems {
			n.Elems[i] = h.expr(y)
		}
		return n
	}
	return e
}
