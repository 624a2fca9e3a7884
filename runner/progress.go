package runner

import "time"

// Note [progress from events]
//
// A stepped run queues its launches without waiting (steps.go), so all
// of them may be queued in the first second while the device takes
// minutes: a progress count of queued steps would say 100% at once. So
// Job.Progress counts completed steps, from the completion event of each
// step's last launch (the queue runs in order, so that launch completes
// the step). The stepping loop polls the oldest events between steps,
// without waiting; once everything is queued it waits for them in order,
// reporting each, instead of waiting for the queue to finish at once.
// Only every stride-th step keeps its event (and the last), so that a run
// of a million steps holds about a thousand events, not a million.

// stepEvent is the completion event of a step: *clhost.Event, or a fake
// in tests.
type stepEvent interface {
	Done() (bool, error)
	Wait() error
	Close() error
}

// stepWatch reports completed steps to report (Note [progress from
// events]).
type stepWatch struct {
	report  func(step int)
	stride  int
	pending []pendingStep
	polled  time.Time
	now     func() time.Time
	broken  bool // an event failed: the run reports the error; no more counts
}

type pendingStep struct {
	step int
	ev   stepEvent
}

// maxPending bounds the events a stepWatch holds (Note [progress from
// events]).
const maxPending = 1000

func newStepWatch(report func(int), steps int) *stepWatch {
	return &stepWatch{report: report, stride: max(1, (steps+maxPending-1)/maxPending), now: time.Now}
}

// keeps reports whether step's event is to be kept (queued).
func (w *stepWatch) keeps(step, steps int) bool {
	return step%w.stride == 0 || step == steps
}

// queued takes the event of step's last launch (nil when the step
// launched nothing, which completes with the step before it) and reports
// the steps completed so far, polling at most every 20 ms.
func (w *stepWatch) queued(step int, ev stepEvent) {
	w.pending = append(w.pending, pendingStep{step, ev})
	if now := w.now(); now.Sub(w.polled) >= 20*time.Millisecond {
		w.polled = now
		w.poll()
	}
}

// poll reports the steps at the front whose events have completed.
func (w *stepWatch) poll() {
	for len(w.pending) > 0 && !w.broken {
		p := w.pending[0]
		if p.ev != nil {
			done, err := p.ev.Done()
			if err != nil {
				w.broken = true
				return
			}
			if !done {
				return
			}
			p.ev.Close()
		}
		w.pending = w.pending[1:]
		w.report(p.step)
	}
}

// drain waits for the events in order, reporting each step; canceled
// stops it early. The events are closed in every case.
func (w *stepWatch) drain(canceled func() bool) error {
	defer w.discard()
	for len(w.pending) > 0 && !w.broken {
		if canceled() {
			return ErrCanceled
		}
		p := w.pending[0]
		if p.ev != nil {
			if err := p.ev.Wait(); err != nil {
				return nil // the queue's finish reports it
			}
			p.ev.Close()
		}
		w.pending = w.pending[1:]
		w.report(p.step)
	}
	return nil
}

// discard closes the events not reported.
func (w *stepWatch) discard() {
	for _, p := range w.pending {
		if p.ev != nil {
			p.ev.Close()
		}
	}
	w.pending = nil
}
