package clhost

import (
	"strings"
	"sync"
	"testing"
)

// launchAll launches saxpy from goroutines that share one Kernel, each on
// its own buffers with its own scale, and returns how many of the
// launches gave another goroutine's result. launch does one launch.
func launchAll(t *testing.T, c *Context, k *Kernel, launch func(n int32, a float32, x, y *Buffer) (*Event, error)) int {
	const goroutines, launches, n = 16, 100, 64
	var wg sync.WaitGroup
	var mu sync.Mutex
	wrong := 0
	var firstErr error
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x, y := mustBuffer(t, c, 4*n), mustBuffer(t, c, 4*n)
			defer x.Close()
			defer y.Close()
			ones, zeros, got := make([]float32, n), make([]float32, n), make([]float32, n)
			for i := range ones {
				ones[i] = 1
			}
			fail := func(err error) {
				mu.Lock()
				defer mu.Unlock()
				if firstErr == nil {
					firstErr = err
				}
			}
			if err := c.WriteFloat32(x, ones); err != nil {
				fail(err)
				return
			}
			for i := range launches {
				a := float32(g*launches + i + 1)
				if err := c.WriteFloat32(y, zeros); err != nil {
					fail(err)
					return
				}
				ev, err := launch(n, a, x, y)
				if err != nil {
					fail(err)
					return
				}
				err = ev.Wait()
				ev.Close()
				if err == nil {
					err = c.ReadFloat32(y, got)
				}
				if err != nil {
					fail(err)
					return
				}
				for _, v := range got {
					if v != a {
						mu.Lock()
						wrong++
						mu.Unlock()
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		t.Fatal(firstErr)
	}
	return wrong
}

// TestLaunchWithConcurrent: 1,600 launches of one Kernel from 16
// goroutines all compute their own result. With SetArgs then Launch some
// ran with another goroutine's arguments (on PoCL racing clSetKernelArg
// can even abort the process).
func TestLaunchWithConcurrent(t *testing.T) {
	c := newTestContext(t)
	k := mustKernel(t, mustBuild(t, c, testSource, ""), "saxpy")
	wrong := launchAll(t, c, k, func(n int32, a float32, x, y *Buffer) (*Event, error) {
		return c.LaunchWith(k, []int{64}, nil, n, a, x, y)
	})
	if wrong != 0 {
		t.Errorf("%d of 1600 launches gave a wrong result", wrong)
	}
	if _, err := c.LaunchWith(k, []int{64}, nil, "bad"); err == nil {
		t.Error("LaunchWith with a bad argument succeeded")
	}
	if _, err := c.LaunchWith(nil, []int{64}, nil); err == nil {
		t.Error("LaunchWith(nil) succeeded")
	}
}

// TestArrayCheck: arrays a kernel cannot safely use are refused (a Shape
// larger than the buffer segfaulted in the driver, a nil array panicked).
func TestArrayCheck(t *testing.T) {
	c := newTestContext(t)
	b := mustBuffer(t, c, 4*12)
	for _, tc := range []struct {
		a    *Array
		want string
	}{
		{nil, "is nil"},
		{&Array{DType: Float32, Shape: Shape{3}}, "has no buffer"},
		{&Array{Buffer: b, DType: Float32}, "has no shape"},
		{&Array{Buffer: b, DType: Float32, Shape: Shape{4, 0}}, "shape (4, 0) has an extent below 1"},
		{&Array{Buffer: b, DType: Float32, Shape: Shape{4, 4}}, "shape (4, 4) needs more than the 48 bytes of its buffer"},
		{&Array{Buffer: b, DType: Float64, Shape: Shape{4, 2}}, "shape (4, 2) needs more than the 48 bytes of its buffer"},
		{&Array{Buffer: b, DType: Float32, Shape: Shape{1 << 40, 1 << 40, 1 << 40}}, "needs more than the 48 bytes"},
		{&Array{Buffer: b, DType: Float32, Shape: Shape{4, 3}}, ""},
		{&Array{Buffer: b, DType: Float64, Shape: Shape{2, 3}}, ""},
	} {
		err := tc.a.Check()
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%+v: Check() = %v, want %q", tc.a, err, tc.want)
		}
	}
}
