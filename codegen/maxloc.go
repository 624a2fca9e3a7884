package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/emit"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// Note [maxloc]
//
// maxloc and minloc (ir.RMaxLoc, ir.RMinLoc) fold (value, index) pairs,
// where the index is the element's 0-based column-major index in the
// reduction's frame and -1 means "no element yet" (the identity, and what
// an empty mask leaves). A pair beats another when the other has no
// element, or by the order gfortran's maxloc gives: a number beats a NaN,
// a larger value (smaller for minloc) beats a smaller one, and among equal
// values (or two NaNs) the lower index wins. That is a total order on
// pairs, so the fold (per work-item, the per-work-group tree, the fold
// kernel) picks the same pair whatever the order of folding, the
// work-group shape or the coarsening: the first position of the extreme
// value, a NaN's only when every counted element is NaN, nothing when none
// counts. The fold kernel turns the index into 1-based positions per
// dimension (0 for nothing), using the frame extents n_d - Shrink[d], and
// stores them in the value buffer, one int per dimension; later phases
// load them into Reduce.Positions.

// idxPartName and idxTreeName are the index halves of a loc reduction's
// partials and tree; its accumulator's index is idxAccName.
func idxPartName(r *ir.Var) string { return fmt.Sprintf("_pidx%d", r.Reduce.Index) }
func idxTreeName(r *ir.Var) string { return fmt.Sprintf("_tidx%d", r.Reduce.Index) }
func idxAccName(r *ir.Var) string  { return fmt.Sprintf("_aci%d", r.Reduce.Index) }

// locBeats spells whether pair (bv, bi) beats (av, ai) (Note [maxloc]).
func locBeats(r *ir.Var, av, ai, bv, bi string) string {
	gt := ">"
	if r.Reduce.Op == ir.RMinLoc {
		gt = "<"
	}
	better := fmt.Sprintf("%s %s %s || (%s == %s && %s < %s)", bv, gt, av, bv, av, bi, ai)
	if r.Kind.IsReal() {
		better = fmt.Sprintf("(isnan(%s) ? (!isnan(%s) || %s < %s) : (%s))", av, bv, bi, ai, better)
	}
	return fmt.Sprintf("%s >= 0 && (%s < 0 || %s)", bi, ai, better)
}

// locTake spells "if (b beats a) a = b;" for value and index lvalues.
func locTake(r *ir.Var, av, ai, bv, bi string) string {
	return fmt.Sprintf("if (%s) { %s = %s; %s = %s; }", locBeats(r, av, ai, bv, bi), av, bv, ai, bi)
}

// frameIndex spells the 0-based column-major index in a's frame of the
// element at absolute positions pos.
func (kg *kernelGen) frameIndex(a *ir.Assign, pos []string) string {
	anchor := kg.kp.Anchor[a]
	r := kg.rank()
	idx := plus(pos[r-1], -anchor[r-1])
	for d := r - 2; d >= 0; d-- {
		idx = fmt.Sprintf("%s + (%s) * (%s)", plus(pos[d], -anchor[d]), plus(fmt.Sprintf("_n%d", d+1), -a.Shrink[d]), idx)
	}
	return idx
}

// accumulateAt spells the fold of value, the element of reduction
// assignment a at absolute positions pos, into its accumulator.
func (kg *kernelGen) accumulateAt(a *ir.Assign, pos []string, value string) string {
	r := a.LHS.(*ir.Window).Var
	if !r.Reduce.Op.Loc() {
		return kg.accumulate(r, value)
	}
	return fmt.Sprintf("{ const %s _v = %s; const int _i = %s; %s }", ctype(r.Kind), value, kg.frameIndex(a, pos),
		locTake(r, accName(r), idxAccName(r), "_v", "_i"))
}

// locTreeFold is treeFold for a loc reduction: pairs in tree and itree.
func locTreeFold(e *emit.Writer, r *ir.Var, tree, itree, lid, acc, iacc string, n int) {
	p := 1
	for p < n {
		p *= 2
	}
	e.Line("%s[%s] = %s;", tree, lid, acc)
	e.Line("%s[%s] = %s;", itree, lid, iacc)
	e.Line("barrier(CLK_LOCAL_MEM_FENCE);")
	e.Open("for (int _s = %d; _s > 0; _s >>= 1)", p/2)
	e.Open("if (%s < _s && %s + _s < %d)", lid, lid, n)
	at := func(t, i string) string { return t + "[" + i + "]" }
	e.Line("%s", locTake(r, at(tree, lid), at(itree, lid), at(tree, lid+" + _s"), at(itree, lid+" + _s")))
	e.Close("")
	e.Line("barrier(CLK_LOCAL_MEM_FENCE);")
	e.Close("")
}

// locFoldGroup is foldGroup for a loc reduction.
func locFoldGroup(e *emit.Writer, r *ir.Var, local []int, groups string) {
	locTreeFold(e, r, treeName(r), idxTreeName(r), "_tl", accName(r), idxAccName(r), groupItems(local))
	e.Open("if (_tl == 0)")
	e.Line("%s[%s] = %s[0];", partName(r), groups, treeName(r))
	e.Line("%s[%s] = %s[0];", idxPartName(r), groups, idxTreeName(r))
	e.Close("")
}

// locFoldKernel emits the kernel that folds a loc reduction's partials
// into its positions, and returns its launch; sizes are the kernel's.
func (g *gen) locFoldKernel(k *ir.Kernel, r *ir.Var, after string, sizes []abi.Size) *abi.Launch {
	e := &g.e
	sym := sanitize(regions.ReduceSymbolName(k, r))
	n := regions.ReduceGroup
	t := ctype(r.Kind)
	params := []string{"__global const " + t + "* restrict " + partName(r), "__global const int* restrict " + idxPartName(r), "const int _np"}
	args := []abi.Arg{{Kind: abi.ScratchArg, Name: partName(r)}, {Kind: abi.ScratchArg, Name: idxPartName(r)}, {Kind: abi.GroupsArg, Name: after}}
	for d, s := range sizes {
		params = append(params, fmt.Sprintf("const int _n%d", d+1))
		args = append(args, abi.Arg{Kind: abi.SizeArg, Name: s.Name})
	}
	params = append(params, "__global int* restrict "+valueName(r))
	args = append(args, abi.Arg{Kind: abi.ScratchArg, Name: valueName(r)})
	e.Line("// %s of %s (%s): fold the partials of %s, one (value, index) pair per work-group, in one work-group", r.Reduce.Op, r.Name, where(r.Pos), after)
	e.Line("__kernel %s", reqd([]int{n}))
	e.Open("void %s(%s)", sym, strings.Join(params, ",\n    "))
	e.Line("__local %s _tree[%d];", t, n)
	e.Line("__local int _tidx[%d];", n)
	e.Line("const int _tl = get_local_id(0);")
	e.Line("%s _acc = %s;", t, constant(r.Kind, 0, 0, false))
	e.Line("int _aci = -1; // no element")
	e.Open("for (int _i = _tl; _i < _np; _i += %d)", n)
	e.Line("%s", locTake(r, "_acc", "_aci", partName(r)+"[_i]", idxPartName(r)+"[_i]"))
	e.Close("")
	locTreeFold(e, r, "_tree", "_tidx", "_tl", "_acc", "_aci", n)
	e.Open("if (_tl == 0)")
	e.Line("// 1-based positions per dimension from the frame index; 0 when no element counts")
	e.Line("int _q = _tidx[0];")
	for d := range r.Shrink {
		if d == len(r.Shrink)-1 {
			e.Line("%s[%d] = _tidx[0] < 0 ? 0 : _q + 1;", valueName(r), d)
			break
		}
		f := plus(fmt.Sprintf("_n%d", d+1), -r.Shrink[d])
		e.Line("%s[%d] = _tidx[0] < 0 ? 0 : _q %% (%s) + 1;", valueName(r), d, f)
		e.Line("_q /= %s;", f)
	}
	e.Close("")
	e.Close("")
	return &abi.Launch{
		Symbol:     sym,
		Args:       args,
		Global:     []abi.Range{{Positions: abi.Affine{Const: n}, Per: 1}},
		Local:      []int{n},
		Origin:     []int{0},
		LocalBytes: n * (r.Kind.Bytes() + 4),
		Strategy:   "fold-loc", // runner.foldsPositions
		Int32Frame: true,
	}
}
