package golden

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/regions"
)

// modallocProgram calls weigh_rows of loop_module_alloc through its
// Fortran host with the module array coef allocated as its argument
// says: from 1 (the kernel runs), from 0, or not at all (Note
// [allocatable module arrays] in sema/modalloc.go).
const modallocProgram = `program modalloc
  use forocl_cl
  use loop_module_alloc_data, only: coef
  use loop_module_alloc_cl, only: weigh_rows_cl
  implicit none
  character(len=16) :: what
  character(len=forocl_msg_len) :: msg
  integer :: st
  real :: a(4)
  type(forocl_array) :: da
  a = 2.0
  call get_command_argument(1, what)
  select case (what)
  case ('from1')
    allocate(coef(3))
  case ('from0')
    allocate(coef(0:2))
  end select
  if (allocated(coef)) coef = [3.0d0, 1.0d0, 0.5d0]
  call forocl_init()
  call forocl_create(da, a)
  msg = ''
  call weigh_rows_cl(da, stat=st, errmsg=msg)
  call forocl_read(da, a)
  print '(a,i0,a,f6.2,a)', 'stat=', st, ' a1=', a(1), ' errmsg=' // trim(msg)
end program modalloc
`

// TestFortranHostModuleAllocatable: the Fortran host runs a kernel on an
// allocatable module array allocated from lower bound 1, and stops with
// an error, before any launch, on one allocated from another lower bound
// or not allocated, rather than shift its elements.
func TestFortranHostModuleAllocatable(t *testing.T) {
	device(t)
	robj, rdir := runtimeObject(t)
	dir := t.TempDir()
	f := "../testdata/kernels/loop_module_alloc.f90"
	u := compile(t, f).units[regions.Direct]
	objs := moduleObjects(t, u, []string{regionsModule, f}, dir)
	mobj := hostModule(t, u, "loop_module_alloc", dir)
	src := filepath.Join(dir, "modalloc.f90")
	if err := os.WriteFile(src, []byte(modallocProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "modalloc")
	args := append([]string{"-std=f2008", "-fno-backtrace", "-I", rdir, "-I", dir, "-J", dir, "-o", exe, robj, mobj}, objs...)
	args = append(append(args, src), oracle.OpenCLLink()...)
	if out, err := exec.Command("gfortran", args...).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	for _, c := range []struct{ name, want string }{
		// a(i) = coef(1)*a(i) + coef(size(coef)) = 3*2 + 0.5
		{"from1", "stat=0 a1=  6.50 errmsg="},
		{"from0", "stat=1 a1=  2.00 errmsg=module array coef: allocated from a lower bound other than 1; the kernel takes it from 1"},
		{"none", "stat=1 a1=  2.00 errmsg=module array coef: not allocated"},
	} {
		cmd := exec.Command(exe, c.name)
		cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice())
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), c.want) {
			t.Errorf("%s: %v, want %q in:\n%s", c.name, err, c.want, out)
		}
	}
}
