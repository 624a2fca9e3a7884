package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/npy"
)

// TestCheckSlabsRefuses: loop kernels (plain, staggered, a stencil, with
// host loops), maxloc, and region kernels altered to lack a property the
// slab code relies on are refused, with the code, by CheckSlabs, PlanSlabs
// and RunSlabs (before any context is used: RunSlabs gets none that
// works); the corpus' region and elemental kernels are accepted.
func TestCheckSlabsRefuses(t *testing.T) {
	refused := func(what string, k *abi.Kernel, want string) {
		t.Helper()
		err := CheckSlabs(k, [2]int{})
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasSuffix(err.Error(), "[slabs-unsupported]") {
			t.Errorf("%s: CheckSlabs = %v; want %q and [slabs-unsupported]", what, err, want)
		}
	}
	// Loop kernels that cannot be split exactly, each for its reason (a
	// gather: gath; and in unsplitLoops a window loop whose variable is
	// also a value).
	lp := filepath.Join(t.TempDir(), "lp.f90")
	if err := os.WriteFile(lp, []byte(unsplitLoops), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, kernel, why string }{
		{lp, "bothends", "the nest at lp.f90:61:3 works on fixed planes at both ends of the split dimension, and its statement 1 takes planes at both"},
		{lp, "inrange", "the nest at lp.f90:73:3 works on fixed planes at both ends of the split dimension and writes a at lp.f90:74:5 within the nests' planes"},
		{lp, "rowsum", "the nest at lp.f90:88:3 works on fixed planes of the split dimension (no index of it runs to ny) and reduces"},
		{"loop_quot_bounds.f90", "prolong_half", "the split size _np1_d2 is the quotient (n + 1)/2"},
		{"loop_readback.f90", "readback", "the host statement at loop_readback.f90:23:14 reads an element of b, which slabs do not gather"},
		{"loop_inquiry.f90", "interior2d", "v (declared at loop_inquiry.f90:23:24) is written but not cut along u_n2"},
		{lp, "addij", "the split index j is used as a value at lp.f90:9:28"},
		{lp, "stag", "b at lp.f90:19:5 is written at j+1: another slab owns that plane"},
		{lp, "gath", "the subscript 2 of a at lp.f90:29:14 is not j plus a constant: a gather along the split dimension"},
		{lp, "winval", "kv, which runs along the split index, is used as a value at lp.f90:"},
		{lp, "trans", "a (declared at lp.f90:47:28) has n in its bounds other than its last upper bound"},
	} {
		var u *abi.Unit
		var k *abi.Kernel
		if c.file == lp {
			u, k = sourceKernel(t, lp, c.kernel)
		} else {
			u, k = corpusKernel(t, c.file, c.kernel)
		}
		refused(k.Name, k, c.why)
		job := Job{Unit: u, Kernel: k, Scalars: map[string]float64{"nx": 8, "ny": 8}}
		if err := PlanSlabs(job, 2, [2]int{}); err == nil || !strings.Contains(err.Error(), "[slabs-unsupported]") {
			t.Errorf("%s: PlanSlabs = %v", k.Name, err)
		}
		if _, err := RunSlabs(job, Slabs{Contexts: make([]*clhost.Context, 2)}); err == nil || !strings.Contains(err.Error(), "[slabs-unsupported]") {
			t.Errorf("%s: RunSlabs = %v", k.Name, err)
		}
	}
	// A unit written by an older forocl has no split record: its loop kernels are
	// refused as before.
	_, lk := corpusKernel(t, "loop_acc_jacobi.f90", "acc_jacobi")
	plain := *lk
	plain.Split = nil
	refused("acc_jacobi without a split record", &plain, "loop kernels do not run on slabs or MPI ranks yet")

	// Region kernels that lack one property each.
	_, base := corpusKernel(t, "jacobi5.f90", "jacobi5_step")
	altered := func(change func(k *abi.Kernel)) *abi.Kernel {
		k := *base
		k.Params = append([]abi.Param(nil), base.Params...)
		k.Launches = nil
		for _, l := range base.Launches {
			c := *l
			c.Global = append([]abi.Range(nil), l.Global...)
			c.Args = append([]abi.Arg(nil), l.Args...)
			k.Launches = append(k.Launches, &c)
		}
		change(&k)
		return &k
	}
	last := func(k *abi.Kernel) *abi.Param { return k.Arrays()[len(k.Arrays())-1] }
	refused("staggered", altered(func(k *abi.Kernel) {
		p := last(k)
		p.Shape = append([]abi.Affine(nil), p.Shape...)
		p.Shape[1].Const = 1
	}), "another shape")
	refused("extent", altered(func(k *abi.Kernel) {
		for i := range k.Params {
			if k.Params[i].Array {
				k.Params[i].Shape = []abi.Affine{abi.SizeMinus("n1", 0), abi.SizeMinus("n1", 0)}
			}
		}
	}), "not a size of its own")
	refused("transposed launch", altered(func(k *abi.Kernel) {
		k.Launches[0].Global[0], k.Launches[0].Global[1] = k.Launches[0].Global[1], k.Launches[0].Global[0]
	}), "does not cover the grid along its last dimension")
	refused("condition", altered(func(k *abi.Kernel) { k.Launches[0].If = "h > 0" }), "runs under a condition")
	refused("scratch", altered(func(k *abi.Kernel) {
		k.Scratch = []abi.Buffer{{Name: "_t", Kind: abi.Real4, Elements: abi.SizeMinus("n2", 0)}}
	}), "grows with the grid")

	for _, c := range []struct{ file, kernel string }{
		{"jacobi5.f90", "jacobi5_step"}, {"halo2_2d.f90", "diffuse4"}, {"heat3d_faces.f90", "heat3d_var"},
		{"halo_asym.f90", "upwind_advect"}, {"reductions.f90", "reorder"}, {"maxloc.f90", "field_peaks"}, {"maxloc.f90", "tie_breaks"},
		{"wave_advance.f90", "wave_advance_lw"}, {"stencil7_3d.f90", "heat7"},
	} {
		if _, k := corpusKernel(t, c.file, c.kernel); CheckSlabs(k, [2]int{}) != nil {
			t.Errorf("%s: %v", c.kernel, CheckSlabs(k, [2]int{}))
		}
	}
	// Loop kernels that split: CloverLeaf's bounds, a loop stencil, an
	// elemental kernel, host programs, the acceptance kernels.
	for _, c := range []struct{ file, kernel string }{
		{"loop_plain_do.f90", "ideal_gas"}, {"loop_plain_do.f90", "node_flux"}, {"loop_acc_jacobi.f90", "acc_jacobi"}, {"saxpy_elemental.f90", "axpby"},
		{"loop_jacobi_iters.f90", "jacobi_iters"}, {"loop_host_readback.f90", "host_readback"},
		{"loop_slabs.f90", "sten5"}, {"loop_slabs.f90", "stagger"}, {"loop_slabs.f90", "radius2"},
	} {
		if _, k := corpusKernel(t, c.file, c.kernel); CheckSlabs(k, [2]int{}) != nil {
			t.Errorf("%s: %v", c.kernel, CheckSlabs(k, [2]int{}))
		}
	}
}

// unsplitLoops are loop kernels that slabs cannot split exactly.
const unsplitLoops = `module lp
contains
!$OFP PURE, KERNEL :: addij
subroutine addij(nx, ny, a, b)
  integer :: nx, ny
  real, dimension(nx, ny) :: a, b
  integer :: i, j
  do concurrent (j = 1:ny, i = 1:nx)
    b(i,j) = a(i,j) + 1000*j + i
  end do
end subroutine
!$OFP PURE, KERNEL :: stag
subroutine stag(nx, ny, a, b)
  integer :: nx, ny
  real, dimension(nx, ny) :: a
  real, dimension(nx, ny+1) :: b
  integer :: i, j
  do concurrent (j = 1:ny, i = 1:nx)
    b(i,j+1) = a(i,j) + 1
  end do
end subroutine
!$OFP PURE, KERNEL :: gath
subroutine gath(nx, ny, idx, a, b)
  integer :: nx, ny
  integer, dimension(ny) :: idx
  real, dimension(nx, ny) :: a, b
  integer :: i, j
  do concurrent (j = 1:ny, i = 1:nx)
    b(i,j) = a(i,idx(j))
  end do
end subroutine
!$OFP PURE, KERNEL :: winval
subroutine winval(nx, ny, a, b)
  integer :: nx, ny
  real, dimension(nx, ny) :: a, b
  integer :: i, j, kv
  do concurrent (j = 1:ny-1, i = 1:nx)
    b(i,j) = 0
    do kv = j, j+1
      b(i,j) = b(i,j) + a(i,kv)*kv
    end do
  end do
end subroutine
!$OFP PURE, KERNEL :: trans
subroutine trans(n, a, b)
  integer :: n
  real, dimension(n, n) :: a, b
  integer :: i, j
  do concurrent (j = 1:n, i = 1:n)
    b(i,j) = a(j,i)
  end do
end subroutine
!$OFP PURE, KERNEL :: bothends
subroutine bothends(nx, ny, a)
  integer :: nx, ny
  real, dimension(nx, ny) :: a
  integer :: i, j
  do concurrent (j = 2:ny-1, i = 1:nx)
    a(i,j) = a(i,j) + 1
  end do
  do concurrent (i = 1:nx)
    a(i,1) = a(i,ny)
  end do
end subroutine
!$OFP PURE, KERNEL :: inrange
subroutine inrange(nx, ny, a)
  integer :: nx, ny
  real, dimension(nx, ny) :: a
  integer :: i, j
  do concurrent (j = 2:ny-1, i = 1:nx)
    a(i,j) = a(i,j) + 1
  end do
  do concurrent (i = 1:nx)
    a(i,2) = 0
    a(i,ny-1) = 0
  end do
end subroutine
!$OFP PURE, KERNEL :: rowsum
subroutine rowsum(nx, ny, a, s)
  integer :: nx, ny
  real, dimension(nx, ny) :: a
  real, intent(out) :: s
  integer :: i, j
  do concurrent (j = 2:ny-1, i = 1:nx)
    a(i,j) = a(i,j) + 1
  end do
  s = 0
  do concurrent (i = 1:nx) reduce(+:s)
    s = s + a(i,1)
  end do
end subroutine
end module
`

// TestCheckSlabsReductionWindows: a reduction whose window along the last
// dimension did not fit the slab halo once gave a wrong value with exit 0
// (dot_product's planes twice with halo 1:1; norm2's, field_stats' and
// wave_summary's sums short of planes with the halo of their launches).
// The slab halo now widens to the reductions' windows (SlabHalo), so
// field_stats and wave_summary run exactly without Slabs.Halo, and
// CheckSlabs, PlanSlabs and RunSlabs refuse what still does not fit (a
// sum beside a wider window, a halo wider than a sum's), naming the
// reduction, its place and the halo that fits when there is one.
func TestCheckSlabsReductionWindows(t *testing.T) {
	type check struct {
		halo [2]int
		want string // "" accepted
	}
	for _, c := range []struct {
		file, kernel string
		lo, hi       int // SlabHalo
		checks       []check
	}{
		{"reductions.f90", "vector_stats", 1, 1, []check{
			{[2]int{0, 0}, `kernel "vector_stats": reduction dot_product at reductions.f90:67:11 folds the planes [0, n1 - 0) of the last dimension (window 0:0), but the slabs have halo 1:1, so the slabs' values would count the halo planes that neighbouring slabs share twice (dot_product adds every element once, so its window must equal the slab halo); run it on one device (without --slabs, --devices or --mpi) [slabs-unsupported]`},
			{[2]int{1, 1}, `reduction dot_product at reductions.f90:67:11`},
		}},
		{"reductions.f90", "field_stats", 1, 1, []check{
			{[2]int{0, 0}, ""}, {[2]int{1, 1}, ""},
			{[2]int{2, 1}, `reduction sum at reductions.f90:23:14 folds the planes [1, n2 - 1) of the last dimension (window 1:1), but the slabs have halo 2:1, so the slabs' values would count the halo planes that neighbouring slabs share twice (sum adds every element once, so its window must equal the slab halo); leave the slab halo at the kernel's own, 1:1 (no wider --slab-halo or Slabs.Halo), or run it on one device`},
		}},
		{"reductions.f90", "normalize", 0, 0, []check{{[2]int{0, 1}, "reduction sum at reductions.f90:40:13"}, {[2]int{0, 0}, ""}}},
		{"reductions.f90", "empty_masks", 0, 0, []check{{[2]int{0, 0}, ""}, {[2]int{1, 1}, "reduction sum at reductions.f90:53:10"}}},
		{"reductions.f90", "int_stats", 0, 0, []check{{[2]int{1, 0}, "reduction sum at reductions.f90:79:12"}, {[2]int{0, 0}, ""}}},
		{"reductions.f90", "reorder", 0, 0, []check{{[2]int{0, 0}, ""}}},
		{"../../examples/shallowwater/fortran/summary.f90", "wave_summary", 1, 1, []check{{[2]int{0, 0}, ""}, {[2]int{2, 2}, "reduction sum at summary.f90:25:11"}}},
	} {
		u, k := sourceKernel(t, "../testdata/kernels/"+c.file, c.kernel)
		if lo, hi, err := SlabHalo(k); lo != c.lo || hi != c.hi || err != nil {
			t.Errorf("%s: SlabHalo = %d, %d, %v; want %d, %d", c.kernel, lo, hi, err, c.lo, c.hi)
		}
		for _, ch := range c.checks {
			what := fmt.Sprintf("%s with halo %d:%d", c.kernel, ch.halo[0], ch.halo[1])
			err := CheckSlabs(k, ch.halo)
			if ch.want == "" {
				if err != nil {
					t.Errorf("%s: %v", what, err)
				}
				continue
			}
			if err == nil || !strings.Contains(err.Error(), ch.want) || !strings.HasSuffix(err.Error(), "[slabs-unsupported]") {
				t.Errorf("%s: CheckSlabs = %v\nwant %q and [slabs-unsupported]", what, err, ch.want)
			}
			job := Job{Unit: u, Kernel: k, Scalars: map[string]float64{"wet": 0.9}, Arrays: map[string]*npy.Array{}}
			if err := PlanSlabs(job, 2, ch.halo); err == nil || !strings.Contains(err.Error(), ch.want) {
				t.Errorf("%s: PlanSlabs = %v", what, err)
			}
			if _, err := RunSlabs(job, Slabs{Contexts: make([]*clhost.Context, 2), Halo: ch.halo}); err == nil || !strings.Contains(err.Error(), ch.want) {
				t.Errorf("%s: RunSlabs = %v", what, err)
			}
		}
	}

	// Windows altered in field_stats' ABI: maxval's wider than the sums'
	// (the halo follows it, so the sums would count planes twice), a unit
	// without windows (an older forocl's), a window short of dimensions,
	// an unknown combine.
	_, base := corpusKernel(t, "reductions.f90", "field_stats")
	altered := func(change func(k *abi.Kernel)) *abi.Kernel {
		k := *base
		k.Reductions = nil
		for _, r := range base.Reductions {
			r.Window = append([]abi.Halo(nil), r.Window...)
			k.Reductions = append(k.Reductions, r)
		}
		change(&k)
		return &k
	}
	for _, c := range []struct {
		what string
		k    *abi.Kernel
		want string
	}{
		{"maxval wider than the sums", altered(func(k *abi.Kernel) { k.Reductions[1].Window[1] = abi.Halo{Lo: 2, Hi: 1} }),
			"reduction sum at reductions.f90:23:14 folds the planes [1, n2 - 1) of the last dimension (window 1:1), but the slabs have halo 2:1, so the slabs' values would count the halo planes that neighbouring slabs share twice (sum adds every element once, so its window must equal the slab halo); run it on one device"},
		{"no windows", altered(func(k *abi.Kernel) { k.Reductions = nil }),
			`the ABI does not say which grid positions reduction launch "field_stats_r1" folds (a unit written by an older forocl)`},
		{"a window per dimension", altered(func(k *abi.Kernel) { k.Reductions[0].Window = k.Reductions[0].Window[:1] }),
			"has a window of 1 dimensions, the kernel 2"},
		{"an unknown combine", altered(func(k *abi.Kernel) { k.Reductions[2].Op = "median" }),
			`combines by "median", which slabs do not know`},
	} {
		if err := CheckSlabs(c.k, [2]int{1, 1}); err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasSuffix(err.Error(), "[slabs-unsupported]") {
			t.Errorf("%s: CheckSlabs = %v\nwant %q", c.what, err, c.want)
		}
	}
	if err := CheckSlabs(altered(func(*abi.Kernel) {}), [2]int{1, 1}); err != nil {
		t.Errorf("field_stats' copy: %v", err)
	}
}

// fakeComm is one rank of an in-process communicator: Allgather only.
type fakeComm struct {
	g    *fakeGroup
	rank int
}

type fakeGroup struct {
	mu      sync.Mutex
	cond    *sync.Cond
	size    int
	parts   [][]byte
	arrived int
	gen     int
	result  []byte
}

func newFakeGroup(size int) []*fakeComm {
	g := &fakeGroup{size: size, parts: make([][]byte, size)}
	g.cond = sync.NewCond(&g.mu)
	var out []*fakeComm
	for r := 0; r < size; r++ {
		out = append(out, &fakeComm{g: g, rank: r})
	}
	return out
}

func (c *fakeComm) Rank() int { return c.rank }
func (c *fakeComm) Size() int { return c.g.size }
func (c *fakeComm) Exchange(sendLow, sendHigh, recvLow, recvHigh []byte) error {
	return fmt.Errorf("fakeComm: no Exchange")
}
func (c *fakeComm) Send(to int, b []byte) error   { return fmt.Errorf("fakeComm: no Send") }
func (c *fakeComm) Recv(from int, b []byte) error { return fmt.Errorf("fakeComm: no Recv") }

func (c *fakeComm) Allgather(send, recv []byte) error {
	g := c.g
	g.mu.Lock()
	defer g.mu.Unlock()
	gen := g.gen
	g.parts[c.rank] = append([]byte(nil), send...)
	g.arrived++
	if g.arrived == g.size {
		g.result = nil
		for _, p := range g.parts {
			g.result = append(g.result, p...)
		}
		g.arrived = 0
		g.gen++
		g.cond.Broadcast()
	}
	for g.gen == gen {
		g.cond.Wait()
	}
	copy(recv, g.result)
	return nil
}

// TestSameArgs: ranks given the same job pass; a rank given another
// scalar, another input value or another slab halo makes every rank
// return the error naming it.
func TestSameArgs(t *testing.T) {
	u, k := corpusKernel(t, "jacobi5.f90", "jacobi5_step")
	job := func(h float64, seed int64) Job {
		return Job{Unit: u, Kernel: k, Scalars: map[string]float64{"h": h}, Steps: 3, Swap: []Swap{{"a", "oa"}},
			Arrays: map[string]*npy.Array{"a": Random(npy.Float32, []int{8, 12}, seed)}}
	}
	run := func(jobs []Job, halos [][2]int) []error {
		comms := newFakeGroup(len(jobs))
		errs := make([]error, len(jobs))
		var wg sync.WaitGroup
		for r := range jobs {
			wg.Add(1)
			go func(r int) {
				defer wg.Done()
				errs[r] = SameArgs(jobs[r], Slabs{Comm: comms[r], Halo: halos[r]})
			}(r)
		}
		wg.Wait()
		return errs
	}
	same := job(0.1, 1)
	for r, err := range run([]Job{same, job(0.1, 1), job(0.1, 1)}, make([][2]int, 3)) {
		if err != nil {
			t.Errorf("same jobs: rank %d: %v", r, err)
		}
	}
	for _, c := range []struct {
		what  string
		jobs  []Job
		halos [][2]int
		want  string
	}{
		{"--set", []Job{same, job(0.2, 1)}, make([][2]int, 2), "rank 1 was given other arguments than rank 0"},
		{"--in", []Job{same, job(0.1, 1), job(0.1, 2)}, make([][2]int, 3), "rank 2 was given other arguments than rank 0"},
		{"--slab-halo", []Job{same, same, same}, [][2]int{{0, 0}, {1, 1}, {2, 2}}, "ranks 1, 2 were given other arguments"},
	} {
		for r, err := range run(c.jobs, c.halos) {
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasSuffix(err.Error(), "[mpi-args-differ]") {
				t.Errorf("%s: rank %d: %v; want %q [mpi-args-differ]", c.what, r, err, c.want)
			}
		}
	}
}

// TestOverlapOn: the exchange overlaps unless FOROCL_OVERLAP=0, on
// NVIDIA's OpenCL too; and with FOROCL_OVERLAP=0 a run that would overlap
// exchanges after each step, as exactly.
func TestOverlapOn(t *testing.T) {
	for env, want := range map[string]bool{"": true, "1": true, "0": false} {
		if got := overlapOn(env); got != want {
			t.Errorf("overlapOn(%q) = %v, want %v", env, got, want)
		}
	}
	ctxs := sameDevice(t, 2)
	u, k := corpusKernel(t, "jacobi5.f90", "jacobi5_step")
	sc := slabCase{"jacobi5.f90", "jacobi5_step", map[string]float64{"h": 0.1}, []int{32, 20}, Swap{"a", "oa"}, [2]int{1, 1}}
	one, err := Run(ctxs[0], slabJob(u, k, sc, 4))
	if err != nil {
		t.Fatal(err)
	}
	for env, want := range map[string]bool{"": true, "0": false} {
		t.Setenv("FOROCL_OVERLAP", env)
		got, err := RunSlabs(slabJob(u, k, sc, 4), Slabs{Contexts: ctxs})
		if err != nil {
			t.Fatal(err)
		}
		if got.Overlapped != want {
			t.Errorf("FOROCL_OVERLAP=%q: overlapped %v, want %v", env, got.Overlapped, want)
		}
		sameBits(t, "FOROCL_OVERLAP="+env, one.Outputs["oa"], got.Outputs["oa"])
	}
}
