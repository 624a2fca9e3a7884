package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [conforming dummies]
//
// Fortran requires the operands of an array assignment to conform: in
// a = a + s*b with a(:) and b(:) assumed-shape, b has a's shape, or the
// program is not valid. A loop kernel gives every assumed-shape extent a
// size of its own (a_n1, b_n1), over which such an assignment cannot be
// proved conformable; the region dialect puts every array on one grid.
// So a loop kernel gives the assumed-shape dummies that appear whole
// (unsubscripted) together in an array assignment, as its target or as
// element-wise operands of its right-hand side (through operators and
// elemental intrinsics, not through reductions or user functions), the
// extents of the first of them in argument order: a_n1 for both. The ABI
// then lists b's shape as a_n1, and every host checks that the arrays it
// binds have it, so a non-conforming call is an error before any launch,
// never a silent partial update.

// sharedExtents returns, for each assumed-shape array dummy among arrays
// that conforms with an earlier one (Note [conforming dummies]), that
// earlier dummy: the one whose extents it takes.
func sharedExtents(body []ast.Stmt, arrays []*symbol) map[*symbol]*symbol {
	order, byName := map[*symbol]int{}, map[string]*symbol{}
	for i, sym := range arrays {
		if assumedShape(sym) {
			order[sym], byName[sym.name] = i, sym
		}
	}
	parent := map[*symbol]*symbol{}
	var find func(*symbol) *symbol
	find = func(s *symbol) *symbol {
		if p, ok := parent[s]; ok && p != s {
			r := find(p)
			parent[s] = r
			return r
		}
		return s
	}
	union := func(a, b *symbol) {
		ra, rb := find(a), find(b)
		if ra == rb {
			return
		}
		if order[rb] < order[ra] {
			ra, rb = rb, ra
		}
		parent[rb] = ra
	}
	whole := func(e ast.Expr) *symbol {
		id, ok := e.(*ast.Ident)
		if !ok {
			return nil
		}
		return byName[id.Name]
	}
	walkStmts(body, func(st ast.Stmt) {
		if w, ok := st.(*ast.WhereStmt); ok {
			// The masks conform with every array the construct assigns.
			var all []*symbol
			masks := []ast.Expr{w.Mask}
			bodies := [][]ast.Stmt{w.Body}
			for _, ew := range w.ElseWhere {
				masks, bodies = append(masks, ew.Mask), append(bodies, ew.Body)
			}
			for _, m := range masks {
				elementwise(m, func(e ast.Expr) {
					if sym := whole(e); sym != nil {
						all = append(all, sym)
					}
				})
			}
			for _, b := range bodies {
				for _, x := range b {
					if as, ok := x.(*ast.AssignStmt); ok {
						if sym := whole(as.LHS); sym != nil {
							all = append(all, sym)
						}
					}
				}
			}
			for _, sym := range all {
				if sym.rank() == all[0].rank() {
					union(all[0], sym)
				}
			}
			return
		}
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Pointer {
			return
		}
		lhs := whole(as.LHS)
		if lhs == nil {
			return
		}
		elementwise(as.RHS, func(e ast.Expr) {
			if sym := whole(e); sym != nil && sym.rank() == lhs.rank() {
				union(lhs, sym)
			}
		})
	})
	out := map[*symbol]*symbol{}
	for sym := range order {
		if r := find(sym); r != sym {
			out[sym] = r
		}
	}
	return out
}

// assumedShape reports whether every dimension of sym is assumed (":").
func assumedShape(sym *symbol) bool {
	for _, d := range sym.dims {
		if !d.Deferred {
			return false
		}
	}
	return sym.rank() > 0
}

// elementwise calls f for e and the operands it combines element by
// element: through operators, parentheses and the arguments of elemental
// intrinsics.
func elementwise(e ast.Expr, f func(ast.Expr)) {
	f(e)
	switch e := e.(type) {
	case *ast.Unary:
		elementwise(e.X, f)
	case *ast.Binary:
		elementwise(e.X, f)
		elementwise(e.Y, f)
	case *ast.Paren:
		elementwise(e.X, f)
	case *ast.Call:
		id, ok := ir.LookupIntrinsic(e.Name.Name)
		if !ok || ir.Intrinsics[id].Class != ir.ClassFunction {
			return
		}
		for _, a := range e.Args {
			if !a.Section && a.Keyword == nil {
				elementwise(a.Value, f)
			}
		}
	}
}

// steppedArrays reports whether the plain DO loop s repeats an array
// assignment whose left-hand side does not depend on its variable, such
// as a time loop around u(2:n-1) = u(2:n-1) + c*(...): every trip
// rewrites the same elements, so the loop cannot be a parallel nest and
// is a host loop, whose array assignments are launches (through a
// temporary where Fortran's semantics needs one: Note [updates through
// a temporary] in sema/sections.go).
func (l *lowerer) steppedArrays(s *ast.DoStmt) bool {
	if s.Form != ast.DoCounted || s.Var == nil {
		return false
	}
	found := false
	var visit func(list []ast.Stmt)
	visit = func(list []ast.Stmt) {
		for _, st := range list {
			switch st := st.(type) {
			case *ast.AssignStmt:
				found = found || l.arrayTarget(st, s.Var.Name)
			case *ast.IfStmt:
				visit(st.Then)
				for _, ei := range st.ElseIfs {
					visit(ei.Body)
				}
				visit(st.Else)
			}
		}
	}
	visit(s.Body)
	return found
}

// arrayTarget reports whether assignment st assigns a whole array dummy
// or module array, or a section of one, with subscripts that do not name
// the variable v.
func (l *lowerer) arrayTarget(st *ast.AssignStmt, v string) bool {
	if st.Pointer {
		return false
	}
	var id *ast.Ident
	switch x := st.LHS.(type) {
	case *ast.Ident:
		id = x
	case *ast.Call:
		if !isSectionRef(x) {
			return false
		}
		id = &x.Name
		uses := false
		walkAST(x, func(e ast.Expr) {
			if n, ok := e.(*ast.Ident); ok && n.Name == v {
				uses = true
			}
		})
		if uses {
			return false
		}
	default:
		return false
	}
	sym := l.s.lookup(id.Name).sym
	return sym != nil && sym.rank() > 0 && (sym.dummy || moduleVarOf(l.c, l.s, id) != nil)
}
