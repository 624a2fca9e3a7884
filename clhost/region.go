package clhost

import (
	"fmt"
	"runtime"
	"unsafe"
)

// ReadBytesAt fills data from b starting at byte offset, waiting for
// earlier commands: the halo exchange of runner's slabs reads the planes
// it sends this way (a plane of a column-major array's last dimension is
// contiguous).
func (c *Context) ReadBytesAt(b *Buffer, offset int64, data []byte) error {
	return c.transferAt(b, offset, data, false)
}

// WriteBytesAt copies data into b starting at byte offset and waits for
// the copy.
func (c *Context) WriteBytesAt(b *Buffer, offset int64, data []byte) error {
	return c.transferAt(b, offset, data, true)
}

func (c *Context) transferAt(b *Buffer, offset int64, data []byte, write bool) error {
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
	n := int64(len(data))
	if offset < 0 || offset+n > b.size {
		return fmt.Errorf("%s: %d bytes at offset %d do not fit a buffer of %d bytes", op, n, offset, b.size)
	}
	var code int32
	if write {
		code = cl.EnqueueWriteBuffer(c.queue, b.mem, clTrue, uintptr(offset), uintptr(n), unsafe.Pointer(&data[0]), 0, nil, nil)
	} else {
		code = cl.EnqueueReadBuffer(c.queue, b.mem, clTrue, uintptr(offset), uintptr(n), unsafe.Pointer(&data[0]), 0, nil, nil)
	}
	runtime.KeepAlive(data)
	return check(op, code)
}
