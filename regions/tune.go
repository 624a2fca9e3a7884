package regions

import (
	"slices"

	"github.com/forocl/forocl/ir"
)

// Candidate is a schedule that forocl run's tuning may choose for a kernel
// (Note [tuning cache] in cmd/forocl/tune.go): a name for messages and
// the cache, and the options to schedule it with.
type Candidate struct {
	Name    string
	Options Options
}

// TuneCandidates returns the schedules the tuning times for k, scheduled
// in p with options o, the default (o itself) first: alignment turned
// over, one point per work-item and four, in the default's work-group
// widths (256; 128x1 from rank 2). Each computes every point with the
// same operations as the default, so their results are bit-identical. A
// kernel that reduces gets the default alone: its fold order follows the
// work-group and the block, and a choice made by timing would make its
// result depend on more than the device. Candidates may schedule to the
// same OpenCL; the caller drops the repeats.
func TuneCandidates(p *Plan, k *ir.Kernel, o Options) []Candidate {
	out := []Candidate{{Name: "default", Options: o}}
	kp := p.For(k)
	if kp == nil || reduces(kp) {
		return out
	}
	rank, aligned := max(kp.Rank, 1), false
	for _, np := range kp.NestPlans() {
		rank, aligned = max(rank, len(np.Local)), aligned || np.Align > 0
	}
	tile := []int{256}
	if rank > 1 {
		tile = append([]int{128}, slices.Repeat([]int{1}, rank-1)...)
	}
	flip, one, four := o, o, o
	flip.Align, flip.NoAlign = !aligned, aligned
	one.Tile, one.Coarsen = tile, []int{1}
	four.Tile, four.Coarsen, four.Interleave = tile, []int{4}, rank == 1
	name := "align"
	if aligned {
		name = "no-align"
	}
	return append(out,
		Candidate{Name: name, Options: flip},
		Candidate{Name: "one point, work-group " + DimString(tile), Options: one},
		Candidate{Name: "4 points, work-group " + DimString(tile), Options: four})
}

// reduces reports whether kp folds a reduction.
func reduces(kp *KernelPlan) bool {
	for _, l := range kp.Launches {
		if l.Fold != nil || len(l.Reduces) > 0 {
			return true
		}
	}
	return false
}
