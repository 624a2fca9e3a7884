package runner

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/npy"
)

// TestResultsFromHost: the runner takes a loop kernel's scalar results
// from the host program instead of launching its results kernel (Note
// [results from the host] in package abi). The test spoils that kernel, so that it would
// write -7 into every result: the results must still be the sum and the
// count, whether run once, timed or stepped.
func TestResultsFromHost(t *testing.T) {
	const src = `module rh
contains
subroutine stats(n, a, s, m)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: s
  integer, intent(out) :: m
  integer :: i
  s = 0.0
  m = 0
  !$omp parallel do reduction(+:s, m)
  do i = 1, n
    s = s + a(i)
    if (a(i) > 1.0) m = m + 1
  end do
end subroutine
end module
`
	path := filepath.Join(t.TempDir(), "rh.f90")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Compile([]string{path}, driver.Options{Kernels: []string{"stats"}})
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags.String(res.Sources))
	}
	k, err := res.Kernel("stats")
	if err != nil {
		t.Fatal(err)
	}
	u := res.Generate([]*ir.Kernel{k}, "rh.f90", codegen.Options{})
	spoil := regexp.MustCompile(`(_res_\w+)\[0\] = _host_\w+;`)
	if n := len(spoil.FindAllString(u.Source, -1)); n != 2 {
		t.Fatalf("the results kernel writes %d results; want s and m:\n%s", n, u.Source)
	}
	u.Source = spoil.ReplaceAllString(u.Source, "$1[0] = -7;")
	a := Random(npy.Float32, []int{1000}, 1)
	var sum float64
	count := int32(0)
	for _, x := range a.F32 {
		sum += float64(x)
		if x > 1 {
			count++
		}
	}
	ctx := testContext(t)
	for _, tc := range []struct {
		name          string
		repeat, steps int
	}{{"once", 0, 0}, {"timed", 3, 0}, {"stepped", 0, 2}} {
		job := Job{Unit: u, Kernel: u.Kernels[0], Scalars: map[string]float64{"n": 1000},
			Arrays: map[string]*npy.Array{"a": a}, Repeat: tc.repeat, Steps: tc.steps}
		out, err := Run(ctx, job)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		s, m := out.Outputs["s"], out.Outputs["m"]
		if s == nil || m == nil || len(s.F32) != 1 || len(m.I32) != 1 {
			t.Fatalf("%s: outputs %v", tc.name, out.Outputs)
		}
		if got := float64(s.F32[0]); math.Abs(got-sum) > 1e-3*sum {
			t.Errorf("%s: s = %v, want %v (the results kernel's -7 means it was launched)", tc.name, got, sum)
		}
		if m.I32[0] != count {
			t.Errorf("%s: m = %d, want %d", tc.name, m.I32[0], count)
		}
	}
}
