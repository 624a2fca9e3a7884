package clhost

import (
	"context"
	"fmt"
	"reflect"
	"time"
	"unsafe"
)

// The calls below take a context.Context for the steps that can take long:
// building a program (seconds on some GPU drivers), waiting for a kernel,
// and reading results back. OpenCL calls themselves cannot be interrupted,
// so each returns ctx.Err() as soon as ctx is done and leaves the driver
// call to finish on its own (see Note [abandoned calls]).
//
// Note [abandoned calls]
// A build that is abandoned finishes in a goroutine, which then closes the
// program it made. A read that is abandoned lands in a staging slice that
// only that goroutine holds, so the caller's slice is never written after
// ReadContext returns. Context.Close waits for both goroutines, so no
// driver call runs on a released context. A wait that is abandoned just
// stops polling the event: the kernel keeps running, and the event stays
// valid until closed.

// BuildProgramContext is BuildProgram that returns ctx.Err() (wrapped)
// when ctx is done before the build finishes.
func (c *Context) BuildProgramContext(ctx context.Context, source, options string) (*Program, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("clhost: build: %w", err)
	}
	if ctx.Done() == nil { // never canceled: no goroutine needed
		return c.BuildProgram(source, options)
	}
	type result struct {
		p   *Program
		err error
	}
	done := make(chan result) // unbuffered: a result is taken or abandoned
	abandoned := make(chan struct{})
	c.background.Add(1)
	go func() {
		defer c.background.Done()
		p, err := c.BuildProgram(source, options)
		select {
		case done <- result{p, err}:
		case <-abandoned:
			_ = p.Close() // See Note [abandoned calls]
		}
	}()
	select {
	case r := <-done:
		return r.p, r.err
	case <-ctx.Done():
		close(abandoned)
		return nil, fmt.Errorf("clhost: build: %w", ctx.Err())
	}
}

// WaitContext is Wait that returns ctx.Err() (wrapped) when ctx is done
// before the event's command completes; the command keeps running. While
// ctx can be canceled it polls the event, with pauses from 20µs growing to
// 1ms.
func (e *Event) WaitContext(ctx context.Context) error {
	if ctx.Done() == nil {
		return e.Wait()
	}
	if e == nil {
		return fmt.Errorf("clhost: nil *Event")
	}
	if err := e.ctx.alive(kindEvent, e.ctx, e.h); err != nil {
		return err
	}
	// Submit what is queued, or the event may never start.
	if err := check("clFlush", cl.Flush(e.ctx.queue)); err != nil {
		return err
	}
	pause := 20 * time.Microsecond
	for {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("clhost: wait: %w", err)
		}
		if err := e.ctx.alive(kindEvent, e.ctx, e.h); err != nil {
			return err
		}
		var status int32
		if err := check("clGetEventInfo", cl.GetEventInfo(e.h, clEventExecutionStatus, 4, unsafe.Pointer(&status), nil)); err != nil {
			return err
		}
		if status == clComplete {
			return nil
		}
		if status < 0 { // the command failed; its code is the status
			return check("clWaitForEvents", status)
		}
		t := time.NewTimer(pause)
		select {
		case <-ctx.Done():
			t.Stop()
		case <-t.C:
		}
		pause = min(2*pause, time.Millisecond)
	}
}

// ReadContext copies the start of b into data, a []float32, []float64,
// []int32, []int64 or []byte, once every command enqueued before it has finished;
// it returns ctx.Err() (wrapped) when ctx is done first, and then data is
// left untouched.
func (c *Context) ReadContext(ctx context.Context, b *Buffer, data any) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("clhost: read: %w", err)
	}
	if ctx.Done() == nil {
		return c.readAny(b, data)
	}
	// See Note [abandoned calls]: the driver writes a staging copy.
	var staging any
	switch d := data.(type) {
	case []float32:
		staging = make([]float32, len(d))
	case []float64:
		staging = make([]float64, len(d))
	case []int32:
		staging = make([]int32, len(d))
	case []int64:
		staging = make([]int64, len(d))
	case []byte:
		staging = make([]byte, len(d))
	default:
		return c.readAny(b, data) // the type error
	}
	done := make(chan error, 1)
	c.background.Add(1)
	go func() {
		defer c.background.Done()
		done <- c.readAny(b, staging)
	}()
	select {
	case err := <-done:
		if err != nil {
			return err
		}
		switch d := data.(type) {
		case []float32:
			copy(d, staging.([]float32))
		case []float64:
			copy(d, staging.([]float64))
		case []int32:
			copy(d, staging.([]int32))
		case []int64:
			copy(d, staging.([]int64))
		case []byte:
			copy(d, staging.([]byte))
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("clhost: read: %w", ctx.Err())
	}
}

// ReadSlice is ReadContext for a slice of one element type: when ctx
// cannot be canceled (context.Background) it is a blocking read that
// allocates nothing, data not being boxed into an interface. Generated
// harnesses read their results through it, into slices they keep.
func ReadSlice[T float32 | float64 | int32 | int64 | byte](ctx context.Context, c *Context, b *Buffer, data []T) error {
	if ctx.Done() == nil {
		return transfer(c, b, data, false)
	}
	return c.ReadContext(ctx, b, data)
}

// readAny is a blocking read of the start of b into dst, a []float32,
// []float64, []int32, []int64 or []byte. Its error names dst's type
// alone, so that dst stays the caller's (a read allocates nothing).
func (c *Context) readAny(b *Buffer, dst any) error {
	switch d := dst.(type) {
	case []float32:
		return transfer(c, b, d, false)
	case []float64:
		return transfer(c, b, d, false)
	case []int32:
		return transfer(c, b, d, false)
	case []int64:
		return transfer(c, b, d, false)
	case []byte:
		return transfer(c, b, d, false)
	}
	return fmt.Errorf("clhost: read into %v: want []float32, []float64, []int32, []int64 or []byte", reflect.TypeOf(dst))
}

// Write copies data, a []float32, []float64 or []int32 of a's element type
// and exactly a.Shape.Len() elements (column-major), into a and waits for
// the copy.
func (a *Array) Write(data any) error {
	if err := a.hostCheck(data); err != nil {
		return err
	}
	c := a.Buffer.ctx
	switch d := data.(type) {
	case []float32:
		return c.WriteFloat32(a.Buffer, d)
	case []float64:
		return c.WriteFloat64(a.Buffer, d)
	default:
		return c.WriteInt32(a.Buffer, d.([]int32))
	}
}

// Read copies a into data, a []float32, []float64 or []int32 of a's
// element type and exactly a.Shape.Len() elements (column-major), once
// every command enqueued before it has finished, as Context.ReadContext.
func (a *Array) Read(ctx context.Context, data any) error {
	if err := a.hostCheck(data); err != nil {
		return err
	}
	return a.Buffer.ctx.ReadContext(ctx, a.Buffer, data)
}

// hostCheck reports why data cannot be copied to or from a.
func (a *Array) hostCheck(data any) error {
	if err := a.Check(); err != nil {
		return fmt.Errorf("clhost: array %w", err)
	}
	var dt DType
	var n int
	switch d := data.(type) {
	case []float32:
		dt, n = Float32, len(d)
	case []float64:
		dt, n = Float64, len(d)
	case []int32:
		dt, n = Int32, len(d)
	default:
		return fmt.Errorf("clhost: array of %v: host data is %T, want []float32, []float64 or []int32", a.DType, data)
	}
	if dt != a.DType {
		return fmt.Errorf("clhost: array of %v: host data is %T", a.DType, data)
	}
	if n != a.Shape.Len() {
		return fmt.Errorf("clhost: array of shape %v holds %d elements, host data %d", a.Shape, a.Shape.Len(), n)
	}
	return nil
}
