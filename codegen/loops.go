package codegen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// Loop kernels (Note [loop kernels] in package ir): each nest becomes one
// OpenCL kernel with one work-item per iteration point, as the plan maps
// the nest's indices to NDRange dimensions, or per block of points with
// __local tiles for transposed reads (loopblocks.go, Note [loop
// schedules] in package regions). Arrays are indexed globally in their
// declared bounds.

// abiAffine converts an affine form over a loop kernel's sizes.
func abiAffine(a ir.Affine) abi.Affine {
	out := abi.Affine{Const: int(a.Const)}
	for _, t := range a.Terms {
		out.Terms = append(out.Terms, abi.Term{Coef: int(t.Coef), Size: t.Var.Name})
	}
	return out
}

// loopSymbol is the OpenCL name of launch i (0-based) of a loop kernel
// with n nests.
func loopSymbol(k *ir.Kernel, i, n int) string {
	if n == 1 {
		return sanitize(k.Name)
	}
	return fmt.Sprintf("%s_%d", sanitize(k.Name), i+1)
}

// isParam reports whether v is one of k's dummies.
func isParam(k *ir.Kernel, v *ir.Var) bool {
	for _, p := range k.Params {
		if p == v {
			return true
		}
	}
	return false
}

// loopInterface describes a loop kernel's parameters and sizes: the
// integer scalar dummies that bounds are affine in (and the extents of
// assumed-shape arrays); array shapes are affine in them.
func loopInterface(k *ir.Kernel) *abi.Kernel {
	ak := &abi.Kernel{Name: k.Name, File: k.File, Module: k.Module, Function: k.Function}
	charInterface(k, ak)
	for _, v := range k.Sizes {
		doc := fmt.Sprintf("the scalar dummy %q", v.Name)
		switch {
		case sequenceSize(k, v):
			doc = "the element count of every array" // Note [elemental kernels] in sema/elemental.go
		case v.Quot != nil:
			doc = fmt.Sprintf("the quotient (%s) / %d in a declared bound", v.Quot.Of, v.Quot.Div)
		case !isParam(k, v):
			doc = "an extent of an assumed-shape array"
		}
		s := abi.Size{Name: v.Name, Doc: doc}
		if v.Quot != nil {
			s.Quot = &abi.Quot{Of: abiAffine(v.Quot.Of), Div: int(v.Quot.Div)} // Note [quotient sizes] in package sema
		}
		if v.Kind == ir.Long {
			s.Kind = abi.Int64 // Note [64-bit integers in loop kernels] in package sema
		}
		ak.Sizes = append(ak.Sizes, s)
	}
	for _, v := range k.Params {
		p := abi.Param{Name: v.Name, Kind: abiKind(v.Kind), Intent: abiIntent(v.Intent), Array: v.Rank > 0, Sequence: v.Sequence, Module: v.Module, Struct: abiStruct(v.Struct)}
		for _, e := range v.Extents() {
			p.Shape = append(p.Shape, abiAffine(e))
		}
		for _, b := range v.Bounds {
			if len(b.Lo.Terms) > 0 || b.Lo.Const != 1 {
				for _, b := range v.Bounds {
					p.Lower = append(p.Lower, abiAffine(b.Lo))
				}
				break
			}
		}
		if len(p.Shape) > ak.Rank {
			ak.Rank = len(p.Shape)
		}
		ak.Params = append(ak.Params, p)
	}
	return ak
}

// sequenceSize reports whether size v is the extent of a sequence-
// associated dummy of k.
func sequenceSize(k *ir.Kernel, v *ir.Var) bool {
	for _, p := range k.Params {
		if p.Sequence {
			for _, t := range p.Bounds[0].Extent().Terms {
				if t.Var == v {
					return true
				}
			}
		}
	}
	return false
}

// loopKernel emits every nest of loop kernel k, the folds of its
// reductions and, when it has scalar results, the launch that writes them
// (Note [loop reductions] in package ir), and returns its ABI.
func (g *gen) loopKernel(k *ir.Kernel, kp *regions.KernelPlan, file string) *abi.Kernel {
	ak := loopInterface(k)
	ak.File = file
	args, params, hasResults := g.loopSignature(k, ak)
	lg := &loopGen{gen: g, k: k, ak: ak, host: hostScalars(k)}
	lg.x = &exprGen{funcs: g.funcs, ref: lg.ref, window: func(w *ir.Window) string {
		panic("internal error: codegen: window in loop kernel " + k.Name)
	}, elem: lg.elem, wide: map[*ir.Var]bool{}}
	for _, n := range ir.Nests(k.Body) {
		for _, v := range n.Index {
			lg.x.wide[v] = indexDecl(v) == indexT
		}
	}
	// kp.Launches lists, in body order, each nest's launch and the fold
	// launches after it, then the results launch; the host procedure's
	// walk (hostLaunches) meets the nests in that order.
	launches := 0 // the launches with OpenCL kernels of k's name: all but the folds
	for _, rl := range kp.Launches {
		if rl.Fold == nil {
			launches++
		}
	}
	i, li := 0, 0 // the next of those, and of kp.Launches
	next := func() *regions.Launch {
		if li >= len(kp.Launches) {
			panic("internal error: codegen: loop kernel " + k.Name + " has more launches than its plan")
		}
		li++
		return kp.Launches[li-1]
	}
	nests := map[*abi.Launch]*ir.Nest{} // for splitOf
	emit := func(n *ir.Nest, underIf bool) {
		np := next().Nest
		if np == nil || np.Nest != n {
			panic("internal error: codegen: loop plan out of order")
		}
		l := &abi.Launch{Symbol: loopSymbol(k, i, launches), Local: np.Local, Strategy: regions.Direct.String(), MayBeEmpty: true}
		var ps []string
		l.Args, ps, lg.passed = lg.hostArgs(n, append([]abi.Arg(nil), args...), append([]string(nil), params...)) // Note [host program] in package abi
		for _, r := range n.Reduces {
			l.Args = append(l.Args, abi.Arg{Kind: abi.ScratchArg, Name: partName(r)})
			ps = append(ps, "__global "+ctype(r.Kind)+"* restrict "+partName(r))
			l.LocalBytes += groupItems(np.Local) * r.Kind.Bytes()
		}
		for g, d := range np.Dims {
			lo := n.Lo[d].AddConst(-alignOf(np, g)) // the index at work-item 0
			l.Global = append(l.Global, abi.Range{Positions: abiAffine(n.Hi[d].Add(lo.Scale(-1)).AddConst(1)), Per: np.Coarsen[g]})
			l.Origin = append(l.Origin, 0)
			first := abiAffine(lo)
			l.Global[len(l.Global)-1].First = &first
		}
		l.Accesses = nestAccesses(k, n, underIf) // Note [access ranges] in package abi
		if len(np.Tiles) > 0 {
			l.Strategy = regions.Local.String()
			l.LocalBytes += np.TileBytes()
		}
		ak.Launches = append(ak.Launches, l)
		nests[l] = n
		if i > 0 {
			g.e.Line("")
		}
		lg.nest(n, np, l, ps, i, launches)
		for _, r := range n.Reduces {
			if next().Fold != r {
				panic("internal error: codegen: loop plan has no fold launch for " + r.Name)
			}
			ak.Scratch = append(ak.Scratch,
				abi.Buffer{Name: partName(r), Kind: abiKind(r.Kind), Groups: l.Symbol},
				abi.Buffer{Name: valueName(r), Kind: abiKind(r.Kind), Elements: abi.Affine{Const: 1}})
			g.e.Line("")
			ak.Launches = append(ak.Launches, g.foldKernel(k, r, l.Symbol))
		}
		i++
	}
	hostLaunches(ak, k.Body, false, emit)
	if hasResults {
		if rl := next(); !rl.Last || rl.Nest != nil || rl.Fold != nil {
			panic("internal error: codegen: loop kernel " + k.Name + " has no results launch in its plan")
		}
		if i > 0 {
			g.e.Line("")
		}
		ak.Launches = append(ak.Launches, lg.results(loopSymbol(k, i, launches), args, params, launches))
	}
	if li != len(kp.Launches) {
		panic("internal error: codegen: loop kernel " + k.Name + " has launches its plan does not list")
	}
	ak.Steps = hostSteps(k, ak)
	ak.Split = splitOf(k, ak, nests) // Note [slabs] in package runner
	return ak
}

// loopSignature returns the arguments and OpenCL parameters that every
// launch of loop kernel k takes (dummies, sizes, automatic arrays,
// temporaries, the bounds buffer), adding the scratch buffers to ak, and
// whether k has results.
func (g *gen) loopSignature(k *ir.Kernel, ak *abi.Kernel) (args []abi.Arg, params []string, hasResults bool) {
	for _, v := range k.Params {
		args = append(args, abi.Arg{Kind: abi.ParamArg, Name: v.Name})
	}
	for _, v := range k.Sizes {
		if !isParam(k, v) {
			args = append(args, abi.Arg{Kind: abi.SizeArg, Name: v.Name})
		}
	}
	for _, v := range k.Params {
		t, name := ctype(v.Kind), sanitize(v.Name)
		switch {
		case v.Result():
			params = append(params, "__global "+t+"* restrict "+resultName(v))
			hasResults = true
		case v.Rank == 0:
			params = append(params, "const "+t+" "+name)
		case v.Intent == ir.In:
			params = append(params, "__global const "+t+"* restrict "+name)
		default:
			params = append(params, "__global "+t+"* restrict "+name)
		}
	}
	for _, a := range args {
		if a.Kind == abi.SizeArg {
			params = append(params, "const int "+prefixed("_", a.Name))
		}
	}
	// Automatic arrays and temporaries: device arrays of a shape (Note
	// [automatic arrays], Note [forall temporaries] and Note [updates
	// through a temporary] in package sema).
	for _, v := range slices.Concat(k.Automatic, k.Temps) {
		args = append(args, abi.Arg{Kind: abi.ScratchArg, Name: v.Name})
		params = append(params, "__global "+ctype(v.Kind)+"* restrict "+sanitize(v.Name))
		b := abi.Buffer{Name: v.Name, Kind: abiKind(v.Kind)}
		for _, e := range v.Extents() {
			b.Extents = append(b.Extents, abiAffine(e))
		}
		ak.Scratch = append(ak.Scratch, b)
	}
	if g.opts.CheckBounds { // Note [checked subscripts] in bounds.go
		args = append(args, abi.Arg{Kind: abi.ScratchArg, Name: abi.BoundsBuffer})
		params = append(params, "__global int* restrict "+abi.BoundsBuffer)
		ak.Scratch = append(ak.Scratch, abi.Buffer{Name: abi.BoundsBuffer, Kind: abi.Int, Elements: abi.Affine{Const: 4}})
	}
	return args, params, hasResults
}

// loopGen emits the nests of one loop kernel.
type loopGen struct {
	*gen
	k  *ir.Kernel
	ak *abi.Kernel // its ABI, for the sites of checked subscripts
	x  *exprGen
	// tiled spells the reads of the nest being emitted that come from a
	// __local tile (Note [loop schedules] in package regions).
	tiled map[*ir.Elem]string
	// inBound is set while bound spells a nest's bound.
	inBound bool
	// host holds the scalars the host computes (hostScalars); passed,
	// those the nest being emitted takes as arguments.
	host, passed map[*ir.Var]bool
}

// bound spells a nest's bound, whose host variables are the launch's
// arguments (hostArgs).
func (lg *loopGen) bound(a ir.Affine) string {
	lg.inBound = true
	defer func() { lg.inBound = false }()
	return lg.affine(a)
}

func (lg *loopGen) ref(v *ir.Var) string {
	if isParam(lg.k, v) || v.Role != ir.Local {
		return sanitize(v.Name)
	}
	for _, s := range lg.k.Sizes {
		if s == v {
			return prefixed("_", v.Name)
		}
	}
	return sanitize(v.Name)
}

// affine spells an affine form over sizes in C.
func (lg *loopGen) affine(a ir.Affine) string {
	var b strings.Builder
	for i, t := range a.Terms {
		c := t.Coef
		switch {
		case i == 0 && c < 0:
			b.WriteString("-")
		case i > 0 && c < 0:
			b.WriteString(" - ")
		case i > 0:
			b.WriteString(" + ")
		}
		if c < 0 {
			c = -c
		}
		if c != 1 {
			fmt.Fprintf(&b, "%d*", c)
		}
		if lg.inBound && lg.passed[t.Var] {
			b.WriteString(hostParam(t.Var)) // the host's value (Note [host program] in package abi)
		} else {
			b.WriteString(lg.ref(t.Var))
		}
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

// elem spells an array element: the column-major offset of its subscripts
// from the declared lower bounds.
func (lg *loopGen) elem(e *ir.Elem) string {
	if t, ok := lg.tiled[e]; ok {
		return t
	}
	v := e.Var
	r := len(e.Index)
	off := ""
	for d := r - 1; d >= 0; d-- {
		sub := lg.x.paren(e.Index[d], precAdd)
		lo := v.Bounds[d].Lo
		var rel string
		if lo.IsConst() && lo.Const == 0 {
			rel = sub
		} else if lo.IsConst() && lo.Const > 0 {
			rel = fmt.Sprintf("%s - %d", sub, lo.Const)
		} else if lo.IsConst() {
			rel = fmt.Sprintf("%s + %d", sub, -lo.Const)
		} else {
			rel = fmt.Sprintf("%s - (%s)", sub, lg.affine(lo))
		}
		if off == "" {
			off = rel
			continue
		}
		// The first product is taken in the index type, and so are the
		// sums and products around it (Note [index types] in package abi).
		cast := ""
		if d == r-2 {
			cast = "(" + indexT + ")"
		}
		off = fmt.Sprintf("%s + %s(%s)*(%s)", rel, cast, lg.affine(v.Bounds[d].Extent()), off)
	}
	if lg.opts.CheckBounds && (isParam(lg.k, v) || v.Role == ir.Automatic) {
		off = lg.checked(e, off) // Note [checked subscripts] in bounds.go
	}
	return fmt.Sprintf("%s[%s]", sanitize(v.Name), off)
}

// nest emits the OpenCL kernel of one nest.
func (lg *loopGen) nest(n *ir.Nest, np *regions.NestPlan, l *abi.Launch, params []string, i, count int) {
	lg.tiled = map[*ir.Elem]string{}
	if np.Coarse() || len(np.Tiles) > 0 {
		lg.blockNest(n, np, l, params, i, count)
		return
	}
	e := &lg.e
	e.Line("// kernel %s (%s), launch %d of %d: %s (%s), strategy direct, work-group %s", lg.k.Name, where(lg.k.Pos), i+1, count, n.Source, where(n.Pos), regions.DimString(np.Local))
	var m []string
	for g, d := range np.Dims {
		m = append(m, fmt.Sprintf("%s = %s + get_global_id(%d)", n.Index[d].Name, lg.bound(n.Lo[d].AddConst(-alignOf(np, g))), g))
	}
	e.Line("// one work-item per iteration: %s; arrays are column-major in their declared bounds.", strings.Join(m, ", "))
	if np.Align > 0 {
		e.Line("// the first %d work-items of a row fall before the loop's lower bound (the row's start), and do nothing", np.Align)
	}
	e.Line("__kernel %s", reqd(np.Local))
	e.Open("void %s(%s)", l.Symbol, strings.Join(params, ",\n    "))
	isIndex := map[*ir.Var]bool{}
	var guard []string
	for g, d := range np.Dims {
		v := n.Index[d]
		isIndex[v] = true
		e.Line("const %s %s = %s + (%s)get_global_id(%d);", indexDecl(v), sanitize(v.Name), lg.bound(n.Lo[d].AddConst(-alignOf(np, g))), indexT, g)
		if alignOf(np, g) > 0 {
			guard = append(guard, fmt.Sprintf("%s < %s", sanitize(v.Name), lg.bound(n.Lo[d])))
		}
		guard = append(guard, fmt.Sprintf("%s > %s", sanitize(v.Name), lg.bound(n.Hi[d])))
	}
	if len(n.Reduces) == 0 {
		e.Open("if (%s)", strings.Join(guard, " || "))
		e.Line("return;")
		e.Close("")
	}
	lg.locals(isIndex)
	if len(n.Reduces) == 0 {
		lg.stmts(n.Body)
		e.Close("")
		return
	}
	// A reducing nest: every work-item of every group takes part in the
	// fold, so those past the iteration space or under a false IF only
	// contribute the identity.
	lg.accumulators(n, np, "iteration")
	run := "!(" + strings.Join(guard, " || ") + ")"
	e.Open("if (%s)", run)
	lg.stmts(n.Body)
	e.Close("")
	lg.foldPartials(n, np)
	e.Close("")
}

// alignOf is the points before the loop's lower bound at which the
// work-items of NDRange dimension g start (NestPlan.Align: dimension 0).
func alignOf(np *regions.NestPlan, g int) int64 {
	if g == 0 {
		return int64(np.Align)
	}
	return 0
}

// accumulators declares each reduction's __local tree and the
// work-item's accumulator over its iteration(s) (what).
func (lg *loopGen) accumulators(n *ir.Nest, np *regions.NestPlan, what string) {
	for _, r := range n.Reduces {
		lg.e.Line("__local %s %s[%d];", ctype(r.Kind), treeName(r), groupItems(np.Local))
		lg.e.Line("%s %s = %s; // %s of %q over this work-item's %s", ctype(r.Kind), accName(r), identity(r.Reduce, r.Kind), r.Reduce.Op, r.Reduce.Result.Name, what)
	}
}

// foldPartials folds each reduction's accumulators of the work-group into
// its partial.
func (lg *loopGen) foldPartials(n *ir.Nest, np *regions.NestPlan) {
	e := &lg.e
	flat, groups := groupIndex(np.Local)
	e.Line("// fold the work-group's values (a tree in a fixed order) into one partial")
	e.Line("const int _tl = %s;", flat)
	for _, r := range n.Reduces {
		foldGroup(e, r, np.Local, groups)
	}
}

// locals declares the kernel's scalar locals (not the indices in skip)
// and its scalar results, those the launch takes from the host
// (lg.passed) starting from the host's values.
func (lg *loopGen) locals(skip map[*ir.Var]bool) {
	e := &lg.e
	decl := func(v *ir.Var, what string) {
		init := constant(v.Kind, 0, 0, false)
		if lg.passed[v] {
			init = hostParam(v)
		}
		e.Line("%s %s = %s;%s", ctype(v.Kind), sanitize(v.Name), init, what)
	}
	for _, v := range lg.k.Params {
		if v.Result() {
			decl(v, " // result")
		}
	}
	for _, v := range lg.k.Locals {
		if skip[v] || lg.isSize(v) || v.Rank > 0 {
			continue
		}
		decl(v, "")
	}
	lg.smallArrays()
}

// results emits the last launch of a loop kernel with scalar results,
// the count-th, named symbol, taking the kernel's arguments args (params
// in OpenCL) and the results: one work-item writes the host's values of
// the results. It returns the launch's ABI.
func (lg *loopGen) results(symbol string, args []abi.Arg, params []string, count int) *abi.Launch {
	l := &abi.Launch{Symbol: symbol, Local: []int{1}, Strategy: abi.ResultsStrategy,
		Global: []abi.Range{{Positions: abi.Affine{Const: 1}, Per: 1}}, Origin: []int{0}}
	params = append([]string(nil), params...)
	l.Args = append([]abi.Arg(nil), args...)
	for _, v := range lg.k.Params {
		if v.Result() {
			l.Args = append(l.Args, abi.Arg{Kind: abi.HostArg, Name: v.Name, Type: abiKind(v.Kind)})
			params = append(params, "const "+ctype(v.Kind)+" "+hostParam(v))
		}
	}
	e := &lg.e
	e.Line("// kernel %s (%s), launch %d of %d: its scalar results, as the host computed them", lg.k.Name, where(lg.k.Pos), count, count)
	e.Line("__kernel %s", reqd([]int{1}))
	e.Open("void %s(%s)", l.Symbol, strings.Join(params, ",\n    "))
	for _, v := range lg.k.Params {
		if v.Result() {
			e.Line("%s[0] = %s;", resultName(v), hostParam(v))
		}
	}
	e.Close("")
	return l
}

func (lg *loopGen) isSize(v *ir.Var) bool {
	for _, s := range lg.k.Sizes {
		if s == v {
			return true
		}
	}
	return false
}

// stmts emits the statements of a nest's body.
func (lg *loopGen) stmts(list []ir.Stmt) {
	e := &lg.e
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Assign:
			if r, ok := s.LHS.(*ir.Ref); ok && r.Var.Role == ir.Reduction {
				e.Line("%s // %s", accumulate(r.Var, lg.x.exprAsKind(s.RHS)), where(s.Pos))
				continue
			}
			e.Line("%s // %s", lg.x.assign(lg.x.expr(s.LHS), s.RHS), where(s.Pos)) // Note [long expressions]
		case *ir.If:
			lg.ifChain(s, lg.x, lg.stmts)
		case *ir.Loop:
			lg.loop(s)
		default:
			panic(fmt.Sprintf("internal error: codegen: statement %T in a loop kernel", s))
		}
	}
}

// loop emits a sequential DO loop with Fortran's semantics: bounds and
// step evaluated once, the trip count max((hi-lo+step)/step, 0).
func (lg *loopGen) loop(s *ir.Loop) {
	e := &lg.e
	v := sanitize(s.Var.Name)
	lo := lg.x.expr(s.Lo)
	if s.Step == nil {
		e.Open("for (%s = %s; %s <= %s; %s++)", v, lo, v, lg.x.paren(s.Hi, precRel+1), v)
		lg.stmts(s.Body)
		e.Close("")
		return
	}
	e.Line("{")
	e.Indent++
	t := ctype(s.Var.Kind) // the loop variable's kind: int or long
	e.Line("const %s _step_%s = %s;", t, v, lg.x.expr(s.Step))
	e.Line("%s = %s;", v, lo)
	e.Open("for (%s _trip_%s = (%s - %s + _step_%s) / _step_%s; _trip_%s > 0; _trip_%s--, %s += _step_%s)", t, v, lg.x.paren(s.Hi, precAdd), v, v, v, v, v, v, v)
	lg.stmts(s.Body)
	e.Close("")
	e.Indent--
	e.Line("}")
}
