package heatcl_test

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"testing"
	"time"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/examples/heat/heatcl"
)

// TestMain keeps the examples' programs out of the user's cache, and runs
// only the tests when no OpenCL device is installed (examples cannot
// skip).
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "heat-example-cache")
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

// hotSpot returns an n x n grid at 0 with the four middle cells at 1.
func hotSpot(n int) []float32 {
	t := make([]float32, n*n)
	for _, i := range []int{n/2 - 1, n / 2} {
		for _, j := range []int{n/2 - 1, n / 2} {
			t[i+j*n] = 1
		}
	}
	return t
}

// Run 100 steps of the heat equation on the device, swapping the two
// arrays after each step, and read the result back once.
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

	step, err := heatcl.NewStep(c) // builds heat.cl, embedded in the package
	if err != nil {
		log.Fatal(err)
	}
	defer step.Close()

	const n = 16 // 14 x 14 interior cells and a halo held at 0
	T, _ := c.NewArray(clhost.Float32, n, n)
	oT, _ := c.NewArray(clhost.Float32, n, n)
	defer T.Close()
	defer oT.Close()
	for _, a := range []*clhost.Array{T, oT} { // oT's halo too
		if err := a.Write(hotSpot(n)); err != nil {
			log.Fatal(err)
		}
	}

	for range 100 {
		if err := step.Run(0.1, T, oT); err != nil { // enqueued, no wait
			log.Fatal(err)
		}
		T, oT = oT, T
	}
	out := make([]float32, n*n)
	if err := T.Read(context.Background(), out); err != nil { // waits for the steps
		log.Fatal(err)
	}
	total := float32(0)
	for _, x := range out {
		total += x
	}
	fmt.Printf("heat left: %.4f of 4\n", total)
	fmt.Printf("middle:    %.4f\n", out[n/2+n/2*n])
	// Output:
	// heat left: 2.5957 of 4
	// middle:    0.0306
}

// RunContext waits for the launch and gives up when the context ends
// first; Timed reports the kernel's device time.
func ExampleStep_RunContext() {
	dev, err := clhost.Select("")
	if err != nil {
		log.Fatal(err)
	}
	c, err := clhost.NewContext(dev)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	step, err := heatcl.NewStepContext(ctx, c)
	if err != nil {
		log.Fatal(err)
	}
	defer step.Close()
	T, _ := c.NewArray(clhost.Float32, 8, 8)
	oT, _ := c.NewArray(clhost.Float32, 8, 8)
	T.Write(hotSpot(8))
	oT.Write(hotSpot(8))
	if err := step.RunContext(ctx, 0.25, T, oT); err != nil {
		log.Fatal(err)
	}
	out := make([]float32, 64)
	oT.Read(ctx, out)
	fmt.Printf("%.3f %.3f\n", out[3+3*8], out[2+3*8])

	// A mistake is an error, before anything runs.
	small, _ := c.NewArray(clhost.Float32, 4, 4)
	fmt.Println(step.RunContext(ctx, 0.25, T, small))
	// Output:
	// 0.500 0.250
	// step: array "oT" has shape (4, 4) but the kernel takes (8, 8)
}

// TestAliasedArrays: one array passed as the input and the output of the
// stencil is refused before the launch (it would read cells it has
// already overwritten), and one array as two inputs is not a concern of
// this kernel (it has one input).
func TestAliasedArrays(t *testing.T) {
	dev, err := clhost.Select("")
	if err != nil {
		t.Skip(err)
	}
	c, err := clhost.NewContext(dev)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	step, err := heatcl.NewStep(c)
	if err != nil {
		t.Fatal(err)
	}
	defer step.Close()
	C, _ := c.NewArray(clhost.Float32, 8, 8)
	defer C.Close()
	want := `step: arrays "T" and "oT" are one device buffer, and the kernel writes "oT"; pass separate arrays (for an in-place update, write into a second array and swap them)`
	if err := step.Run(0.1, C, C); err == nil || err.Error() != want {
		t.Errorf("Run(0.1, C, C) = %v, want %s", err, want)
	}
	// Two Arrays over one Buffer are one array too.
	view := &clhost.Array{Buffer: C.Buffer, DType: clhost.Float32, Shape: clhost.Shape{8, 8}}
	if err := step.RunContext(context.Background(), 0.1, C, view); err == nil || err.Error() != want {
		t.Errorf("RunContext(0.1, C, view of C) = %v, want %s", err, want)
	}
	oC, _ := c.NewArray(clhost.Float32, 8, 8)
	defer oC.Close()
	if err := step.RunContext(context.Background(), 0.1, C, oC); err != nil {
		t.Errorf("two arrays: %v", err)
	}
}
