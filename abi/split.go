package abi

import (
	"fmt"
	"strings"
)

// Split says whether, and how, a host may run a loop kernel on slabs of
// its arrays' last dimension (Note [slabs] in package runner); codegen
// fills it from the IR. A unit without it (written by an older forocl) has
// loop kernels that runner.CheckSlabs refuses.
//
// A split kernel is translation invariant along the split index: its
// nests run that index from First to Last (Size, plus other sizes and a
// constant), every array that Size bounds has it only in its last upper
// bound (coefficient 1, as in y_max+2), and every subscript of such
// an array along its last dimension is the split index plus a constant
// (writes: the index itself). Nothing else sees the index or Size. So the
// same kernel run with Size cut to a slab's planes, on arrays cut to the
// slab's planes plus their halos, computes those planes as the whole grid
// does. A nest on fixed planes of the split dimension (no index along it:
// boundary rows) runs on the slab at the end it works at
// (SplitLaunch.Fixed).
type Split struct {
	// Refused, when set, says why the kernel cannot be split exactly,
	// naming the construct and its position; the other fields are then
	// unset.
	Refused string `json:"refused,omitempty"`
	// Size is the size that the slabs cut.
	Size string `json:"size,omitempty"`
	// First and Last are the range of the split index that every nest
	// runs (nests' ranges differ by constants; those that run further
	// compute planes around each slab's too).
	First *Affine `json:"first,omitempty"`
	Last  *Affine `json:"last,omitempty"`
	// Halo is how far beyond a slab's owned planes the nests read.
	Halo Halo `json:"halo"`
	// Arrays are the arrays that the slabs cut, with how far below First
	// (Reach.Lo) and above Last (Reach.Hi) the nests read them, negative
	// when not that far; every other array is whole on every slab and
	// intent(in).
	Arrays []SplitArray `json:"arrays,omitempty"`
	// Launches gives, per launch of the kernel (in Launches' order), the
	// cut arrays it reads beyond the owned planes (whose halos must be
	// current) and those it writes.
	Launches []SplitLaunch `json:"launches,omitempty"`
}

// SplitArray is an array that slabs cut (see Split).
type SplitArray struct {
	Name  string `json:"name"`
	Reach Halo   `json:"reach"`
	Read  bool   `json:"read,omitempty"` // some nest reads it
}

// SplitLaunch is what one launch of a split kernel reads and writes along
// the split dimension.
type SplitLaunch struct {
	Reads  []string `json:"reads,omitempty"`
	Writes []string `json:"writes,omitempty"`
	// Fixed, for a nest on fixed planes of the split dimension (a
	// boundary row: no index of it runs along the split), says which
	// slabs run it: FixedLow, the first (which owns the planes it reads
	// and writes, near the nests' first plane), FixedHigh, the last, or
	// FixedBoth, the first and the last (each statement at one end, and
	// every write beyond the nests' planes: what a slab runs at the other
	// end lands in planes it does not own).
	Fixed string `json:"fixed,omitempty"`
}

// SplitLaunch.Fixed's values.
const (
	FixedLow  = "low"
	FixedHigh = "high"
	FixedBoth = "both"
)

// Cut reports whether slabs cut the array named (any case).
func (s *Split) Cut(name string) *SplitArray {
	for i := range s.Arrays {
		if strings.EqualFold(s.Arrays[i].Name, name) {
			return &s.Arrays[i]
		}
	}
	return nil
}

// String describes s for dump's host stage and run reports.
func (s *Split) String() string {
	if s.Refused != "" {
		return "not split into slabs: " + s.Refused
	}
	var names []string
	for _, a := range s.Arrays {
		names = append(names, a.Name)
	}
	return fmt.Sprintf("split along %s (the nests' common range of the index from %s to %s), halo %d:%d, cutting %s", s.Size, *s.First, *s.Last, s.Halo.Lo, s.Halo.Hi, strings.Join(names, ", "))
}
