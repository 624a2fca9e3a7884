package runner

import (
	"fmt"

	"github.com/forocl/forocl/abi"
)

// CheckSlabs returns nil when RunSlabs runs k exactly (Note [slabs]), and
// otherwise a refusal that says why, with code slabs-unsupported. It is a
// positive rule: a kernel is accepted only when it has every property the
// slab code relies on, so a kind of kernel it was not written for is
// refused rather than run wrong.
//
//   - k is a region or elemental kernel (not Loops): its statements read
//     inputs at constant shifts and never see the grid's extent or their
//     own position, so a slab padded with its halos computes its planes as
//     the whole grid does;
//   - no host loops repeat its launches;
//   - it has arrays, all of one shape: Rank extents, extent d exactly the
//     size named for d, the names distinct (the last one is what a slab
//     changes);
//   - its results are scalars (no maxloc positions, which are per slab);
//   - every launch is either a grid launch (one range per dimension; along
//     the last the positions are that size less a shrink, from an origin
//     within the shrink, and no other dimension depends on it) or the fold
//     of a reduction in the layout combine expects (partials, their count,
//     the value); no launch has a condition or a host loop's variable;
//   - every scratch buffer holds one value per work-group (partials) or a
//     constant number of values.
func CheckSlabs(k *abi.Kernel) error {
	if k == nil {
		return fmt.Errorf("no kernel to run on slabs")
	}
	refuse := func(format string, args ...any) error {
		return codeErrorf(codeSlabsUnsupported, "kernel %q: %s; run it on one device (without --slabs, --devices or --mpi)", k.Name, fmt.Sprintf(format, args...))
	}
	if k.Loops {
		return refuse("loop kernels do not run on slabs or MPI ranks yet: their loops see the grid's extents and their own indices, which each slab would restart")
	}
	if len(k.HostLoops) > 0 {
		return refuse("it repeats launches in a DO loop on the host, which slabs do not run yet")
	}
	for _, l := range k.Launches {
		if foldsPositions(l) {
			return refuse("maxloc and minloc cannot be split into slabs (their positions are per slab)")
		}
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
		if !sameShape(p.Shape, grid) {
			return refuse("array %q has another shape than %q (staggered arrays)", p.Name, arrays[0].Name)
		}
	}
	for _, p := range k.Results() {
		if len(p.ResultShape()) != 0 {
			return refuse("result %q is an array, whose values would be per slab", p.Name)
		}
	}
	for _, s := range k.Scratch {
		if s.Groups == "" && !s.Elements.IsConstant() {
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
		if isFold(l) {
			if len(l.Args) < 3 || l.Args[0].Kind != abi.ScratchArg || l.Args[1].Kind != abi.GroupsArg || l.Args[2].Kind != abi.ScratchArg {
				return refuse("reduction launch %q does not take its partials, their count and its value", l.Symbol)
			}
			continue
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

func sameShape(a, b []abi.Affine) bool {
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
