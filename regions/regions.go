// Package regions computes, for each kernel of an ir.Program, where every
// array value lives relative to the work-item that owns an output element:
// the shifts at which each statement must be evaluated and the extent of
// every input and temporary that a work-group needs (its tile plus halo).
// It returns a Plan beside the IR and never mutates the IR. codegen reads
// the Plan; `forocl dump --stage=regions` prints it.
//
// Note [frames]
//
// Every array variable V gets an absolute offset Off(V) per dimension: the
// grid position (0-based) of its element 0. Kernel dummies have Off 0. A
// temporary takes, at its first assignment, the smallest Off(W)+Lo among
// the windows of the right-hand side, so a face temporary's element m sits
// at the face just left (below) of... whatever cell its lowest operand
// starts at; any choice would do, this one keeps shifts small.
//
// An array assignment's frame element k lives at the absolute position
// k + Anchor, Anchor = Off(LHS var) + LHS.Lo. A window W of the right-hand
// side is then read at the absolute position of the element plus the shift
// Off(W.Var) + W.Lo - Anchor.
//
// One work-item owns one absolute grid position a (the launch covers the
// union of the outputs' frames). It writes output elements at a only. A
// temporary read at shift s by a statement evaluated at shift t must have
// been computed at shift s+t; a backward pass over the statements collects,
// for every assignment, the set of shifts it must be evaluated at, and for
// every input the set of shifts it is read at. The local strategy turns
// these sets into bounding boxes (tiles); the direct strategy evaluates each
// statement once per shift, in registers.
package regions

import (
	"fmt"
	"sort"

	"github.com/forocl/forocl/ir"
)

// MaxRank is the largest grid rank forocl supports.
const MaxRank = 3

// Shift is a per-dimension offset; entries past the rank are zero.
type Shift [MaxRank]int

// Add returns s+t.
func (s Shift) Add(t Shift) Shift {
	return Shift{s[0] + t[0], s[1] + t[1], s[2] + t[2]}
}

// Sub returns s-t.
func (s Shift) Sub(t Shift) Shift {
	return Shift{s[0] - t[0], s[1] - t[1], s[2] - t[2]}
}

func less(a, b Shift) bool {
	for d := MaxRank - 1; d >= 0; d-- {
		if a[d] != b[d] {
			return a[d] < b[d]
		}
	}
	return false
}

// Box is the bounding box of a set of shifts, inclusive on both ends.
type Box struct {
	Lo, Hi Shift
}

// Size returns the number of positions of the box in dimension d for a
// tile of w work-items: w + Hi[d] - Lo[d].
func (b Box) Size(d, w int) int { return w + b.Hi[d] - b.Lo[d] }

// BoxOf returns the bounding box of a non-empty set of shifts.
func BoxOf(set []Shift) Box {
	b := Box{Lo: set[0], Hi: set[0]}
	for _, s := range set[1:] {
		for d := 0; d < MaxRank; d++ {
			b.Lo[d] = min(b.Lo[d], s[d])
			b.Hi[d] = max(b.Hi[d], s[d])
		}
	}
	return b
}

// Plan holds a KernelPlan per kernel, in the order of Program.Kernels,
// and the target and options it was scheduled for.
type Plan struct {
	Target   Target
	Options  Options
	Strategy Strategy // the strategy every kernel uses (Options.Auto resolved)
	Kernels  []*KernelPlan
}

// For returns the plan of k, a kernel of the program it was made for, or
// nil.
func (p *Plan) For(k *ir.Kernel) *KernelPlan {
	for _, kp := range p.Kernels {
		if kp.IR == k || kp.IR == nil && kp.Kernel == k {
			return kp
		}
	}
	return nil
}

// KernelPlan is the region analysis of one kernel.
type KernelPlan struct {
	// Kernel is the kernel scheduled: for a kernel with a grid, the frame
	// form of its nests (Note [frames as nests] in package ir), which
	// codegen emits; the program's kernel otherwise.
	Kernel *ir.Kernel
	// IR is the program's kernel the plan is for (Plan.For); nil in plans
	// of parts of a kernel (phases).
	IR   *ir.Kernel
	Rank int
	// Off is the absolute offset of every array variable (dummies: 0).
	Off map[*ir.Var]Shift
	// Anchor is the absolute position of frame element 0 of every array
	// assignment.
	Anchor map[*ir.Assign]Shift
	// Origin is the absolute position of the first work-item; Shrink makes
	// the launch extent n_d - Shrink[d] per dimension.
	Origin, Shrink Shift
	// Eval lists, for every array assignment, the shifts (relative to the
	// owning work-item's position) at which it must be evaluated, sorted.
	// An assignment to an output is evaluated at shift 0 only. An
	// assignment whose value nothing reads has no entry (dead).
	Eval map[*ir.Assign][]Shift
	// Inputs lists, for every intent(in) array read by the kernel, the
	// shifts it is read at, sorted.
	Inputs map[*ir.Var][]Shift
	// Temps lists, for every temporary, the union of the shifts of its
	// assignments, sorted.
	Temps map[*ir.Var][]Shift
	// Owned lists the shifts of the output elements one work-item owns
	// ({0} unless coarsened).
	Owned []Shift

	// The schedule (see Note [schedule]); Analyze leaves these empty.

	Strategy Strategy
	// Local is the work-group shape (Rank entries; 1 for elemental kernels).
	Local []int
	// Coarsen is the number of consecutive grid positions one work-item
	// owns per dimension (all 1 unless coarsened); Owned is its block.
	Coarsen []int
	// Tiles holds the variables the local strategy keeps in __local tiles,
	// with the box of shifts each tile covers around the work-group.
	Tiles map[*ir.Var]Box
	// Private holds the live temporaries kept in registers: one per
	// work-item (local strategy) or one per shift (direct strategy).
	Private map[*ir.Var]bool
	// Groups maps the first statement of each run of cooperative
	// statements that share one loop (local strategy) to the run.
	Groups map[*ir.Assign][]*ir.Assign
	// Barrier holds the statements (heads of groups, or statements
	// evaluated by their owner) before which a barrier is needed.
	Barrier map[*ir.Assign]bool
	// LocalBytes is the __local memory one work-group uses.
	LocalBytes int
	// Launches are the launches the kernel runs as, in order (Note
	// [phases], Note [loop schedules]): nest launches, each followed by
	// one fold launch per reduction it ends with, the last nest launch
	// writing the scalar results. A kernel with a grid and no reductions
	// is one nest launch planned by this plan itself; otherwise each nest
	// launch has a plan of its own (Plan, or Nest for a nest of a loop
	// kernel), and the fields above other than Kernel, Rank, Strategy and
	// LocalBytes (the largest launch's) are empty. Empty for the plan of
	// one launch of such a kernel.
	Launches []*Launch
}

// WindowShift returns the shift at which window w, appearing in the array
// assignment a, is read relative to the position a is evaluated at.
func (kp *KernelPlan) WindowShift(a *ir.Assign, w *ir.Window) Shift {
	return kp.Off[w.Var].Add(lo(w)).Sub(kp.Anchor[a])
}

func lo(w *ir.Window) Shift {
	var s Shift
	copy(s[:], w.Lo)
	return s
}

func hi(w *ir.Window) Shift {
	var s Shift
	copy(s[:], w.Hi)
	return s
}

// Analyze computes the plan of every kernel of p. Sema has checked shapes,
// so Analyze reports nothing; an inconsistency is an internal error.
func Analyze(p *ir.Program) *Plan {
	plan := &Plan{}
	for _, k := range p.Kernels {
		fk, err := Frames(k)
		if err != nil {
			panic("internal error: " + err.Error())
		}
		kp := AnalyzeKernel(fk, nil)
		kp.IR = k
		plan.Kernels = append(plan.Kernels, kp)
	}
	return plan
}

// AnalyzeKernel computes the plan of one kernel whose work-items each own
// the output elements at the given shifts from their position (nil means
// just their own position). Owning several elements, e.g. consecutive rows
// (thread coarsening), lets one work-item compute a temporary once for
// all the elements that read it.
func AnalyzeKernel(k *ir.Kernel, owned []Shift) *KernelPlan {
	if len(owned) == 0 {
		owned = []Shift{{}}
	}
	kp := &KernelPlan{
		Kernel: k,
		Rank:   k.Rank,
		Off:    map[*ir.Var]Shift{},
		Anchor: map[*ir.Assign]Shift{},
		Eval:   map[*ir.Assign][]Shift{},
		Inputs: map[*ir.Var][]Shift{},
		Temps:  map[*ir.Var][]Shift{},
	}
	for _, v := range k.Params {
		if v.Rank > 0 {
			kp.Off[v] = Shift{}
		}
	}
	// Forward: offsets of temporaries and anchors of assignments.
	first := true
	var origin, endHi Shift
	ForEachAssign(k.Body, func(a *ir.Assign) {
		w, ok := a.LHS.(*ir.Window)
		if !ok {
			return
		}
		if _, known := kp.Off[w.Var]; !known {
			kp.Off[w.Var] = tempOffset(kp, a)
		}
		kp.Anchor[a] = kp.Off[w.Var].Add(lo(w))
		if ownedBy(w.Var) {
			if first {
				origin, endHi = kp.Anchor[a], hi(w)
				first = false
			}
			for d := 0; d < k.Rank; d++ {
				origin[d] = min(origin[d], kp.Anchor[a][d])
				endHi[d] = min(endHi[d], w.Hi[d])
			}
		}
	})
	kp.Origin = origin
	kp.Shrink = origin.Add(endHi)
	kp.Owned = owned

	// Backward: the shifts every assignment is evaluated at.
	need := needSet{}
	kp.backward(k.Body, need)
	for v, set := range need {
		if v.Role == ir.Dummy && v.Intent == ir.In {
			kp.Inputs[v] = set.sorted()
		}
	}
	temps := map[*ir.Var]shiftSet{}
	for a, shifts := range kp.Eval {
		v := a.LHS.(*ir.Window).Var
		if v.Role != ir.Temp {
			continue
		}
		if temps[v] == nil {
			temps[v] = shiftSet{}
		}
		for _, s := range shifts {
			temps[v][s] = true
		}
	}
	for v, set := range temps {
		kp.Temps[v] = set.sorted()
	}
	return kp
}

// ownedBy reports whether assignments to v are evaluated at the positions a
// work-item owns and fix the launch: outputs and reductions.
func ownedBy(v *ir.Var) bool { return v.Role == ir.Dummy || v.Role == ir.Reduction }

// tempOffset chooses the offset of a temporary at its first assignment a:
// the smallest absolute start among the windows a reads (0 if none).
func tempOffset(kp *KernelPlan, a *ir.Assign) Shift {
	var off Shift
	seen := false
	visit := func(e ir.Expr) {
		ir.Walk(e, func(e ir.Expr) {
			w, ok := e.(*ir.Window)
			if !ok {
				return
			}
			o, known := kp.Off[w.Var]
			if !known {
				panic(fmt.Sprintf("internal error: %q read before its first assignment", w.Var.Name))
			}
			start := o.Add(lo(w))
			if !seen {
				off, seen = start, true
				return
			}
			for d := range off {
				off[d] = min(off[d], start[d])
			}
		})
	}
	visit(a.RHS)
	visit(a.Mask)
	if w, ok := a.LHS.(*ir.Window); !seen && ok && w.Var.Reduce != nil && w.Var.Reduce.Counts != nil {
		// The any() beside an unmasked maxval reads no array: it takes
		// the offset of the reduction it counts, so both fold one frame.
		if o, known := kp.Off[w.Var.Reduce.Counts]; known {
			return o
		}
	}
	return off
}

type shiftSet map[Shift]bool

func (s shiftSet) sorted() []Shift {
	out := make([]Shift, 0, len(s))
	for x := range s {
		out = append(out, x)
	}
	sort.Slice(out, func(i, j int) bool { return less(out[i], out[j]) })
	return out
}

// needSet maps an array variable to the shifts at which its current value
// is still to be read.
type needSet map[*ir.Var]shiftSet

func (n needSet) add(v *ir.Var, s Shift) {
	if n[v] == nil {
		n[v] = shiftSet{}
	}
	n[v][s] = true
}

func (n needSet) clone() needSet {
	c := needSet{}
	for v, set := range n {
		c[v] = shiftSet{}
		for s := range set {
			c[v][s] = true
		}
	}
	return c
}

func (n needSet) union(o needSet) {
	for v, set := range o {
		for s := range set {
			n.add(v, s)
		}
	}
}

// backward walks stmts last to first, turning the shifts at which values
// are needed after them into the shifts needed before them.
func (kp *KernelPlan) backward(stmts []ir.Stmt, need needSet) {
	for i := len(stmts) - 1; i >= 0; i-- {
		switch s := stmts[i].(type) {
		case *ir.Assign:
			w, ok := s.LHS.(*ir.Window)
			if !ok {
				continue // scalar assignment
			}
			var at []Shift
			if ownedBy(w.Var) {
				at = kp.Owned
			} else {
				at = need[w.Var].sorted()
				if len(at) == 0 {
					continue // dead: nothing reads this value
				}
				if s.Mask == nil {
					delete(need, w.Var)
				}
			}
			kp.Eval[s] = mergeSorted(kp.Eval[s], at)
			reads := func(e ir.Expr) {
				ir.Walk(e, func(e ir.Expr) {
					r, ok := e.(*ir.Window)
					if !ok {
						return
					}
					shift := kp.WindowShift(s, r)
					for _, t := range at {
						need.add(r.Var, t.Add(shift))
					}
				})
			}
			reads(s.RHS)
			reads(s.Mask)
		case *ir.If:
			thenNeed := need.clone()
			kp.backward(s.Then, thenNeed)
			elseNeed := need.clone()
			kp.backward(s.Else, elseNeed)
			for v := range need {
				delete(need, v)
			}
			need.union(thenNeed)
			need.union(elseNeed)
		case *ir.Return:
			// Statements after a return in the same block never run;
			// sema keeps returns last in their block.
			for v := range need {
				delete(need, v)
			}
		}
	}
}

func mergeSorted(a, b []Shift) []Shift {
	set := shiftSet{}
	for _, s := range a {
		set[s] = true
	}
	for _, s := range b {
		set[s] = true
	}
	return set.sorted()
}

// ForEachAssign calls f for every assignment of stmts in program order,
// including those nested in IF blocks.
func ForEachAssign(stmts []ir.Stmt, f func(*ir.Assign)) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			f(s)
		case *ir.If:
			ForEachAssign(s.Then, f)
			ForEachAssign(s.Else, f)
		case *ir.Loop:
			ForEachAssign(s.Body, f)
		}
	}
}
