package golden

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/regions"
)

// errorProgram calls jacobi5_step (2-D, halo 1) through the generated
// module, with the mistake named by its first argument; "stat" cases pass
// stat= and errmsg= and print them, the others stop with error stop.
const errorProgram = `program errors
  use forocl_cl
  use jacobi5_cl, only: jacobi5_step_cl
  use loop_boundary_rows_cl, only: reflect_cl
  use loop_int64_window_cl, only: window64_cl
  use loop_dc_varstep_cl, only: strided_rev_cl
  implicit none
  character(len=32) :: what
  character(len=forocl_msg_len) :: msg
  integer :: st
  real :: A(10,10), F(10,9), B(0:9,-1:8), X(10,10)
  real(8) :: D(10,10)
  real :: L(10)
  real(8) :: W(8)
  type(forocl_array) :: dA, dF, dB, dD, dL, dX, big
  type(forocl_program) :: prog
  type(forocl_kernel) :: k
  A = 1
  F = 2
  B = 3
  D = 4
  L = 5
  call get_command_argument(1, what)
  msg = 'unchanged'
  select case (what)
  case ('init')
    call forocl_init()
    print '(a)', 'device ' // forocl_device_index()
  case ('init-stat')
    call forocl_init('no such device', stat=st, errmsg=msg)
    print '(a,i0,a)', 'stat=', st, ' errmsg=' // trim(msg)
  case ('shape')
    call forocl_create(dA, A)
    call forocl_create(dF, F)
    call forocl_create(dB, B)
    call jacobi5_step_cl(0.5, dA, dF, dB)
  case ('shape-stat')
    call forocl_create(dA, A)
    call forocl_create(dF, F)
    call forocl_create(dB, B)
    call jacobi5_step_cl(0.5, dA, dF, dB, stat=st, errmsg=msg)
    print '(a,i0,a)', 'stat=', st, ' errmsg=' // trim(msg)
  case ('lbounds')
    ! B has lower bounds 0 and -1: only the shape counts.
    call forocl_create(dA, A)
    call forocl_create(dB, B)
    call forocl_create(dX, A)
    call jacobi5_step_cl(0.5, dA, dB, dX)
    call forocl_read(dX, B)
    print '(a,2f6.2)', 'B=', B(0,-1), B(1,0)
  case ('rank')
    call forocl_create(dA, A)
    call forocl_create(dL, L)
    call jacobi5_step_cl(0.5, dA, dL, dA)
  case ('kind')
    call forocl_create(dA, A)
    call forocl_create(dD, D)
    call jacobi5_step_cl(0.5, dD, dA, dA)
  case ('uncreated')
    call forocl_create(dA, A)
    call jacobi5_step_cl(0.5, dA, dF, dA)
  case ('interior')
    call forocl_create(dA, A(1:2,1:10))
    call forocl_create(dF, A(1:2,1:10))
    call forocl_create(dX, A(1:2,1:10))
    call jacobi5_step_cl(0.5, dA, dF, dX)
  case ('alias')
    ! The output is also the input: refused before the launch.
    call forocl_create(dA, A)
    call forocl_create(dF, A)
    call jacobi5_step_cl(0.5, dA, dF, dA)
  case ('bounds')
    ! reflect reads h(2, k): out of bounds when n = 1.
    call forocl_create(dA, A(1:1,1:3))
    call forocl_create(dF, A(1:1,1:3))
    call forocl_create(dX, A(1:1,1:3))
    call reflect_cl(1, 3, 1, dA, dF, dX)
  case ('bounds-ok')
    call forocl_create(dA, A(1:2,1:3))
    call forocl_create(dF, A(1:2,1:3))
    call forocl_create(dX, A(1:2,1:3))
    call reflect_cl(2, 3, 1, dA, dF, dX, stat=st, errmsg=msg)
    print '(a,i0)', 'stat=', st
  case ('alias-in')
    ! One array as both inputs is fine.
    call forocl_create(dA, A)
    call forocl_create(dX, A)
    call jacobi5_step_cl(0.5, dA, dA, dX, stat=st, errmsg=msg)
    print '(a,i0)', 'stat=', st
  case ('wide')
    ! A 64-bit size past 2**31: this host builds 32-bit indices only.
    W = 1
    call forocl_create(dD, W)
    call forocl_create(dX, W)
    call window64_cl(3000000005_8, dD, dX, stat=st, errmsg=msg)
    print '(a,i0,a)', 'stat=', st, ' errmsg=' // trim(msg)
  case ('zero-step')
    ! do concurrent (i = n:1:-s) with s = 0: the host stops before the launch.
    call forocl_create(dL, L)
    call forocl_create(dX, L)
    call strided_rev_cl(10, 0, dL, dX, stat=st, errmsg=msg)
    print '(a,i0,a)', 'stat=', st, ' errmsg=' // trim(msg)
  case ('read')
    call forocl_create(dA, A)
    call forocl_read(dA, F)
  case ('memory')
    call forocl_alloc(big, forocl_real8, [200000, 200000, 100], stat=st, errmsg=msg)
    print '(a,i0,a)', 'stat=', st, ' errmsg=' // trim(msg)
  case ('build')
    call forocl_build(prog, '__kernel void broken(__global float* a) { a[0] = undefined_name; }', '')
  case ('cached')
    call forocl_build(prog, '__kernel void one(__global float* a) { a[0] = 1.0f; }', '')
    print '(a,l1)', 'cached=', prog%cached
  case ('arg')
    call forocl_build(prog, '__kernel void one(__global float* a) { a[0] = 1.0f; }', '')
    call forocl_kernel_create(k, prog, 'one')
    call forocl_set_arg(k, 3, 1.0)
  case default
    print '(a)', 'unknown case'
  end select
  X = 0
end program errors
`

var errorExe struct {
	once sync.Once
	path string
	err  error
}

// buildErrorProgram compiles errorProgram with jacobi5's host module.
func buildErrorProgram(t *testing.T) string {
	t.Helper()
	robj, rdir := runtimeObject(t)
	errorExe.once.Do(func() {
		dir, err := os.MkdirTemp("", "forocl-fortran-errors")
		if err != nil {
			errorExe.err = err
			return
		}
		u := compile(t, "../testdata/kernels/jacobi5.f90").units[regions.Direct]
		mobj := hostModule(t, u, "jacobi5", dir)
		lu := compile(t, "../testdata/kernels/loop_boundary_rows.f90").units[regions.Direct]
		lobj := hostModule(t, lu, "loop_boundary_rows", dir)
		wu := compile(t, "../testdata/kernels/loop_int64_window.f90").units[regions.Direct]
		wobj := hostModule(t, wu, "loop_int64_window", dir)
		vu := compile(t, "../testdata/kernels/loop_dc_varstep.f90").units[regions.Direct]
		vobj := hostModule(t, vu, "loop_dc_varstep", dir)
		src := filepath.Join(dir, "errors.f90")
		if err := os.WriteFile(src, []byte(errorProgram), 0o644); err != nil {
			errorExe.err = err
			return
		}
		exe := filepath.Join(dir, "errors")
		args := append([]string{"-std=f2008", "-fno-backtrace", "-I", rdir, "-I", dir, "-J", dir, "-o", exe, robj, mobj, lobj, wobj, vobj, src}, oracle.OpenCLLink()...)
		if out, err := exec.Command("gfortran", args...).CombinedOutput(); err != nil {
			errorExe.err = fmt.Errorf("gfortran: %v\n%s", err, out)
			return
		}
		errorExe.path = exe
	})
	if errorExe.err != nil {
		t.Fatal(errorExe.err)
	}
	return errorExe.path
}

// TestFortranHostErrors runs the error program's cases and checks each
// message and exit status: Fortran-style errors (stat= and errmsg=, else
// error stop with the message), shapes named with both shapes before any
// launch, devices chosen by the rules of --device.
func TestFortranHostErrors(t *testing.T) {
	device(t)
	exe := buildErrorProgram(t)
	devs, err := clhost.Devices()
	if err != nil {
		t.Fatal(err)
	}
	pocl, err := clhost.Select(testDevice())
	if err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	for _, c := range []struct {
		name string
		env  []string // FOROCL_DEVICE=pocl unless set here
		fail bool     // exits with error stop
		want []string
	}{
		{name: "init", want: []string{"device " + pocl.Index}},
		{name: "init", env: []string{"FOROCL_DEVICE=" + pocl.Index}, want: []string{"device " + pocl.Index}},
		// Unknown device name, from the environment and from the argument.
		{name: "init", env: []string{"FOROCL_DEVICE=nosuchdevice"}, fail: true, want: []string{
			`forocl: no OpenCL device matches "nosuchdevice" (from FOROCL_DEVICE); available devices:` + "\n  " + devs[0].String(),
			"ERROR STOP 1"}},
		{name: "init-stat", want: []string{`stat=2 errmsg=no OpenCL device matches "no such device"; available devices:`}},
		{name: "init", env: []string{"FOROCL_DEVICE=9:9"}, fail: true, want: []string{`no OpenCL device matches "9:9" (from FOROCL_DEVICE)`}},
		// A bare number is the N-th device; an exact name wins.
		{name: "init", env: []string{"FOROCL_DEVICE=" + deviceNumber(devs, pocl)}, want: []string{"device " + pocl.Index}},
		{name: "init", env: []string{"FOROCL_DEVICE=" + fmt.Sprint(len(devs))}, fail: true, want: []string{
			fmt.Sprintf(`no OpenCL device matches "%d" (from FOROCL_DEVICE)`, len(devs))}},
		{name: "init", env: []string{"FOROCL_DEVICE=" + strings.ToUpper(pocl.Name)}, want: []string{"device " + pocl.Index}},
		// No device at all: the loader finds no platform.
		{name: "init", env: []string{"OCL_ICD_VENDORS=" + empty, "OCL_ICD_FILENAMES="}, fail: true, want: []string{
			"forocl: no OpenCL platform found; on Debian: apt-get install pocl-opencl-icd (CPU) or your GPU vendor's OpenCL driver"}},
		// Wrong shapes, ranks and kinds are caught before any launch.
		{name: "shape", fail: true, want: []string{
			`forocl: kernel "jacobi5_step": array "F" has shape (10, 9) but "A" has (10, 10); all arrays of a kernel share one grid`}},
		{name: "shape-stat", want: []string{
			`stat=1 errmsg=kernel "jacobi5_step": array "F" has shape (10, 9) but "A" has (10, 10); all arrays of a kernel share one grid`}},
		{name: "lbounds", want: []string{"B=  1.00  1.19"}},
		{name: "rank", fail: true, want: []string{`forocl: kernel "jacobi5_step": array "F" has shape (10) but the kernel takes 2-D arrays`}},
		{name: "kind", fail: true, want: []string{`forocl: kernel "jacobi5_step": array "A" is real(8) but the kernel declares it real(4)`}},
		{name: "uncreated", fail: true, want: []string{`forocl: kernel "jacobi5_step": array "F" is not a device array yet (create it with forocl_create or forocl_alloc)`}},
		{name: "interior", fail: true, want: []string{`forocl: kernel "jacobi5_step": the grid (2, 10) leaves no interior in dimension 1 after the halos; the arrays must be larger`}},
		{name: "alias", fail: true, want: []string{`forocl: kernel "jacobi5_step": arrays "A" and "oA" are one device array, and the kernel writes "oA"; pass separate arrays (for an in-place update, write into a second array and swap them)`}},
		{name: "bounds", fail: true, want: []string{`forocl: kernel "reflect" reads array "h" at indices 2:2 of dimension 1 (loop_boundary_rows.f90:13), outside its declared bounds 1:1; give sizes that keep the loop inside the array`}},
		{name: "bounds-ok", want: []string{"stat=0"}},
		{name: "alias-in", want: []string{"stat=0"}},
		// A 64-bit size is never narrowed to the host's 32-bit indices.
		{name: "wide", want: []string{"stat=1 errmsg=size n = 3000000005 does not fit 32 bits, which this host builds; use forocl run"}},
		// A DO CONCURRENT's step of 0 is an error naming the loop's line.
		{name: "zero-step", want: []string{`stat=1 errmsg=kernel "strided_rev": line 30: the step of the loop over "i" is zero`}},
		{name: "read", fail: true, want: []string{`forocl: forocl_read: the host array has shape (10, 9) but the device array has (10, 10)`}},
		{name: "memory", want: []string{`stat=3 errmsg=out of device memory: a real(8) array of shape (200000, 200000, 100) needs 29802.3 GiB but ` + pocl.Name}},
		// OpenCL errors name the call, the error and the kernel.
		{name: "build", fail: true, want: []string{"forocl: clBuildProgram failed with CL_BUILD_PROGRAM_FAILURE (-11) on " + pocl.Name, "undefined_name"}},
		{name: "arg", fail: true, want: []string{`forocl: clSetKernelArg failed with CL_INVALID_ARG_INDEX (-49) for argument 3 of kernel "one"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(exe, c.name)
			cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice())
			cmd.Env = append(cmd.Env, c.env...)
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

// TestFortranHostCacheShared: a program built by the Fortran runtime is
// found in the cache by clhost (same key and layout), and the Fortran
// runtime reads what clhost wrote.
func TestFortranHostCacheShared(t *testing.T) {
	ctx := device(t)
	exe := buildErrorProgram(t)
	const src = "__kernel void one(__global float* a) { a[0] = 1.0f; }"
	dir := t.TempDir()
	t.Setenv("FOROCL_CACHE", dir)
	cmd := exec.Command(exe, "arg") // builds src, then fails on purpose
	cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice())
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "CL_INVALID_ARG_INDEX") {
		t.Fatalf("error program: %v\n%s", err, out)
	}
	entries, _ := filepath.Glob(filepath.Join(dir, "*.bin"))
	if len(entries) != 1 {
		t.Fatalf("the Fortran runtime left %d cache entries, want 1: %v", len(entries), entries)
	}
	p, err := ctx.BuildProgram(src, "")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if !p.FromCache() {
		t.Errorf("clhost did not find the Fortran runtime's cache entry %s", entries[0])
	}
	// The runtime finds it too, and finds what clhost writes.
	if out := runCase(t, exe, "cached"); !strings.Contains(out, "cached=T") {
		t.Errorf("the Fortran runtime missed its own cache entry:\n%s", out)
	}
	src2 := "__kernel void one(__global float* a) { a[0] = 1.0f; }"
	if err := os.Remove(entries[0]); err != nil {
		t.Fatal(err)
	}
	if out := runCase(t, exe, "cached"); !strings.Contains(out, "cached=F") {
		t.Errorf("the Fortran runtime reports a cache hit on an empty cache:\n%s", out)
	}
	os.Remove(entries[0])
	p2, err := ctx.BuildProgram(src2, "")
	if err != nil {
		t.Fatal(err)
	}
	p2.Release()
	if out := runCase(t, exe, "cached"); !strings.Contains(out, "cached=T") {
		t.Errorf("the Fortran runtime missed the entry clhost wrote:\n%s", out)
	}
	// The secret is private to the user, as clhost makes it.
	if fi, err := os.Stat(filepath.Join(dir, ".secret")); err != nil {
		t.Error(err)
	} else if fi.Mode().Perm() != 0o600 {
		t.Errorf("cache secret has mode %v; want 0600", fi.Mode().Perm())
	}
	// A tampered entry (one bit of its binary flipped) is never handed to
	// the driver: the runtime builds from source and rewrites the entry,
	// which clhost then accepts again.
	b, err := os.ReadFile(entries[0])
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-1] ^= 1
	if err := os.WriteFile(entries[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	if out := runCase(t, exe, "cached"); !strings.Contains(out, "cached=F") {
		t.Errorf("the Fortran runtime used a tampered entry:\n%s", out)
	}
	if fixed, err := os.ReadFile(entries[0]); err != nil || string(fixed) == string(b) {
		t.Errorf("the tampered entry was not rewritten (%v)", err)
	}
	p3, err := ctx.BuildProgram(src, "")
	if err != nil {
		t.Fatal(err)
	}
	defer p3.Release()
	if !p3.FromCache() {
		t.Errorf("clhost rejects the entry the Fortran runtime rewrote")
	}
}

// runCase runs one case of the error program on the test device and
// returns its output.
func runCase(t *testing.T, exe, name string) string {
	t.Helper()
	cmd := exec.Command(exe, name)
	cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice())
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// deviceNumber is d's position in ds, as a bare FOROCL_DEVICE number.
func deviceNumber(ds []clhost.Device, d clhost.Device) string {
	for i, x := range ds {
		if x.Index == d.Index {
			return fmt.Sprint(i)
		}
	}
	return "-1"
}
