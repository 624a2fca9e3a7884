package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/npy"
)

// TestRunLoopSlabsLate: a loop kernel whose nest runs to a count the
// device computes (a late launch, Note [late launches] in package abi)
// runs on one device, and slabs refuse it, as they run the host program
// once on the whole grid's values and cannot share the count.
func TestRunLoopSlabsLate(t *testing.T) {
	const src = `module ls
contains
!$OFP PURE, KERNEL :: late2
subroutine late2(nx, ny, a, b)
  integer, intent(in) :: nx, ny
  real, intent(in) :: a(nx, ny)
  real, intent(inout) :: b(nx, ny)
  integer :: i, j, m, mm
  m = 0
  !$omp parallel do reduction(+:m)
  do j = 1, ny
    if (a(1, j) > 1.0) m = m + 1
  end do
  mm = min(nx, m)
  do concurrent (j = 2:ny-1, i = 1:mm)
    b(i, j) = a(i, j-1) + a(i, j+1)
  end do
end subroutine
end module
`
	path := filepath.Join(t.TempDir(), "ls.f90")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Compile([]string{path}, driver.Options{})
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags.String(res.Sources))
	}
	k, err := res.Kernel("late2")
	if err != nil {
		t.Fatal(err)
	}
	u := res.Generate([]*ir.Kernel{k}, "ls.f90", codegen.Options{})
	ak := u.Kernels[0]
	if ak.Split == nil {
		t.Fatal("late2 has no split record")
	}
	ctxs := sameDevice(t, 2)
	job := Job{Unit: u, Kernel: ak, Scalars: map[string]float64{"nx": 6, "ny": 600},
		Arrays: map[string]*npy.Array{"a": Random(npy.Float32, []int{6, 600}, 1), "b": Random(npy.Float32, []int{6, 600}, 2)}}
	if _, err := Run(ctxs[0], job); err != nil {
		t.Fatal(err)
	}
	if _, err := RunSlabs(job, Slabs{Contexts: ctxs}); err == nil || !strings.Contains(err.Error(), "sized from a value the device computes") {
		t.Errorf("late2 on 2 slabs: %v; want the late launch refused", err)
	}
}
