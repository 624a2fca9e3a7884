package runner

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
	"unsafe"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/npy"
)

// See Note [slabs].
//
// Note [slabs]
//
// A region kernel is translation invariant: each output element depends
// on inputs at constant shifts, so the same kernel run on a slab of the
// grid (the slab plus the halo planes it reads) computes that slab's
// interior exactly as on the whole grid, and no new code is generated.
// CheckSlabs (slabrule.go) states what RunSlabs relies on as a positive
// rule, and every kernel without it (loop kernels that codegen's
// abi.Split refuses, among others) is refused before anything is
// allocated. maxloc and minloc fold every slab's (value, index) partials
// with the indices offset to the whole grid's frame (slabloc.go). A loop
// kernel is translation invariant along its split index when abi.Split
// says so; it runs with the split size cut to each slab (slabloops.go).
// RunSlabs splits the grid along its last dimension (whose planes are
// contiguous in column-major memory) into S slabs, one per device, MPI
// rank, or clhost.Context on one device. The halo widths are read from the
// ABI: along the last dimension a launch covers n - shrink positions from
// Origin (shrink = -Global.Positions.Const), so it writes
// [Origin, n - (shrink - Origin)) and reads at most Origin planes below
// and shrink - Origin above; the slab halo is the largest of those over
// the kernel's grid launches.
//
// The interior planes [lo, N-hi) are shared out in proportion to the
// slabs' weights; slab s owns [a, a+m) and holds [a-lo, a+m+hi). The
// first slab also owns the boundary planes below the interior and the
// last those above, so that what the kernel does (or does not) write there
// is what a one-device run leaves. After each step the edge planes of
// every swapped output go to the neighbours' halos (the exchange: host
// reads and writes of whole planes), then the pairs swap, as Job.Steps
// does on one device. Results are bit-identical to the one-device run.
//
// Reductions: a fold launch (one with a work-group count argument) turns a
// launch's partials into one value in scratch. With several slabs each
// slab's value is gathered, in slab order, and the kernel's own fold
// launch folds them (so sum, product, min, max, count, any and all combine
// with the operator the kernel uses, in a fixed order), and the value is
// written back to every slab before the launches that read it. The ABI
// gives each reduction's window (abi.Reduction.Window); SlabHalo widens
// the halo to every window along the last dimension, and checkReductions
// (slabrule.go) accepts a sum, product or count only when its window is
// the slab halo (each slab then folds its own planes, every plane once)
// and maxval, minval, any and all when theirs lies within it (planes two
// slabs share count twice, harmlessly); any other kernel is refused. Sums
// combine per-slab partial sums, so they can differ from one device's in
// the last bits; min and max cannot.
//
// A loop kernel's slabs exchange a cut array's halos before a launch that
// reads it at an offset along the split, when a launch has written it
// since (and each array its own halo widths); its host program runs once
// on the whole grid's values, each launch on every slab; its reductions
// fold all the slabs' partials at once, and since the slabs hold whole
// work-groups of the reducing launches, those partials in slab order are
// the one device's, and so is the value, bit for bit (slabloops.go).
//
// The exchange of region kernels overlaps the interior computation where
// it can (Note [overlap]): the planes the neighbours need are computed
// first, on their own, and sent while the rest of the slab is computed.

// Comm is what RunSlabs needs of a communicator between processes (MPI
// ranks), one slab per rank; runner does not depend on an MPI library.
type Comm interface {
	Rank() int
	Size() int
	// Exchange sends sendHigh to rank+1 and sendLow to rank-1, and
	// receives recvLow from rank-1 and recvHigh from rank+1. Slices for a
	// missing neighbour are nil.
	Exchange(sendLow, sendHigh, recvLow, recvHigh []byte) error
	// Allgather gathers every rank's send (all of one length) into recv,
	// in rank order.
	Allgather(send, recv []byte) error
	Send(to int, b []byte) error
	Recv(from int, b []byte) error
}

// Slabs says how RunSlabs splits a job.
type Slabs struct {
	// Contexts run the slabs this process holds: one per slab without
	// Comm (the same device may appear several times), exactly one with.
	Contexts []*clhost.Context
	// Comm, when set, holds the other slabs: one per rank, this process's
	// is slab Comm.Rank().
	Comm Comm
	// Weights are the slabs' relative speeds (all of them, in slab order);
	// nil shares the planes equally. See Balance.
	Weights []float64
	// Halo, when larger than the kernel's, is the halo width (low, high)
	// along the last dimension; see Note [slabs] for reductions.
	Halo [2]int
	// Before, when set, runs on every slab before each step's launches,
	// with that slab's current buffers (by lower-case parameter name) and
	// shape. Halos are exchanged after it, so a boundary condition that
	// writes every edge of its grid (the shallow-water example's walls)
	// is right on the whole grid: at a slab's inner edge the neighbour's
	// planes replace what it wrote.
	Before func(ctx *clhost.Context, bufs map[string]*clhost.Buffer, shape []int) error
	// BeforeKeepsHalos says that what Before writes into a slab's halo
	// planes at its inner edges is never read by the kernel where it
	// differs from what the neighbour holds there before its own Before
	// (the shallow-water walls: the halo planes' ghost columns, which
	// the kernel does not read). The exchange may then overlap the
	// interior (Note [overlap]): after Before, those halo planes get the
	// neighbours' planes as the step before left them.
	BeforeKeepsHalos bool
	// NoOverlap exchanges halos after each step even where the exchange
	// could overlap the interior (overlap.go), to measure what it hides.
	NoOverlap bool
}

// SlabResult is what RunSlabs produced: outputs are whole-grid arrays
// (with Comm, on rank 0 only; the other ranks' Outputs are nil).
type SlabResult struct {
	Result
	// Halo is the halo width (low, high) along the last dimension; Planes
	// the interior planes of each slab.
	Halo   [2]int
	Planes []int
	// Exchange is the time spent on halo exchanges, summed over steps:
	// on the devices, from the first read of a slab's edge planes to the
	// last write into its halos (Note [overlap]), averaged over this
	// process's slabs; plus the host's time combining reductions. Hidden
	// is the part of it that ran while the devices computed the slabs'
	// interiors (zero without Overlapped).
	Exchange, Hidden time.Duration
	Overlapped       bool
	// Combines counts the reductions folded across slabs (each a wait for
	// the devices): every step's where later launches may carry the value
	// into arrays, else the last step's only.
	Combines int
}

// slab is one slab held by this process.
type slab struct {
	index   int // the slab's place, 0..S-1
	r       *run
	n       int // planes held, halos included (region kernels)
	m       int // planes owned
	scalars map[string]float64
	size    int // a split loop kernel's split size on the slab
	release func()
}

// SlabHalo returns the halo width (low, high) that slabs of k need along
// its last dimension, read from the launches and widened to the windows
// of its reductions (see Note [slabs]).
func SlabHalo(k *abi.Kernel) (lo, hi int, err error) {
	rank := k.Rank
	if rank == 0 {
		return 0, 0, nil
	}
	// A reduction folds its window's planes: with them as the halo each
	// slab folds the planes it owns (checkReductions).
	for _, r := range k.Reductions {
		if len(r.Window) == rank {
			w := r.Window[rank-1]
			lo, hi = max(lo, w.Lo), max(hi, w.Hi)
		}
	}
	last := lastSize(k)
	for _, l := range k.Launches {
		if len(l.Global) != rank || len(l.Origin) != rank {
			continue // a fold or a single work-item: no grid positions
		}
		pos := l.Global[rank-1].Positions
		if len(pos.Terms) != 1 || pos.Terms[0].Size != last || pos.Terms[0].Coef != 1 {
			continue
		}
		shrink := -pos.Const
		o := l.Origin[rank-1]
		if o < 0 || shrink < o {
			return 0, 0, fmt.Errorf("internal error: kernel %q: launch %q writes from %d with shrink %d along the last dimension", k.Name, l.Symbol, o, shrink)
		}
		lo, hi = max(lo, o), max(hi, shrink-o)
	}
	return lo, hi, nil
}

// lastSize is the size name of the last extent of k's arrays.
func lastSize(k *abi.Kernel) string {
	arrays := k.Arrays()
	if len(arrays) == 0 || len(arrays[0].Shape) == 0 {
		return ""
	}
	ext := arrays[0].Shape[len(arrays[0].Shape)-1]
	if len(ext.Terms) != 1 {
		return ""
	}
	return ext.Terms[0].Size
}

// Partition shares the interior planes [lo, n-hi) among len(weights)
// slabs in proportion to the weights (equal when nil: pass count), each
// at least max(lo, hi, 1) planes so that a slab's halo comes from its
// neighbours alone. It returns each slab's first interior plane and
// count.
func Partition(n, lo, hi, count int, weights []float64) (starts, planes []int, err error) {
	s := count
	if weights != nil {
		s = len(weights)
	}
	least := max(lo, hi, 1)
	interior := n - lo - hi
	if s < 1 {
		return nil, nil, errors.New("no slabs to run on")
	}
	// Checked before anything is allocated for the slabs (a count such as
	// 99999999999 must not allocate a weight each).
	if interior < 0 || s > interior/least {
		return nil, nil, fmt.Errorf("a grid of %d planes along its last dimension (halos %d and %d) is too small for %d slabs: each needs at least %d interior planes; use at most %d slabs or a larger grid", n, lo, hi, s, least, max(interior/least, 1))
	}
	if weights == nil {
		weights = make([]float64, s)
		for i := range weights {
			weights[i] = 1
		}
	}
	total := 0.0
	for i, w := range weights {
		if !(w > 0) {
			return nil, nil, fmt.Errorf("slab %d has weight %v; weights must be positive", i, w)
		}
		total += w
	}
	planes = make([]int, s)
	given := 0
	for i, w := range weights {
		planes[i] = max(least, int(float64(interior)*w/total))
		given += planes[i]
	}
	// Hand out what rounding left, or take back what the minimum added,
	// one plane at a time from the largest slab.
	for given < interior {
		planes[argExtreme(planes, weights, false, 0)]++
		given++
	}
	for given > interior {
		i := argExtreme(planes, weights, true, least)
		if planes[i] <= least {
			return nil, nil, fmt.Errorf("internal error: cannot share %d planes among %d slabs", interior, s)
		}
		planes[i]--
		given--
	}
	starts = make([]int, s)
	at := lo
	for i := range planes {
		starts[i] = at
		at += planes[i]
	}
	return starts, planes, nil
}

// argExtreme returns the slab with the most planes per weight (largest)
// among those above least planes, or the fewest (not largest); the first
// on ties.
func argExtreme(planes []int, weights []float64, largest bool, least int) int {
	best := -1
	for i := range planes {
		if largest && planes[i] <= least {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		a, b := float64(planes[i])/weights[i], float64(planes[best])/weights[best]
		if (largest && a > b) || (!largest && a < b) {
			best = i
		}
	}
	return max(best, 0)
}

// RunSlabs runs j split into slabs along the grid's last dimension (see
// Note [slabs]): every slab with its own buffers on its context, halos
// exchanged between steps. j.Steps == 0 runs one step; j.Repeat is not
// supported. The outputs are bit-identical to Run's on one device.
func RunSlabs(j Job, sl Slabs) (*SlabResult, error) {
	count, err := checkSlabJob(j, sl)
	if err != nil {
		return nil, err
	}
	arrays, sizes, err := Prepare(&j)
	if err != nil {
		return nil, err
	}
	k := j.Kernel
	if err := CheckSwaps(k, j.Swap); err != nil {
		return nil, err
	}
	swapStarts(&j, arrays)
	if sl.Weights != nil && len(sl.Weights) != count {
		return nil, fmt.Errorf("%d weights for %d slabs", len(sl.Weights), count)
	}
	if k.Split != nil {
		return runLoopSlabs(j, sl, count, arrays, sizes)
	}
	lo, hi, err := SlabHalo(k)
	if err != nil {
		return nil, err
	}
	lo, hi = max(lo, sl.Halo[0]), max(hi, sl.Halo[1])
	first := 0
	if sl.Comm != nil {
		first = sl.Comm.Rank()
	}
	// Every array viewed as planes of the last dimension.
	grid := planesOf(k, arrays)
	starts, planes, err := Partition(grid.n, lo, hi, count, sl.Weights)
	if err != nil {
		return nil, fmt.Errorf("kernel %q: %v", k.Name, err)
	}
	res := &SlabResult{Halo: [2]int{lo, hi}, Planes: planes}
	res.Shape = append([]int(nil), grid.shape...)
	var slabs []*slab
	defer func() {
		for _, s := range slabs {
			s.release()
		}
	}()
	for i, ctx := range sl.Contexts {
		idx := first + i
		s, err := openSlab(ctx, &j, idx, arrays, sizes, grid, starts[idx]-lo, starts[idx]+planes[idx]+hi)
		if err != nil {
			return nil, err
		}
		s.m = planes[idx]
		slabs = append(slabs, s)
		if i == 0 {
			res.Global, res.Local = s.r.launches[0].global, s.r.launches[0].local
			res.BuildLog, res.Cached = s.r.prog.Log(), s.r.prog.FromCache()
		}
	}
	x := &exchanger{k: k, slabs: slabs, comm: sl.Comm, count: count, lo: lo, hi: hi, plane: grid.planeBytes, planes: planes}
	x.geom = func(idx int, _ string) slabGeom {
		return slabGeom{d: starts[idx] - lo, own: lo, lo: lo, hi: hi, held: lo + planes[idx] + hi}
	}
	sr := &slabRun{j: &j, sl: sl, x: x, res: res, arrays: arrays, grid: grid, starts: starts, planes: planes}
	if err := sr.run(); err != nil {
		return nil, err
	}
	return res, nil
}

// checkSlabJob checks, before anything is allocated, that j can run as
// slabs on sl: the contexts, the kernel, the ranks' arguments, the grid
// against the count. It returns the number of slabs.
func checkSlabJob(j Job, sl Slabs) (int, error) {
	if len(sl.Contexts) == 0 {
		return 0, errors.New("no OpenCL context to run slabs on")
	}
	if sl.Comm != nil && len(sl.Contexts) != 1 {
		return 0, fmt.Errorf("with a communicator each rank runs one slab, not %d", len(sl.Contexts))
	}
	if j.Repeat > 0 {
		return 0, errors.New("--repeat times one device; slabs are timed with --steps")
	}
	if err := CheckSlabs(j.Kernel, sl.Halo); err != nil {
		return 0, err
	}
	if err := SameArgs(j, sl); err != nil {
		return 0, err
	}
	count := len(sl.Contexts)
	if sl.Comm != nil {
		count = sl.Comm.Size()
	}
	if err := PlanSlabs(j, count, sl.Halo); err != nil {
		return 0, err
	}
	return count, nil
}

// openSlab sets slab idx up on ctx: planes from..to of every array (halos
// included), with the last size cut to match.
func openSlab(ctx *clhost.Context, j *Job, idx int, arrays map[string]*npy.Array, sizes map[string]int, grid planeView, from, to int) (*slab, error) {
	k := j.Kernel
	sub := map[string]*npy.Array{}
	for name, a := range arrays {
		sub[name] = grid.cut(a, from, to)
	}
	subSizes := map[string]int{}
	for n, v := range sizes {
		subSizes[n] = v
	}
	subSizes[lastSize(k)] = sizes[lastSize(k)] - grid.n + (to - from)
	r, release, err := newSlabRun(ctx, j, sub, subSizes, nil)
	if err != nil {
		return nil, fmt.Errorf("slab %d: %v", idx, err)
	}
	return &slab{index: idx, r: r, n: to - from, scalars: j.Scalars, release: release}, nil
}

// slabRun is RunSlabs's state once its slabs are set up.
type slabRun struct {
	j      *Job
	sl     Slabs
	x      *exchanger
	ov     *overlap // nil when the exchange does not overlap the interior
	res    *SlabResult
	arrays map[string]*npy.Array // the whole grid's, as given
	grid   planeView
	// starts and planes are the slabs' first interior planes and counts.
	starts, planes []int
	// split, for a loop kernel, says which arrays each launch reads at an
	// offset along the split; dirty holds the buffers written since their
	// halos were last exchanged (slabloops.go).
	split     *abi.Split
	splitSize string
	frame     *loopFrame
	dirty     map[string]bool
	// final is set on the steps whose results are read: the last, and
	// those with a snapshot.
	final bool
}

// overlapOn reports whether the exchange may overlap the interior, from
// the environment variable FOROCL_OVERLAP: every value but 0 lets it.
// (Runs on NVIDIA's OpenCL exchanged after each step while the parts ran
// on sub-buffers, which its driver 580.159 crashed freeing; the parts
// now launch at global work offsets, Note [overlap].)
func overlapOn(env string) bool { return env != "0" }

// startTogether waits until every local slab's uploads are done and,
// over MPI, until every rank is there (an Allgather of one byte), so that
// the steps are timed from one start on every rank: a rank still
// uploading its slab would otherwise hold its neighbours' first exchange,
// and they would count that wait as exchange time.
func (x *exchanger) startTogether() error {
	for _, sb := range x.slabs {
		if err := sb.r.ctx.Finish(); err != nil {
			return fmt.Errorf("slab %d: %v", sb.index, err)
		}
	}
	if x.comm == nil {
		return nil
	}
	return x.comm.Allgather([]byte{1}, make([]byte, x.comm.Size()))
}

// run runs the steps, waits for every slab, and gathers the outputs and
// the timings into s.res.
func (s *slabRun) run() error {
	j, sl, x := s.j, s.sl, s.x
	steps := max(j.Steps, 1)
	overlap := !sl.NoOverlap && overlapOn(os.Getenv("FOROCL_OVERLAP"))
	if (sl.Before == nil || sl.BeforeKeepsHalos) && overlap && steps > 1 && s.split == nil {
		s.ov = newOverlap(x, j, x.slabs)
	} else if sl.Before == nil && overlap && steps > 1 && s.frame != nil {
		s.ov = newLoopOverlap(x, j, s.frame, x.slabs)
	}
	if s.ov != nil && sl.Before != nil {
		if err := s.ov.keepHalos(s.before); err != nil {
			return err
		}
	}
	s.res.Overlapped = s.ov != nil
	defer s.ov.release()
	defer x.releaseStages()
	if err := x.startTogether(); err != nil {
		return err
	}
	start := time.Now()
	for step := 1; step <= steps; step++ {
		if err := s.step(step, steps); err != nil {
			return err
		}
	}
	for _, sb := range x.slabs {
		if err := sb.r.ctx.Finish(); err != nil {
			return fmt.Errorf("slab %d: %v", sb.index, err)
		}
		// --check-bounds: a subscript out of bounds on any slab.
		if err := sb.r.checkBounds(); err != nil {
			return fmt.Errorf("slab %d: %v", sb.index, err)
		}
	}
	s.res.Elapsed = time.Since(start)
	if err := x.settle(); err != nil {
		return err
	}
	s.res.Exchange += x.spans
	if s.ov != nil {
		if err := s.ov.account(); err != nil {
			return err
		}
		s.res.Exchange += s.ov.spans
		s.res.Hidden = s.ov.hidden
	}
	out, err := x.gather(s.arrays)
	if err != nil {
		return err
	}
	s.res.Outputs = out
	for _, a := range s.arrays {
		s.res.Bytes += int64(len(bytesOf(a)))
	}
	return nil
}

// step runs step number step of steps on every slab: Before and its
// exchange, the launches with the reductions' combines, the overlapped
// exchange, a snapshot, and the exchange and swaps before the next step.
func (s *slabRun) step(step, steps int) error {
	j, sl, x, ov := s.j, s.sl, s.x, s.ov
	s.final = step == steps || j.Every > 0 && step%j.Every == 0 && j.Snapshot != nil
	if sl.Before != nil && ov == nil {
		for _, sb := range x.slabs {
			if err := s.before(sb); err != nil {
				return err
			}
		}
		if s.split != nil {
			for _, a := range s.split.Arrays {
				s.dirty[strings.ToLower(a.Name)] = true
			}
		} else if err := x.exchange(inputs(j.Swap)); err != nil {
			return err
		}
	}
	if ov != nil {
		if err := ov.launch(step < steps); err != nil {
			return err
		}
		if step < steps {
			if err := ov.finish(); err != nil {
				return err
			}
		}
	} else if err := s.launches(); err != nil {
		return err
	}
	if j.Every > 0 && step%j.Every == 0 && j.Snapshot != nil {
		out, err := x.gather(s.arrays)
		if err != nil {
			return err
		}
		if out != nil {
			if err := j.Snapshot(step, out); err != nil {
				return err
			}
		}
	}
	if j.Progress != nil {
		j.Progress(step)
	}
	if step < steps {
		if sl.Before == nil && ov == nil && s.split == nil {
			if err := x.exchange(outputs(j.Swap)); err != nil {
				return err
			}
		}
		for _, sb := range x.slabs {
			for _, p := range j.Swap {
				sb.r.bufs[p.In], sb.r.bufs[p.Out] = sb.r.bufs[p.Out], sb.r.bufs[p.In]
			}
		}
		for _, p := range j.Swap {
			if s.dirty != nil {
				s.dirty[p.In], s.dirty[p.Out] = s.dirty[p.Out], s.dirty[p.In]
			}
		}
	}
	return nil
}

// before runs Slabs.Before on slab sb.
func (s *slabRun) before(sb *slab) error {
	if err := s.sl.Before(sb.r.ctx, sb.r.bufs, sb.r.arrays[strings.ToLower(s.x.k.Arrays()[0].Name)].Shape); err != nil {
		return fmt.Errorf("slab %d: %v", sb.index, err)
	}
	return nil
}

// launches queues each launch on every slab in turn, combining a fold's
// partials across the slabs after it: on every step when the value may
// reach the arrays (valueUsed), else only where the results are read
// (s.final), with no wait for the devices on the steps between.
func (s *slabRun) launches() error {
	if s.split != nil {
		return s.program()
	}
	x := s.x
	slabs := x.slabs
	for li := range slabs[0].r.launches {
		if err := s.freshHalos(li); err != nil {
			return err
		}
		for _, sb := range slabs {
			if sb.r.canceled() {
				return ErrCanceled
			}
			if err := sb.r.launchOne(sb.scalars, li); err != nil {
				return fmt.Errorf("slab %d: %v", sb.index, err)
			}
			// Submitted now: the host may next wait for another slab.
			if err := sb.r.ctx.Flush(); err != nil {
				return fmt.Errorf("slab %d: %v", sb.index, err)
			}
		}
		if x.count > 1 && isFold(slabs[0].r.launches[li].l) {
			if !s.final && !x.valueUsed(li) {
				continue // combined on the step whose results are read
			}
			s.res.Combines++
			combine := x.combine
			if foldsPositions(slabs[0].r.launches[li].l) {
				combine = x.combineLoc
			}
			if err := s.timed(func() error { return combine(li) }); err != nil {
				return err
			}
		}
	}
	return nil
}

// valueUsed reports whether the value of fold launch li may reach the
// kernel's arrays: a later launch takes it and something it could write
// other than the kernel's results and reduction values (an output array,
// partials, another scratch buffer). Otherwise the value, combined across
// slabs or not, reaches only the results, which are read after the last
// step.
func (x *exchanger) valueUsed(li int) bool {
	_, red, err := x.foldBuffers(li)
	if err != nil {
		return true
	}
	values := map[string]bool{}
	for l, launch := range x.k.Launches {
		if isFold(launch) {
			if _, r, err := x.foldBuffers(l); err == nil {
				values[r.Name] = true
			}
		}
	}
	for _, l := range x.k.Launches[li+1:] {
		reads, writes := false, false
		for i, a := range l.Args {
			switch a.Kind {
			case abi.ScratchArg:
				if i == 0 && isFold(l) {
					continue // the partials a fold reads
				}
				if a.Name == red.Name {
					reads = true
				} else if !values[a.Name] {
					writes = true
				}
			case abi.ParamArg:
				if p := x.k.Param(a.Name); p != nil && p.Output() && !p.Result() {
					writes = true
				}
			}
		}
		if reads && writes {
			return true
		}
	}
	return false
}

// timed runs f, adding its time to the result's exchange time when it
// succeeds.
func (s *slabRun) timed(f func() error) error {
	t := time.Now()
	if err := f(); err != nil {
		return err
	}
	s.res.Exchange += time.Since(t)
	return nil
}

// isFold reports whether l folds partials into one value: it takes a
// work-group count.
func isFold(l *abi.Launch) bool {
	for _, a := range l.Args {
		if a.Kind == abi.GroupsArg {
			return true
		}
	}
	return false
}

// foldsPositions reports whether fold launch l gives maxloc's or minloc's
// positions (codegen marks its launch "fold-loc").
func foldsPositions(l *abi.Launch) bool {
	return isFold(l) && l.Strategy == "fold-loc"
}

// planeView views a kernel's arrays as planes of their last dimension: n
// planes of planeBytes bytes per element size.
type planeView struct {
	shape      []int // the grid shape
	n          int   // planes
	per        int   // elements per plane
	planeBytes func(a *npy.Array) int
}

func planesOf(k *abi.Kernel, arrays map[string]*npy.Array) planeView {
	shape := arrays[strings.ToLower(k.Arrays()[0].Name)].Shape
	p := planeView{shape: shape, per: 1}
	p.n = shape[len(shape)-1]
	for _, s := range shape[:len(shape)-1] {
		p.per *= s
	}
	per := p.per
	p.planeBytes = func(a *npy.Array) int { return per * int(elemBytes(a.DType)) }
	return p
}

// cut returns planes [from, to) of a as an array of the slab's shape.
func (g planeView) cut(a *npy.Array, from, to int) *npy.Array { return cutPlanes(a, from, to) }

// bytesOf is the memory of a's values.
func bytesOf(a *npy.Array) []byte {
	switch {
	case len(a.F32) > 0:
		return unsafe.Slice((*byte)(unsafe.Pointer(&a.F32[0])), 4*len(a.F32))
	case len(a.F64) > 0:
		return unsafe.Slice((*byte)(unsafe.Pointer(&a.F64[0])), 8*len(a.F64))
	case len(a.I32) > 0:
		return unsafe.Slice((*byte)(unsafe.Pointer(&a.I32[0])), 4*len(a.I32))
	case len(a.I64) > 0:
		return unsafe.Slice((*byte)(unsafe.Pointer(&a.I64[0])), 8*len(a.I64))
	}
	return nil
}

// exchanger moves halo planes and reduction values between slabs.
type exchanger struct {
	k      *abi.Kernel
	slabs  []*slab
	comm   Comm
	count  int
	lo, hi int
	plane  func(a *npy.Array) int
	// planes are the slabs' owned planes; geom says where slab idx holds
	// an array.
	planes []int
	geom   func(idx int, name string) slabGeom
	// stages are the exchange's host memory, copies its copies in flight
	// by slab, and spans their time on the devices (halo.go).
	stages map[stageKey]*stage
	copies map[int]*record
	spans  time.Duration
}

// slabGeom is where a slab holds one array along its last dimension: its
// local plane 0 is the whole array's plane d; it owns the local planes
// from own (as many as the slab's planes), exchanges lo planes below them
// and hi above, and holds held planes. A whole array is not cut.
type slabGeom struct {
	d, own, lo, hi, held int
	whole                bool
}

func inputs(swaps []Swap) []string {
	var out []string
	for _, s := range swaps {
		out = append(out, s.In)
	}
	return out
}

func outputs(swaps []Swap) []string {
	var out []string
	for _, s := range swaps {
		out = append(out, s.Out)
	}
	return out
}

// combine folds the slabs' values of fold launch li in slab order with
// the fold itself and writes the value back to every slab.
func (x *exchanger) combine(li int) error { return x.fold(li, false) }

// fold folds, in slab order, with fold launch li and writes the value
// back to every slab: with partials every slab's partials (slabs of whole
// work-groups, foldUnit, hold in that order the one device's partials, so
// the value is the one device's bit for bit), otherwise every slab's
// folded value. Across ranks, each rank's slabs follow the rank before's.
func (x *exchanger) fold(li int, partials bool) error {
	part, red, err := x.foldBuffers(li)
	if err != nil {
		return err
	}
	from := red
	if partials {
		from = part
	}
	size := from.Kind.Bytes()
	var mine []byte
	for _, s := range x.slabs {
		n := 1
		if partials {
			n = s.r.groups[part.Groups]
		}
		b := make([]byte, n*size)
		if err := s.r.ctx.ReadBytesAt(s.r.bufs[scratchKey+from.Name], 0, b); err != nil {
			return fmt.Errorf("slab %d: %v", s.index, err)
		}
		mine = append(mine, b...)
	}
	all := mine
	switch {
	case x.comm != nil && partials: // of any length
		all, err = allgatherv(x.comm, mine)
	case x.comm != nil: // one value per rank's slab, the same length everywhere
		all = make([]byte, len(mine)*x.comm.Size())
		err = x.comm.Allgather(mine, all)
	}
	if err != nil {
		return fmt.Errorf("combining reductions: %v", err)
	}
	return x.foldAll(li, part, red, all, len(all)/size)
}

// foldBuffers returns the partials and the value of fold launch li.
func (x *exchanger) foldBuffers(li int) (part, red *abi.Buffer, err error) {
	l := x.slabs[0].r.launches[li].l
	// A fold launch takes the partials, their count and the value it
	// writes, in that order (codegen's foldKernel); arguments after them
	// belong to the scalar statements it may run after the fold.
	if len(l.Args) >= 3 && l.Args[1].Kind == abi.GroupsArg {
		for bi := range x.k.Scratch {
			switch b := &x.k.Scratch[bi]; b.Name {
			case l.Args[0].Name:
				part = b
			case l.Args[2].Name:
				red = b
			}
		}
	}
	if part == nil || red == nil {
		return nil, nil, fmt.Errorf("internal error: fold launch %q has no partials or no value", l.Symbol)
	}
	return part, red, nil
}

// foldAll folds the n values all (partials or the slabs' values, in slab
// order) with fold launch li on the first slab's device, and writes the
// value to every slab's buffer red.
func (x *exchanger) foldAll(li int, part, red *abi.Buffer, all []byte, n int) error {
	l := x.slabs[0].r.launches[li].l
	size := red.Kind.Bytes()
	s0 := x.slabs[0].r
	parts, err := s0.ctx.NewBuffer(int64(len(all)))
	if err != nil {
		return err
	}
	defer parts.Release()
	val, err := s0.ctx.NewBuffer(int64(size))
	if err != nil {
		return err
	}
	defer val.Release()
	if err := s0.ctx.WriteBytes(parts, all); err != nil {
		return err
	}
	bufs := map[string]*clhost.Buffer{}
	for k, v := range s0.bufs {
		bufs[k] = v
	}
	bufs[scratchKey+part.Name], bufs[scratchKey+red.Name] = parts, val
	groups := map[string]int{}
	for k, v := range s0.groups {
		groups[k] = v
	}
	for _, a := range l.Args {
		if a.Kind == abi.GroupsArg {
			groups[a.Name] = n
		}
	}
	args, err := launchArgs(x.k, l, nil, s0.sizes, groups, bufs)
	if err != nil {
		return err
	}
	ev, err := s0.ctx.LaunchWith(s0.kerns[li], s0.launches[li].global, s0.launches[li].local, args...)
	if err != nil {
		return err
	}
	ev.Release()
	v := make([]byte, size)
	if err := s0.ctx.ReadBytes(val, v); err != nil {
		return err
	}
	for _, s := range x.slabs {
		if err := s.r.ctx.WriteBytes(s.r.bufs[scratchKey+red.Name], v); err != nil {
			return fmt.Errorf("slab %d: %v", s.index, err)
		}
	}
	return nil
}

// gather assembles the whole-grid outputs from the slabs' owned planes
// (with a communicator, on rank 0: the others return nil). Scalar results
// are the same on every slab once combined: slab 0's are taken.
func (x *exchanger) gather(start map[string]*npy.Array) (map[string]*npy.Array, error) {
	out := map[string]*npy.Array{}
	owned := func(idx int, g slabGeom) (from, to int) { // local planes a slab owns
		from, to = g.own, g.own+x.planes[idx]
		if idx == 0 {
			from = 0
		}
		if idx == x.count-1 {
			to = g.held
		}
		return from, to
	}
	root := x.comm == nil || x.comm.Rank() == 0
	for _, p := range x.k.Outputs() {
		name := strings.ToLower(p.Name)
		if p.Result() {
			a := Zeros(KindDType(p.Kind), p.ResultShape())
			if err := read(x.slabs[0].r.ctx, x.slabs[0].r.bufs[name], a); err != nil {
				return nil, err
			}
			out[name] = a
			continue
		}
		var whole *npy.Array
		if root {
			whole = Zeros(start[name].DType, start[name].Shape)
		}
		pb := planeBytes(start[name])
		for _, s := range x.slabs {
			g := x.geom(s.index, name)
			from, to := owned(s.index, g)
			buf := make([]byte, (to-from)*pb)
			if err := s.r.ctx.ReadBytesAt(s.r.bufs[name], int64(from*pb), buf); err != nil {
				return nil, fmt.Errorf("slab %d: %v", s.index, err)
			}
			at := g.d + from
			if root {
				copy(bytesOf(whole)[at*pb:], buf)
			} else if err := x.comm.Send(0, buf); err != nil {
				return nil, fmt.Errorf("sending %q to rank 0: %v", p.Name, err)
			}
		}
		if x.comm != nil && root {
			for r := 1; r < x.count; r++ {
				g := x.geom(r, name)
				from, to := owned(r, g)
				at := g.d + from
				if err := x.comm.Recv(r, bytesOf(whole)[at*pb:(at+to-from)*pb]); err != nil {
					return nil, fmt.Errorf("receiving %q from rank %d: %v", p.Name, r, err)
				}
			}
		}
		if root {
			out[name] = whole
		}
	}
	if !root {
		return nil, nil
	}
	return out, nil
}

// launchOne queues launch li with the current buffers.
func (r *run) launchOne(scalars map[string]float64, li int) error {
	l := r.launches[li]
	args, err := launchArgs(r.k, l.l, scalars, r.sizes, r.groups, r.bufs)
	if err != nil {
		return err
	}
	ev, err := r.ctx.LaunchWith(r.kerns[li], l.global, l.local, args...)
	if err != nil {
		return err
	}
	ev.Release()
	return nil
}

// newSlabRun builds the program, kernels and buffers of one slab on ctx,
// with the slab's arrays and sizes, as Run does for the whole grid.
func newSlabRun(ctx *clhost.Context, j *Job, arrays map[string]*npy.Array, sizes map[string]int, lvals []map[string]int) (*run, func(), error) {
	k := j.Kernel
	r := &run{ctx: ctx, k: k, bufs: map[string]*clhost.Buffer{}, sizes: sizes, arrays: arrays}
	r.canceled = cancelFunc(j.Cancel)
	release := func() {
		releaseBuffers(r.bufs)
		releaseKernels(r.kerns)
		if r.prog != nil {
			r.prog.Release()
		}
	}
	fail := func(err error) (*run, func(), error) {
		release()
		return nil, nil, err
	}
	for i, l := range k.Launches {
		vals := sizes
		if lvals != nil {
			vals = lvals[i]
		}
		global, local, err := l.NDRange(vals)
		if err != nil {
			return fail(fmt.Errorf("kernel %q: %v", k.Name, err))
		}
		r.launches = append(r.launches, launch{l, global, local})
	}
	dev := ctx.Device()
	var need int64
	for _, a := range arrays {
		need += int64(a.Len()) * elemBytes(a.DType)
	}
	if need > int64(dev.GlobalMem) {
		return fail(fmt.Errorf("the arrays need %s of device memory but %s has %s", human(need), dev.Name, human(int64(dev.GlobalMem))))
	}
	if j.Unit.FP64 && !dev.FP64 {
		return fail(fmt.Errorf("kernel %q uses real(8) but %s has no double precision (cl_khr_fp64); choose another device", k.Name, dev.Name))
	}
	index, err := j.indexType(sizes)
	if err != nil {
		return fail(err)
	}
	prog, err := ctx.BuildProgram(j.Unit.Source, abi.IndexOptions(index))
	if err != nil {
		return fail(err)
	}
	r.prog = prog
	r.kerns = make([]*clhost.Kernel, len(r.launches))
	if err := makeKernels(prog, r.launches, r.kerns); err != nil {
		return fail(err)
	}
	if _, err := arrayBuffers(ctx, arrays, r.bufs); err != nil {
		return fail(err)
	}
	if err := resultBuffers(ctx, k, r.bufs); err != nil {
		return fail(err)
	}
	r.groups = groupCounts(r.launches)
	if err := scratchBuffers(ctx, k, sizes, r.groups, r.bufs, true); err != nil {
		return fail(err)
	}
	return r, release, nil
}

// firstSlab is j on the first of count equal slabs alone, for Balance.
func firstSlab(j Job, arrays map[string]*npy.Array, sizes map[string]int, count int) (Job, error) {
	k := j.Kernel
	sub := j
	sub.Arrays = map[string]*npy.Array{}
	if k.Split != nil {
		shapes := map[string][]int{}
		for name, a := range arrays {
			shapes[name] = a.Shape
		}
		f, err := newLoopFrame(k, sizes, shapes)
		if err != nil {
			return j, err
		}
		unit, err := f.foldUnit(k)
		if err != nil {
			return j, err
		}
		starts, planes, err := f.partition(count, nil, unit)
		if err != nil {
			return j, fmt.Errorf("kernel %q: %v", k.Name, err)
		}
		for name, a := range arrays {
			if g := f.geom(starts[0], planes[0], name); g.whole {
				sub.Arrays[name] = a
			} else {
				sub.Arrays[name] = cutPlanes(a, g.d, g.d+g.held)
			}
		}
		_, sub.Scalars = f.slabSizes(sizes, j.Scalars, planes[0])
		return sub, nil
	}
	lo, hi, err := SlabHalo(k)
	if err != nil {
		return j, err
	}
	g := planesOf(k, arrays)
	starts, planes, err := Partition(g.n, lo, hi, count, nil)
	if err != nil {
		return j, fmt.Errorf("kernel %q: %v", k.Name, err)
	}
	for name, a := range arrays {
		sub.Arrays[name] = g.cut(a, starts[0]-lo, starts[0]+planes[0]+hi)
	}
	return sub, nil
}

// Balance measures how fast each context runs k on one of count equal
// slabs (trial steps after one warm-up step) and returns weights
// proportional to the speeds, for Slabs.Weights (an MPI rank measures its
// own context and gathers the others').
func Balance(j Job, ctxs []*clhost.Context, count, trial int) ([]float64, error) {
	// One slab on its own: the reductions' windows, which depend on the
	// halo the run will have, are not its concern.
	if err := checkKernel(j.Kernel); err != nil {
		return nil, err
	}
	if err := planCount(j, count, [2]int{}); err != nil {
		return nil, err
	}
	arrays, sizes, err := Prepare(&j)
	if err != nil {
		return nil, err
	}
	first, err := firstSlab(j, arrays, sizes, count)
	if err != nil {
		return nil, err
	}
	weights := make([]float64, len(ctxs))
	for i, ctx := range ctxs {
		sub := first
		sub.Steps, sub.Every, sub.Snapshot, sub.Progress, sub.Repeat = 1, 0, nil, nil, 0
		if _, err := Run(ctx, sub); err != nil { // warm-up: the build
			return nil, err
		}
		sub.Steps = max(trial, 1)
		r, err := Run(ctx, sub)
		if err != nil {
			return nil, err
		}
		weights[i] = 1 / max(r.Elapsed.Seconds(), 1e-9)
	}
	return weights, nil
}
