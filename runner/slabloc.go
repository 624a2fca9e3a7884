package runner

import (
	"encoding/binary"
	"fmt"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
)

// combineLoc folds the (value, frame index) partials of maxloc or minloc
// fold launch li over every slab (Note [maxloc] in package codegen). A
// slab's frame index counts from its own first plane; adding the slab's
// first plane times the frame's plane size makes it the whole grid's, so
// the fold, whose order on pairs is total, picks the one device's pair
// (a plane two slabs share gives the same pair on both) and decodes it
// into the whole grid's positions, which every slab then holds.
func (x *exchanger) combineLoc(li int) error {
	s0 := x.slabs[0].r
	l := s0.launches[li].l
	if len(l.Args) < 4 || l.Args[2].Kind != abi.GroupsArg {
		return fmt.Errorf("internal error: fold launch %q does not take its partials, indices and their count", l.Symbol)
	}
	part, idx, val := scratch(x.k, l.Args[0].Name), scratch(x.k, l.Args[1].Name), scratch(x.k, l.Args[len(l.Args)-1].Name)
	r := x.k.Reduction(l.Symbol)
	if part == nil || idx == nil || val == nil || r == nil || len(r.Window) != x.k.Rank {
		return fmt.Errorf("internal error: fold launch %q has no partials, indices, value or window", l.Symbol)
	}
	plane := 1
	for d, s := range x.k.Sizes[:x.k.Rank-1] {
		plane *= s0.sizes[s.Name] - r.Window[d].Lo - r.Window[d].Hi
	}
	size := part.Kind.Bytes()
	var vals, idxs []byte
	for _, s := range x.slabs {
		n := s.r.groups[l.Args[2].Name]
		v, ix := make([]byte, n*size), make([]int32, n)
		if err := s.r.ctx.ReadBytesAt(s.r.bufs[scratchKey+part.Name], 0, v); err != nil {
			return fmt.Errorf("slab %d: %v", s.index, err)
		}
		if err := s.r.ctx.ReadInt32(s.r.bufs[scratchKey+idx.Name], ix); err != nil {
			return fmt.Errorf("slab %d: %v", s.index, err)
		}
		shift := int64(x.geom(s.index, "").d) * int64(plane)
		b := make([]byte, 4*n)
		for i, q := range ix {
			if q >= 0 {
				q = int32(int64(q) + shift)
			}
			binary.LittleEndian.PutUint32(b[4*i:], uint32(q))
		}
		vals, idxs = append(vals, v...), append(idxs, b...)
	}
	if x.comm != nil {
		var err error
		if vals, err = allgatherv(x.comm, vals); err == nil {
			idxs, err = allgatherv(x.comm, idxs)
		}
		if err != nil {
			return fmt.Errorf("combining maxloc: %v", err)
		}
	}
	bufs := map[string]*clhost.Buffer{}
	for k, v := range s0.bufs {
		bufs[k] = v
	}
	out := make([]byte, 4*int(val.Elements.Const))
	for _, c := range []struct {
		name string
		data []byte
	}{{part.Name, vals}, {idx.Name, idxs}, {val.Name, out}} {
		b, err := s0.ctx.NewBuffer(int64(max(len(c.data), 4)))
		if err != nil {
			return err
		}
		defer b.Release()
		if len(c.data) > 0 {
			if err := s0.ctx.WriteBytes(b, c.data); err != nil {
				return err
			}
		}
		bufs[scratchKey+c.name] = b
	}
	groups := map[string]int{l.Args[2].Name: len(idxs) / 4}
	args, err := launchArgs(x.k, l, nil, s0.sizes, groups, bufs)
	if err != nil {
		return err
	}
	ev, err := s0.ctx.LaunchWith(s0.kerns[li], s0.launches[li].global, s0.launches[li].local, args...)
	if err != nil {
		return err
	}
	ev.Release()
	if err := s0.ctx.ReadBytes(bufs[scratchKey+val.Name], out); err != nil {
		return err
	}
	for _, s := range x.slabs {
		if err := s.r.ctx.WriteBytes(s.r.bufs[scratchKey+val.Name], out); err != nil {
			return fmt.Errorf("slab %d: %v", s.index, err)
		}
	}
	return nil
}

// scratch is k's scratch buffer named name, or nil.
func scratch(k *abi.Kernel, name string) *abi.Buffer {
	for i := range k.Scratch {
		if k.Scratch[i].Name == name {
			return &k.Scratch[i]
		}
	}
	return nil
}
