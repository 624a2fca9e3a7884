package ir

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/diag"
)

// Loop kernels. See Note [loop kernels].
//
// Note [loop kernels]
//
// A loop kernel (Kernel.Rank 0) is a subroutine written as one or more
// parallel loop nests over explicit-shape arrays, as legacy codes write
// them. Its model is the general one:
//
//   - every array variable has a shape: per dimension a lower and an upper
//     bound (Var.Bounds), affine over the kernel's scalar integer dummies
//     (its sizes, Kernel.Sizes, with the locals that stand for the
//     extents of assumed-shape arrays);
//   - every parallel nest (Nest) has an explicit iteration space: one
//     parallel dimension per index, bounds affine over the sizes; the
//     statements of its body run once per iteration point, and sequential
//     DO loops (Loop) inside it are dimensions the point iterates itself;
//   - every array operand is an element (Elem) whose subscripts sema has
//     checked to be affine in the nest's indices: c*iv[p] + d per
//     dimension (Access), which is what the independence check of in-place
//     updates reads.
//
// The kernel's top-level body holds Nests and scalar Assigns to locals
// (array assignments of the source are Nests too: Note [array
// assignments] in sema/sections.go);
// each Nest is one launch, and every work-item of a launch first runs the
// scalar assignments that precede its nest (they read only dummies,
// constants and earlier locals, so every work-item computes the same
// values).

// Affine is Const + sum of Coef*Var over Terms: a bound or an extent over
// a loop kernel's sizes (Kernel.Sizes). Terms are sorted by the position
// of their variable in Kernel.Params, then Kernel.Locals, and have non-zero
// Coef.
type Affine struct {
	Const int64
	Terms []Term
}

// Term is one Coef*Var of an Affine.
type Term struct {
	Coef int64
	Var  *Var
}

// Bound is one declared dimension of a loop kernel's array: Lo:Hi.
type Bound struct {
	Lo, Hi Affine
}

// Extent is Hi - Lo + 1.
func (b Bound) Extent() Affine { return b.Hi.Add(b.Lo.Scale(-1)).AddConst(1) }

// AddConst returns a + c.
func (a Affine) AddConst(c int64) Affine {
	return Affine{Const: a.Const + c, Terms: append([]Term(nil), a.Terms...)}
}

// Scale returns c*a.
func (a Affine) Scale(c int64) Affine {
	out := Affine{Const: a.Const * c}
	if c == 0 {
		return out
	}
	for _, t := range a.Terms {
		out.Terms = append(out.Terms, Term{Coef: t.Coef * c, Var: t.Var})
	}
	return out
}

// Add returns a + b, combining terms of the same variable (in a's order,
// then b's new variables).
func (a Affine) Add(b Affine) Affine {
	out := Affine{Const: a.Const + b.Const}
	idx := map[*Var]int{}
	for _, ts := range [][]Term{a.Terms, b.Terms} {
		for _, t := range ts {
			if i, ok := idx[t.Var]; ok {
				out.Terms[i].Coef += t.Coef
				continue
			}
			idx[t.Var] = len(out.Terms)
			out.Terms = append(out.Terms, t)
		}
	}
	kept := out.Terms[:0]
	for _, t := range out.Terms {
		if t.Coef != 0 {
			kept = append(kept, t)
		}
	}
	out.Terms = kept
	return out
}

// IsConst reports whether a has no terms.
func (a Affine) IsConst() bool { return len(a.Terms) == 0 }

// Equal reports whether a and b are the same expression.
func (a Affine) Equal(b Affine) bool {
	d := a.Add(b.Scale(-1))
	return d.IsConst() && d.Const == 0
}

func (a Affine) String() string {
	var b strings.Builder
	for i, t := range a.Terms {
		switch {
		case i == 0 && t.Coef < 0:
			b.WriteString("-")
		case i > 0 && t.Coef < 0:
			b.WriteString(" - ")
		case i > 0:
			b.WriteString(" + ")
		}
		c := t.Coef
		if c < 0 {
			c = -c
		}
		if c != 1 {
			fmt.Fprintf(&b, "%d*", c)
		}
		b.WriteString(t.Var.Name)
	}
	switch {
	case len(a.Terms) == 0:
		fmt.Fprint(&b, a.Const)
	case a.Const > 0:
		fmt.Fprintf(&b, " + %d", a.Const)
	case a.Const < 0:
		fmt.Fprintf(&b, " - %d", -a.Const)
	}
	return b.String()
}

// Nest is a parallel loop nest of a loop kernel: one launch, one work-item
// per point of the iteration space Lo[d]..Hi[d] of Index[d] (outermost
// first, step 1).
type Nest struct {
	Pos    diag.Span
	Source string // how the source marked it parallel: "do concurrent", "!$omp parallel do", ...
	Index  []*Var
	Lo, Hi []Affine
	Body   []Stmt
	// Reduces are the nest's reductions (reduction clauses of !$omp and
	// !$acc, REDUCE of DO CONCURRENT): scalar Vars of Role Reduction whose
	// Reduce.Result is the scalar the clause names. In Body an Assign to
	// a Ref of one folds its RHS into it; after the nest the scalar is its
	// value before the nest folded with every iteration's contributions
	// (Note [loop reductions]).
	Reduces []*Var
}

// Note [loop reductions]
//
// A reduction of a nest (Nest.Reduces) is folded in three steps that
// reuse the array-syntax reductions' pieces (Note [phases] in regions):
// every work-item folds its contributions into an accumulator started at
// the operator's identity; the nest's launch folds the work-group's
// accumulators with a fixed-order tree in __local memory into one partial
// per work-group; a fold kernel of one work-group folds the partials into
// a one-element scratch buffer. Every later launch of the kernel (the
// later nests, and the results launch when the kernel has intent(out)
// scalar dummies) loads it where the nest stood among the top-level
// statements: s = s op value. The order of every fold is fixed, so the
// value repeats exactly on the same device, work-group and block of points
// per work-item (a work-item folds its block's points in their order).

// Loop is a sequential DO loop inside a nest's body: Var runs from Lo to
// Hi by Step (nil: 1), evaluated once on entry as Fortran does. At the
// top level of a loop kernel it is a host loop (Host is set): its body
// holds nests and scalar statements, and the host repeats their launches
// (Note [host loops]).
type Loop struct {
	Pos          diag.Span
	Var          *Var
	Lo, Hi, Step Expr
	Body         []Stmt
	Host         *Trip
}

// Elem is one element of an array of a loop kernel: Var(Index...), in the
// array's declared bounds. Access holds each subscript's affine form
// (Note [loop kernels]): a combination of the nest's indices, sequential
// loop variables, scalar dummies and locals, and a constant. Sema rejects
// subscripts that have none.
type Elem struct {
	Pos    diag.Span
	Var    *Var
	Index  []Expr
	Access []Affine
}

func (*Nest) stmt() {}
func (*Loop) stmt() {}

func (s *Nest) Span() diag.Span { return s.Pos }
func (s *Loop) Span() diag.Span { return s.Pos }

func (e *Elem) Type() Type      { return Type{Kind: e.Var.Kind} }
func (e *Elem) Span() diag.Span { return e.Pos }
func (*Elem) expr()             {}

// Extents returns the extents of a loop kernel array, first dimension
// first.
func (v *Var) Extents() []Affine {
	out := make([]Affine, len(v.Bounds))
	for d, b := range v.Bounds {
		out[d] = b.Extent()
	}
	return out
}
