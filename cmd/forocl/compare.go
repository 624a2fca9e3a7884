package main

import (
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

func init() { register(newCompareCmd) }

// compareFlags are forocl compare's own flags.
type compareFlags struct {
	kernel  string
	device  string
	sets    []string
	ins     []string
	grid    string
	shapes  []string
	seed    int64
	verbose bool
}

func newCompareCmd() *cobra.Command {
	ff := frontFlags{requireKernels: true}
	var gf genFlags
	var cf compareFlags
	c := &cobra.Command{
		Use:   "compare FILE.f90... --kernel NAME [--set x=1.0]... [--in A=A.npy]... [--grid 37x23] [--seed N]",
		Short: "Run one kernel on the OpenCL device and serially through gfortran, and compare every output",
		Long: `compare runs one kernel twice on the same inputs: on the OpenCL device, as
forocl run does, and serially through gfortran (the files compiled with a
generated driver program, -O2 -ffp-contract=off -fcoarray=single, so that
files whose other procedures use coarrays compile; the modules they use
come from the -I folders). It then compares every output, arrays and scalar
results, element by element, and prints one line per output: its name, its
declared bounds, and "identical", or the largest absolute and relative
difference, how many elements differ beyond the tolerance and the first of
them, indexed as Fortran does (from the declared lower bounds).

Inputs are the --in arrays, else reproducible pseudo-random values from
--seed (reals in [0.5, 1.5), integers in 1..7), the same for both runs;
outputs start from such values too, so a cell that one run leaves alone and
the other writes shows up. A file's comment line "! test input: idx values
in 1:n" or "! test input: perm is a permutation of 1:n" fills an index
array with valid indices instead. A loop kernel's arrays take the shapes
their declarations give with the --set sizes; other arrays take --grid's.
Every scalar dummy needs --set.

` + kernelsTaken + `

An output matches when every element is within the tolerance of the
numeric tests: ` + oracle.TolDoc + `.
Exit codes: 0 every output matches, 1 some output differs (or the kernel
cannot run), 2 a usage error.`,
		Args: atLeast(1),
		RunE: func(c *cobra.Command, args []string) error {
			return compareKernel(c, args, &ff, &gf, &cf)
		},
	}
	ff.add(c)
	gf.add(c)
	f := c.Flags()
	f.StringVarP(&cf.kernel, "kernel", "k", "", "compare the kernel `NAME` (case-insensitive; without it, the one kernel the files mark); it needs no !$OFP directive")
	f.StringVar(&cf.device, "device", "", "OpenCL device `SEL`, as for forocl run")
	f.StringArrayVar(&cf.sets, "set", nil, "give scalar dummy NAME the value VALUE (`NAME=VALUE`, repeatable; a character dummy takes VALUE as text)")
	f.StringArrayVar(&cf.ins, "in", nil, "read array dummy NAME from the .npy file FILE (`NAME=FILE`, repeatable); an output given so starts from its content")
	f.StringVar(&cf.grid, "grid", "", "the `SHAPE` (e.g. 37x23) of the arrays not given with --in whose shape the --set sizes do not give")
	f.StringArrayVar(&cf.shapes, "shape", nil, "give array dummy NAME, not given with --in, the shape SHAPE (`NAME=SHAPE`, e.g. field=18x16; repeatable): for assumed-shape dummies")
	f.Int64Var(&cf.seed, "seed", 1, "seed `N` of the pseudo-random inputs")
	f.BoolVarP(&cf.verbose, "verbose", "v", false, "print the device and the files gfortran compiles")
	c.RegisterFlagCompletionFunc("kernel", completeKernels)
	c.RegisterFlagCompletionFunc("device", completeDevices)
	return c
}

func compareKernel(c *cobra.Command, args []string, ff *frontFlags, gf *genFlags, cf *compareFlags) error {
	stderr := c.ErrOrStderr()
	if _, err := gf.options(""); err != nil {
		return err
	}
	parsed, err := runner.ParseFlags(runner.Flags{Sets: cf.sets, Ins: cf.ins, Grid: cf.grid})
	if err != nil {
		return bindErr(err)
	}
	shapes, err := parseShapes(cf.shapes, parsed.Ins)
	if err != nil {
		return err
	}
	if err := oracle.CheckGfortran(); err != nil {
		return runErr(err)
	}
	rules := map[string]oracle.InputRule{} // Note [test inputs]
	for _, f := range args {
		r, err := oracle.InputRules(f)
		if err != nil {
			return runErr(err)
		}
		for n, x := range r {
			rules[n] = x
		}
	}
	res, irk, k, err := frontKernel(c, args, ff, &cf.kernel, "compare")
	if err != nil {
		return err
	}
	libs, missing := res.ModuleSources()
	if err := oracle.MissingModules(oracle.Uncompiled(missing, ff.include)); err != nil {
		return runErr(err)
	}
	grid := parsed.Grid
	parsed.Grid = nil // compare fills the arrays itself, from --seed
	bound, err := runner.Bind(k, parsed, nil)
	if err != nil {
		return bindErr(err)
	}
	for _, n := range bound.Notes {
		fmt.Fprintf(stderr, "forocl: note: %s\n", n)
	}
	job := runner.Job{Kernel: k, Scalars: bound.Scalars, Chars: bound.Chars}
	if job.Arrays, err = compareInputs(k, bound.Scalars, bound.Arrays, shapes, grid, cf.seed); err != nil {
		return runErr(err)
	}
	_, sizes, err := runner.Prepare(&job) // adds a loop kernel's sizes to job.Scalars
	if err != nil {
		return runErr(err)
	}
	for name, r := range rules {
		if a := job.Arrays[name]; a != nil && bound.Arrays[name] == nil {
			if err := r.Apply(rand.New(rand.NewSource(cf.seed)), a, sizes); err != nil {
				return runErr(err)
			}
		}
	}

	dev, unit, err := deviceUnit(c, ff, gf, res, irk, cf.device)
	if err != nil {
		return err
	}
	job.Unit, job.Kernel = unit, unit.Kernels[0]
	serial, printed, err := serialRun(c, job, bound.Chars, res.Files, append(libs, args...), cppFlags(ff, append(libs, args...)), cf.verbose)
	if err != nil {
		return runErr(err)
	}
	var stdout, stderrBuf strings.Builder
	job.Stdout, job.Stderr = &stdout, &stderrBuf
	r, err := runOnDevice(c, dev, job, cf.verbose)
	io.WriteString(c.OutOrStdout(), stdout.String()) // the kernel's own records, as a run shows them
	io.WriteString(stderr, stderrBuf.String())
	if err != nil {
		return runErr(err)
	}
	bad, err := printComparison(c.OutOrStdout(), job.Kernel, sizes, serial, r.Outputs)
	if err != nil {
		return runErr(err)
	}
	chars, err := job.Kernel.RunChars(bound.Chars) // Note [host characters] in ir/chars.go
	if err != nil {
		return runErr(err)
	}
	nchars := compareChars(c.OutOrStdout(), job.Kernel, printed.CharsOut, chars)
	bad += nchars
	bad += compareRecords(c.OutOrStdout(), [2]string{printed.Stdout, printed.Stderr}, [2]string{stdout.String(), stderrBuf.String()})
	if bad > 0 {
		return runErrf("%d of %d outputs of %s differ from gfortran's beyond the tolerance", bad, len(job.Kernel.Outputs())+len(job.Kernel.CharOutputs()), job.Kernel.Name)
	}
	return nil
}

// compareInputs returns the arrays of both runs: those given, and for
// every other array dummy of k pseudo-random values from seed (Note [test
// inputs]) in its --shape, else the shape its declared extents take with
// the sizes (given in scalars, or bound by the arrays given: loop
// kernels), else grid's, else (region and elemental kernels, whose arrays
// share one shape) that of the first array given or shaped.
func compareInputs(k *abi.Kernel, scalars map[string]float64, given map[string]*npy.Array, shapeFlags map[string][]int, grid []int, seed int64) (map[string]*npy.Array, error) {
	for n := range shapeFlags {
		if p := k.Param(n); p == nil || !p.Array {
			return nil, fmt.Errorf("--shape %s: kernel %q has no array dummy %q; its arrays: %s", n, k.Name, n, nameList(abi.Names(k.Arrays())))
		}
	}
	shapes := map[string][]int{}
	for n, a := range given {
		shapes[n] = a.Shape
	}
	for n, s := range shapeFlags {
		shapes[n] = s
	}
	sizes := map[string]int{}
	for _, s := range k.Sizes {
		if x, ok := scalars[strings.ToLower(s.Name)]; ok {
			sizes[s.Name] = int(x)
		}
	}
	if s, err := k.BindWith(shapeNames(k, shapes), sizes); err == nil {
		sizes = s // Note [one binding] in package abi
	}
	rng := rand.New(rand.NewSource(seed))
	arrays := map[string]*npy.Array{}
	for _, v := range k.Arrays() {
		name := strings.ToLower(v.Name)
		if a := given[name]; a != nil {
			arrays[name] = a
			continue
		}
		shape := shapeFlags[name]
		if ext, err := v.Extents(sizes); shape == nil && err == nil {
			shape = ext
		}
		if shape == nil && (len(grid) == len(v.Shape) || v.Sequence) {
			shape = grid
		}
		if shape == nil {
			return nil, fmt.Errorf("the shape of array %q is not known: give --shape %s=SHAPE (or --grid), or the array with --in %s=FILE.npy", v.Name, v.Name, v.Name)
		}
		a := runner.Zeros(runner.KindDType(v.Kind), shape)
		oracle.Randomize(rng, a)
		arrays[name] = a
	}
	return arrays, nil
}

// parseShapes reads the --shape flags by lower-case name; a malformed
// one, a name given twice or also given with --in is a usage error.
func parseShapes(flags []string, ins []runner.Arg) (map[string][]int, error) {
	out := map[string][]int{}
	for _, f := range flags {
		name, val, ok := strings.Cut(f, "=")
		name = strings.ToLower(strings.TrimSpace(name))
		if !ok || name == "" {
			return nil, usageErr("--shape %s: want NAME=SHAPE, such as field=18x16", f)
		}
		if _, dup := out[name]; dup {
			return nil, usageErr("--shape %s: %q is given twice", f, name)
		}
		for _, in := range ins {
			if in.Name == name {
				return nil, usageErr("--shape %s: %q is given with --in, which has its shape", f, name)
			}
		}
		s, err := runner.ParseGrid(val)
		if err != nil {
			return nil, usageErr("--shape %s: want 1 to 3 extents of at least 1 separated by \"x\", such as %s=18x16", f, name)
		}
		out[name] = s
	}
	return out, nil
}

// shapeNames keys shapes, by lower-case name, by the dummies' names.
func shapeNames(k *abi.Kernel, shapes map[string][]int) map[string][]int {
	out := map[string][]int{}
	for _, v := range k.Arrays() {
		if s, ok := shapes[strings.ToLower(v.Name)]; ok {
			out[v.Name] = s
		}
	}
	return out
}

// serialRun runs job's kernel serially through gfortran, compiling
// sources (the modules the files use first) in a scratch folder, with
// the preprocessor's macros and include folders cpp; files are the
// parsed sources, whose main programs it takes out.
func serialRun(c *cobra.Command, job runner.Job, chars map[string]string, files []*ast.File, sources, cpp []string, verbose bool) (map[string]*npy.Array, *oracle.Exe, error) {
	dir, err := os.MkdirTemp("", "forocl-compare-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	k, iface, err := oracle.ExplicitInterface(files, job.Kernel, dir) // Note [explicit interfaces]
	if err != nil {
		return nil, nil, err
	}
	// Note [programs in the serial build]; INCLUDE lines of a source
	// copied into dir find their files next to the original.
	for _, d := range sourceDirs(sources) {
		cpp = append(cpp, "-I", d)
	}
	if sources, err = oracle.ProgramsAsModules(files, oracle.ModuleOrder(files, sources), dir, job.Kernel.Module); err != nil {
		return nil, nil, err
	}
	if iface != "" {
		sources = append(sources, iface)
	}
	if verbose {
		fmt.Fprintf(c.ErrOrStderr(), "forocl: gfortran compiles %s with a serial driver\n", strings.Join(append(cpp, sources...), " "))
	}
	exe, err := oracle.Build(k, sources, dir, cpp...)
	if err != nil {
		return nil, nil, err
	}
	exe.Chars = chars // Note [characters in the driver]
	out, err := exe.Run(job.Scalars, job.Arrays)
	return out, exe, err
}

// compareRecords compares what the kernel wrote to standard output and
// standard error (want: gfortran's serial run; got: the device run's
// host) record by record, prints a line for each stream that has any,
// and returns how many streams differ.
func compareRecords(w io.Writer, want, got [2]string) int {
	bad := 0
	for i, unit := range []string{"standard output (unit 6)", "standard error (unit 0)"} {
		if want[i] == "" && got[i] == "" {
			continue
		}
		wl, gl := strings.Split(want[i], "\n"), strings.Split(got[i], "\n")
		diff := -1
		for j := 0; j < max(len(wl), len(gl)) && diff < 0; j++ {
			if j >= len(wl) || j >= len(gl) || wl[j] != gl[j] {
				diff = j
			}
		}
		n := strings.Count(want[i], "\n")
		if diff < 0 {
			fmt.Fprintf(w, "%s: identical, %d record(s)\n", unit, n)
			continue
		}
		bad++
		at := func(l []string) string {
			if diff < len(l) {
				return fmt.Sprintf("%q", l[diff])
			}
			return "nothing"
		}
		fmt.Fprintf(w, "%s: DIFFERS at record %d: gfortran wrote %s, forocl %s\n", unit, diff+1, at(wl), at(gl))
	}
	return bad
}

// printComparison prints one line per output of k: its name, its declared
// bounds (sizes give the lower ones) and how got (the device run) differs
// from want (gfortran's). It returns how many differ beyond the tolerance.
func printComparison(w io.Writer, k *abi.Kernel, sizes map[string]int, want, got map[string]*npy.Array) (int, error) {
	outs := k.Outputs()
	width := 0
	for _, v := range outs {
		width = max(width, len(v.Name))
	}
	bad := 0
	for _, v := range outs {
		name := strings.ToLower(v.Name)
		ref, x := want[name], got[name]
		if ref == nil || x == nil {
			return bad, fmt.Errorf("internal error: output %q missing (gfortran %v, opencl %v)", v.Name, ref != nil, x != nil)
		}
		d, err := oracle.Compare(v.Kind, ref, x)
		if err != nil {
			return bad, fmt.Errorf("output %q: %v", v.Name, err)
		}
		var lower []int
		if !v.Result() {
			for _, e := range v.Lower {
				lo, err := e.Eval(sizes)
				if err != nil {
					lower = nil
					break
				}
				lower = append(lower, lo)
			}
		}
		fmt.Fprintf(w, "%-*s  %-8s %-18s %s\n", width, v.Name, v.Kind, bounds(ref.Shape, lower), diffText(d, ref, x, ref.Shape, lower))
		if d.Beyond > 0 {
			bad++
		}
	}
	return bad, nil
}

// bounds spells a shape with its lower bounds as Fortran declares it:
// "(-1:15,-1:13)"; a scalar is "scalar".
func bounds(shape, lower []int) string {
	if len(shape) == 0 {
		return "scalar"
	}
	p := make([]string, len(shape))
	for d, n := range shape {
		lo := 1
		if d < len(lower) {
			lo = lower[d]
		}
		p[d] = fmt.Sprintf("%d:%d", lo, lo+n-1)
	}
	return "(" + strings.Join(p, ",") + ")"
}

// diffText says how an output differs: "identical", or the differences
// and the first element that differs (beyond the tolerance where any
// does), with both values.
func diffText(d oracle.Diff, want, got *npy.Array, shape, lower []int) string {
	if d.Identical() {
		return "identical"
	}
	verdict, at, first := "matches", d.First, "first difference"
	if d.Beyond > 0 {
		verdict, at, first = "DIFFERS", d.FirstBad, "first beyond"
	}
	where := ""
	if len(shape) > 0 {
		where = " at " + oracle.FortranIndex(at, shape, lower)
	}
	return fmt.Sprintf("%s: %d of %d elements differ, %d beyond tolerance %g; max abs %.3g, max rel %.3g; %s%s: opencl %s, gfortran %s",
		verdict, d.Differ, d.Len, d.Beyond, d.Tol, d.MaxAbs, d.MaxRel, first, where, elemText(got, at), elemText(want, at))
}

// elemText spells element i of a exactly.
func elemText(a *npy.Array, i int) string {
	x := oracle.Value(a, i)
	switch {
	case a.F32 != nil:
		return strconv.FormatFloat(x, 'g', -1, 32)
	case a.F64 != nil:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return fmt.Sprint(int64(x))
}

// sourceDirs returns the folders of sources, each once, in order.
func sourceDirs(sources []string) []string {
	var dirs []string
	for _, f := range sources {
		if d := filepath.Dir(f); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// cppFlags returns the gfortran flags that preprocess sources as forocl
// does: the -D, -U and -I of the command line, in order, and -cpp where
// needed: forocl runs every file through its preprocessor, gfortran only
// .F90 files unless told -cpp, so a .f90 file with a directive line
// (#ifdef REAL64), or a -D or -U on the command line, needs it.
func cppFlags(ff *frontFlags, sources []string) []string {
	flags := ff.src.gfortran(ff.include)
	need := len(ff.src.defines) > 0
	for _, f := range sources {
		if src, err := os.ReadFile(f); err == nil && cppLine.Match(src) {
			need = true
		}
	}
	if need {
		flags = append([]string{"-cpp"}, flags...)
	}
	return flags
}

// cppLine matches a preprocessor directive line.
var cppLine = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*[a-z]`)
