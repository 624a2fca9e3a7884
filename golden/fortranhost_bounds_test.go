package golden

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/regions"
)

// checkedKernels are loop kernels whose subscripts only --check-bounds
// checks: gathers through an index array, one of them into the second
// dimension of a 2-D array, one repeated by a host loop.
const checkedKernels = `!$OFP PURE, KERNEL :: gather
subroutine gather(n, m, idx, a, b)
  integer, intent(in) :: n, m
  integer, intent(in) :: idx(n)
  real, intent(in) :: a(m)
  real, intent(out) :: b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(idx(i))
  end do
end subroutine gather

!$OFP PURE, KERNEL :: gather2
subroutine gather2(n, m, idx, t, b)
  integer, intent(in) :: n, m
  integer, intent(in) :: idx(n)
  real, intent(in) :: t(2, m)
  real, intent(out) :: b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = t(2, idx(i))
  end do
end subroutine gather2

!$OFP PURE, KERNEL :: hops
subroutine hops(n, m, steps, idx, a, b)
  integer, intent(in) :: n, m, steps
  integer, intent(in) :: idx(n)
  real, intent(in) :: a(m)
  real :: b(n)
  integer :: i, s
  do s = 1, steps
    do concurrent (i = 1:n)
      b(i) = b(i) + a(idx(i))
    end do
  end do
end subroutine hops
`

// checkedProgram calls checkedKernels through the module built with
// --check-bounds (checked_cl) and the one built without (plain_cl), in
// the case named by its argument.
const checkedProgram = `program checked
  use forocl_cl
  use checked_cl, only: gather_cl, gather2_cl, hops_cl
  use plain_cl, only: plain_gather_cl => gather_cl, plain_gather2_cl => gather2_cl, plain_hops_cl => hops_cl
  implicit none
  character(len=32) :: what
  character(len=forocl_msg_len) :: msg
  integer :: st, i
  real :: a(10), t(2,10), b(5), c(5)
  integer :: idx(5)
  type(forocl_array) :: da, dt, didx, db, dc
  a = [(10.0 + i, i = 0, 9)]
  t(1,:) = -1
  t(2,:) = [(100.0 + i, i = 1, 10)]
  b = 0
  call forocl_create(da, a)
  call forocl_create(dt, t)
  call forocl_create(db, b)
  call forocl_create(dc, b)
  call get_command_argument(1, what)
  msg = 'unchanged'
  select case (what)
  case ('bad')
    call forocl_create(didx, [1, 3, 11, 2, 4])
    call gather_cl(5, 10, didx, da, db)
    print '(a)', 'not stopped'
  case ('bad-stat')
    ! The error, then a good call on the same module: each call starts
    ! from a zero bounds buffer.
    call forocl_create(didx, [1, 3, 11, 2, 4])
    call gather_cl(5, 10, didx, da, db, stat=st, errmsg=msg)
    print '(a,i0,a)', 'stat=', st, ' errmsg=' // trim(msg)
    call forocl_write(didx, [1, 3, 10, 2, 4])
    msg = 'unchanged'
    call gather_cl(5, 10, didx, da, db, stat=st, errmsg=msg)
    print '(a,i0,a)', 'again stat=', st, ' errmsg=' // trim(msg)
  case ('bad2')
    call forocl_create(didx, [1, -3, 2, 2, 4])
    call gather2_cl(5, 10, didx, dt, db, stat=st, errmsg=msg)
    print '(a,i0,a)', 'stat=', st, ' errmsg=' // trim(msg)
  case ('bad-hops')
    call forocl_create(didx, [1, 3, 5, 2, 0])
    call hops_cl(5, 10, 3, didx, da, db, stat=st, errmsg=msg)
    print '(a,i0,a)', 'stat=', st, ' errmsg=' // trim(msg)
  case ('good')
    call forocl_create(didx, [10, 3, 1, 2, 4])
    call gather_cl(5, 10, didx, da, db)
    call plain_gather_cl(5, 10, didx, da, dc)
    call forocl_read(db, b)
    call forocl_read(dc, c)
    print '(a,5f7.1)', 'gather checked:', b
    print '(a,5f7.1)', 'gather plain:  ', c
    call gather2_cl(5, 10, didx, dt, db)
    call plain_gather2_cl(5, 10, didx, dt, dc)
    call forocl_read(db, b)
    call forocl_read(dc, c)
    print '(a,5f7.1)', 'gather2 checked:', b
    print '(a,5f7.1)', 'gather2 plain:  ', c
    b = 0
    call forocl_write(db, b)
    call forocl_write(dc, b)
    call hops_cl(5, 10, 3, didx, da, db, stat=st)
    call plain_hops_cl(5, 10, 3, didx, da, dc)
    call forocl_read(db, b)
    call forocl_read(dc, c)
    print '(a,i0)', 'hops stat=', st
    print '(a,5f7.1)', 'hops checked:', b
    print '(a,5f7.1)', 'hops plain:  ', c
  case default
    print '(a)', 'unknown case'
  end select
end program checked
`

// TestFortranHostCheckBounds: the Fortran host of kernels built with
// --check-bounds reads the bounds buffer after a call's launches and
// reports a gather through a bad index by array, dimension, value,
// bounds, kernel and line (stat= forocl_ebounds, else error stop), and a
// good call gives what the host built without the option gives.
func TestFortranHostCheckBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	device(t)
	robj, rdir := runtimeObject(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "gather.f90")
	if err := os.WriteFile(src, []byte(checkedKernels), 0o644); err != nil {
		t.Fatal(err)
	}
	comp := compile(t, src)
	checked := codegen.OpenCL(comp.res.Program, comp.plans[regions.Direct], comp.res.Program.Kernels, "gather.f90", codegen.Options{CheckBounds: true})
	for _, k := range checked.Kernels {
		if len(k.BoundsSites) == 0 {
			t.Fatalf("kernel %q has no bounds sites with CheckBounds", k.Name)
		}
	}
	cobj := hostModule(t, checked, "checked", dir)
	pobj := hostModule(t, comp.units[regions.Direct], "plain", dir)
	prog := filepath.Join(dir, "main.f90")
	if err := os.WriteFile(prog, []byte(checkedProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "checked")
	args := append([]string{"-std=f2008", "-fno-backtrace", "-I", rdir, "-I", dir, "-J", dir, "-o", exe, robj, cobj, pobj, prog}, oracle.OpenCLLink()...)
	if out, err := exec.Command("gfortran", args...).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	for _, c := range []struct {
		name string
		fail bool // exits with error stop
		want []string
	}{
		{name: "bad", fail: true, want: []string{
			`forocl: index 11 of dimension 1 of array "a" out of bounds 1:10 in kernel "gather" (gather.f90:9)`, "ERROR STOP 1"}},
		{name: "bad-stat", want: []string{
			`stat=6 errmsg=index 11 of dimension 1 of array "a" out of bounds 1:10 in kernel "gather" (gather.f90:9)`,
			"again stat=0 errmsg=unchanged"}},
		{name: "bad2", want: []string{
			`stat=6 errmsg=index -3 of dimension 2 of array "t" out of bounds 1:10 in kernel "gather2" (gather.f90:21)`}},
		{name: "bad-hops", want: []string{
			`stat=6 errmsg=index 0 of dimension 1 of array "a" out of bounds 1:10 in kernel "hops" (gather.f90:34)`}},
		{name: "good", want: []string{
			"gather checked:   19.0   12.0   10.0   11.0   13.0",
			"gather plain:     19.0   12.0   10.0   11.0   13.0",
			"gather2 checked:  110.0  103.0  101.0  102.0  104.0",
			"gather2 plain:    110.0  103.0  101.0  102.0  104.0",
			"hops stat=0",
			"hops checked:   57.0   36.0   30.0   33.0   39.0",
			"hops plain:     57.0   36.0   30.0   33.0   39.0"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(exe, c.name)
			cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice())
			out, err := cmd.CombinedOutput()
			if c.fail != (err != nil) {
				t.Errorf("exit error %v, want failure %v; output:\n%s", err, c.fail, out)
			}
			for _, w := range c.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}
