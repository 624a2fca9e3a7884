package runner

import (
	"fmt"
	"time"

	"github.com/forocl/forocl/clhost"
)

// The halo exchange after a step (or before a loop kernel's launch), when
// it does not overlap the interior (Note [overlap]): every local slab's
// edge planes of every named array are read at once, without blocking,
// into pinned host memory behind the slab's launches; the queues are
// flushed so that the devices run together; the host waits for the
// reads, passes the planes on (a copy into the receiving slab's memory,
// or MPI) and queues the writes, which the slabs' next launches follow on
// their in-order queues. Each slab receives into memory of its own, so a
// write still in flight never reads planes that a later exchange reads
// from a neighbour.

// stageKey names a slab's host memory for one array and direction.
type stageKey struct {
	slab int
	name string
	dir  string // "down", "up" (sent), "below", "above" (received)
}

// stage is host memory of the exchange: pinned where the device has it.
type stage struct {
	pin *clhost.Pinned
	b   []byte
}

// stage returns slab s's memory for key, n bytes, made on first use.
func (x *exchanger) stage(s *slab, name, dir string, n int) []byte {
	if x.stages == nil {
		x.stages = map[stageKey]*stage{}
	}
	k := stageKey{s.index, name, dir}
	if st := x.stages[k]; st != nil && len(st.b) == n {
		return st.b
	} else if st != nil {
		st.pin.Close()
	}
	st := &stage{}
	if p, err := s.r.ctx.NewPinned(int64(n)); err == nil {
		st.pin, st.b = p, p.Bytes
	} else {
		st.b = make([]byte, n) // no mapped buffers: plain memory, as fast as the driver makes it
	}
	x.stages[k] = st
	return st.b
}

// record is slab s's copies of the exchange in flight.
func (x *exchanger) record(s *slab) *record {
	if x.copies == nil {
		x.copies = map[int]*record{}
	}
	if x.copies[s.index] == nil {
		x.copies[s.index] = &record{}
	}
	return x.copies[s.index]
}

// settle waits for the copies of the last exchange, adds their time on
// the devices (Note [overlap]'s span, averaged over the local slabs) to
// x.spans, and forgets them.
func (x *exchanger) settle() error {
	for idx, r := range x.copies {
		from, to, err := r.span()
		if err != nil {
			return fmt.Errorf("slab %d: halo exchange: %v", idx, err)
		}
		x.spans += time.Duration(to-from) / time.Duration(len(x.slabs))
		r.release()
	}
	x.copies = nil
	return nil
}

// releaseStages frees the exchange's host memory after every local
// slab's queues have finished: in one process a slab's copy queue writes
// its halos from a neighbour's staging, which Pinned.Close (finishing
// only its own context) would unmap under it.
func (x *exchanger) releaseStages() {
	for _, sb := range x.slabs {
		_ = sb.r.ctx.Finish()
	}
	for _, r := range x.copies {
		r.release()
	}
	x.copies = nil
	for _, st := range x.stages {
		st.pin.Close()
	}
	x.stages = nil
}

// exchange sends the edge planes of the named arrays (the swapped
// outputs before a swap, or inputs after it) to the neighbours' halos
// (see Note [slabs] and the top of this file).
func (x *exchanger) exchange(names []string) error {
	if x.count < 2 {
		return nil
	}
	// The writes of the exchange before read the memory about to be
	// refilled (done by now, but a slab that sends nothing has no read to
	// be sure of it).
	if err := x.settle(); err != nil {
		return err
	}
	var reads []*clhost.Event
	type edges struct{ low, high []byte } // the planes a slab sends down and up
	sent := map[string][]edges{}
	for _, name := range names {
		if !x.exchanged(name) {
			continue
		}
		pb := planeBytes(x.slabs[0].r.arrays[name])
		e := make([]edges, len(x.slabs))
		for i, s := range x.slabs {
			g := x.geom(s.index, name)
			for _, rd := range []struct {
				to         *[]byte
				dir        string
				want       bool
				planes, at int
			}{
				{&e[i].low, "down", s.index > 0 && g.hi > 0, g.hi, g.own},
				{&e[i].high, "up", s.index < x.count-1 && g.lo > 0, g.lo, g.own + s.m - g.lo},
			} {
				if !rd.want {
					continue
				}
				*rd.to = x.stage(s, name, rd.dir, rd.planes*pb)
				ev, err := s.r.ctx.ReadBytesAtAsync(s.r.bufs[name], int64(rd.at*pb), *rd.to)
				if err != nil {
					return fmt.Errorf("slab %d: halo of %q: %v", s.index, name, err)
				}
				reads = append(reads, ev)
				x.record(s).reads = append(x.record(s).reads, ev)
			}
		}
		sent[name] = e
	}
	if err := x.flush(); err != nil {
		return err
	}
	for _, ev := range reads {
		if err := ev.Wait(); err != nil {
			return fmt.Errorf("halo exchange: %v", err)
		}
	}
	for _, name := range names {
		if e, ok := sent[name]; ok {
			if err := x.receive(name, func(i int) ([]byte, []byte) { return e[i].low, e[i].high }); err != nil {
				return err
			}
		}
	}
	return x.flush()
}

// exchanged reports whether array name has halos to exchange: it is cut
// into slabs, with a halo.
func (x *exchanger) exchanged(name string) bool {
	for _, s := range x.slabs {
		if g := x.geom(s.index, name); g.whole || g.lo+g.hi == 0 {
			return false
		}
	}
	return true
}

// receive passes array name's planes, sent(i) giving local slab i's
// planes sent down and up, into the neighbours' memory (a copy, or MPI)
// and queues the writes into their halos.
func (x *exchanger) receive(name string, sent func(i int) (low, high []byte)) error {
	pb := planeBytes(x.slabs[0].r.arrays[name])
	for i, s := range x.slabs {
		g := x.geom(s.index, name)
		var below, above []byte
		if s.index > 0 && g.lo > 0 {
			below = x.stage(s, name, "below", g.lo*pb)
		}
		if s.index < x.count-1 && g.hi > 0 {
			above = x.stage(s, name, "above", g.hi*pb)
		}
		if x.comm == nil {
			if below != nil {
				_, high := sent(i - 1)
				copy(below, high)
			}
			if above != nil {
				low, _ := sent(i + 1)
				copy(above, low)
			}
		} else {
			low, high := sent(i)
			if err := x.comm.Exchange(low, high, below, above); err != nil {
				return fmt.Errorf("halo exchange of %q: %v", name, err)
			}
		}
		for _, w := range []struct {
			buf []byte
			at  int
		}{{below, g.own - g.lo}, {above, g.own + s.m}} {
			if w.buf == nil {
				continue
			}
			ev, err := s.r.ctx.WriteBytesAtAsync(s.r.bufs[name], int64(w.at*pb), w.buf)
			if err != nil {
				return fmt.Errorf("slab %d: halo of %q: %v", s.index, name, err)
			}
			x.record(s).writes = append(x.record(s).writes, ev) // the slab's next commands follow it on its queue
		}
	}
	return nil
}

// flush submits every local slab's queued commands.
func (x *exchanger) flush() error {
	for _, s := range x.slabs {
		if err := s.r.ctx.Flush(); err != nil {
			return fmt.Errorf("slab %d: %v", s.index, err)
		}
	}
	return nil
}
