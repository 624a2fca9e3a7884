package regions

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/forocl/forocl/ir"
)

// NestPlan is the schedule of one parallel nest of a loop kernel (Note
// [loop kernels] in package ir, Note [loop schedules] here): one launch,
// each work-item owning a block of Coarsen[0] x Coarsen[1] x ... iteration
// points, with permuted reads staged through __local tiles (Tiles).
type NestPlan struct {
	Nest *ir.Nest
	// Dims maps NDRange dimension g to the nest index Nest.Index[Dims[g]].
	// Dimension 0 varies fastest between neighbouring work-items, so it
	// gets the index that subscripts the lowest array dimension (the
	// contiguous one in Fortran's column-major layout): coalesced accesses.
	// With tiles, the written arrays decide (Note [loop schedules]).
	Dims []int
	// Local is the work-group shape, one entry per NDRange dimension.
	Local []int
	// Coarsen is the block of consecutive iteration points a work-item
	// owns, per NDRange dimension (all 1: one point).
	Coarsen []int
	// Tiles are the reads staged through __local memory (local strategy).
	Tiles []*NestTile
	// DeferStores says a block's stores wait until all its points are
	// computed (see deferrable): set for blocks of more than one point.
	DeferStores bool
	// Interleave says the block's Coarsen[0] points along NDRange
	// dimension 0 lie Local[0] apart instead of next to each other: the
	// work-item with local index l of work-group g owns points
	// (g*Coarsen[0] + c)*Local[0] + l, c = 0..Coarsen[0]-1, so every load
	// of the block is coalesced across the work-group (Note [loop
	// schedules]). Never with tiles.
	Interleave bool
	// Align is how many points before the loop's lower bound along NDRange
	// dimension 0 the work-items start (masked): the offset of the lower
	// bound from the first element of the row of the first array the
	// nest writes, so that a work-group's accesses start where a row
	// does, as hand-written kernels over halo arrays do (--align; 0: at
	// the lower bound). Only for nests of one point per work-item that
	// neither reduce nor use tiles.
	Align int
}

// NestTile is a read of a 2-D or higher nest whose array's contiguous
// (first) dimension follows NDRange dimension 1 and another of its
// dimensions NDRange dimension 0: read directly, neighbouring work-items
// would touch addresses a whole column apart. The work-group loads the
// values its block of points reads, walking the array's first dimension
// along neighbouring work-items, into a __local tile indexed by point, and
// each point reads its own entry (Note [loop schedules]).
type NestTile struct {
	Name  string     // the __local array: _tile0, _tile1, ...
	Elem  *ir.Elem   // the first read; Elems are those with the same subscripts
	Elems []*ir.Elem // every read the tile serves
}

// Coarse reports whether a work-item owns more than one point.
func (np *NestPlan) Coarse() bool {
	for _, c := range np.Coarsen {
		if c > 1 {
			return true
		}
	}
	return false
}

// TileBytes is the __local memory of the nest's tiles for one work-group.
func (np *NestPlan) TileBytes() int {
	b := 0
	for _, tl := range np.Tiles {
		b += tl.Bytes(np.Local, np.Coarsen)
	}
	return b
}

// Bytes is the __local memory of a tile for a work-group of local
// work-items owning coarsen points each: one entry per point of the
// group's block, each column padded by one entry so that reads along
// dimension 0 fall in different banks.
func (t *NestTile) Bytes(local, coarsen []int) int {
	v, u := local[0]*coarsen[0], local[1]*coarsen[1]
	return v * (u + 1) * t.Elem.Var.Kind.Bytes()
}

// Note [loop schedules]
//
// A loop nest runs one work-item per block of iteration points: the block
// is Coarsen points along each NDRange dimension, consecutive (or, along
// dimension 0, a work-group apart: NestPlan.Interleave), so that the
// code of the points, emitted one after another in one work-item, reads
// the same array elements and repeats the same arithmetic where the
// source recomputes a neighbour's face (the wave kernel's left face of a
// cell is the right face of its left neighbour): the OpenCL compiler's
// common-subexpression elimination shares them, which is what the region
// form's shift analysis does by construction. A block entirely inside the
// iteration space runs without bound checks.
//
// A transpose reads a(i, j) and writes b(j, i): one of the two is strided
// whichever index runs along neighbouring work-items. Under the local
// strategy the written arrays decide the mapping (their first subscript's
// index goes to NDRange dimension 0, so writes are coalesced), and each
// read that is then strided (its first subscript follows dimension 1,
// another follows dimension 0, both with coefficient +-1, no subscript
// private to the point) is staged through a __local tile: the work-group
// loads its block's values walking the array's first dimension along
// neighbouring work-items, a barrier, then each point reads its entry.
// Loads stay within the array's declared bounds, so a tile entry that no
// point of the block uses is never an out-of-bounds read. Arrays the nest
// writes are never tiled. Other nests under the local strategy run as
// under direct.
//
// On GPUs (--strategy auto) a nest with such reads is tiled in 32x8
// groups of 1x4 points (32x32 tiles); a 2-D or 3-D nest whose body is
// arithmetic enough to share faces (reads at several offsets along
// dimension 0 and private scalars of at least faceWorkThreshold
// operations) gets 2x4 blocks in
// 64x2 groups, other 2-D and 3-D nests that read an array at several
// offsets along the last NDRange dimension's index (readsAcross) 4 rows in
// 128x1 groups, as the region kernels' tuning does (gpuShape). Two kinds
// of 2-D and 3-D nests take one point per work-item in 128x1 groups
// instead: a stream, whose rows share no element, and a nest over real(8)
// (or integer(8)) arrays (wideElements), whose blocks cost more registers
// than the loads they share save. Measured on the H100 at 7680² (issue
// 25, scripts/bench/issue25.sh): revert-like copies 0.649 ms against
// 0.763 with 4 rows, reset_field-like 1.286 against 1.476; real(8)
// stencils: viscosity-like 1.010 against 1.328 with 2x4 blocks and 1.363
// with 4 rows, accelerate-like 1.576 against 1.677 and 1.612,
// flux_calc-like 1.238 against 1.264 with 4 rows. A 1-D nest takes
// streamInterleave (4) points a work-group apart in groups of 256 (a
// real(4) copy 2909 GB/s against 2377 with one point, real(8) 2966
// against 2885). On GPUs a stream nest starts its work-items at the
// written array's row start (NestPlan.Align), masking those before the
// lower bound, as the hand-written cell kernels do: on the H100 at 7680²
// it lifted every stream (ideal_gas-like 0.971 to 0.988 of copy,
// revert-like 1.007 to 1.028, reset_field-like 1.015 to 1.025, a halo
// copy 0.963 to 0.971) and slowed the real(8) stencil viscosity-like
// (0.806 to 0.731), so only streams take it; --align aligns every
// one-point nest, --no-align none.
//
// A nest that reduces (Note [loop reductions] in package ir) gives every
// work-item several points on GPUs too, so that few work-groups, trees
// and partials are left (reductionShape): a 1-D nest reduceInterleave
// points in groups of 256, interleaved (NestPlan.Interleave: point c of a
// work-item is c group widths after its first, so each load of the
// block is coalesced where consecutive points would be strided; H100,
// a dot product of 7680² elements: 2906 GB/s in real(8) and 2760 in
// real(4) against 2229 and 1484 with one point per work-item); a nest
// of rank 2 or 3 that writes no array reduceRows rows (the last NDRange
// dimension) in 256x1 groups, as a region kernel that only reduces; one
// that also writes arrays the shape of other nests. On CPUs a nest that
// only reduces takes reduceRows consecutive points (rows from rank 2 on)
// in groups of 256 (PoCL, a dot product of 2^22 real(8) on two cores: 197
// ms with one point per work-item, 5-20 ms with 16 to 32). The fold stays
// deterministic: each work-item folds its points in their order, then
// the fixed trees, so a result repeats exactly on the same device, grid,
// work-group and block; --interleave, --coarsen and --tile override the
// shape (the block's order changes only the last bits of a sum).

// scheduleLoops plans a loop kernel as a list of launches
// (KernelPlan.Launches): per nest, in body order (host loops' nests too,
// Note [host loops] in package ir), a nest launch carrying the nest's
// plan, the mapping of its indices to NDRange dimensions, the work-group
// (o.Tile, else the default or the tuning's), the coarsening block
// (o.Coarsen as for region kernels: one factor applies to the last
// dimension) and, under the local strategy, the tiles (Note [loop
// schedules]); after it one fold launch per reduction of the nest (Note
// [loop reductions] in package ir); and, for a kernel with scalar
// results, a last launch that writes them.
func scheduleLoops(k *ir.Kernel, t Target, o Options, s Strategy) *KernelPlan {
	kp := &KernelPlan{Kernel: k, Strategy: Direct}
	for _, n := range ir.Nests(k.Body) {
		np := planNest(k, n, t, o, s)
		kp.Launches = append(kp.Launches, &Launch{Kernel: k, Nest: np, Reduces: n.Reduces})
		for _, r := range n.Reduces {
			kp.Launches = append(kp.Launches, &Launch{Fold: r})
		}
		if len(np.Tiles) > 0 {
			kp.Strategy = Local
		}
		kp.LocalBytes = max(kp.LocalBytes, np.TileBytes())
	}
	if len(loopResults(k)) > 0 {
		kp.Launches = append(kp.Launches, &Launch{Kernel: k, Last: true})
	}
	return kp
}

// loopResults returns the scalar results of loop kernel k: its intent(out)
// scalar dummies.
func loopResults(k *ir.Kernel) []*ir.Var {
	var out []*ir.Var
	for _, v := range k.Params {
		if v.Result() {
			out = append(out, v)
		}
	}
	return out
}

// NestPlans returns the plans of the nest launches of kp, in order.
func (kp *KernelPlan) NestPlans() []*NestPlan {
	var out []*NestPlan
	for _, l := range kp.Launches {
		if l.Nest != nil {
			out = append(out, l.Nest)
		}
	}
	return out
}

// planNest plans one nest (see scheduleLoops).
func planNest(k *ir.Kernel, n *ir.Nest, t Target, o Options, s Strategy) *NestPlan {
	rank := len(n.Index)
	gpu := o.Auto && t.Type == "GPU" && o.Tile == nil && o.Coarsen == nil
	tiled := rank >= 2 && (s == Local && !o.Auto || gpu)
	np := &NestPlan{Nest: n, Dims: nestDims(n, false)}
	if tiled {
		dims := nestDims(n, true)
		if np.Tiles = nestTiles(n, dims); len(np.Tiles) > 0 {
			np.Dims = dims
		}
	}
	strategy := Direct
	if len(np.Tiles) > 0 {
		strategy = Local
	}
	np.Local = fit(o.Tile, DefaultTile(strategy, rank), rank)
	np.Coarsen = ones(rank)
	factors := o.Coarsen
	cpu := o.Auto && t.Type == "CPU" && o.Tile == nil && o.Coarsen == nil
	switch {
	case gpu && len(n.Reduces) > 0 && !onePoint(n):
		np.Local, factors, np.Interleave = reductionShape(n, np.Dims)
	case cpu && len(n.Reduces) > 0 && !onePoint(n):
		np.Local, factors = cpuReductionShape(n, np.Dims)
	case gpu && rank >= 2:
		np.Local, factors = nestGPUShape(n, np.Dims, len(np.Tiles) > 0)
	case gpu && !onePoint(n):
		// a 1-D nest: streamInterleave points a work-group apart
		np.Local, factors, np.Interleave = []int{256}, []int{streamInterleave}, true
	}
	if len(factors) == 1 && rank > 1 {
		factors = append(make([]int, rank-1), factors[0])
	}
	for g := 0; g < rank && g < len(factors); g++ {
		if factors[g] > 1 {
			np.Coarsen[g] = factors[g]
		}
	}
	np.Interleave = (np.Interleave || o.Interleave) && np.Coarsen[0] > 1 && len(np.Tiles) == 0
	align := o.Align || gpu && !o.NoAlign && rank >= 2 && streamNest(n, np.Dims)
	if align && !np.Coarse() && len(np.Tiles) == 0 && len(n.Reduces) == 0 {
		np.Align = rowOffset(n, np.Dims[0])
	}
	np.DeferStores = np.Coarse() && deferrable(n, k)
	if onePoint(n) && len(n.Reduces) == 0 {
		// An element assignment or a nest that runs serially: one
		// work-item.
		np.Local, np.Coarsen, np.Tiles, np.DeferStores, np.Interleave, np.Align = ones(rank), ones(rank), nil, false, false, 0
	}
	return np
}

// deferrable reports whether the stores of a block's points can wait
// until every point has computed its values, so that the OpenCL compiler
// sees all the block's loads before any store and shares the loads of
// neighbouring points without having to prove that a store does not
// alias them: the nest reads no array it writes, every array write is a
// statement of the body's top level, and its subscripts use only the
// nest's indices and values the whole launch shares.
func deferrable(n *ir.Nest, k *ir.Kernel) bool {
	written := map[*ir.Var]bool{}
	ok := true
	uniform := func(x ir.Expr) {
		ir.Walk(x, func(x ir.Expr) {
			r, isRef := x.(*ir.Ref)
			if !isRef {
				return
			}
			for _, v := range n.Index {
				if r.Var == v {
					return
				}
			}
			if !isDummy(k, r.Var) {
				ok = false
			}
		})
	}
	for _, s := range n.Body {
		if a, isAssign := s.(*ir.Assign); isAssign {
			if el, isElem := a.LHS.(*ir.Elem); isElem {
				written[el.Var] = true
				for _, x := range el.Index {
					uniform(x)
				}
			}
		}
	}
	top := 0
	for _, s := range n.Body {
		if a, isAssign := s.(*ir.Assign); isAssign {
			if _, isElem := a.LHS.(*ir.Elem); isElem {
				top++
			}
		}
	}
	all := 0
	ForEachAssign(n.Body, func(a *ir.Assign) {
		if _, isElem := a.LHS.(*ir.Elem); isElem {
			all++
		}
	})
	if all != top {
		ok = false // a write inside an IF or a loop, which would store before the deferred ones
	}
	visit := func(x ir.Expr) {
		ir.Walk(x, func(x ir.Expr) {
			if el, isElem := x.(*ir.Elem); isElem && written[el.Var] {
				ok = false
			}
		})
	}
	ForEachAssign(n.Body, func(a *ir.Assign) {
		visit(a.RHS)
		if el, isElem := a.LHS.(*ir.Elem); isElem {
			for _, x := range el.Index {
				visit(x)
			}
		}
	})
	return ok && len(written) > 0
}

// isDummy reports whether v is one of k's dummies.
func isDummy(k *ir.Kernel, v *ir.Var) bool {
	for _, p := range k.Params {
		if p == v {
			return true
		}
	}
	return false
}

// onePoint reports whether every dimension of n's iteration space is the
// one point 1:1.
func onePoint(n *ir.Nest) bool {
	for d := range n.Index {
		if !n.Lo[d].IsConst() || !n.Hi[d].IsConst() || n.Lo[d].Const != n.Hi[d].Const {
			return false
		}
	}
	return true
}

// nestGPUShape is the tuning of a 2-D or 3-D nest on GPUs (Note [loop
// schedules]).
func nestGPUShape(n *ir.Nest, dims []int, tiled bool) (local, coarsen []int) {
	rank := len(dims)
	local, coarsen = ones(rank), ones(rank)
	coarsen[1] = 4
	switch {
	case tiled:
		local[0], local[1] = 32, 8
	case wideElements(n) || streamNest(n, dims):
		// a stream: no array element is read by two rows' points, so a
		// block of rows shares nothing and only multiplies the rows a
		// work-group touches at once; and a nest over 8-byte elements,
		// whose blocks cost more registers than the loads they share save
		local[0] = 128
		return local, ones(rank)
	case nestWork(n) >= faceWorkThreshold && len(offsetsAlong(n, n.Index[dims[0]])) > 1:
		local[0], local[1], coarsen[0] = 64, 2, 2
	default:
		local[0] = 128
	}
	if rank > 2 {
		coarsen[1], coarsen[rank-1] = 1, 4
	}
	return local, coarsen
}

// streamNest reports whether n, mapped to NDRange dimensions dims, is a
// stream: no array element is read by the points of two rows (the last
// NDRange dimension's index).
func streamNest(n *ir.Nest, dims []int) bool {
	return !readsAcross(n, n.Index[dims[len(dims)-1]])
}

// maxAlign bounds NestPlan.Align: past it, the masked work-items cost more
// than alignment can give back.
const maxAlign = 32

// rowOffset is the constant offset of the lower bound of n's index d from
// the first element of its dimension in the first array element the nest
// writes that is subscripted there by that index plus a constant (x_min
// in a(x_min-2:x_max+2, ...) gives 2); 0 when there is none or it is not
// a constant in 1..maxAlign.
func rowOffset(n *ir.Nest, d int) int {
	v := n.Index[d]
	off := -1
	ForEachAssign(n.Body, func(a *ir.Assign) {
		el, ok := a.LHS.(*ir.Elem)
		if !ok || off >= 0 || len(el.Access) == 0 || len(el.Var.Bounds) == 0 || el.Var.Role == ir.Local {
			return
		}
		acc := el.Access[0]
		if acc.IsComputed() || len(acc.Terms) != 1 || acc.Terms[0].Var != v || acc.Terms[0].Coef != 1 {
			return
		}
		// first accessed element - the row's first: lo + c - L
		diff := n.Lo[d].AddConst(acc.Const).Add(el.Var.Bounds[0].Lo.Scale(-1))
		if diff.IsConst() && diff.Const >= 1 && diff.Const <= maxAlign {
			off = int(diff.Const)
		} else {
			off = 0
		}
	})
	return max(off, 0)
}

// wideElements reports whether n accesses a global array of 8-byte
// elements (real(8), integer(8)).
func wideElements(n *ir.Nest) bool {
	wide := false
	visitElems(n.Body, func(e *ir.Elem) {
		if e.Var.Role != ir.Table && e.Var.Role != ir.Local && e.Var.Kind.Bytes() == 8 {
			wide = true
		}
	})
	return wide
}

// streamInterleave is the points a work-item of a 1-D nest that does not
// reduce owns on GPUs, a work-group apart.
const streamInterleave = 4

// reduceInterleave and reduceRows are the points a work-item of a
// reducing nest owns on GPUs (reductionShape).
const (
	reduceInterleave = 8
	reduceRows       = 16
)

// reductionShape is the tuning of a nest that reduces on GPUs (Note [loop
// schedules]): the work-group, the block and whether its points along
// NDRange dimension 0 are interleaved.
func reductionShape(n *ir.Nest, dims []int) (local, coarsen []int, interleave bool) {
	rank := len(dims)
	local, coarsen = ones(rank), ones(rank)
	local[0] = 256
	if rank == 1 {
		coarsen[0] = reduceInterleave
		return local, coarsen, true
	}
	if writesArrays(n) {
		local, coarsen = nestGPUShape(n, dims, false)
		return local, coarsen, false
	}
	coarsen[rank-1] = reduceRows
	return local, coarsen, false
}

// cpuReductionShape is the tuning of a nest that reduces on CPUs (Note
// [loop schedules]): reduceRows consecutive points (rows from rank 2 on)
// per work-item in groups of 256, when the nest writes no array; one
// point otherwise.
func cpuReductionShape(n *ir.Nest, dims []int) (local, coarsen []int) {
	rank := len(dims)
	local, coarsen = ones(rank), ones(rank)
	if writesArrays(n) {
		return DefaultTile(Direct, rank), coarsen
	}
	local[0], coarsen[rank-1] = 256, reduceRows
	return local, coarsen
}

// writesArrays reports whether the body of n assigns an array element.
func writesArrays(n *ir.Nest) bool {
	writes := false
	ForEachAssign(n.Body, func(a *ir.Assign) {
		_, el := a.LHS.(*ir.Elem)
		writes = writes || el
	})
	return writes
}

// nestWork estimates the arithmetic (exprCost) of the private scalars a
// nest's body computes: a neighbour's face, written as a scalar the cell
// computes for itself, is what a block of points shares.
func nestWork(n *ir.Nest) int {
	w := 0
	ForEachAssign(n.Body, func(a *ir.Assign) {
		if r, ok := a.LHS.(*ir.Ref); ok && r.Var.Role != ir.Reduction {
			w += exprCost(a.RHS)
		}
	})
	return w
}

// readsAcross reports whether the body of n accesses some global array at
// two or more offsets along index v (a(i, j) and a(i, j+1)), or at a
// subscript known only at run time: a block of points along v then
// shares loads.
func readsAcross(n *ir.Nest, v *ir.Var) bool {
	offs := map[*ir.Var]map[int64]bool{}
	across := false
	visitElems(n.Body, func(e *ir.Elem) {
		if e.Var.Role == ir.Table || e.Var.Role == ir.Local {
			return
		}
		for _, a := range e.Access {
			if a.IsComputed() {
				across = true
			}
			for _, t := range a.Terms {
				if t.Var != v {
					continue
				}
				if offs[e.Var] == nil {
					offs[e.Var] = map[int64]bool{}
				}
				offs[e.Var][a.Const] = true
				across = across || len(offs[e.Var]) > 1
			}
		}
	})
	return across
}

// offsetsAlong lists the constant offsets at which the body reads arrays
// along index v (a(i-1, j) and a(i, j) give -1 and 0).
func offsetsAlong(n *ir.Nest, v *ir.Var) map[int64]bool {
	offs := map[int64]bool{}
	visitElems(n.Body, func(e *ir.Elem) {
		for _, a := range e.Access {
			for _, t := range a.Terms {
				if t.Var == v {
					offs[a.Const] = true
				}
			}
		}
	})
	return offs
}

// nestTiles finds the reads of n to stage through __local tiles when the
// indices run along the NDRange dimensions as dims says (Note [loop
// schedules]); reads with the same subscripts share a tile.
func nestTiles(n *ir.Nest, dims []int) []*NestTile {
	g0, g1 := n.Index[dims[0]], n.Index[dims[1]]
	private := map[*ir.Var]bool{}
	for g, d := range dims {
		if g >= 2 {
			private[n.Index[d]] = true
		}
	}
	written := map[*ir.Var]bool{}
	ForEachAssign(n.Body, func(a *ir.Assign) {
		switch l := a.LHS.(type) {
		case *ir.Ref:
			private[l.Var] = true
		case *ir.Elem:
			written[l.Var] = true
		}
	})
	visitLoops(n.Body, func(l *ir.Loop) { private[l.Var] = true })
	coef := func(a ir.Affine, v *ir.Var) int64 {
		for _, t := range a.Terms {
			if t.Var == v {
				return t.Coef
			}
		}
		return 0
	}
	var tiles []*NestTile
	visitElems(n.Body, func(e *ir.Elem) {
		if written[e.Var] || len(e.Access) < 2 || len(e.Access) != len(e.Index) || e.Var.Role == ir.Table || e.Var.Role == ir.Local {
			return // tables and private arrays are not in global memory
		}
		for _, a := range e.Access {
			if a.IsComputed() {
				return // a gather: which element it reads is known only at run time
			}
		}
		if c := coef(e.Access[0], g1); (c != 1 && c != -1) || coef(e.Access[0], g0) != 0 {
			return
		}
		across := false
		for d, a := range e.Access {
			for _, t := range a.Terms {
				if private[t.Var] {
					return
				}
			}
			if c := coef(a, g0); d > 0 && (c == 1 || c == -1) && coef(a, g1) == 0 {
				across = true
			}
		}
		if !across {
			return
		}
		for _, tl := range tiles {
			if sameElem(tl.Elem, e) {
				tl.Elems = append(tl.Elems, e)
				return
			}
		}
		if len(tiles) < maxNestTiles {
			tiles = append(tiles, &NestTile{Name: fmt.Sprintf("_tile%d", len(tiles)), Elem: e, Elems: []*ir.Elem{e}})
		}
	})
	return tiles
}

// maxNestTiles bounds the tiles of one nest (each takes 4 KiB of real(4)
// at 32x32 points).
const maxNestTiles = 4

// sameElem reports whether a and b read the same element at every point.
func sameElem(a, b *ir.Elem) bool {
	if a.Var != b.Var || len(a.Access) != len(b.Access) {
		return false
	}
	for d := range a.Access {
		if !a.Access[d].Equal(b.Access[d]) {
			return false
		}
	}
	return true
}

// visitLoops calls f for every sequential loop of stmts.
func visitLoops(stmts []ir.Stmt, f func(*ir.Loop)) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.If:
			visitLoops(s.Then, f)
			visitLoops(s.Else, f)
		case *ir.Loop:
			f(s)
			visitLoops(s.Body, f)
		}
	}
}

// nestDims orders the nest's indices for the NDRange: by the lowest array
// dimension each subscripts (over every element the body reads or
// writes, or only the written ones when writes is set and the body
// writes arrays), ties and unused indices innermost first.
func nestDims(n *ir.Nest, writes bool) []int {
	const unused = 1 << 20
	lowest := make([]int, len(n.Index))
	for i := range lowest {
		lowest[i] = unused
	}
	pos := map[*ir.Var]int{}
	for i, v := range n.Index {
		pos[v] = i
	}
	// Tables and private arrays are not in global memory: they do not count.
	global := func(e *ir.Elem) bool { return e.Var.Role != ir.Table && e.Var.Role != ir.Local }
	var elems []*ir.Elem
	if writes {
		ForEachAssign(n.Body, func(a *ir.Assign) {
			if e, ok := a.LHS.(*ir.Elem); ok && global(e) {
				elems = append(elems, e)
			}
		})
	}
	if len(elems) == 0 {
		visitElems(n.Body, func(e *ir.Elem) {
			if global(e) {
				elems = append(elems, e)
			}
		})
	}
	for _, e := range elems {
		for d, a := range e.Access {
			for _, t := range a.Terms {
				if i, ok := pos[t.Var]; ok && d < lowest[i] {
					lowest[i] = d
				}
			}
		}
	}
	dims := make([]int, len(n.Index))
	for g := range dims {
		dims[g] = len(n.Index) - 1 - g // innermost first
	}
	sort.SliceStable(dims, func(a, b int) bool { return lowest[dims[a]] < lowest[dims[b]] })
	return dims
}

// visitElems calls f for every array element of stmts.
func visitElems(stmts []ir.Stmt, f func(*ir.Elem)) {
	expr := func(x ir.Expr) {
		ir.Walk(x, func(x ir.Expr) {
			if e, ok := x.(*ir.Elem); ok {
				f(e)
			}
		})
	}
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			expr(s.LHS)
			expr(s.RHS)
			expr(s.Mask)
		case *ir.If:
			expr(s.Cond)
			visitElems(s.Then, f)
			visitElems(s.Else, f)
		case *ir.Loop:
			expr(s.Lo)
			expr(s.Hi)
			expr(s.Step)
			visitElems(s.Body, f)
		case *ir.Nest:
			visitElems(s.Body, f)
		}
	}
}

// fprintLoops prints the plan of a loop kernel: its arrays, the host
// variables its nests' bounds may name, and the schedule of every nest
// (NestPlan: the index along each NDRange dimension, the work-group, the
// block of points per work-item, deferred stores, tiles), numbered in
// body order; a nest's reductions add a fold launch after it and scalar
// results one launch at the end (dump --stage=host shows every launch).
func fprintLoops(w io.Writer, kp *KernelPlan) {
	k := kp.Kernel
	nests := kp.NestPlans()
	results := ""
	for _, v := range loopResults(k) {
		results += " " + v.Name
	}
	if results != "" {
		results = ", the last writes the results" + results
	}
	fmt.Fprintf(w, "kernel %s: loop kernel, %d nest(s) in %d launch(es), %s strategy%s\n", k.Name, len(nests), len(kp.Launches), kp.Strategy, results)
	for _, v := range k.Params {
		if v.Rank == 0 {
			continue
		}
		var ext []string
		for _, e := range v.Extents() {
			ext = append(ext, e.String())
		}
		fmt.Fprintf(w, "  array %s intent(%s): extents (%s)\n", v.Name, v.Intent, strings.Join(ext, ", "))
	}
	if len(k.HostVars) > 0 {
		var names []string
		for _, v := range k.HostVars {
			names = append(names, v.Name)
		}
		fmt.Fprintf(w, "  host variables (computed by the host before each launch): %s\n", strings.Join(names, " "))
	}
	for i, np := range nests {
		fprintNest(w, i+1, np)
	}
	fprintHostLoops(w, k.Body, nests)
}

// fprintNest prints the schedule of nest i (see fprintLoops).
func fprintNest(w io.Writer, i int, np *NestPlan) {
	n := np.Nest
	var m []string
	for g, d := range np.Dims {
		m = append(m, fmt.Sprintf("%d:%s = %s..%s", g, n.Index[d].Name, n.Lo[d], n.Hi[d]))
	}
	more := ""
	for _, r := range n.Reduces {
		more += fmt.Sprintf(", reduces %s into %s (partials per work-group, then a fold launch)", r.Reduce.Op, r.Reduce.Result.Name)
	}
	if onePoint(n) && len(n.Reduces) == 0 {
		more += ", one work-item"
	}
	if np.Coarse() {
		more += ", " + DimString(np.Coarsen) + " points per work-item"
		if np.Interleave {
			more += " (interleaved along dimension 0)"
		}
		if np.DeferStores {
			more += " (stores after all their loads)"
		}
	}
	if np.Align > 0 {
		more += fmt.Sprintf(", work-items from %d points before the lower bound (aligned to the row)", np.Align)
	}
	fmt.Fprintf(w, "  nest %d (%s, line %d): NDRange %s, work-group %s%s\n", i, n.Source, n.Pos.Start.Line, strings.Join(m, ", "), DimString(np.Local), more)
	for _, tl := range np.Tiles {
		fmt.Fprintf(w, "    __local tile %s: %s (line %d, %d read(s)), %d bytes\n", tl.Name, ir.ExprString(tl.Elem), tl.Elem.Pos.Start.Line, len(tl.Elems), tl.Bytes(np.Local, np.Coarsen))
	}
}
