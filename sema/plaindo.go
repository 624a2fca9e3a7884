package sema

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [plain DO nests]
//
// Legacy kernels often have no directive at all: a DO nest over the grid
// that the author knows to be parallel. forocl lowers a DO nest at the top
// level of a loop kernel with no directive (and one inside !$acc kernels,
// whose loops the compiler must also prove independent) as a parallel
// nest over its perfectly nested loops, under the rules it applies to
// every nest: each parallel index owns a dimension of every write, and
// reads of a written array are the element written or provably apart
// (inPlace). A directive is the author's promise; here forocl must find
// the proof itself, so two more things are checked: a scalar the body
// assigns must be assigned before every read in the same iteration
// (carriedRead: otherwise its value would come from the previous
// iteration, as in a running sum). A nest that fails runs as written, in
// order, on one work-item (serialNest), with a warning (loop-serial) that
// says why and how to make it parallel: right results, never a silent
// race.

var codeLoopSerial = diag.Define(diag.CodeInfo{Code: "loop-serial", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
	Summary: "a DO nest without a directive runs serially, on one work-item",
	Help:    "forocl runs a DO nest without a directive in parallel only when it proves the iterations independent: every parallel index owns a dimension of each write, no iteration reads what another writes, and no scalar carries a value from one iteration to the next (a running sum, a recurrence). Otherwise the nest runs as written, in order, on one work-item: the results are right but the GPU is idle. If the iterations are independent, mark the nest !$omp parallel do (with reduction(+:s) for a sum) or write it as DO CONCURRENT; for a time loop around nests, mark the inner nests; for an update in place, write into a second array."})

// carriedRead returns the first read, in the body of nest n, of a scalar
// that the body assigns but that is not assigned on every path before the
// read, or nil.
func carriedRead(n *ir.Nest) *ir.Ref {
	assigned := map[*ir.Var]bool{}
	ir.AssignedIn(n.Body, assigned)
	var bad *ir.Ref
	read := func(e ir.Expr, def map[*ir.Var]bool) {
		if e == nil {
			return
		}
		ir.WalkRefs(e, func(r *ir.Ref) {
			if bad == nil && assigned[r.Var] && !def[r.Var] {
				bad = r
			}
		})
	}
	copyOf := func(m map[*ir.Var]bool) map[*ir.Var]bool {
		c := make(map[*ir.Var]bool, len(m))
		for v := range m {
			c[v] = true
		}
		return c
	}
	var walk func(stmts []ir.Stmt, def map[*ir.Var]bool)
	walk = func(stmts []ir.Stmt, def map[*ir.Var]bool) {
		for _, s := range stmts {
			switch s := s.(type) {
			case *ir.Assign:
				read(s.RHS, def)
				read(s.Mask, def)
				switch l := s.LHS.(type) {
				case *ir.Elem:
					read(l, def)
				case *ir.Ref:
					def[l.Var] = true
				}
			case *ir.If:
				read(s.Cond, def)
				then, els := copyOf(def), copyOf(def)
				walk(s.Then, then)
				walk(s.Else, els)
				for v := range then {
					if els[v] {
						def[v] = true
					}
				}
			case *ir.Loop:
				read(s.Lo, def)
				read(s.Hi, def)
				read(s.Step, def)
				inner := copyOf(def)
				inner[s.Var] = true
				walk(s.Body, inner) // what the body assigns may not run
				def[s.Var] = true
			}
		}
	}
	walk(n.Body, map[*ir.Var]bool{})
	return bad
}

// serialNest lowers DO nest s as a launch of one work-item that runs the
// loops in order, and warns why (Note [plain DO nests]).
func (l *lowerer) serialNest(s *ast.DoStmt, source, why string) ir.Stmt {
	l.c.diags.Warn(codeLoopSerial, s.Pos, "this DO nest runs serially, on one work-item: %s", why).
		WithHint("if its iterations are independent, mark it \"!$omp parallel do\" (with reduction(+:s) for a sum) or write it as DO CONCURRENT; for a time loop around nests, mark the inner nests")
	t := l.sectionIndex(0)
	n := &ir.Nest{Pos: s.Pos, Source: source + " (serial)", Index: []*ir.Var{t}, Lo: []ir.Affine{{Const: 1}}, Hi: []ir.Affine{{Const: 1}}}
	ls := l.loop
	ls.index, ls.seq = map[*ir.Var]bool{t: true}, copySet(ls.host)
	ls.reads, ls.writes = nil, nil
	ls.inNest = true
	n.Body = l.nestStmts([]ast.Stmt{s})
	ls.inNest = false
	ls.index = nil
	return n
}

// String says what the conflict is, for a message.
func (c *conflict) String() string {
	if c.read == c.write {
		return fmt.Sprintf("different iterations may write the same element of %q (%s)", c.write.Var.Name, pos(c.write.Pos))
	}
	return fmt.Sprintf("iterations may read %q at %s while others write it at %s", c.read.Var.Name, pos(c.read.Pos), pos(c.write.Pos))
}
