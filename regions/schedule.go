package regions

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// The schedule: every decision about how a kernel runs on a device, taken
// once, here. See Note [schedule].
//
// Note [schedule]
//
// Schedule turns the shift analysis of every kernel into the plan that
// codegen prints, and codegen takes no decision of its own: the strategy,
// the work-group shape, the block of grid positions a work-item owns
// (coarsening), which variables live in __local tiles and which in
// registers, which cooperative statements share one loop, and before which
// statements a barrier is needed. `forocl dump --stage=regions` prints the
// same plan, so what it shows is what the .cl does (golden tests hold the
// two equal).

// Strategy chooses how halos are served.
type Strategy int

const (
	// Local loads every input read at more than one shift, and every
	// temporary read at a shift, into __local tiles shared by the
	// work-group, with barriers between writes and reads (the paper's
	// mapping).
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

// Target is what the schedule knows of the device: its type ("GPU", "CPU",
// or "" when unknown, as in forocl build) and, when known, its limits.
type Target struct {
	Type     string
	MaxGroup int    // work-items per work-group; 0: unknown
	LocalMem uint64 // __local bytes per work-group; 0: unknown
}

// Options are the user's scheduling choices (forocl's --strategy, --tile and
// --coarsen flags).
type Options struct {
	// Auto takes what the benchmarks chose for the target (see Tuned) and
	// ignores Strategy; explicit Tile and Coarsen still win.
	Auto     bool
	Strategy Strategy
	Tile     []int // work-group shape; nil: DefaultTile or the tuning's
	// Coarsen makes each work-item of the direct strategy own a block of
	// Coarsen[0] x Coarsen[1] x ... consecutive grid positions (missing
	// entries are 1), so temporaries that neighbouring positions share
	// (faces) are computed once. A single factor applies to the last
	// dimension of each kernel (rows in 2-D: coalescing along the first
	// dimension is kept). Nil: one position per work-item (or the
	// tuning's).
	Coarsen []int
	// Interleave makes the points of a loop nest's block along NDRange
	// dimension 0 lie a work-group's width apart (NestPlan.Interleave).
	Interleave bool
	// Align starts the work-items of a loop nest of one point each at the
	// first element of the written array's row (NestPlan.Align); with
	// Auto on GPUs a stream nest is aligned without it (Note [loop
	// schedules]), unless NoAlign.
	Align   bool
	NoAlign bool
}

// Tuned returns the options the benchmarks chose (BENCHMARKS.md): the
// direct strategy everywhere and, on GPUs, a work-group shape and
// coarsening block per kernel (see gpuShape). On CPUs (PoCL) coarsening
// hinders vectorisation across work-items and is left off.
func Tuned() Options { return Options{Auto: true, Strategy: Direct} }

// ParseCoarsen parses a coarsening block: "2x4" gives one factor per
// dimension; a single number such as "4" applies to the last dimension of
// each kernel's grid (see Options.Coarsen).
func ParseCoarsen(s string) ([]int, error) {
	return parseDims(s, "coarsening", "a factor", 64, 0)
}

// ParseTile parses a work-group shape such as "16x8" or "256".
func ParseTile(s string) ([]int, error) {
	return parseDims(s, "tile", "a size", 1024, 1024)
}

// parseDims parses "AxBxC" with each entry in 1..maxEach and, when
// maxProduct > 0, their product at most maxProduct.
func parseDims(s, what, entry string, maxEach, maxProduct int) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(strings.ToLower(s), "x")
	if len(parts) > MaxRank {
		return nil, fmt.Errorf("%s %q has more than %d dimensions", what, s, MaxRank)
	}
	out := make([]int, len(parts))
	total := 1
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 || n > maxEach {
			return nil, fmt.Errorf("%s %q: %q is not %s between 1 and %d", what, s, p, entry, maxEach)
		}
		out[i] = n
		total *= n
	}
	if maxProduct > 0 && total > maxProduct {
		return nil, fmt.Errorf("%s %q has %d work-items; at most %d are allowed", what, s, total, maxProduct)
	}
	return out, nil
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

// DimString spells a work-group shape or block: 16x8.
func DimString(t []int) string {
	s := make([]string, len(t))
	for i, n := range t {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, "x")
}

// LocalMemWarn is the __local memory (bytes) above which Schedule warns
// when the target's is unknown: most GPUs have 48 KiB per work-group.
const LocalMemWarn = 48 << 10

// Schedule analyses every kernel of p and takes every decision of how it
// runs on target t with options o (see Note [schedule]). When the target's
// __local memory is unknown (forocl build), it warns about a kernel whose
// tiles need more than most GPUs have (LocalMemWarn); with a known device
// the host refuses such a launch. Everything else sema checked.
func Schedule(p *ir.Program, t Target, o Options) (*Plan, diag.List) {
	var diags diag.List
	plan := &Plan{Target: t, Options: o, Strategy: o.Strategy}
	if o.Auto {
		plan.Strategy = Direct
	}
	for _, k := range p.Kernels {
		fk, err := Frames(k)
		if err != nil {
			diags.Error(diag.InternalError, diag.At(k.Pos.Start), "internal error: kernel %q has a grid but nests the region schedule does not take: %v", k.Name, err).
				WithHint("this is a bug in forocl, not in the input; please report it with the input")
			continue
		}
		var kp *KernelPlan
		if NeedsPhases(fk) {
			kp = schedulePhases(fk, t, o, plan.Strategy)
		} else {
			kp = scheduleKernel(fk, t, o, plan.Strategy)
			if fk.FrameForm() { // one launch, planned by kp itself
				kp.Launches = []*Launch{{Kernel: fk, Plan: kp, Last: true}}
			}
		}
		kp.IR = k
		plan.Kernels = append(plan.Kernels, kp)
		if t.LocalMem == 0 && kp.LocalBytes > LocalMemWarn {
			diags.Warn(codeLocalMemory, diag.At(k.Pos.Start), "kernel %q needs %d KiB of local memory per work-group with tile %s; most GPUs have 48 KiB", k.Name, (kp.LocalBytes+1023)/1024, DimString(kp.largestGroup())).
				WithHint("use a smaller --tile or --strategy direct")
		}
	}
	return plan, diags
}

// largestGroup returns the work-group of kp's launch that needs the most
// __local memory (LocalBytes): kp's own when it plans its launch itself.
func (kp *KernelPlan) largestGroup() []int {
	local, most := kp.Local, -1
	for _, l := range kp.Launches {
		switch {
		case l.Plan != nil && l.Plan != kp && l.Plan.LocalBytes > most:
			local, most = l.Plan.Local, l.Plan.LocalBytes
		case l.Nest != nil && l.Nest.TileBytes() > most:
			local, most = l.Nest.Local, l.Nest.TileBytes()
		}
	}
	return local
}

// Frames returns the kernel the schedule takes for k: for a kernel with a
// grid, whose nests are frame statements (Note [frames as nests] in package
// ir), their frame form, which the shift analysis, the strategies and the
// phases work on; k itself otherwise.
func Frames(k *ir.Kernel) (*ir.Kernel, error) {
	if k.Grid() == nil {
		return k, nil
	}
	return ir.NestsToFrames(k)
}

// scheduleKernel plans one kernel.
func scheduleKernel(k *ir.Kernel, t Target, o Options, s Strategy) *KernelPlan {
	if !k.FrameForm() {
		return scheduleLoops(k, t, o, s)
	}
	rank := k.Rank
	local := fit(o.Tile, DefaultTile(s, rank), rank)
	coarsen := ones(rank)
	kp := AnalyzeKernel(k, nil)
	if s == Direct {
		factors := o.Coarsen
		switch {
		case !o.Auto || o.Tile != nil || factors != nil:
		case rank == 1 && reducesOnly(k):
			// A 1-D pass that only reduces: 4 consecutive positions per
			// work-item in groups of 256 (issue 25: a dot product of
			// 2^28 elements reached 2976 GB/s in real(8) and 3002 in
			// real(4) on the H100 with 4, against 2318 and 1562 with one).
			local, factors = []int{256}, []int{reduceRun}
		case rank < 2:
		case reducesOnly(k):
			// A pass that only reduces, on any device: 16 rows per
			// work-item in 256x1 groups, so few partials and work-group
			// trees are left (sum of 8192^2 real(4): 88.8% of copy on the
			// H100 against 67% with 4 rows; 4096^2 on PoCL 6.2 ms against
			// 70 ms with one element per work-item).
			local, factors = ones(rank), ones(rank)
			local[0], factors[rank-1] = 256, 16
		case t.Type == "GPU":
			local, factors = gpuShape(k, kp, rank)
		}
		if len(factors) == 1 && rank > 1 {
			f := factors[0]
			factors = make([]int, rank)
			factors[rank-1] = f
		}
		coarse := false
		for d := 0; d < rank && d < len(factors); d++ {
			if c := factors[d]; c > 1 {
				coarsen[d], coarse = c, true
			}
		}
		if coarse {
			kp = AnalyzeKernel(k, ownedBlock(coarsen))
		}
	}
	kp.Strategy, kp.Local, kp.Coarsen = s, local, coarsen
	if s == Local {
		kp.planLocal()
	} else {
		kp.Private = map[*ir.Var]bool{}
		for _, v := range k.Temps {
			if _, live := kp.Temps[v]; live {
				kp.Private[v] = true
			}
		}
	}
	return kp
}

// Note [phases]
//
// A kernel with reductions, or with scalar results (intent(out) scalar
// dummies), runs as several launches. Its body is split after each
// reduction's assignment (sema put each at the top level, before the
// statements that read its value). The kernel's plan lists the phases'
// launches and, after each, the folds of its reductions
// (KernelPlan.Launches; a kernel without either is one launch, planned by
// its plan itself). Each phase is scheduled as a kernel of
// its own: the top-level scalar statements of the earlier phases, run
// again (they are uniform and cheap, and carry scalars across launches),
// then the phase's statements. A phase that ends with a reduction folds
// its values per work-group into a partial (a tree in __local memory, in
// a fixed order) and writes one partial per work-group; a second launch of
// one work-group folds the partials, again in a fixed order, into the
// reduction's value, which later phases load first. So the result is the
// same on every run on the same device with the same grid, work-group and
// block of positions per work-item.
// The last phase writes the scalar results (work-item 0); a phase with no
// array statement runs on one work-item. Sema guarantees that no temporary
// and no scalar set inside an IF crosses a split, and that there is no
// RETURN.

// Launch is one launch of a kernel's plan (KernelPlan.Launches): a nest
// launch runs statements of the kernel over its grid, or one nest of a
// loop kernel over its iteration space (or, with no array statement, on
// one work-item); a fold launch (Fold not nil) folds the partials of one
// reduction of the nest launch before it in one work-group (Note
// [phases]).
type Launch struct {
	// Kernel holds a nest launch's statements, after the top-level scalar
	// statements of the earlier launches; it shares the original kernel's
	// variables. It is the kernel itself when that runs as one launch, and
	// for a loop kernel's launches; otherwise its name is the original's
	// with _p1, _p2, ...
	Kernel *ir.Kernel
	// Plan is a nest launch's schedule (the kernel's own plan when it runs
	// as one launch); nil when it has no array statement (it runs on one
	// work-item), for a loop kernel's launches, and for a fold launch.
	Plan *KernelPlan
	// Nest is the schedule of a loop kernel's nest launch (Note [loop
	// schedules]); nil otherwise. A loop kernel's launch with neither
	// Plan nor Nest, and not a fold, writes its scalar results (Last) on
	// one work-item.
	Nest *NestPlan
	// Loads are the earlier reductions whose values (their Result
	// locals) the launch reads from their buffers first.
	Loads []*ir.Var
	// Reduces are the Reduction variables whose partials a nest launch
	// ends with (independent of each other), in order; a fold launch
	// follows for each.
	Reduces []*ir.Var
	// Last marks the launch that writes the kernel's scalar results.
	Last bool
	// Fold, for a fold launch, is the reduction whose partials it folds.
	Fold *ir.Var
	// Tail, for the last fold launch after a nest launch, is a nest
	// launch of scalar statements only that needs its value: it has no
	// launch of its own, the fold's work-item that holds the value runs it
	// (one launch fewer). Not after a maxloc or minloc, whose fold kernel
	// differs.
	Tail *Launch
}

// NeedsPhases reports whether k runs as several launches (phases): it has
// reductions or scalar results.
func NeedsPhases(k *ir.Kernel) bool {
	if !k.FrameForm() { // loop kernels reduce per nest (Note [loop reductions] in ir)
		return false
	}
	for _, v := range k.Params {
		if v.Result() {
			return true
		}
	}
	for _, s := range k.Body {
		if reductionOf(s) != nil {
			return true
		}
	}
	return false
}

// reductionOf returns the Reduction variable s assigns, or nil.
func reductionOf(s ir.Stmt) *ir.Var {
	if a, ok := s.(*ir.Assign); ok {
		if w, ok := a.LHS.(*ir.Window); ok && w.Var.Role == ir.Reduction {
			return w.Var
		}
	}
	return nil
}

// ReduceGroup is the work-group size of the launch that folds a
// reduction's partials.
const ReduceGroup = 256

// schedulePhases splits k at its reductions (Note [phases]) and schedules
// each phase. A phase ends where a statement needs the value of a
// reduction of the phase: until then, independent reductions share the
// phase (one launch reads their arrays once), and top-level scalar
// statements that only need such values are deferred to the start of the
// next phase, unless something before the split reads or writes what
// they write.
func schedulePhases(k *ir.Kernel, t Target, o Options, s Strategy) *KernelPlan {
	kp := &KernelPlan{Kernel: k, Rank: k.Rank, Strategy: s}
	var phases []*Launch // the nest launches, and the scalar ones that may run in a fold
	var prefix []ir.Stmt // top-level scalar statements of the phases so far
	var loads []*ir.Var
	results := false
	for _, v := range k.Params {
		results = results || v.Result()
	}
	phase := func(stmts []ir.Stmt, reds []*ir.Var, last bool) {
		body := append(append([]ir.Stmt(nil), prefix...), stmts...)
		pk := &ir.Kernel{Name: fmt.Sprintf("%s_p%d", k.Name, len(phases)+1), File: k.File, Module: k.Module, Pos: k.Pos,
			Rank: k.Rank, Params: k.Params, Locals: k.Locals, Temps: k.Temps, Body: body}
		ph := &Launch{Kernel: pk, Loads: append([]*ir.Var(nil), loads...), Reduces: reds, Last: last}
		arrays := false
		ForEachAssign(stmts, func(a *ir.Assign) {
			_, w := a.LHS.(*ir.Window)
			arrays = arrays || w
		})
		if arrays {
			ph.Plan = scheduleKernel(pk, t, o, s)
			n := 1
			for _, l := range ph.Plan.Local {
				n *= l
			}
			for _, r := range reds {
				ph.Plan.LocalBytes += n * r.Kind.Bytes() // the trees
				if r.Reduce.Op.Loc() {
					ph.Plan.LocalBytes += n * 4 // and their indices
				}
			}
			kp.LocalBytes = max(kp.LocalBytes, ph.Plan.LocalBytes)
		}
		phases = append(phases, ph)
		for _, st := range stmts {
			if a, ok := st.(*ir.Assign); ok {
				if _, scalar := a.LHS.(*ir.Ref); scalar {
					prefix = append(prefix, a)
				}
			}
		}
		loads = append(loads, reds...)
	}
	var cur, deferred []ir.Stmt
	var pending []*ir.Var               // reductions of the current phase
	waiting := map[*ir.Var]bool{}       // their values, and what deferred statements set
	deferredSets := map[*ir.Var]bool{}  // what deferred statements set
	deferredReads := map[*ir.Var]bool{} // and what they read
	split := func() {
		phase(cur, pending, false)
		cur, pending = append([]ir.Stmt(nil), deferred...), nil
		deferred = nil
		waiting, deferredSets, deferredReads = map[*ir.Var]bool{}, map[*ir.Var]bool{}, map[*ir.Var]bool{}
	}
	for _, st := range k.Body {
		needs := readsAny(st, waiting)
		if needs {
			if a, ok := st.(*ir.Assign); ok {
				if ref, scalar := a.LHS.(*ir.Ref); scalar {
					deferred = append(deferred, a)
					waiting[ref.Var] = true
					deferredSets[ref.Var] = true
					ir.Walk(a.RHS, func(x ir.Expr) {
						if r, ok := x.(*ir.Ref); ok {
							deferredReads[r.Var] = true
						}
					})
					continue
				}
			}
			split()
		} else if writesAny(st, deferredSets) || writesAny(st, deferredReads) {
			split()
		}
		cur = append(cur, st)
		if red := reductionOf(st); red != nil {
			pending = append(pending, red)
			waiting[red.Reduce.Result] = true
			for _, p := range red.Reduce.Positions { // maxloc's
				waiting[p] = true
			}
		}
	}
	if len(pending) > 0 {
		split()
	}
	if len(cur) > 0 || results {
		phase(cur, nil, true)
	} else {
		phases[len(phases)-1].Last = true
	}
	for i := 0; i < len(phases); i++ {
		ph := phases[i]
		kp.Launches = append(kp.Launches, ph)
		for j, r := range ph.Reduces {
			fold := &Launch{Fold: r}
			if j == len(ph.Reduces)-1 && !r.Reduce.Op.Loc() && i+1 < len(phases) && phases[i+1].Plan == nil {
				fold.Tail = phases[i+1]
				i++
			}
			kp.Launches = append(kp.Launches, fold)
		}
	}
	return kp
}

// readsAny reports whether s reads one of vars.
func readsAny(s ir.Stmt, vars map[*ir.Var]bool) bool {
	found := false
	visit := func(e ir.Expr) {
		ir.Walk(e, func(x ir.Expr) {
			switch x := x.(type) {
			case *ir.Ref:
				found = found || vars[x.Var]
			case *ir.Window:
				found = found || vars[x.Var]
			}
		})
	}
	var stmts func(ss []ir.Stmt)
	stmts = func(ss []ir.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.Assign:
				visit(s.RHS)
				visit(s.Mask)
				if _, arr := s.LHS.(*ir.Window); arr {
					visit(s.LHS)
				}
			case *ir.If:
				visit(s.Cond)
				stmts(s.Then)
				stmts(s.Else)
			}
		}
	}
	stmts([]ir.Stmt{s})
	return found
}

// writesAny reports whether s assigns one of vars.
func writesAny(s ir.Stmt, vars map[*ir.Var]bool) bool {
	found := false
	ForEachAssign([]ir.Stmt{s}, func(a *ir.Assign) {
		switch l := a.LHS.(type) {
		case *ir.Ref:
			found = found || vars[l.Var]
		case *ir.Window:
			found = found || vars[l.Var]
		}
	})
	return found
}

// fit returns t (or def when t is empty) padded with 1s or cut to rank
// entries.
func fit(t, def []int, rank int) []int {
	if len(t) == 0 {
		t = def
	}
	out := ones(rank)
	copy(out, t)
	return out
}

func ones(n int) []int {
	out := make([]int, n)
	for d := range out {
		out[d] = 1
	}
	return out
}

// ownedBlock lists the shifts of a block of c[0] x c[1] x ... positions,
// first dimension fastest.
func ownedBlock(c []int) []Shift {
	owned := []Shift{{}}
	for d, n := range c {
		var next []Shift
		for _, s := range owned {
			for i := 0; i < n; i++ {
				t := s
				t[d] = i
				next = append(next, t)
			}
		}
		owned = next
	}
	return owned
}

// reduceRun is the consecutive positions a work-item of a 1-D region
// phase that only reduces owns.
const reduceRun = 4

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
func gpuShape(k *ir.Kernel, kp *KernelPlan, rank int) (tile, coarsen []int) {
	work := 0
	masked := false
	ForEachAssign(k.Body, func(a *ir.Assign) {
		if a.Mask != nil {
			masked = true
		}
		w, ok := a.LHS.(*ir.Window)
		if !ok || w.Var.Role != ir.Temp {
			return
		}
		xs := map[int]bool{}
		for _, s := range kp.Eval[a] {
			xs[s[0]] = true
		}
		if len(xs) > 1 {
			work += exprCost(a.RHS)
		}
	})
	if masked {
		// Masked (WHERE) assignments: coarsened, minmod_slopes ran 26%
		// slower than one position per work-item.
		return DefaultTile(Direct, rank), nil
	}
	tile, coarsen = ones(rank), ones(rank)
	coarsen[rank-1] = 4
	if work >= faceWorkThreshold {
		tile[0], tile[1], coarsen[0] = 64, 2, 2
	} else {
		tile[0] = 128
	}
	return tile, coarsen
}

// reducesOnly reports whether every array statement of k folds into a
// reduction (a phase that writes no array).
func reducesOnly(k *ir.Kernel) bool {
	arrays, reduces := 0, 0
	ForEachAssign(k.Body, func(a *ir.Assign) {
		if w, ok := a.LHS.(*ir.Window); ok {
			arrays++
			if w.Var.Role == ir.Reduction {
				reduces++
			}
		}
	})
	return arrays > 0 && arrays == reduces
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

// Owner reports whether a is evaluated only at the owning work-item's own
// position (local strategy: no cooperative loop).
func (kp *KernelPlan) Owner(a *ir.Assign) bool {
	ev := kp.Eval[a]
	return len(ev) == 1 && ev[0] == Shift{}
}

// TileSize is the extent of v's tile in dimension d.
func (kp *KernelPlan) TileSize(v *ir.Var, d int) int {
	return kp.Tiles[v].Size(d, kp.Local[d])
}

// planLocal decides, for the local strategy, which inputs and temporaries
// live in __local tiles, which statements share a cooperative loop and
// where barriers go. Inputs read at more than one shift are tiled (read
// once from global memory, then shared). A temporary stays in a register
// when every statement that writes or reads it is evaluated at the owner's
// position only; otherwise it is tiled.
func (kp *KernelPlan) planLocal() {
	k := kp.Kernel
	kp.Tiles = map[*ir.Var]Box{}
	kp.Private = map[*ir.Var]bool{}
	kp.Groups = map[*ir.Assign][]*ir.Assign{}
	kp.Barrier = map[*ir.Assign]bool{}
	for v, shifts := range kp.Inputs {
		if len(shifts) > 1 {
			kp.Tiles[v] = BoxOf(shifts)
		}
	}
	shared := map[*ir.Var]bool{}
	ForEachAssign(k.Body, func(a *ir.Assign) {
		if _, live := kp.Eval[a]; !live {
			return
		}
		own := kp.Owner(a)
		if w, ok := a.LHS.(*ir.Window); ok && w.Var.Role == ir.Temp && !own {
			shared[w.Var] = true
		}
		visit := func(x ir.Expr) {
			ir.Walk(x, func(x ir.Expr) {
				if w, ok := x.(*ir.Window); ok && w.Var.Role == ir.Temp && (!own || kp.WindowShift(a, w) != Shift{}) {
					shared[w.Var] = true
				}
			})
		}
		visit(a.RHS)
		visit(a.Mask)
	})
	for _, v := range k.Temps {
		shifts, live := kp.Temps[v]
		if !live {
			continue
		}
		if shared[v] {
			kp.Tiles[v] = BoxOf(shifts)
		} else {
			kp.Private[v] = true
		}
	}
	for _, v := range kp.TiledVars() {
		n := 1
		for d := 0; d < kp.Rank; d++ {
			n *= kp.TileSize(v, d)
		}
		kp.LocalBytes += n * v.Kind.Bytes()
	}
	// The kernel starts by loading every input tile.
	b := &barriers{kp: kp, dirty: map[*ir.Var]bool{}, read: map[*ir.Var]bool{}}
	for v := range kp.Tiles {
		if v.Role != ir.Temp {
			b.dirty[v] = true
		}
	}
	b.stmts(k.Body)
}

// TiledVars lists the tiled variables sorted by name.
func (kp *KernelPlan) TiledVars() []*ir.Var {
	vs := make([]*ir.Var, 0, len(kp.Tiles))
	for v := range kp.Tiles {
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].Name < vs[j].Name })
	return vs
}

// Cooperative reports whether s is a live array assignment that the local
// strategy evaluates in a cooperative loop (not only at the owner's
// position).
func (kp *KernelPlan) Cooperative(s ir.Stmt) (*ir.Assign, bool) {
	a, ok := s.(*ir.Assign)
	if !ok {
		return nil, false
	}
	if _, arr := a.LHS.(*ir.Window); !arr {
		return nil, false
	}
	if _, live := kp.Eval[a]; !live || kp.Owner(a) {
		return nil, false
	}
	return a, true
}

// TileReads returns the tiled variables a reads, in order of first read.
func (kp *KernelPlan) TileReads(a *ir.Assign) []*ir.Var {
	var out []*ir.Var
	seen := map[*ir.Var]bool{}
	visit := func(x ir.Expr) {
		ir.Walk(x, func(x ir.Expr) {
			if w, ok := x.(*ir.Window); ok {
				if _, tiled := kp.Tiles[w.Var]; tiled && !seen[w.Var] {
					seen[w.Var] = true
					out = append(out, w.Var)
				}
			}
		})
	}
	visit(a.RHS)
	visit(a.Mask)
	return out
}

// TiledLHS returns the tiled variable a assigns, or nil.
func (kp *KernelPlan) TiledLHS(a *ir.Assign) *ir.Var {
	if w, ok := a.LHS.(*ir.Window); ok {
		if _, tiled := kp.Tiles[w.Var]; tiled {
			return w.Var
		}
	}
	return nil
}

// fusible returns the statements from stmts[i] on that can share one
// cooperative loop: same evaluation box, and none reads or writes a tile
// that an earlier one of the run writes (so no barrier is needed between
// them).
func (kp *KernelPlan) fusible(stmts []ir.Stmt, i int) []*ir.Assign {
	first, _ := kp.Cooperative(stmts[i])
	box := BoxOf(kp.Eval[first])
	group := []*ir.Assign{first}
	written := map[*ir.Var]bool{}
	if v := kp.TiledLHS(first); v != nil {
		written[v] = true
	}
	for _, s := range stmts[i+1:] {
		a, ok := kp.Cooperative(s)
		if !ok || BoxOf(kp.Eval[a]) != box {
			break
		}
		clash := false
		for _, v := range kp.TileReads(a) {
			clash = clash || written[v]
		}
		if v := kp.TiledLHS(a); v != nil && written[v] {
			clash = true
		}
		if clash {
			break
		}
		if v := kp.TiledLHS(a); v != nil {
			written[v] = true
		}
		group = append(group, a)
	}
	return group
}

// barriers walks the statements in emission order and records, for the
// local strategy, the cooperative groups and the barriers: one before a
// group (or owner statement) that reads a tile written since the last
// barrier, or writes a tile read or written since.
type barriers struct {
	kp          *KernelPlan
	dirty, read map[*ir.Var]bool
}

func (b *barriers) stmts(stmts []ir.Stmt) {
	kp := b.kp
	for i := 0; i < len(stmts); i++ {
		switch s := stmts[i].(type) {
		case *ir.Assign:
			if _, arr := s.LHS.(*ir.Window); !arr {
				continue
			}
			if _, live := kp.Eval[s]; !live {
				continue
			}
			group := []*ir.Assign{s}
			if !kp.Owner(s) {
				group = kp.fusible(stmts, i)
				kp.Groups[s] = group
				i += len(group) - 1
			}
			b.before(group)
		case *ir.If:
			// The condition is uniform across the work-group, so barriers
			// inside the branches are reached by all work-items or none.
			// Each branch starts from the state before the IF united with
			// the branches before it (conservative).
			before := b.snapshot()
			for _, branch := range IfBranches(s) {
				b.restore(before)
				b.stmts(branch)
				before = b.merge(before)
			}
			b.restore(before)
		}
	}
}

func (b *barriers) before(group []*ir.Assign) {
	kp := b.kp
	need := false
	for _, a := range group {
		for _, v := range kp.TileReads(a) {
			need = need || b.dirty[v]
		}
		if v := kp.TiledLHS(a); v != nil && (b.read[v] || b.dirty[v]) {
			need = true
		}
	}
	if need {
		kp.Barrier[group[0]] = true
		b.dirty, b.read = map[*ir.Var]bool{}, map[*ir.Var]bool{}
	}
	for _, a := range group {
		for _, v := range kp.TileReads(a) {
			b.read[v] = true
		}
		if v := kp.TiledLHS(a); v != nil {
			b.dirty[v] = true
		}
	}
}

type barrierSnap struct{ dirty, read map[*ir.Var]bool }

func copySet(m map[*ir.Var]bool) map[*ir.Var]bool {
	c := make(map[*ir.Var]bool, len(m))
	for v := range m {
		c[v] = true
	}
	return c
}

func (b *barriers) snapshot() barrierSnap {
	return barrierSnap{dirty: copySet(b.dirty), read: copySet(b.read)}
}

func (b *barriers) restore(s barrierSnap) {
	b.dirty, b.read = copySet(s.dirty), copySet(s.read)
}

// merge returns s united with the current state (conservative after a
// branch).
func (b *barriers) merge(s barrierSnap) barrierSnap {
	out := b.snapshot()
	for v := range s.dirty {
		out.dirty[v] = true
	}
	for v := range s.read {
		out.read[v] = true
	}
	return out
}

// IfBranches lists the bodies of an IF chain as codegen emits it, with
// ELSE IF chains flattened: THEN, each ELSE IF's THEN, and the final ELSE
// when it is not empty.
func IfBranches(s *ir.If) [][]ir.Stmt {
	out := [][]ir.Stmt{s.Then}
	for len(s.Else) == 1 {
		next, ok := s.Else[0].(*ir.If)
		if !ok {
			break
		}
		out = append(out, next.Then)
		s = next
	}
	if len(s.Else) > 0 {
		out = append(out, s.Else)
	}
	return out
}
