package clhost

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// runSaxpy runs y = a*x + y over n = 1000 elements with a padded, masked
// NDRange and checks the result.
func runSaxpy(t *testing.T, c *Context, k *Kernel, global, local []int) {
	t.Helper()
	const n = 1000
	const a = float32(2.5)
	x := make([]float32, n)
	y := make([]float32, n)
	for i := range x {
		x[i] = float32(i) * 0.25
		y[i] = float32(n - i)
	}
	// One extra element past n: the mask must leave it alone.
	bx := mustBuffer(t, c, 4*(n+1))
	by := mustBuffer(t, c, 4*(n+1))
	defer bx.Close()
	defer by.Close()
	if err := c.WriteFloat32(bx, append(append([]float32{}, x...), 7)); err != nil {
		t.Fatal(err)
	}
	if err := c.WriteFloat32(by, append(append([]float32{}, y...), -3)); err != nil {
		t.Fatal(err)
	}
	if err := k.SetArgs(n, a, bx, by); err != nil {
		t.Fatal(err)
	}
	ev, err := c.Launch(k, global, local)
	if err != nil {
		t.Fatal(err)
	}
	defer ev.Close()
	if err := ev.Wait(); err != nil {
		t.Fatal(err)
	}
	got := make([]float32, n+1)
	if err := c.ReadFloat32(by, got); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if want := a*x[i] + y[i]; !closeEnough(float64(got[i]), float64(want)) {
			t.Fatalf("y[%d] = %v, want %v", i, got[i], want)
		}
	}
	if got[n] != -3 {
		t.Errorf("element past n changed to %v: mask broken", got[n])
	}
}

func TestSaxpy1D(t *testing.T) {
	c := newTestContext(t)
	p := mustBuild(t, c, testSource, "")
	k := mustKernel(t, p, "saxpy")
	if k.Name() != "saxpy" {
		t.Errorf("Name = %q", k.Name())
	}
	runSaxpy(t, c, k, []int{1024}, []int{64})
	runSaxpy(t, c, k, []int{1024}, nil)
}

func TestSaxpy2D(t *testing.T) {
	c := newTestContext(t)
	p := mustBuild(t, c, testSource, "")
	k := mustKernel(t, p, "saxpy2d")
	runSaxpy(t, c, k, []int{32, 32}, []int{8, 8})
	runSaxpy(t, c, k, []int{16, 64}, nil)
}

func TestLocalMemoryAndIntArgs(t *testing.T) {
	c := newTestContext(t)
	k := mustKernel(t, mustBuild(t, c, testSource, ""), "groupsum")
	const groups, size = 8, 32
	in := make([]int32, groups*size)
	for i := range in {
		in[i] = int32(i)
	}
	bin := mustBuffer(t, c, 4*groups*size)
	bout := mustBuffer(t, c, 4*groups)
	if err := c.WriteInt32(bin, in); err != nil {
		t.Fatal(err)
	}
	if err := k.SetArgs(bin, bout, LocalBytes(4*size)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Launch(k, []int{groups * size}, []int{size}); err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	out := make([]int32, groups)
	if err := c.ReadInt32(bout, out); err != nil {
		t.Fatal(err)
	}
	for g := range out {
		want := int32(0)
		for i := g * size; i < (g+1)*size; i++ {
			want += int32(i)
		}
		if out[g] != want {
			t.Errorf("group %d sum = %d, want %d", g, out[g], want)
		}
	}
}

func TestFloat64Kernel(t *testing.T) {
	c := newTestContext(t)
	if !c.Device().FP64 {
		t.Skipf("%s has no fp64", c.Device().Name)
	}
	src := `#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void axpb(const double a, const long b, __global double *y) {
    int i = get_global_id(0);
    y[i] = a * y[i] + (double)b;
}`
	k := mustKernel(t, mustBuild(t, c, src, ""), "axpb")
	y := []float64{1, 2, 3, 1e-300}
	b := mustBuffer(t, c, 8*int64(len(y)))
	if err := c.WriteFloat64(b, y); err != nil {
		t.Fatal(err)
	}
	if err := k.SetArgs(0.5, int64(1)<<40, b); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Launch(k, []int{len(y)}, nil); err != nil {
		t.Fatal(err)
	}
	got := make([]float64, len(y))
	if err := c.ReadFloat64(b, got); err != nil {
		t.Fatal(err)
	}
	for i := range y {
		if want := 0.5*y[i] + float64(int64(1)<<40); got[i] != want {
			t.Errorf("y[%d] = %v, want %v", i, got[i], want)
		}
	}
}

func TestBuildError(t *testing.T) {
	c := newTestContext(t)
	src := "__kernel void broken(__global float *x) {\n    x[0] = 1.0f;\n    x[1] = ;\n}\n"
	_, err := c.BuildProgram(src, "-DFOROCL_TEST=1")
	if err == nil {
		t.Fatal("broken source built")
	}
	var be *BuildError
	if !errors.As(err, &be) {
		t.Fatalf("error %T is not a *BuildError: %v", err, err)
	}
	msg := err.Error()
	t.Logf("build error:\n%s", msg)
	for _, s := range []string{c.Device().Name, "-DFOROCL_TEST=1", "error", "CL_BUILD_PROGRAM_FAILURE (-11)"} {
		if !strings.Contains(msg, s) {
			t.Errorf("build error lacks %q", s)
		}
	}
	if !strings.Contains(be.Log, ":3:") {
		t.Errorf("build log does not point at line 3:\n%s", be.Log)
	}
	if !IsCode(err, CodeBuildProgramFailure) {
		t.Errorf("IsCode(CL_BUILD_PROGRAM_FAILURE) false")
	}
	// Invalid options are a build error too.
	_, err = c.BuildProgram("__kernel void k() {}", "-cl-no-such-option")
	if !errors.As(err, &be) || !(IsCode(err, CodeInvalidBuildOptions) || IsCode(err, CodeBuildProgramFailure)) {
		t.Errorf("bad options: %v", err)
	} else {
		t.Logf("bad options: %v", err)
	}
	// Nothing from the failed build may stay tracked.
	if n := len(c.live[kindProgram]); n != 0 {
		t.Errorf("%d programs tracked after a failed build", n)
	}
}

// A program that builds with a warning succeeds; the log is kept (PoCL
// reports #warning in it, other drivers may not).
func TestBuildWarningLog(t *testing.T) {
	c := newTestContext(t)
	src := "#warning forocl_test_warning\n__kernel void k(__global int *x) { x[0] = 1; }\n"
	p := mustBuild(t, c, src, "")
	t.Logf("log: %q", p.Log())
	if strings.Contains(c.Device().Version, "PoCL") && !strings.Contains(p.Log(), "forocl_test_warning") {
		t.Errorf("PoCL build log lacks the warning: %q", p.Log())
	}
	// A cache hit returns the original log.
	p2 := mustBuild(t, c, src, "")
	if !p2.FromCache() || p2.Log() != p.Log() {
		t.Errorf("cached build: FromCache %v, log %q, want %q", p2.FromCache(), p2.Log(), p.Log())
	}
}

func TestInvalidWorkGroupSize(t *testing.T) {
	c := newTestContext(t)
	k := mustKernel(t, mustBuild(t, c, testSource, ""), "saxpy2d")
	bx := mustBuffer(t, c, 4*256)
	by := mustBuffer(t, c, 4*256)
	if err := k.SetArgs(256, float32(1), bx, by); err != nil {
		t.Fatal(err)
	}
	d := c.Device()
	l0 := min(d.MaxWorkItemSizes[0], d.MaxWorkGroupSize)
	l1 := d.MaxWorkGroupSize/l0 + 1
	for _, tc := range []struct{ global, local []int }{
		{[]int{16, 16}, []int{3, 7}},   // does not divide the global size
		{[]int{l0, l1}, []int{l0, l1}}, // more work-items than the device allows
	} {
		t.Run(fmt.Sprintf("local%v", tc.local), func(t *testing.T) {
			ev, err := c.Launch(k, tc.global, tc.local)
			if err == nil {
				ev.Close()
				t.Fatalf("launch with global %v local %v succeeded", tc.global, tc.local)
			}
			if !IsCode(err, CodeInvalidWorkGroupSize) {
				t.Errorf("got %v, want CL_INVALID_WORK_GROUP_SIZE", err)
			}
			if !strings.Contains(err.Error(), "clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE (-54)") {
				t.Errorf("message %q lacks the call and code", err)
			}
		})
	}
}

func TestLaunchArgumentChecks(t *testing.T) {
	c := newTestContext(t)
	k := mustKernel(t, mustBuild(t, c, testSource, ""), "saxpy")
	for _, tc := range []struct{ global, local []int }{
		{nil, nil},
		{[]int{1, 2, 3, 4}, nil},
		{[]int{0}, nil},
		{[]int{-4}, nil},
		{[]int{16}, []int{4, 4}},
		{[]int{16}, []int{0}},
	} {
		if _, err := c.Launch(k, tc.global, tc.local); err == nil {
			t.Errorf("Launch(%v, %v) succeeded", tc.global, tc.local)
		}
	}
	if _, err := c.Launch(nil, []int{1}, nil); err == nil {
		t.Error("Launch(nil kernel) succeeded")
	}
	for _, args := range [][]any{
		{"a string"},
		{1 << 40},
		{(*Buffer)(nil)},
		{LocalBytes(0)},
		{nil},
	} {
		if err := k.SetArgs(args...); err == nil {
			t.Errorf("SetArgs(%#v) succeeded", args)
		}
	}
	// Too few arguments set: the launch fails with an OpenCL error.
	k2 := mustKernel(t, mustBuild(t, c, testSource, ""), "saxpy")
	if err := k2.SetArgs(10); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Launch(k2, []int{16}, nil); err == nil {
		t.Error("launch with unset arguments succeeded")
	} else {
		t.Logf("unset arguments: %v", err)
	}
	if _, err := mustBuild(t, c, testSource, "").Kernel("nosuchkernel"); !IsCode(err, CodeInvalidKernelName) {
		t.Errorf("missing kernel: %v", err)
	}
	k.Close()
	k.Close()
	if err := k.SetArgs(1); err == nil {
		t.Error("SetArgs after Release succeeded")
	}
}

func TestEventDuration(t *testing.T) {
	c := newTestContext(t)
	k := mustKernel(t, mustBuild(t, c, testSource, ""), "saxpy")
	const n = 1 << 18
	bx := mustBuffer(t, c, 4*n)
	by := mustBuffer(t, c, 4*n)
	if err := c.WriteFloat32(bx, make([]float32, n)); err != nil {
		t.Fatal(err)
	}
	if err := c.WriteFloat32(by, make([]float32, n)); err != nil {
		t.Fatal(err)
	}
	if err := k.SetArgs(n, float32(3), bx, by); err != nil {
		t.Fatal(err)
	}
	ev, err := c.Launch(k, []int{n}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ev.Duration()
	if err != nil {
		t.Fatal(err)
	}
	if d <= 0 {
		t.Errorf("Duration = %v, want > 0", d)
	}
	t.Logf("saxpy over %d elements: %v", n, d)
	ev.Close()
	ev.Close()
	if _, err := ev.Duration(); err == nil {
		t.Error("Duration after Release succeeded")
	}
}

func TestCloseReleasesEverything(t *testing.T) {
	requireOpenCL(t)
	t.Setenv("FOROCL_CACHE", "off")
	d, err := Select("")
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewContext(d)
	if err != nil {
		t.Fatal(err)
	}
	p := mustBuild(t, c, testSource, "")
	k := mustKernel(t, p, "saxpy")
	bx := mustBuffer(t, c, 4*64)
	by := mustBuffer(t, c, 4*64)
	if err := k.SetArgs(64, float32(1), bx, by); err != nil {
		t.Fatal(err)
	}
	ev, err := c.Launch(k, []int{64}, nil)
	if err != nil {
		t.Fatal(err)
	}
	released := mustBuffer(t, c, 16)
	released.Close()
	n := 0
	for _, m := range c.live {
		n += len(m)
	}
	if n != 5 { // program, kernel, two buffers, event
		t.Errorf("%d objects tracked, want 5", n)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	// Everything after Close is a clean error or a no-op.
	bx.Close()
	k.Close()
	p.Close()
	ev.Close()
	if _, err := c.NewBuffer(4); !errors.Is(err, errClosed) {
		t.Errorf("NewBuffer after Close: %v", err)
	}
	if err := ev.Wait(); err == nil {
		t.Error("Wait after Close succeeded")
	}
	if err := c.WriteFloat32(by, []float32{1}); err == nil {
		t.Error("write after Close succeeded")
	}
	if _, err := c.BuildProgram(testSource, ""); err == nil {
		t.Error("BuildProgram after Close succeeded")
	}
	if err := c.Finish(); err == nil {
		t.Error("Finish after Close succeeded")
	}
}
