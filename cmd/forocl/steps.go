package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

// stepFlags are forocl run's flags for stepping a simulation.
type stepFlags struct {
	steps int
	swaps []string
	every int
}

// parseSwaps parses the --swap IN=OUT flags.
func parseSwaps(vals []string) ([]runner.Swap, error) {
	var out []runner.Swap
	for _, v := range vals {
		in, o, ok := strings.Cut(v, "=")
		in, o = strings.TrimSpace(in), strings.TrimSpace(o)
		if !ok || in == "" || o == "" {
			return nil, usageErr("--swap %s: want IN=OUT, the input array and the output that replaces it after each step", v)
		}
		out = append(out, runner.Swap{In: strings.ToLower(in), Out: strings.ToLower(o)})
	}
	return out, nil
}

// check checks the stepping flags on their own.
func (sf *stepFlags) check(repeat int) error {
	switch {
	case sf.steps < 0:
		return usageErr("--steps %d: want a count of 1 or more", sf.steps)
	case sf.steps == 0 && (len(sf.swaps) > 0 || sf.every > 0):
		return usageErr("--swap and --every step a simulation: give --steps N")
	case sf.steps > 0 && repeat > 0:
		return usageErr("--steps and --repeat do not go together: --steps times the whole run")
	case sf.every < 0:
		return usageErr("--every %d: want a count of 1 or more", sf.every)
	}
	return nil
}

// snapshotPath is where output path's snapshot after step goes: beside it,
// with the step number: T.npy -> T_000100.npy.
func snapshotPath(path string, step, steps int) string {
	ext := filepath.Ext(path)
	width := len(fmt.Sprint(steps))
	return fmt.Sprintf("%s_%0*d%s", strings.TrimSuffix(path, ext), width, step, ext)
}

// snapshotter writes the --out arrays every K steps, each file atomically.
func snapshotter(outputs []runner.Output, steps int) func(int, map[string]*npy.Array) error {
	return func(step int, got map[string]*npy.Array) error {
		var files []fsutil.File
		for _, o := range outputs {
			a := got[o.Name]
			files = append(files, fsutil.File{Path: snapshotPath(o.Path, step, steps), Perm: 0o644, Write: func(w io.Writer) error { return npy.Encode(w, a) }})
		}
		return fsutil.WriteFiles(files, fsutil.Options{})
	}
}

// progress draws a progress bar on w once a run has taken more than a
// second, redrawn at most ten times a second, and only on a terminal.
type progress struct {
	w          io.Writer
	total      int
	start, at  time.Time
	shown, tty bool
}

func newProgress(w io.Writer, total int) *progress {
	tty := false
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	return &progress{w: w, total: total, start: time.Now(), tty: tty}
}

func (p *progress) step(i int) {
	if !p.tty {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < time.Second || (now.Sub(p.at) < 100*time.Millisecond && i < p.total) {
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
