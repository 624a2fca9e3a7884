package sema

import "github.com/forocl/forocl/ast"

// Note [region dialect updates in place]
//
// The paper's region dialect passes every array intent(in) or
// intent(out): an intent(inout) array is kernel-inout there. A kernel of
// that dialect that updates an array in place,
//
//	real, dimension(:,:), intent(inout), target :: a
//	pa => region_ptr(a, interior)
//	pa = pa + s*region_cpy(b, interior)
//
// has Fortran's meaning through forocl_regions' definitions:
// region_cpy(X, h) is the section X(1+h(1):size(X,1)-h(2), 1+h(3):...)
// (a copy, read as a value) and region_ptr(X, h) a pointer to that
// section. Such a kernel is lowered as a loop kernel of array
// assignments (Note [array assignments]) with each call written as its
// section: the pointer then stands for a section (Note [section
// pointers]), and an assignment that reads the array it writes at other
// elements runs through a temporary (Note [updates through a
// temporary]), as Fortran reads the whole right-hand side first. The
// halo is a local integer array assigned as a whole (Note [small host
// arrays] makes its elements host scalars) or an array constructor. A
// call of another form (a halo expression, an array that is not a dummy
// of rank 1 to 3) leaves the kernel to the region dialect's rules,
// where the intent(inout) array is still kernel-inout. Calls under WHERE
// are rewritten too, and the WHERE is a loop kernel's (Note [WHERE in
// loop kernels]).

// regionInout returns the body of kernel p (scope s) with its region
// calls written as sections when p is a region-dialect kernel with an
// intent(inout) array dummy whose every region call can be (Note
// [region dialect updates in place]); ok is false otherwise.
func regionInout(p *proc, s *scope) (body []ast.Stmt, ok bool) {
	if _, _, inout := dummyArrays(p, s); !inout || !regionDialect(p.sub.Body, false) {
		return nil, false
	}
	ok = true
	body = mapStmtExprs(p.sub.Body, func(e ast.Expr) ast.Expr {
		return mapCalls(e, func(c *ast.Call) ast.Expr {
			if c.Name.Name != "region_cpy" && c.Name.Name != "region_ptr" {
				return c
			}
			sec := regionSection(c, s, p.sub.Body)
			if sec == nil {
				ok = false
				return c
			}
			return sec
		})
	})
	if !ok || regionDialect(body, false) && !onlySectionPointers(body, s) {
		return nil, false
	}
	return body, true
}

// onlySectionPointers reports whether the pointers of body are all
// section pointers (Note [section pointers]).
func onlySectionPointers(body []ast.Stmt, s *scope) bool {
	_, ok := sectionPointers(body, s)
	return ok
}

// regionSection returns the section that region call c stands for, or
// nil when c is not region_xxx(dummy, halo) with a halo of the form
// Note [region dialect updates in place] takes.
func regionSection(c *ast.Call, s *scope, body []ast.Stmt) *ast.Call {
	if len(c.Args) != 2 || c.Args[0].Section || c.Args[1].Section || c.Args[0].Keyword != nil || c.Args[1].Keyword != nil {
		return nil
	}
	arr, ok := c.Args[0].Value.(*ast.Ident)
	if !ok {
		return nil
	}
	sym := s.syms[arr.Name]
	if sym == nil || !sym.dummy || sym.rank() < 1 || sym.rank() > 3 {
		return nil
	}
	var halo func(k int) ast.Expr
	switch h := c.Args[1].Value.(type) {
	case *ast.ArrayCons:
		if len(h.Elems) != 2*sym.rank() {
			return nil
		}
		halo = func(k int) ast.Expr { return &ast.Paren{Pos: h.Elems[k].Span(), X: h.Elems[k]} }
	case *ast.Ident:
		hs := s.syms[h.Name]
		if hs == nil || hs.dummy || hs.rank() != 1 {
			return nil
		}
		if cons := haloValues(hs, body); cons != nil && len(cons.Elems) == 2*sym.rank() {
			halo = func(k int) ast.Expr { return &ast.Paren{Pos: cons.Elems[k].Span(), X: cons.Elems[k]} }
			break
		}
		halo = func(k int) ast.Expr {
			return &ast.Call{Pos: h.Pos, Name: *h, Args: []ast.Arg{{Pos: h.Pos, Value: &ast.IntLit{Pos: h.Pos, Value: int64(k + 1), Text: itoa(int64(k + 1))}}}}
		}
	default:
		return nil
	}
	at := c.Pos
	sec := &ast.Call{Pos: at, Name: *arr}
	for d := 0; d < sym.rank(); d++ {
		size := &ast.Call{Pos: at, Name: ast.Ident{Pos: at, Name: "size", Orig: "size"}, Args: []ast.Arg{
			{Pos: at, Value: arr}, {Pos: at, Value: &ast.IntLit{Pos: at, Value: int64(d + 1), Text: itoa(int64(d + 1))}}}}
		lo := &ast.Binary{Pos: at, Op: "+", OpPos: at, X: &ast.IntLit{Pos: at, Value: 1, Text: "1"}, Y: halo(2 * d)}
		hi := &ast.Binary{Pos: at, Op: "-", OpPos: at, X: size, Y: halo(2*d + 1)}
		sec.Args = append(sec.Args, ast.Arg{Pos: at, Section: true, Lo: lo, Hi: hi})
	}
	return sec
}

// mapCalls is e with f applied to each function call or array
// reference in it, innermost first.
func mapCalls(e ast.Expr, f func(*ast.Call) ast.Expr) ast.Expr {
	opt := func(x ast.Expr) ast.Expr {
		if x == nil {
			return nil
		}
		return mapCalls(x, f)
	}
	switch x := e.(type) {
	case *ast.Paren:
		return &ast.Paren{Pos: x.Pos, X: mapCalls(x.X, f)}
	case *ast.Unary:
		return &ast.Unary{Pos: x.Pos, Op: x.Op, X: mapCalls(x.X, f)}
	case *ast.Binary:
		return &ast.Binary{Pos: x.Pos, OpPos: x.OpPos, Op: x.Op, X: mapCalls(x.X, f), Y: mapCalls(x.Y, f)}
	case *ast.Call:
		c := &ast.Call{Pos: x.Pos, Name: x.Name, Args: append([]ast.Arg(nil), x.Args...)}
		for i, a := range c.Args {
			a.Value, a.Lo, a.Hi, a.Stride = opt(a.Value), opt(a.Lo), opt(a.Hi), opt(a.Stride)
			c.Args[i] = a
		}
		return f(c)
	}
	return e
}

// haloValues returns the array constructor that halo array hs holds
// wherever body reads it: its initial value when body never assigns it,
// or the one assignment of a whole constructor at body's top level when
// nothing else assigns it and it has no initial value; else nil.
func haloValues(hs *symbol, body []ast.Stmt) *ast.ArrayCons {
	var found *ast.ArrayCons
	assigns := 0
	walkStmts(body, func(st ast.Stmt) {
		a, ok := st.(*ast.AssignStmt)
		if !ok {
			return
		}
		if id, _ := lhsName(a.LHS); id != nil && id.Name == hs.name {
			assigns++
		}
	})
	for _, st := range body {
		a, ok := st.(*ast.AssignStmt)
		if id, isID := lhsOf(a, ok); isID && id.Name == hs.name {
			found, _ = a.RHS.(*ast.ArrayCons)
		}
	}
	switch {
	case assigns == 0 && hs.init != nil:
		c, _ := hs.init.(*ast.ArrayCons)
		return c
	case assigns == 1 && hs.init == nil && found != nil && constantElems(found):
		return found
	}
	return nil
}

// lhsOf returns the target of assignment a as a whole-array name.
func lhsOf(a *ast.AssignStmt, ok bool) (*ast.Ident, bool) {
	if !ok || a.Pointer {
		return nil, false
	}
	id, isID := a.LHS.(*ast.Ident)
	return id, isID
}

// constantElems reports whether the elements of c are integer literals,
// negated or not: values the assignment fixes whatever runs before it.
func constantElems(c *ast.ArrayCons) bool {
	for _, e := range c.Elems {
		if u, ok := e.(*ast.Unary); ok && u.Op == "-" {
			e = u.X
		}
		if _, ok := e.(*ast.IntLit); !ok {
			return false
		}
	}
	return true
}
