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
	Name      string // the Fortran name
	Symbol    string // the OpenCL kernel's name (Name, unless it collides with OpenCL C: step -> step_)
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

// Tuned returns the options the benchmarks chose for a device type ("GPU",
// "CPU"; anything else means unknown): see BENCHMARKS.md. On every device
// measured the direct strategy beat the local one; on GPUs the work-group
// shape and coarsening are then chosen per kernel (see gpuShape), while on
// CPUs (PoCL) coarsening hinders vectorisation across work-items and is
// left off.
func Tuned(deviceType string) Options {
	o := Options{Strategy: Direct}
	if deviceType == "GPU" {
		o.Tuning = "GPU"
	}
	return o
}

// faceWorkThreshold is the arithmetic (see exprCost) of temporaries
// recomputed at neighbouring positions along the first dimension above
// which a GPU work-item also owns two positions along it.
const faceWorkThreshold = 8

// gpuShape chooses a GPU work-group shape and coarsening block for a
// stencil kernel of rank >= 2 from its one-position plan. Every kernel
// gets 4 positions per work-item along the last dimension (loads and
// faces shared between rows; H100: 10-15% faster than one position on the
// 2-D and 3-D corpus stencils). When temporaries that are expensive to
// compute are needed at two or more positions along the first dimension
// (the x faces of the shallow-water kernel), a work-item also owns 2
// positions along it, in 64x2 groups: 8% faster for wave_advance and 12%
// for the 3-D heat3d_var, but 5-14% slower than rows alone for kernels
// with cheap or no temporaries (jacobi5, diffuse4, heat7, two_frames),
// which get 128x1 groups. Kernels with WHERE are not coarsened. The
// threshold separates those measured kernels; it is a heuristic, and
// --tile/--coarsen override it.
func gpuShape(k *ir.Kernel, kp *regions.KernelPlan, rank int) (tile, coarsen []int) {
	work := 0
	for _, a := range evalAssigns(k.Body) {
		if a.Mask != nil {
			// Masked (WHERE) assignments: coarsened, minmod_slopes ran
			// 26% slower than one position per work-item.
			return DefaultTile(Direct, rank), nil
		}
		w, ok := a.LHS.(*ir.Window)
		if !ok || w.Var.Role != ir.Temp {
			continue
		}
		xs := map[int]bool{}
		for _, s := range kp.Eval[a] {
			xs[s[0]] = true
		}
		if len(xs) > 1 {
			work += exprCost(a.RHS)
		}
	}
	tile, coarsen = make([]int, rank), make([]int, rank)
	for d := range tile {
		tile[d], coarsen[d] = 1, 1
	}
	coarsen[rank-1] = 4
	if work >= faceWorkThreshold {
		tile[0], tile[1], coarsen[0] = 64, 2, 2
	} else {
		tile[0] = 128
	}
	return tile, coarsen
}

// evalAssigns lists the assignments of stmts in program order.
func evalAssigns(stmts []ir.Stmt) []*ir.Assign {
	var out []*ir.Assign
	regions.ForEachAssign(stmts, func(a *ir.Assign) { out = append(out, a) })
	return out
}

// exprCost estimates the arithmetic of e: 1 per operation, 4 per division
// or call.
func exprCost(e ir.Expr) int {
	cost := 0
	ir.Walk(e, func(e ir.Expr) {
		switch e := e.(type) {
		case *ir.Binary:
			if e.Op == ir.Div || e.Op == ir.Pow {
				cost += 4
			} else {
				cost++
			}
		case *ir.Unary:
			cost++
		case *ir.Intrinsic, *ir.Call:
			cost += 4
		}
	})
	return cost
}
