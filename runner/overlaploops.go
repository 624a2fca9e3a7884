package runner

import (
	"strings"

	"github.com/forocl/forocl/abi"
)

// Loop kernels overlap their exchange as region kernels do (Note
// [overlap]) when a part of a slab computes as a slab would: one launch,
// which the host program runs alone (no loops, sets, branches or
// reductions), on no fixed planes, reading no array it writes, with no
// argument from the host but sizes; every cut array held alike (its
// nests' planes at the same place and halos of lo below and hi above, the
// kernel's halo) and every swapped array cut. A part of planes [from, to)
// then runs over the NDRange of a slab of to - from planes (the split size
// S_l - n + (to - from); Note [slabs] for loop kernels in slabloops.go),
// at the global work offset of plane from, with the split size of a slab
// of to planes, S_l - n + to, which ends the nests there: it computes its
// planes [from+lo, to-hi).

// newLoopOverlap returns the parts of a split loop kernel's local slabs,
// or nil when the exchange cannot overlap.
func newLoopOverlap(x *exchanger, j *Job, f *loopFrame, slabs []*slab) *overlap {
	k := j.Kernel
	if x.count < 2 || len(j.Swap) == 0 || len(k.Scratch) > 0 || len(k.Results()) > 0 || !loneLaunch(k) {
		return nil
	}
	sp := f.sp.Launches[0]
	writes := map[string]bool{}
	for _, w := range sp.Writes {
		writes[strings.ToLower(w)] = true
	}
	for _, r := range sp.Reads {
		if writes[strings.ToLower(r)] {
			return nil
		}
	}
	lo, hi := f.sp.Halo.Lo, f.sp.Halo.Hi
	if sp.Fixed != "" || lo+hi == 0 {
		return nil
	}
	for _, p := range j.Swap {
		for _, name := range []string{p.In, p.Out} {
			if _, ok := f.lower[strings.ToLower(name)]; !ok {
				return nil
			}
		}
	}
	for _, s := range slabs {
		n := -1
		for name := range f.lower {
			g := x.geom(s.index, name)
			if g.own != lo || g.lo > lo || g.hi > hi || n >= 0 && g.held != n || g.held != lo+s.m+hi {
				return nil
			}
			n = g.held
		}
		s.n = n
	}
	x.lo, x.hi = lo, hi
	r0 := slabs[0].r
	o := &overlap{x: x, j: j, size: f.size, sizeScalar: true}
	o.pb = func(name string) int { return planeBytes(r0.arrays[name]) }
	return o.setupAll(slabs)
}

// loneLaunch reports whether k's host program is its one launch, sized
// by sizes alone.
func loneLaunch(k *abi.Kernel) bool {
	if len(k.Launches) != 1 || k.Split == nil || len(k.Split.Launches) != 1 {
		return false
	}
	prog := k.Program()
	if len(prog) != 1 || prog[0].Launch != 0 || prog[0].Loop != nil || prog[0].Set != nil || prog[0].If != nil || prog[0].Combine != nil || prog[0].Print != nil {
		return false
	}
	for _, a := range k.Launches[0].Args {
		if a.Kind == abi.LoopArg || a.Kind == abi.HostArg || a.Kind == abi.GroupsArg || a.Kind == abi.ScratchArg {
			return false
		}
	}
	return true
}
