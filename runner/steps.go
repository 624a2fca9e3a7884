package runner

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/npy"
)

// Stepping: a kernel run many times with its data kept on the device, for
// simulations (forocl run --steps N --swap u=unew). After each step but
// the last, each swapped pair exchanges buffers, so the output of a step
// is the input of the next; an output that was not given starts as a copy
// of its input, so that the cells the kernel does not write (an output's
// halo) keep the input's values, as in a double-buffered serial loop.
// Launches are queued back to back without waiting; the device is waited
// for only at snapshots and at the end.

// Swap is one --swap pair: the input and the output parameter (lower-case
// names) whose buffers change places between steps.
type Swap struct{ In, Out string }

// CheckSwaps checks pairs against k: the input must be an intent(in)
// array, the output an array the kernel writes, of the same kind.
func CheckSwaps(k *abi.Kernel, pairs []Swap) error {
	seen := map[string]bool{}
	for _, s := range pairs {
		in, out := k.Param(s.In), k.Param(s.Out)
		switch {
		case in == nil || !in.Array:
			return fmt.Errorf("--swap %s=%s: kernel %q has no array dummy %q; its arrays: %s", s.In, s.Out, k.Name, s.In, strings.Join(abi.Names(k.Arrays()), ", "))
		case out == nil || !out.Array:
			return fmt.Errorf("--swap %s=%s: kernel %q has no array dummy %q; its arrays: %s", s.In, s.Out, k.Name, s.Out, strings.Join(abi.Names(k.Arrays()), ", "))
		case in.Intent != abi.In:
			return fmt.Errorf("--swap %s=%s: %q is not intent(in); name the input first, then the output it is replaced by", s.In, s.Out, in.Name)
		case !out.Output():
			return fmt.Errorf("--swap %s=%s: %q is intent(in); name the input first, then the output it is replaced by", s.In, s.Out, out.Name)
		case in.Kind != out.Kind:
			return fmt.Errorf("--swap %s=%s: %q is %v but %q is %v", s.In, s.Out, in.Name, in.Kind, out.Name, out.Kind)
		case seen[s.In] || seen[s.Out]:
			return fmt.Errorf("--swap %s=%s: each array can be swapped once", s.In, s.Out)
		}
		seen[s.In], seen[s.Out] = true, true
	}
	return nil
}

// checkSwapShapes checks that the two arrays of every --swap pair have one
// shape (shapes by lower-case name, as plan works them out): exchanging
// buffers of different shapes would give the next step an input of the
// wrong shape, its values shifted. Lower bounds may differ, as in
// Fortran's u = ou.
func checkSwapShapes(j *Job, shapes map[string][]int) error {
	for _, s := range j.Swap {
		in, out := j.Kernel.Param(s.In), j.Kernel.Param(s.Out)
		a, b := shapes[s.In], shapes[s.Out]
		if in == nil || out == nil || a == nil || b == nil {
			continue // CheckSwaps reports these
		}
		if in.Kind != out.Kind {
			return fmt.Errorf("--swap %s=%s: %q is %v but %q is %v", s.In, s.Out, in.Name, in.Kind, out.Name, out.Kind)
		}
		if !sameShape(a, b) {
			return fmt.Errorf("--swap %s=%s: %q has shape %s but %q has shape %s (kernel %q declares %s and %s); only arrays of one shape can be swapped: declare both with the same extents",
				s.In, s.Out, in.Name, abi.ShapeString(a), out.Name, abi.ShapeString(b), j.Kernel.Name, declared(in), declared(out))
		}
	}
	return nil
}

func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if max(a[i], 0) != max(b[i], 0) {
			return false
		}
	}
	return true
}

// declared spells p's declared extents: u(n + 2, m).
func declared(p *abi.Param) string {
	ext := make([]string, len(p.Shape))
	for i, e := range p.Shape {
		ext[i] = e.String()
	}
	return p.Name + "(" + strings.Join(ext, ", ") + ")"
}

// runSteps runs the launches j.Steps times (see the top of this file).
func (r *run) steps(j *Job, res *Result) error {
	start := time.Now()
	var watch *stepWatch // Note [progress from events]
	if j.Progress != nil {
		watch = newStepWatch(j.Progress, j.Steps)
		defer watch.discard()
		j.Progress(0)
	}
	for step := 1; step <= j.Steps; step++ {
		var last *clhost.Event // the step's last launch, when watched
		err := r.k.Run(r.init, abi.Host{Read: r.readWord, Elem: r.readElem, Write: j.write, Launch: func(li int, vals map[string]int) error {
			if r.canceled() {
				return ErrCanceled
			}
			if r.takeResults(li, vals) {
				return nil
			}
			l, err := r.sized(li, vals) // before the arguments: it may grow a scratch buffer
			if err != nil {
				return err
			}
			args, err := launchArgs(r.k, l.l, j.Scalars, vals, r.groups, r.bufs)
			if err != nil {
				return err
			}
			ev, err := r.ctx.LaunchWith(r.kerns[li], l.global, l.local, args...)
			if err != nil {
				return err
			}
			if watch != nil && watch.keeps(step, j.Steps) {
				last.Close() // nil-safe
				last = ev
				return nil
			}
			return ev.Close()
		}})
		if err != nil {
			last.Close()
			return err
		}
		if j.Every > 0 && step%j.Every == 0 && j.Snapshot != nil {
			out, err := r.readOutputs()
			if err != nil {
				return err
			}
			if err := j.Snapshot(step, out); err != nil {
				return err
			}
		}
		if watch != nil && watch.keeps(step, j.Steps) {
			if last != nil {
				watch.queued(step, last)
			} else {
				watch.queued(step, nil) // no launch: done with the step before
			}
		}
		if step < j.Steps {
			for _, s := range j.Swap {
				r.bufs[s.In], r.bufs[s.Out] = r.bufs[s.Out], r.bufs[s.In]
			}
		}
	}
	if watch != nil {
		if err := watch.drain(r.canceled); err != nil {
			return err
		}
	}
	if err := r.ctx.Finish(); err != nil {
		return err
	}
	res.Elapsed = time.Since(start)
	return nil
}

// readOutputs reads back every output: arrays, and scalar results as 0-d
// arrays.
func (r *run) readOutputs() (map[string]*npy.Array, error) {
	res := map[string]*npy.Array{}
	for _, p := range r.k.Outputs() {
		name := strings.ToLower(p.Name)
		var out *npy.Array
		if w, ok := r.results[name]; ok && p.Result() && p.ResultElements() == 1 {
			res[name] = wordArray(p.Kind, p.ResultShape(), w)
			continue
		}
		if p.Result() {
			out = Zeros(KindDType(p.Kind), p.ResultShape()) // 0-d for a scalar
		} else {
			out = Zeros(r.arrays[name].DType, r.arrays[name].Shape)
		}
		if err := read(r.ctx, r.bufs[name], out); err != nil {
			return nil, err
		}
		res[name] = out
	}
	return res, nil
}

// wordArray is an array of shape holding the host word w (Note [host
// values] in package abi) as kind k, as a results launch writes it.
func wordArray(k abi.Kind, shape []int, w int) *npy.Array {
	out := Zeros(KindDType(k), shape)
	switch {
	case out.F32 != nil:
		out.F32[0] = float32(abi.WordReal(w))
	case out.F64 != nil:
		out.F64[0] = abi.WordReal(w)
	case out.I64 != nil:
		out.I64[0] = int64(w)
	default:
		out.I32[0] = int32(w)
	}
	return out
}

// swapStarts makes each swapped output that was not given start as a copy
// of its input.
func swapStarts(j *Job, arrays map[string]*npy.Array) {
	for _, s := range j.Swap {
		if _, given := j.Arrays[s.Out]; !given {
			in := arrays[s.In]
			c := Zeros(in.DType, in.Shape)
			copy(c.F32, in.F32)
			copy(c.F64, in.F64)
			copy(c.I32, in.I32)
			arrays[s.Out] = c
		}
	}
}

// run is the state of one Run that the stepping loop shares, and of each
// candidate of a Shared.
type run struct {
	ctx      *clhost.Context
	k        *abi.Kernel
	launches []launch
	kerns    []*clhost.Kernel
	bufs     map[string]*clhost.Buffer
	sizes    map[string]int
	init     map[string]int // the host program's start: sizes and scalars (abi.Kernel.HostInit)
	groups   map[string]int
	arrays   map[string]*npy.Array
	canceled func() bool
	prog     *clhost.Program // set by load (unload releases it) or newSlabRun (which does)
	// results holds the words of the scalar results, by lower-case name,
	// as the host program had them at its results launch (takeResults).
	results map[string]int
}

// takeResults reports whether launch li is the results launch, and if so
// records the results' values from the host values vals (Note [results
// from the host] in package abi).
func (r *run) takeResults(li int, vals map[string]int) bool {
	l := r.launches[li].l
	if l.Strategy != abi.ResultsStrategy {
		return false
	}
	if r.results == nil {
		r.results = map[string]int{}
	}
	for _, a := range l.Args {
		if a.Kind == abi.HostArg {
			r.results[strings.ToLower(a.Name)] = vals[a.Name]
		}
	}
	return true
}

// launch is one launch of the kernel with its NDRange.
type launch struct {
	l             *abi.Launch
	global, local []int
}

// ParseSwaps parses --swap IN=OUT flags; a malformed one is a
// *UsageError.
func ParseSwaps(vals []string) ([]Swap, error) {
	var out []Swap
	for _, v := range vals {
		in, o, ok := strings.Cut(v, "=")
		in, o = strings.TrimSpace(in), strings.TrimSpace(o)
		if !ok || in == "" || o == "" {
			return nil, usagef("--swap %s: want IN=OUT, the input array and the output that replaces it after each step", v)
		}
		out = append(out, Swap{In: strings.ToLower(in), Out: strings.ToLower(o)})
	}
	return out, nil
}

// SnapshotPath is where output path's snapshot after step goes: beside it,
// with the step number: T.npy -> T_000100.npy.
func SnapshotPath(path string, step, steps int) string {
	ext := filepath.Ext(path)
	width := len(fmt.Sprint(steps))
	return fmt.Sprintf("%s_%0*d%s", strings.TrimSuffix(path, ext), width, step, ext)
}

// Snapshotter returns a Job.Snapshot that writes the given outputs after a
// step beside their files (see SnapshotPath), all or nothing.
func Snapshotter(outputs []Output, steps int) func(int, map[string]*npy.Array) error {
	return func(step int, got map[string]*npy.Array) error {
		var files []fsutil.File
		for _, o := range outputs {
			a := got[o.Name]
			files = append(files, fsutil.File{Path: SnapshotPath(o.Path, step, steps), Perm: 0o644, Write: func(w io.Writer) error { return npy.Encode(w, a) }})
		}
		return fsutil.WriteFiles(files, fsutil.Options{})
	}
}

// readElem reads element off of array parameter array, of kind k, from
// its device buffer, for the host program (abi.Host.Elem, Note [host
// elements] in package abi).
func (r *run) readElem(array string, k abi.Kind, off int) (int, error) {
	b := make([]byte, k.Bytes())
	if err := r.ctx.ReadBytesAt(r.bufs[strings.ToLower(array)], int64(off*len(b)), b); err != nil {
		return 0, err
	}
	return abi.WordOf(k, b), nil
}

// readWord reads the one element of scratch buffer name, of kind k, for
// the host program (abi.Host.Read).
func (r *run) readWord(name string, k abi.Kind) (int, error) {
	x := abi.Element(k)
	if err := r.ctx.ReadContext(context.Background(), r.bufs[scratchKey+name], x); err != nil {
		return 0, err
	}
	return abi.ElementWord(x), nil
}
