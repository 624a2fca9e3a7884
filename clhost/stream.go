package clhost

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
)

// Copies beside the kernels (see Note [copy queue]).
//
// Note [copy queue]
//
// A Context's queue is in order: a read queued behind a kernel starts
// when the kernel ends, and a kernel queued behind a read waits for it.
// To move a few planes while a long kernel runs (runner's overlapped halo
// exchange), a Context also has a second in-order queue on the same
// device, made on first use, for copies only: ReadAfter and WriteAfter
// queue on it, each after the events it is given (from either queue of
// the context), and WaitFor makes the kernel queue wait for copies before
// its next command. The host memory of such copies is best pinned
// (Pinned: a buffer made with CL_MEM_ALLOC_HOST_PTR and mapped): drivers
// copy from pageable memory through a staging buffer of their own, and
// NVIDIA's returns from a "non-blocking" copy from or to pageable memory
// only once it has run. Queued commands reach the device when the queue is
// flushed (Flush), when the host waits for one of them, or when the driver
// decides: with several devices driven from one thread, flushing each
// queue after queueing its work keeps one device from idling while the
// host waits for another.

// copy-queue entry points outside the main binding table, bound on first
// use (OpenCL 1.2's barrier with a wait list).
var (
	streamOnce     sync.Once
	streamErr      error
	enqueueBarrier func(q uintptr, n uint32, wait, event unsafe.Pointer) int32
	enqueueMarker  func(q uintptr, n uint32, wait, event unsafe.Pointer) int32
	enqueueMap     func(q, m uintptr, blocking uint32, flags uint64, offset, size uintptr, n uint32, wait, event, errcode unsafe.Pointer) unsafe.Pointer
	enqueueUnmap   func(q, m uintptr, ptr unsafe.Pointer, n uint32, wait, event unsafe.Pointer) int32
)

const (
	clMemAllocHostPtr = 1 << 4
	clMapRead         = 1 << 0
	clMapWrite        = 1 << 1
)

func bindStream() error {
	streamOnce.Do(func() {
		if streamErr = load(); streamErr != nil {
			return
		}
		lib, err := openLibrary()
		if err != nil {
			streamErr = err
			return
		}
		for _, b := range []struct {
			name string
			fn   any
		}{{"clEnqueueBarrierWithWaitList", &enqueueBarrier}, {"clEnqueueMarkerWithWaitList", &enqueueMarker},
			{"clEnqueueMapBuffer", &enqueueMap}, {"clEnqueueUnmapMemObject", &enqueueUnmap}} {
			sym, err := lookupSymbol(lib, b.name)
			if err != nil || sym == 0 {
				streamErr = fmt.Errorf("the OpenCL loader lacks %s (OpenCL 1.2): %v", b.name, err)
				return
			}
			purego.RegisterFunc(b.fn, sym)
		}
	})
	return streamErr
}

// copyQueue returns the context's copy queue, made on first use with
// profiling enabled.
func (c *Context) copyQueue() (uintptr, error) {
	if err := c.usable(); err != nil {
		return 0, err
	}
	if err := bindStream(); err != nil {
		return 0, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.copyQ != 0 {
		return c.copyQ, nil
	}
	var code int32
	q := cl.CreateCommandQueue(c.ctx, c.dev.id, clQueueProfilingEnable, unsafe.Pointer(&code))
	if code == 0 && q == 0 {
		code = CodeInvalidCommandQueue
	}
	if err := check("clCreateCommandQueue", code); err != nil {
		return 0, fmt.Errorf("device %s: copy queue: %w", c.dev.Name, err)
	}
	c.copyQ = q
	return q, nil
}

// Flush submits what is queued on the context's queues to the device
// without waiting for it (clFlush).
func (c *Context) Flush() error {
	if err := c.usable(); err != nil {
		return err
	}
	if err := check("clFlush", cl.Flush(c.queue)); err != nil {
		return err
	}
	c.mu.Lock()
	q := c.copyQ
	c.mu.Unlock()
	if q != 0 {
		return check("clFlush", cl.Flush(q))
	}
	return nil
}

// waitList checks that events belong to c and returns their handles.
func (c *Context) waitList(events []*Event) ([]uintptr, unsafe.Pointer, error) {
	var hs []uintptr
	for _, e := range events {
		if e == nil {
			continue
		}
		if err := c.alive(kindEvent, e.ctx, e.h); err != nil {
			return nil, nil, err
		}
		hs = append(hs, e.h)
	}
	if len(hs) == 0 {
		return nil, nil, nil
	}
	return hs, unsafe.Pointer(&hs[0]), nil
}

// WaitFor makes the kernel queue wait for events (copies queued with
// ReadAfter or WriteAfter) before its next command, without blocking the
// host (clEnqueueBarrierWithWaitList).
func (c *Context) WaitFor(events ...*Event) error {
	if err := c.usable(); err != nil {
		return err
	}
	if err := bindStream(); err != nil {
		return err
	}
	hs, p, err := c.waitList(events)
	if err != nil || len(hs) == 0 {
		return err
	}
	code := enqueueBarrier(c.queue, uint32(len(hs)), p, nil)
	runtime.KeepAlive(hs)
	return check("clEnqueueBarrierWithWaitList", code)
}

// Marker returns an event that completes when every command queued on
// the kernel queue so far has (clEnqueueMarkerWithWaitList), for copies
// that must follow them (ReadAfter, WriteAfter).
func (c *Context) Marker() (*Event, error) {
	if err := c.usable(); err != nil {
		return nil, err
	}
	if err := bindStream(); err != nil {
		return nil, err
	}
	var ev uintptr
	if err := check("clEnqueueMarkerWithWaitList", enqueueMarker(c.queue, 0, nil, unsafe.Pointer(&ev))); err != nil {
		return nil, err
	}
	if err := c.track(kindEvent, ev); err != nil {
		return nil, err
	}
	return &Event{ctx: c, h: ev}, nil
}

// ReadAfter queues, on the copy queue, a read of len(data) bytes of b
// from offset into data once every event in after has completed, and
// returns at once; data must stay untouched until the returned Event
// completes (see Note [copy queue]).
func (c *Context) ReadAfter(b *Buffer, offset int64, data []byte, after ...*Event) (*Event, error) {
	return c.copyAfter(b, offset, data, false, after)
}

// WriteAfter is ReadAfter's write: data into b at offset.
func (c *Context) WriteAfter(b *Buffer, offset int64, data []byte, after ...*Event) (*Event, error) {
	return c.copyAfter(b, offset, data, true, after)
}

func (c *Context) copyAfter(b *Buffer, offset int64, data []byte, write bool, after []*Event) (*Event, error) {
	q, err := c.copyQueue()
	if err != nil {
		return nil, err
	}
	return c.enqueueCopy(q, b, offset, data, write, after)
}

// enqueueCopy enqueues a read of b from offset into data, or a write of
// data into b at offset, on queue q after the events after, and returns
// at once with its event; data must stay untouched until it completes.
func (c *Context) enqueueCopy(q uintptr, b *Buffer, offset int64, data []byte, write bool, after []*Event) (*Event, error) {
	op := "clEnqueueReadBuffer"
	if write {
		op = "clEnqueueWriteBuffer"
	}
	if err := c.checkBuffer(b); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	n := int64(len(data))
	if n == 0 || offset < 0 || offset+n > b.size {
		return nil, fmt.Errorf("%s: %d bytes at offset %d do not fit a buffer of %d bytes", op, n, offset, b.size)
	}
	hs, wait, err := c.waitList(after)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	var ev uintptr
	var code int32
	if write {
		code = cl.EnqueueWriteBuffer(q, b.mem, 0, uintptr(offset), uintptr(n), unsafe.Pointer(&data[0]), uint32(len(hs)), wait, unsafe.Pointer(&ev))
	} else {
		code = cl.EnqueueReadBuffer(q, b.mem, 0, uintptr(offset), uintptr(n), unsafe.Pointer(&data[0]), uint32(len(hs)), wait, unsafe.Pointer(&ev))
	}
	runtime.KeepAlive(hs)
	if err := check(op, code); err != nil {
		return nil, err
	}
	if err := c.track(kindEvent, ev); err != nil {
		return nil, err
	}
	return &Event{ctx: c, h: ev}, nil
}

// Pinned is host memory the device can copy from and to directly: a
// buffer allocated with CL_MEM_ALLOC_HOST_PTR and mapped for the life of
// the Pinned (see Note [copy queue]). Bytes is the memory; it is valid
// until Close.
type Pinned struct {
	Bytes []byte
	buf   *Buffer
	ptr   unsafe.Pointer
}

// NewPinned allocates size bytes (size > 0) of pinned host memory on c.
func (c *Context) NewPinned(size int64) (*Pinned, error) {
	if err := c.usable(); err != nil {
		return nil, err
	}
	if size <= 0 {
		return nil, fmt.Errorf("clhost: NewPinned: size %d bytes, want > 0", size)
	}
	if err := bindStream(); err != nil {
		return nil, err
	}
	var code int32
	m := cl.CreateBuffer(c.ctx, clMemReadWrite|clMemAllocHostPtr, uintptr(size), nil, unsafe.Pointer(&code))
	if code == 0 && m == 0 {
		code = CodeMemObjectAllocationFailure
	}
	if err := check("clCreateBuffer", code); err != nil {
		return nil, fmt.Errorf("pinned host buffer of %d bytes: %w", size, err)
	}
	if err := c.track(kindBuffer, m); err != nil {
		return nil, err
	}
	b := &Buffer{ctx: c, mem: m, size: size}
	hostWaits.Add(1)
	p := enqueueMap(c.queue, m, clTrue, clMapRead|clMapWrite, 0, uintptr(size), 0, nil, nil, unsafe.Pointer(&code))
	if code == 0 && p == nil {
		code = CodeMapFailure
	}
	if err := check("clEnqueueMapBuffer", code); err != nil {
		_ = b.Close()
		return nil, fmt.Errorf("pinned host buffer of %d bytes: %w", size, err)
	}
	return &Pinned{Bytes: unsafe.Slice((*byte)(p), size), buf: b, ptr: p}, nil
}

// Close unmaps and frees the memory; Bytes must not be used after.
// Closing twice does nothing.
func (p *Pinned) Close() error {
	if p == nil || p.buf == nil {
		return nil
	}
	b := p.buf
	p.buf, p.Bytes = nil, nil
	c := b.ctx
	if err := c.alive(kindBuffer, c, b.mem); err != nil {
		return nil // the context closed, and released the buffer
	}
	err := check("clEnqueueUnmapMemObject", enqueueUnmap(c.queue, b.mem, p.ptr, 0, nil, nil))
	if err == nil {
		hostWaits.Add(1)
		err = check("clFinish", cl.Finish(c.queue))
	}
	if cerr := b.Close(); err == nil {
		err = cerr
	}
	return err
}
