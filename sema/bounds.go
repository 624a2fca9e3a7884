package sema

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ir"
)

// Note [accesses that leave the array]
//
// As in Fortran without -fcheck=bounds, forocl does not check subscripts
// at run time (README, Limits). Where the analysis can prove that an
// access leaves its array whenever it runs, it warns (issue 20): a(i-1)
// with i = 1:n and a declared a(n) reads a(0) on the first iteration, for
// every n.
//
// The proof needs three things. The access runs on every iteration: it
// sits in the nest's body or in the bodies of sequential DO loops of unit
// step whose bounds are affine in the sizes, never under an IF (a guard
// such as "if (i > 1)" is how such reads are kept in range). Every
// subscript term is a parallel index, such a loop's variable or a size,
// so its smallest and largest values over the iteration space are affine
// in the sizes (span). And the difference between that extreme and the
// declared bound is a constant of the wrong sign, the same for every size.
// The loops are rectangular, so the extreme is reached whenever the loops
// make at least one trip, which is when the access runs at all.

// rng is the range of a loop variable, affine in the sizes.
type rng struct{ lo, hi ir.Affine }

// checkBounds reports the accesses of Note [accesses that leave the array]
// in the nests of body (a loop kernel's top level).
func (l *lowerer) checkBounds(body []ir.Stmt) {
	reported := map[*ir.Var]bool{}
	for _, e := range l.loop.guardReads { // Note [guard reads]: uniform subscripts
		l.elemBounds(e, nil, reported, func(v *ir.Var) bool {
			return v.Role == ir.Dummy && v.Rank == 0 && v.Kind.IsInt() || l.loop.sizes[v]
		})
	}
	for _, s := range body {
		n, ok := s.(*ir.Nest)
		if !ok {
			continue
		}
		ranges := map[*ir.Var]rng{}
		for i, v := range n.Index {
			ranges[v] = rng{n.Lo[i], n.Hi[i]}
		}
		l.boundsIn(n.Body, ranges, reported)
	}
}

// boundsIn checks the accesses of stmts, which run on every iteration of
// the loops in ranges.
func (l *lowerer) boundsIn(stmts []ir.Stmt, ranges map[*ir.Var]rng, reported map[*ir.Var]bool) {
	sized := func(v *ir.Var) bool {
		return v.Role == ir.Dummy && v.Rank == 0 && v.Kind.IsInt() || l.loop.sizes[v]
	}
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			check := func(x ir.Expr) {
				ir.Walk(x, func(x ir.Expr) {
					if e, ok := x.(*ir.Elem); ok && !l.loop.guarded[e] { // Note [shifts]
						l.elemBounds(e, ranges, reported, sized)
					}
				})
			}
			if s.Mask != nil {
				continue
			}
			check(s.RHS)
			check(s.LHS)
		case *ir.Loop:
			if s.Host != nil || s.Step != nil {
				continue
			}
			lo, why1 := l.affine(s.Lo, sized)
			hi, why2 := l.affine(s.Hi, sized)
			if why1 != "" || why2 != "" {
				continue
			}
			inner := make(map[*ir.Var]rng, len(ranges)+1)
			for v, r := range ranges {
				inner[v] = r
			}
			inner[s.Var] = rng{lo, hi}
			l.boundsIn(s.Body, inner, reported)
		case *ir.If:
			// conditional: not every iteration runs it
		}
	}
}

// elemBounds reports e when a subscript provably leaves its dimension.
func (l *lowerer) elemBounds(e *ir.Elem, ranges map[*ir.Var]rng, reported map[*ir.Var]bool, sized func(*ir.Var) bool) {
	if reported[e.Var] || len(e.Var.Bounds) != len(e.Access) {
		return
	}
	for d, a := range e.Access {
		if a.IsComputed() {
			continue
		}
		lo, hi := ir.Affine{Const: a.Const}, ir.Affine{Const: a.Const}
		ok := true
		for _, t := range a.Terms {
			r, isLoop := ranges[t.Var]
			switch {
			case isLoop && t.Coef > 0:
				lo, hi = lo.Add(r.lo.Scale(t.Coef)), hi.Add(r.hi.Scale(t.Coef))
			case isLoop:
				lo, hi = lo.Add(r.hi.Scale(t.Coef)), hi.Add(r.lo.Scale(t.Coef))
			case sized(t.Var):
				u := ir.Affine{Terms: []ir.Term{t}}
				lo, hi = lo.Add(u), hi.Add(u)
			default:
				ok = false
			}
		}
		if !ok {
			continue
		}
		b := e.Var.Bounds[d]
		below := lo.Add(b.Lo.Scale(-1))
		above := hi.Add(b.Hi.Scale(-1))
		var at, side, bound string
		switch {
		case below.IsConst() && below.Const < 0:
			at, side, bound = lo.String(), "below the lower bound", b.Lo.String()
		case above.IsConst() && above.Const > 0:
			at, side, bound = hi.String(), "above the upper bound", b.Hi.String()
		default:
			continue
		}
		reported[e.Var] = true
		decl := make([]string, len(e.Var.Bounds))
		for k, b := range e.Var.Bounds {
			decl[k] = b.Lo.String() + ":" + b.Hi.String()
		}
		what := fmt.Sprintf("the subscript %s reaches %s, %s %s, whenever the loop runs", a.String(), at, side, bound)
		if a.IsConst() {
			what = fmt.Sprintf("the subscript %s is %s %s", a.String(), side, bound)
		}
		l.c.diags.Warn(codeOutOfBounds, e.Pos, "%s leaves array %q, declared %s(%s): in dimension %d %s",
			elemText(e), e.Var.Name, e.Var.Name, strings.Join(decl, ", "), d+1, what).
			WithNote(e.Var.Pos, "declared here").
			WithHint("forocl does not check subscripts at run time, and the device reads or writes outside the array; narrow the loop's range, guard the access with an if, or declare the array with room for it")
		return
	}
}
