// Package runner launches any generated kernel on NumPy arrays: the engine
// behind `forocl run` and the OpenCL side of the numeric tests. It takes a
// codegen.Unit and one of its kernels, scalar values and .npy arrays, and
// returns the output arrays and, when asked to repeat, kernel timings.
package runner

import (
	"errors"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"time"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/npy"
)

// Job is one kernel launch (or a timed series of launches).
type Job struct {
	Unit   *codegen.Unit
	ABI    *codegen.KernelABI
	Kernel *ir.Kernel
	// Scalars holds every scalar dummy's value by lower-case name.
	Scalars map[string]float64
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
}

// KindDType is the NumPy dtype holding values of kind k.
func KindDType(k ir.Kind) npy.DType {
	switch k {
	case ir.Real8:
		return npy.Float64
	case ir.Real4:
		return npy.Float32
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
	get := func(i int) float64 {
		switch {
		case a.F32 != nil:
			return float64(a.F32[i])
		case a.F64 != nil:
			return a.F64[i]
		}
		return float64(a.I32[i])
	}
	out := &npy.Array{DType: dt, Shape: append([]int(nil), a.Shape...)}
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
		n *= s
	}
	switch dt {
	case npy.Float32:
		a.F32 = make([]float32, n)
	case npy.Float64:
		a.F64 = make([]float64, n)
	default:
		a.I32 = make([]int32, n)
	}
	return a
}

func shapeString(s []int) string {
	p := make([]string, len(s))
	for i, n := range s {
		p[i] = fmt.Sprint(n)
	}
	return "(" + strings.Join(p, ", ") + ")"
}

func elemBytes(dt npy.DType) int64 {
	if dt == npy.Float64 {
		return 8
	}
	return 4
}

// Prepare checks j against the kernel's interface and returns the arrays
// of every array dummy (zeros for outputs not given), and the grid shape.
func Prepare(j *Job) (map[string]*npy.Array, []int, error) {
	k := j.Kernel
	arrays := map[string]*npy.Array{}
	var shape []int
	var shapeFrom string
	var missing []string
	for _, v := range k.Params {
		name := strings.ToLower(v.Name)
		isArray := v.Rank > 0 || k.Elemental
		if !isArray {
			if _, ok := j.Scalars[name]; !ok {
				missing = append(missing, v.Name)
			}
			continue
		}
		a, ok := j.Arrays[name]
		if !ok {
			if v.Intent == ir.In {
				return nil, nil, fmt.Errorf("kernel %q needs input array %q: give it with --in %s=FILE.npy", k.Name, v.Name, v.Name)
			}
			continue
		}
		if a.DType != KindDType(v.Kind) {
			return nil, nil, fmt.Errorf("array %q holds %v but %q declares it %v", v.Name, a.DType, k.Name, v.Kind)
		}
		if !k.Elemental && len(a.Shape) != k.Rank {
			return nil, nil, fmt.Errorf("array %q has shape %s but kernel %q takes %d-D arrays", v.Name, shapeString(a.Shape), k.Name, k.Rank)
		}
		if shape == nil {
			shape, shapeFrom = a.Shape, v.Name
		} else if !equal(shape, a.Shape) {
			return nil, nil, fmt.Errorf("array %q has shape %s but %q has %s; all arrays of a kernel share one grid", v.Name, shapeString(a.Shape), shapeFrom, shapeString(shape))
		}
		arrays[name] = a
	}
	if len(missing) > 0 {
		sets := make([]string, len(missing))
		for i, m := range missing {
			sets[i] = "--set " + m + "=VALUE"
		}
		return nil, nil, fmt.Errorf("kernel %q needs scalar %s: give %s", k.Name, quoteList(missing), strings.Join(sets, " "))
	}
	if shape == nil {
		return nil, nil, fmt.Errorf("kernel %q: no array given, so the grid shape is unknown", k.Name)
	}
	for _, v := range k.Params {
		name := strings.ToLower(v.Name)
		if (v.Rank > 0 || k.Elemental) && arrays[name] == nil {
			arrays[name] = Zeros(KindDType(v.Kind), shape)
		}
	}
	return arrays, shape, nil
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Run executes j on ctx. It checks what it can (interface, shapes,
// device memory, work-group and local memory limits, double precision)
// before it builds or allocates anything.
func Run(ctx *clhost.Context, j Job) (*Result, error) {
	arrays, shape, err := Prepare(&j)
	if err != nil {
		return nil, err
	}
	canceled := func() bool {
		select {
		case <-j.Cancel:
			return true
		default:
			return false
		}
	}
	k := j.Kernel
	n := shape
	total := 1
	for _, s := range shape {
		total *= s
	}
	if k.Elemental {
		n = []int{total}
	}
	global, local, err := clhost.LaunchSize(n, j.ABI.Shrink[:len(n)], j.ABI.Coarsen, j.ABI.Local)
	if err != nil {
		return nil, fmt.Errorf("kernel %q: %v", k.Name, err)
	}
	// Check memory before allocating anything.
	dev := ctx.Device()
	var need int64
	var largest int64
	for _, a := range arrays {
		b := int64(a.Len()) * elemBytes(a.DType)
		need += b
		largest = max(largest, b)
	}
	if need > int64(dev.GlobalMem) {
		return nil, fmt.Errorf("the arrays need %s of device memory but %s has %s", human(need), dev.Name, human(int64(dev.GlobalMem)))
	}
	if dev.MaxAlloc > 0 && largest > int64(dev.MaxAlloc) {
		return nil, fmt.Errorf("one array needs %s but %s allocates at most %s per buffer", human(largest), dev.Name, human(int64(dev.MaxAlloc)))
	}
	if j.Unit.FP64 && !dev.FP64 {
		return nil, fmt.Errorf("kernel %q uses real(8) but %s has no double precision (cl_khr_fp64); choose another device", k.Name, dev.Name)
	}
	items := 1
	for _, l := range local {
		items *= l
	}
	if dev.MaxWorkGroupSize > 0 && items > dev.MaxWorkGroupSize {
		return nil, fmt.Errorf("kernel %q: work-group %s has %d work-items but %s allows at most %d; use a smaller tile", k.Name, codegen.TileString(local), items, dev.Name, dev.MaxWorkGroupSize)
	}
	if dev.LocalMem > 0 && uint64(j.ABI.LocalBytes) > dev.LocalMem {
		return nil, fmt.Errorf("kernel %q needs %s of local memory per work-group (tile %s) but %s has %s; use a smaller tile or the direct strategy", k.Name, human(int64(j.ABI.LocalBytes)), codegen.TileString(local), dev.Name, human(int64(dev.LocalMem)))
	}

	if canceled() {
		return nil, ErrCanceled
	}
	prog, err := ctx.BuildProgram(j.Unit.Source, "")
	if err != nil {
		return nil, err
	}
	defer prog.Release()
	if canceled() {
		return nil, ErrCanceled
	}
	kern, err := prog.Kernel(j.ABI.Symbol)
	if err != nil {
		return nil, err
	}
	defer kern.Release()

	bufs := map[string]*clhost.Buffer{}
	defer func() {
		for _, b := range bufs {
			b.Release()
		}
	}()
	names := make([]string, 0, len(arrays))
	for name := range arrays {
		names = append(names, name)
	}
	sort.Strings(names)
	res := &Result{
		Outputs:  map[string]*npy.Array{},
		Shape:    append([]int(nil), shape...),
		Global:   global,
		Local:    local,
		BuildLog: prog.Log(),
		Cached:   prog.FromCache(),
	}
	for _, name := range names {
		a := arrays[name]
		size := int64(a.Len()) * elemBytes(a.DType)
		res.Bytes += size
		b, err := ctx.NewBuffer(max(size, 4))
		if err != nil {
			return nil, err
		}
		bufs[name] = b
		if err := write(ctx, b, a); err != nil {
			return nil, err
		}
	}
	var args []any
	for _, a := range j.ABI.Args {
		name := strings.ToLower(a.Name)
		switch a.Kind {
		case codegen.ScalarArg:
			v := j.Scalars[name]
			switch a.Type {
			case ir.Real4:
				args = append(args, float32(v))
			case ir.Real8:
				args = append(args, v)
			default:
				args = append(args, int32(v))
			}
		case codegen.ArrayArg:
			args = append(args, bufs[name])
		case codegen.ExtentArg:
			args = append(args, int32(n[a.Dim]))
		}
	}
	if err := kern.SetArgs(args...); err != nil {
		return nil, err
	}
	launches := 1
	if j.Repeat > 0 {
		launches = j.Repeat + 1
	}
	for i := 0; i < launches; i++ {
		if canceled() {
			return nil, ErrCanceled
		}
		ev, err := ctx.Launch(kern, global, local)
		if err != nil {
			return nil, err
		}
		if err := ev.Wait(); err != nil {
			ev.Release()
			return nil, err
		}
		if j.Repeat > 0 && i > 0 {
			d, err := ev.Duration()
			if err != nil {
				ev.Release()
				return nil, err
			}
			res.Times = append(res.Times, d)
		}
		ev.Release()
	}
	if len(res.Times) > 0 {
		s := append([]time.Duration(nil), res.Times...)
		sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
		res.Median = s[len(s)/2]
	}
	if canceled() {
		return nil, ErrCanceled
	}
	for _, v := range k.Params {
		if v.Intent == ir.In || (v.Rank == 0 && !k.Elemental) {
			continue
		}
		name := strings.ToLower(v.Name)
		out := Zeros(arrays[name].DType, shape)
		if err := read(ctx, bufs[name], out); err != nil {
			return nil, err
		}
		res.Outputs[name] = out
	}
	return res, nil
}

func write(ctx *clhost.Context, b *clhost.Buffer, a *npy.Array) error {
	switch {
	case a.F32 != nil:
		return ctx.WriteFloat32(b, a.F32)
	case a.F64 != nil:
		return ctx.WriteFloat64(b, a.F64)
	}
	return ctx.WriteInt32(b, a.I32)
}

func read(ctx *clhost.Context, b *clhost.Buffer, a *npy.Array) error {
	switch {
	case a.F32 != nil:
		return ctx.ReadFloat32(b, a.F32)
	case a.F64 != nil:
		return ctx.ReadFloat64(b, a.F64)
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
