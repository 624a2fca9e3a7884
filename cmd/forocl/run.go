package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/mpi"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

func init() { register(newRunCmd) }

// runFlags are forocl run's own flags.
type runFlags struct {
	kernel  string
	device  string
	sets    []string
	ins     []string
	outs    []string
	repeat  int
	grid    string
	verbose bool
	stepFlags
	json bool
	pngs []string
	// pngRange is --png-range LO:HI.
	pngRange string
	slabFlags
	// tuned is the schedule the tuning chose (Note [tuning cache]); "" when
	// the run did not tune.
	tuned string
}

func newRunCmd() *cobra.Command {
	ff := frontFlags{requireKernels: true}
	var gf genFlags
	var rf runFlags
	c := &cobra.Command{
		Use:   "run FILE.f90... --kernel NAME [--set x=1.0]... [--in A=A.npy]... [--out oA=oA.npy]...",
		Short: "Compile one kernel and run it on .npy arrays",
		Long: `run compiles the files, generates OpenCL for one kernel and runs it once on the
chosen device (--device, else FOROCL_DEVICE, else the first GPU).

` + kernelsTaken + `

Arrays are NumPy .npy files (float32, float64, int32 or int64, C or Fortran order):
Fortran element A(i,j) is a[i-1,j-1] of the NumPy array whatever its memory
order. Every intent(in) array needs --in; an intent(out) array given with --in
starts from that content (cells the kernel does not write keep it), otherwise
from zeros. Outputs named with --out are written in Fortran order, and only
once the whole run has succeeded. Every scalar dummy needs --set.

With --repeat N, run launches the kernel once to warm up, then N times, and
prints the kernel times and the effective bandwidth. With --grid 512x512,
input arrays not given with --in are filled with reproducible pseudo-random
values in [0.5, 1.5) of that shape, so any kernel can be timed without files:

    forocl run heat.f90 --kernel step --set c=0.1 --grid 4096x4096 --repeat 100

--repeat prints the minimum, median and maximum kernel time; --json prints
the scalar results and those timings as one JSON object instead. --png
oT=heat.png draws a 2-D output with the viridis colour map and a colour bar.

On a kernel's first run on a device (without --tile, --coarsen, --align or
--no-align) run times a few schedules that give the same results on these
sizes and keeps the fastest in the tuning cache beside the program cache;
later runs use it (--verbose says which). Kernels that reduce are not
tuned; FOROCL_TUNE=0 turns tuning off.`,
		Args: atLeast(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runKernel(c, args, &ff, &gf, &rf)
		},
	}
	ff.add(c)
	gf.add(c)
	f := c.Flags()
	f.StringVarP(&rf.kernel, "kernel", "k", "", "run the kernel `NAME` (case-insensitive; without it, the one kernel the files mark); it needs no !$OFP directive")
	f.StringVar(&rf.device, "device", "", "OpenCL device `SEL`: an index such as 1:0 or 1 (the row of forocl devices, from 0) or part of a name; default $FOROCL_DEVICE, else the first GPU")
	f.StringArrayVar(&rf.sets, "set", nil, "give scalar dummy NAME the value VALUE (`NAME=VALUE`, repeatable; a character dummy takes VALUE as text)")
	f.StringArrayVar(&rf.ins, "in", nil, "read array dummy NAME from the .npy file FILE (`NAME=FILE`, repeatable)")
	f.StringArrayVar(&rf.outs, "out", nil, "write intent(out) array NAME to the .npy file FILE (`NAME=FILE`, repeatable)")
	f.IntVar(&rf.repeat, "repeat", 0, "time `N` launches after one warm-up and print the minimum, median and maximum")
	f.StringVar(&rf.grid, "grid", "", "fill every input array not given with --in with reproducible pseudo-random values in [0.5, 1.5) on a grid of this `SHAPE` (e.g. 512x512), to time a kernel without input files (a loop kernel's array whose declared shape follows from the sizes given with --set takes that shape); outputs start as zeros")
	f.BoolVarP(&rf.verbose, "verbose", "v", false, "print the device, launch shape and files written")
	f.IntVar(&rf.steps, "steps", 0, "run the kernel `N` times with the data kept on the device (a simulation), and print the time per step")
	f.StringArrayVar(&rf.swaps, "swap", nil, "with --steps: after each step the output OUT becomes the input IN (`IN=OUT`, repeatable); OUT starts as a copy of IN unless given with --in")
	f.IntVar(&rf.every, "every", 0, "with --steps: write the --out arrays every `K` steps beside their files (T.npy -> T_0100.npy)")
	f.BoolVar(&rf.json, "json", false, "print the scalar results and the --repeat timings as one JSON object instead of text")
	f.StringArrayVar(&rf.pngs, "png", nil, "draw 2-D output NAME as a picture with a colour bar in the .png file FILE (`NAME=FILE`, repeatable): first index along x, origin at the bottom left, colours over the array's interior (its halo left out)")
	f.StringVar(&rf.pngRange, "png-range", "", "with --png: the colour scale's ends (`LO:HI`, such as 0:1.5) instead of the interior's least and greatest values")
	c.RegisterFlagCompletionFunc("kernel", completeKernels)
	c.RegisterFlagCompletionFunc("device", completeDevices)
	rf.slabFlags.add(f)
	return c
}

// errInterrupted ends a run stopped by SIGINT or SIGTERM: exit code 130,
// like a shell reports a process killed by SIGINT.
var errInterrupted = &exitError{code: 130, msg: "interrupted; no output written"}

// runErr turns an error of the run phase into exit code 1, so that no
// message is mistaken for a usage error.
func runErr(err error) error {
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	return &exitError{code: 1, msg: err.Error()}
}

func runErrf(format string, args ...any) error {
	return &exitError{code: 1, msg: fmt.Sprintf(format, args...)}
}

// bindErr turns an error of runner.ParseFlags or runner.Bind into an exit
// code: 2 for a usage error, else 1.
func bindErr(err error) error {
	var ue *runner.UsageError
	if errors.As(err, &ue) {
		return usageErr("%s", ue.Msg)
	}
	return runErr(err)
}

func nameList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// runJob runs a job; tests replace it to stand for a driver call that
// does not return (a long OpenCL build).
var runJob = runner.Run

// runKernel is the run command: it checks the flags, compiles the files,
// binds the inputs, runs the kernel on one device (or on slabs, see
// slabs.go) and writes the outputs.
func runKernel(c *cobra.Command, args []string, ff *frontFlags, gf *genFlags, rf *runFlags) (err error) {
	if rank, size, ok := mpi.LaunchedRank(); ok && rf.mpi {
		// A rank of an --mpi run: every message says which rank.
		rw := newRankWriter(c.ErrOrStderr(), rank, size)
		c.SetErr(rw)
		defer func() {
			rw.flush()
			err = rw.wrap(err)
		}()
	}
	stderr := c.ErrOrStderr()
	req, err := checkRunFlags(c, gf, rf)
	if err != nil {
		return err
	}
	res, irk, k, err := runTarget(c, args, ff, gf, rf, req.pngs)
	if err != nil {
		return err
	}
	job, bound, bar, err := prepareJob(stderr, k, req, rf)
	if err != nil {
		return err
	}
	if _, err := stepChars(k, bound.Chars, rf.steps); err != nil { // before the device runs: Note [host characters] in ir/chars.go
		return runErr(err)
	}

	// From here on an interrupt closes the context and writes nothing.
	sig := newInterrupts(stderr)
	defer sig.stop()
	job.Cancel = sig.cancel

	dev, unit, err := deviceUnit(c, ff, gf, res, irk, rf.device)
	if err != nil {
		return err
	}
	job.Unit, job.Kernel = unit, unit.Kernels[0]
	if tuneOn(gf, rf) {
		if err := tuneJob(c, dev, gf, res, irk, job, rf); err != nil {
			if errors.Is(err, runner.ErrCanceled) || sig.interrupted() {
				return errInterrupted
			}
			return err
		}
	}
	var r *runner.Result
	var slabs *slabRun
	if rf.slabFlags.on() {
		// Several devices or MPI ranks: see slabs.go.
		if slabs, err = runSlabs(*job, &rf.slabFlags, rf.device); err == nil {
			defer slabs.finish()
			if !slabs.root {
				return nil
			}
			r = &slabs.res.Result
		}
	} else {
		r, err = runOnDevice(c, dev, *job, rf.verbose)
	}
	if bar != nil {
		bar.done()
	}
	if errors.Is(err, runner.ErrCanceled) || sig.interrupted() {
		return errInterrupted
	}
	if err != nil {
		return runErr(err)
	}
	// job.Kernel is k with its launches, which pictures read.
	return finishRun(c, res, job.Kernel, dev.Name, r, rf, req, bound, sig, slabs)
}

// runRequest is what the flags of a run ask for, parsed and checked
// before any file is read.
type runRequest struct {
	swaps  []runner.Swap
	parsed *runner.Parsed
	pngs   []pictureFlag
	scale  *[2]float64 // --png-range
}

// checkRunFlags checks everything about a run that can be checked without
// reading a file: its usage errors come first.
func checkRunFlags(c *cobra.Command, gf *genFlags, rf *runFlags) (*runRequest, error) {
	if rf.repeat < 0 {
		return nil, usageErr("--repeat %d: want a count of 0 or more", rf.repeat)
	}
	if _, err := gf.options(""); err != nil {
		return nil, err
	}
	rf.stepsGiven = c.Flags().Changed("steps")
	if err := rf.stepFlags.check(rf.repeat); err != nil {
		return nil, err
	}
	if err := rf.stepFlags.checkGiven(c.Flags().Changed); err != nil {
		return nil, err
	}
	if err := rf.slabFlags.check(rf.repeat); err != nil {
		return nil, err
	}
	swaps, err := runner.ParseSwaps(rf.swaps)
	if err != nil {
		return nil, bindErr(err)
	}
	parsed, err := runner.ParseFlags(runner.Flags{Sets: rf.sets, Ins: rf.ins, Outs: rf.outs, Grid: rf.grid})
	if err != nil {
		return nil, bindErr(err)
	}
	pngs, err := parsePictures(rf.pngs)
	if err != nil {
		return nil, err
	}
	scale, err := pictureRange(rf.pngRange)
	if err != nil {
		return nil, err
	}
	if scale != nil && len(pngs) == 0 {
		return nil, usageErr("--png-range %s sets the colours of pictures: give --png NAME=FILE.png", rf.pngRange)
	}
	if err := checkOutputSet(parsed.Ins, parsed.Outs, pngs, rf.every, rf.steps); err != nil {
		return nil, err
	}
	return &runRequest{swaps: swaps, parsed: parsed, pngs: pngs, scale: scale}, nil
}

// runTarget compiles the files and picks the kernel to run (--kernel, or
// the files' one marked kernel), and checks the flags that depend on its
// interface k.
func runTarget(c *cobra.Command, args []string, ff *frontFlags, gf *genFlags, rf *runFlags, pngs []pictureFlag) (*driver.Result, *ir.Kernel, *abi.Kernel, error) {
	res, irk, k, err := frontKernel(c, args, ff, &rf.kernel, "run")
	if err != nil {
		return nil, nil, nil, err
	}
	if opts, _ := gf.options(""); len(opts.sched.Tile) > 0 {
		if len(opts.sched.Tile) != k.Rank {
			return nil, nil, nil, runErrf("--tile %s is %d-D but kernel %q is %d-D", gf.tile, len(opts.sched.Tile), k.Name, k.Rank)
		}
	}
	if err := checkPictures(k, pngs); err != nil {
		return nil, nil, nil, err
	}
	return res, irk, k, nil
}

// prepareJob binds the inputs (converted to the declared kinds without
// losing values) and builds the job, checking its interface and shapes
// before OpenCL is touched; bar is the progress bar of a --steps run.
func prepareJob(stderr io.Writer, k *abi.Kernel, req *runRequest, rf *runFlags) (job *runner.Job, bound *runner.Bound, bar *progress, err error) {
	bound, err = runner.Bind(k, req.parsed, nil)
	if err != nil {
		return nil, nil, nil, bindErr(err)
	}
	for _, n := range bound.Notes {
		fmt.Fprintf(stderr, "forocl: note: %s\n", n)
	}
	for _, w := range bound.Warnings {
		fmt.Fprintf(stderr, "forocl: warning: %s\n", w)
	}

	job = &runner.Job{Kernel: k, Scalars: bound.Scalars, Chars: bound.Chars, Arrays: bound.Arrays, Repeat: rf.repeat, Steps: rf.steps, Swap: req.swaps, Every: rf.every}
	if err := runner.CheckSwaps(k, req.swaps); err != nil {
		return nil, nil, nil, runErr(err)
	}
	if rf.every > 0 {
		if len(bound.Outputs) == 0 {
			return nil, nil, nil, usageErr("--every %d writes snapshots of the --out arrays: give --out NAME=FILE.npy", rf.every)
		}
		job.Snapshot = runner.Snapshotter(bound.Outputs, rf.steps)
	}
	if rf.steps > 0 {
		bar = newProgress(stderr, rf.steps)
		if bar.tty { // the runner then watches the steps' events
			job.Progress = bar.step
		}
	}
	// Interface and shapes, before touching OpenCL.
	if err := runner.Check(job); err != nil {
		return nil, nil, nil, runErr(err)
	}
	return job, bound, bar, nil
}

// finishRun reports what a finished run r did: its build details under
// --verbose, its pictures and --out files, and its results.
func finishRun(c *cobra.Command, res *driver.Result, k *abi.Kernel, device string, r *runner.Result, rf *runFlags, req *runRequest, bound *runner.Bound, sig *interrupts, slabs *slabRun) error {
	stderr := c.ErrOrStderr()
	if rf.verbose {
		cached := ""
		if r.Cached {
			cached = " (program from cache)"
		}
		fmt.Fprintf(stderr, "forocl: grid %s, %s strategy, global %s, work-group %s%s\n", dims(r.Shape), res.Plan.Strategy, dims(r.Global), dims(r.Local), cached)
		if log := strings.TrimSpace(r.BuildLog); log != "" {
			fmt.Fprintf(stderr, "forocl: build log:\n%s\n", log)
		}
	}
	irk, _ := res.Kernel(k.Name) // for the pictures' index names
	pj := &pictureJob{k: k, irk: irk, r: r, bound: bound, steps: rf.steps, scale: req.scale}
	pictures, err := drawPictures(pj, req.pngs)
	if err != nil {
		return err
	}
	// Results are spelled before any output is committed, so that a
	// failure there cannot leave a run half done.
	results := formatResults(k, r)
	if err := writeOutputs(bound.Outputs, r, sig, pictures...); err != nil {
		return err
	}
	if rf.verbose {
		for _, o := range bound.Outputs {
			fmt.Fprintf(stderr, "forocl: wrote %s (%s)\n", o.Path, o.Dummy)
		}
		for _, n := range pj.notes {
			fmt.Fprintf(stderr, "forocl: drew %s\n", n)
		}
	}
	if streamsToStdout(req.parsed.Outs, req.pngs) {
		c.SetOut(stderr) // standard output holds an array
	}
	chars, _ := stepChars(k, bound.Chars, rf.steps) // checked before the run
	for _, p := range k.CharOutputs() {
		if v, ok := chars[p.Name]; ok {
			results[p.Name] = strconv.Quote(v) // a JSON string too
		}
	}
	return report(c, k, device, r, rf, results, len(bound.Outputs) > 0, slabs)
}

// formatResults spells each scalar result of k that r returned, by name,
// as runner.FormatScalar does.
func formatResults(k *abi.Kernel, r *runner.Result) map[string]string {
	out := map[string]string{}
	for _, p := range k.Results() {
		s := runner.FormatScalar(r.Outputs[strings.ToLower(p.Name)], p.Kind)
		if s == "?" {
			panic(fmt.Sprintf("internal error: the runner returned no %v value for result %s", p.Kind, p.Name))
		}
		out[p.Name] = s
	}
	return out
}

// report prints what a run found: the scalar results (spelled by
// formatResults), one "name = value" line each, and with --repeat the minimum, median and maximum kernel time;
// with --json the same as one JSON object. slabs, when not nil, is the
// split run's report (slabs.go).
func report(c *cobra.Command, k *abi.Kernel, device string, r *runner.Result, rf *runFlags, results map[string]string, saved bool, slabs *slabRun) error {
	out := c.OutOrStdout()
	t := newTiming(r, rf.repeat)
	if rf.json {
		doc := runReport{Kernel: k.Name, Device: device, Results: map[string]json.RawMessage{}, Timing: t, Tuned: rf.tuned}
		if rf.steps > 0 {
			doc.Steps = &stepTiming{Steps: rf.steps, Seconds: r.Elapsed.Seconds(), MSPerStep: r.Elapsed.Seconds() * 1e3 / float64(rf.steps)}
			if slabs != nil {
				ex, hidden := slabs.perStep(rf.steps)
				overlapped := slabs.res.Overlapped
				doc.Steps.ExchangeMS, doc.Steps.HiddenMS, doc.Steps.Slabs, doc.Steps.Overlapped = &ex, &hidden, slabs.where, &overlapped
			}
		}
		for _, p := range k.Results() {
			doc.Results[p.Name] = jsonScalar(results[p.Name])
		}
		for _, p := range k.CharOutputs() {
			if v, ok := results[p.Name]; ok {
				doc.Results[p.Name] = json.RawMessage(v)
			}
		}
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	for _, p := range k.Results() {
		fmt.Fprintf(out, "%s = %s\n", p.Name, results[p.Name])
	}
	for _, p := range k.CharOutputs() {
		if v, ok := results[p.Name]; ok {
			fmt.Fprintf(out, "%s = %s\n", p.Name, v)
		}
	}
	if arrays := outputArrays(k); !saved && rf.repeat == 0 && len(rf.pngs) == 0 && len(arrays) > 0 {
		fmt.Fprintf(c.ErrOrStderr(), "forocl: note: no --out given; %s computed but not saved\n", nameList(arrays))
	}
	if slabs != nil {
		printSlabs(out, k.Name, slabs, rf.steps)
	} else if rf.steps > 0 {
		fmt.Fprintf(out, "%s on %s: %d steps in %.3f s, %.4f ms per step (launches queued back to back, wall clock)\n",
			k.Name, device, rf.steps, r.Elapsed.Seconds(), r.Elapsed.Seconds()*1e3/float64(rf.steps))
	}
	if t != nil {
		lo, mid, hi := launchTimes(t)
		fmt.Fprintf(out, "%s on %s: %d launches, min %s, median %s, max %s; %.1f GB/s effective at the median (arrays read/written once)\n",
			k.Name, device, t.Launches, lo, mid, hi, t.GBPerS)
	}
	return nil
}

// jsonScalar turns a scalar spelled by runner.FormatScalar into JSON:
// numbers stay numbers, logicals become true and false, and what JSON
// cannot hold as a number (NaN, infinities) becomes a string.
func jsonScalar(s string) json.RawMessage {
	if strings.HasPrefix(s, "[") { // maxloc's positions: a list of integers
		return json.RawMessage(s)
	}
	switch s {
	case ".true.":
		return json.RawMessage("true")
	case ".false.":
		return json.RawMessage("false")
	}
	if _, err := strconv.ParseFloat(s, 64); err != nil || strings.ContainsAny(s, "NIni") {
		b, _ := json.Marshal(s)
		return b
	}
	return json.RawMessage(s)
}

// runReport is forocl run --json's output.
type runReport struct {
	Kernel  string                     `json:"kernel"`
	Device  string                     `json:"device"`
	Results map[string]json.RawMessage `json:"results"`
	Timing  *timing                    `json:"timing,omitempty"`
	Steps   *stepTiming                `json:"steps,omitempty"`
	// Tuned is the schedule the tuning chose: "default" or another
	// candidate's name (Note [tuning cache]); absent when it did not tune.
	Tuned string `json:"tuned,omitempty"`
}

// stepTiming is the wall-clock time of a --steps run.
type stepTiming struct {
	Steps     int     `json:"steps"`
	Seconds   float64 `json:"seconds"`
	MSPerStep float64 `json:"ms_per_step"`
	// Split runs (slabs.go): the halo exchange per step, the part of it
	// hidden behind the interior, and whether it overlapped the interior
	// (else it ran after each step).
	ExchangeMS *float64 `json:"exchange_ms_per_step,omitempty"`
	HiddenMS   *float64 `json:"hidden_ms_per_step,omitempty"`
	Slabs      string   `json:"slabs,omitempty"`
	Overlapped *bool    `json:"overlapped,omitempty"`
}

// timing is the summary of --repeat's timed launches (device time from
// the profiling counters, in milliseconds).
type timing struct {
	Launches int     `json:"launches"`
	MinMS    float64 `json:"min_ms"`
	MedianMS float64 `json:"median_ms"`
	MaxMS    float64 `json:"max_ms"`
	GBPerS   float64 `json:"gb_per_s"` // bytes read and written once, at the median
}

// launchTimes spells t's minimum, median and maximum in one unit, chosen
// by the median: microseconds with two decimals below a millisecond (a
// small kernel's 0.012 ms hides its differences), else milliseconds with
// three. The JSON keeps the full precision.
func launchTimes(t *timing) (lo, mid, hi string) {
	unit, scale, prec := "ms", 1.0, 3
	if t.MedianMS < 1 {
		unit, scale, prec = "µs", 1e3, 2
	}
	f := func(ms float64) string { return strconv.FormatFloat(ms*scale, 'f', prec, 64) + " " + unit }
	return f(t.MinMS), f(t.MedianMS), f(t.MaxMS)
}

// newTiming summarises r's timed launches; nil when none were timed.
func newTiming(r *runner.Result, repeat int) *timing {
	if repeat == 0 || len(r.Times) == 0 {
		return nil
	}
	lo, hi := r.Times[0], r.Times[0]
	for _, d := range r.Times {
		lo, hi = min(lo, d), max(hi, d)
	}
	ms := func(d time.Duration) float64 { return d.Seconds() * 1e3 }
	t := &timing{Launches: len(r.Times), MinMS: ms(lo), MedianMS: ms(r.Median), MaxMS: ms(hi)}
	if r.Median > 0 {
		t.GBPerS = float64(r.Bytes) / r.Median.Seconds() / 1e9
	}
	return t
}

// outputArrays lists the arrays k writes.
func outputArrays(k *abi.Kernel) []string {
	var out []string
	for _, p := range k.Outputs() {
		if p.Array {
			out = append(out, p.Name)
		}
	}
	return out
}

func dims(s []int) string {
	p := make([]string, len(s))
	for i, n := range s {
		p[i] = strconv.Itoa(n)
	}
	return strings.Join(p, "x")
}

// interrupts turns SIGINT and SIGTERM into a closed cancel channel, which
// the runner checks between its steps. A run stuck in a driver call (a
// long OpenCL build) cannot see it, so the process exits with code 130
// at a second signal, or interruptGrace after the first, removing staged
// files; a commit of outputs in progress finishes first, so every output
// holds either its old or its new contents.
type interrupts struct {
	ch     chan os.Signal
	cancel chan struct{}
	done   chan struct{}
	stderr io.Writer

	mu     sync.Mutex
	hit    bool
	staged map[string]bool // temporary files to remove on a hard exit

	commitMu  sync.Mutex // held while outputs are renamed into place
	committed bool
}

// notifySignals registers c for the signals that stop a run; tests
// replace it.
var notifySignals = func(c chan<- os.Signal) { signal.Notify(c, os.Interrupt, syscall.SIGTERM) }

// interruptGrace is how long a run may take to stop after the first
// signal before the process exits anyway.
var interruptGrace = time.Second

func newInterrupts(stderr io.Writer) *interrupts {
	s := &interrupts{ch: make(chan os.Signal, 2), cancel: make(chan struct{}), done: make(chan struct{}), stderr: stderr, staged: map[string]bool{}}
	notifySignals(s.ch)
	go s.watch()
	return s
}

func (s *interrupts) watch() {
	select {
	case <-s.ch:
	case <-s.done:
		return
	}
	s.mu.Lock()
	s.hit = true
	s.mu.Unlock()
	close(s.cancel)
	grace := time.NewTimer(interruptGrace)
	select {
	case <-s.ch:
	case <-grace.C:
	case <-s.done:
		return
	}
	s.commitMu.Lock() // never cut a commit short
	s.mu.Lock()
	for f := range s.staged {
		os.Remove(f)
	}
	if s.committed {
		fmt.Fprintln(s.stderr, "forocl: interrupted after the outputs were written")
	} else {
		fmt.Fprintln(s.stderr, "forocl: "+errInterrupted.msg)
	}
	os.Exit(130)
}

// commit is fsutil.Options.Commit: outputs are renamed into place only if
// no interrupt came, and a hard exit waits until they are.
func (s *interrupts) commit() (release func(), ok bool) {
	s.commitMu.Lock()
	if s.interrupted() {
		s.commitMu.Unlock()
		return nil, false
	}
	s.committed = true
	return s.commitMu.Unlock, true
}

// interrupted reports an interrupt, also one the watcher has not taken
// from the channel yet (a run can end before it is scheduled): that one
// stays in the channel for the watcher.
func (s *interrupts) interrupted() bool {
	select {
	case sig := <-s.ch:
		select {
		case s.ch <- sig:
		default: // the buffer holds another: the watcher sees that
		}
		s.mu.Lock()
		s.hit = true
		s.mu.Unlock()
	default:
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hit
}

func (s *interrupts) stage(path string, on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if on {
		s.staged[path] = true
	} else {
		delete(s.staged, path)
	}
}

func (s *interrupts) stop() {
	signal.Stop(s.ch)
	close(s.done)
}

// writeOutputs writes every requested output, all or nothing, through
// fsutil.WriteFiles: staged beside their targets, renamed into place only
// when all are complete and no interrupt came; on any failure every path
// keeps what it held.
func writeOutputs(outputs []runner.Output, r *runner.Result, sig *interrupts, pictures ...fsutil.File) error {
	files := make([]fsutil.File, len(outputs), len(outputs)+len(pictures))
	for i, o := range outputs {
		a := r.Outputs[o.Name]
		if a == nil {
			panic("internal error: runner returned no output " + o.Name)
		}
		files[i] = fsutil.File{Path: o.Path, Perm: 0o644, Write: func(w io.Writer) error { return npy.Encode(w, a) }}
	}
	files = append(files, pictures...)
	report := func(m string) { fmt.Fprintf(sig.stderr, "forocl: warning: %s\n", m) }
	err := fsutil.WriteFiles(files, fsutil.Options{Track: sig.stage, Canceled: sig.interrupted, Commit: sig.commit, Report: report})
	if errors.Is(err, fsutil.ErrCanceled) {
		return errInterrupted
	}
	if err != nil {
		return runErr(err)
	}
	return nil
}

// frontKernel compiles the files and returns the kernel to run: *name
// (which needs no directive), or, when *name is "", the files' one marked
// kernel, whose name it stores there. cmd names the command in messages.
func frontKernel(c *cobra.Command, args []string, ff *frontFlags, name *string, cmd string) (*driver.Result, *ir.Kernel, *abi.Kernel, error) {
	if *name != "" {
		ff.kernels = []string{*name} // the kernel to run needs no directive
	}
	res, err := ff.compile(c, args, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	if *name == "" {
		// Without --kernel: the files' one marked kernel.
		var names []string
		for _, k := range res.Program.Kernels {
			names = append(names, k.Name)
		}
		if len(names) != 1 {
			return nil, nil, nil, usageErr("%s needs the kernel to run: --kernel NAME (the files mark %d: %s)", cmd, len(names), nameList(names))
		}
		*name = names[0]
	}
	irk, err := res.Kernel(*name)
	if err != nil {
		return nil, nil, nil, runErr(err)
	}
	return res, irk, codegen.Interface(irk), nil
}

// deviceUnit picks the device (--device's rules), schedules res for it
// (tuned for the device unless flags say otherwise) and generates the
// OpenCL of irk.
func deviceUnit(c *cobra.Command, ff *frontFlags, gf *genFlags, res *driver.Result, irk *ir.Kernel, device string) (clhost.Device, *abi.Unit, error) {
	dev, err := clhost.Select(device)
	if err != nil {
		return dev, nil, runErr(err)
	}
	opts, err := gf.options(dev.Type)
	if err != nil {
		return dev, nil, err
	}
	if err := ff.schedule(c, res, opts); err != nil {
		return dev, nil, err
	}
	return dev, res.Generate([]*ir.Kernel{irk}, filepath.Base(irk.File), opts.code), nil
}

// runOnDevice runs job on one device, reporting the program cache's
// problems as warnings.
func runOnDevice(c *cobra.Command, dev clhost.Device, job runner.Job, verbose bool) (*runner.Result, error) {
	stderr := c.ErrOrStderr()
	ctx, err := clhost.NewContext(dev)
	if err != nil {
		return nil, runErr(err)
	}
	defer ctx.Close()
	for _, w := range clhost.CacheWarnings() {
		fmt.Fprintf(stderr, "forocl: warning: %s\n", w)
	}
	if verbose {
		fmt.Fprintf(stderr, "forocl: running %s on %s (%s, %s)\n", job.Kernel.Name, dev.Name, dev.Index, dev.Platform)
	}
	r, err := runJob(ctx, job)
	for _, w := range clhost.CacheProblems() {
		fmt.Fprintf(stderr, "forocl: warning: %s\n", w)
	}
	return r, err
}
