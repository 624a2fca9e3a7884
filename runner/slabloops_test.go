package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/npy"
)

// loopSlabCase is a loop kernel stepped on slabs: its sizes, swaps, the
// halo its nests read and the slabs' planes.
type loopSlabCase struct {
	file, kernel string
	sizes        map[string]float64
	swap         []Swap
	halo         [2]int
	planes       []int // on 3 slabs
}

var loopSlabCases = []loopSlabCase{
	{"loop_slabs.f90", "sten5", map[string]float64{"n": 13, "m": 17}, []Swap{{"t", "tn"}}, [2]int{1, 1}, []int{5, 5, 5}},
	{"loop_slabs.f90", "sten5h", map[string]float64{"nx": 11, "ny": 16}, []Swap{{"t", "tn"}}, [2]int{1, 1}, []int{6, 5, 5}},
	{"loop_slabs.f90", "stagger", map[string]float64{"nx": 9, "ny": 14}, []Swap{{"u", "un"}}, [2]int{1, 1}, []int{5, 4, 4}},
	{"loop_slabs.f90", "coefs", map[string]float64{"n": 13, "m": 17}, []Swap{{"t", "tn"}}, [2]int{1, 1}, []int{5, 5, 5}},
	{"loop_slabs.f90", "radius2", map[string]float64{"n": 13, "m": 19}, []Swap{{"t", "tn"}}, [2]int{2, 2}, []int{5, 5, 5}},
	// Nests over faces (1:m+1) and cells (1:m): each slab computes the
	// face above its planes too.
	{"loop_slabs.f90", "faces", map[string]float64{"n": 7, "m": 16}, []Swap{{"a", "b"}}, [2]int{1, 1}, []int{6, 5, 5}},
	// Host procedures with reductions: scalar set-up, an IF between nests,
	// a sum whose nest reads a plane written by the nest before (halos
	// exchanged mid-step) and a maximum; a sum and a minimum with a host
	// statement reading the split size; DO loops on the host around a 1-D
	// relaxation and a maximum. Slabs hold whole work-groups (8 planes for
	// 32x8, 256 for 1-D), so each sum is the one device's bit for bit.
	{"loop_slabs.f90", "relax_sum", map[string]float64{"n": 13, "m": 40, "omega": 0.9}, nil, [2]int{1, 1}, []int{16, 16, 6}},
	{"loop_omp_reduce.f90", "omp_stats", map[string]float64{"n": 30, "m": 50}, nil, [2]int{0, 0}, []int{24, 16, 10}},
	{"loop_relax_resid.f90", "relax_resid", map[string]float64{"n": 1000, "niter": 3, "omega": 0.8}, nil, [2]int{1, 1}, []int{512, 256, 232}},
	{"loop_host_readback.f90", "host_readback", map[string]float64{"n": 600}, nil, [2]int{0, 0}, []int{256, 256, 88}},
	{"loop_jacobi_iters.f90", "jacobi_iters", map[string]float64{"nx": 12, "ny": 30, "niter": 3}, nil, [2]int{1, 1}, []int{10, 10, 10}},
	// CloverLeaf's bounds (x_min-2:x_max+2, y_min-2:y_max+2), no halo.
	{"loop_plain_do.f90", "ideal_gas", map[string]float64{"x_min": 1, "x_max": 7, "y_min": 1, "y_max": 10}, nil, [2]int{0, 0}, []int{4, 3, 3}},
	// A sequential loop over a window along the split: xvel(j, k+m), m = 0, 1.
	{"loop_plain_do.f90", "node_flux", map[string]float64{"x_min": 1, "x_max": 7, "y_min": 1, "y_max": 10, "dt": 0.5}, nil, [2]int{0, 1}, []int{4, 3, 3}},
	// Nests on fixed planes of the split dimension (boundary rows and
	// columns), run by the slab at their end: the halo widens so that it
	// owns the planes they touch within the nests' range.
	{"loop_sections_staggered.f90", "update_halo", map[string]float64{"x_min": 1, "x_max": 6, "y_min": 1, "y_max": 14}, nil, [2]int{2, 1}, []int{5, 5, 4}},
	{"loop_section_stencil.f90", "jacobi_sections", map[string]float64{"n": 9, "m": 15, "w": 0.8}, []Swap{{"told", "tnew"}}, [2]int{1, 1}, []int{5, 4, 4}},
	{"loop_sections_redblack.f90", "red_black", map[string]float64{"n": 9, "m": 16, "w": 0.6}, nil, [2]int{1, 0}, []int{5, 5, 5}},
	{"loop_sections_mixed.f90", "advect", map[string]float64{"nx": 9, "ny": 16, "dt": 0.1, "dx": 1}, nil, [2]int{1, 0}, []int{6, 5, 5}},
	{"loop_labelled_do.f90", "labelled", map[string]float64{"n": 6, "m": 17, "mode": 4}, nil, [2]int{1, 0}, []int{8, 8, 1}},
	{"loop_labelled_do.f90", "labelled", map[string]float64{"n": 6, "m": 17, "mode": 6}, nil, [2]int{1, 0}, []int{8, 8, 1}},
}

// loopSlabJob is c's job over steps steps on reproducible random inputs
// of the shapes the sizes give.
func loopSlabJob(t *testing.T, u *abi.Unit, k *abi.Kernel, c loopSlabCase, steps int) Job {
	t.Helper()
	sizes := map[string]int{}
	scalars := map[string]float64{}
	for n, v := range c.sizes {
		sizes[n], scalars[n] = int(v), v
	}
	arrays := map[string]*npy.Array{}
	for i, p := range k.Arrays() {
		if p.Intent == abi.Out {
			continue
		}
		var shape []int
		for _, e := range p.Shape {
			v, err := e.Eval(sizes)
			if err != nil {
				t.Fatal(err)
			}
			shape = append(shape, v)
		}
		arrays[strings.ToLower(p.Name)] = Random(KindDType(p.Kind), shape, int64(i+1))
	}
	return Job{Unit: u, Kernel: k, Scalars: scalars, Arrays: arrays, Steps: steps, Swap: c.swap}
}

// TestRunLoopSlabsMatchesOneDevice: loop kernels (any declared bounds,
// staggered arrays, 1-D coefficient arrays along either dimension, a
// radius-2 stencil) on 2 and 3 slabs give every output bit for bit as on
// one device, with the halo their nests read.
func TestRunLoopSlabsMatchesOneDevice(t *testing.T) {
	ctxs := sameDevice(t, 3)
	for _, c := range loopSlabCases {
		u, k := corpusKernel(t, c.file, c.kernel)
		steps := 4
		if c.swap == nil {
			steps = 1
		}
		one, err := Run(ctxs[0], loopSlabJob(t, u, k, c, steps))
		if err != nil {
			t.Fatalf("%s on one device: %v", c.kernel, err)
		}
		for _, n := range []int{2, 3} {
			got, err := RunSlabs(loopSlabJob(t, u, k, c, steps), Slabs{Contexts: ctxs[:n]})
			if err != nil {
				t.Fatalf("%s on %d slabs: %v", c.kernel, n, err)
			}
			if got.Halo != c.halo || n == 3 && !equalInts(got.Planes, c.planes) {
				t.Errorf("%s on %d slabs: halo %v, planes %v; want halo %v, planes %v on 3", c.kernel, n, got.Halo, got.Planes, c.halo, c.planes)
			}
			for _, p := range k.Outputs() {
				name := strings.ToLower(p.Name)
				sameBits(t, fmt.Sprintf("%s %s on %d slabs", c.kernel, name, n), one.Outputs[name], got.Outputs[name])
			}
		}
	}
}

// TestRunLoopSlabsOverlap: loop kernels of one launch whose cut arrays
// are held alike (5-point stencils on t(n,m) and t(0:nx+1,0:ny+1), a
// radius-2 stencil, accel_loop's node update, 1-D coefficients along the
// split, whose planes of 4 bytes no sub-buffer could start at) overlap
// the exchange with the interior on 2 and 3 slabs; the staggered kernel
// exchanges after each step. Every one is
// bit-identical to one device.
func TestRunLoopSlabsOverlap(t *testing.T) {
	ctxs := sameDevice(t, 3)
	for _, c := range []struct {
		loopSlabCase
		path       string
		overlapped bool
	}{
		{loopSlabCase{"loop_slabs.f90", "sten5", map[string]float64{"n": 16, "m": 40}, []Swap{{"t", "tn"}}, [2]int{1, 1}, nil}, "", true},
		{loopSlabCase{"loop_slabs.f90", "sten5h", map[string]float64{"nx": 30, "ny": 40}, []Swap{{"t", "tn"}}, [2]int{1, 1}, nil}, "", true},
		{loopSlabCase{"loop_slabs.f90", "radius2", map[string]float64{"n": 16, "m": 50}, []Swap{{"t", "tn"}}, [2]int{2, 2}, nil}, "", true},
		{loopSlabCase{"accel_loop.f90", "accel_step", map[string]float64{"nx": 30, "ny": 60, "dt": 0.001, "nu": 0.05}, []Swap{{"xvel", "xvel1"}, {"yvel", "yvel1"}}, [2]int{1, 1}, nil}, "../scripts/bench/accel_loop.f90", true},
		{loopSlabCase{"loop_slabs.f90", "stagger", map[string]float64{"nx": 31, "ny": 40}, []Swap{{"u", "un"}}, [2]int{1, 1}, nil}, "", false},
		{loopSlabCase{"loop_slabs.f90", "coefs", map[string]float64{"n": 16, "m": 40}, []Swap{{"t", "tn"}}, [2]int{1, 1}, nil}, "", true},
	} {
		var u *abi.Unit
		var k *abi.Kernel
		if c.path != "" {
			u, k = sourceKernel(t, c.path, c.kernel)
		} else {
			u, k = corpusKernel(t, c.file, c.kernel)
		}
		const steps = 5
		one, err := Run(ctxs[0], loopSlabJob(t, u, k, c.loopSlabCase, steps))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{2, 3} {
			got, err := RunSlabs(loopSlabJob(t, u, k, c.loopSlabCase, steps), Slabs{Contexts: ctxs[:n]})
			if err != nil {
				t.Fatalf("%s on %d slabs: %v", c.kernel, n, err)
			}
			if got.Overlapped != c.overlapped || got.Hidden > got.Exchange || got.Exchange <= 0 {
				t.Errorf("%s on %d slabs: overlapped %v (want %v), exchange %v with %v hidden", c.kernel, n, got.Overlapped, c.overlapped, got.Exchange, got.Hidden)
			}
			for _, p := range k.Outputs() {
				name := strings.ToLower(p.Name)
				sameBits(t, fmt.Sprintf("%s %s on %d slabs", c.kernel, name, n), one.Outputs[name], got.Outputs[name])
			}
		}
	}
}

// TestRunLoopSlabsErrors: a grid with fewer planes than the slabs need
// is an error before anything runs, saying how many slabs fit, and a read
// outside an array's bounds along the split (which a slab would not hold)
// is refused.
func TestRunLoopSlabsErrors(t *testing.T) {
	u, k := corpusKernel(t, "loop_slabs.f90", "radius2")
	c := loopSlabCases[4]
	c.sizes = map[string]float64{"n": 8, "m": 9} // 5 planes, 2 per slab
	job := loopSlabJob(t, u, k, c, 1)
	const want = "too small for 3 slabs: each needs at least 2 interior planes; use at most 2 slabs"
	if err := PlanSlabs(job, 3, [2]int{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("PlanSlabs on 3 slabs: %v; want %q", err, want)
	}
	if _, err := RunSlabs(job, Slabs{Contexts: sameDevice(t, 3)}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("RunSlabs on 3 slabs: %v; want %q", err, want)
	}
	if err := PlanSlabs(job, 2, [2]int{3, 0}); err == nil || !strings.Contains(err.Error(), "--slab-halo 3:0 is wider than the halo 2:2") {
		t.Errorf("PlanSlabs with a wider halo: %v", err)
	}
	// A split record whose reads leave the array (as a kernel that reads
	// out of bounds would have): refused before anything is cut.
	bad := *k
	sp := *k.Split
	sp.Arrays = append([]abi.SplitArray(nil), sp.Arrays...)
	sp.Arrays[0].Reach.Lo = 3
	bad.Split = &sp
	job.Kernel = &bad
	if err := PlanSlabs(job, 2, [2]int{}); err == nil || !strings.Contains(err.Error(), "outside its bounds 1:9") {
		t.Errorf("PlanSlabs with reads out of bounds: %v", err)
	}
}

// TestRunLoopSlabsWeights: weights size a loop kernel's slabs in whole
// work-groups of its reducing launches, still bit-identical, and Balance
// times the first slab of a loop kernel on its own.
func TestRunLoopSlabsWeights(t *testing.T) {
	ctxs := sameDevice(t, 2)
	c := loopSlabCases[6] // relax_sum: m = 40, 38 planes, units of 8
	u, k := corpusKernel(t, c.file, c.kernel)
	one, err := Run(ctxs[0], loopSlabJob(t, u, k, c, 1))
	if err != nil {
		t.Fatal(err)
	}
	got, err := RunSlabs(loopSlabJob(t, u, k, c, 1), Slabs{Contexts: ctxs, Weights: []float64{3, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if !equalInts(got.Planes, []int{32, 6}) {
		t.Errorf("weights 3:1 over 38 planes in units of 8 gave %v, want [32 6]", got.Planes)
	}
	for _, name := range []string{"tn", "total", "resid"} {
		sameBits(t, "weighted "+name, one.Outputs[name], got.Outputs[name])
	}
	w, err := Balance(loopSlabJob(t, u, k, c, 1), ctxs, 2, 2)
	if err != nil || len(w) != 2 || !(w[0] > 0 && w[1] > 0) {
		t.Errorf("Balance = %v, %v; want two positive speeds", w, err)
	}
}

// TestRunLoopSlabsCheckBounds: with --check-bounds a subscript out of
// bounds (along the first dimension) on a slab is an error, not a silent
// answer; in bounds the run matches one device.
func TestRunLoopSlabsCheckBounds(t *testing.T) {
	const src = `module cb
contains
!$OFP PURE, KERNEL :: shiftx
subroutine shiftx(nx, ny, off, a, b)
  integer :: nx, ny, off
  real, dimension(nx, ny) :: a, b
  integer :: i, j
  do concurrent (j = 2:ny-1, i = 1:nx-1)
    b(i,j) = a(i+off,j) + a(i,j-1) + a(i,j+1)
  end do
end subroutine
end module
`
	path := filepath.Join(t.TempDir(), "cb.f90")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Compile([]string{path}, driver.Options{})
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags.String(res.Sources))
	}
	k, err := res.Kernel("shiftx")
	if err != nil {
		t.Fatal(err)
	}
	u := res.Generate([]*ir.Kernel{k}, "cb.f90", codegen.Options{CheckBounds: true})
	ak := u.Kernels[0]
	ctxs := sameDevice(t, 2)
	job := func(off float64) Job {
		return Job{Unit: u, Kernel: ak, Scalars: map[string]float64{"nx": 6, "ny": 12, "off": off},
			Arrays: map[string]*npy.Array{"a": Random(npy.Float32, []int{6, 12}, 1)}}
	}
	one, err := Run(ctxs[0], job(1))
	if err != nil {
		t.Fatal(err)
	}
	got, err := RunSlabs(job(1), Slabs{Contexts: ctxs})
	if err != nil {
		t.Fatal(err)
	}
	sameBits(t, "shiftx in bounds", one.Outputs["b"], got.Outputs["b"])
	if _, err := RunSlabs(job(2), Slabs{Contexts: ctxs}); err == nil || !strings.Contains(err.Error(), "out of bounds") {
		t.Errorf("shiftx reading a(i+2, j) on 2 slabs: %v; want an out-of-bounds error", err)
	}
}

// TestRunSlabsMaxloc: maxloc and minloc (over the whole grid, an interior
// window, with masks, and with ties) on 2 and 3 slabs give the one
// device's positions: the slabs' frame indices are offset to the whole
// grid's before the fold.
func TestRunSlabsMaxloc(t *testing.T) {
	ctxs := sameDevice(t, 3)
	for _, kernel := range []string{"field_peaks", "tie_breaks"} {
		u, k := corpusKernel(t, "maxloc.f90", kernel)
		job := func() Job {
			arrays := map[string]*npy.Array{}
			for i, p := range k.Arrays() {
				if p.Intent == abi.In {
					arrays[strings.ToLower(p.Name)] = Random(KindDType(p.Kind), []int{13, 23}, int64(i+7))
				}
			}
			return Job{Unit: u, Kernel: k, Scalars: map[string]float64{"wet": 1.0}, Arrays: arrays}
		}
		one, err := Run(ctxs[0], job())
		if err != nil {
			t.Fatalf("%s on one device: %v", kernel, err)
		}
		for _, n := range []int{2, 3} {
			got, err := RunSlabs(job(), Slabs{Contexts: ctxs[:n]})
			if err != nil {
				t.Fatalf("%s on %d slabs: %v", kernel, n, err)
			}
			for _, p := range k.Outputs() {
				name := strings.ToLower(p.Name)
				sameBits(t, fmt.Sprintf("%s %s on %d slabs", kernel, name, n), one.Outputs[name], got.Outputs[name])
			}
		}
	}
}
