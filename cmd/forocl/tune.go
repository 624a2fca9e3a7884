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
// those whose OpenCL is the same as an earlier one's, times each on the
// run's own inputs and sizes (tuneRepeat launches after a warm-up), keeps
// the fastest (the default unless another is tuneMargin faster) and
// records the choice in the tuning cache, a folder "tune" in the program
// cache (clhost.CacheDir), one JSON file per key. The key is what
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

// tuneRepeat is the launches timed per candidate, after one warm-up.
const tuneRepeat = 10

// tuneMargin is how much faster than the default (a fraction of its
// time) a candidate must be to be chosen: less is within the noise of a
// median of tuneRepeat launches.
const tuneMargin = 0.01

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

// tunePick chooses among the candidates' median times (ms, in candidate
// order; a negative time: the candidate failed); tests replace it.
var tunePick = pickFastest

// pickFastest returns the fastest candidate, the default (0) unless
// another is tuneMargin faster.
func pickFastest(ms []float64) int {
	best := 0
	for i, t := range ms {
		switch {
		case t < 0:
		case ms[best] < 0:
			best = i
		case t < ms[best] && (best != 0 || t < ms[0]*(1-tuneMargin)):
			best = i
		}
	}
	return best
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
	ms := make([]float64, len(cands))
	e := tuneEntry{Key: key, MS: map[string]float64{}}
	for i, c := range cands {
		j := *job
		j.Unit, j.Kernel = c.unit, c.unit.Kernels[0]
		j.Repeat, j.Steps, j.Swap, j.Every, j.Snapshot, j.Progress = tuneRepeat, 0, nil, 0, nil, nil
		j.Stdout, j.Stderr = io.Discard, io.Discard
		r, err := runJob(ctx, j)
		if errors.Is(err, runner.ErrCanceled) {
			return nil, err
		}
		ms[i] = -1
		if err == nil {
			ms[i] = float64(r.Median) / float64(time.Millisecond)
			e.MS[c.name] = ms[i]
		}
	}
	best := tunePick(ms)
	if ms[best] < 0 {
		return cands[0], nil // every candidate failed: the run reports why
	}
	e.Choice = cands[best].name
	if verbose {
		fmt.Fprintf(stderr, "forocl: tuned %s on %s: %s (median ms: %s)\n", job.Kernel.Name, dev.Name, e.Choice, tuneTimes(cands, ms))
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

// tuneTimes spells the candidates' times for --verbose.
func tuneTimes(cands []*tuneCandidate, ms []float64) string {
	parts := make([]string, len(cands))
	for i, c := range cands {
		t := "failed"
		if ms[i] >= 0 {
			t = strconv.FormatFloat(ms[i], 'f', 4, 64)
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
