// Package codegen emits OpenCL C kernels and Go host harnesses from the IR
// and the region plan. Its emitters are pure functions of (IR, plan,
// options): same input, byte-identical output, no timestamps or absolute
// paths. The CLI (forocl build, forocl run) and the examples call it.
package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// Strategy chooses how halos are served.
type Strategy int

const (
	// Local loads every input read through a halo, and every temporary
	// read at a shift, into __local tiles shared by the work-group, with
	// barriers between writes and reads (the paper's mapping).
	Local Strategy = iota
	// Direct uses no local memory: halo reads go to global memory (and the
	// caches), temporaries are recomputed in registers at every shift a
	// work-item needs them.
	Direct
)

func (s Strategy) String() string {
	if s == Direct {
		return "direct"
	}
	return "local"
}

// ParseStrategy parses "local" or "direct".
func ParseStrategy(s string) (Strategy, error) {
	switch strings.ToLower(s) {
	case "local", "":
		return Local, nil
	case "direct":
		return Direct, nil
	}
	return Local, fmt.Errorf("unknown strategy %q (want local or direct)", s)
}

// ParseCoarsen parses a coarsening block: "2x4" gives one factor per
// dimension; a single number such as "4" applies to the last dimension of
// each kernel's grid (see Options.Coarsen).
func ParseCoarsen(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(strings.ToLower(s), "x")
	if len(parts) > regions.MaxRank {
		return nil, fmt.Errorf("coarsening %q has more than %d dimensions", s, regions.MaxRank)
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 || n > 64 {
			return nil, fmt.Errorf("coarsening %q: %q is not a factor between 1 and 64", s, p)
		}
		out[i] = n
	}
	return out, nil
}

// ParseTile parses a work-group shape such as "16x8" or "256".
func ParseTile(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(strings.ToLower(s), "x")
	if len(parts) > regions.MaxRank {
		return nil, fmt.Errorf("tile %q has more than %d dimensions", s, regions.MaxRank)
	}
	tile := make([]int, len(parts))
	total := 1
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 || n > 1024 {
			return nil, fmt.Errorf("tile %q: %q is not a size between 1 and 1024", s, p)
		}
		tile[i] = n
		total *= n
	}
	if total > 1024 {
		return nil, fmt.Errorf("tile %q has %d work-items; at most 1024 are allowed", s, total)
	}
	return tile, nil
}

// DefaultTile is the work-group shape used when none is given.
func DefaultTile(s Strategy, rank int) []int {
	switch rank {
	case 0, 1:
		return []int{256}
	case 2:
		if s == Direct {
			return []int{32, 8}
		}
		return []int{16, 16}
	}
	if s == Direct {
		return []int{32, 4, 2}
	}
	return []int{16, 4, 4}
}

// ArgKind says what a kernel argument carries.
type ArgKind int

const (
	ScalarArg ArgKind = iota // a scalar dummy, by value
	ArrayArg                 // an array dummy, a __global pointer
	ExtentArg                // a grid extent (or the element count of an elemental kernel)
)

// Arg is one OpenCL kernel argument, in order.
type Arg struct {
	Name   string // the Fortran dummy's name, or "n1".."n3" / "n" for extents
	Kind   ArgKind
	Type   ir.Kind
	Intent ir.Intent
	Dim    int // for ExtentArg: 0-based dimension
}

// KernelABI is everything a host needs to launch a generated kernel.
type KernelABI struct {
	Name      string
	Source    string // the Fortran file it came from
	Elemental bool   // launched over the flat element count
	Rank      int    // grid rank (1 for elemental kernels)
	Strategy  Strategy
	Args      []Arg
	Local     []int // work-group shape, len Rank
	// Coarsen is the number of consecutive grid positions one work-item
	// owns per dimension (all 1 unless Options.Coarsen is used).
	Coarsen []int
	// Origin and Shrink: work-item g owns grid position Origin+g (0-based),
	// and the launch covers n_d - Shrink[d] positions per dimension.
	Origin, Shrink regions.Shift
	// LocalBytes is the __local memory one work-group uses.
	LocalBytes int
}

// Tuned returns the options the shallow-water benchmarks chose for a
// device type ("GPU", "CPU"; anything else means unknown): see
// BENCHMARKS.md. On every device measured the direct strategy beat the
// local one. On GPUs, a block of 2 x 4 positions per work-item (2 along the
// first dimension, 4 along the last) in 64x2 work-groups was fastest in 2-D:
// the block computes each face it shares once, trading redundant work for
// registers. 3-D kernels get the same block (unmeasured). On CPUs (PoCL)
// coarsening hinders vectorisation across work-items, so it is off.
func Tuned(deviceType string, rank int) Options {
	o := Options{Strategy: Direct}
	if deviceType == "GPU" && rank >= 2 {
		o.Tile = []int{64, 2, 1}[:rank]
		o.Coarsen = []int{2, 1, 4}[:rank]
		o.Coarsen[rank-1] = 4
	}
	return o
}
