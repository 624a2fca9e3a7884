package clhost

import (
	"testing"
	"unsafe"
)

// TestSubBufferLifecycle drives sub-buffers the way runner's overlapped
// slabs do (Note [overlap] in package runner), a step at a time per
// subtest, so that a driver that crashes at one of them names it: run each
// subtest in its own process (scripts/bench/multigpu.sh does, on the
// GPUs). Every subtest checks the values and that each release succeeds.
//
//	kernel:    a kernel on a sub-buffer; the sub-buffer, then the parent, released
//	rebind:    the same kernel then launched on the parent, before the release
//	overlap:   two overlapping sub-buffers in turn, copies of the parent on the
//	           copy queue through pinned memory while the second one runs
//	contexts:  overlap on two contexts of the device, both alive, as two slabs
//	large:     (GPUs) a sub-buffer of 2^31 bytes and more at a non-zero offset,
//	           as the top slab's interior of shallow water at 32768² on two GPUs was
func TestSubBufferLifecycle(t *testing.T) {
	for _, v := range []struct {
		name             string
		rebind, copies   bool
		contexts, launch int
	}{
		{"kernel", false, false, 1, 1},
		{"rebind", true, false, 1, 1},
		{"overlap", true, true, 1, 4},
		{"contexts", true, true, 2, 4},
		{"large", false, false, 1, 1},
	} {
		t.Run(v.name, func(t *testing.T) {
			if v.name == "large" {
				largeSubBuffer(t, newTestContext(t))
				return
			}
			var cs []*Context
			for range v.contexts {
				cs = append(cs, newTestContext(t))
			}
			for _, c := range cs {
				subBufferSteps(t, c, v.rebind, v.copies, v.launch)
			}
		})
	}
}

// subBufferSteps runs one variant of TestSubBufferLifecycle on c: y = 0,
// launches adding x = 1 to y through sub-buffers of y's two halves (the
// first half grown by a page so that they overlap) and, with rebind, once
// on the whole of y; with copies, a quarter of y read and another written
// on the copy queue while the second half's launches run.
func subBufferSteps(t *testing.T, c *Context, rebind, copies bool, launches int) {
	t.Helper()
	align, err := c.SubBufferAlign()
	if err != nil {
		t.Fatal(err)
	}
	k := mustKernel(t, mustBuild(t, c, testSource, ""), "saxpy")
	n := int(4 * align) // floats: y's halves start at aligned bytes
	x, y := mustBuffer(t, c, int64(4*n)), mustBuffer(t, c, int64(4*n))
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
	half := int64(2 * n) // bytes
	low, err := c.SubBuffer(y, 0, half+align)
	if err != nil {
		t.Fatal(err)
	}
	high, err := c.SubBuffer(y, half, half)
	if err != nil {
		t.Fatal(err)
	}
	subX, err := c.SubBuffer(x, 0, half)
	if err != nil {
		t.Fatal(err)
	}
	var pin *Pinned
	if copies {
		if pin, err = c.NewPinned(half); err != nil {
			t.Fatal(err)
		}
	}
	m := n / 2
	ev, err := c.LaunchWith(k, []int{m}, nil, int32(m), float32(1), subX, low)
	if err != nil {
		t.Fatal(err)
	}
	var read, write *Event
	if copies { // the first quarter read, the third written (to 5), while high runs
		if read, err = c.ReadAfter(y, 0, pin.Bytes[:half/2], ev); err != nil {
			t.Fatal(err)
		}
		fives := unsafe.Slice((*float32)(unsafe.Pointer(&pin.Bytes[half/2])), n/4)
		for i := range fives {
			fives[i] = 5
		}
		if write, err = c.WriteAfter(y, half, pin.Bytes[half/2:], ev); err != nil {
			t.Fatal(err)
		}
		if err := c.WaitFor(write); err != nil {
			t.Fatal(err)
		}
	}
	ev.Release()
	for range launches {
		ev, err := c.LaunchWith(k, []int{m}, nil, int32(m), float32(1), subX, high)
		if err != nil {
			t.Fatal(err)
		}
		ev.Release()
	}
	if rebind {
		ev, err := c.LaunchWith(k, []int{n}, nil, int32(n), float32(1), x, y)
		if err != nil {
			t.Fatal(err)
		}
		ev.Release()
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	if copies {
		if err := read.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	got := make([]float32, n)
	if err := c.ReadFloat32(y, got); err != nil {
		t.Fatal(err)
	}
	extra := float32(0)
	if rebind {
		extra = 1
	}
	wantHigh := float32(launches) + extra
	wantThird := wantHigh // y's third quarter
	if copies {
		wantThird += 5
		if q := unsafe.Slice((*float32)(unsafe.Pointer(&pin.Bytes[0])), n/4); q[0] != 1 || q[n/4-1] != 1 {
			t.Errorf("the quarter read on the copy queue: %v ... %v, want 1", q[0], q[n/4-1])
		}
	}
	if got[0] != 1+extra || got[m-1] != 1+extra || got[m] != wantThird || got[n-1] != wantHigh {
		t.Errorf("y = %v %v | %v %v, want %v | %v %v", got[0], got[m-1], got[m], got[n-1], 1+extra, wantThird, wantHigh)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	for _, e := range []*Event{read, write} {
		e.Release()
	}
	for _, b := range []*Buffer{low, high, subX} {
		if err := b.Close(); err != nil {
			t.Errorf("releasing a sub-buffer: %v", err)
		}
	}
	if err := pin.Close(); err != nil {
		t.Errorf("closing the pinned memory: %v", err)
	}
	for _, b := range []*Buffer{x, y} {
		if err := b.Close(); err != nil {
			t.Errorf("releasing a buffer: %v", err)
		}
	}
}

// largeSubBuffer is TestSubBufferLifecycle's large: on a GPU with the
// memory, a kernel on a sub-buffer of 2^31+align bytes at offset align of
// a parent one align larger, then the sub-buffer and the parent released.
func largeSubBuffer(t *testing.T, c *Context) {
	align, err := c.SubBufferAlign()
	if err != nil {
		t.Fatal(err)
	}
	size := int64(1)<<31 + align
	if d := c.Device(); d.Type != "GPU" || d.GlobalMem < uint64(4*size) {
		t.Skipf("%s: a %s with %d bytes; wants a GPU with room for two %d-byte buffers", d.Name, d.Type, d.GlobalMem, size+align)
	}
	k := mustKernel(t, mustBuild(t, c, testSource, ""), "saxpy")
	x, y := mustBuffer(t, c, size+align), mustBuffer(t, c, size+align)
	const m = 1 << 20
	ones := make([]float32, m)
	for i := range ones {
		ones[i] = 1
	}
	sx, err := c.SubBuffer(x, align, size)
	if err != nil {
		t.Fatal(err)
	}
	sy, err := c.SubBuffer(y, align, size)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []*Buffer{x, y} {
		if err := c.WriteBytesAt(b, align, unsafe.Slice((*byte)(unsafe.Pointer(&ones[0])), 4*m)); err != nil {
			t.Fatal(err)
		}
	}
	ev, err := c.LaunchWith(k, []int{m}, nil, int32(m), float32(1), sx, sy)
	if err != nil {
		t.Fatal(err)
	}
	ev.Release()
	got := make([]byte, 4)
	if err := c.ReadBytesAt(y, align+4*(m-1), got); err != nil {
		t.Fatal(err)
	}
	if v := *(*float32)(unsafe.Pointer(&got[0])); v != 2 {
		t.Errorf("y after the launch on the sub-buffers: %v, want 2", v)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	for _, b := range []*Buffer{sx, sy, x, y} {
		if err := b.Close(); err != nil {
			t.Errorf("release: %v", err)
		}
	}
}
