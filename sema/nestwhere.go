package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [WHERE in nests]
//
// A WHERE construct inside a parallel nest (or a sequential loop in one)
// assigns sections of each iteration, as in
//
//	do j = 1, m
//	  where (a(:, j) > 0) b(:, j) = a(:, j)
//	end do
//
// Each assignment of a branch is the section assignment it would be
// without the WHERE (a sequential loop of the work-item, Note [array
// assignments]) with each element under an IF on the branch's mask at
// that element, exactly as a WHERE inside a FORALL (Note [where in
// forall]): the mask is the WHERE's, then for an ELSEWHERE the negation
// of the masks before it and its own. Fortran evaluates the masks once,
// before the construct assigns, so a construct of several assignments
// that assigns an array its masks read is where-mask-written, as at the
// top level (Note [WHERE in loop kernels]). An assignment of a scalar
// or of an array element under WHERE is not Fortran (its mask must
// conform): where-non-array-assignment.

// nestWhere lowers WHERE construct w inside a nest (Note [WHERE in nests]).
func (l *lowerer) nestWhere(w *ast.WhereStmt) []ir.Stmt {
	return l.whereAssigns(w, func(as *ast.AssignStmt, mask ast.Expr) []ir.Stmt {
		errs := l.c.diags.Count(diag.Error)
		l.loop.where = mask
		out := l.withHoisted(func() []ir.Stmt { return l.nestAssign(as) })
		if l.loop.where != nil { // not a section assignment: the mask was not taken
			l.loop.where = nil
			if l.c.diags.Count(diag.Error) == errs {
				l.errorf(codeWhereNonArrayAssignment, as.LHS.Span(), "an assignment under WHERE must assign an array section or whole array").
					WithHint("subscript the left-hand side with a section, such as b(:, j)")
			}
			return nil
		}
		return out
	})
}
