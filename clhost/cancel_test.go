package clhost

import (
	"context"
	"errors"
	"strings"
	"testing"
)

const addOneSource = `__kernel void add_one(__global float *x) { x[get_global_id(0)] += 1.0f; }`

func TestCloseIsIdempotent(t *testing.T) {
	c := newTestContext(t)
	b, err := c.NewBuffer(16)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Errorf("first Close: %v", err)
	}
	if err := b.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if err := c.WriteFloat32(b, []float32{1}); err == nil || !strings.Contains(err.Error(), "released") {
		t.Errorf("write to a closed buffer: %v, want an error saying it was released", err)
	}
	var nilProg *Program
	if err := nilProg.Close(); err != nil {
		t.Errorf("nil Program Close: %v", err)
	}
}

func TestContextCalls(t *testing.T) {
	c := newTestContext(t)
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.BuildProgramContext(canceled, addOneSource, ""); !errors.Is(err, context.Canceled) {
		t.Errorf("build under a canceled context: %v, want context.Canceled", err)
	}
	live, stop := context.WithCancel(context.Background())
	defer stop()
	p, err := c.BuildProgramContext(live, addOneSource, "")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	k, err := p.Kernel("add_one")
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.NewArray(Float32, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Write([]float32{0, 1, 2, 3, 4, 5, 6, 7}); err != nil {
		t.Fatal(err)
	}
	ev, err := c.LaunchWith(k, []int{8}, nil, a.Buffer)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.WaitContext(canceled); !errors.Is(err, context.Canceled) {
		t.Errorf("WaitContext(canceled) = %v, want context.Canceled", err)
	}
	if err := ev.WaitContext(live); err != nil {
		t.Errorf("WaitContext: %v", err)
	}
	ev.Close()
	got := make([]float32, 8)
	if err := a.Read(live, got); err != nil || got[0] != 1 || got[7] != 8 {
		t.Errorf("Read = %v, %v; want 1..8", got, err)
	}
	untouched := []float32{-1, -1, -1, -1, -1, -1, -1, -1}
	if err := a.Read(canceled, untouched); !errors.Is(err, context.Canceled) || untouched[0] != -1 {
		t.Errorf("Read(canceled) = %v, data %v; want context.Canceled and data untouched", err, untouched)
	}
	for _, c := range []struct {
		data any
		want string
	}{
		{[]float64{1}, "host data is []float64"},
		{[]float32{1, 2}, "holds 8 elements, host data 2"},
		{"x", "want []float32, []float64 or []int32"},
	} {
		if err := a.Write(c.data); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Write(%v) = %v, want %q", c.data, err, c.want)
		}
	}
	if _, err := c.NewArray(DType(0), 3); err == nil {
		t.Error("NewArray of the zero DType succeeded")
	}
	if err := (&Array{Buffer: a.Buffer, Shape: Shape{2}}).Check(); err == nil || !strings.Contains(err.Error(), "no element type") {
		t.Errorf("Check of an Array without DType: %v", err)
	}
}

// lateCtx is a context that is not done when first asked (Err) but whose
// Done channel is already closed: a cancellation that lands while the
// driver call runs.
type lateCtx struct {
	context.Context
	asked bool
}

func (c *lateCtx) Done() <-chan struct{} {
	ch := make(chan struct{})
	close(ch)
	return ch
}

func (c *lateCtx) Err() error {
	if !c.asked {
		c.asked = true
		return nil
	}
	return context.Canceled
}

// TestAbandonedBuild: a build given up on returns context.Canceled at once;
// the program it made is closed when the build ends, and Close waits for
// it (Note [abandoned calls]).
func TestAbandonedBuild(t *testing.T) {
	c := newTestContext(t)
	p, err := c.BuildProgramContext(&lateCtx{Context: context.Background()}, addOneSource, "")
	if p != nil || !errors.Is(err, context.Canceled) {
		t.Fatalf("abandoned build = %v, %v; want nil and context.Canceled", p, err)
	}
	c.background.Wait()
	c.mu.Lock()
	n := len(c.live[kindProgram])
	c.mu.Unlock()
	if n != 0 {
		t.Errorf("%d programs alive after the abandoned build finished, want 0", n)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close after an abandoned build: %v", err)
	}
}
