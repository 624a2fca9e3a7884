package runner

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
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

// sharedSrc is a loop kernel of two launches, the second reading what
// the first wrote.
const sharedSrc = `subroutine two(n, m, a, b, c)
  integer, intent(in) :: n, m
  real(8), intent(in) :: a(n, m)
  real(8), intent(out) :: b(n, m), c(n, m)
  integer :: i, j
  do j = 1, m
    do i = 1, n
      b(i, j) = 2.0d0*a(i, j) + 1.0d0
    end do
  end do
  do j = 2, m - 1
    do i = 2, n - 1
      c(i, j) = b(i - 1, j) + b(i + 1, j) - b(i, j - 1)*b(i, j + 1)
    end do
  end do
end subroutine
`

// sharedSum is a loop kernel that reduces: its partials are scratch of
// one value per work-group, its sum a result the host program gives.
const sharedSum = `subroutine total(n, a, s)
  integer, intent(in) :: n
  real(8), intent(in) :: a(n)
  real(8), intent(out) :: s
  integer :: i
  s = 0.0d0
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + a(i)*a(i)
  end do
end subroutine
`

// sharedUnit compiles kernel name of src with the schedule sched,
// checking subscripts (a bounds buffer: scratch sized by the sizes).
func sharedUnit(t *testing.T, src, name string, sched regions.Options) *abi.Unit {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".f90")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Compile([]string{path}, driver.Options{Kernels: []string{name}, Schedule: sched})
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags.String(res.Sources))
	}
	k, err := res.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	return res.Generate([]*ir.Kernel{k}, name+".f90", codegen.Options{CheckBounds: true})
}

// TestShared: candidates set up once on shared buffers (Note [shared
// setup]) give each what Run gives it alone, bit for bit, whatever ran
// before, for a kernel of two launches and a reduction; their launches
// are timed; a candidate that does not build is not added and the others
// still run; one whose parameters differ is refused.
func TestShared(t *testing.T) {
	ctx := testContext(t)
	const n, m = 37, 23
	for _, c := range []struct {
		src, name string
		scalars   map[string]float64
		a         []int
	}{
		{sharedSrc, "two", map[string]float64{"n": n, "m": m}, []int{n, m}},
		{sharedSum, "total", map[string]float64{"n": n * m}, []int{n * m}},
	} {
		units := []*abi.Unit{sharedUnit(t, c.src, c.name, regions.Options{}), sharedUnit(t, c.src, c.name, regions.Options{Coarsen: []int{4}})}
		g0, g1 := units[0].Kernels[0].Launches[0].Global, units[1].Kernels[0].Launches[0].Global
		if units[0].Source == units[1].Source || reflect.DeepEqual(g0, g1) || len(units[0].Kernels[0].Launches) < 2 {
			t.Fatalf("%s: the two schedules have the same OpenCL or launch shapes, or one launch; the test means two candidates of two launches", c.name)
		}
		partials := slices.ContainsFunc(units[0].Kernels[0].Scratch, func(b abi.Buffer) bool { return b.Groups != "" })
		if partials != (c.name == "total") {
			t.Fatalf("%s: scratch %+v; the test means partials for the reduction alone", c.name, units[0].Kernels[0].Scratch)
		}
		job := Job{Unit: units[0], Kernel: units[0].Kernels[0], Scalars: c.scalars,
			Arrays: map[string]*npy.Array{"a": Random(npy.Float64, c.a, 3)}}
		checkShared(t, ctx, job, units)
	}
}

// checkShared checks a Shared of job's candidates units against Run (see
// TestShared).
func checkShared(t *testing.T, ctx *clhost.Context, job Job, units []*abi.Unit) {
	t.Helper()
	want := make([]map[string]*npy.Array, len(units))
	for i, u := range units {
		j := job
		j.Unit, j.Kernel = u, u.Kernels[0]
		res, err := Run(ctx, j)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = res.Outputs
	}
	s, err := Share(ctx, job)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	k := job.Kernel
	broken := &abi.Unit{Source: "__kernel void k( {", Kernels: units[0].Kernels}
	if _, err := s.Add(broken, broken.Kernels[0]); err == nil {
		t.Errorf("%s: a candidate whose OpenCL does not build was added", k.Name)
	}
	for i, u := range units {
		if c, err := s.Add(u, u.Kernels[0]); err != nil || c != i {
			t.Fatalf("%s: Add(candidate %d) = %d, %v", k.Name, i, c, err)
		}
	}
	// The bounds flags, sized by the sizes, are shared; partials, one per
	// work-group of a candidate's launch, are not.
	key := scratchKey + abi.BoundsBuffer
	if b := s.cands[0].r.bufs[key]; b == nil || s.cands[1].r.bufs[key] != b {
		t.Errorf("%s: the candidates' bounds buffers are %p and %p; want one, shared", k.Name, b, s.cands[1].r.bufs[key])
	}
	for _, b := range k.Scratch {
		if key := scratchKey + b.Name; b.Groups != "" && s.cands[0].r.bufs[key] == s.cands[1].r.bufs[key] {
			t.Errorf("%s: the candidates share partials %s", k.Name, b.Name)
		}
	}
	for _, c := range []int{1, 0, 1, 1, 0} {
		d, err := s.Launch(c)
		if err != nil || d <= 0 {
			t.Fatalf("%s: Launch(%d) = %v, %v; want a device time", k.Name, c, d, err)
		}
		got, err := s.Outputs(c)
		if err != nil {
			t.Fatal(err)
		}
		for name, w := range want[c] {
			if g := got[name]; g == nil || !slices.Equal(g.F64, w.F64) || !slices.Equal(g.Shape, w.Shape) {
				t.Errorf("%s: candidate %d: %s is %v; Run gives %v", k.Name, c, name, g, w)
			}
		}
	}
	other := *units[1].Kernels[0]
	other.Params = slices.Clone(other.Params)
	i := slices.IndexFunc(other.Params, func(p abi.Param) bool { return p.Name == "a" })
	other.Params[i].Kind = abi.Real4
	if _, err := s.Add(units[1], &other); err == nil || !strings.Contains(err.Error(), "(a)") {
		t.Errorf("%s: a candidate whose parameter a is real(4): %v; want it refused, naming a", k.Name, err)
	}
	j := job
	j.Repeat = 3
	if _, err := Share(ctx, j); err == nil {
		t.Errorf("%s: Share took a job with --repeat", k.Name)
	}
}
