package runner

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
)

// CheckSlabs returns nil when RunSlabs runs k exactly (Note [slabs]), and
// otherwise a refusal that says why, with code slabs-unsupported. It is a
// positive rule: a kernel is accepted only when it has every property the
// slab code relies on, so a kind of kernel it was not written for is
// refused rather than run wrong.
//
//   - k is a region kernel (checkNoLoops): its statements read
//     inputs at constant shifts and never see the grid's extent or their
//     own position, so a slab padded with its halos computes its planes as
//     the whole grid does;
//   - no host loops repeat its launches;
//   - it has arrays, all of one shape: Rank extents, extent d exactly the
//     size named for d, the names distinct (the last one is what a slab
//     changes);
//   - its results are scalars, or maxloc's and minloc's positions (which
//     the slabs fold as indices of the whole grid's frame);
//   - every launch is either a grid launch (one range per dimension; along
//     the last the positions are that size less a shrink, from an origin
//     within the shrink, and no other dimension depends on it) or the fold
//     of a reduction in the layout combine expects (partials, their count,
//     the value); no launch has a condition or a host loop's variable;
//   - every scratch buffer holds one value per work-group (partials) or a
//     constant number of values;
//   - every reduction says which planes it folds (abi.Reduction.Window),
//     and, with the slab halo (the kernel's, widened to halo, which is
//     Slabs.Halo or --slab-halo), each slab's fold covers its own planes
//     as the combine needs (checkReductions).
func CheckSlabs(k *abi.Kernel, halo [2]int) error {
	if k != nil && k.Split != nil {
		return checkSplit(k, halo)
	}
	if err := checkKernel(k); err != nil {
		return err
	}
	return checkReductions(k, halo)
}

// checkSplit is CheckSlabs for a loop kernel, which codegen's abi.Split
// judged (slabloops.go).
func checkSplit(k *abi.Kernel, halo [2]int) error {
	sp := k.Split
	if sp.Refused != "" {
		return codeErrorf(codeSlabsUnsupported, "kernel %q cannot be split into slabs exactly: %s; run it on one device (without --slabs, --devices or --mpi)", k.Name, sp.Refused)
	}
	if halo[0] > sp.Halo.Lo || halo[1] > sp.Halo.Hi {
		return fmt.Errorf("kernel %q: --slab-halo %d:%d is wider than the halo %d:%d its nests read along %s; a loop kernel's slabs hold what its nests read, so leave --slab-halo out", k.Name, halo[0], halo[1], sp.Halo.Lo, sp.Halo.Hi, sp.Size)
	}
	return nil
}

// checkNoLoops says why k is not a region kernel, or "": no launch of
// it covers a loop nest (abi.Launch.MayBeEmpty, or a range with a first
// index), none of its sizes is a scalar parameter (whose value the kernel
// would see), and it has no host statements.
func checkNoLoops(k *abi.Kernel) string {
	for _, s := range k.Sizes {
		if p := k.Param(s.Name); p != nil && !p.Array {
			return fmt.Sprintf("its size %q is a scalar dummy", s.Name)
		}
	}
	if len(k.Steps) > 0 {
		return "it has host statements"
	}
	for _, l := range k.Launches {
		for _, r := range l.Global {
			if r.First != nil {
				return fmt.Sprintf("launch %q covers a loop nest", l.Symbol)
			}
		}
		if l.MayBeEmpty {
			return fmt.Sprintf("launch %q covers a loop nest", l.Symbol)
		}
	}
	return ""
}

// checkKernel is CheckSlabs without the reductions' windows, which depend
// on the halo: what Balance, which times one slab on its own, needs.
func checkKernel(k *abi.Kernel) error {
	if k == nil {
		return fmt.Errorf("no kernel to run on slabs")
	}
	if k.Split != nil {
		return checkSplit(k, [2]int{})
	}
	refuse := func(format string, args ...any) error {
		return codeErrorf(codeSlabsUnsupported, "kernel %q: %s; run it on one device (without --slabs, --devices or --mpi)", k.Name, fmt.Sprintf(format, args...))
	}
	if err := checkNoLoops(k); err != "" {
		return refuse("%s: loop kernels do not run on slabs or MPI ranks yet: their loops see the grid's extents and their own indices, which each slab would restart", err)
	}
	if len(k.HostLoops) > 0 {
		return refuse("it repeats launches in a DO loop on the host, which slabs do not run yet")
	}
	arrays := k.Arrays()
	if len(arrays) == 0 || k.Rank < 1 {
		return refuse("it has no grid arrays to split")
	}
	grid := arrays[0].Shape
	if len(grid) != k.Rank {
		return refuse("array %q has %d extents but the kernel is %d-D", arrays[0].Name, len(grid), k.Rank)
	}
	names := map[string]bool{}
	for d, e := range grid {
		if len(e.Terms) != 1 || e.Terms[0].Coef != 1 || e.Const != 0 || names[e.Terms[0].Size] {
			return refuse("extent %d of array %q is %s, not a size of its own", d+1, arrays[0].Name, e)
		}
		names[e.Terms[0].Size] = true
	}
	last := grid[k.Rank-1].Terms[0].Size
	for _, p := range arrays[1:] {
		if !sameAffines(p.Shape, grid) {
			return refuse("array %q has another shape than %q (staggered arrays)", p.Name, arrays[0].Name)
		}
	}
	for _, p := range k.Results() {
		// Fixed-size results are maxloc's and minloc's positions, which
		// the slabs fold as global frame indices (combineLoc).
		if len(p.Shape) > 0 && len(p.ResultShape()) == 0 {
			return refuse("result %q is an array, whose values would be per slab", p.Name)
		}
	}
	for _, s := range k.Scratch {
		if s.Groups == "" && (!s.Elements.IsConstant() || len(s.Extents) > 0) {
			return refuse("scratch buffer %q grows with the grid (%s)", s.Name, s.Elements)
		}
	}
	for _, l := range k.Launches {
		if l.If != "" {
			return refuse("launch %q runs under a condition", l.Symbol)
		}
		for _, a := range l.Args {
			if a.Kind == abi.LoopArg {
				return refuse("launch %q takes a host loop's variable", l.Symbol)
			}
		}
		if foldsPositions(l) {
			if len(l.Args) < 4 || l.Args[0].Kind != abi.ScratchArg || l.Args[1].Kind != abi.ScratchArg || l.Args[2].Kind != abi.GroupsArg || l.Args[len(l.Args)-1].Kind != abi.ScratchArg {
				return refuse("maxloc launch %q does not take its partials, their indices, their count and its positions", l.Symbol)
			}
			continue
		}
		if isFold(l) {
			if len(l.Args) < 3 || l.Args[0].Kind != abi.ScratchArg || l.Args[1].Kind != abi.GroupsArg || l.Args[2].Kind != abi.ScratchArg {
				return refuse("reduction launch %q does not take its partials, their count and its value", l.Symbol)
			}
			continue
		}
		if fixedLaunch(l) {
			continue // a phase of one work-item: results from reductions' values
		}
		if !gridLaunch(l, k.Rank, last) {
			return refuse("launch %q does not cover the grid along its last dimension (%s)", l.Symbol, last)
		}
	}
	return nil
}

// gridLaunch reports whether l covers a rank-D grid whose last extent is
// size last: along it, last - shrink positions from an origin within the
// shrink; no other dimension depends on last.
func gridLaunch(l *abi.Launch, rank int, last string) bool {
	if len(l.Global) != rank || len(l.Origin) != rank {
		return false
	}
	for d, g := range l.Global {
		if g.Per < 1 {
			return false
		}
		if d < rank-1 {
			for _, t := range g.Positions.Terms {
				if t.Size == last {
					return false
				}
			}
			continue
		}
		pos := g.Positions
		if len(pos.Terms) != 1 || pos.Terms[0].Size != last || pos.Terms[0].Coef != 1 || pos.Const > 0 {
			return false
		}
		if o := l.Origin[d]; o < 0 || o > -pos.Const {
			return false
		}
	}
	return true
}

// fixedLaunch reports whether l runs a fixed number of work-items, which
// see no grid position (the phase that writes results from reductions).
func fixedLaunch(l *abi.Launch) bool {
	for _, g := range l.Global {
		if !g.Positions.IsConstant() || g.First != nil {
			return false
		}
	}
	return len(l.Global) > 0
}

func sameAffines(a, b []abi.Affine) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			return false
		}
	}
	return true
}

// checkReductions accepts k's reductions on slabs with halo lo:hi along
// the last dimension (the kernel's, widened to halo) only where combining
// the slabs' values gives the one-device value (Note [slabs]). Slab s
// owns the interior planes [a, a+m) and holds [a-lo, a+m+hi); a reduction
// (maxloc and minloc as maxval and minval: a position two slabs share is
// the same pair on both) whose window is wlo:whi along the last dimension
// folds, on it, the
// planes [a-lo+wlo, a+m+hi-whi). A sum, product or count (and
// dot_product and norm2, sums) must fold each plane once: its window must
// be the halo, so that slab s folds exactly [a, a+m) and the slabs
// together [lo, n-hi), the planes it folds on one device. maxval, minval,
// any and all may fold a plane twice: a window within the halo (wlo <= lo,
// whi <= hi) folds at least [a, a+m) on each slab, and only planes the
// slab holds. SlabHalo widens the halo to every window, so the sums fit
// unless another launch or reduction, or halo, asks for more; every other
// window would leave planes out or count some twice, so the kernel is
// refused, with the halo that fits every reduction when there is one.
// (The values folded are exact on every plane a slab holds: kernels read
// only intent(in) arrays, which the slabs hold whole, halos included.)
// The other dimensions are whole on every slab, so their windows are as
// on one device.
func checkReductions(k *abi.Kernel, halo [2]int) error {
	var folds []*abi.Reduction
	for _, l := range k.Launches {
		if !isFold(l) {
			continue
		}
		r := k.Reduction(l.Symbol)
		if r == nil {
			return codeErrorf(codeSlabsUnsupported, "kernel %q: the ABI does not say which grid positions reduction launch %q folds (a unit written by an older forocl); rebuild it with this forocl, or run it on one device (without --slabs, --devices or --mpi)", k.Name, l.Symbol)
		}
		if len(r.Window) != k.Rank {
			return codeErrorf(codeSlabsUnsupported, "kernel %q: reduction %s at %s has a window of %d dimensions, the kernel %d; run it on one device (without --slabs, --devices or --mpi)", k.Name, r.Name, r.Where, len(r.Window), k.Rank)
		}
		folds = append(folds, r)
	}
	if len(folds) == 0 {
		return nil
	}
	// SlabHalo is the widest of the launches' halos and the reductions'
	// windows, so the maxima and minima lie within it, and the sums fit
	// when they all equal it.
	klo, khi, err := SlabHalo(k)
	if err != nil {
		return err
	}
	lo, hi := max(klo, halo[0]), max(khi, halo[1])
	last := lastSize(k)
	fit := abi.Halo{Lo: klo, Hi: khi}
	fits := true
	for _, r := range folds {
		if exactOnce(r.Op) && r.Window[k.Rank-1] != fit {
			fits = false
		}
	}
	for _, r := range folds {
		w := r.Window[k.Rank-1]
		var why []string
		switch {
		case exactOnce(r.Op):
			if w.Lo < lo || w.Hi < hi {
				why = append(why, "count the halo planes that neighbouring slabs share twice")
			}
			if w.Lo > lo || w.Hi > hi {
				why = append(why, "leave out planes next to the slabs' edges")
			}
		case r.Op == "max" || r.Op == "min" || r.Op == "any" || r.Op == "all" || r.Op == "maxloc" || r.Op == "minloc":
			if w.Lo > lo || w.Hi > hi {
				why = append(why, "leave out planes next to the slabs' edges")
			}
		default:
			return codeErrorf(codeSlabsUnsupported, "kernel %q: reduction %s at %s combines by %q, which slabs do not know; run it on one device (without --slabs, --devices or --mpi)", k.Name, r.Name, r.Where, r.Op)
		}
		if len(why) == 0 {
			continue
		}
		what := fmt.Sprintf("%s adds every element once, so its window must equal the slab halo", r.Name)
		switch {
		case r.Op == "product":
			what = "product multiplies every element once, so its window must equal the slab halo"
		case !exactOnce(r.Op):
			what = fmt.Sprintf("the window of %s must lie within the slab halo", r.Name)
		}
		todo := "run it on one device (without --slabs, --devices or --mpi)"
		if fits {
			todo = fmt.Sprintf("leave the slab halo at the kernel's own, %d:%d (no wider --slab-halo or Slabs.Halo), or %s", fit.Lo, fit.Hi, todo)
		}
		return codeErrorf(codeSlabsUnsupported, "kernel %q: reduction %s at %s folds the planes [%d, %s - %d) of the last dimension (window %d:%d), but the slabs have halo %d:%d, so the slabs' values would %s (%s); %s",
			k.Name, r.Name, r.Where, w.Lo, last, w.Hi, w.Lo, w.Hi, lo, hi, strings.Join(why, " and "), what, todo)
	}
	return nil
}

// exactOnce reports whether a reduction that combines by op must fold
// every element exactly once: sums (count, dot_product and norm2 among
// them) and products.
func exactOnce(op string) bool { return op == "sum" || op == "product" }
