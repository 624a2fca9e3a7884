package runner

import (
	"fmt"
	"strings"
	"time"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
)

// See Note [overlap].
//
// Note [overlap]
//
// Overlapping the halo exchange with the interior (see Note [slabs]). A
// slab of n local planes computes [lo, n-hi); the kernel is translation
// invariant along its last dimension and sees that dimension's size only
// in its bounds, so launched on the slab's own buffers with that size set
// to to, over the NDRange of a sub-grid of to-from planes started at the
// global work offset that makes its first work-item own plane from+lo, it
// computes exactly the planes [from+lo, to-hi) (part). Each step cuts the
// slab into parts that tile what it computes: the planes sent down ([lo,
// lo+hi), the part [0, lo+2hi)), those sent up ([n-hi-lo, n-hi), the part
// [n-2lo-hi, n)), and the rest, the interior. On each slab's kernel queue
// a step is then
//
//	Slabs.Before, with BeforeKeepsHalos
//	wait for the halo writes (a barrier, not the host)
//	the edge parts' launches
//	the interior's launches
//
// and on its copy queue (Note [copy queue] in package clhost) the writes
// of the planes received at the end of the step before into the halos of
// this step's inputs (after Before, through a marker), and the reads of
// the sent planes into pinned host memory, queued after the edge parts'
// last launch, so that they run while the interior is computed. The host
// flushes every queue as it goes, waits for the reads only, and passes the
// planes to the neighbours' pinned memory (a copy, or MPI), which the next
// step writes. Nothing the host waits for sits behind an interior, and no
// device waits for the host while it has an interior to compute. The
// interior writes none of the planes read or written by the copies (edges
// and halos lie outside it). With BeforeKeepsHalos the halo planes the
// slabs start with are kept the same way, so that Before's writes there
// never stay.
//
// Every command, kernel or copy, uses the slabs' whole buffers, ordered by
// events: no sub-buffers. (Parts used to run on sub-buffers of the
// buffers that the copies read and wrote at the same time, which OpenCL
// leaves undefined; NVIDIA's driver 580.159 crashed in clReleaseMemObject
// freeing them, and their offsets had to be multiples of 512 bytes there.)
//
// The exchange time of a step is, per slab, the span on its device from
// the first read of its edge planes to the last write into its halos
// (profiling timestamps, on one device's clock); the hidden part is that
// span's overlap with the interior's launches. SlabResult reports both,
// averaged over the local slabs.
//
// It applies when every launch of the kernel covers the grid with the
// slab halo as its origin and shrink (no reductions, whose partials a
// small grid would change), when every slab's interior has a plane (after
// Note [part offsets]), and when the device has OpenCL 1.2's barriers and
// mapped buffers, and without Slabs.Before unless BeforeKeepsHalos;
// otherwise RunSlabs exchanges after each step (halo.go).
//
// Note [part offsets]
//
// A work-item owns Per consecutive planes along the split dimension
// (abi.Range.Per: a coarsened kernel), the first at First + Per times its
// global id, the global work offset included (kernels that number their
// positions from group ids add get_global_offset themselves). So a part
// starts at a multiple of q, the least common multiple of the launches'
// Per there, and launches at offset from/Per: the interior at the first
// multiple at or above hi, the edge part above at the last one at or below
// n-2lo-hi; the planes in between go to the edge parts, which then compute
// up to q-1 planes more (computed before the edge reads are queued, so the
// interior still touches none of the copied planes). With q = 1 the parts
// are those above.

// part is a slab's sub-grid of local planes [from, to), which computes
// the planes [from+lo, to-hi) (Note [overlap]): its launches' NDRanges
// and global work offsets, and the sizes and scalars its kernels get.
type part struct {
	from, to int
	sizes    map[string]int
	scalars  map[string]float64
	launches []launch
	offsets  [][]int // per launch
}

// ovSlab is one local slab's parts, pinned staging and copies in flight.
type ovSlab struct {
	s        *slab
	down, up *part // nil without that neighbour
	interior *part
	pin      *clhost.Pinned
	// Staging by swapped output: planes sent down and up, received from
	// below and above (nil without that neighbour).
	sendDown, sendUp, fromBelow, fromAbove map[string][]byte
	// received says that fromBelow and fromAbove hold planes to write
	// into the halos before the next step.
	received  bool
	cur, prev record
}

// record is one step's events on a slab, kept until they are timed.
type record struct {
	reads, writes []*clhost.Event
	first, last   *clhost.Event // the interior's first and last launches
	// gate, a marker on the kernel queue before the step's launches,
	// completes when the step before has run: the halo writes of the step
	// after wait for it, since they overwrite the halos that step read
	// (the host waits for no read of a slab that sends no planes, which
	// would have ordered them).
	gate *clhost.Event
}

func (r *record) release() {
	if r.last == r.first {
		r.last = nil
	}
	for _, e := range append(append([]*clhost.Event{r.first, r.last, r.gate}, r.reads...), r.writes...) {
		e.Release() // each once: a handle released twice could be another event's by then
	}
	*r = record{}
}

// overlap holds the local slabs' parts and the exchange's timings.
type overlap struct {
	x     *exchanger
	j     *Job
	slabs []*ovSlab
	pb    func(name string) int // bytes per plane of an array
	// size names the size along the slabs' dimension; with sizeScalar it
	// is a scalar argument too (a loop kernel's dummy), set per part.
	size       string
	sizeScalar bool
	spans      time.Duration // exchange spans, summed over slabs and steps
	hidden     time.Duration // their overlap with the interiors
	// before, when set, runs Slabs.Before on a slab at the start of each
	// step, and the halo writes follow it (keepHalos).
	before func(*slab) error
}

// newOverlap returns the parts of the local slabs, or nil when the
// exchange cannot overlap (see Note [overlap]).
func newOverlap(x *exchanger, j *Job, slabs []*slab) *overlap {
	k := j.Kernel
	if x.count < 2 || x.lo+x.hi == 0 || len(j.Swap) == 0 || len(k.Scratch) > 0 || len(k.Results()) > 0 {
		return nil
	}
	rank := k.Rank
	for _, l := range k.Launches {
		if len(l.Global) != rank || len(l.Origin) != rank {
			return nil
		}
		pos := l.Global[rank-1].Positions
		if l.Origin[rank-1] != x.lo || len(pos.Terms) != 1 || -pos.Const != x.lo+x.hi {
			return nil
		}
	}
	r0 := slabs[0].r
	o := &overlap{x: x, j: j, size: lastSize(k)}
	o.pb = func(name string) int { return x.plane(r0.arrays[name]) }
	return o.setupAll(slabs)
}

// setupAll gives every local slab its parts, or returns nil.
func (o *overlap) setupAll(slabs []*slab) *overlap {
	for _, s := range slabs {
		v := &ovSlab{s: s}
		o.slabs = append(o.slabs, v)
		if !o.setup(v) {
			o.release()
			return nil
		}
	}
	return o
}

// setup gives slab v its parts and staging; false when one cannot be
// placed.
func (o *overlap) setup(v *ovSlab) bool {
	x, s := o.x, v.s
	// Parts start at multiples of q (Note [part offsets]).
	q := 1
	for _, l := range o.j.Kernel.Launches {
		g := o.splitDim(l)
		if g < 0 {
			return false
		}
		u := max(l.Global[g].Per, 1)
		q = q / gcd(q, u) * u
	}
	from, to := 0, s.n
	if s.index > 0 && x.hi > 0 {
		from = (x.hi + q - 1) / q * q
		v.down = o.part(s, 0, from+x.lo+x.hi)
	}
	if s.index < x.count-1 && x.lo > 0 {
		b := (s.n - 2*x.lo - x.hi) / q * q
		if b < 0 {
			return false
		}
		v.up, to = o.part(s, b, s.n), b+x.lo+x.hi
	}
	if to-from-x.lo-x.hi < 1 || from+x.lo+x.hi > s.n { // no interior plane of its own
		return false
	}
	v.interior = o.part(s, from, to)
	for _, p := range []*part{v.down, v.up, v.interior} {
		if p != nil && p.launches == nil {
			return false
		}
	}
	size := 0
	for _, p := range o.j.Swap {
		size += 2 * (x.lo + x.hi) * o.pb(p.Out)
	}
	var err error
	if v.pin, err = s.r.ctx.NewPinned(int64(size)); err != nil {
		return false
	}
	mem := v.pin.Bytes
	take := func(planes int, name string, want bool) []byte {
		if !want {
			return nil
		}
		b := mem[:planes*o.pb(name)]
		mem = mem[len(b):]
		return b
	}
	v.sendDown, v.sendUp, v.fromBelow, v.fromAbove = map[string][]byte{}, map[string][]byte{}, map[string][]byte{}, map[string][]byte{}
	for _, p := range o.j.Swap {
		v.sendDown[p.Out] = take(x.hi, p.Out, v.down != nil)
		v.sendUp[p.Out] = take(x.lo, p.Out, v.up != nil)
		v.fromBelow[p.Out] = take(x.lo, p.Out, s.index > 0 && x.lo > 0)
		v.fromAbove[p.Out] = take(x.hi, p.Out, s.index < x.count-1 && x.hi > 0)
	}
	return true
}

// splitDim is the dimension of launch l's NDRange that runs along the
// slabs' dimension, the one whose positions count o.size; -1 when not
// exactly one does.
func (o *overlap) splitDim(l *abi.Launch) int {
	g := -1
	for d, r := range l.Global {
		for _, t := range r.Positions.Terms {
			if t.Size == o.size {
				if g >= 0 {
					return -1
				}
				g = d
			}
		}
	}
	return g
}

// part is slab s's sub-grid of local planes [from, to) with its
// launches' NDRanges and offsets (none when one cannot be worked out):
// the NDRange of a slab of to-from planes, started at plane from, with
// the size along the slabs set to that of a slab of to planes, so that
// the kernels' bounds end the part at to (Note [overlap]).
func (o *overlap) part(s *slab, from, to int) *part {
	k := o.j.Kernel
	p := &part{from: from, to: to, sizes: map[string]int{}}
	for n, v := range s.r.sizes {
		p.sizes[n] = v
	}
	last := o.size
	p.sizes[last] = s.r.sizes[last] - s.n + (to - from)
	var ls []launch
	var offs [][]int
	for _, l := range k.Launches {
		g, loc, err := l.NDRange(p.sizes)
		d := o.splitDim(l)
		if err != nil || d < 0 || from%max(l.Global[d].Per, 1) != 0 {
			return p
		}
		off := make([]int, len(g))
		off[d] = from / max(l.Global[d].Per, 1)
		ls = append(ls, launch{l, g, loc})
		offs = append(offs, off)
	}
	p.sizes[last] = s.r.sizes[last] - s.n + to
	p.scalars = s.scalars
	if _, ok := s.scalars[strings.ToLower(last)]; ok && o.sizeScalar {
		p.scalars = map[string]float64{}
		for n, v := range s.scalars {
			p.scalars[n] = v
		}
		p.scalars[strings.ToLower(last)] = float64(p.sizes[last])
	}
	p.launches, p.offsets = ls, offs
	return p
}

// release frees the staging and the events, after the queues have
// finished.
func (o *overlap) release() {
	if o == nil {
		return
	}
	// Every slab's queues first: a slab's copy queue may still write
	// planes into its halos from a neighbour's staging, which must stay
	// mapped until then.
	for _, v := range o.slabs {
		_ = v.s.r.ctx.Finish()
	}
	for _, v := range o.slabs {
		v.cur.release()
		v.prev.release()
		v.pin.Close()
	}
}

// run queues part p's launches on slab v and returns the first and last
// launches' events.
func (o *overlap) run(v *ovSlab, p *part) (first, last *clhost.Event, err error) {
	r := v.s.r
	for li, l := range p.launches {
		args, err := launchArgs(r.k, l.l, p.scalars, p.sizes, nil, r.bufs)
		if err != nil {
			return nil, nil, err
		}
		ev, err := r.ctx.LaunchAtWith(r.kerns[li], p.offsets[li], l.global, l.local, args...)
		if err != nil {
			return nil, nil, err
		}
		if first == nil {
			first = ev
			continue
		}
		if last != nil {
			last.Release()
		}
		last = ev
	}
	if last == nil {
		last = first
	}
	return first, last, nil
}

// launch queues one step on every local slab (see Note [overlap]): with
// exchange, the edge parts, the reads of their planes and the interior;
// without (the last step), the whole slab's launches.
func (o *overlap) launch(exchange bool) error {
	for _, v := range o.slabs {
		if err := o.launchSlab(v, exchange); err != nil {
			return fmt.Errorf("slab %d: %v", v.s.index, err)
		}
	}
	// The step before is timed now, with this one queued: nothing the
	// host does between the reads' end and the next writes but the copies.
	return o.account()
}

func (o *overlap) launchSlab(v *ovSlab, exchange bool) error {
	r := v.s.r
	if r.canceled() {
		return ErrCanceled
	}
	var after *clhost.Event
	if o.before != nil {
		if err := o.before(v.s); err != nil {
			return err
		}
		var err error
		if after, err = r.ctx.Marker(); err != nil {
			return err
		}
		defer after.Release()
	}
	if err := o.writeHalos(v, after); err != nil {
		return err
	}
	if err := r.ctx.WaitFor(v.prev.writes...); err != nil {
		return err
	}
	if !exchange {
		for li := range r.launches {
			if err := r.launchOne(v.s.scalars, li); err != nil {
				return err
			}
		}
		return r.ctx.Flush()
	}
	var err error
	if v.cur.gate, err = r.ctx.Marker(); err != nil {
		return err
	}
	var edge *clhost.Event
	for _, p := range []*part{v.down, v.up} {
		if p == nil {
			continue
		}
		first, last, err := o.run(v, p)
		if err != nil {
			return err
		}
		if first != last {
			first.Release()
		}
		edge.Release()
		edge = last
	}
	defer edge.Release()
	if err := r.ctx.Flush(); err != nil {
		return err
	}
	for _, p := range o.j.Swap {
		pb := o.pb(p.Out)
		for _, rd := range []struct {
			buf []byte
			at  int
		}{{v.sendDown[p.Out], o.x.lo}, {v.sendUp[p.Out], v.s.n - o.x.hi - o.x.lo}} {
			if rd.buf == nil {
				continue
			}
			ev, err := r.ctx.ReadAfter(r.bufs[p.Out], int64(rd.at*pb), rd.buf, edge)
			if err != nil {
				return fmt.Errorf("halo of %q: %v", p.Out, err)
			}
			v.cur.reads = append(v.cur.reads, ev)
		}
	}
	if err := r.ctx.Flush(); err != nil {
		return err
	}
	first, last, err := o.run(v, v.interior)
	if err != nil {
		return err
	}
	v.cur.first, v.cur.last = first, last
	return r.ctx.Flush()
}

// finish waits for the edge reads of the step just queued and passes the
// planes on to the neighbours' memory, which the next step writes into
// their halos (writeHalos).
func (o *overlap) finish() error {
	for _, v := range o.slabs {
		for _, e := range v.cur.reads {
			if err := e.Wait(); err != nil {
				return fmt.Errorf("slab %d: halo exchange: %v", v.s.index, err)
			}
		}
	}
	x := o.x
	for i, v := range o.slabs {
		for _, p := range o.j.Swap {
			if x.comm == nil {
				if i > 0 {
					copy(v.fromBelow[p.Out], o.slabs[i-1].sendUp[p.Out])
				}
				if i < len(o.slabs)-1 {
					copy(v.fromAbove[p.Out], o.slabs[i+1].sendDown[p.Out])
				}
			} else if err := x.comm.Exchange(v.sendDown[p.Out], v.sendUp[p.Out], v.fromBelow[p.Out], v.fromAbove[p.Out]); err != nil {
				return fmt.Errorf("halo exchange of %q: %v", p.Out, err)
			}
		}
	}
	for _, v := range o.slabs {
		v.received = true
		v.prev, v.cur = v.cur, record{}
	}
	return nil
}

// writeHalos queues, on slab v's copy queue after event after (when not
// nil), the writes of the planes it received into the halos of the
// step's inputs (the outputs that sent them, swapped); they join the
// record of the step that sent them.
func (o *overlap) writeHalos(v *ovSlab, after *clhost.Event) error {
	if !v.received {
		return nil
	}
	v.received = false
	r, x := v.s.r, o.x
	for _, p := range o.j.Swap {
		pb := o.pb(p.Out)
		for _, w := range []struct {
			buf []byte
			at  int
		}{{v.fromBelow[p.Out], 0}, {v.fromAbove[p.Out], v.s.n - x.hi}} {
			if w.buf == nil {
				continue
			}
			ev, err := r.ctx.WriteAfter(r.bufs[p.In], int64(w.at*pb), w.buf, after, v.prev.gate)
			if err != nil {
				return fmt.Errorf("halo of %q: %v", p.In, err)
			}
			v.prev.writes = append(v.prev.writes, ev)
		}
	}
	return r.ctx.Flush()
}

// keepHalos makes each step start with Slabs.Before, the halo writes
// after it (Slabs.BeforeKeepsHalos), and holds the first step's: the
// halo planes the slabs start with.
func (o *overlap) keepHalos(before func(*slab) error) error {
	o.before = before
	for _, v := range o.slabs {
		r := v.s.r
		for _, p := range o.j.Swap {
			pb := o.pb(p.In) // the first step's inputs
			for _, h := range []struct {
				buf []byte
				at  int
			}{{v.fromBelow[p.Out], 0}, {v.fromAbove[p.Out], v.s.n - o.x.hi}} {
				if h.buf == nil {
					continue
				}
				if err := r.ctx.ReadBytesAt(r.bufs[p.In], int64(h.at*pb), h.buf); err != nil {
					return fmt.Errorf("slab %d: halo of %q: %v", v.s.index, p.In, err)
				}
			}
		}
		v.received = true
	}
	return nil
}

// account adds the exchange spans of the step in v.prev (its last
// commands, the halo writes, queued at the start of the step after) to
// the totals, and releases its events; it waits for those still running,
// behind which the next step is queued.
func (o *overlap) account() error {
	for _, v := range o.slabs {
		rec := &v.prev
		if len(rec.reads) == 0 {
			// The first step's writes of the starting halos, or a slab
			// that sends no planes (a halo of 0 on one side): no read
			// follows these writes on the copy queue, so finish would not
			// wait for them before refilling the planes they copy.
			for _, e := range rec.writes {
				if err := e.Wait(); err != nil {
					return fmt.Errorf("slab %d: halo exchange: %v", v.s.index, err)
				}
			}
			rec.release()
			continue
		}
		from, to, err := rec.span()
		if err != nil {
			return fmt.Errorf("slab %d: timing the halo exchange: %v", v.s.index, err)
		}
		a, _, err := rec.first.Times()
		if err != nil {
			return err
		}
		_, b, err := rec.last.Times()
		if err != nil {
			return err
		}
		n := time.Duration(len(o.slabs))
		o.spans += time.Duration(to-from) / n
		if lo, hi := max(from, a), min(to, b); hi > lo {
			o.hidden += time.Duration(hi-lo) / n
		}
		rec.release()
	}
	return nil
}

// span is the time on the device from the start of the first of r's
// copies to the end of the last (nanoseconds of the device's clock).
func (r *record) span() (from, to uint64, err error) {
	for i, e := range append(append([]*clhost.Event(nil), r.reads...), r.writes...) {
		a, b, err := e.Times()
		if err != nil {
			return 0, 0, err
		}
		if i == 0 || a < from {
			from = a
		}
		to = max(to, b)
	}
	return from, max(from, to), nil
}
