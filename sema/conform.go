package sema

import (
	"github.com/forocl/forocl/ast"
)

// assumedShape reports whether every dimension of sym is assumed (":").
func assumedShape(sym *symbol) bool {
	for _, d := range sym.dims {
		if !d.Deferred {
			return false
		}
	}
	return sym.rank() > 0
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
