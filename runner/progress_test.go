package runner

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// fakeEvent is a step's event that completes when the test says so.
type fakeEvent struct {
	done, closed bool
	err          error
	waited       *[]string
	name         string
}

func (e *fakeEvent) Done() (bool, error) { return e.done, e.err }
func (e *fakeEvent) Wait() error {
	*e.waited = append(*e.waited, e.name)
	e.done = true
	return e.err
}
func (e *fakeEvent) Close() error { e.closed = true; return nil }

// TestStepWatch: steps are reported when their events complete, in
// order, not when they are queued; the rest when drained; every event is
// closed; a long run keeps every stride-th step's event.
func TestStepWatch(t *testing.T) {
	var got []int
	var waited []string
	clock := time.Unix(0, 0)
	w := newStepWatch(func(s int) { got = append(got, s) }, 4)
	w.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	evs := make([]*fakeEvent, 5)
	for i := 1; i <= 4; i++ {
		evs[i] = &fakeEvent{waited: &waited, name: fmt.Sprint(i)}
	}
	w.queued(1, evs[1])
	w.queued(2, evs[2])
	if len(got) != 0 {
		t.Fatalf("reported %v before any step completed", got)
	}
	evs[2].done = true // step 2 completes first: 1 still holds it back
	w.queued(3, evs[3])
	if len(got) != 0 {
		t.Fatalf("reported %v with step 1 running", got)
	}
	evs[1].done = true
	w.queued(4, evs[4])
	if fmt.Sprint(got) != "[1 2]" {
		t.Fatalf("reported %v, want [1 2]", got)
	}
	if err := w.drain(func() bool { return false }); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[1 2 3 4]" || fmt.Sprint(waited) != "[3 4]" {
		t.Errorf("reported %v after waiting for %v, want [1 2 3 4] after [3 4]", got, waited)
	}
	for i := 1; i <= 4; i++ {
		if !evs[i].closed {
			t.Errorf("event %d not closed", i)
		}
	}

	// A failed event stops the counts (the run reports the error); the
	// events are closed all the same.
	got = nil
	w = newStepWatch(func(s int) { got = append(got, s) }, 2)
	bad := &fakeEvent{err: errors.New("boom"), waited: &waited}
	ok := &fakeEvent{done: true, waited: &waited}
	w.queued(1, bad)
	w.queued(2, ok)
	w.drain(func() bool { return false })
	if len(got) != 0 || !bad.closed || !ok.closed {
		t.Errorf("after a failure: reported %v, closed %v %v", got, bad.closed, ok.closed)
	}

	// A million steps keep about a thousand events.
	w = newStepWatch(func(int) {}, 1_000_000)
	kept := 0
	for s := 1; s <= 1_000_000; s++ {
		if w.keeps(s, 1_000_000) {
			kept++
		}
	}
	if kept != 1000 {
		t.Errorf("kept %d events of a million steps, want 1000", kept)
	}
}
