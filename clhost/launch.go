package clhost

import (
	"errors"
	"fmt"
	"slices"
	"time"
	"unsafe"
)

// Event is the completion event of one kernel launch. Events are tracked by
// their Context; release them when done in long-running loops.
type Event struct {
	ctx *Context
	h   uintptr // cl_event
}

// Launch enqueues kernel k over a 1- to 3-dimensional NDRange. local may be
// nil to let the driver choose the work-group size. clhost does not pad
// global: with OpenCL 1.2 semantics each global size must be a multiple of
// the matching local size, otherwise the driver reports
// CL_INVALID_WORK_GROUP_SIZE. The returned Event completes when the kernel
// has run; Release it when done with it (Close releases events left over,
// but until then each one holds driver resources).
func (c *Context) Launch(k *Kernel, global, local []int) (*Event, error) {
	if k == nil {
		return nil, errors.New("clhost: Launch: nil *Kernel")
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return c.launch(k, global, local)
}

// LaunchWith sets k's arguments (as SetArgs) and enqueues it (as Launch)
// as one step under k's lock, so goroutines that share k each launch with
// their own arguments.
func (c *Context) LaunchWith(k *Kernel, global, local []int, args ...any) (*Event, error) {
	return c.LaunchAtWith(k, nil, global, local, args...)
}

// LaunchAtWith is LaunchWith over the NDRange that starts at global work
// offset offset (nil: zero; else one entry per dimension, each >= 0): get_global_id(d)
// runs from offset[d] to offset[d]+global[d]-1, and get_global_offset(d)
// is offset[d] (get_group_id does not include it). runner's overlapped
// slabs launch a part of a slab's planes this way, on the whole slab's
// buffers (Note [overlap] in package runner).
func (c *Context) LaunchAtWith(k *Kernel, offset, global, local []int, args ...any) (*Event, error) {
	ev := new(Event)
	if err := c.launchWith(ev, k, offset, global, local, args); err != nil {
		return nil, err
	}
	return ev, nil
}

// LaunchInto is LaunchWith that writes the launch's event into ev, which
// the caller keeps from one launch to the next (closing it in between):
// with arguments of the types SetArgs keeps, a launch allocates no Go
// memory. Generated harnesses launch through it.
func (c *Context) LaunchInto(ev *Event, k *Kernel, global, local []int, args ...any) error {
	return c.launchWith(ev, k, nil, global, local, args)
}

// launchWith sets k's arguments and enqueues it at offset under k's lock.
func (c *Context) launchWith(ev *Event, k *Kernel, offset, global, local []int, args []any) error {
	if k == nil {
		return errors.New("clhost: LaunchWith: nil *Kernel")
	}
	if err := c.alive(kindKernel, k.ctx, k.h); err != nil {
		return err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if err := k.setArgs(args); err != nil {
		return err
	}
	return c.launchInto(ev, k, offset, global, local)
}

// launch enqueues k; the caller holds k.mu.
func (c *Context) launch(k *Kernel, global, local []int) (*Event, error) {
	ev := new(Event)
	if err := c.launchInto(ev, k, nil, global, local); err != nil {
		return nil, err
	}
	return ev, nil
}

// launchInto enqueues k at global work offset offset (nil: zero) and
// writes its event into ev; the caller holds k.mu. The NDRange and the
// event handle go through k's fields, already on the heap (Note [direct
// calls]); global and local are copied when an error names them, so that
// they stay the caller's.
func (c *Context) launchInto(ev *Event, k *Kernel, offset, global, local []int) error {
	const op = "clEnqueueNDRangeKernel"
	if err := c.alive(kindKernel, k.ctx, k.h); err != nil {
		return err
	}
	dims := len(global)
	if dims < 1 || dims > clMaxWorkDims {
		return fmt.Errorf("clhost: Launch %s: %d global dimensions, want 1 to 3", k.name, dims)
	}
	if len(local) != 0 && len(local) != dims {
		return fmt.Errorf("clhost: Launch %s: global has %d dimensions but local has %d", k.name, dims, len(local))
	}
	for i, n := range global {
		if n <= 0 {
			return fmt.Errorf("clhost: Launch %s: global size %v, want every entry > 0", k.name, slices.Clone(global))
		}
		k.g[i] = uintptr(n)
	}
	var lp unsafe.Pointer
	if len(local) != 0 {
		for i, n := range local {
			if n <= 0 {
				return fmt.Errorf("clhost: Launch %s: local size %v, want every entry > 0", k.name, slices.Clone(local))
			}
			k.l[i] = uintptr(n)
		}
		lp = unsafe.Pointer(&k.l[0])
	}
	var op0 unsafe.Pointer
	if offset != nil {
		if len(offset) != dims {
			return fmt.Errorf("clhost: Launch %s: global has %d dimensions but the offset has %d", k.name, dims, len(offset))
		}
		for i, n := range offset {
			if n < 0 {
				return fmt.Errorf("clhost: Launch %s: global work offset %v, want every entry >= 0", k.name, slices.Clone(offset))
			}
			k.o[i] = uintptr(n)
		}
		op0 = unsafe.Pointer(&k.o[0])
	}
	k.ev = 0
	code := cl.EnqueueNDRangeKernel(c.queue, k.h, uint32(dims), op0, unsafe.Pointer(&k.g[0]), lp, 0, nil, unsafe.Pointer(&k.ev))
	if err := check(op, code); err != nil {
		return fmt.Errorf("kernel %s, global %v, local %v: %w", k.name, slices.Clone(global), slices.Clone(local), err)
	}
	if k.ev == 0 {
		return fmt.Errorf("kernel %s: %s returned no event", k.name, op)
	}
	if err := c.track(kindEvent, k.ev); err != nil {
		return err
	}
	*ev = Event{ctx: c, h: k.ev}
	return nil
}

// Wait blocks until the event's command has completed. A kernel that failed
// during execution is reported as an error.
func (e *Event) Wait() error {
	if e == nil {
		return errors.New("clhost: nil *Event")
	}
	if err := e.ctx.alive(kindEvent, e.ctx, e.h); err != nil {
		return err
	}
	hostWaits.Add(1)
	// The compiler keeps e on the heap (cl's arguments escape, Note
	// [direct calls]): pointing at e.h allocates nothing.
	return check("clWaitForEvents", cl.WaitForEvents(1, unsafe.Pointer(&e.h)))
}

// Duration waits for the event and returns the device execution time,
// CL_PROFILING_COMMAND_END minus CL_PROFILING_COMMAND_START.
func (e *Event) Duration() (time.Duration, error) {
	start, end, err := e.Times()
	if err != nil || end < start {
		return 0, err
	}
	return time.Duration(end - start), nil
}

// Times waits for the event (unless it has completed) and returns its device timestamps in
// nanoseconds, CL_PROFILING_COMMAND_START and CL_PROFILING_COMMAND_END.
// Timing a batch of launches from the start of the first to the end of
// the last makes a coarse device timer (NVIDIA's ticks in microseconds)
// irrelevant.
func (e *Event) Times() (start, end uint64, err error) {
	if done, err := e.Done(); err != nil {
		return 0, 0, err
	} else if !done {
		if err := e.Wait(); err != nil {
			return 0, 0, err
		}
	}
	const op = "clGetEventProfilingInfo"
	if err := check(op, cl.GetEventProfilingInfo(e.h, clProfilingCommandStart, 8, unsafe.Pointer(&start), nil)); err != nil {
		return 0, 0, err
	}
	if err := check(op, cl.GetEventProfilingInfo(e.h, clProfilingCommandEnd, 8, unsafe.Pointer(&end), nil)); err != nil {
		return 0, 0, err
	}
	return start, end, nil
}

// Close frees the event now. Closing twice, or after Context.Close,
// does nothing and returns nil.
func (e *Event) Close() error {
	if e == nil {
		return nil
	}
	return e.ctx.untrackRelease(kindEvent, e.h)
}

// Release is Close without its error.
//
// Deprecated: use Close.
func (e *Event) Release() { _ = e.Close() }
