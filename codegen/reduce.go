package codegen

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/emit"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// Region kernels, as their plans list their launches (Note [phases] in
// regions): a kernel without reductions or scalar results is one nest
// launch. A kernel with them runs as phases: each an OpenCL kernel emitted
// by the usual strategies, with a prologue that loads the values of
// earlier reductions, an epilogue that folds the phase's reduction per
// work-group into a partial, and, in the last phase, the scalar results
// written by work-item 0; each reduction's partials are then folded by a
// kernel of one work-group. Both folds go in a fixed order, so results
// repeat exactly on the same device, grid and work-group.

// Buffer names: the partials and the value of reduction i, and the buffer
// a scalar result is returned in.
func partName(r *ir.Var) string   { return fmt.Sprintf("_part%d", r.Reduce.Index) }
func valueName(r *ir.Var) string  { return fmt.Sprintf("_red%d", r.Reduce.Index) }
func accName(r *ir.Var) string    { return fmt.Sprintf("_acc%d", r.Reduce.Index) }
func resultName(v *ir.Var) string { return prefixed("_res_", v.Name) }

// valueKind is the kind of reduction r's value buffer: its kind, or int
// for the positions of maxloc and minloc.
func valueKind(r *ir.Var) ir.Kind {
	if r.Reduce.Op.Loc() {
		return ir.Int
	}
	return r.Kind
}

// localDecl declares scalar local v, zeroed: "float x = 0.0f;", or for an
// array of fixed size (Var.Elems) "int loc[2] = {0};".
func localDecl(v *ir.Var) string {
	if v.Elems > 0 {
		return fmt.Sprintf("%s %s[%d] = {0};", ctype(v.Kind), sanitize(v.Name), v.Elems)
	}
	return fmt.Sprintf("%s %s = %s;", ctype(v.Kind), sanitize(v.Name), constant(v.Kind, 0, 0, false))
}

// identity spells the value folding starts from: 0, 1, .false. or
// .true. as Fortran gives for an empty array; for max and min of integers
// the kind's least or greatest value (gfortran's maxval of an empty
// integer array is -huge-1), and of reals a NaN, which fmax and fmin
// drop: a real fold gives NaN only when every value folded is a NaN (or
// there is none; sema supplies -huge or huge for an empty mask, Note
// [maxval and NaN]).
func identity(r *ir.Reduce, k ir.Kind) string {
	switch r.Op {
	case ir.RProduct, ir.RAll:
		return constant(k, 1, 1, true)
	case ir.RMax, ir.RMin:
		var lo, hi string
		switch k {
		case ir.Real4:
			return "NAN"
		case ir.Real8:
			return "((double)NAN)"
		case ir.Long:
			lo, hi = "LONG_MIN", "LONG_MAX"
		default:
			lo, hi = "INT_MIN", "INT_MAX"
		}
		if r.Op == ir.RMax {
			return lo
		}
		return hi
	}
	return constant(k, 0, 0, false)
}

// fold spells acc op x.
func fold(r *ir.Reduce, k ir.Kind, acc, x string) string {
	switch r.Op {
	case ir.RSum:
		return acc + " + " + x
	case ir.RProduct:
		return acc + " * " + x
	case ir.RAny:
		return acc + " || " + x
	case ir.RAll:
		return acc + " && " + x
	}
	f := map[ir.ReduceOp]string{ir.RMax: "max", ir.RMin: "min"}[r.Op]
	if k.IsReal() {
		f = "f" + f
	}
	return fmt.Sprintf("%s(%s, %s)", f, acc, x)
}

// regionKernel emits the launches of kernel k with a grid as kp lists
// them (nest launches, and the folds of their reductions), and returns
// its ABI: one launch each.
func (g *gen) regionKernel(k *ir.Kernel, kp *regions.KernelPlan, name string) *abi.Kernel {
	ak := Interface(k)
	ak.File = name
	e := &g.e
	// launch spells a nest launch's ABI and its OpenCL parameters.
	launch := func(ph *regions.Launch) (*abi.Launch, []string) {
		l := &abi.Launch{Symbol: sanitize(ph.Kernel.Name), Strategy: kp.Strategy.String()}
		for _, v := range k.Params {
			l.Args = append(l.Args, abi.Arg{Kind: abi.ParamArg, Name: v.Name})
		}
		for _, s := range ak.Sizes {
			l.Args = append(l.Args, abi.Arg{Kind: abi.SizeArg, Name: s.Name})
		}
		var extra []string
		for _, r := range ph.Loads {
			l.Args = append(l.Args, abi.Arg{Kind: abi.ScratchArg, Name: valueName(r)})
			extra = append(extra, "__global const "+ctype(valueKind(r))+"* restrict "+valueName(r))
		}
		for _, r := range ph.Reduces {
			l.Args = append(l.Args, abi.Arg{Kind: abi.ScratchArg, Name: partName(r)})
			extra = append(extra, "__global "+ctype(r.Kind)+"* restrict "+partName(r))
			if r.Reduce.Op.Loc() {
				l.Args = append(l.Args, abi.Arg{Kind: abi.ScratchArg, Name: idxPartName(r)})
				extra = append(extra, "__global int* restrict "+idxPartName(r))
				l.Int32Frame = true
			}
		}
		return l, append(kernelParams(ph.Kernel, l), extra...)
	}
	var nest *regions.Launch // the nest launch the folds that follow fold the partials of
	var nl *abi.Launch       // and its ABI
	for i, rl := range kp.Launches {
		if i > 0 {
			e.Line("")
		}
		if rl.Fold == nil {
			nest = rl
			nl = g.nestLaunch(ak, rl, launch)
			ak.Launches = append(ak.Launches, nl)
			continue
		}
		r := rl.Fold
		var fl *abi.Launch
		switch {
		case r.Reduce.Op.Loc():
			ak.Scratch = append(ak.Scratch,
				abi.Buffer{Name: partName(r), Kind: abiKind(r.Kind), Groups: nl.Symbol},
				abi.Buffer{Name: idxPartName(r), Kind: abi.Int, Groups: nl.Symbol},
				abi.Buffer{Name: valueName(r), Kind: abi.Int, Elements: abi.Affine{Const: len(r.Reduce.Positions)}})
			fl = g.locFoldKernel(k, r, nl.Symbol, ak.Sizes)
		default:
			ak.Scratch = append(ak.Scratch,
				abi.Buffer{Name: partName(r), Kind: abiKind(r.Kind), Groups: nl.Symbol},
				abi.Buffer{Name: valueName(r), Kind: abiKind(r.Kind), Elements: abi.Affine{Const: 1}})
			if rl.Tail != nil { // its scalar statements run in the fold's work-item
				tl, tp := launch(rl.Tail)
				fl = g.foldKernelTail(k, r, nl.Symbol, &foldTail{ph: rl.Tail, args: tl.Args, params: tp})
			} else {
				fl = g.foldKernel(k, r, nl.Symbol)
			}
		}
		ak.Launches = append(ak.Launches, fl)
		ak.Reductions = append(ak.Reductions, reductionABI(nest, r, fl.Symbol))
	}
	return ak
}

// nestLaunch emits nest launch rl of a region kernel whose ABI is ak, with
// launch spelling its ABI and parameters, and returns its ABI.
func (g *gen) nestLaunch(ak *abi.Kernel, rl *regions.Launch, launch func(*regions.Launch) (*abi.Launch, []string)) *abi.Launch {
	l, params := launch(rl)
	if rl.Plan == nil {
		l.Global = []abi.Range{{Positions: abi.Affine{Const: 1}, Per: 1}}
		l.Local, l.Origin = []int{1}, []int{0}
		g.scalarPhase(rl, params)
		return l
	}
	pp := rl.Plan
	l.Local, l.LocalBytes = pp.Local, pp.LocalBytes
	for d, s := range ak.Sizes {
		l.Global = append(l.Global, abi.Range{Positions: abi.SizeMinus(s.Name, pp.Shrink[d]), Per: pp.Coarsen[d]})
		l.Origin = append(l.Origin, pp.Origin[d])
	}
	kg := &kernelGen{gen: g, k: rl.Kernel, kp: pp, ph: rl}
	kg.emit(params)
	return l
}

// reductionABI describes reduction r of phase ph, whose partials launch
// fold folds: the grid positions it folds per dimension are its frame,
// [anchor, n - (shrink - anchor)), as frameCheck guards them.
func reductionABI(ph *regions.Launch, r *ir.Var, fold string) abi.Reduction {
	red := abi.Reduction{Name: r.Reduce.Intrinsic, Op: r.Reduce.Op.String(), Fold: fold,
		Where: fmt.Sprintf("%s:%d:%d", filepath.Base(r.Pos.Start.File), r.Pos.Start.Line, r.Pos.Start.Col)}
	var a *ir.Assign
	regions.ForEachAssign(ph.Kernel.Body, func(s *ir.Assign) {
		if w, ok := s.LHS.(*ir.Window); ok && w.Var == r {
			a = s
		}
	})
	if a == nil || ph.Plan == nil {
		panic(fmt.Sprintf("internal error: codegen: reduction %s has no assignment in %s", r.Name, ph.Kernel.Name))
	}
	anchor := ph.Plan.Anchor[a]
	for d := 0; d < ph.Kernel.Rank; d++ {
		red.Window = append(red.Window, abi.Halo{Lo: anchor[d], Hi: a.Shrink[d] - anchor[d]})
	}
	return red
}

// phasePrologue declares what a phase kernel needs beyond the kernel's
// locals: its scalar results as locals, the values of earlier reductions,
// and its reduction's accumulator and tree.
func (kg *kernelGen) phasePrologue() {
	ph, e := kg.ph, &kg.e
	if ph == nil {
		return
	}
	for _, v := range kg.k.Params {
		if v.Result() {
			e.Line("%s // result", localDecl(v))
		}
	}
	for _, r := range ph.Loads {
		if r.Reduce.Op.Loc() {
			for d, p := range r.Reduce.Positions {
				e.Line("%s = %s[%d]; // a position of an earlier %s", sanitize(p.Name), valueName(r), d, r.Reduce.Op)
			}
			continue
		}
		e.Line("%s = %s[0]; // the value of an earlier reduction", sanitize(r.Reduce.Result.Name), valueName(r))
	}
	if kg.kp == nil {
		return
	}
	for _, r := range ph.Reduces {
		e.Line("__local %s %s[%d];", ctype(r.Kind), treeName(r), groupItems(kg.kp.Local))
		if r.Reduce.Op.Loc() {
			e.Line("__local int %s[%d];", idxTreeName(r), groupItems(kg.kp.Local))
			e.Line("%s %s = %s;", ctype(r.Kind), accName(r), constant(r.Kind, 0, 0, false))
			e.Line("int %s = -1; // %s of this work-item's elements: the frame index, -1 for none", idxAccName(r), r.Reduce.Op)
			continue
		}
		e.Line("%s %s = %s; // %s of this work-item's elements", ctype(r.Kind), accName(r), identity(r.Reduce, r.Kind), r.Reduce.Op)
	}
}

// accumulate spells the fold of value into the phase's accumulator.
func (kg *kernelGen) accumulate(r *ir.Var, value string) string { return accumulate(r, value) }

// accumulate spells the fold of value into reduction r's accumulator.
func accumulate(r *ir.Var, value string) string {
	return fmt.Sprintf("%s = %s;", accName(r), fold(r.Reduce, r.Kind, accName(r), "("+value+")"))
}

// groupIndex spells a work-item's flat index in its work-group of shape
// local and the flat index of its work-group, dimension 0 fastest.
func groupIndex(local []int) (flat, groups string) {
	flat = "get_local_id(0)"
	groups = "get_group_id(0)"
	for d := 1; d < len(local); d++ {
		flat = fmt.Sprintf("%s + %d * (get_local_id(%d)", flat, local[d-1], d) // nested: l0 + L0 * (l1 + L1 * l2)
		groups = fmt.Sprintf("%s + get_num_groups(%d) * (get_group_id(%d)", groups, d-1, d)
	}
	flat += strings.Repeat(")", len(local)-1)
	groups += strings.Repeat(")", len(local)-1)
	return flat, groups
}

// foldGroup folds the accumulator of reduction r over the work-group
// (shape local) with treeFold and has work-item 0 store the partial; _tl
// must hold the flat local index.
func foldGroup(e *emit.Writer, r *ir.Var, local []int, groups string) {
	treeFold(e, r, treeName(r), "_tl", accName(r), groupItems(local))
	e.Open("if (_tl == 0)")
	e.Line("%s[%s] = %s[0];", partName(r), groups, treeName(r))
	e.Close("")
}

// phaseEpilogue folds the accumulators of the work-group into a partial and
// writes the scalar results.
func (kg *kernelGen) phaseEpilogue() {
	ph, e := kg.ph, &kg.e
	if ph == nil {
		return
	}
	if len(ph.Reduces) > 0 {
		local := kg.kp.Local
		flat, groups := groupIndex(local)
		e.Line("")
		e.Line("// fold the work-group's values (a tree in a fixed order) into one partial")
		e.Line("const int _tl = %s;", flat)
		for _, r := range ph.Reduces {
			if r.Reduce.Op.Loc() {
				locFoldGroup(e, r, local, groups)
				continue
			}
			foldGroup(e, r, local, groups)
		}
	}
	if ph.Last {
		kg.writeResults()
	}
}

// writeResults has work-item 0 write the scalar results.
func (kg *kernelGen) writeResults() {
	e := &kg.e
	var results []*ir.Var
	for _, v := range kg.k.Params {
		if v.Result() {
			results = append(results, v)
		}
	}
	if len(results) == 0 {
		return
	}
	var conds []string
	for d := 0; d < max(1, kg.k.Rank); d++ {
		conds = append(conds, fmt.Sprintf("get_global_id(%d) == 0", d))
	}
	e.Open("if (%s)", strings.Join(conds, " && "))
	for _, v := range results {
		if v.Elems > 0 {
			for i := 0; i < v.Elems; i++ {
				e.Line("%s[%d] = %s[%d];", resultName(v), i, sanitize(v.Name), i)
			}
			continue
		}
		e.Line("%s[0] = %s;", resultName(v), sanitize(v.Name))
	}
	e.Close("")
}

// treeFold writes acc of every work-item of a group of n into _tree and
// folds it there; _tree[0] then holds the group's value. Work-items past a
// power of two fold into the ones below it first.
func treeFold(e *emit.Writer, r *ir.Var, tree, lid, acc string, n int) {
	p := 1
	for p < n {
		p *= 2
	}
	e.Line("%s[%s] = %s;", tree, lid, acc)
	e.Line("barrier(CLK_LOCAL_MEM_FENCE);")
	e.Open("for (int _s = %d; _s > 0; _s >>= 1)", p/2)
	e.Open("if (%s < _s && %s + _s < %d)", lid, lid, n)
	e.Line("%s[%s] = %s;", tree, lid, fold(r.Reduce, r.Kind, tree+"["+lid+"]", tree+"["+lid+" + _s]"))
	e.Close("")
	e.Line("barrier(CLK_LOCAL_MEM_FENCE);")
	e.Close("")
}

// treeName is the __local array a phase folds reduction r in.
func treeName(r *ir.Var) string { return fmt.Sprintf("_tree%d", r.Reduce.Index) }

func groupItems(local []int) int {
	n := 1
	for _, l := range local {
		n *= l
	}
	return n
}

// foldKernel emits the kernel that folds reduction r's partials (one per
// work-group of the launch symbol) into its value, and returns its launch.
func (g *gen) foldKernel(k *ir.Kernel, r *ir.Var, after string) *abi.Launch {
	return g.foldKernelTail(k, r, after, nil)
}

// foldTail is a phase of scalar statements that a fold kernel runs after
// its fold, with the phase's launch arguments and OpenCL parameters.
type foldTail struct {
	ph     *regions.Launch
	args   []abi.Arg
	params []string
}

// foldKernelTail is foldKernel, followed, when tail is not nil, by tail's
// scalar statements on the work-item that holds the value.
func (g *gen) foldKernelTail(k *ir.Kernel, r *ir.Var, after string, tail *foldTail) *abi.Launch {
	e := &g.e
	sym := sanitize(regions.ReduceSymbolName(k, r))
	n := regions.ReduceGroup
	t := ctype(r.Kind)
	args := []abi.Arg{{Kind: abi.ScratchArg, Name: partName(r)}, {Kind: abi.GroupsArg, Name: after},
		{Kind: abi.ScratchArg, Name: valueName(r)}}
	params := []string{fmt.Sprintf("__global const %s* restrict %s", t, partName(r)), "const int _np", fmt.Sprintf("__global %s* restrict %s", t, valueName(r))}
	if tail != nil {
		for i, a := range tail.args {
			if a.Kind == abi.ScratchArg && a.Name == valueName(r) {
				continue // the value this kernel folds
			}
			args = append(args, a)
			params = append(params, tail.params[i])
		}
		e.Line("// %s of %s (%s): fold the partials of %s, one per work-group, in one work-group; then %s", r.Reduce.Op, r.Name, where(r.Pos), after, tail.ph.Kernel.Name)
	} else {
		e.Line("// %s of %s (%s): fold the partials of %s, one per work-group, in one work-group", r.Reduce.Op, r.Name, where(r.Pos), after)
	}
	e.Line("__kernel %s", reqd([]int{n}))
	e.Open("void %s(%s)", sym, strings.Join(params, ", "))
	e.Line("__local %s _tree[%d];", t, n)
	e.Line("const int _tl = get_local_id(0);")
	// four accumulators keep four loads in flight; the order is fixed
	id := identity(r.Reduce, r.Kind)
	e.Line("%s _a0 = %s, _a1 = %s, _a2 = %s, _a3 = %s;", t, id, id, id, id)
	e.Line("int _i = _tl;")
	e.Open("for (; _i + %d < _np; _i += %d)", 3*n, 4*n)
	for j := 0; j < 4; j++ {
		at := partName(r) + "[_i]"
		if j > 0 {
			at = fmt.Sprintf("%s[_i + %d]", partName(r), j*n)
		}
		e.Line("_a%d = %s;", j, fold(r.Reduce, r.Kind, fmt.Sprintf("_a%d", j), at))
	}
	e.Close("")
	e.Open("for (; _i < _np; _i += %d)", n)
	e.Line("_a0 = %s;", fold(r.Reduce, r.Kind, "_a0", partName(r)+"[_i]"))
	e.Close("")
	e.Line("const %s _acc = %s;", t, fold(r.Reduce, r.Kind, "("+fold(r.Reduce, r.Kind, "_a0", "_a1")+")", "("+fold(r.Reduce, r.Kind, "_a2", "_a3")+")"))
	treeFold(e, r, "_tree", "_tl", "_acc", n)
	e.Open("if (_tl == 0)")
	e.Line("%s[0] = _tree[0];", valueName(r))
	if tail != nil {
		e.Line("// %s (%s): the scalar statements after the reductions", tail.ph.Kernel.Name, where(tail.ph.Kernel.Pos))
		g.scalarBody(tail.ph)
	}
	e.Close("")
	e.Close("")
	return &abi.Launch{
		Symbol:     sym,
		Args:       args,
		Global:     []abi.Range{{Positions: abi.Affine{Const: n}, Per: 1}},
		Local:      []int{n},
		Origin:     []int{0},
		LocalBytes: n * r.Kind.Bytes(),
		Strategy:   "fold",
	}
}

// scalarPhase emits a phase without array statements: one work-item runs
// its scalar statements and writes the results.
func (g *gen) scalarPhase(ph *regions.Launch, params []string) {
	e := &g.e
	k := ph.Kernel
	e.Line("// %s (%s): scalar statements on one work-item", k.Name, where(k.Pos))
	e.Line("__kernel %s", reqd([]int{1}))
	e.Open("void %s(%s)", sanitize(k.Name), strings.Join(params, ",\n    "))
	g.scalarBody(ph)
	e.Close("")
}

// scalarBody emits the statements of a scalar phase: its locals, the
// values of earlier reductions, its statements and its results.
func (g *gen) scalarBody(ph *regions.Launch) {
	e := &g.e
	k := ph.Kernel
	for _, v := range k.Locals {
		e.Line("%s", localDecl(v))
	}
	kg := &kernelGen{gen: g, k: k, ph: ph}
	kg.phasePrologue()
	x := &exprGen{funcs: g.funcs, ref: kg.scalarRef, window: func(w *ir.Window) string {
		panic("internal error: codegen: array window in a scalar phase of " + k.Name)
	}}
	g.scalarStmts(k.Body, x, "return;")
	kg.writeResults()
}
