package sema

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [dependence analysis]
//
// forocl's promise is gfortran's serial answer, so every nest of a loop
// kernel runs in parallel only when forocl proves its iterations
// independent; otherwise it runs as written, in order, on one work-item
// (serialNest), with a loop-serial warning that names the array and the
// line that stopped the proof. It is never an error: gfortran accepts
// the loop, and forocl runs it. The proof (inPlace, then carriedRead):
//
//   - every write gives each iteration its own element: each parallel
//     index owns a dimension of the subscript (injective), or a dimension
//     is a linearised subscript such as off + j + (k-1)*n that is
//     one-to-one over the index box (Note [linearised subscripts]), or a
//     constant permutation table (tableInjective);
//   - every other access of a written array touches only the
//     iteration's own elements (separated) or provably other elements
//     (disjoint);
//   - no scalar is read before the iteration assigns it (carriedRead).
//
// Scalar temporaries assigned at the top of the body before every use
// (index = off + j + ...; buf(index) = ...) are private to the iteration
// and are replaced by their value in subscripts.
//
// Which loops are candidates: the perfectly nested counted loops with
// an integer literal step (a backward loop is the same set of
// iterations; a strided one is guarded, Note [strided loops]) whose
// bounds do not depend on an outer candidate (parallelPrefix); the loops
// inside one with a symbolic step or a triangular one run in order
// inside each work-item, and a nest whose outer loop is such runs
// serially.
//
// Directives. !$omp do and !$acc loop are the programmer's assertion
// that the iterations are independent, and OpenMP and OpenACC compilers
// take it on trust. forocl does not: it applies the same proof, and a
// directive nest it cannot prove runs serially too, with a warning that
// says so. A directive still limits nothing it proves: an !$omp
// parallel do whose inner loops carry a dependence runs the loops it
// names (collapse) in parallel, the inner ones in order. DO CONCURRENT
// is the one exception: the language forbids dependences between its
// iterations, the README promises that forocl trusts it, and the
// dependences forocl can prove there are warnings (Note [do concurrent
// dependences]).

// conflict is a read of an array element that another iteration may
// write.
// cond, when not nil, is a polynomial in the sizes whose being >= 0 at
// run time would take the proof that the write is one-to-one a step
// further (Note [linearised subscripts], Note [run-time independence]).
type conflict struct {
	read, write *ir.Elem
	cond        poly
	rewrite     bool // read is a second write
}

// inPlace checks that no iteration of nest n reads an element of an array
// that another iteration writes. A write must give every iteration its own
// element (injective); a read or a second write of a written array must
// be separated from the first write (it touches only the iteration's own
// elements), or provably disjoint from it (disjoint). It returns the first
// access that breaks the rule.
func (l *lowerer) inPlace(n *ir.Nest) *conflict { return l.inPlaceAssuming(n, nil) }

// inPlaceAssuming is inPlace with the polynomials assume taken as >= 0.
func (l *lowerer) inPlaceAssuming(n *ir.Nest, assume []poly) *conflict {
	d := newDepNest(n, l.loop.trips)
	d.facts = append(d.facts, assume...)
	apart := func(a, b *ir.Elem) bool {
		return separated(a, b, n.Index) || disjoint(a, b, n) || d.separated(a, b)
	}
	first := map[*ir.Var]*ir.Elem{}
	for _, w := range l.loop.writes {
		if f, ok := first[w.Var]; ok {
			if !apart(f, w) {
				return &conflict{read: w, write: f, rewrite: true}
			}
			continue
		}
		first[w.Var] = w
		if injective(w, n.Index) || l.tableInjective(w, n.Index) {
			continue
		}
		if ok, cond := d.injective(w); !ok {
			return &conflict{read: w, write: w, cond: cond}
		}
	}
	for _, r := range l.loop.reads {
		if w, ok := first[r.Var]; ok && !apart(r, w) {
			return &conflict{read: r, write: w}
		}
	}
	return nil
}

// owns reports whether subscript a is c*p + (uniform terms) + d for the
// parallel index p: it varies with p alone, so different values of p give
// different subscripts.
func owns(a ir.Affine, p *ir.Var) bool {
	found := false
	for _, t := range a.Terms {
		switch {
		case t.Var == p:
			found = true
		case t.Var.Role != ir.Dummy:
			return false // another index, a sequential loop variable or a private scalar
		}
	}
	return found
}

// injective reports whether the write w gives every iteration of the
// parallel indices its own element: each index owns some subscript.
func injective(w *ir.Elem, index []*ir.Var) bool {
	for _, p := range index {
		ok := false
		for _, a := range w.Access {
			if owns(a, p) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// separated reports whether a and b can only meet within one iteration:
// for every parallel index, some dimension where both use the same
// subscript and that subscript is owned by the index. Two different
// iterations differ in some index, so their elements differ there.
func separated(a, b *ir.Elem, index []*ir.Var) bool {
	for _, p := range index {
		ok := false
		for d := range a.Access {
			if a.Access[d].Equal(b.Access[d]) && owns(a.Access[d], p) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// disjoint reports whether the elements a and b touch over the whole
// iteration space are provably apart in some dimension: the largest
// subscript of one is below the smallest of the other by a constant (a
// mirror halo update reads x_min..x_min+d-1 and writes x_min-d..x_min-1).
func disjoint(a, b *ir.Elem, n *ir.Nest) bool {
	for d := range a.Access {
		alo, ahi, ok1 := span(a.Access[d], n)
		blo, bhi, ok2 := span(b.Access[d], n)
		if !ok1 || !ok2 {
			continue
		}
		if x := blo.Add(ahi.Scale(-1)); x.IsConst() && x.Const > 0 {
			return true
		}
		if x := alo.Add(bhi.Scale(-1)); x.IsConst() && x.Const > 0 {
			return true
		}
	}
	return false
}

// span returns the smallest and largest value of subscript a over the
// nest's iteration space, as affine forms over sizes; false when a varies
// with something other than the nest's indices and sizes.
func span(a ir.Affine, n *ir.Nest) (lo, hi ir.Affine, ok bool) {
	lo, hi = ir.Affine{Const: a.Const}, ir.Affine{Const: a.Const}
	for _, t := range a.Terms {
		i := -1
		for k, v := range n.Index {
			if v == t.Var {
				i = k
			}
		}
		switch {
		case i >= 0 && t.Coef > 0:
			lo = lo.Add(n.Lo[i].Scale(t.Coef))
			hi = hi.Add(n.Hi[i].Scale(t.Coef))
		case i >= 0:
			lo = lo.Add(n.Hi[i].Scale(t.Coef))
			hi = hi.Add(n.Lo[i].Scale(t.Coef))
		case t.Var.Role == ir.Dummy:
			u := ir.Affine{Terms: []ir.Term{t}}
			lo, hi = lo.Add(u), hi.Add(u)
		default:
			return lo, hi, false
		}
	}
	return lo, hi, true
}

// String says what the conflict is, for a message.
func (c *conflict) String() string {
	if c.read == c.write && c.cond != nil {
		return fmt.Sprintf("different iterations may write the same element of %q (%s): its subscript is one-to-one only if %s >= 0, which depends on the sizes at run time", c.write.Var.Name, pos(c.write.Pos), c.cond)
	}
	if c.read == c.write {
		return fmt.Sprintf("different iterations may write the same element of %q (%s)", c.write.Var.Name, pos(c.write.Pos))
	}
	if c.rewrite {
		return fmt.Sprintf("iterations may write %q at %s where others write it at %s", c.read.Var.Name, pos(c.read.Pos), pos(c.write.Pos))
	}
	return fmt.Sprintf("iterations may read %q at %s while others write it at %s", c.read.Var.Name, pos(c.read.Pos), pos(c.write.Pos))
}

// carriedRead returns the first read, in the body of nest n, of a scalar
// that the body assigns but that is not assigned on every path before the
// read, or nil.
func carriedRead(n *ir.Nest) *ir.Ref {
	if bad := carriedReads(n); len(bad) > 0 {
		return bad[0]
	}
	return nil
}

// carriedReads returns, for each such scalar, its first read, in order.
func carriedReads(n *ir.Nest) []*ir.Ref {
	assigned := map[*ir.Var]bool{}
	ir.AssignedIn(n.Body, assigned)
	var bad []*ir.Ref
	seen := map[*ir.Var]bool{}
	read := func(e ir.Expr, def map[*ir.Var]bool) {
		if e == nil {
			return
		}
		ir.WalkRefs(e, func(r *ir.Ref) {
			if !seen[r.Var] && assigned[r.Var] && !def[r.Var] {
				seen[r.Var] = true
				bad = append(bad, r)
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

// tableInjective reports whether the write w, which injective could not
// prove, gives every parallel index its own elements when a table of
// distinct values counts as one-to-one: for each index, a dimension it
// owns directly or through such a table (out(order(c), i) with order a
// permutation).
func (l *lowerer) tableInjective(w *ir.Elem, index []*ir.Var) bool {
	cw := l.loop.computed[w]
	if cw == nil {
		return false
	}
	for _, p := range index {
		ok := false
		for d, a := range w.Access {
			if t, has := cw.through[d]; owns(a, p) || has && owns(t, p) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// decide returns the nest n, lowered in parallel with the conflict c that
// inPlace found, or the serial nest that replaces it (Note [dependence
// analysis]). before is the number of diagnostics before n was lowered.
func (l *lowerer) decide(s *ast.DoStmt, dir *loopDir, source string, n *ir.Nest, c *conflict, before int) ir.Stmt {
	if n == nil {
		return nil // an untyped nil: the caller tests the interface
	}
	if s.Form == ast.DoConcurrent {
		l.concurrentDeps(n) // Note [do concurrent dependences]
		return n
	}
	for _, d := range l.c.diags.Items[before:] {
		if d.Severity == diag.Error {
			return n // reported; whether it is parallel no longer matters
		}
	}
	why := l.loop.outWhy // a reduction --auto-reduce found wrong (sema/autoreduce.go)
	if why == "" {
		why = conflictWhy(n, c)
	}
	last := ""
	if why == "" {
		last = l.lastValueWhy(s, n) // Note [last values]
		why = last
	}
	if why == "" {
		return n
	}
	if conds := l.runtimeCond(n, c); conds != nil && last == "" {
		return l.guardedNest(s, dir, source, n, conds, why, before) // Note [run-time independence]
	}
	l.c.diags.Items = l.c.diags.Items[:before] // serialNest lowers the body again
	return l.serialNest(s, dir, source, why)
}

// parallelPrefix returns how many of a DO nest's perfectly nested loops
// may be parallel: those before the first with a step that is not a
// literal (Note [strided loops]) or with a bound that depends on an outer one (a triangular loop), which
// runs in order inside each iteration; and why it stops there, for a
// warning when that is the first.
func parallelPrefix(loops []nestLoop) (int, string) {
	for i, lp := range loops {
		if !constStep(lp.step) {
			return i, fmt.Sprintf("the loop over %q at %s has a step that is not an integer literal", lp.name.Orig, pos(lp.s.Pos))
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
