package runner

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
)

func TestPartition(t *testing.T) {
	for _, c := range []struct {
		n, lo, hi, count int
		weights          []float64
		starts, planes   []int
		err              string
	}{
		{n: 12, lo: 1, hi: 1, count: 2, starts: []int{1, 6}, planes: []int{5, 5}},
		{n: 12, lo: 1, hi: 1, count: 3, starts: []int{1, 5, 8}, planes: []int{4, 3, 3}},
		{n: 10, lo: 2, hi: 0, count: 1, starts: []int{2}, planes: []int{8}},
		{n: 22, lo: 1, hi: 1, weights: []float64{3, 1}, starts: []int{1, 16}, planes: []int{15, 5}},
		// The slow slab keeps the planes its neighbours' halos need.
		{n: 14, lo: 2, hi: 2, weights: []float64{100, 1}, starts: []int{2, 10}, planes: []int{8, 2}},
		{n: 7, lo: 2, hi: 2, count: 2, err: "a grid of 7 planes along its last dimension (halos 2 and 2) is too small for 2 slabs: each needs at least 2 interior planes; use at most 1 slabs or a larger grid"},
		{n: 12, lo: 1, hi: 1, weights: []float64{1, 0}, err: "slab 1 has weight 0"},
		// A count far beyond the grid is refused before anything is
		// allocated for it (it once made a weight per slab first).
		{n: 12, lo: 1, hi: 1, count: 99999999999, err: "too small for 99999999999 slabs"},
	} {
		starts, planes, err := Partition(c.n, c.lo, c.hi, c.count, c.weights)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Partition(%d, %d, %d, %d, %v): error %v, want %q", c.n, c.lo, c.hi, c.count, c.weights, err, c.err)
			}
			continue
		}
		if err != nil || !equalInts(starts, c.starts) || !equalInts(planes, c.planes) {
			t.Errorf("Partition(%d, %d, %d, %d, %v) = %v, %v, %v; want %v, %v", c.n, c.lo, c.hi, c.count, c.weights, starts, planes, err, c.starts, c.planes)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// corpusKernel compiles one kernel of testdata/kernels for the CPU.
func corpusKernel(t *testing.T, file, name string) (*abi.Unit, *abi.Kernel) {
	t.Helper()
	return sourceKernel(t, "../testdata/kernels/"+file, name)
}

// sourceKernel compiles kernel name of the Fortran file at path.
func sourceKernel(t *testing.T, path, name string) (*abi.Unit, *abi.Kernel) {
	t.Helper()
	return scheduledKernel(t, path, name, regions.Options{})
}

// scheduledKernel is sourceKernel with the schedule options sched.
func scheduledKernel(t *testing.T, path, name string, sched regions.Options) (*abi.Unit, *abi.Kernel) {
	t.Helper()
	file := filepath.Base(path)
	res := driver.Compile([]string{path}, driver.Options{IncludeDirs: []string{"../fortran"}, Schedule: sched})
	if res.Diags.HasErrors() {
		t.Fatalf("%s: %s", file, res.Diags.String(res.Sources))
	}
	k, err := res.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	u := res.Generate([]*ir.Kernel{k}, file, codegen.Options{})
	return u, u.Kernels[0]
}

// slabCase is a corpus kernel stepped with one swap pair.
type slabCase struct {
	file, kernel string
	scalars      map[string]float64
	shape        []int
	swap         Swap
	halo         [2]int
}

var slabCases = []slabCase{
	{"jacobi5.f90", "jacobi5_step", map[string]float64{"h": 0.1}, []int{13, 17}, Swap{"a", "oa"}, [2]int{1, 1}},
	{"halo2_2d.f90", "diffuse4", map[string]float64{"nu": 0.1, "dt": 0.1, "dx": 1, "dy": 1}, []int{14, 19}, Swap{"a", "oa"}, [2]int{2, 2}},
	{"heat3d_faces.f90", "heat3d_var", map[string]float64{"dt": 0.05, "dx": 1, "dy": 1, "dz": 1}, []int{6, 7, 15}, Swap{"t", "ot"}, [2]int{1, 1}},
	{"halo_asym.f90", "upwind_advect", map[string]float64{"cx": 0.3, "cy": 0.2}, []int{9, 16}, Swap{"a", "oa"}, [2]int{1, 0}},
	// Planes of 128 and 256 bytes: sub-buffers fit the alignment of most
	// devices, so the exchange overlaps the interior.
	{"jacobi5.f90", "jacobi5_step", map[string]float64{"h": 0.1}, []int{32, 17}, Swap{"a", "oa"}, [2]int{1, 1}},
	{"halo2_2d.f90", "diffuse4", map[string]float64{"nu": 0.1, "dt": 0.1, "dx": 1, "dy": 1}, []int{64, 19}, Swap{"a", "oa"}, [2]int{2, 2}},
	{"heat3d_faces.f90", "heat3d_var", map[string]float64{"dt": 0.05, "dx": 1, "dy": 1, "dz": 1}, []int{8, 4, 15}, Swap{"t", "ot"}, [2]int{1, 1}},
	{"halo_asym.f90", "upwind_advect", map[string]float64{"cx": 0.3, "cy": 0.2}, []int{32, 16}, Swap{"a", "oa"}, [2]int{1, 0}},
}

// slabJob is c's job over steps steps on reproducible random inputs.
func slabJob(u *abi.Unit, k *abi.Kernel, c slabCase, steps int) Job {
	arrays := map[string]*npy.Array{}
	for i, p := range k.Arrays() {
		if p.Intent == abi.In {
			arrays[strings.ToLower(p.Name)] = Random(KindDType(p.Kind), c.shape, int64(i+1))
		}
	}
	return Job{Unit: u, Kernel: k, Scalars: c.scalars, Arrays: arrays, Steps: steps, Swap: []Swap{c.swap}}
}

// sameDevice opens n contexts on the test device: n simulated devices.
func sameDevice(t *testing.T, n int) []*clhost.Context {
	first := testContext(t)
	ctxs := []*clhost.Context{first}
	for len(ctxs) < n {
		c, err := clhost.NewContext(first.Device())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		ctxs = append(ctxs, c)
	}
	return ctxs
}

func TestRunSlabsMatchesOneDevice(t *testing.T) {
	ctxs := sameDevice(t, 3)
	for _, c := range slabCases {
		u, k := corpusKernel(t, c.file, c.kernel)
		lo, hi, err := SlabHalo(k)
		if err != nil || [2]int{lo, hi} != c.halo {
			t.Errorf("%s: SlabHalo = %d, %d, %v; want %v", c.kernel, lo, hi, err, c.halo)
		}
		const steps = 5
		one, err := Run(ctxs[0], slabJob(u, k, c, steps))
		if err != nil {
			t.Fatalf("%s on one device: %v", c.kernel, err)
		}
		for _, n := range []int{2, 3} {
			for _, noOverlap := range []bool{false, true} {
				got, err := RunSlabs(slabJob(u, k, c, steps), Slabs{Contexts: ctxs[:n], NoOverlap: noOverlap})
				if err != nil {
					t.Fatalf("%s on %d slabs: %v", c.kernel, n, err)
				}
				if len(got.Planes) != n {
					t.Errorf("%s: %d slabs have planes %v", c.kernel, n, got.Planes)
				}
				if got.Overlapped == noOverlap {
					t.Errorf("%s %v on %d slabs: overlapped %v, NoOverlap %v", c.kernel, c.shape, n, got.Overlapped, noOverlap)
				}
				sameBits(t, fmt.Sprintf("%s %v on %d slabs (overlapped %v)", c.kernel, c.shape, n, got.Overlapped), one.Outputs[c.swap.Out], got.Outputs[c.swap.Out])
			}
		}
	}
}

// sameBits fails unless a and b hold the same values bit for bit.
func sameBits(t *testing.T, what string, want, got *npy.Array) {
	t.Helper()
	if got == nil || !equalInts(want.Shape, got.Shape) {
		t.Fatalf("%s: got %v, want shape %v", what, got, want.Shape)
	}
	wb, gb := bytesOf(want), bytesOf(got)
	for i := range wb {
		if wb[i] != gb[i] {
			t.Fatalf("%s: byte %d of %d differs from the one-device run", what, i, len(wb))
		}
	}
}

func TestRunSlabsWeightsAndBalance(t *testing.T) {
	ctxs := sameDevice(t, 2)
	c := slabCases[0]
	u, k := corpusKernel(t, c.file, c.kernel)
	one, err := Run(ctxs[0], slabJob(u, k, c, 3))
	if err != nil {
		t.Fatal(err)
	}
	got, err := RunSlabs(slabJob(u, k, c, 3), Slabs{Contexts: ctxs, Weights: []float64{3, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if !equalInts(got.Planes, []int{11, 4}) {
		t.Errorf("weights 3:1 over 15 interior planes gave %v, want [11 4]", got.Planes)
	}
	sameBits(t, "weighted", one.Outputs["oa"], got.Outputs["oa"])
	w, err := Balance(slabJob(u, k, c, 3), ctxs, 2, 2)
	if err != nil || len(w) != 2 || !(w[0] > 0 && w[1] > 0) {
		t.Errorf("Balance = %v, %v; want two positive speeds", w, err)
	}
}

func TestRunSlabsErrors(t *testing.T) {
	ctxs := sameDevice(t, 3)
	c := slabCases[1] // halo 2
	c.shape = []int{8, 7}
	u, k := corpusKernel(t, c.file, c.kernel)
	_, err := RunSlabs(slabJob(u, k, c, 2), Slabs{Contexts: ctxs})
	want := `kernel "diffuse4": a grid of 7 planes along its last dimension (halos 2 and 2) is too small for 3 slabs: each needs at least 2 interior planes; use at most 1 slabs or a larger grid`
	if err == nil || err.Error() != want {
		t.Errorf("too small a grid: %v\nwant %s", err, want)
	}
	if _, err := RunSlabs(slabJob(u, k, c, 2), Slabs{}); err == nil {
		t.Error("no contexts: no error")
	}
	// maxloc's positions were per slab and refused; an empty mask's
	// zeros are now the one device's too (TestRunSlabsMaxloc has more).
	u, k = corpusKernel(t, "maxloc.f90", "empty_loc")
	job := func() Job {
		return Job{Unit: u, Kernel: k, Arrays: map[string]*npy.Array{"h": Random(npy.Float32, []int{12, 30}, 9)}}
	}
	one, err := Run(ctxs[0], job())
	if err != nil {
		t.Fatal(err)
	}
	got, err := RunSlabs(job(), Slabs{Contexts: ctxs})
	if err != nil {
		t.Fatalf("maxloc on slabs: %v", err)
	}
	for _, p := range k.Outputs() {
		name := strings.ToLower(p.Name)
		sameBits(t, "empty_loc "+name, one.Outputs[name], got.Outputs[name])
	}
}

// Reductions: each slab's value is folded by the kernel's own fold, in
// slab order. normalize's sum covers the whole grid (halo 0); field_stats'
// sum and count are one plane in, so its slabs take halo 1 (SlabHalo
// widens the launch's 0:0 to its reductions' windows), as do those of the
// shallow-water example's wave_summary (its mass and CFL speed; its
// launch alone gives 1:0).
func TestRunSlabsReductions(t *testing.T) {
	ctxs := sameDevice(t, 3)
	h := Random(npy.Float32, []int{12, 30}, 9)
	for _, c := range []struct {
		file, kernel string
		scalars      map[string]float64
		halo         [2]int
		exact        []string // results bit-identical to one device
		close        []string // sums: equal to rounding
	}{
		{"reductions.f90", "normalize", nil, [2]int{0, 0}, nil, []string{"mean", "oh"}},
		{"reductions.f90", "field_stats", map[string]float64{"wet": 0.9}, [2]int{0, 0}, []string{"hmax", "hmin", "nwet", "anydry", "allpos"}, []string{"total"}},
		{"../../examples/shallowwater/fortran/summary.f90", "wave_summary", nil, [2]int{0, 0}, []string{"speed"}, []string{"mass"}},
	} {
		u, k := sourceKernel(t, filepath.Join("../testdata/kernels", c.file), c.kernel)
		job := Job{Unit: u, Kernel: k, Scalars: c.scalars, Arrays: map[string]*npy.Array{"h": h}}
		if c.kernel == "wave_summary" {
			job.Arrays["u"], job.Arrays["v"] = Random(npy.Float32, h.Shape, 10), Random(npy.Float32, h.Shape, 11)
		}
		one, err := Run(ctxs[0], job)
		if err != nil {
			t.Fatal(err)
		}
		got, err := RunSlabs(job, Slabs{Contexts: ctxs, Halo: c.halo})
		if err != nil {
			t.Fatalf("%s: %v", c.kernel, err)
		}
		for _, name := range c.exact {
			sameBits(t, c.kernel+" "+name, one.Outputs[name], got.Outputs[name])
		}
		for _, name := range c.close {
			w, g := one.Outputs[name], got.Outputs[name]
			for i := range w.F32 {
				if d := math.Abs(float64(w.F32[i] - g.F32[i])); d > 1e-5*math.Abs(float64(w.F32[i]))+1e-6 {
					t.Errorf("%s %s[%d] = %v on slabs, %v on one device", c.kernel, name, i, g.F32[i], w.F32[i])
					break
				}
			}
		}
	}
}

// TestRunSlabsOverlapParts: four slabs overlap the exchange, bit-identical
// to one device, with an exchange time and a hidden part within it; slabs
// too thin for an interior of their own beside the planes they send
// exchange after each step, as exactly.
func TestRunSlabsOverlapParts(t *testing.T) {
	ctxs := sameDevice(t, 4)
	u, k := corpusKernel(t, "jacobi5.f90", "jacobi5_step")
	for _, c := range []struct {
		shape      []int
		slabs      int
		overlapped bool
	}{{[]int{32, 42}, 4, true}, {[]int{32, 8}, 3, false}} {
		sc := slabCase{"jacobi5.f90", "jacobi5_step", map[string]float64{"h": 0.1}, c.shape, Swap{"a", "oa"}, [2]int{1, 1}}
		const steps = 7
		one, err := Run(ctxs[0], slabJob(u, k, sc, steps))
		if err != nil {
			t.Fatal(err)
		}
		got, err := RunSlabs(slabJob(u, k, sc, steps), Slabs{Contexts: ctxs[:c.slabs]})
		if err != nil {
			t.Fatalf("%v on %d slabs: %v", c.shape, c.slabs, err)
		}
		what := fmt.Sprintf("%v on %d slabs (planes %v)", c.shape, c.slabs, got.Planes)
		if got.Overlapped != c.overlapped {
			t.Errorf("%s: overlapped %v, want %v", what, got.Overlapped, c.overlapped)
		}
		if got.Hidden > got.Exchange || got.Exchange <= 0 || !got.Overlapped && got.Hidden != 0 {
			t.Errorf("%s: exchange %v with %v hidden", what, got.Exchange, got.Hidden)
		}
		sameBits(t, what, one.Outputs["oa"], got.Outputs["oa"])
	}
}

// TestRunSlabsCombines: over several steps, reductions that reach only
// the results (field_stats) are combined across slabs on the last step
// alone, and give the one device's results; a value that later launches
// carry into an array (normalize's mean) is combined on every step.
func TestRunSlabsCombines(t *testing.T) {
	ctxs := sameDevice(t, 3)
	h := Random(npy.Float32, []int{12, 30}, 9)
	const steps = 4
	for _, c := range []struct {
		kernel   string
		scalars  map[string]float64
		combines int
		exact    []string
	}{
		{"field_stats", map[string]float64{"wet": 0.9}, 8, []string{"hmax", "hmin", "nwet", "anydry", "allpos"}},
		{"normalize", nil, steps, nil},
	} {
		u, k := sourceKernel(t, "../testdata/kernels/reductions.f90", c.kernel)
		job := Job{Unit: u, Kernel: k, Scalars: c.scalars, Arrays: map[string]*npy.Array{"h": h}, Steps: steps}
		one, err := Run(ctxs[0], job)
		if err != nil {
			t.Fatal(err)
		}
		got, err := RunSlabs(job, Slabs{Contexts: ctxs})
		if err != nil {
			t.Fatalf("%s: %v", c.kernel, err)
		}
		if got.Combines != c.combines {
			t.Errorf("%s over %d steps: %d combines, want %d", c.kernel, steps, got.Combines, c.combines)
		}
		for _, name := range c.exact {
			sameBits(t, c.kernel+" "+name, one.Outputs[name], got.Outputs[name])
		}
	}
}

// TestRunSlabsSnapshots: snapshots of an overlapped run (every second
// step, gathered while the exchange is in flight) equal one device's.
func TestRunSlabsSnapshots(t *testing.T) {
	ctxs := sameDevice(t, 3)
	u, k := corpusKernel(t, "jacobi5.f90", "jacobi5_step")
	sc := slabCase{"jacobi5.f90", "jacobi5_step", map[string]float64{"h": 0.1}, []int{32, 30}, Swap{"a", "oa"}, [2]int{1, 1}}
	snaps := func(run func(Job) (bool, error)) map[int][]byte {
		got := map[int][]byte{}
		job := slabJob(u, k, sc, 6)
		job.Every = 2
		job.Snapshot = func(step int, out map[string]*npy.Array) error {
			got[step] = append([]byte(nil), bytesOf(out["oa"])...)
			return nil
		}
		if _, err := run(job); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want := snaps(func(j Job) (bool, error) { _, err := Run(ctxs[0], j); return false, err })
	overlapped := false
	got := snaps(func(j Job) (bool, error) {
		r, err := RunSlabs(j, Slabs{Contexts: ctxs})
		if err == nil {
			overlapped = r.Overlapped
		}
		return overlapped, err
	})
	if !overlapped {
		t.Error("not overlapped")
	}
	if len(want) != 3 || len(got) != len(want) {
		t.Fatalf("snapshots at %d steps on one device, %d on slabs", len(want), len(got))
	}
	for step, w := range want {
		if !bytes.Equal(got[step], w) {
			t.Errorf("the snapshot after step %d differs from one device's", step)
		}
	}
}
