package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// stepFlags are forocl run's flags for stepping a simulation.
type stepFlags struct {
	steps int
	swaps []string
	every int
	// stepsGiven says --steps was on the command line: --steps 0 is then
	// a mistake, not the default.
	stepsGiven bool
}

// check checks the stepping flags on their own.
func (sf *stepFlags) check(repeat int) error {
	switch {
	case sf.steps < 0 || sf.stepsGiven && sf.steps == 0:
		return usageErr("--steps %d: want the number of steps to run, 1 or more (leave --steps out to run the kernel once)", sf.steps)
	case sf.steps == 0 && (len(sf.swaps) > 0 || sf.every > 0):
		return usageErr("--swap and --every step a simulation: give --steps N")
	case sf.steps > 0 && repeat > 0:
		return usageErr("--steps and --repeat do not go together: --steps times the whole run")
	case sf.every < 0:
		return usageErr("--every %d: want a count of 1 or more", sf.every)
	}
	return nil
}

// checkGiven checks what needs to know which flags were given: --every 0
// would write no snapshot at all, silently.
// changed is the flag set's Changed.
func (sf *stepFlags) checkGiven(changed func(name string) bool) error {
	if changed("every") && sf.every == 0 {
		return usageErr("--every 0: want a count of 1 or more (snapshots every K steps)")
	}
	return nil
}

// progress draws a progress bar on w once a run has done a second of
// work (from the first step queued), redrawn at most ten times a second,
// and only on a terminal. It counts the steps the device has completed
// (runner's Note [progress from events]), not those queued.
type progress struct {
	w     io.Writer
	total int
	now   func() time.Time
	// start is when the first step was queued (step(0), or the first
	// count), at when the bar was last drawn.
	start, at           time.Time
	started, shown, tty bool
}

// progressClock and isTerminal are the bar's clock and its test for a
// terminal; tests replace them.
var (
	progressClock = time.Now
	isTerminal    = func(w io.Writer) bool {
		f, ok := w.(*os.File)
		if !ok {
			return false
		}
		fi, err := f.Stat()
		return err == nil && fi.Mode()&os.ModeCharDevice != 0
	}
)

func newProgress(w io.Writer, total int) *progress {
	return &progress{w: w, total: total, now: progressClock, tty: isTerminal(w)}
}

// step takes the count of completed steps: 0 as the first is queued.
func (p *progress) step(i int) {
	if !p.tty {
		return
	}
	now := p.now()
	if !p.started {
		p.start, p.started = now, true
	}
	if i == 0 || now.Sub(p.start) < time.Second || (now.Sub(p.at) < 100*time.Millisecond && i < p.total) {
		return
	}
	p.at, p.shown = now, true
	fmt.Fprintf(p.w, "\r%s", bar(i, p.total, now.Sub(p.start)))
}

func (p *progress) done() {
	if p.shown {
		fmt.Fprintln(p.w)
	}
}

// bar renders "[=====     ]  50% 500/1000 steps, 1.2 s".
func bar(i, total int, elapsed time.Duration) string {
	const width = 40
	n := width * i / max(total, 1)
	return fmt.Sprintf("[%s%s] %3d%% %d/%d steps, %.1f s", strings.Repeat("=", n), strings.Repeat(" ", width-n), 100*i/max(total, 1), i, total, elapsed.Seconds())
}
