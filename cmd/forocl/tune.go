package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// Note [tuning cache]
//
// The schedule's rules (Note [loop schedules] in package regions) choose
// a work-group, a block of points per work-item and the alignment of a
// nest's work-items from its accesses; where they cannot decide, forocl
// run measures. On its first run of a kernel on a device it generates the
// candidates (regions.TuneCandidates: the default, alignment turned over,
// one point per work-item and four, in the default's work-group widths), drops
// those whose OpenCL is the same as an earlier one's, times them on the
// run's own inputs and sizes, keeps the default unless another is
// faster by the rule below, and records the choice in the tuning cache,
// a folder "tune" in the program cache (clhost.CacheDir), one JSON file
// per key. The key is what
// decides the choice: the device (platform, name, driver version),
// forocl's version, the kernel's name and the SHA-256 of the default's
// OpenCL (which follows from the kernel's source and the code
// generation flags), and the sizes (every array's shape, every scalar's
// value and --grid). Later runs with that key read the choice and time
// nothing. An entry holds its key's fields and is used only when they
// equal the key asked for and its choice names a candidate: it can only
// pick among candidates, so a changed or foreign file costs a choice, not
// a wrong answer, and needs no authentication (the program cache's binaries
// do: Note [program cache] in package clhost).
//
// The timing is in rounds: each round launches every candidate once (its
// host program once: its launches in order, timed by their profiling
// events), in an order turned by one each round (tuneOrder), so that
// drift of the device over the tuning (its clocks, its temperature)
// weighs on every candidate alike and no candidate is always timed first.
// Timing each candidate in one block, as forocl first did, let drift
// between blocks pass for a gain: on an H100 ten launches of each chose
// no-align for CloverLeaf's ideal_gas, which then ran 1.5% slower.
//
// Before the rounds the job is set up once (runner.Share, Note [shared
// setup] in package runner: its arrays allocated and uploaded once), each
// candidate's program is built once on those buffers and launched once as
// a warm-up; a candidate that fails to build or launch is dropped. A
// round then costs its launches alone. Each round once ran every
// candidate as a whole run of the runner (program, uploads, a warm-up
// launch, read-back): on PoCL at 3000² a round of four candidates took
// about 1 s, nearly all of it setup, and five of the six CloverLeaf-style
// kernels of scripts/bench/issue25.f90 were cut short of ten rounds and
// kept the default. Set up once, those five tune in 1 to 3 s, setup
// included; viscosity, whose launches take 0.2 s there, in 10 s.
//
// How many rounds (tuneMore): at least tuneMinRounds (10, as many as the
// launches per candidate before; with fewer, two thirds of the rounds is a
// handful of wins), then more while rounds 1 on have taken less than
// tuneBudget (0.5 s), up to tuneMaxRounds (100): a short kernel gets many
// rounds, so that a 1% margin stands out of its noise, at a cost a first
// run hardly notices. Round 0 counts for none of these times. The
// minimum itself is bounded by tuneMaxTime (10 s, which keeps a tuned run
// within scripts/bench/issue25.sh's 20 s): before round 1 by round 0's
// launches taken tuneMinRounds times (a long kernel, over about 250 ms a
// launch with four candidates, keeps the rules' schedule after one round
// instead of a 2 s kernel costing minutes), and before each later round
// by the rounds still short of the minimum at the last round's wall-clock
// time. A tuning cut short of tuneMinRounds keeps the default and caches
// it like any choice, so it is not tried again. In all, tuning takes the
// setup, the warm-up launches, round 0 and at most about
// max(tuneMaxTime, tuneBudget + a round).
//
// The choice (pickTimes, a function of the times alone): a candidate
// other than the default is chosen only when its median over the rounds
// is at least tuneMargin (1%) under the default's AND it was faster than
// the default in at least two thirds of the rounds, paired by round (the
// same round's launches: drift cancels). Among such candidates the
// lowest median wins. The median alone can be moved by a round or two
// where the times fall on either side of a gap; the pairing cannot. With
// fewer than tuneMinRounds rounds the default stays. A candidate that
// fails is not timed again; if the default fails, the working candidate
// with the lowest median is taken (every candidate gives the same
// results).
//
// Only choices that cannot change results are tuned: every candidate
// computes each point with the same operations, so outputs are
// bit-identical whichever wins. A kernel that reduces (sum, dot products,
// maxloc, OpenMP and DO CONCURRENT reductions) is not tuned: its fold
// order follows the work-group and the block, and a choice made by timing
// could differ after the cache is cleared, so its result would no longer
// be a function of the device alone; it keeps the rules' schedule.
//
// The hosts (the Go package and the Fortran module of forocl build) embed
// OpenCL generated before any device is known, so tuning lives where the
// device is picked before the code is generated: forocl run. Explicit
// schedule flags (--strategy other than auto, --tile, --coarsen,
// --interleave, --align, --no-align), runs split into slabs,
// FOROCL_TUNE=0 and FOROCL_CACHE=off (no cache: it would time every run)
// turn it off.

// The tuning's rounds and margin (Note [tuning cache]).
const (
	tuneMinRounds = 10
	tuneMaxRounds = 100
	tuneBudget    = 500 * time.Millisecond
	tuneMaxTime   = 10 * time.Second
	// tuneMargin is how much faster than the default (a fraction of its
	// median) a candidate's median must be for it to be chosen.
	tuneMargin = 0.01
)

// maxTuneFile bounds what is read of a tuning cache entry.
const maxTuneFile = 1 << 16

// tuneCandidate is one schedule tried by the tuning.
type tuneCandidate struct {
	name string
	plan *regions.Plan
	unit *abi.Unit
}

// tuneEntry is a tuning cache file.
type tuneEntry struct {
	Key    []string           `json:"key"`
	Choice string             `json:"choice"`
	MS     map[string]float64 `json:"median_ms,omitempty"`
}

// tunePick chooses among the candidates' times (ms per round,
// times[c][r]; nil: the candidate failed); tests replace it.
var tunePick = pickTimes

// pickTimes is the tuning's choice from the candidates' times (ms per
// round, times[c][r], the default first; nil: the candidate failed): the
// default (0) unless another's median is tuneMargin under the default's
// and it was faster in two thirds of the rounds (Note [tuning cache]).
func pickTimes(times [][]float64) int {
	if len(times) == 0 {
		return 0
	}
	med := make([]float64, len(times))
	for c, ts := range times {
		med[c] = median(ts)
	}
	if times[0] == nil { // the default failed: the fastest that works
		best := 0
		for c := range times {
			if times[c] != nil && (times[best] == nil || med[c] < med[best]) {
				best = c
			}
		}
		return best
	}
	rounds := len(times[0])
	if rounds < tuneMinRounds {
		return 0
	}
	best := 0
	for c := 1; c < len(times); c++ {
		if len(times[c]) != rounds || med[c] > med[0]*(1-tuneMargin) || (best != 0 && med[c] >= med[best]) {
			continue
		}
		wins := 0
		for r, t := range times[c] {
			if t < times[0][r] {
				wins++
			}
		}
		if 3*wins >= 2*rounds {
			best = c
		}
	}
	return best
}

// median is the median of xs (the upper middle one for an even count, as
// runner.Result's); 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	return s[len(s)/2]
}

// tuneOrder is the order round r times n candidates in: turned by one
// each round, so that over n rounds each is timed at each place once.
func tuneOrder(r, n int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = (r + i) % n
	}
	return order
}

// tuneMore reports whether the tuning times round r, the rounds from 1
// to r-1 having taken elapsed and the last of them last, and round 0's
// timed launches launches (Note [tuning cache]).
func tuneMore(r int, elapsed, last, launches time.Duration) bool {
	switch {
	case r == 0:
		return true
	case r >= tuneMaxRounds:
		return false
	case r == 1: // a long kernel: its launches alone would take too long
		return launches*tuneMinRounds <= tuneMaxTime
	case r < tuneMinRounds:
		return elapsed+time.Duration(tuneMinRounds-r)*last <= tuneMaxTime
	}
	return elapsed < tuneBudget
}

// tuneOn reports whether a run with these flags tunes (Note [tuning
// cache]).
func tuneOn(gf *genFlags, rf *runFlags) bool {
	if strings.TrimSpace(os.Getenv("FOROCL_TUNE")) == "0" || clhost.CacheDir() == "" || rf.slabFlags.on() {
		return false
	}
	return gf.strategy == "auto" && gf.tile == "" && gf.coarsen == "" && !gf.interleave && !gf.align && !gf.noAlign
}

// tuneCandidates schedules and generates irk's candidates
// (regions.TuneCandidates) for the device, the default (res.Plan, unit)
// first, each with OpenCL of its own.
func tuneCandidates(res *driver.Result, irk *ir.Kernel, opts *genOpts, unit *abi.Unit) []*tuneCandidate {
	file := filepath.Base(irk.File)
	var out []*tuneCandidate
	for i, c := range regions.TuneCandidates(res.Plan, irk, opts.sched) {
		tc := &tuneCandidate{name: c.Name, plan: res.Plan, unit: unit}
		if i > 0 {
			plan, diags := regions.Schedule(res.Program, opts.target, c.Options)
			if diags.HasErrors() {
				continue
			}
			tc.plan, tc.unit = plan, codegen.OpenCL(res.Program, plan, []*ir.Kernel{irk}, file, opts.code)
		}
		if !slices.ContainsFunc(out, func(o *tuneCandidate) bool { return o.unit.Source == tc.unit.Source }) {
			out = append(out, tc)
		}
	}
	return out
}

// tuneKey is the tuning cache's key for a run of job (the default's unit)
// on dev (Note [tuning cache]).
func tuneKey(dev clhost.Device, job *runner.Job, grid string) []string {
	sum := sha256.Sum256([]byte(job.Unit.Source))
	key := []string{dev.Platform, dev.Name, dev.DriverVersion, driver.Version, job.Kernel.Name, hex.EncodeToString(sum[:]), "grid " + grid}
	var sizes []string
	for name, a := range job.Arrays {
		sizes = append(sizes, fmt.Sprintf("%s %v", name, a.Shape))
	}
	for name, v := range job.Scalars {
		sizes = append(sizes, name+"="+strconv.FormatFloat(v, 'g', -1, 64))
	}
	sort.Strings(sizes)
	return append(key, sizes...)
}

// tunePath is the cache file of key.
func tunePath(key []string) string {
	h := sha256.New()
	for _, f := range key {
		fmt.Fprintf(h, "%d:%s;", len(f), f)
	}
	return filepath.Join(clhost.CacheDir(), "tune", hex.EncodeToString(h.Sum(nil))+".json")
}

// cachedChoice returns the candidate the cache holds for key, or nil.
func cachedChoice(key []string, cands []*tuneCandidate) *tuneCandidate {
	data, err := fsutil.ReadRegular(tunePath(key), maxTuneFile)
	if err != nil {
		return nil
	}
	var e tuneEntry
	if json.Unmarshal(data, &e) != nil || !slices.Equal(e.Key, key) {
		return nil
	}
	for _, c := range cands {
		if c.name == e.Choice {
			return c
		}
	}
	return nil
}

// tuneRun returns the candidate job runs with on dev: the default when
// tuning is off or has a single candidate, else the cached choice, else
// the fastest of the candidates timed on job's inputs, which it caches
// (Note [tuning cache]). It reports under verbose what it did; a cache
// that cannot be written is a warning.
func tuneRun(stderr io.Writer, dev clhost.Device, job *runner.Job, cands []*tuneCandidate, grid string, verbose bool) (*tuneCandidate, error) {
	if len(cands) == 1 {
		return cands[0], nil
	}
	key := tuneKey(dev, job, grid)
	if c := cachedChoice(key, cands); c != nil {
		if verbose {
			fmt.Fprintf(stderr, "forocl: schedule of %s from the tuning cache: %s\n", job.Kernel.Name, c.name)
		}
		return c, nil
	}
	ctx, err := clhost.NewContext(dev)
	if err != nil {
		return nil, runErr(err)
	}
	defer ctx.Close()
	start := time.Now()
	times, err := tuneRounds(ctx, job, cands)
	if err != nil {
		return nil, err
	}
	best := tunePick(times)
	if times[best] == nil {
		return cands[0], nil // every candidate failed: the run reports why
	}
	e := tuneEntry{Key: key, Choice: cands[best].name, MS: map[string]float64{}}
	for i, c := range cands {
		if times[i] != nil {
			e.MS[c.name] = median(times[i])
		}
	}
	if verbose {
		rounds := len(times[best])
		fmt.Fprintf(stderr, "forocl: tuned %s on %s: %s (%d rounds in %.2f s", job.Kernel.Name, dev.Name, e.Choice, rounds, time.Since(start).Seconds())
		if rounds < tuneMinRounds {
			fmt.Fprintf(stderr, ", fewer than %d fit in %v: the default stands", tuneMinRounds, tuneMaxTime)
		}
		fmt.Fprintf(stderr, "; median ms: %s)\n", tuneTimes(cands, times))
	}
	data, _ := json.MarshalIndent(e, "", "  ")
	path := tunePath(key)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		fmt.Fprintf(stderr, "forocl: warning: the tuning cache %s cannot be created: %v; the choice is not kept\n", filepath.Dir(path), err)
	} else if err := fsutil.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		fmt.Fprintf(stderr, "forocl: warning: the tuning cache entry %s cannot be written: %v; the choice is not kept\n", path, err)
	}
	return cands[best], nil
}

// tuneBench is what the tuning times its candidates on: a
// runner.Shared (Note [shared setup] in package runner); tests wrap it.
type tuneBench interface {
	Add(u *abi.Unit, k *abi.Kernel) (int, error)
	Launch(c int) (time.Duration, error)
	Close()
}

// tuneShare sets job up once for the tuning's candidates; tests replace
// it.
var tuneShare = func(ctx *clhost.Context, job runner.Job) (tuneBench, error) {
	s, err := runner.Share(ctx, job)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// tuneRounds times cands on job's inputs in rounds (Note [tuning
// cache]) and returns their times, in ms per round (times[c][r]; nil: the
// candidate failed).
func tuneRounds(ctx *clhost.Context, job *runner.Job, cands []*tuneCandidate) ([][]float64, error) {
	j := *job
	j.Repeat, j.Steps, j.Swap, j.Every, j.Snapshot, j.Progress = 0, 0, nil, 0, nil, nil
	j.Stdout, j.Stderr = io.Discard, io.Discard
	times := make([][]float64, len(cands))
	b, err := tuneShare(ctx, j)
	if err != nil {
		return times, nil // nothing can be timed: the run reports why
	}
	defer b.Close()
	ids, err := tuneWarm(b, cands)
	if err != nil {
		return nil, err
	}
	var elapsed, last, launches time.Duration
	for r := 0; tuneMore(r, elapsed, last, launches); r++ {
		t0 := time.Now()
		for _, c := range tuneOrder(r, len(cands)) {
			if ids[c] < 0 {
				continue
			}
			d, err := b.Launch(ids[c])
			if errors.Is(err, runner.ErrCanceled) {
				return nil, err
			}
			if err != nil {
				ids[c], times[c] = -1, nil
				continue
			}
			times[c] = append(times[c], float64(d)/float64(time.Millisecond))
			if r == 0 {
				launches += d
			}
		}
		if !slices.ContainsFunc(ids, func(id int) bool { return id >= 0 }) {
			break
		}
		if last = time.Since(t0); r > 0 {
			elapsed += last
		}
	}
	return times, nil
}

// tuneWarm adds cands to b, each program built once, and launches each
// once as a warm-up; it returns each candidate's number in b, -1 for one
// that failed to build or launch.
func tuneWarm(b tuneBench, cands []*tuneCandidate) ([]int, error) {
	ids := make([]int, len(cands))
	for c, cand := range cands {
		id, err := b.Add(cand.unit, cand.unit.Kernels[0])
		if err == nil {
			_, err = b.Launch(id)
		}
		if errors.Is(err, runner.ErrCanceled) {
			return nil, err
		}
		if err != nil {
			id = -1
		}
		ids[c] = id
	}
	return ids, nil
}

// tuneTimes spells the candidates' median times for --verbose.
func tuneTimes(cands []*tuneCandidate, times [][]float64) string {
	parts := make([]string, len(cands))
	for i, c := range cands {
		t := "failed"
		if times[i] != nil {
			t = strconv.FormatFloat(median(times[i]), 'f', 4, 64)
		}
		parts[i] = c.name + " " + t
	}
	return strings.Join(parts, ", ")
}

// tuneJob gives job (and res.Plan) the schedule the tuning chooses for
// irk on dev (Note [tuning cache]).
func tuneJob(c *cobra.Command, dev clhost.Device, gf *genFlags, res *driver.Result, irk *ir.Kernel, job *runner.Job, rf *runFlags) error {
	opts, err := gf.options(dev.Type)
	if err != nil {
		return err
	}
	cands := tuneCandidates(res, irk, opts, job.Unit)
	best, err := tuneRun(c.ErrOrStderr(), dev, job, cands, rf.grid, rf.verbose)
	if err != nil {
		return err
	}
	res.Plan, job.Unit, job.Kernel = best.plan, best.unit, best.unit.Kernels[0]
	if len(cands) > 1 {
		rf.tuned = best.name
	}
	return nil
}
