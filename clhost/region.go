package clhost

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
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
	hostWaits.Add(1)
	if write {
		code = cl.EnqueueWriteBuffer(c.queue, b.mem, clTrue, uintptr(offset), uintptr(n), unsafe.Pointer(&data[0]), 0, nil, nil)
	} else {
		code = cl.EnqueueReadBuffer(c.queue, b.mem, clTrue, uintptr(offset), uintptr(n), unsafe.Pointer(&data[0]), 0, nil, nil)
	}
	runtime.KeepAlive(data)
	return check(op, code)
}

// clCreateSubBuffer and the device's base address alignment, bound on
// first use (outside the main binding table, which every host needs).
var (
	subOnce         sync.Once
	subErr          error
	createSubBuffer func(b uintptr, flags uint64, typ uint32, info, errcode unsafe.Pointer) uintptr
)

const (
	clDeviceMemBaseAddrAlign = 0x1019
	clBufferCreateTypeRegion = 0x1220
)

func bindSubBuffer() error {
	subOnce.Do(func() {
		if subErr = load(); subErr != nil {
			return
		}
		lib, err := openLibrary()
		if err != nil {
			subErr = err
			return
		}
		sym, err := lookupSymbol(lib, "clCreateSubBuffer")
		if err != nil || sym == 0 {
			subErr = fmt.Errorf("the OpenCL loader lacks clCreateSubBuffer (OpenCL 1.1): %v", err)
			return
		}
		purego.RegisterFunc(&createSubBuffer, sym)
	})
	return subErr
}

// SubBufferAlign is the alignment in bytes that a sub-buffer's offset
// needs on c's device (CL_DEVICE_MEM_BASE_ADDR_ALIGN).
func (c *Context) SubBufferAlign() (int64, error) {
	bits, err := infoUint32("clGetDeviceInfo", deviceInfo(c.dev.id, clDeviceMemBaseAddrAlign))
	if err != nil {
		return 0, err
	}
	return int64(max(bits/8, 1)), nil
}

// SubBuffer returns the size bytes of b from offset as a buffer of its
// own (clCreateSubBuffer): kernels given it see only that region, and
// writes through it are writes to b. offset must be a multiple of
// SubBufferAlign. Release it before b.
func (c *Context) SubBuffer(b *Buffer, offset, size int64) (*Buffer, error) {
	const op = "clCreateSubBuffer"
	if err := c.checkBuffer(b); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if err := bindSubBuffer(); err != nil {
		return nil, err
	}
	if offset < 0 || size <= 0 || offset+size > b.size {
		return nil, fmt.Errorf("%s: %d bytes at offset %d do not fit a buffer of %d bytes", op, size, offset, b.size)
	}
	region := []uintptr{uintptr(offset), uintptr(size)}
	var code int32
	m := createSubBuffer(b.mem, clMemReadWrite, clBufferCreateTypeRegion, unsafe.Pointer(&region[0]), unsafe.Pointer(&code))
	runtime.KeepAlive(region)
	if code == 0 && m == 0 {
		code = CodeMemObjectAllocationFailure
	}
	if err := check(op, code); err != nil {
		return nil, fmt.Errorf("%d bytes at offset %d: %w", size, offset, err)
	}
	if err := c.track(kindBuffer, m); err != nil {
		return nil, err
	}
	return &Buffer{ctx: c, mem: m, size: size}, nil
}

// ReadBytesAtAsync enqueues a read of b from offset into data and returns
// at once; data must stay untouched until the Event completes.
func (c *Context) ReadBytesAtAsync(b *Buffer, offset int64, data []byte) (*Event, error) {
	return c.transferAsync(b, offset, data, false)
}

// WriteBytesAtAsync enqueues a write of data into b at offset and returns
// at once; data must stay untouched until the Event completes.
func (c *Context) WriteBytesAtAsync(b *Buffer, offset int64, data []byte) (*Event, error) {
	return c.transferAsync(b, offset, data, true)
}

func (c *Context) transferAsync(b *Buffer, offset int64, data []byte, write bool) (*Event, error) {
	return c.enqueueCopy(c.queue, b, offset, data, write, nil)
}
