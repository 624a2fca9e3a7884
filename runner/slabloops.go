package runner

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/forocl/forocl/clhost"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// Loop kernels on slabs (Note [slabs]): codegen's abi.Split says the
// kernel is translation invariant along its split index, so a slab runs
// the same kernel with the split size cut to the slab's planes, on every
// cut array cut to the slab's planes plus what it holds around them.
//
// In the split index j (Fortran's, as the nests see it), the nests run
// j from First to Last = S + h, S the split size. Slab s owns the nests'
// planes [a, a+m) and runs with S_l = First + m - 1 - h, so that its
// nests run j_l from First to First + m - 1: the slab's frame is the
// whole grid's shifted by D = a - First. A cut array A declared with
// last bounds L:S+c-1+L holds, on the slab, its 0-based planes [D, D +
// S_l + c): the planes the slab's nests may read, since the whole grid's
// reads stay in bounds (checked by newLoopFrame). Its planes [L' + D -
// lo, L' + D + m + hi), L' = First - L, are the exchange frame: the halo
// lo below, the owned planes, the halo hi above, as for region kernels.
// A launch of a nest on fixed planes (abi.SplitLaunch.Fixed) runs on the
// first slab, the last, or both, whose frames hold those planes where the
// whole grid does (the first slab's frame is the grid's; the last's ends
// where it ends); the others skip it.

// loopFrame is a split loop kernel's frame on one grid's sizes.
type loopFrame struct {
	sp          *abi.Split
	size        string // the split size, as the sizes map names it
	s           int    // its value on the whole grid
	first, last int    // the split index's range in the nests
	// lower and extra give each cut array's lower bound along its last
	// dimension and its last extent less S, by lower-case name.
	lower, extra map[string]int
}

// newLoopFrame evaluates k's split on sizes and checks that every read of
// a cut array stays in its declared bounds, so that a slab holds what its
// nests read.
func newLoopFrame(k *abi.Kernel, sizes map[string]int, shapes map[string][]int) (*loopFrame, error) {
	sp := k.Split
	f := &loopFrame{sp: sp, size: sp.Size, s: sizes[sp.Size], lower: map[string]int{}, extra: map[string]int{}}
	var err error
	if sp.First == nil || sp.Last == nil {
		return nil, fmt.Errorf("internal error: kernel %q: its split record has no range", k.Name)
	}
	if f.first, err = sp.First.Eval(sizes); err != nil {
		return nil, err
	}
	if f.last, err = sp.Last.Eval(sizes); err != nil {
		return nil, err
	}
	if f.last < f.first {
		return nil, fmt.Errorf("kernel %q: its nests run no plane along %s (%s from %d to %d), so there is nothing to split", k.Name, sp.Size, sp.Size, f.first, f.last)
	}
	for _, a := range sp.Arrays {
		p := k.Param(a.Name)
		if p == nil || len(p.Shape) == 0 {
			return nil, fmt.Errorf("internal error: kernel %q: cut array %q is not an array parameter", k.Name, a.Name)
		}
		d := len(p.Shape) - 1
		if sh, ok := shapes[strings.ToLower(a.Name)]; ok && len(sh) != len(p.Shape) {
			return nil, fmt.Errorf("kernel %q: array %s is given with %d dimensions, its dummy has %d (sequence association): slabs cut the dummy's last dimension, so give the array its dummy's shape or run on one device", k.Name, a.Name, len(sh), len(p.Shape))
		}
		lo := 1
		if len(p.Lower) == len(p.Shape) {
			if lo, err = p.Lower[d].Eval(sizes); err != nil {
				return nil, err
			}
		}
		ext, err := p.Shape[d].Eval(sizes)
		if err != nil {
			return nil, err
		}
		name := strings.ToLower(a.Name)
		f.lower[name], f.extra[name] = lo, ext-f.s
		if a.Read && (f.first-a.Reach.Lo < lo || f.last+a.Reach.Hi > lo+ext-1) {
			return nil, fmt.Errorf("kernel %q: its nests read %s(..., %d:%d) along %s, outside its bounds %d:%d, which slabs cannot hold; run it on one device", k.Name, a.Name, f.first-a.Reach.Lo, f.last+a.Reach.Hi, sp.Size, lo, lo+ext-1)
		}
	}
	return f, nil
}

// partition shares the nests' planes among count slabs (Partition, with
// the split's halo) in whole units of unit planes (the last slab takes
// the rest); it returns each slab's first owned plane, counted from the
// nests' first plane, and the counts.
func (f *loopFrame) partition(count int, weights []float64, unit int) (starts, planes []int, err error) {
	h, n := f.sp.Halo, f.last-f.first+1
	units := (n + unit - 1) / unit
	lo, hi := (h.Lo+unit-1)/unit, (h.Hi+unit-1)/unit
	starts, planes, err = Partition(units+lo+hi, lo, hi, count, weights)
	if err != nil {
		if unit == 1 {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("a grid of %d planes along %s is too small for %d slabs that fold whole work-groups of %d planes each (so that reductions combine as on one device); use at most %d slabs or a larger grid", n, f.size, count, unit, max(units/max(lo, hi, 1), 1))
	}
	for i := range starts {
		starts[i] = (starts[i] - lo) * unit
		planes[i] *= unit
	}
	planes[len(planes)-1] = n - starts[len(starts)-1]
	return starts, planes, nil
}

// foldUnit is the number of planes of one work-group, along the split, of
// every launch whose partials a fold launch folds (their lcm; 1 when
// none), so that slabs of whole units have partials that, in slab order,
// are the one device's. A launch whose split index is not its last
// NDRange dimension has partials that do not concatenate so: an error.
func (f *loopFrame) foldUnit(k *abi.Kernel) (int, error) {
	unit := 1
	for _, b := range k.Scratch {
		if b.Groups == "" {
			continue
		}
		var l *abi.Launch
		for _, c := range k.Launches {
			if c.Symbol == b.Groups {
				l = c
			}
		}
		if l == nil || len(l.Global) == 0 || len(l.Local) != len(l.Global) {
			return 0, fmt.Errorf("internal error: kernel %q: partials %q of no launch", k.Name, b.Name)
		}
		g := len(l.Global) - 1
		if coefOf(l.Global[g].Positions, f.size) != 1 {
			return 0, fmt.Errorf("kernel %q: launch %q reduces with its split index %s not in its last NDRange dimension, so the slabs' partials would not combine in the one device's order; run it on one device", k.Name, l.Symbol, f.size)
		}
		u := l.Local[g] * max(l.Global[g].Per, 1)
		unit = unit / gcd(unit, u) * u
	}
	return unit, nil
}

func coefOf(a abi.Affine, size string) int {
	n := 0
	for _, t := range a.Terms {
		if t.Size == size {
			n += t.Coef
		}
	}
	return n
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// geom is slab idx's place for array name (see exchanger.geom).
func (f *loopFrame) geom(start, m int, name string) slabGeom {
	lo, ok := f.lower[name]
	if !ok {
		return slabGeom{whole: true}
	}
	g := slabGeom{d: start, own: f.first - lo, held: f.first + m - 1 - (f.last - f.s) + f.extra[name]}
	if a := f.sp.Cut(name); a != nil && a.Read {
		g.lo, g.hi = max(a.Reach.Lo, 0), max(a.Reach.Hi, 0)
	}
	return g
}

// slabSizes returns the sizes and scalars of a slab of m planes.
func (f *loopFrame) slabSizes(sizes map[string]int, scalars map[string]float64, m int) (map[string]int, map[string]float64) {
	sub := map[string]int{}
	for n, v := range sizes {
		sub[n] = v
	}
	sc := map[string]float64{}
	for n, v := range scalars {
		sc[n] = v
	}
	sl := f.first + m - 1 - (f.last - f.s)
	sub[f.size] = sl
	if _, ok := sc[strings.ToLower(f.size)]; ok {
		sc[strings.ToLower(f.size)] = float64(sl)
	}
	return sub, sc
}

// cutPlanes returns planes [from, to) of a along its last dimension.
func cutPlanes(a *npy.Array, from, to int) *npy.Array {
	shape := append([]int(nil), a.Shape...)
	shape[len(shape)-1] = to - from
	out := Zeros(a.DType, shape)
	pb := planeBytes(a)
	copy(bytesOf(out), bytesOf(a)[from*pb:to*pb])
	return out
}

// planeBytes is the size of one plane of a's last dimension.
func planeBytes(a *npy.Array) int {
	n := int(elemBytes(a.DType))
	for _, e := range a.Shape[:max(len(a.Shape)-1, 0)] {
		n *= e
	}
	return n
}

// runLoopSlabs is RunSlabs for a split loop kernel (k.Split).
func runLoopSlabs(j Job, sl Slabs, count int, arrays map[string]*npy.Array, sizes map[string]int) (*SlabResult, error) {
	k := j.Kernel
	shapes := map[string][]int{}
	for name, a := range arrays {
		shapes[name] = a.Shape
	}
	f, err := newLoopFrame(k, sizes, shapes)
	if err != nil {
		return nil, err
	}
	unit, err := f.foldUnit(k)
	if err != nil {
		return nil, err
	}
	starts, planes, err := f.partition(count, sl.Weights, unit)
	if err != nil {
		return nil, fmt.Errorf("kernel %q: %v", k.Name, err)
	}
	// The host program runs once, on the whole grid's values; a launch's
	// ranges see the slab's size.
	init := k.HostInit(sizes, j.Scalars)
	if err := charTests(k, init, j.Chars); err != nil {
		return nil, err
	}
	lvals, err := hostLaunchVals(k, init, arrays)
	if err != nil {
		return nil, err
	}
	if slices.Contains(k.Late(), true) { // Note [late launches] in package abi
		return nil, fmt.Errorf("kernel %q: a launch is sized from a value the device computes, which slabs do not share; run it on one device", k.Name)
	}
	res := &SlabResult{Halo: [2]int{f.sp.Halo.Lo, f.sp.Halo.Hi}, Planes: planes}
	res.Shape = append([]int(nil), arrays[strings.ToLower(k.Arrays()[0].Name)].Shape...)
	first := 0
	if sl.Comm != nil {
		first = sl.Comm.Rank()
	}
	geom := func(idx int, name string) slabGeom {
		return f.geom(starts[idx], planes[idx], strings.ToLower(name))
	}
	var slabs []*slab
	defer func() {
		for _, s := range slabs {
			s.release()
		}
	}()
	for i, ctx := range sl.Contexts {
		idx := first + i
		subSizes, scalars := f.slabSizes(sizes, j.Scalars, planes[idx])
		sub := map[string]*npy.Array{}
		for name, a := range arrays {
			if g := geom(idx, name); g.whole {
				sub[name] = a
			} else {
				sub[name] = cutPlanes(a, g.d, g.d+g.held)
			}
		}
		vals := make([]map[string]int, len(lvals))
		for li, v := range lvals {
			vals[li] = map[string]int{}
			for n, x := range v {
				vals[li][n] = x
			}
			vals[li][f.size] = subSizes[f.size]
		}
		r, release, err := newSlabRun(ctx, &j, sub, subSizes, vals)
		if err != nil {
			return nil, fmt.Errorf("slab %d: %v", idx, err)
		}
		r.init = init
		slabs = append(slabs, &slab{index: idx, r: r, m: planes[idx], scalars: scalars, size: subSizes[f.size], release: release})
		if i == 0 {
			res.Global, res.Local = r.launches[0].global, r.launches[0].local
			res.BuildLog, res.Cached = r.prog.Log(), r.prog.FromCache()
		}
	}
	x := &exchanger{k: k, slabs: slabs, comm: sl.Comm, count: count, planes: planes, geom: geom}
	sr := &slabRun{j: &j, sl: sl, x: x, res: res, arrays: arrays, starts: starts, planes: planes, split: f.sp, splitSize: f.size, frame: f, dirty: map[string]bool{}}
	if err := sr.run(); err != nil {
		return nil, err
	}
	return res, nil
}

// freshHalos exchanges, before launch li of a split loop kernel, the
// halos of the cut arrays it reads at an offset that launches have
// written since their last exchange.
func (s *slabRun) freshHalos(li int) error {
	if s.split == nil {
		return nil
	}
	if li >= len(s.split.Launches) {
		return fmt.Errorf("internal error: runner: launch %d of a split kernel has no split record", li)
	}
	sp := s.split.Launches[li]
	var stale []string // exchanged together: one wait for the devices
	for _, name := range sp.Reads {
		name = strings.ToLower(name)
		if s.dirty[name] {
			stale = append(stale, name)
		}
	}
	if len(stale) > 0 {
		if err := s.x.exchange(stale); err != nil {
			return err
		}
	}
	for _, name := range stale {
		s.dirty[name] = false
	}
	for _, name := range sp.Writes {
		s.dirty[strings.ToLower(name)] = true
	}
	return nil
}

// program runs a split loop kernel's host program once, on the whole
// grid's values (Kernel.Run): each launch on every slab, the halos it
// reads exchanged first, and after a fold the slabs' partials folded
// together. Only the root writes the program's records.
func (s *slabRun) program() error {
	x := s.x
	var write func(int, string) error
	if x.comm == nil || x.comm.Rank() == 0 {
		write = s.j.write
	}
	elem := func(array string, _ abi.Kind, _ int) (int, error) {
		return 0, fmt.Errorf("internal error: runner: kernel %q reads an element of %s on the host, which slabs do not hold whole", x.k.Name, array)
	}
	return x.k.Run(x.slabs[0].r.init, abi.Host{Read: x.slabs[0].r.readWord, Elem: elem, Write: write,
		Launch: func(li int, vals map[string]int) error { return s.launchAll(li, vals) }})
}

// launchAll queues launch li on every slab with the host's values vals,
// each with its own split size.
func (s *slabRun) launchAll(li int, vals map[string]int) error {
	x := s.x
	if err := s.freshHalos(li); err != nil {
		return err
	}
	own := make(map[string]int, len(vals))
	for n, v := range vals {
		own[n] = v
	}
	var fixed string
	if li < len(s.split.Launches) {
		fixed = s.split.Launches[li].Fixed
	}
	for _, sb := range x.slabs {
		if sb.r.canceled() {
			return ErrCanceled
		}
		if !runsFixed(fixed, sb.index, x.count) {
			continue
		}
		own[s.splitSize] = sb.size
		l := sb.r.launches[li]
		args, err := launchArgs(x.k, l.l, sb.scalars, own, sb.r.groups, sb.r.bufs)
		if err == nil {
			var ev *clhost.Event
			if ev, err = sb.r.ctx.LaunchWith(sb.r.kerns[li], l.global, l.local, args...); err == nil {
				ev.Release()
				err = sb.r.ctx.Flush() // submitted before the host waits for another slab
			}
		}
		if err != nil {
			return fmt.Errorf("slab %d: %v", sb.index, err)
		}
	}
	if x.count > 1 && isFold(x.slabs[0].r.launches[li].l) {
		return s.timed(func() error { return x.fold(li, true) })
	}
	return nil
}

// runsFixed reports whether slab idx of count runs a launch whose nest
// works on fixed planes (abi.SplitLaunch.Fixed: the first slab, the last,
// or both; every slab when not fixed).
func runsFixed(fixed string, idx, count int) bool {
	switch fixed {
	case abi.FixedLow:
		return idx == 0
	case abi.FixedHigh:
		return idx == count-1
	case abi.FixedBoth:
		return idx == 0 || idx == count-1
	}
	return true
}

// allgatherv gathers every rank's bytes, of any length, in rank order.
func allgatherv(c Comm, mine []byte) ([]byte, error) {
	n := c.Size()
	lens := make([]byte, 8*n)
	own := make([]byte, 8)
	binary.LittleEndian.PutUint64(own, uint64(len(mine)))
	if err := c.Allgather(own, lens); err != nil {
		return nil, err
	}
	most := 0
	for r := 0; r < n; r++ {
		most = max(most, int(binary.LittleEndian.Uint64(lens[8*r:])))
	}
	padded := make([]byte, most)
	copy(padded, mine)
	every := make([]byte, most*n)
	if err := c.Allgather(padded, every); err != nil {
		return nil, err
	}
	var out []byte
	for r := 0; r < n; r++ {
		out = append(out, every[r*most:r*most+int(binary.LittleEndian.Uint64(lens[8*r:]))]...)
	}
	return out, nil
}
