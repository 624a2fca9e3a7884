package clhost_test

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"testing"

	"github.com/forocl/forocl/clhost"
)

// TestMain keeps the examples' programs out of the user's cache, and runs
// only the tests (which skip themselves) when no OpenCL device is
// installed, since examples cannot skip.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "clhost-example-cache")
	if err == nil {
		os.Setenv("FOROCL_CACHE", dir)
	}
	flag.Parse()
	if _, err := clhost.Devices(); err != nil && os.Getenv("FOROCL_REQUIRE_OPENCL") == "" {
		flag.Set("test.run", "^Test")
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// A complete round trip: open a context on a device, make arrays, build a
// program, launch a kernel and read the result back.
func Example() {
	dev, err := clhost.Select("") // $FOROCL_DEVICE, else the first GPU, else the first device
	if err != nil {
		log.Fatal(err)
	}
	c, err := clhost.NewContext(dev)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	ctx := context.Background()
	prog, err := c.BuildProgramContext(ctx, `
		__kernel void saxpy(float a, __global const float *x, __global float *y) {
			size_t i = get_global_id(0);
			y[i] = a*x[i] + y[i];
		}`, "")
	if err != nil {
		log.Fatal(err)
	}
	defer prog.Close()
	saxpy, err := prog.Kernel("saxpy")
	if err != nil {
		log.Fatal(err)
	}
	defer saxpy.Close()

	x, _ := c.NewArray(clhost.Float32, 4)
	y, _ := c.NewArray(clhost.Float32, 4)
	defer x.Close()
	defer y.Close()
	if err := x.Write([]float32{1, 2, 3, 4}); err != nil {
		log.Fatal(err)
	}
	if err := y.Write([]float32{10, 20, 30, 40}); err != nil {
		log.Fatal(err)
	}

	ev, err := c.LaunchWith(saxpy, []int{4}, nil, float32(2), x.Buffer, y.Buffer)
	if err != nil {
		log.Fatal(err)
	}
	defer ev.Close()
	if err := ev.WaitContext(ctx); err != nil {
		log.Fatal(err)
	}
	out := make([]float32, 4)
	if err := y.Read(ctx, out); err != nil {
		log.Fatal(err)
	}
	fmt.Println(out)
	// Output: [12 24 36 48]
}

// Shape is column-major, first dimension fastest, as Fortran stores
// arrays: element (i, j) of a 3x2 array is at index i + 3*j.
func ExampleShape() {
	s := clhost.Shape{3, 2}
	fmt.Println(s, s.Len())
	// Output: (3, 2) 6
}

// LaunchSize pads the global size of a 2-D stencil with a one-cell halo
// on each side to whole work-groups; generated kernels mask the padding.
func ExampleLaunchSize() {
	global, local, err := clhost.LaunchSize([]int{102, 50}, []int{2, 2}, nil, []int{32, 8})
	fmt.Println(global, local, err)
	// Output: [128 48] [32 8] <nil>
}
