// Package depend is forocl's dependence analysis of a loop kernel's
// parallel nests, over the IR alone: whether a nest's writes are
// one-to-one and its other accesses separated or disjoint (InPlace, with
// linearised subscripts over polynomials in the sizes), which scalars are
// carried between iterations (CarriedRead), the conditions on sizes under
// which a nest is proven at run time (RuntimeConds) and the dependences
// of DO CONCURRENT (Concurrent). Package sema lowers the nest, gathers
// its accesses into a Nest and decides from the results (Note
// [dependence analysis]).
package depend

import (
	"fmt"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [dependence analysis]
//
// forocl's promise is gfortran's serial answer, so every nest of a loop
// kernel runs in parallel only when forocl proves its iterations
// independent; otherwise it runs as written, in order, on one work-item
// (package sema's serialNest), with a loop-serial warning that names
// the array and the line that stopped the proof. It is never an error: gfortran accepts
// the loop, and forocl runs it. The proof (InPlace, then CarriedRead):
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
// bounds do not depend on an outer candidate (sema's parallelPrefix);
// the loops inside one with a symbolic step or a triangular one run in order
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

// Nest is the analysis's input: a nest and what lowering it found.
type Nest struct {
	N *ir.Nest
	// Trips are the host loops around the nest, innermost last: their
	// trips are facts (Note [linearised subscripts]).
	Trips []*ir.Loop
	// Writes and Reads are the nest's array element accesses, in source
	// order.
	Writes, Reads []*ir.Elem
	// Tables holds, for each write with a computed subscript, the
	// dimensions whose subscript is a table of distinct values (a
	// permutation) looked up at an affine subscript: Tables[w][d].
	Tables map[*ir.Elem]map[int]ir.Affine
	// NonZero are uniform integer scalars that the host checks are not
	// 0 before the nest runs, so |v| >= 1: the steps of loops with a
	// variable step (Note [linearised subscripts]).
	NonZero []*ir.Var
}

// Pos spells a position for a message: line:col.
func Pos(s diag.Span) string { return fmt.Sprintf("%d:%d", s.Start.Line, s.Start.Col) }

// Conflict is a read of an array element that another iteration may
// write, or a second write of it (Rewrite). Cond, when not nil, is a polynomial in the sizes whose being >= 0 at
// run time would take the proof that the write is one-to-one a step
// further (Note [linearised subscripts], Note [run-time independence]).
type Conflict struct {
	Read, Write *ir.Elem
	Cond        Poly
	Rewrite     bool // Read is a second write
}

// InPlace checks that no iteration of nest in.N reads an element of an array
// that another iteration writes. A write must give every iteration its own
// element (injective); a read or a second write of a written array must
// be separated from the first write (it touches only the iteration's own
// elements), or provably disjoint from it (disjoint). It returns the first
// access that breaks the rule.
func InPlace(in *Nest) *Conflict { return inPlaceAssuming(in, nil) }

// inPlaceAssuming is InPlace with the polynomials assume taken as >= 0.
func inPlaceAssuming(in *Nest, assume []Poly) *Conflict {
	n := in.N
	d := newDepNest(n, in.Trips)
	d.facts = append(d.facts, assume...)
	d.nonZero(in.NonZero)
	apart := func(a, b *ir.Elem) bool {
		return separated(a, b, n.Index) || disjoint(a, b, n) || d.separated(a, b)
	}
	first := map[*ir.Var]*ir.Elem{}
	for _, w := range in.Writes {
		if f, ok := first[w.Var]; ok {
			if !apart(f, w) {
				return &Conflict{Read: w, Write: f, Rewrite: true}
			}
			continue
		}
		first[w.Var] = w
		if injective(w, n.Index) || in.tableInjective(w) {
			continue
		}
		if ok, cond := d.injective(w); !ok {
			return &Conflict{Read: w, Write: w, Cond: cond}
		}
	}
	for _, r := range in.Reads {
		if w, ok := first[r.Var]; ok && !apart(r, w) {
			return &Conflict{Read: r, Write: w}
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
func (c *Conflict) String() string {
	if c.Read == c.Write && c.Cond != nil {
		return fmt.Sprintf("different iterations may write the same element of %q (%s): its subscript is one-to-one only if %s >= 0, which depends on the sizes at run time", c.Write.Var.Name, Pos(c.Write.Pos), c.Cond)
	}
	if c.Read == c.Write {
		return fmt.Sprintf("different iterations may write the same element of %q (%s)", c.Write.Var.Name, Pos(c.Write.Pos))
	}
	if c.Rewrite {
		return fmt.Sprintf("iterations may write %q at %s where others write it at %s", c.Read.Var.Name, Pos(c.Read.Pos), Pos(c.Write.Pos))
	}
	return fmt.Sprintf("iterations may read %q at %s while others write it at %s", c.Read.Var.Name, Pos(c.Read.Pos), Pos(c.Write.Pos))
}

// CarriedRead returns the first read, in the body of nest n, of a scalar
// that the body assigns but that is not assigned on every path before the
// read, or nil.
func CarriedRead(n *ir.Nest) *ir.Ref {
	if bad := CarriedReads(n); len(bad) > 0 {
		return bad[0]
	}
	return nil
}

// CarriedReads returns, for each such scalar, its first read, in order.
func CarriedReads(n *ir.Nest) []*ir.Ref {
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
// prove, gives every parallel index of in.N its own elements when a table of
// distinct values counts as one-to-one: for each index, a dimension it
// owns directly or through such a table (out(order(c), i) with order a
// permutation).
func (in *Nest) tableInjective(w *ir.Elem) bool {
	through, ok := in.Tables[w]
	if !ok {
		return false
	}
	for _, p := range in.N.Index {
		ok := false
		for d, a := range w.Access {
			if t, has := through[d]; owns(a, p) || has && owns(t, p) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
