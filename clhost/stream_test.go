package clhost

import (
	"testing"
	"unsafe"
)

// TestCopyQueueOrder: a read on the copy queue after a kernel's event
// sees the kernel's values, and a kernel after WaitFor on a write sees
// the written ones; both through pinned memory.
func TestCopyQueueOrder(t *testing.T) {
	c := newTestContext(t)
	k := mustKernel(t, mustBuild(t, c, testSource, ""), "saxpy")
	const n = 1 << 16
	x, y := mustBuffer(t, c, 4*n), mustBuffer(t, c, 4*n)
	ones := make([]float32, n)
	for i := range ones {
		ones[i] = 1
	}
	if err := c.WriteFloat32(x, ones); err != nil {
		t.Fatal(err)
	}
	if err := c.WriteFloat32(y, make([]float32, n)); err != nil {
		t.Fatal(err)
	}
	pin, err := c.NewPinned(4 * n)
	if err != nil {
		t.Fatal(err)
	}
	defer pin.Close()
	vals := unsafe.Slice((*float32)(unsafe.Pointer(&pin.Bytes[0])), n)
	var last *Event
	for range 20 { // y = 20 * x, the read queued behind all of it
		if last != nil {
			last.Release()
		}
		if last, err = c.LaunchWith(k, []int{n}, nil, int32(n), float32(1), x, y); err != nil {
			t.Fatal(err)
		}
	}
	read, err := c.ReadAfter(y, 0, pin.Bytes, last)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := read.Wait(); err != nil {
		t.Fatal(err)
	}
	if vals[0] != 20 || vals[n-1] != 20 {
		t.Fatalf("read after the launches: %v ... %v, want 20", vals[0], vals[n-1])
	}
	// A launch, then through a marker the last quarter of y becomes 100
	// (after the launch, which it would otherwise race), then y += x.
	if _, err := c.LaunchWith(k, []int{n}, nil, int32(n), float32(1), x, y); err != nil {
		t.Fatal(err)
	}
	mark, err := c.Marker()
	if err != nil {
		t.Fatal(err)
	}
	for i := range vals {
		vals[i] = 100
	}
	write, err := c.WriteAfter(y, 3*n, pin.Bytes[3*n:], mark)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.WaitFor(write, read); err != nil {
		t.Fatal(err)
	}
	if _, err := c.LaunchWith(k, []int{n}, nil, int32(n), float32(1), x, y); err != nil {
		t.Fatal(err)
	}
	got := make([]float32, n)
	if err := c.ReadFloat32(y, got); err != nil {
		t.Fatal(err)
	}
	if got[0] != 22 || got[3*n/4-1] != 22 || got[3*n/4] != 101 || got[n-1] != 101 {
		t.Errorf("after the write and a launch: y[0]=%v y[%d]=%v y[%d]=%v y[%d]=%v; want 22, 22, 101, 101",
			got[0], 3*n/4-1, got[3*n/4-1], 3*n/4, got[3*n/4], n-1, got[n-1])
	}
	if err := pin.Close(); err != nil || pin.Bytes != nil {
		t.Errorf("Close: %v", err)
	}
	if err := pin.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := c.ReadAfter(y, 4*n-2, make([]byte, 4)); err == nil {
		t.Error("a read past the end was queued")
	}
	if _, err := c.NewPinned(0); err == nil {
		t.Error("NewPinned(0) succeeded")
	}
}
