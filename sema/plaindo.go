package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [plain DO nests]
//
// Legacy kernels often have no directive at all: a DO nest over the grid
// that the author knows to be parallel. forocl lowers a DO nest at the top
// level of a loop kernel with no directive (and one inside !$acc kernels,
// whose loops the compiler must also prove independent) as a parallel
// nest over its perfectly nested loops, under the rules it applies to
// every nest (Note [dependence analysis] in sema/depend.go): each write
// is one-to-one over the parallel indices, reads of a written array are
// the element written or provably apart (inPlace), and a scalar the body
// assigns is assigned before every read in the same iteration
// (carriedRead: otherwise its value would come from the previous
// iteration, as in a running sum). A nest that fails runs as written, in
// order, on one work-item (serialNest), with a warning (loop-serial) that
// says why and how to make it parallel: right results, never a silent
// race. Since issue 21 the same holds for nests under a directive.

// serialNest lowers DO nest s as a launch of one work-item that runs the
// loops in order, and warns why (Note [plain DO nests], Note [dependence
// analysis]). dir is the nest's directive, or nil.
func (l *lowerer) serialNest(s *ast.DoStmt, dir *loopDir, source, why string) ir.Stmt {
	if dir == nil {
		l.c.diags.Warn(codeLoopSerial, s.Pos, "this DO nest runs serially, on one work-item: %s", why).
			WithHint("if its iterations are independent, mark it \"!$omp parallel do\" (with reduction(+:s) for a sum) or write it as DO CONCURRENT; for a time loop around nests, mark the inner nests")
	} else {
		l.c.diags.Warn(codeLoopSerial, s.Pos, "this %s nest runs serially, on one work-item: %s; the directive asserts that the iterations are independent, but forocl cannot prove it, and runs the loop in order to keep the serial answer", source, why).
			WithHint("subscript each write with every parallel index, write an update in place into a second array, or write the loop as DO CONCURRENT if its iterations are independent")
	}
	return l.serialLaunch(s, source)
}

// serialLaunch lowers DO nest s as a launch of one work-item that runs
// the loops in order.
func (l *lowerer) serialLaunch(s *ast.DoStmt, source string) *ir.Nest {
	t := l.sectionIndex(0)
	n := &ir.Nest{Pos: s.Pos, Source: source + " (serial)", Index: []*ir.Var{t}, Lo: []ir.Affine{{Const: 1}}, Hi: []ir.Affine{{Const: 1}}}
	ls := l.loop
	ls.index, ls.seq = map[*ir.Var]bool{t: true}, copySet(ls.host)
	ls.reads, ls.writes = nil, nil
	ls.inNest = true
	n.Body = l.nestStmts([]ast.Stmt{s})
	ls.inNest = false
	ls.index = nil
	l.nestReduces(n)
	return n
}
