package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/ir"
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
}

// binding is one NAME=VALUE flag, the name lower-cased.
type binding struct {
	flag  string // the flag as given, for messages: "--in H=H.npy"
	orig  string // the name as given
	name  string // lower-case
	value string
}

func newRunCmd() *cobra.Command {
	var ff frontFlags
	var gf genFlags
	var rf runFlags
	c := &cobra.Command{
		Use:   "run FILE.f90... --kernel NAME [--set x=1.0]... [--in A=A.npy]... [--out oA=oA.npy]...",
		Short: "Compile one kernel and run it on .npy arrays",
		Long: `run compiles the files, generates OpenCL for one kernel and runs it once on the
chosen device (--device, else FOROCL_DEVICE, else the first GPU).

Arrays are NumPy .npy files (float32, float64 or int32, C or Fortran order):
Fortran element A(i,j) is a[i-1,j-1] of the NumPy array whatever its memory
order. Every intent(in) array needs --in; an intent(out) array given with --in
starts from that content (cells the kernel does not write keep it), otherwise
from zeros. Outputs named with --out are written in Fortran order, and only
once the whole run has succeeded. Every scalar dummy needs --set.

With --repeat N, run launches the kernel once to warm up, then N times, and
prints the median kernel time and the effective bandwidth. With --grid 512x512,
input arrays not given with --in are filled with reproducible pseudo-random
values in [0.5, 1.5) of that shape, so any kernel can be timed without files:

    forocl run heat.f90 --kernel step --set c=0.1 --grid 4096x4096 --repeat 100`,
		Args: atLeast(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runKernel(c, args, &ff, &gf, &rf)
		},
	}
	ff.add(c)
	gf.add(c)
	f := c.Flags()
	f.StringVarP(&rf.kernel, "kernel", "k", "", "run the kernel `NAME` (case-insensitive)")
	f.StringVar(&rf.device, "device", "", "OpenCL device `SEL`: an index such as 1:0 or 1 (the row of forocl devices, from 0) or part of a name; default $FOROCL_DEVICE, else the first GPU")
	f.StringArrayVar(&rf.sets, "set", nil, "give scalar dummy NAME the value VALUE (`NAME=VALUE`, repeatable)")
	f.StringArrayVar(&rf.ins, "in", nil, "read array dummy NAME from the .npy file FILE (`NAME=FILE`, repeatable)")
	f.StringArrayVar(&rf.outs, "out", nil, "write intent(out) array NAME to the .npy file FILE (`NAME=FILE`, repeatable)")
	f.IntVar(&rf.repeat, "repeat", 0, "time `N` launches after one warm-up and print the median")
	f.StringVar(&rf.grid, "grid", "", "fill every input array not given with --in with reproducible pseudo-random values in [0.5, 1.5) on a grid of this `SHAPE` (e.g. 512x512), to time a kernel without input files; outputs start as zeros")
	f.BoolVarP(&rf.verbose, "verbose", "v", false, "print the device, launch shape and files written")
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

// parseGrid parses --grid: extents separated by "x", each at least 1.
func parseGrid(s string) ([]int, error) {
	parts := strings.Split(strings.ToLower(s), "x")
	if len(parts) > 3 {
		return nil, usageErr("--grid %s: at most 3 dimensions", s)
	}
	shape := make([]int, len(parts))
	total := int64(1)
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 {
			return nil, usageErr("--grid %s: %q is not an extent of at least 1", s, p)
		}
		shape[i] = n
		total *= int64(n)
		if total > 1<<34 {
			return nil, usageErr("--grid %s: too many elements", s)
		}
	}
	return shape, nil
}

// parseBindings parses repeated NAME=VALUE flags; a missing "=", an empty
// name or value, or a name given twice is a usage error.
func parseBindings(flag string, vals []string) ([]binding, error) {
	var out []binding
	seen := map[string]bool{}
	for _, v := range vals {
		name, value, ok := strings.Cut(v, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || value == "" {
			return nil, usageErr("--%s %s: want NAME=%s", flag, v, map[string]string{"set": "VALUE", "in": "FILE.npy", "out": "FILE.npy"}[flag])
		}
		lower := strings.ToLower(name)
		if seen[lower] {
			return nil, usageErr("--%s %s: %q is given twice", flag, v, name)
		}
		seen[lower] = true
		out = append(out, binding{flag: "--" + flag + " " + v, orig: name, name: lower, value: value})
	}
	return out, nil
}

// parseScalar reads a --set value: a number (Fortran exponents such as
// 1.5d-3 and kind suffixes such as 2.0_8 are accepted) or a logical.
func parseScalar(s string) (float64, bool) {
	t := strings.TrimSpace(s)
	switch strings.ToLower(t) {
	case "true", ".true.", "t":
		return 1, true
	case "false", ".false.", "f":
		return 0, true
	}
	if i := strings.IndexByte(t, '_'); i > 0 {
		t = t[:i]
	}
	t = strings.NewReplacer("d", "e", "D", "e").Replace(t)
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return 0, false
	}
	return v, true
}

// dummies splits a kernel's parameters into scalars and arrays.
func dummies(k *abi.Kernel) (scalars, arrays map[string]*abi.Param, scalarNames, arrayNames []string) {
	scalars, arrays = map[string]*abi.Param{}, map[string]*abi.Param{}
	for _, v := range k.Arrays() {
		arrays[strings.ToLower(v.Name)] = v
	}
	for _, v := range k.Scalars() {
		scalars[strings.ToLower(v.Name)] = v
	}
	return scalars, arrays, abi.Names(k.Scalars()), abi.Names(k.Arrays())
}

func nameList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// output is one --out file.
type output struct {
	name string // lower-case dummy name
	v    *abi.Param
	path string
}

func runKernel(c *cobra.Command, args []string, ff *frontFlags, gf *genFlags, rf *runFlags) error {
	stderr := c.ErrOrStderr()
	// Usage: everything that can be checked without reading a file.
	if rf.kernel == "" {
		return usageErr("run needs the kernel to run: --kernel NAME")
	}
	if rf.repeat < 0 {
		return usageErr("--repeat %d: want a count of 0 or more", rf.repeat)
	}
	if _, err := gf.options(""); err != nil {
		return err
	}
	sets, err := parseBindings("set", rf.sets)
	if err != nil {
		return err
	}
	values := map[string]float64{}
	for _, s := range sets {
		v, ok := parseScalar(s.value)
		if !ok {
			return usageErr("%s: %q is not a number", s.flag, s.value)
		}
		values[s.name] = v
	}
	ins, err := parseBindings("in", rf.ins)
	if err != nil {
		return err
	}
	outs, err := parseBindings("out", rf.outs)
	if err != nil {
		return err
	}
	if err := checkOutputPaths(outs); err != nil {
		return err
	}

	// Front end and the kernel's interface.
	res, err := ff.compile(c, args, nil)
	if err != nil {
		return err
	}
	irk, err := res.Kernel(rf.kernel)
	if err != nil {
		return runErr(err)
	}
	k := codegen.Interface(irk)
	scalarVars, arrayVars, scalarNames, arrayNames := dummies(k)
	for _, s := range sets {
		v := scalarVars[s.name]
		if v == nil {
			if a := arrayVars[s.name]; a != nil {
				return runErrf("%s: %q is an array dummy of kernel %q; give it with --in %s=FILE.npy", s.flag, a.Name, k.Name, a.Name)
			}
			if len(scalarNames) == 0 {
				return runErrf("%s: kernel %q has no scalar dummies", s.flag, k.Name)
			}
			return runErrf("%s: kernel %q has no scalar dummy %q; its scalars: %s", s.flag, k.Name, s.orig, nameList(scalarNames))
		}
		if v.Kind == abi.Int && values[s.name] != float64(int32(values[s.name])) {
			return runErrf("%s: scalar %q is an integer; give a whole number", s.flag, v.Name)
		}
	}
	arrayDummy := func(b binding) (*abi.Param, error) {
		v := arrayVars[b.name]
		if v == nil {
			if s := scalarVars[b.name]; s != nil {
				return nil, runErrf("%s: %q is a scalar dummy of kernel %q; give it with --set %s=VALUE", b.flag, s.Name, k.Name, s.Name)
			}
			return nil, runErrf("%s: kernel %q has no array dummy %q; its arrays: %s", b.flag, k.Name, b.orig, nameList(arrayNames))
		}
		return v, nil
	}
	var outputs []output
	for _, o := range outs {
		v, err := arrayDummy(o)
		if err != nil {
			return err
		}
		if !v.Output() {
			return runErrf("%s: array %q is intent(in); only outputs can be saved (outputs of %q: %s)", o.flag, v.Name, k.Name, nameList(abi.Names(k.Outputs())))
		}
		outputs = append(outputs, output{name: o.name, v: v, path: o.value})
	}
	if opts, _ := gf.options(""); len(opts.sched.Tile) > 0 {
		if len(opts.sched.Tile) != k.Rank {
			return runErrf("--tile %s is %d-D but kernel %q is %d-D", gf.tile, len(opts.sched.Tile), k.Name, k.Rank)
		}
	}

	// Inputs, converted to the declared kinds.
	arrays := map[string]*npy.Array{}
	for _, in := range ins {
		v, err := arrayDummy(in)
		if err != nil {
			return err
		}
		a, err := npy.Read(in.value)
		if err != nil {
			return runErr(err)
		}
		if want := runner.KindDType(v.Kind); a.DType != want {
			fmt.Fprintf(stderr, "forocl: note: %s is %v; converted to %v for %v dummy %q\n", in.value, a.DType, want, v.Kind, v.Name)
			a = runner.Convert(a, want)
		}
		arrays[in.name] = a
	}
	if rf.grid != "" {
		shape, err := parseGrid(rf.grid)
		if err != nil {
			return err
		}
		if !k.Elemental && len(shape) != k.Rank {
			return runErrf("--grid %s is %d-D but kernel %q takes %d-D arrays", rf.grid, len(shape), k.Name, k.Rank)
		}
		for i, v := range k.Params {
			name := strings.ToLower(v.Name)
			if v.Array && v.Intent == abi.In && arrays[name] == nil {
				arrays[name] = runner.Random(runner.KindDType(v.Kind), shape, int64(i+1))
			}
		}
	}

	job := runner.Job{Kernel: k, Scalars: values, Arrays: arrays, Repeat: rf.repeat}
	// Interface and shapes, before touching OpenCL.
	if _, _, err := runner.Prepare(&job); err != nil {
		return runErr(err)
	}

	// From here on an interrupt closes the context and writes nothing.
	sig := newInterrupts()
	defer sig.stop()
	job.Cancel = sig.cancel

	dev, err := clhost.Select(rf.device)
	if err != nil {
		return runErr(err)
	}
	// The kernel's OpenCL, tuned for the device unless flags say otherwise.
	opts, err := gf.options(dev.Type)
	if err != nil {
		return err
	}
	if err := ff.schedule(c, res, opts); err != nil {
		return err
	}
	unit := res.Generate([]*ir.Kernel{irk}, filepath.Base(irk.File), opts.code)
	job.Unit, job.Kernel = unit, unit.Kernels[0]
	ctx, err := clhost.NewContext(dev)
	if err != nil {
		return runErr(err)
	}
	defer ctx.Close()
	if rf.verbose {
		fmt.Fprintf(stderr, "forocl: running %s on %s (%s, %s)\n", k.Name, dev.Name, dev.Index, dev.Platform)
	}
	r, err := runner.Run(ctx, job)
	if errors.Is(err, runner.ErrCanceled) || sig.interrupted() {
		return errInterrupted
	}
	if err != nil {
		return runErr(err)
	}
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
	if err := writeOutputs(outputs, r, sig); err != nil {
		return err
	}
	if rf.verbose {
		for _, o := range outputs {
			fmt.Fprintf(stderr, "forocl: wrote %s (%s)\n", o.path, o.v.Name)
		}
	}
	if len(outputs) == 0 && rf.repeat == 0 {
		fmt.Fprintf(stderr, "forocl: note: no --out given; %s computed but not saved\n", nameList(abi.Names(k.Outputs())))
	}
	if rf.repeat > 0 {
		ms := r.Median.Seconds() * 1e3
		gbs := 0.0
		if r.Median > 0 {
			gbs = float64(r.Bytes) / r.Median.Seconds() / 1e9
		}
		fmt.Fprintf(c.OutOrStdout(), "%s on %s: median %.3f ms over %d launches, %.1f GB/s effective (arrays read/written once)\n",
			k.Name, dev.Name, ms, rf.repeat, gbs)
	}
	return nil
}

func dims(s []int) string {
	p := make([]string, len(s))
	for i, n := range s {
		p[i] = strconv.Itoa(n)
	}
	return strings.Join(p, "x")
}

// checkOutputPaths makes sure every --out file can be created before
// anything runs: its folder exists and it is not itself a folder, and no
// two outputs share a file.
func checkOutputPaths(outs []binding) error {
	seen := map[string]string{} // absolute path -> dummy
	for _, o := range outs {
		abs, err := filepath.Abs(o.value)
		if err != nil {
			abs = filepath.Clean(o.value)
		}
		if prev, ok := seen[abs]; ok {
			return usageErr("%s: %s is also the output of %q", o.flag, o.value, prev)
		}
		seen[abs] = o.orig
		dir := filepath.Dir(o.value)
		st, err := os.Stat(dir)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return runErrf("%s: folder %s does not exist", o.flag, dir)
			}
			return runErrf("%s: %v", o.flag, err)
		}
		if !st.IsDir() {
			return runErrf("%s: %s is not a folder", o.flag, dir)
		}
		if st, err := os.Stat(o.value); err == nil && st.IsDir() {
			return runErrf("%s: %s is a folder", o.flag, o.value)
		}
	}
	return nil
}

// interrupts turns SIGINT and SIGTERM into a closed cancel channel. A
// second signal exits at once (code 130) after removing staged files.
type interrupts struct {
	ch     chan os.Signal
	cancel chan struct{}
	done   chan struct{}

	mu     sync.Mutex
	hit    bool
	staged map[string]bool // temporary files to remove on a hard exit
}

// notifySignals registers c for the signals that stop a run; tests
// replace it.
var notifySignals = func(c chan<- os.Signal) { signal.Notify(c, os.Interrupt, syscall.SIGTERM) }

func newInterrupts() *interrupts {
	s := &interrupts{ch: make(chan os.Signal, 2), cancel: make(chan struct{}), done: make(chan struct{}), staged: map[string]bool{}}
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
	select {
	case <-s.ch:
	case <-s.done:
		return
	}
	s.mu.Lock()
	for f := range s.staged {
		os.Remove(f)
	}
	os.Exit(130)
}

func (s *interrupts) interrupted() bool {
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

// writeOutputs writes every requested output, all or nothing: each goes
// to a temporary file beside its target first; only when all are complete
// (and no interrupt came) are they renamed into place. On any failure the
// temporary files, and outputs already renamed, are removed.
func writeOutputs(outputs []output, r *runner.Result, sig *interrupts) (err error) {
	type stagedFile struct{ tmp, path string }
	var staged []stagedFile
	var renamed []string
	defer func() {
		if err == nil {
			return
		}
		for _, f := range staged {
			os.Remove(f.tmp)
			sig.stage(f.tmp, false)
		}
		for _, p := range renamed {
			os.Remove(p)
		}
	}()
	for _, o := range outputs {
		a := r.Outputs[o.name]
		if a == nil {
			panic("internal error: runner returned no output " + o.name)
		}
		tmp, err := stageFile(o.path, a, sig)
		if tmp != "" {
			staged = append(staged, stagedFile{tmp, o.path})
		}
		if err != nil {
			return runErrf("cannot write %s: %v", o.path, err)
		}
		if sig.interrupted() {
			return errInterrupted
		}
	}
	for len(staged) > 0 {
		f := staged[0]
		if err := os.Rename(f.tmp, f.path); err != nil {
			return runErrf("cannot write %s: %v", f.path, unwrapPathErr(err))
		}
		sig.stage(f.tmp, false)
		staged = staged[1:]
		renamed = append(renamed, f.path)
	}
	return nil
}

// stageFile writes a as .npy to a synced temporary file beside path and
// returns its name ("" when none was created).
func stageFile(path string, a *npy.Array, sig *interrupts) (string, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return "", unwrapPathErr(err)
	}
	tmp := f.Name()
	sig.stage(tmp, true)
	w := bufio.NewWriterSize(f, 64<<10)
	err = npy.Encode(w, a)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return tmp, unwrapPathErr(err)
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
