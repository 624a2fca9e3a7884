package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [WHERE in loop kernels]
//
// A WHERE construct of a loop kernel (one that updates an intent(inout)
// array, where (h < hmin) h = hmin, or has explicit-shape dummies; the
// region dialect keeps its own WHERE) is lowered statement by statement,
// at the top level or in a host loop: each assignment a = e of a branch
// is the array assignment a = merge(e, a, m) (Note [array assignments]),
// m the branch's mask: the WHERE's, then for each ELSEWHERE the negation
// of the masks before it, and its own. merge is spelled as C's ?:, so e
// is evaluated only where the mask holds, as Fortran evaluates it. Fortran
// evaluates the mask once, before the construct assigns: when the
// construct has more than one assignment and one assigns an array the
// masks read, the later masks would see new values, so that is refused
// (where-mask-written); a single assignment reads the mask with the old
// values, through the temporary when it needs one. A nested WHERE and
// other statements in the construct are where-non-array-assignment.

// topWhere lowers a WHERE construct at the top level of a loop kernel
// (Note [WHERE in loop kernels]).
func (l *lowerer) topWhere(w *ast.WhereStmt) []ir.Stmt {
	return l.whereAssigns(w, func(as *ast.AssignStmt, mask ast.Expr) []ir.Stmt {
		return l.withHoisted(func() []ir.Stmt {
			l.loop.where = mask
			defer func() { l.loop.where = nil }()
			return l.topAssign(as)
		})
	})
}

// whereAssigns lowers the assignments of WHERE construct w in order, each
// by assign with the mask of its branch, after checking that the
// construct assigns no array its masks read where that matters.
func (l *lowerer) whereAssigns(w *ast.WhereStmt, assign func(as *ast.AssignStmt, mask ast.Expr) []ir.Stmt) []ir.Stmt {
	type branch struct {
		mask ast.Expr
		body []ast.Stmt
	}
	branches := []branch{{w.Mask, w.Body}}
	var read []ast.Expr
	read = append(read, w.Mask)
	before := astNot(w.Mask) // none of the masks so far holds
	for _, ew := range w.ElseWhere {
		m := before
		if ew.Mask != nil {
			read = append(read, ew.Mask)
			m = astAnd(before, ew.Mask)
			before = astAnd(before, astNot(ew.Mask))
		}
		branches = append(branches, branch{m, ew.Body})
	}
	count := 0
	for _, b := range branches {
		count += len(b.body)
	}
	var out []ir.Stmt
	for _, b := range branches {
		for _, st := range b.body {
			as, ok := st.(*ast.AssignStmt)
			if !ok || as.Pointer {
				l.errorf(codeWhereNonArrayAssignment, st.Span(), "only array assignments may appear in a where block of a loop kernel")
				continue
			}
			id, _ := lhsName(as.LHS)
			if id != nil && count > 1 && namesIn(read, id.Name) {
				l.errorf(codeWhereMaskWritten, as.LHS.Span(), "this where construct assigns %q, which its mask reads; Fortran evaluates the mask once, before any assignment", id.Orig).
					WithHint("compute the mask into a logical array first, or write one where statement per assignment")
				continue
			}
			out = append(out, assign(as, b.mask)...)
		}
	}
	return out
}

// maskedRHS is the right-hand side rhs of array assignment s under the
// WHERE mask of its branch: merge(rhs, the element's old value, mask),
// lowered under the assignment's implicit iteration ctx.
func (l *lowerer) maskedRHS(s *ast.AssignStmt, mask ast.Expr, ctx *sectCtx, rhs ir.Expr) ir.Expr {
	m := l.sectionRHS(mask, ctx)
	old := l.sectionRHS(s.LHS, ctx)
	if m == nil || old == nil {
		return nil
	}
	if t := m.Type(); t.Kind != ir.Logical || t.Rank != 0 {
		l.errorf(codeWhereMaskScalar, mask.Span(), "where mask must be a logical array conforming with %s", ctx.lhs)
		return nil
	}
	return &ir.Intrinsic{Pos: s.Pos, ID: ir.FnMerge, Args: []ir.Expr{rhs, old, m}, T: old.Type()}
}

func astNot(x ast.Expr) ast.Expr {
	return &ast.Unary{Pos: x.Span(), Op: ".not.", X: &ast.Paren{Pos: x.Span(), X: x}}
}

func astAnd(x, y ast.Expr) ast.Expr {
	return &ast.Binary{Pos: x.Span(), Op: ".and.", X: &ast.Paren{Pos: x.Span(), X: x}, Y: &ast.Paren{Pos: y.Span(), X: y}}
}

// namesIn reports whether any of exprs names name.
func namesIn(exprs []ast.Expr, name string) bool {
	found := false
	for _, e := range exprs {
		walkAST(e, func(x ast.Expr) {
			switch x := x.(type) {
			case *ast.Ident:
				found = found || x.Name == name
			case *ast.Call:
				found = found || x.Name.Name == name
			}
		})
	}
	return found
}
