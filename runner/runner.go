// Package runner launches any generated kernel on NumPy arrays: the engine
// behind `forocl run` and the OpenCL side of the numeric tests. It takes an
// abi.Unit and one of its kernels (the ABI is all it reads of the
// compiler), scalar values and .npy arrays, and returns the output arrays
// and, when asked to repeat, kernel timings.
package runner

import (
	"errors"
	"fmt"
	"io"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/npy"
)

// Job is one kernel launch (or a timed series of launches).
type Job struct {
	Unit   *abi.Unit
	Kernel *abi.Kernel // one of Unit.Kernels
	// Scalars holds every scalar dummy's value by lower-case name.
	Scalars map[string]float64
	// Chars holds the character parameters' values by their names (Note
	// [host characters] in ir/chars.go), which the kernel's comparisons
	// of characters read.
	Chars map[string]string
	// Arrays holds array dummies by lower-case name: every intent(in) one,
	// and intent(out) ones that should start from given contents (the
	// others start as zeros of the common grid shape).
	Arrays map[string]*npy.Array
	// Repeat > 0 times Repeat launches after one warm-up launch; outputs
	// are read after the last one.
	Repeat int
	// Cancel, when closed, makes Run stop at its next step (after the
	// program build, between transfers and between launches) and return
	// ErrCanceled. Nil never cancels.
	Cancel <-chan struct{}

	// Steps > 0 runs the kernel Steps times with the data kept on the
	// device, exchanging the buffers of each Swap pair between steps (see
	// steps.go); Repeat is then ignored.
	Steps int
	Swap  []Swap
	// Every > 0 calls Snapshot with the outputs after every Every steps.
	Every    int
	Snapshot func(step int, outputs map[string]*npy.Array) error
	// Progress, when set, is called with 0 as the first step is queued,
	// then with the steps completed on the device, in order (Note
	// [progress from events]; a long run reports every stride-th step
	// and the last). Runs split into slabs call it after each step is
	// queued and its halos exchanged.
	Progress func(step int)
	// Index64 builds the 64-bit index variant of the program
	// (-DFOROCL_INDEX_T=long) even where the sizes let int count: a test
	// runs the variant big runs take on small arrays (Note [index types]
	// in package abi).
	Index64 bool
	// Stdout and Stderr take the records the kernel's WRITE and PRINT
	// statements write (Note [list-directed output] in package abi) to
	// units 6 and 0; nil writes to os.Stdout and os.Stderr. A --repeat
	// run writes those of its first run only.
	Stdout, Stderr io.Writer
}

// write writes a record of the kernel's program to unit 0 or 6.
func (j *Job) write(unit int, record string) error {
	w := j.Stdout
	if unit == 0 {
		w = j.Stderr
	}
	if w == nil {
		return abi.StdWrite(unit, record)
	}
	_, err := io.WriteString(w, record+"\n")
	return err
}

// indexType is the index type j's program is built with for sizes: the
// one they need (Note [index types] in package abi), or long where
// Index64 says.
func (j *Job) indexType(sizes map[string]int) (abi.IndexType, error) {
	t, err := j.Kernel.IndexType(sizes)
	if err == nil && j.Index64 {
		t = abi.Index64
	}
	return t, err
}

// ErrCanceled is returned by Run when Job.Cancel was closed.
var ErrCanceled = errors.New("canceled")

// Result is what a Job produced.
type Result struct {
	Outputs map[string]*npy.Array // intent(out) arrays by lower-case name
	Times   []time.Duration       // per timed launch, from profiling events
	// Median is the median of Times (the upper middle one for an even
	// count); zero when Repeat was 0.
	Median time.Duration
	// Bytes is the traffic of one launch counting every array argument
	// once (inputs read, outputs written).
	Bytes int64
	// Shape is the grid shape (the shape every array shares).
	Shape []int
	// Global and Local are the NDRange and work-group sizes launched.
	Global, Local []int
	// BuildLog is the OpenCL compiler's log (often empty); Cached tells
	// whether the program binary came from clhost's cache.
	BuildLog string
	Cached   bool
	// Elapsed is the wall-clock time of a stepped run (Job.Steps), from
	// the first launch queued to the device finishing the last.
	Elapsed time.Duration
}

// KindDType is the NumPy dtype holding values of kind k.
func KindDType(k abi.Kind) npy.DType {
	switch k {
	case abi.Real8:
		return npy.Float64
	case abi.Real4:
		return npy.Float32
	case abi.Int64:
		return npy.Int64
	}
	return npy.Int32
}

// Convert returns a converted to dtype (a copy), or a itself when it
// already has it.
func Convert(a *npy.Array, dt npy.DType) *npy.Array {
	if a.DType == dt {
		return a
	}
	n := a.Len()
	get := a.Float
	out := &npy.Array{DType: dt, Shape: append([]int(nil), a.Shape...)}
	if dt == npy.Int64 {
		out.I64 = make([]int64, n)
		for i := range out.I64 {
			if a.I32 != nil {
				out.I64[i] = int64(a.I32[i])
			} else {
				out.I64[i] = int64(get(i))
			}
		}
		return out
	}
	switch dt {
	case npy.Float32:
		out.F32 = make([]float32, n)
		for i := range out.F32 {
			out.F32[i] = float32(get(i))
		}
	case npy.Float64:
		out.F64 = make([]float64, n)
		for i := range out.F64 {
			out.F64[i] = get(i)
		}
	default:
		out.I32 = make([]int32, n)
		for i := range out.I32 {
			out.I32[i] = int32(get(i))
		}
	}
	return out
}

// Random returns an array of reproducible pseudo-random values in
// [0.5, 1.5) (integers 1 to 7), the same for the same seed and shape.
func Random(dt npy.DType, shape []int, seed int64) *npy.Array {
	a := Zeros(dt, shape)
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < a.Len(); i++ {
		x := 0.5 + rng.Float64()
		switch {
		case a.F32 != nil:
			a.F32[i] = float32(x)
		case a.F64 != nil:
			a.F64[i] = x
		case a.I64 != nil:
			a.I64[i] = int64(1 + rng.Intn(7))
		default:
			a.I32[i] = int32(1 + rng.Intn(7))
		}
	}
	return a
}

// Zeros returns an array of zeros.
func Zeros(dt npy.DType, shape []int) *npy.Array {
	a := &npy.Array{DType: dt, Shape: append([]int(nil), shape...)}
	n := 1
	for _, s := range shape {
		n *= max(s, 0) // Fortran's extent of an empty dimension
	}
	switch dt {
	case npy.Float32:
		a.F32 = make([]float32, n)
	case npy.Float64:
		a.F64 = make([]float64, n)
	case npy.Int64:
		a.I64 = make([]int64, n)
	default:
		a.I32 = make([]int32, n)
	}
	return a
}

func elemBytes(dt npy.DType) int64 {
	if dt == npy.Float64 || dt == npy.Int64 {
		return 8
	}
	return 4
}

// Prepare checks j against the kernel's interface (Check) and returns the
// arrays of every array parameter (zeros for outputs not given), by
// lower-case name, and the kernel's sizes bound from their shapes.
func Prepare(j *Job) (map[string]*npy.Array, map[string]int, error) {
	pl, err := plan(j)
	if err != nil {
		return nil, nil, err
	}
	arrays := map[string]*npy.Array{}
	for name, a := range pl.given {
		arrays[name] = a
	}
	for _, p := range j.Kernel.Arrays() {
		name := strings.ToLower(p.Name)
		if arrays[name] == nil {
			arrays[name] = Zeros(KindDType(p.Kind), pl.shapes[name])
		}
	}
	return arrays, pl.sizes, nil
}

// Check is Prepare without allocating anything: it checks j against the
// kernel's interface, binds the sizes (adding a loop kernel's to
// j.Scalars), checks that every --swap pair has one shape and that the
// host has the memory for the arrays the run will make (see Note [host
// memory]).
func Check(j *Job) error {
	_, err := plan(j)
	return err
}

// jobPlan is what plan works out before anything is allocated.
type jobPlan struct {
	given  map[string]*npy.Array // the arrays of j, by lower-case name
	shapes map[string][]int      // every array parameter's shape, by lower-case name
	sizes  map[string]int
}

// planShapes checks j against the kernel's interface and works out the
// sizes and every array's shape.
func planShapes(j *Job) (*jobPlan, error) {
	k := j.Kernel
	pl := &jobPlan{given: map[string]*npy.Array{}, shapes: map[string][]int{}}
	shapes := map[string][]int{}
	// Sizes may be scalar parameters, derived from the shapes when not
	// given (Note [one binding] in package abi); other scalars must be
	// given.
	given := map[string]int{}
	isSize := map[string]bool{}
	for _, s := range k.Sizes {
		isSize[strings.ToLower(s.Name)] = true
		if v, ok := j.Scalars[strings.ToLower(s.Name)]; ok {
			given[s.Name] = int(v)
		}
	}
	var missing []string
	for _, p := range k.Scalars() {
		if _, ok := j.Scalars[strings.ToLower(p.Name)]; !ok && !isSize[strings.ToLower(p.Name)] {
			missing = append(missing, p.Name)
		}
	}
	for _, p := range k.Arrays() {
		name := strings.ToLower(p.Name)
		a, ok := j.Arrays[name]
		if !ok {
			if p.Intent == abi.In {
				return nil, fmt.Errorf("kernel %q needs input array %q: give it with --in %s=FILE.npy", k.Name, p.Name, p.Name)
			}
			if p.Intent == abi.InOut && !swapOut(j.Swap, name) {
				return nil, fmt.Errorf("kernel %q reads and writes array %q: give it with --in %s=FILE.npy (and --out %s=FILE.npy to save it)", k.Name, p.Name, p.Name, p.Name)
			}
			continue
		}
		if a.DType != KindDType(p.Kind) {
			return nil, fmt.Errorf("array %q holds %v but %q declares it %v", p.Name, a.DType, k.Name, p.Kind)
		}
		shapes[p.Name] = a.Shape
		pl.given[name] = a
		pl.shapes[name] = a.Shape
	}
	if len(missing) > 0 {
		sets := make([]string, len(missing))
		for i, m := range missing {
			sets[i] = "--set " + m + "=VALUE"
		}
		return nil, fmt.Errorf("kernel %q needs scalar %s: give %s", k.Name, quoteList(missing), strings.Join(sets, " "))
	}
	sizes, err := k.BindWith(shapes, given)
	if err != nil {
		return nil, err
	}
	if err := k.CheckAccesses(sizes); err != nil { // Note [access ranges] in package abi
		return nil, err
	}
	pl.sizes = sizes
	// A size that is a scalar parameter, derived from the shapes, is its
	// value; the others (a grid's extents) stay out of the scalars, which
	// slabs keep for every slab.
	scalars := map[string]float64{}
	for n, v := range j.Scalars {
		scalars[n] = v
	}
	for _, s := range k.Sizes {
		if p := k.Param(s.Name); p != nil && !p.Array {
			scalars[strings.ToLower(s.Name)] = float64(sizes[s.Name])
		}
	}
	j.Scalars = scalars
	for _, p := range k.Arrays() {
		name := strings.ToLower(p.Name)
		if pl.given[name] != nil {
			continue
		}
		shape, err := p.Extents(sizes)
		if err != nil {
			return nil, err
		}
		if p.Sequence {
			shape = sequenceShape(k, pl.given, shape)
		}
		pl.shapes[name] = shape
	}
	return pl, nil
}

// plan checks j and works out every array's shape; see Check.
func plan(j *Job) (*jobPlan, error) {
	pl, err := planShapes(j)
	if err != nil {
		return nil, err
	}
	k := j.Kernel
	if err := checkSwapShapes(j, pl.shapes); err != nil {
		return nil, err
	}
	what := fmt.Sprintf("kernel %q", k.Name)
	if len(k.Sizes) > 0 {
		what += " with " + sizeList(k, pl.sizes)
	}
	if err := checkHostMemory(pl.hostBytes(j), what, "give smaller sizes or arrays"); err != nil {
		return nil, err
	}
	return pl, nil
}

// hostBytes is what the run of j still allocates on the host: see Note
// [host memory].
func (pl *jobPlan) hostBytes(j *Job) int64 {
	var need int64
	for _, p := range j.Kernel.Arrays() {
		name := strings.ToLower(p.Name)
		b := shapeBytes(pl.shapes[name], KindDType(p.Kind))
		if pl.given[name] == nil {
			need = addSat(need, b) // zeros
			if swapOut(j.Swap, name) {
				need = addSat(need, b) // the copy of its input it starts as
			}
		}
		if p.Output() {
			need = addSat(need, b) // read back
		}
	}
	for _, p := range j.Kernel.Results() {
		need = addSat(need, int64(p.ResultElements()*p.Kind.Bytes()))
	}
	return need
}

// sizeList spells k's sizes as "nx=10, ny=20" for messages.
func sizeList(k *abi.Kernel, sizes map[string]int) string {
	parts := make([]string, len(k.Sizes))
	for i, s := range k.Sizes {
		parts[i] = fmt.Sprintf("%s=%d", s.Name, sizes[s.Name])
	}
	return strings.Join(parts, ", ")
}

// sequenceShape is the shape of an output of k that is sequence-
// associated (abi.Param.Sequence) and has the elements of shape (its
// declared extent): the shape of the first given sequence-associated
// array, by name, with as many elements, so that an elemental kernel's
// outputs keep its inputs' shape; else shape.
func sequenceShape(k *abi.Kernel, given map[string]*npy.Array, shape []int) []int {
	names := make([]string, 0, len(given))
	for n := range given {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if p := k.Param(n); p != nil && p.Sequence && abi.Elements(given[n].Shape) == abi.Elements(shape) {
			return given[n].Shape
		}
	}
	return shape
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}

// Run executes j on ctx. It checks what it can (interface, shapes,
// device memory, work-group and local memory limits, double precision)
// before it builds or allocates anything.
func Run(ctx *clhost.Context, j Job) (*Result, error) {
	arrays, sizes, err := Prepare(&j)
	if err != nil {
		return nil, err
	}
	k := j.Kernel
	if err := CheckSwaps(k, j.Swap); err != nil {
		return nil, err
	}
	swapStarts(&j, arrays)
	r := &run{ctx: ctx, k: k, bufs: map[string]*clhost.Buffer{}, sizes: sizes, arrays: arrays, canceled: cancelFunc(j.Cancel)}
	defer r.unload()
	defer releaseBuffers(r.bufs)
	if err := r.load(&j); err != nil {
		return nil, err
	}
	res := &Result{
		Outputs:  map[string]*npy.Array{},
		Shape:    append([]int(nil), arrays[strings.ToLower(k.Arrays()[0].Name)].Shape...),
		Global:   r.launches[0].global,
		Local:    r.launches[0].local,
		BuildLog: r.prog.Log(),
		Cached:   r.prog.FromCache(),
	}
	if res.Bytes, err = arrayBuffers(ctx, arrays, r.bufs); err != nil {
		return nil, err
	}
	if err := resultBuffers(ctx, k, r.bufs); err != nil {
		return nil, err
	}
	r.groups = groupCounts(r.launches)
	if err := scratchBuffers(ctx, k, sizes, r.groups, r.bufs, true); err != nil {
		return nil, err
	}
	if err := setFixedArgs(&j, r.launches, r.kerns, sizes, r.groups, r.bufs); err != nil {
		return nil, err
	}
	if j.Steps > 0 {
		if err := r.steps(&j, res); err != nil {
			return nil, err
		}
		return r.finish(res)
	}
	if err := r.rounds(&j, res); err != nil {
		return nil, err
	}
	if r.canceled() {
		return nil, ErrCanceled
	}
	return r.finish(res)
}

// load works out the launches of j's host program on r.arrays (r.init,
// r.launches), checks that the device can run them, builds j's program
// (r.prog) and makes its kernels (r.kerns); it allocates no buffer. What
// it made stays in r for unload, even on an error.
func (r *run) load(j *Job) error {
	k := j.Kernel
	index, err := j.indexType(r.sizes)
	if err != nil {
		return err
	}
	// Per launch, the values its ranges see: with host statements, the
	// host variables' too (Note [host program] in package abi).
	r.init = k.HostInit(r.sizes, j.Scalars)
	if err := charTests(k, r.init, j.Chars); err != nil {
		return err
	}
	if r.launches, err = hostLaunches(k, r.init, r.arrays); err != nil {
		return err
	}
	// Check memory before allocating anything.
	if err := checkDevice(r.ctx.Device(), j, r.arrays, r.sizes, r.launches); err != nil {
		return err
	}
	if r.canceled() {
		return ErrCanceled
	}
	if r.prog, err = r.ctx.BuildProgram(j.Unit.Source, abi.IndexOptions(index)); err != nil {
		return err
	}
	if r.canceled() {
		return ErrCanceled
	}
	r.kerns = make([]*clhost.Kernel, len(r.launches))
	return makeKernels(r.prog, r.launches, r.kerns)
}

// unload releases r's kernels and program (not its buffers).
func (r *run) unload() {
	releaseKernels(r.kerns)
	if r.prog != nil {
		r.prog.Release()
	}
}

// hostLaunchVals returns the values each launch's ranges see when the host
// program starts at init (Kernel.LaunchValsIn, reading intent(in)
// elements from arrays), after checking the host's accesses.
func hostLaunchVals(k *abi.Kernel, init map[string]int, arrays map[string]*npy.Array) ([]map[string]int, error) {
	lvals, err := k.LaunchValsIn(init, func(name string, _ abi.Kind, off int) (int, error) {
		a := arrays[strings.ToLower(name)]
		if a == nil || off < 0 || off >= a.Len() {
			return 0, fmt.Errorf("kernel %q: no input element %d of %q", k.Name, off, name)
		}
		return inputWord(a, off), nil
	})
	if err == nil {
		err = k.CheckHostAccesses(lvals) // Note [access ranges] in package abi
	}
	return lvals, err
}

// hostLaunches returns the NDRange of each of k's launches, from the
// values its ranges see when the host program starts at init, after
// checking the host's accesses (Note [access ranges] in package abi).
// The dry run reads elements of intent(in) arrays from arrays, the inputs
// (Note [host elements] in package abi).
func hostLaunches(k *abi.Kernel, init map[string]int, arrays map[string]*npy.Array) ([]launch, error) {
	lvals, err := hostLaunchVals(k, init, arrays)
	if err != nil {
		return nil, err
	}
	var launches []launch
	late := k.Late()
	for i, l := range k.Launches {
		if late[i] { // sized when the host reaches it (Note [late launches] in package abi)
			launches = append(launches, launch{l: l, local: append([]int(nil), l.Local...)})
			continue
		}
		global, local, err := l.NDRange(lvals[i])
		if err != nil {
			return nil, fmt.Errorf("kernel %q: %v", k.Name, err)
		}
		launches = append(launches, launch{l: l, global: global, local: local})
	}
	return launches, nil
}

// checkDevice checks that dev can run j's launches on arrays: global
// memory, the largest buffer, double precision, work-group size and local
// memory.
func checkDevice(dev clhost.Device, j *Job, arrays map[string]*npy.Array, sizes map[string]int, launches []launch) error {
	k := j.Kernel
	if err := checkMemory(dev, k, arrays, sizes); err != nil {
		return err
	}
	if j.Unit.FP64 && !dev.FP64 {
		return fmt.Errorf("kernel %q uses real(8) but %s has no double precision (cl_khr_fp64); choose another device", k.Name, dev.Name)
	}
	for _, l := range launches {
		items := 1
		for _, n := range l.local {
			items *= n
		}
		if dev.MaxWorkGroupSize > 0 && items > dev.MaxWorkGroupSize {
			return fmt.Errorf("kernel %q: work-group %s has %d work-items but %s allows at most %d; use a smaller tile", k.Name, dims(l.local), items, dev.Name, dev.MaxWorkGroupSize)
		}
		if dev.LocalMem > 0 && uint64(l.l.LocalBytes) > dev.LocalMem {
			return fmt.Errorf("kernel %q needs %s of local memory per work-group (tile %s) but %s has %s; use a smaller tile or the direct strategy", k.Name, human(int64(l.l.LocalBytes)), dims(l.local), dev.Name, human(int64(dev.LocalMem)))
		}
	}
	return nil
}

// checkMemory checks that dev has the global memory for arrays and k's
// scratch temporaries, and that it allocates the largest of them.
func checkMemory(dev clhost.Device, k *abi.Kernel, arrays map[string]*npy.Array, sizes map[string]int) error {
	var need int64
	var largest int64
	for _, a := range arrays {
		b := int64(a.Len()) * elemBytes(a.DType)
		need += b
		largest = max(largest, b)
	}
	for _, s := range k.Scratch {
		if len(s.Extents) > 0 { // a temporary array (Note [forall temporaries] in package sema)
			n, err := s.Count(sizes)
			if err != nil {
				return fmt.Errorf("kernel %q: scratch %q: %v", k.Name, s.Name, err)
			}
			b := int64(n) * int64(s.Kind.Bytes())
			need += b
			largest = max(largest, b)
		}
	}
	if need > int64(dev.GlobalMem) {
		return fmt.Errorf("the arrays need %s of device memory but %s has %s", human(need), dev.Name, human(int64(dev.GlobalMem)))
	}
	if dev.MaxAlloc > 0 && largest > int64(dev.MaxAlloc) {
		return fmt.Errorf("one array needs %s but %s allocates at most %s per buffer", human(largest), dev.Name, human(int64(dev.MaxAlloc)))
	}
	return nil
}

// setFixedArgs sets each launch's arguments once, for a kernel without
// host loops or steps; with them, the arguments are set before each
// launch, with the loop and host variables.
func setFixedArgs(j *Job, launches []launch, kerns []*clhost.Kernel, sizes, groups map[string]int, bufs map[string]*clhost.Buffer) error {
	k := j.Kernel
	if len(k.HostLoops) > 0 || k.Steps != nil {
		return nil
	}
	for i, l := range launches {
		args, err := launchArgs(k, l.l, j.Scalars, sizes, groups, bufs)
		if err != nil {
			return err
		}
		if err := kerns[i].SetArgs(args...); err != nil {
			return err
		}
	}
	return nil
}

// rounds runs the host program once, or j.Repeat+1 times with the first
// as a warm-up, recording the others' kernel times and their median in
// res. Only the first run writes the program's records.
func (r *run) rounds(j *Job, res *Result) error {
	rounds := 1
	if j.Repeat > 0 {
		rounds = j.Repeat + 1
	}
	for i := 0; i < rounds; i++ {
		timed := j.Repeat > 0 && i > 0
		var write func(int, string) error
		if i == 0 {
			write = j.write
		}
		total, err := r.once(j, write, timed)
		if err != nil {
			return err
		}
		if timed {
			res.Times = append(res.Times, total)
		}
	}
	if len(res.Times) > 0 {
		s := append([]time.Duration(nil), res.Times...)
		sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
		res.Median = s[len(s)/2]
	}
	return nil
}

// once runs the host program once, in program order, host loops
// repeating their launches (Note [host loops] in package abi), its
// records written with write (nil: none); when timed, it returns the
// summed device time of its launches.
func (r *run) once(j *Job, write func(int, string) error, timed bool) (time.Duration, error) {
	var total time.Duration
	err := r.k.Run(r.init, abi.Host{Read: r.readWord, Elem: r.readElem, Write: write, Launch: func(li int, vals map[string]int) error {
		return r.launchWait(j, li, vals, timed, &total)
	}})
	return total, err
}

// launchWait runs launch li with the host values vals and waits for it;
// when timed, it adds the launch's device time to total.
func (r *run) launchWait(j *Job, li int, vals map[string]int, timed bool, total *time.Duration) error {
	k := r.k
	l := r.launches[li]
	if r.canceled() {
		return ErrCanceled
	}
	if r.takeResults(li, vals) {
		return nil
	}
	var ev *clhost.Event
	var err error
	if len(k.HostLoops) > 0 || k.Steps != nil {
		// The arguments again: loop variables change between trips, and a
		// late launch's scratch may grow when it is sized.
		l, aerr := r.sized(li, vals)
		if aerr != nil {
			return aerr
		}
		args, aerr := launchArgs(k, l.l, j.Scalars, vals, r.groups, r.bufs)
		if aerr != nil {
			return aerr
		}
		ev, err = r.ctx.LaunchWith(r.kerns[li], l.global, l.local, args...)
	} else {
		ev, err = r.ctx.Launch(r.kerns[li], l.global, l.local)
	}
	if err != nil {
		return err
	}
	defer ev.Release()
	if err := ev.Wait(); err != nil {
		return err
	}
	if timed {
		d, err := ev.Duration()
		if err != nil {
			return err
		}
		*total += d
	}
	return nil
}

// sized returns launch li with its NDRange; a late one (Note [late
// launches] in package abi), whose global size hostLaunches left nil, is
// sized here, with the values vals it sees.
func (r *run) sized(li int, vals map[string]int) (launch, error) {
	l := r.launches[li]
	if l.global != nil {
		return l, nil
	}
	var err error
	if l.global, l.local, err = r.k.LateNDRange(li, vals); err != nil {
		return l, err
	}
	return l, r.lateScratch(l)
}

// lateScratch counts the work-groups of late launch l, which a launch
// that combines its partial results takes, and grows the scratch buffers
// that hold one value per work-group of it to that count (Note [late
// launches] in package abi).
func (r *run) lateScratch(l launch) error {
	n := groupCounts([]launch{l})[l.l.Symbol]
	r.groups[l.l.Symbol] = n
	for _, s := range r.k.Scratch {
		key, bytes := scratchKey+s.Name, int64(max(n, 1)*s.Kind.Bytes())
		if s.Groups != l.l.Symbol || r.bufs[key] != nil && r.bufs[key].Size() >= bytes {
			continue
		}
		b, err := r.ctx.NewBuffer(bytes)
		if err != nil {
			return err
		}
		if old := r.bufs[key]; old != nil {
			old.Release()
		}
		r.bufs[key] = b
	}
	return nil
}

// finish checks the bounds flags and reads the outputs into res.
func (r *run) finish(res *Result) (*Result, error) {
	if err := r.checkBounds(); err != nil {
		return nil, err
	}
	out, err := r.readOutputs()
	if err != nil {
		return nil, err
	}
	res.Outputs = out
	return res, nil
}

// scratchKey prefixes the scratch buffers' names in Run's buffer map,
// apart from the parameters'.
const scratchKey = "scratch:"

// launchArgs returns the arguments of launch l in order: scalar values
// converted to their kinds, buffers (arrays, results, scratch), sizes and
// work-group counts as 32-bit ints.
func launchArgs(k *abi.Kernel, l *abi.Launch, scalars map[string]float64, sizes, groups map[string]int, bufs map[string]*clhost.Buffer) ([]any, error) {
	var args []any
	for _, a := range l.Args {
		switch a.Kind {
		case abi.ScratchArg:
			args = append(args, bufs[scratchKey+a.Name])
			continue
		case abi.GroupsArg:
			args = append(args, int32(groups[a.Name]))
			continue
		case abi.ParamArg:
			p := k.Param(a.Name)
			name := strings.ToLower(p.Name)
			if p.Array || p.Result() {
				args = append(args, bufs[name])
				continue
			}
			v := scalars[name]
			switch p.Kind {
			case abi.Real4:
				args = append(args, float32(v))
			case abi.Real8:
				args = append(args, v)
			case abi.Int64:
				args = append(args, int64(v))
			default:
				args = append(args, int32(v))
			}
		case abi.SizeArg, abi.LoopArg, abi.HostArg: // sizes holds the loop and host variables too (abi.Kernel.Run)
			v, ok := sizes[a.Name]
			if !ok {
				return nil, fmt.Errorf("internal error: runner: %q has no value at launch %s", a.Name, l.Symbol)
			}
			x, err := abi.HostValue(a.Name, a.Type, v)
			if err != nil {
				return nil, err
			}
			args = append(args, x)
		default:
			return nil, fmt.Errorf("internal error: runner: launch argument kind %q is not supported", a.Kind)
		}
	}
	return args, nil
}

func dims(s []int) string {
	p := make([]string, len(s))
	for i, n := range s {
		p[i] = fmt.Sprint(n)
	}
	return strings.Join(p, "x")
}

func write(ctx *clhost.Context, b *clhost.Buffer, a *npy.Array) error {
	switch {
	case a.F32 != nil:
		return ctx.WriteFloat32(b, a.F32)
	case a.F64 != nil:
		return ctx.WriteFloat64(b, a.F64)
	case a.I64 != nil:
		return ctx.WriteInt64(b, a.I64)
	}
	return ctx.WriteInt32(b, a.I32)
}

func read(ctx *clhost.Context, b *clhost.Buffer, a *npy.Array) error {
	switch {
	case a.F32 != nil:
		return ctx.ReadFloat32(b, a.F32)
	case a.F64 != nil:
		return ctx.ReadFloat64(b, a.F64)
	case a.I64 != nil:
		return ctx.ReadInt64(b, a.I64)
	}
	return ctx.ReadInt32(b, a.I32)
}

func human(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d B", b)
}

// FormatScalar spells the one value of a (a scalar result) as Fortran
// would print it in full: all the digits its kind holds, logicals as
// .true. or .false.; "?" when a holds no single value it can print.
func FormatScalar(a *npy.Array, k abi.Kind) string {
	if a != nil && len(a.Shape) == 1 && a.I32 != nil { // maxloc's positions
		parts := make([]string, len(a.I32))
		for i, v := range a.I32 {
			parts[i] = strconv.Itoa(int(v))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	switch {
	case a == nil || a.Len() != 1:
		return "?"
	case a.DType == npy.Float32:
		return strconv.FormatFloat(float64(a.F32[0]), 'g', -1, 32)
	case a.DType == npy.Float64:
		return strconv.FormatFloat(a.F64[0], 'g', -1, 64)
	case a.DType == npy.Int64:
		return strconv.FormatInt(a.I64[0], 10)
	case a.DType != npy.Int32:
		return "?"
	case k == abi.Logical:
		if a.I32[0] != 0 {
			return ".true."
		}
		return ".false."
	}
	return strconv.Itoa(int(a.I32[0]))
}

// swapOut reports whether name is the output of a --swap pair (it starts
// as a copy of the pair's input).
func swapOut(pairs []Swap, name string) bool {
	for _, s := range pairs {
		if strings.EqualFold(s.Out, name) {
			return true
		}
	}
	return false
}

// inputWord is the word (Note [host values] in package abi) of element
// off of input a.
func inputWord(a *npy.Array, off int) int {
	switch {
	case a.F32 != nil, a.F64 != nil:
		return abi.RealWord(a.Float(off))
	case a.I64 != nil:
		return int(a.I64[off])
	}
	return int(a.I32[off])
}
