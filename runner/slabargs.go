package runner

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strings"
)

// PlanSlabs checks, before any device is touched and without allocating
// anything of the grid's size, that RunSlabs can run j on count slabs with
// at least halo planes: the kernel (CheckSlabs), the arguments, and the
// grid's planes against the count (Partition). RunSlabs makes the same
// checks; a host calls PlanSlabs first to refuse a run before it opens
// contexts for the slabs.
func PlanSlabs(j Job, count int, halo [2]int) error {
	if err := CheckSlabs(j.Kernel, halo); err != nil {
		return err
	}
	return planCount(j, count, halo)
}

// planCount is PlanSlabs after CheckSlabs: the count against the grid.
func planCount(j Job, count int, halo [2]int) error {
	if count < 1 {
		return fmt.Errorf("%d slabs: want a count of 1 or more", count)
	}
	pl, err := planShapes(&j)
	if err != nil {
		return err
	}
	sizes := pl.sizes
	k := j.Kernel
	if k.Split != nil {
		f, err := newLoopFrame(k, sizes, pl.shapes)
		if err != nil {
			return err
		}
		unit, err := f.foldUnit(k)
		if err != nil {
			return err
		}
		if _, _, err := f.partition(count, nil, unit); err != nil {
			return fmt.Errorf("kernel %q: %v", k.Name, err)
		}
		return nil
	}
	lo, hi, err := SlabHalo(k)
	if err != nil {
		return err
	}
	lo, hi = max(lo, halo[0]), max(hi, halo[1])
	if _, _, err := Partition(sizes[lastSize(k)], lo, hi, count, nil); err != nil {
		return fmt.Errorf("kernel %q: %v", k.Name, err)
	}
	return nil
}

// SameArgs checks that every rank of sl.Comm was given the same job: it
// gathers a hash of what decides the results (the kernel, its OpenCL, the
// steps and swaps, the scalars, the input arrays' kinds, shapes and
// values, and the slab settings) and returns an error naming the ranks
// whose hash differs from rank 0's, on every rank alike, so that all of
// them stop. extra are a host's settings that must agree too (such as
// flags that change which MPI calls a rank makes). Without Comm it does
// nothing.
func SameArgs(j Job, sl Slabs, extra ...string) error {
	if sl.Comm == nil || sl.Comm.Size() < 2 {
		return nil
	}
	mine := argsHash(j, sl, extra)
	all := make([]byte, sl.Comm.Size()*len(mine))
	if err := sl.Comm.Allgather(mine[:], all); err != nil {
		return fmt.Errorf("comparing the ranks' arguments: %v", err)
	}
	first := all[:len(mine)]
	var differ []string
	for r := 1; r < sl.Comm.Size(); r++ {
		if !bytes.Equal(all[r*len(mine):(r+1)*len(mine)], first) {
			differ = append(differ, fmt.Sprint(r))
		}
	}
	if len(differ) == 0 {
		return nil
	}
	what := "rank " + differ[0] + " was"
	if len(differ) > 1 {
		what = "ranks " + strings.Join(differ, ", ") + " were"
	}
	return codeErrorf(codeMPIArgsDiffer, "%s given other arguments than rank 0 (the kernel, its options, --set values, --in arrays, --steps, --swap or the slab flags differ); every rank must run the same job: give all of them the same command line and input files", what)
}

// argsHash is the hash of what SameArgs compares.
func argsHash(j Job, sl Slabs, extra []string) []byte {
	h := sha256.New()
	str := func(s string) {
		binary.Write(h, binary.LittleEndian, int64(len(s)))
		h.Write([]byte(s))
	}
	num := func(v int64) { binary.Write(h, binary.LittleEndian, v) }
	str("forocl slab arguments 1")
	if j.Kernel != nil {
		str(j.Kernel.Name)
	}
	if j.Unit != nil {
		str(j.Unit.Source)
	}
	num(int64(j.Steps))
	num(int64(j.Every))
	num(int64(j.Repeat))
	for _, s := range j.Swap {
		str(s.In)
		str(s.Out)
	}
	names := make([]string, 0, len(j.Scalars))
	for n := range j.Scalars {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		str(n)
		num(int64(math.Float64bits(j.Scalars[n])))
	}
	names = names[:0]
	for n := range j.Arrays {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		a := j.Arrays[n]
		str(n)
		if a == nil {
			continue
		}
		str(fmt.Sprint(a.DType, a.Shape))
		h.Write(bytesOf(a))
	}
	num(int64(sl.Halo[0]))
	num(int64(sl.Halo[1]))
	if sl.NoOverlap {
		num(1)
	}
	if sl.Before != nil {
		num(2)
	}
	for _, e := range extra {
		str(e)
	}
	return h.Sum(nil)
}
