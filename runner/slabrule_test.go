package runner

import (
	"fmt"
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
		err := CheckSlabs(k)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasSuffix(err.Error(), "[slabs-unsupported]") {
			t.Errorf("%s: CheckSlabs = %v; want %q and [slabs-unsupported]", what, err, want)
		}
	}
	for _, c := range []struct{ file, kernel string }{
		{"loop_plain_do.f90", "ideal_gas"},             // a loop kernel
		{"loop_plain_do.f90", "node_flux"},             // staggered arrays
		{"loop_sections_staggered.f90", "update_halo"}, // staggered sections
		{"loop_acc_jacobi.f90", "acc_jacobi"},          // a loop stencil
		{"loop_jacobi_iters.f90", "jacobi_iters"},      // host loops
	} {
		u, k := corpusKernel(t, c.file, c.kernel)
		refused(c.file+" "+k.Name, k, "loop kernels do not run on slabs or MPI ranks yet")
		job := Job{Unit: u, Kernel: k, Scalars: map[string]float64{"nx": 8, "ny": 8}}
		if err := PlanSlabs(job, 2, [2]int{}); err == nil || !strings.Contains(err.Error(), "[slabs-unsupported]") {
			t.Errorf("%s: PlanSlabs = %v", k.Name, err)
		}
		if _, err := RunSlabs(job, Slabs{Contexts: make([]*clhost.Context, 2)}); err == nil || !strings.Contains(err.Error(), "[slabs-unsupported]") {
			t.Errorf("%s: RunSlabs = %v", k.Name, err)
		}
	}
	_, k := corpusKernel(t, "maxloc.f90", "field_peaks")
	refused("maxloc", k, "maxloc and minloc cannot be split")

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
		{"halo_asym.f90", "upwind_advect"}, {"reductions.f90", "field_stats"}, {"reductions.f90", "reorder"},
		{"saxpy_elemental.f90", "axpby"}, {"wave_advance.f90", "wave_advance_lw"}, {"stencil7_3d.f90", "heat7"},
	} {
		if _, k := corpusKernel(t, c.file, c.kernel); CheckSlabs(k) != nil {
			t.Errorf("%s: %v", c.kernel, CheckSlabs(k))
		}
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
