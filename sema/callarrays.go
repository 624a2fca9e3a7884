package sema

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [array arguments of inlined calls]
//
// An array dummy of a subroutine that a kernel calls (Note [subroutine
// calls]) is associated with its actual argument, never copied, as
// Fortran passes arrays: the callee's body is lowered with each reference
// to the dummy written as a reference to the caller's array (arrayAssoc).
// The actual is a whole array, a section a(lo:hi:st, j), or (for a rank-1
// dummy) an element a(k) of a rank-1 array, F77's sequence association
// of the element and those after it. Dummy element d(i1, ..., ir) is then
// a(lo1 + (i1 - dlo1)*st1, j, ...): the m-th section dimension of the
// actual takes the m-th subscript of the dummy, from the dummy's lower
// bound dlo (1 for assumed shape; an allocatable dummy keeps the actual's
// bounds, so its subscripts pass through). The whole dummy d is the
// section of the actual it stands for (trimmed to the dummy's extents
// when it is explicit-shape), so array syntax on it works as on the
// section. The subscripts and bounds the association needs are evaluated
// in the caller's scope at the call, as Fortran evaluates them, into
// hidden integer locals (a literal stays as it is), which the callee's
// body reads under their hidden names.
//
// Refused (call-array-argument), where the association is not one that
// an index map keeps: a dummy whose rank differs from the number of
// section dimensions of its actual (sequence association that reshapes:
// a(:,:) to d(n*m), an element of a rank-2 array to d(n)), an
// explicit-shape dummy of rank 2 or more (it may take its elements in
// array element order from an actual of other extents), an expression
// as the actual, and pointer and optional dummies. A section of the dummy in the callee is the section of the
// actual it maps to (element).

// arrayAssoc associates array dummy d of an inlined subroutine with the
// caller's array sym (Note [array arguments of inlined calls]).
type arrayAssoc struct {
	d     *symbol
	alias ast.Ident // names sym in the callee's scope
	sym   *symbol
	// dims has one entry per dimension of sym: a scalar subscript (fixed)
	// or a section dimension lo:hi:st (lo nil: the array's lower bound,
	// which it keeps: whole).
	dims []assocDim
	// dlo and dhi are the dummy's bounds per dimension, in the callee's
	// scope (dhi nil: assumed shape); through, for an allocatable dummy,
	// says that its subscripts are the actual's.
	dlo, dhi []ast.Expr
	through  bool
}

type assocDim struct {
	fixed      ast.Expr
	lo, hi, st ast.Expr
	whole      bool
}

// assocArray returns the association of array dummy d of p with actual
// (Note [array arguments of inlined calls]), the assignments of the
// hidden locals it reads (in the caller's scope), or reports why not.
func (l *lowerer) assocArray(cs *ast.CallStmt, p *proc, d *symbol, actual ast.Expr, s *scope) (*arrayAssoc, []ast.Stmt, bool) {
	refuse := func(at diag.Span, why string) (*arrayAssoc, []ast.Stmt, bool) {
		l.errorf(codeCallArrayArgument, at, "array dummy %q of subroutine %q: %s; forocl associates an array dummy with its actual only where an index map keeps Fortran's association", d.orig, cs.Name.Orig, why).
			WithNote(d.pos, "declared here").
			WithHint("pass a whole array or a section of the dummy's rank to an assumed-shape dummy")
		return nil, nil, false
	}
	id, call := lhsName(actual)
	var sym *symbol
	if id != nil {
		sym = l.s.lookup(id.Name).sym
	}
	if sym == nil || sym.rank() == 0 || l.vars[sym] == nil {
		return refuse(actualSpan(cs, actual), "the actual argument is not an array variable of the caller")
	}
	a := &arrayAssoc{d: d, sym: sym, through: d.alloc}
	var in []ast.Stmt
	k := 0
	value := func(e ast.Expr) ast.Expr { // e in the caller's scope, as the callee reads it
		if e == nil {
			return nil
		}
		if lit, ok := e.(*ast.IntLit); ok {
			return lit
		}
		k++
		h := l.assocLocal(p, d, k, e, s)
		ref := &ast.Ident{Pos: cs.Name.Pos, Name: h.name, Orig: h.orig}
		in = append(in, &ast.AssignStmt{Pos: cs.Pos, LHS: ref, RHS: e})
		return ref
	}
	sections := 0
	if call == nil {
		for range sym.dims {
			a.dims = append(a.dims, assocDim{whole: true})
		}
		sections = sym.rank()
	} else {
		for _, arg := range call.Args {
			if !arg.Section {
				a.dims = append(a.dims, assocDim{fixed: value(arg.Value)})
				continue
			}
			sections++
			dim := assocDim{lo: value(arg.Lo), hi: value(arg.Hi), st: value(arg.Stride)}
			dim.whole = arg.Lo == nil && arg.Stride == nil
			a.dims = append(a.dims, dim)
		}
		if sections == 0 && len(a.dims) == 1 && sym.rank() == 1 && d.rank() == 1 && !d.alloc {
			// An element: sequence association from it on.
			a.dims[0] = assocDim{lo: a.dims[0].fixed}
			sections = 1
		}
	}
	switch {
	case len(a.dims) != sym.rank():
		return refuse(actualSpan(cs, actual), fmt.Sprintf("the actual argument has %d subscripts for an array of rank %d", len(a.dims), sym.rank()))
	case sections != d.rank():
		return refuse(actualSpan(cs, actual), fmt.Sprintf("the actual argument has %d section dimensions for a dummy of rank %d (sequence association that reshapes)", sections, d.rank()))
	case d.alloc && call != nil:
		return refuse(actualSpan(cs, actual), "an allocatable dummy takes a whole allocatable array")
	case d.pointer || d.optional:
		return refuse(d.pos, "a pointer or optional dummy")
	}
	for _, ds := range d.dims {
		if ds.Hi != nil && !ds.Deferred && d.rank() > 1 {
			return refuse(d.pos, "an explicit-shape dummy of rank 2 or more may take its elements from an actual of other extents (sequence association)")
		}
		lo := ds.Lo
		if lo == nil {
			lo = &ast.IntLit{Value: 1, Text: "1"}
		}
		a.dlo = append(a.dlo, lo)
		if ds.Deferred {
			a.dhi = append(a.dhi, nil)
		} else {
			a.dhi = append(a.dhi, ds.Hi)
		}
	}
	a.alias = ast.Ident{Pos: cs.Name.Pos, Name: p.sub.Name.Name + "." + d.name + ".actual", Orig: sym.orig}
	return a, in, true
}

// assocLocal returns the hidden integer local that holds value e of the
// association of dummy d (the k-th of its values), visible in the
// caller's scope and in the callee's s.
func (l *lowerer) assocLocal(p *proc, d *symbol, k int, e ast.Expr, s *scope) *symbol {
	name := fmt.Sprintf("%s.%s.%d%s", p.sub.Name.Name, d.name, k, l.callContext())
	h := l.s.syms[name]
	if h == nil {
		h = &symbol{name: name, orig: l.freshName(l.s, fmt.Sprintf("%s_%s_%d", p.sub.Name.Orig, d.orig, k)), pos: d.pos, sc: l.s,
			typ: &ast.TypeSpec{Pos: d.pos, Base: ast.Integer}}
		if !l.defaultInt(e) {
			h.typ.Kind = &ast.IntLit{Value: 8, Text: "8"}
		}
		l.s.syms[name] = h
	}
	if l.vars[h] == nil {
		l.local(h)
	}
	s.syms[name] = h
	return h
}

// defaultInt reports whether integer expression e, of the caller's scope,
// surely has the default kind: literals without a kind, default integer
// variables and their elements, and arithmetic on them; anything else
// (a call, an integer(8) name) gets an integer(8) local, so that no
// value is narrowed.
func (l *lowerer) defaultInt(e ast.Expr) bool {
	ok := true
	walkAST(e, func(x ast.Expr) {
		switch x := x.(type) {
		case *ast.IntLit:
			ok = ok && x.Kind == ""
		case *ast.Ident, *ast.Call:
			id, _ := lhsName(x)
			sym := l.s.lookup(id.Name).sym
			ok = ok && sym != nil && sym.typ != nil && sym.typ.Base == ast.Integer && l.c.symKind(sym) == ir.Int
		case *ast.Binary, *ast.Unary, *ast.Paren:
		default:
			ok = false
		}
	})
	return ok
}

// rewrite returns the callee's body with every reference to the dummy
// written through the association, and false (reported) where a
// reference is one it does not map.
func (a *arrayAssoc) rewrite(l *lowerer, body []ast.Stmt) ([]ast.Stmt, bool) {
	ok := true
	out := mapStmtExprs(body, func(e ast.Expr) ast.Expr {
		return rewriteExpr(e, func(x ast.Expr) ast.Expr {
			switch x := x.(type) {
			case *ast.Ident:
				if x.Name == a.d.name {
					return a.whole(x.Pos)
				}
			case *ast.Call:
				if x.Name.Name != a.d.name {
					return x
				}
				el, good := a.element(x)
				if !good {
					l.errorf(codeCallArrayArgument, x.Pos, "a reference to array dummy %q with %d subscripts, or keywords, for a dummy of rank %d", a.d.orig, len(x.Args), a.d.rank())
					ok = false
				}
				return el
			}
			return x
		})
	})
	if ok && stmtNamesIn(out, a.d.name) {
		l.errorf(codeCallArrayArgument, a.d.pos, "array dummy %q is used in a statement where forocl cannot write it as its actual argument", a.d.orig)
		ok = false
	}
	return out, ok
}

// element maps dummy element d(i1, ..., ir), or section d(l:h:s, ...),
// to the actual's element or section: each subscript i of the m-th
// dimension to lo + (i - dlo)*st, and a triplet's bounds the same way,
// its stride times st; a bound left out is the dummy's, and a left-out
// upper bound of an assumed-shape dummy the actual section's end (the
// array's, left out too, for a whole dimension).
func (a *arrayAssoc) element(x *ast.Call) (ast.Expr, bool) {
	if len(x.Args) != a.d.rank() {
		return x, false
	}
	for _, arg := range x.Args {
		if arg.Keyword != nil {
			return x, false
		}
	}
	out := &ast.Call{Pos: x.Pos, Name: a.aliasAt(x.Name.Pos)}
	m := 0
	for _, dim := range a.dims {
		if dim.fixed != nil {
			out.Args = append(out.Args, ast.Arg{Pos: x.Pos, Value: dim.fixed})
			continue
		}
		arg := x.Args[m]
		if !arg.Section {
			out.Args = append(out.Args, ast.Arg{Pos: x.Pos, Value: a.mapIndex(dim, m, arg.Value, x.Pos)})
			m++
			continue
		}
		lo := arg.Lo
		if lo == nil {
			lo = a.dlo[m]
		}
		sec := ast.Arg{Pos: x.Pos, Section: true, Lo: a.mapIndex(dim, m, lo, x.Pos)}
		switch {
		case arg.Hi != nil:
			sec.Hi = a.mapIndex(dim, m, arg.Hi, x.Pos)
		case a.dhi[m] != nil:
			sec.Hi = a.mapIndex(dim, m, a.dhi[m], x.Pos)
		case a.through || dim.whole && dim.hi == nil:
			// the array's upper bound, left out
		default:
			sec.Hi = dim.hi
		}
		switch {
		case arg.Stride != nil && dim.st != nil:
			sec.Stride = &ast.Binary{Pos: x.Pos, Op: "*", X: &ast.Paren{Pos: x.Pos, X: arg.Stride}, Y: &ast.Paren{Pos: x.Pos, X: dim.st}}
		case arg.Stride != nil:
			sec.Stride = arg.Stride
		case !a.through:
			sec.Stride = dim.st
		}
		out.Args = append(out.Args, sec)
		m++
	}
	return out, true
}

// mapIndex is the actual's subscript for subscript i of the dummy's m-th
// dimension, which section dimension dim of the actual stands for.
func (a *arrayAssoc) mapIndex(dim assocDim, m int, i ast.Expr, pos diag.Span) ast.Expr {
	if a.through || dim.whole && sameLower(a.dlo[m], a.lowerOf(m)) {
		return i
	}
	// lo + (i - dlo)*st
	off := ast.Expr(&ast.Binary{Pos: pos, Op: "-", X: &ast.Paren{Pos: pos, X: i}, Y: &ast.Paren{Pos: pos, X: a.dlo[m]}})
	if dim.st != nil {
		off = &ast.Binary{Pos: pos, Op: "*", X: &ast.Paren{Pos: pos, X: off}, Y: &ast.Paren{Pos: pos, X: dim.st}}
	}
	return &ast.Binary{Pos: pos, Op: "+", X: &ast.Paren{Pos: pos, X: a.sectionLo(dim, m)}, Y: &ast.Paren{Pos: pos, X: off}}
}

// whole is the dummy as a whole: the actual's section it stands for.
func (a *arrayAssoc) whole(pos diag.Span) ast.Expr {
	allWhole := true // and from the dummy's lower bounds, so that lbound agrees
	for m, dim := range a.dims {
		allWhole = allWhole && dim.fixed == nil && dim.whole && dim.hi == nil && (a.through || sameLower(a.dlo[m], a.lowerOf(m)))
	}
	explicit := false
	for _, hi := range a.dhi {
		explicit = explicit || hi != nil
	}
	if allWhole && (!explicit || a.through) {
		id := a.aliasAt(pos)
		return &id
	}
	out := &ast.Call{Pos: pos, Name: a.aliasAt(pos)}
	m := 0
	for _, dim := range a.dims {
		if dim.fixed != nil {
			out.Args = append(out.Args, ast.Arg{Pos: pos, Value: dim.fixed})
			continue
		}
		arg := ast.Arg{Pos: pos, Section: true, Lo: dim.lo, Hi: dim.hi, Stride: dim.st}
		if hi := a.dhi[m]; hi != nil {
			// lo + (dhi - dlo)*st: the dummy's extent from the section's start
			lo := a.sectionLo(dim, m)
			ext := ast.Expr(&ast.Binary{Pos: pos, Op: "-", X: &ast.Paren{Pos: pos, X: hi}, Y: &ast.Paren{Pos: pos, X: a.dlo[m]}})
			if dim.st != nil {
				ext = &ast.Binary{Pos: pos, Op: "*", X: &ast.Paren{Pos: pos, X: ext}, Y: &ast.Paren{Pos: pos, X: dim.st}}
			}
			arg.Lo, arg.Hi = lo, &ast.Binary{Pos: pos, Op: "+", X: &ast.Paren{Pos: pos, X: lo}, Y: &ast.Paren{Pos: pos, X: ext}}
		}
		out.Args = append(out.Args, arg)
		m++
	}
	return out
}

func (a *arrayAssoc) aliasAt(pos diag.Span) ast.Ident {
	id := a.alias
	id.Pos = pos
	return id
}

// sectionLo is where section dimension dim (the m-th) starts: its lower
// bound, or the array's.
func (a *arrayAssoc) sectionLo(dim assocDim, m int) ast.Expr {
	if dim.lo != nil {
		return dim.lo
	}
	return a.lowerOf(m)
}

// lowerOf is the declared lower bound of the actual array's dimension
// that the m-th section dimension is, as the callee reads it: a literal,
// or lbound(alias, k).
func (a *arrayAssoc) lowerOf(m int) ast.Expr {
	k := -1
	for j, dim := range a.dims {
		if dim.fixed == nil {
			if m == 0 {
				k = j
				break
			}
			m--
		}
	}
	if lo := a.sym.dims[k].Lo; lo == nil {
		return &ast.IntLit{Value: 1, Text: "1"}
	} else if lit, ok := lo.(*ast.IntLit); ok {
		return lit
	}
	return &ast.Call{Pos: a.alias.Pos, Name: ast.Ident{Pos: a.alias.Pos, Name: "lbound", Orig: "lbound"},
		Args: []ast.Arg{{Value: &a.alias}, {Value: &ast.IntLit{Value: int64(k + 1), Text: fmt.Sprint(k + 1)}}}}
}

// sameLower reports whether two lower bounds are the same literal.
func sameLower(x, y ast.Expr) bool {
	a, ok1 := x.(*ast.IntLit)
	b, ok2 := y.(*ast.IntLit)
	return ok1 && ok2 && a.Value == b.Value
}
