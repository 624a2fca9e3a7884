package clhost

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// objKind names the kinds of OpenCL objects a Context tracks, in the order
// Close releases them.
type objKind int

const (
	kindEvent objKind = iota
	kindKernel
	kindProgram
	kindBuffer
	numKinds
)

var kindNames = [numKinds]string{"event", "kernel", "program", "buffer"}

// release calls the clRelease* function of kind k on handle h.
func (k objKind) release(h uintptr) error {
	switch k {
	case kindEvent:
		return check("clReleaseEvent", cl.ReleaseEvent(h))
	case kindKernel:
		return check("clReleaseKernel", cl.ReleaseKernel(h))
	case kindProgram:
		return check("clReleaseProgram", cl.ReleaseProgram(h))
	case kindBuffer:
		return check("clReleaseMemObject", cl.ReleaseMemObject(h))
	}
	return nil
}

var (
	// errClosed is returned by operations on a closed Context.
	errClosed = errors.New("clhost: context is closed")
	// errNoContext is returned for objects not made by NewContext.
	errNoContext = errors.New("clhost: no Context (objects must come from NewContext)")
)

// Context is an OpenCL context on one device with one in-order command
// queue that has profiling enabled. It tracks every object created through
// it; Close releases those still alive.
type Context struct {
	dev   Device
	ctx   uintptr // cl_context
	queue uintptr // cl_command_queue
	copyQ uintptr // the copy queue, made on first use (Note [copy queue]); guarded by mu

	mu     sync.Mutex
	closed bool
	live   [numKinds]map[uintptr]struct{}

	// bufReleases counts the buffers released (Note [kept arguments]).
	bufReleases atomic.Uint64

	// background counts the goroutines that run driver calls for the
	// context.Context variants, which may outlive a caller that gave up on
	// them (Note [abandoned calls]); Close waits for them.
	background sync.WaitGroup
}

// NewContext creates a context and a profiling-enabled in-order command
// queue on d, which must come from Devices or Select.
func NewContext(d Device) (*Context, error) {
	if err := load(); err != nil {
		return nil, err
	}
	if d.id == 0 || d.platform == 0 {
		return nil, fmt.Errorf("clhost: NewContext: device %q was not obtained from Devices or Select", d.Name)
	}
	props := []uintptr{clContextPlatform, d.platform, 0}
	devs := []uintptr{d.id}
	var code int32
	ctx := cl.CreateContext(unsafe.Pointer(&props[0]), 1, unsafe.Pointer(&devs[0]), 0, 0, unsafe.Pointer(&code))
	runtime.KeepAlive(props)
	runtime.KeepAlive(devs)
	if code == 0 && ctx == 0 {
		code = CodeInvalidContext
	}
	if err := check("clCreateContext", code); err != nil {
		return nil, fmt.Errorf("device %s: %w", d.Name, err)
	}
	q := cl.CreateCommandQueue(ctx, d.id, clQueueProfilingEnable, unsafe.Pointer(&code))
	if code == 0 && q == 0 {
		code = CodeInvalidCommandQueue
	}
	if err := check("clCreateCommandQueue", code); err != nil {
		cl.ReleaseContext(ctx)
		return nil, fmt.Errorf("device %s: %w", d.Name, err)
	}
	c := &Context{dev: d, ctx: ctx, queue: q}
	for k := range c.live {
		c.live[k] = make(map[uintptr]struct{})
	}
	return c, nil
}

// Device returns the device the context was created on.
func (c *Context) Device() Device {
	if c == nil {
		return Device{}
	}
	return c.dev
}

// Finish blocks until every command enqueued so far, on both queues (Note
// [copy queue]), has completed.
func (c *Context) Finish() error {
	if err := c.usable(); err != nil {
		return err
	}
	c.mu.Lock()
	q := c.copyQ
	c.mu.Unlock()
	hostWaits.Add(1)
	if q != 0 {
		if err := check("clFinish", cl.Finish(q)); err != nil {
			return err
		}
	}
	return check("clFinish", cl.Finish(c.queue))
}

// Close waits for the queue to drain and for driver calls that a canceled
// context.Context abandoned, then releases every event, kernel, program
// and buffer still alive, the queue and the context. It is
// idempotent: a second Close does nothing and returns nil. It must not run
// concurrently with other calls on the context or its objects.
func (c *Context) Close() error {
	if c == nil || c.ctx == 0 {
		return nil
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	c.mu.Unlock()
	c.background.Wait() // no driver call may outlive the context
	c.mu.Lock()
	live := c.live
	for k := range c.live {
		c.live[k] = nil
	}
	c.mu.Unlock()

	var errs []error
	errs = append(errs, check("clFinish", cl.Finish(c.queue)))
	if c.copyQ != 0 {
		errs = append(errs, check("clFinish", cl.Finish(c.copyQ)))
	}
	for k := objKind(0); k < numKinds; k++ {
		for h := range live[k] {
			errs = append(errs, k.release(h))
		}
	}
	errs = append(errs, check("clReleaseCommandQueue", cl.ReleaseCommandQueue(c.queue)))
	if c.copyQ != 0 {
		errs = append(errs, check("clReleaseCommandQueue", cl.ReleaseCommandQueue(c.copyQ)))
	}
	errs = append(errs, check("clReleaseContext", cl.ReleaseContext(c.ctx)))
	return errors.Join(errs...)
}

// usable reports errClosed once the context is closed.
func (c *Context) usable() error {
	if c == nil || c.ctx == 0 {
		return errNoContext
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return errClosed
	}
	return nil
}

// track records a new object; if the context was closed meanwhile the
// object is released at once and errClosed returned.
func (c *Context) track(k objKind, h uintptr) error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		_ = k.release(h)
		return errClosed
	}
	c.live[k][h] = struct{}{}
	c.mu.Unlock()
	return nil
}

// untrackRelease releases h if it is still tracked and returns the
// driver's error; it is a no-op otherwise (already released, or the
// context is closed).
func (c *Context) untrackRelease(k objKind, h uintptr) error {
	if c == nil || h == 0 {
		return nil
	}
	c.mu.Lock()
	_, ok := c.live[k][h]
	if ok {
		delete(c.live[k], h)
	}
	c.mu.Unlock()
	if ok {
		if k == kindBuffer {
			c.bufReleases.Add(1)
		}
		return k.release(h)
	}
	return nil
}

// alive returns nil if h is a live object of kind k owned by c, and a
// descriptive error otherwise. It keeps released handles away from OpenCL,
// where they could crash the driver.
func (c *Context) alive(k objKind, owner *Context, h uintptr) error {
	if c == nil || c.ctx == 0 {
		return errNoContext
	}
	if owner != c {
		return fmt.Errorf("clhost: %s belongs to another context", kindNames[k])
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return errClosed
	}
	if _, ok := c.live[k][h]; !ok || h == 0 {
		return fmt.Errorf("clhost: %s was released", kindNames[k])
	}
	return nil
}
