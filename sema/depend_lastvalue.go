package sema

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [last values]
//
// After a DO loop Fortran leaves every scalar the iterations assign with
// the value the last iteration gave it, and the loop variable one step
// past the last value. Work-items in parallel have a copy each, so a nest
// whose scalars the procedure reads after it (in source order: in a later
// statement, or in a later trip of a host loop, which the source shows
// after the loop too) runs in order on one work-item instead, with the
// loop-serial warning; its scalars then leave it with their values (Note
// [serial results]). DO CONCURRENT leaves them undefined, as Fortran
// says; a reduction's result is folded, not a last value.

// lastValueWhy says why nest n, lowered from s, must run in order to give
// a scalar its last value, or "".
func (l *lowerer) lastValueWhy(s *ast.DoStmt, n *ir.Nest) string {
	set := map[*ir.Var]bool{}
	assignedScalars(n.Body, set)
	for _, v := range n.Index {
		set[v] = true
	}
	ir.AssignedIn(n.Body, set) // the variables of sequential loops too
	names := map[string]*ir.Var{}
	for v := range set {
		if v.Role == ir.Local || v.Role == ir.Dummy {
			names[v.Name] = v
		}
	}
	if len(names) == 0 || l.sub == nil {
		return ""
	}
	why := ""
	hostReadsAfter(l.sub.Body, s.Pos.End.Offset, func(id *ast.Ident) {
		for name, v := range names {
			if why == "" && id.Name == strings.ToLower(name) {
				why = fmt.Sprintf("%q is read at %s after the loop, where Fortran gives it the value of the last iteration", v.Name, pos(id.Pos))
			}
		}
	})
	return why
}

// hostReadsAfter calls f for every name read outside DO loops in list
// after source offset off: in the values of assignments, IF and SELECT
// CASE conditions, WRITE items and DO bounds. A read inside a later loop
// is that loop's (checkScalarFlow reports one that no assignment of the
// loop precedes).
func hostReadsAfter(list []ast.Stmt, off int, f func(*ast.Ident)) {
	read := func(e ast.Expr) {
		walkAST(e, func(x ast.Expr) {
			if id, ok := x.(*ast.Ident); ok && id.Pos.Start.Offset > off {
				f(id)
			}
		})
	}
	for _, s := range list {
		switch s := s.(type) {
		case *ast.AssignStmt:
			read(s.RHS)
			if c, ok := s.LHS.(*ast.Call); ok {
				for _, a := range c.Args {
					read(a.Value)
				}
			}
		case *ast.IfStmt:
			read(s.Cond)
			hostReadsAfter(s.Then, off, f)
			for _, ei := range s.ElseIfs {
				read(ei.Cond)
				hostReadsAfter(ei.Body, off, f)
			}
			hostReadsAfter(s.Else, off, f)
		case *ast.SelectCase:
			read(s.Expr)
			for _, c := range s.Cases {
				hostReadsAfter(c.Body, off, f)
			}
		case *ast.WriteStmt:
			for _, x := range s.Items {
				read(x)
			}
		case *ast.DoStmt:
			read(s.Lo)
			read(s.Hi)
			read(s.Step)
		}
	}
}
