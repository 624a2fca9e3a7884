package clhost

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"
)

// Buffer is a read-write device buffer created by Context.NewBuffer.
type Buffer struct {
	ctx  *Context
	mem  uintptr // cl_mem
	size int64
}

// Size returns the buffer size in bytes.
func (b *Buffer) Size() int64 {
	if b == nil {
		return 0
	}
	return b.size
}

// Close frees the buffer now. Closing twice, or after Context.Close,
// does nothing and returns nil.
func (b *Buffer) Close() error {
	if b == nil {
		return nil
	}
	return b.ctx.untrackRelease(kindBuffer, b.mem)
}

// Release is Close without its error.
//
// Deprecated: use Close.
func (b *Buffer) Release() { _ = b.Close() }

// NewBuffer allocates a read-write device buffer of size bytes (size > 0).
func (c *Context) NewBuffer(size int64) (*Buffer, error) {
	if err := c.usable(); err != nil {
		return nil, err
	}
	if size <= 0 {
		return nil, fmt.Errorf("clhost: NewBuffer: size %d bytes, want > 0", size)
	}
	var code int32
	m := cl.CreateBuffer(c.ctx, clMemReadWrite, uintptr(size), nil, unsafe.Pointer(&code))
	if code == 0 && m == 0 {
		code = CodeMemObjectAllocationFailure
	}
	if err := check("clCreateBuffer", code); err != nil {
		return nil, fmt.Errorf("buffer of %d bytes: %w", size, err)
	}
	if err := c.track(kindBuffer, m); err != nil {
		return nil, err
	}
	return &Buffer{ctx: c, mem: m, size: size}, nil
}

func (c *Context) checkBuffer(b *Buffer) error {
	if b == nil {
		return errors.New("clhost: nil *Buffer")
	}
	return c.alive(kindBuffer, b.ctx, b.mem)
}

// transfer does a blocking read or write of data into/from the start of b.
func transfer[T byte | int32 | int64 | float32 | float64](c *Context, b *Buffer, data []T, write bool) error {
	op := "clEnqueueReadBuffer"
	if write {
		op = "clEnqueueWriteBuffer"
	}
	if err := c.checkBuffer(b); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if len(data) == 0 {
		return nil
	}
	var zero T
	n := int64(len(data)) * int64(unsafe.Sizeof(zero))
	if n > b.size {
		return fmt.Errorf("%s: %d bytes do not fit a buffer of %d bytes", op, n, b.size)
	}
	var code int32
	hostWaits.Add(1)
	if write {
		code = cl.EnqueueWriteBuffer(c.queue, b.mem, clTrue, 0, uintptr(n), unsafe.Pointer(&data[0]), 0, nil, nil)
	} else {
		code = cl.EnqueueReadBuffer(c.queue, b.mem, clTrue, 0, uintptr(n), unsafe.Pointer(&data[0]), 0, nil, nil)
	}
	runtime.KeepAlive(data)
	return check(op, code)
}

// WriteFloat32 copies data to the start of b and waits for the copy.
func (c *Context) WriteFloat32(b *Buffer, data []float32) error { return transfer(c, b, data, true) }

// WriteFloat64 copies data to the start of b and waits for the copy.
func (c *Context) WriteFloat64(b *Buffer, data []float64) error { return transfer(c, b, data, true) }

// WriteInt32 copies data to the start of b and waits for the copy.
func (c *Context) WriteInt32(b *Buffer, data []int32) error { return transfer(c, b, data, true) }

// WriteBytes copies data to the start of b and waits for the copy.
func (c *Context) WriteBytes(b *Buffer, data []byte) error { return transfer(c, b, data, true) }

// ReadFloat32 fills data from the start of b, waiting for earlier commands.
func (c *Context) ReadFloat32(b *Buffer, data []float32) error { return transfer(c, b, data, false) }

// ReadFloat64 fills data from the start of b, waiting for earlier commands.
func (c *Context) ReadFloat64(b *Buffer, data []float64) error { return transfer(c, b, data, false) }

// ReadInt32 fills data from the start of b, waiting for earlier commands.
func (c *Context) ReadInt32(b *Buffer, data []int32) error { return transfer(c, b, data, false) }

// ReadBytes fills data from the start of b, waiting for earlier commands.
func (c *Context) ReadBytes(b *Buffer, data []byte) error { return transfer(c, b, data, false) }

// CopyBuffer enqueues a device-side copy of all of src into the start of
// dst; dst must be at least as large as src and must not be src. Like every
// command on the in-order queue it completes before later commands start;
// call Finish to wait for it explicitly.
func (c *Context) CopyBuffer(dst, src *Buffer) error {
	const op = "clEnqueueCopyBuffer"
	if err := c.checkBuffer(dst); err != nil {
		return fmt.Errorf("%s: destination: %w", op, err)
	}
	if err := c.checkBuffer(src); err != nil {
		return fmt.Errorf("%s: source: %w", op, err)
	}
	if dst.mem == src.mem {
		return fmt.Errorf("%s: source and destination are the same buffer", op)
	}
	if src.size > dst.size {
		return fmt.Errorf("%s: source of %d bytes does not fit destination of %d bytes", op, src.size, dst.size)
	}
	return check(op, cl.EnqueueCopyBuffer(c.queue, src.mem, dst.mem, 0, 0, uintptr(src.size), 0, nil, nil))
}

// same reports whether b and o are one device buffer (the same Buffer, or
// two Buffers of one cl_mem).
func (b *Buffer) same(o *Buffer) bool {
	return b == o || b != nil && o != nil && b.mem != 0 && b.mem == o.mem
}
