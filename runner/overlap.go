package runner

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/clhost"
)

// Overlapping the halo exchange with the interior (see Note [slabs]):
// before each step's launches, each slab runs the kernel on the planes
// its neighbours need only, through sub-buffers that view a few planes
// of every array (the kernel is translation invariant, so the small grid
// computes them exactly), and queues reads of those planes. Then it
// queues the whole slab's launches. While the devices compute the
// interior (and those edge planes again, to the same values), the host
// waits only for the small reads, hands the planes to the neighbours (or
// to MPI) and queues the writes into their halos, which run after the
// interior on each in-order queue. Only the device-side reads and writes
// of a few planes are not hidden.
//
// It applies when every launch of the kernel covers the grid with the
// slab halo as its origin and shrink (no reductions, whose partials a
// small grid would change), and when the device can place a sub-buffer at
// each edge (CL_DEVICE_MEM_BASE_ADDR_ALIGN divides the byte offsets);
// otherwise RunSlabs exchanges after each step.

// edge is one slab's small grid of local planes [from, to).
type edge struct {
	s        *slab
	from, to int
	send     int // first local plane sent
	sizes    map[string]int
	launches []launch
	subs     map[*clhost.Buffer]*clhost.Buffer // a sub-buffer per buffer, made on first use
	up       bool                              // sends to the slab above (else below)
}

// overlap holds the edges of every local slab and the transfers in
// flight.
type overlap struct {
	x       *exchanger
	j       *Job
	edges   []*edge
	reads   []pending
	writes  []pending
	planeOf func(name string) int // bytes per plane of an array
}

// pending is a transfer in flight and the host memory it uses.
type pending struct {
	e    *edge
	name string
	buf  []byte
	ev   *clhost.Event
}

// newOverlap returns the edges of the local slabs, or nil when the
// exchange cannot overlap (see above).
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
	o := &overlap{x: x, j: j}
	r0 := slabs[0].r
	o.planeOf = func(name string) int { return x.plane(r0.arrays[name]) }
	for _, s := range slabs {
		align, err := s.r.ctx.SubBufferAlign()
		if err != nil {
			return nil
		}
		var want []*edge
		if s.index > 0 && x.hi > 0 { // planes [lo, lo+hi) go down
			want = append(want, &edge{s: s, from: 0, to: x.lo + 2*x.hi, send: x.lo})
		}
		if s.index < x.count-1 && x.lo > 0 { // planes [n-hi-lo, n-hi) go up
			want = append(want, &edge{s: s, from: s.n - 2*x.lo - x.hi, to: s.n, send: s.n - x.hi - x.lo, up: true})
		}
		for _, e := range want {
			for name := range s.r.arrays {
				if int64(e.from*o.planeOf(name))%align != 0 {
					o.release()
					return nil
				}
			}
			e.sizes = map[string]int{}
			for n, v := range s.r.sizes {
				e.sizes[n] = v
			}
			last := lastSize(k)
			e.sizes[last] = s.r.sizes[last] - s.n + (e.to - e.from)
			for _, l := range k.Launches {
				g, loc, err := l.NDRange(e.sizes)
				if err != nil {
					o.release()
					return nil
				}
				e.launches = append(e.launches, launch{l, g, loc})
			}
			e.subs = map[*clhost.Buffer]*clhost.Buffer{}
			o.edges = append(o.edges, e)
		}
	}
	return o
}

// release frees the sub-buffers, after the queues have finished.
func (o *overlap) release() {
	if o == nil {
		return
	}
	o.drain()
	for _, e := range o.edges {
		for _, b := range e.subs {
			b.Release()
		}
	}
}

// drain forgets the transfers in flight (call after the queues finish).
func (o *overlap) drain() {
	for _, p := range append(o.reads, o.writes...) {
		p.ev.Release()
	}
	o.reads, o.writes = nil, nil
}

// start queues every edge's launches and the reads of the planes it
// sends; RunSlabs queues the whole slabs' launches next.
func (o *overlap) start() error {
	for _, e := range o.edges {
		r := e.s.r
		bufs := map[string]*clhost.Buffer{}
		for name, b := range r.bufs {
			if _, isArray := r.arrays[name]; !isArray {
				continue
			}
			sub := e.subs[b]
			if sub == nil {
				pb := int64(o.planeOf(name))
				var err error
				if sub, err = r.ctx.SubBuffer(b, int64(e.from)*pb, int64(e.to-e.from)*pb); err != nil {
					return fmt.Errorf("slab %d: %v", e.s.index, err)
				}
				e.subs[b] = sub
			}
			bufs[name] = sub
		}
		for li, l := range e.launches {
			args, err := launchArgs(r.k, l.l, o.j.Scalars, e.sizes, nil, bufs)
			if err != nil {
				return err
			}
			ev, err := r.ctx.LaunchWith(r.kerns[li], l.global, l.local, args...)
			if err != nil {
				return fmt.Errorf("slab %d: %v", e.s.index, err)
			}
			ev.Release()
		}
	}
	for _, e := range o.edges {
		for _, p := range o.j.Swap {
			n := o.x.lo
			if !e.up {
				n = o.x.hi
			}
			pb := o.planeOf(p.Out)
			buf := make([]byte, n*pb)
			ev, err := e.s.r.ctx.ReadBytesAtAsync(e.s.r.bufs[p.Out], int64(e.send*pb), buf)
			if err != nil {
				return fmt.Errorf("slab %d: halo of %q: %v", e.s.index, p.Out, err)
			}
			o.reads = append(o.reads, pending{e: e, name: p.Out, buf: buf, ev: ev})
		}
	}
	return nil
}

// finish waits for the edge reads, passes the planes on, and queues the
// writes into the neighbours' halos behind their interiors.
func (o *overlap) finish() error {
	for _, p := range o.writes { // done: each queue has since run its reads
		p.ev.Release()
	}
	o.writes = nil
	sent := map[string][]byte{} // by slab, direction and array
	key := func(slab int, up bool, name string) string { return fmt.Sprint(slab, up, name) }
	for _, p := range o.reads {
		if err := p.ev.Wait(); err != nil {
			return fmt.Errorf("slab %d: halo of %q: %v", p.e.s.index, p.name, err)
		}
		p.ev.Release()
		sent[key(p.e.s.index, p.e.up, p.name)] = p.buf
	}
	o.reads = nil
	x := o.x
	for _, s := range x.slabs {
		for _, p := range o.j.Swap {
			pb := o.planeOf(p.Out)
			var fromBelow, fromAbove []byte
			if x.comm == nil {
				fromBelow = sent[key(s.index-1, true, p.Out)]
				fromAbove = sent[key(s.index+1, false, p.Out)]
			} else {
				if s.index > 0 && x.lo > 0 {
					fromBelow = make([]byte, x.lo*pb)
				}
				if s.index < x.count-1 && x.hi > 0 {
					fromAbove = make([]byte, x.hi*pb)
				}
				if err := x.comm.Exchange(sent[key(s.index, false, p.Out)], sent[key(s.index, true, p.Out)], fromBelow, fromAbove); err != nil {
					return fmt.Errorf("halo exchange of %q: %v", p.Out, err)
				}
			}
			for _, w := range []struct {
				buf []byte
				at  int
			}{{fromBelow, 0}, {fromAbove, s.n - x.hi}} {
				if w.buf == nil {
					continue
				}
				ev, err := s.r.ctx.WriteBytesAtAsync(s.r.bufs[p.Out], int64(w.at*pb), w.buf)
				if err != nil {
					return fmt.Errorf("slab %d: halo of %q: %v", s.index, p.Out, err)
				}
				o.writes = append(o.writes, pending{name: strings.ToLower(p.Out), buf: w.buf, ev: ev})
			}
		}
	}
	return nil
}
