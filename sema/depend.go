package sema

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/depend"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// The dependence analysis itself is package depend (Note [dependence
// analysis] there); sema gathers a nest's accesses (depInput) and
// decides from its results here.

// depInput returns the input of the dependence analysis for nest n: the
// accesses and host loops that lowering it recorded in l.loop.
func (l *lowerer) depInput(n *ir.Nest) *depend.Nest {
	in := &depend.Nest{N: n, Trips: l.loop.trips, Writes: l.loop.writes, Reads: l.loop.reads, NonZero: l.loop.steps}
	if len(l.loop.computed) > 0 {
		in.Tables = map[*ir.Elem]map[int]ir.Affine{}
		for e, w := range l.loop.computed {
			in.Tables[e] = w.through
		}
	}
	return in
}

// inPlace runs depend.InPlace on nest n with the accesses in l.loop.
func (l *lowerer) inPlace(n *ir.Nest) *depend.Conflict { return depend.InPlace(l.depInput(n)) }

// decide returns the nest n, lowered in parallel with the conflict c that
// depend.InPlace found, or the serial nest that replaces it (Note [dependence
// analysis]). before is the number of diagnostics before n was lowered.
func (l *lowerer) decide(s *ast.DoStmt, dir *loopDir, source string, n *ir.Nest, c *depend.Conflict, before int) ir.Stmt {
	if n == nil {
		return nil // an untyped nil: the caller tests the interface
	}
	for _, d := range l.c.diags.Items[before:] {
		if d.Severity == diag.Error {
			return n // reported; whether it is parallel no longer matters
		}
	}
	if s.Form == ast.DoConcurrent {
		if why := l.sharedAutomatic(n); why != "" {
			l.c.diags.Items = l.c.diags.Items[:before] // serialLaunch lowers the body again
			return l.serialConcurrent(s, source, why)
		}
		l.concurrentDeps(n) // Note [do concurrent dependences]
		return n
	}
	why := l.loop.outWhy // a reduction --auto-reduce found wrong (sema/autoreduce.go)
	if why == "" {
		why = depend.Why(n, c)
	}
	last := ""
	if why == "" {
		last = l.lastValueWhy(s, n) // Note [last values]
		why = last
	}
	if why == "" {
		return n
	}
	if conds := depend.RuntimeConds(l.depInput(n), c); conds != nil && last == "" {
		return l.guardedNest(s, dir, source, n, conds, why, before) // Note [run-time independence]
	}
	l.c.diags.Items = l.c.diags.Items[:before] // serialNest lowers the body again
	return l.serialNest(s, dir, source, why)
}

// serialConcurrent lowers DO CONCURRENT s as a launch of one work-item
// that runs it in order, which Fortran allows, and says why.
func (l *lowerer) serialConcurrent(s *ast.DoStmt, source, why string) ir.Stmt {
	l.c.diags.Warn(codeLoopSerial, s.Pos, "this DO CONCURRENT runs serially, on one work-item: %s", why).
		WithHint("give each iteration its own elements of the arrays it writes (a dimension subscripted with the loop index); a step that is not a constant needs a default integer index and no DO loop around the nest")
	return l.serialLaunch(s, source)
}

// sharedAutomatic says why DO CONCURRENT nest n cannot run in parallel
// when iterations may touch one element of an automatic array (Note
// [automatic arrays]): Fortran lets each iteration use such an array as
// its own scratch (written before it is read), but forocl's is one
// buffer shared by the work-items, so the nest runs in order; "" when
// every write of one is the iteration's own.
func (l *lowerer) sharedAutomatic(n *ir.Nest) string {
	in := l.depInput(n)
	auto := func(es []*ir.Elem) []*ir.Elem {
		var out []*ir.Elem
		for _, e := range es {
			if e.Var.Role == ir.Automatic {
				out = append(out, e)
			}
		}
		return out
	}
	in.Writes, in.Reads = auto(in.Writes), auto(in.Reads)
	if len(in.Writes) == 0 {
		return ""
	}
	if c := depend.InPlace(in); c != nil {
		return depend.Why(n, c) + fmt.Sprintf(" (automatic array %q is one buffer that the iterations share)", c.Write.Var.Name)
	}
	return ""
}

// parallelPrefix returns how many of a DO nest's perfectly nested loops
// may be parallel: those before the first with a step that is not a
// literal (Note [strided loops]; the outermost one may have one when
// varSteps, outside host loops: Note [variable steps]) or with a bound
// that depends on an outer one (a triangular loop), which runs in order
// inside each iteration; and why it stops there, for a warning when that
// is the first.
func parallelPrefix(loops []nestLoop, varSteps bool) (int, string) {
	for i, lp := range loops {
		if !constStep(lp.step) && !(varSteps && i == 0) {
			where := "" // an inner loop
			if i == 0 {
				where = " inside a DO loop around nests, before whose launches the host cannot compute its trip count"
			}
			return i, fmt.Sprintf("the loop over %q at %s has a step that is not an integer literal%s", lp.name.Orig, pos(lp.s.Pos), where)
		}
		for _, outer := range loops[:i] {
			if mentions(lp.lo, outer.name.Name) || mentions(lp.hi, outer.name.Name) {
				return i, fmt.Sprintf("the bounds of the loop over %q at %s depend on %q (a triangular loop)", lp.name.Orig, pos(lp.s.Pos), outer.name.Orig)
			}
		}
	}
	return len(loops), ""
}

// constStep reports whether step is absent or a nonzero integer literal,
// with a sign or in parentheses (Note [strided loops]).
func constStep(step ast.Expr) bool {
	for {
		switch x := step.(type) {
		case nil:
			return true
		case *ast.Paren:
			step = x.X
		case *ast.Unary:
			if x.Op != "-" && x.Op != "+" {
				return false
			}
			step = x.X
		case *ast.IntLit:
			return x.Value != 0
		default:
			return false
		}
	}
}

// mentions reports whether expression e names name.
func mentions(e ast.Expr, name string) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name == name
	case *ast.Paren:
		return mentions(x.X, name)
	case *ast.Unary:
		return mentions(x.X, name)
	case *ast.Binary:
		return mentions(x.X, name) || mentions(x.Y, name)
	case *ast.Call:
		for _, a := range x.Args {
			if mentions(a.Value, name) || mentions(a.Lo, name) || mentions(a.Hi, name) || mentions(a.Stride, name) {
				return true
			}
		}
	}
	return false
}
