package clhost

import (
	"math"
	"os"
	"testing"
)

// requireOpenCL returns the devices, or skips the test when OpenCL is not
// installed; with FOROCL_REQUIRE_OPENCL set (as in CI) it fails instead.
func requireOpenCL(t *testing.T) []Device {
	t.Helper()
	ds, err := Devices()
	if err != nil {
		if os.Getenv("FOROCL_REQUIRE_OPENCL") == "" {
			t.Skipf("OpenCL not available (set FOROCL_REQUIRE_OPENCL=1 to fail instead): %v", err)
		}
		t.Fatalf("FOROCL_REQUIRE_OPENCL is set but OpenCL is not available: %v", err)
	}
	return ds
}

// newTestContext opens a context on the default device (FOROCL_DEVICE
// respected) with the program cache in a fresh temporary directory.
func newTestContext(t *testing.T) *Context {
	t.Helper()
	requireOpenCL(t)
	t.Setenv("FOROCL_CACHE", t.TempDir())
	d, err := Select("")
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewContext(d)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return c
}

func mustBuild(t *testing.T, c *Context, src, opts string) *Program {
	t.Helper()
	p, err := c.BuildProgram(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustKernel(t *testing.T, p *Program, name string) *Kernel {
	t.Helper()
	k, err := p.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func mustBuffer(t *testing.T, c *Context, size int64) *Buffer {
	t.Helper()
	b, err := c.NewBuffer(size)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func closeEnough(a, b float64) bool {
	return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b))
}

const testSource = `
__kernel void saxpy(const int n, const float a, __global const float *x, __global float *y) {
    int i = get_global_id(0);
    if (i < n) y[i] = a * x[i] + y[i];
}

__kernel void saxpy2d(const int n, const float a, __global const float *x, __global float *y) {
    int i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    if (i < n) y[i] = a * x[i] + y[i];
}

__kernel void groupsum(__global const int *in, __global int *out, __local int *tmp) {
    int l = get_local_id(0);
    tmp[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        int s = 0;
        for (int j = 0; j < (int)get_local_size(0); j++) s += tmp[j];
        out[get_group_id(0)] = s;
    }
}
`
