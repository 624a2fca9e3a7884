package golden

import (
	"bytes"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/regions"
)

// TestGoldenPlan pins the schedule of every corpus file with both
// strategies: what `forocl dump --stage=regions` prints.
func TestGoldenPlan(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("testdata/plan"), goldie.WithNameSuffix(".plan"))
	for _, f := range corpus(t) {
		c := compile(t, f)
		for _, s := range strategies {
			var b bytes.Buffer
			regions.Fprint(&b, c.plans[s])
			g.Assert(t, stem(f)+"."+s.String(), b.Bytes())
		}
	}
}

// TestGoldenABI pins the ABI (forocl build --abi) of every corpus file with
// the direct strategy.
func TestGoldenABI(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("testdata/abi"), goldie.WithNameSuffix(".abi.json"))
	for _, f := range corpus(t) {
		u := compile(t, f).units[regions.Direct]
		u.OpenCL = stem(f) + ".cl"
		b, err := abi.Marshal(u)
		if err != nil {
			t.Fatal(err)
		}
		g.Assert(t, stem(f), b)
	}
}

// roundTrip returns u as a host in another language sees it: its ABI read
// back from JSON, with the OpenCL source beside it.
func roundTrip(t *testing.T, u *abi.Unit) *abi.Unit {
	t.Helper()
	b, err := abi.Marshal(u)
	if err != nil {
		t.Fatal(err)
	}
	back, err := abi.Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	back.Source = u.Source
	if !reflect.DeepEqual(back, u) {
		t.Fatalf("the ABI does not survive JSON:\n%s", b)
	}
	return back
}

var (
	reqdRE    = regexp.MustCompile(`reqd_work_group_size\((\d+), (\d+), (\d+)\)`)
	tileRE    = regexp.MustCompile(`__local \w+ _tile_(\w+)\[`)
	kernelRE  = regexp.MustCompile(`(?m)^__kernel `)
	ownsRE    = regexp.MustCompile(`_a(\d) = get_global_id\(\d\) \* (\d+) \+`)
	barrierRE = regexp.MustCompile(`barrier\(CLK_LOCAL_MEM_FENCE\)`)
)

// TestPlanIsWhatCodegenUses holds the printed plan and the generated OpenCL
// equal: for every corpus kernel in every variant, the work-group in
// reqd_work_group_size, the __local tiles, the barriers and the coarsening
// block in the .cl are the plan's, and the ABI launches what the plan says.
func TestPlanIsWhatCodegenUses(t *testing.T) {
	for _, f := range corpus(t) {
		c := compile(t, f)
		var check func(name string, plan *regions.Plan, u *abi.Unit)
		check = func(name string, plan *regions.Plan, u *abi.Unit) {
			if mixedKinds(plan) { // loop and region kernels in one file: each on its own
				for kp, ku := range perKernel(plan, u) {
					check(name, kp, ku)
				}
				return
			}
			if !plan.Kernels[0].Kernel.FrameForm() {
				checkLoopPlan(t, f+" "+name, plan, u)
				return
			}
			// The OpenCL kernels in order, with the plan and the launch of
			// each: one per launch of the kernel's plan (nest launches,
			// and the folds of their reductions, not planned).
			type emitted struct {
				kp     *regions.KernelPlan // nil: a fold or a scalar phase
				launch *abi.Launch
				fold   bool // the phase ends with a reduction (its tree adds barriers)
			}
			var want []emitted
			for i, kp := range plan.Kernels {
				li := 0
				for _, l := range kp.Launches {
					if li >= len(u.Kernels[i].Launches) {
						break
					}
					var lp *regions.KernelPlan // nil for a fold, and for scalar statements only
					if l.Fold == nil {
						lp = l.Plan
					}
					want = append(want, emitted{lp, u.Kernels[i].Launches[li], len(l.Reduces) > 0})
					li++
				}
				if li != len(u.Kernels[i].Launches) || li != len(kp.Launches) {
					t.Errorf("%s %s %s: %d launches in the ABI, the plan has %d", f, name, kp.Kernel.Name, len(u.Kernels[i].Launches), li)
				}
			}
			// Split the .cl at each __kernel.
			starts := kernelRE.FindAllStringIndex(u.Source, -1)
			if len(starts) != len(want) {
				t.Fatalf("%s %s: %d kernels in the .cl, %d in the plan", f, name, len(starts), len(want))
			}
			for i, em := range want {
				kp := em.kp
				if kp == nil {
					continue
				}
				end := len(u.Source)
				if i+1 < len(starts) {
					end = starts[i+1][0]
				}
				// The text of kernel i: from the end of the previous one
				// (its comments and tile declarations come after __kernel).
				text := u.Source[starts[i][0]:end]
				what := fmt.Sprintf("%s %s %s", f, name, kp.Kernel.Name)

				m := reqdRE.FindStringSubmatch(text)
				local := []string{"1", "1", "1"}
				for d, n := range kp.Local {
					local[d] = fmt.Sprint(n)
				}
				if m == nil || strings.Join(m[1:], "x") != strings.Join(local, "x") {
					t.Errorf("%s: reqd_work_group_size %v, plan says %s", what, m, regions.DimString(kp.Local))
				}
				var tiles, want []string
				for _, t := range tileRE.FindAllStringSubmatch(text, -1) {
					tiles = append(tiles, t[1])
				}
				for _, v := range kp.TiledVars() {
					want = append(want, v.Name)
				}
				sort.Strings(tiles)
				if strings.Join(tiles, " ") != strings.Join(want, " ") {
					t.Errorf("%s: __local tiles %v, plan says %v", what, tiles, want)
				}
				if got := len(barrierRE.FindAllString(text, -1)); got != len(kp.Barrier) && !em.fold {
					t.Errorf("%s: %d barriers in the .cl, plan has %d", what, got, len(kp.Barrier))
				}
				block := make([]int, len(kp.Coarsen))
				for d := range block {
					block[d] = 1
				}
				for _, o := range ownsRE.FindAllStringSubmatch(text, -1) {
					var d, n int
					fmt.Sscan(o[1], &d)
					fmt.Sscan(o[2], &n)
					block[d] = n
				}
				if regions.DimString(block) != regions.DimString(kp.Coarsen) {
					t.Errorf("%s: the .cl owns %s positions per work-item, plan says %s", what, regions.DimString(block), regions.DimString(kp.Coarsen))
				}
				l := em.launch
				if regions.DimString(l.Local) != regions.DimString(kp.Local) || l.LocalBytes != kp.LocalBytes {
					t.Errorf("%s: ABI launches work-group %v with %d bytes, plan says %v and %d", what, l.Local, l.LocalBytes, kp.Local, kp.LocalBytes)
				}
				for d, r := range l.Global {
					if r.Per != kp.Coarsen[d] || -r.Positions.Const != kp.Shrink[d] {
						t.Errorf("%s: ABI global %v, plan coarsens %v and shrinks %v", what, l.Global, kp.Coarsen, kp.Shrink)
					}
				}
			}
		}
		for _, s := range strategies {
			check(s.String(), c.plans[s], c.units[s])
		}
		for name, v := range variants {
			plan, _ := regions.Schedule(c.res.Program, v.target, v.opts)
			check(name, plan, c.coarse[name])
		}
	}
}

// mixedKinds reports whether plan has both loop and region kernels.
func mixedKinds(plan *regions.Plan) bool {
	for _, kp := range plan.Kernels {
		if kp.Kernel.FrameForm() != plan.Kernels[0].Kernel.FrameForm() {
			return true
		}
	}
	return false
}

// perKernel splits plan and unit u into one plan and unit per kernel,
// each unit with the OpenCL text of that kernel's launches (one
// __kernel per launch, in order).
func perKernel(plan *regions.Plan, u *abi.Unit) map[*regions.Plan]*abi.Unit {
	starts := kernelRE.FindAllStringIndex(u.Source, -1)
	out := map[*regions.Plan]*abi.Unit{}
	first := 0
	for ki, kp := range plan.Kernels {
		k := u.Kernels[ki]
		end := first + len(k.Launches)
		lo, hi := len(u.Source), len(u.Source)
		if first < len(starts) {
			lo = starts[first][0]
		}
		if end < len(starts) {
			hi = starts[end][0]
		}
		out[&regions.Plan{Kernels: []*regions.KernelPlan{kp}}] = &abi.Unit{Source: u.Source[lo:hi], Kernels: []*abi.Kernel{k}}
		first = end
	}
	return out
}

// checkLoopPlan holds a loop kernel's plan and its OpenCL equal: one
// __kernel and one ABI launch per launch of the plan, of the same sort
// (nest, fold, results), a nest's with the plan's work-group, and NDRange
// dimension g running the nest index the plan maps to it.
func checkLoopPlan(t *testing.T, what string, plan *regions.Plan, u *abi.Unit) {
	t.Helper()
	starts := kernelRE.FindAllStringIndex(u.Source, -1)
	i := 0
	for ki, kp := range plan.Kernels {
		// The plan's launches are the ABI's: one per nest, in order,
		// carrying the nest's plan, with the fold launches of a nest's
		// reductions after it and the results launch last (Note [loop
		// reductions] in ir).
		if len(kp.Launches) != len(u.Kernels[ki].Launches) {
			t.Errorf("%s: %d launches in the ABI, %d in the plan", what, len(u.Kernels[ki].Launches), len(kp.Launches))
		}
		for li, l := range u.Kernels[ki].Launches {
			if i >= len(starts) {
				t.Fatalf("%s: fewer __kernels in the .cl than launches in the ABI", what)
			}
			end := len(u.Source)
			if i+1 < len(starts) {
				end = starts[i+1][0]
			}
			text := u.Source[starts[i][0]:end]
			i++
			local := []string{"1", "1", "1"}
			if li >= len(kp.Launches) {
				break
			}
			rl := kp.Launches[li]
			if nest := l.Strategy == regions.Direct.String() || l.Strategy == regions.Local.String(); nest != (rl.Nest != nil) || (rl.Fold != nil) != (l.Strategy == "fold") || rl.Last != (l.Strategy == "results") {
				t.Errorf("%s: launch %d is a %s launch in the ABI, not in the plan", what, li, l.Strategy)
				continue
			}
			if rl.Nest == nil {
				for d, n := range l.Local {
					local[d] = fmt.Sprint(n)
				}
				if m := reqdRE.FindStringSubmatch(text); m == nil || strings.Join(m[1:], "x") != strings.Join(local, "x") {
					t.Errorf("%s: %s launch %d: reqd_work_group_size %v, ABI says %v", what, l.Strategy, li, m, l.Local)
				}
				continue
			}
			np := rl.Nest
			for d, n := range np.Local {
				local[d] = fmt.Sprint(n)
			}
			if m := reqdRE.FindStringSubmatch(text); m == nil || strings.Join(m[1:], "x") != strings.Join(local, "x") {
				t.Errorf("%s: reqd_work_group_size %v, plan says %s", what, m, regions.DimString(np.Local))
			}
			if regions.DimString(l.Local) != regions.DimString(np.Local) || len(l.Global) != len(np.Dims) {
				t.Errorf("%s: ABI launch %d has work-group %v and %d dimensions, plan says %v and %d", what, li, l.Local, len(l.Global), np.Local, len(np.Dims))
			}
			for g, d := range np.Dims {
				v := np.Nest.Index[d].Name
				// (an integer(8) index is a long)
				direct := regexp.MustCompile(fmt.Sprintf(`const (FOROCL_INDEX_T|long) %s = .*get_global_id\(%d\)`, v, g)).MatchString(text)
				// a block of points: _pG is the block's first, v = _pG + offset
				block := regexp.MustCompile(fmt.Sprintf(`const FOROCL_INDEX_T _p%d = .*?(\d+\*)?\(FOROCL_INDEX_T\)get_global_id\(%d\)`, g, g)).FindStringSubmatch(text)
				want := fmt.Sprint(np.Coarsen[g])
				if g == 0 && np.Interleave {
					// interleaved: the group's block of Coarsen*Local points, Coarsen
					// points per work-item of the global work offset, then the local index
					block = regexp.MustCompile(fmt.Sprintf(`const FOROCL_INDEX_T _p0 = .*?(\d+\*)\(FOROCL_INDEX_T\)get_group_id\(0\) \+ %s\(FOROCL_INDEX_T\)get_global_offset\(0\) \+ \(FOROCL_INDEX_T\)get_local_id\(0\)`, regexp.QuoteMeta(strings.TrimPrefix(fmt.Sprintf("%d*", np.Coarsen[0]), "1*")))).FindStringSubmatch(text)
					want = fmt.Sprint(np.Coarsen[0] * np.Local[0])
				}
				if block != nil {
					per := strings.TrimSuffix(block[1], "*")
					if per == "" {
						per = "1"
					}
					if per != want || l.Global[g].Per != np.Coarsen[g] {
						t.Errorf("%s: dimension %d: the .cl gives a work-item %s points, the ABI %d, the plan %d", what, g, per, l.Global[g].Per, np.Coarsen[g])
					}
					block = nil
					if regexp.MustCompile(fmt.Sprintf(`const (FOROCL_INDEX_T|long) %s = _p%d\b`, v, g)).MatchString(text) {
						block = []string{}
					}
				}
				if !direct && block == nil {
					t.Errorf("%s: the .cl does not run %q over NDRange dimension %d as the plan says", what, v, g)
				}
			}
			tiles, bytes := 0, 0
			for _, tl := range np.Tiles {
				tiles++
				bytes += tl.Bytes(np.Local, np.Coarsen)
			}
			if n := strings.Count(text, "__local "); n < tiles || l.LocalBytes < bytes {
				t.Errorf("%s: the plan has %d tiles of %d bytes, the .cl %d __local arrays, the ABI %d bytes", what, tiles, bytes, n, l.LocalBytes)
			}
		}
	}
	if i != len(starts) {
		t.Errorf("%s: %d __kernels in the .cl, %d launches in the ABI", what, len(starts), i)
	}
}

// hostCorpus are the corpus files whose host procedure (forocl dump
// --stage=host) is pinned, with the direct strategy: an IF chain setting
// host variables that bound nests (loop_unpack_inc), host loops around a
// nest with a reduction and scalar results (loop_relax_resid), host loops
// and a guarded nest (loop_jacobi_iters), region kernels whose
// reductions are folded into results or feed a later phase (reductions),
// an elemental kernel (saxpy_elemental) and fixed form with two
// reductions (loop_fixed_omp), characters as host values (loop_chars).
// The 2-D ones are pinned with GPU tuning
// too: blocks of points per work-item.
var hostCorpus = map[string]bool{"loop_chars.f90": false, "loop_unpack_inc.f90": true, "loop_relax_resid.f90": false, "loop_jacobi_iters.f90": true, "reductions.f90": true, "saxpy_elemental.f90": false, "loop_fixed_omp.f": false}

// TestGoldenHost pins the host procedure of hostCorpus (Fprint of the ABI).
func TestGoldenHost(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("testdata/host"), goldie.WithNameSuffix(".host"))
	for name, tuned := range hostCorpus {
		c := compile(t, "../testdata/kernels/"+name)
		units := map[string]*abi.Unit{"direct": c.units[regions.Direct]}
		if tuned {
			units["gpu-tuned"] = c.coarse["gpu-tuned"]
		}
		for variant, u := range units {
			var b bytes.Buffer
			abi.Fprint(&b, u)
			g.Assert(t, stem(name)+"."+variant, b.Bytes())
		}
	}
}

// TestGoldenPlanTuned pins the schedule (forocl dump --stage=regions) of a
// few corpus files with GPU tuning, which TestGoldenPlan's strategies do
// not reach: nests in blocks of points with deferred stores
// (loop_jacobi_iters, loop_unpack_inc, whose bounds name host variables),
// tiles with blocks (loop_transpose), serial nests on one work-item
// (loop_serial) and region kernels coarsened into phases (reductions).
func TestGoldenPlanTuned(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("testdata/plan"), goldie.WithNameSuffix(".plan"))
	v := variants["gpu-tuned"]
	for _, name := range []string{"loop_jacobi_iters.f90", "loop_unpack_inc.f90", "loop_transpose.f90", "loop_serial.f90", "reductions.f90"} {
		res := driver.Front([]string{"../testdata/kernels/" + name}, driver.Options{IncludeDirs: []string{"../fortran"}})
		if res.Diags.HasErrors() {
			t.Fatalf("%s does not compile:\n%s", name, res.Diags.String(res.Sources))
		}
		plan, _ := regions.Schedule(res.Program, v.target, v.opts)
		var b bytes.Buffer
		regions.Fprint(&b, plan)
		g.Assert(t, stem(name)+".gpu-tuned", b.Bytes())
	}
}
