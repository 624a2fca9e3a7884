package clhost

import (
	"testing"
	"unsafe"
)

// TestKeptArguments: LaunchWith calls clSetKernelArg only for an
// argument whose value changed (Note [kept arguments]), sets a buffer
// again after any buffer was released (a new one may get its handle), and
// every launch computes with the arguments given.
func TestKeptArguments(t *testing.T) {
	c := newTestContext(t)
	p, err := c.BuildProgram("__kernel void put(__global float* x, float v) { x[get_global_id(0)] = v; }", "")
	if err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel("put")
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	orig := cl.SetKernelArg
	cl.SetKernelArg = func(h uintptr, i uint32, size uintptr, v unsafe.Pointer) int32 {
		calls++
		return orig(h, i, size, v)
	}
	t.Cleanup(func() { cl.SetKernelArg = orig })
	launch := func(b *Buffer, v float32, wantCalls int) {
		t.Helper()
		ev, err := c.LaunchWith(k, []int{4}, nil, b, v)
		if err != nil {
			t.Fatal(err)
		}
		if err := ev.Wait(); err != nil {
			t.Fatal(err)
		}
		ev.Close()
		got := make([]float32, 4)
		if err := c.ReadFloat32(b, got); err != nil {
			t.Fatal(err)
		}
		if got[3] != v || calls != wantCalls {
			t.Fatalf("x(4) = %g after %d clSetKernelArg calls, want %g after %d", got[3], calls, v, wantCalls)
		}
	}
	a, err := c.NewBuffer(16)
	if err != nil {
		t.Fatal(err)
	}
	launch(a, 1, 2) // both set
	launch(a, 1, 2) // both kept
	launch(a, 2, 3) // the value set
	a.Close()
	b, err := c.NewBuffer(16)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	launch(b, 2, 4) // the buffer set again, whatever its handle
	launch(b, 2, 4)
}
