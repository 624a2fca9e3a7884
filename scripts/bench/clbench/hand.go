package main

import "github.com/forocl/forocl/clhost"

// data holds a kernel's outputs by name, column-major, as float64 whatever
// the kind (and the result "s" of a dot): what -check compares.
type data map[string][]float64

// elements is the length of array a of sp at size n (for the
// BabelStream-style and flat kernels, n is the element count).
func elements(a array, n int) int {
	e := 1
	for _, d := range a.shape.dims(n) {
		e *= d
	}
	return e
}

// hand runs sp's hand-written kernel at size n in kind (element bytes) on
// the inputs `forocl run --grid` gives sp's Fortran kernel (input): with
// out nil, it returns the median ms of b.repeat launches after one warm-up
// (a dot: both launches); with out, it runs once and stores the outputs
// in out.
func (b *bench) hand(sp spec, n, kind int, out data) (float64, error) {
	k, err := b.prog[kind].Kernel(sp.hand)
	if err != nil {
		return 0, err
	}
	defer k.Close()
	args := []any{int32(n)}
	flatArgs := len(sp.arrays) > 0 && sp.arrays[0].shape == flat
	if !flatArgs {
		args = append(args, int32(n))
	}
	if sp.scalar != "" {
		args = append(args, scalarValue(sp, kind))
	}
	bufs := map[string]*clhost.Buffer{}
	defer func() {
		for _, buf := range bufs {
			buf.Close()
		}
	}()
	for _, a := range sp.arrays {
		buf, err := b.upload(sp, a, n, kind)
		if err != nil {
			return 0, err
		}
		bufs[a.name] = buf
		args = append(args, buf)
	}
	global, loc := []int{roundUp(n, 256)}, []int{256}
	if !flatArgs {
		global, loc = []int{roundUp(n+5, b.local[0]), roundUp(n+1, b.local[1])}, b.local
	}
	launch := func() (float64, error) { return b.launch(k, global, loc, args) }
	var dot *dotRun
	if sp.dot {
		if dot, err = b.newDot(sp.hand, kind, args); err != nil {
			return 0, err
		}
		defer dot.close()
		launch = dot.launch
	}
	if out != nil {
		if _, err := launch(); err != nil {
			return 0, err
		}
		if dot != nil {
			s, err := dot.result()
			out[resultName(sp)] = []float64{s}
			return 0, err
		}
		return 0, b.download(sp, n, kind, bufs, out)
	}
	var times []float64
	for i := 0; i <= b.repeat; i++ {
		ms, err := launch()
		if err != nil {
			return 0, err
		}
		if i > 0 { // the first is the warm-up
			times = append(times, ms)
		}
	}
	return median(times), nil
}

// resultName is the name of sp's scalar result.
func resultName(sp spec) string {
	if sp.result != "" {
		return sp.result
	}
	return "s"
}

func scalarValue(sp spec, kind int) any {
	v := 0.4
	if sp.scalar == "dt" {
		v = 0.01
	}
	if kind == 4 {
		return float32(v)
	}
	return v
}

func roundUp(n, m int) int { return (n + m - 1) / m * m }

// launch runs k once and returns its device time in ms.
func (b *bench) launch(k *clhost.Kernel, global, local []int, args []any) (float64, error) {
	ev, err := b.ctx.LaunchWith(k, global, local, args...)
	if err != nil {
		return 0, err
	}
	defer ev.Close()
	t, err := ev.Duration()
	return float64(t.Nanoseconds()) / 1e6, err
}

// upload makes the buffer of array a of sp at size n, holding its input.
func (b *bench) upload(sp spec, a array, n, kind int) (*clhost.Buffer, error) {
	in, err := b.input(sp, a, n, kind)
	if err != nil {
		return nil, err
	}
	buf, err := b.ctx.NewBuffer(int64(in.Len() * kind))
	if err != nil {
		return nil, err
	}
	if kind == 4 {
		err = b.ctx.WriteFloat32(buf, in.F32)
	} else {
		err = b.ctx.WriteFloat64(buf, in.F64)
	}
	if err != nil {
		buf.Close()
		return nil, err
	}
	return buf, nil
}

// download reads the written arrays of sp into d.
func (b *bench) download(sp spec, n, kind int, bufs map[string]*clhost.Buffer, d data) error {
	for _, a := range sp.arrays {
		if !a.out {
			continue
		}
		v, err := b.read(bufs[a.name], elements(a, n), kind)
		if err != nil {
			return err
		}
		d[a.name] = v
	}
	return nil
}

func (b *bench) read(buf *clhost.Buffer, e, kind int) ([]float64, error) {
	out := make([]float64, e)
	if kind == 4 {
		h := make([]float32, e)
		if err := b.ctx.ReadFloat32(buf, h); err != nil {
			return nil, err
		}
		for i, x := range h {
			out[i] = float64(x)
		}
		return out, nil
	}
	return out, b.ctx.ReadFloat64(buf, out)
}

// dotRun is the two launches of a hand-written reduction: the kernel (b_dot,
// mass_sum) over dotGroups work-groups of 256 (a grid-stride loop), then
// b_dot_fold.
type dotRun struct {
	b          *bench
	part, sum  *clhost.Buffer
	k, fold    *clhost.Kernel
	args, fArg []any
	kind       int
}

const dotGroups = 1024

func (b *bench) newDot(name string, kind int, args []any) (*dotRun, error) {
	r := &dotRun{b: b, kind: kind}
	var err error
	if r.part, err = b.ctx.NewBuffer(int64(dotGroups * kind)); err != nil {
		return nil, err
	}
	if r.sum, err = b.ctx.NewBuffer(int64(kind)); err != nil {
		r.close()
		return nil, err
	}
	if r.k, err = b.prog[kind].Kernel(name); err == nil {
		r.fold, err = b.prog[kind].Kernel("b_dot_fold")
	}
	if err != nil {
		r.close()
		return nil, err
	}
	r.args = append(append([]any(nil), args...), r.part)
	r.fArg = []any{int32(dotGroups), r.part, r.sum}
	return r, nil
}

func (r *dotRun) launch() (float64, error) {
	a, err := r.b.launch(r.k, []int{dotGroups * 256}, []int{256}, r.args)
	if err != nil {
		return 0, err
	}
	f, err := r.b.launch(r.fold, []int{256}, []int{256}, r.fArg)
	return a + f, err
}

func (r *dotRun) result() (float64, error) {
	v, err := r.b.read(r.sum, 1, r.kind)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

func (r *dotRun) close() {
	for _, k := range []*clhost.Kernel{r.k, r.fold} {
		if k != nil {
			k.Close()
		}
	}
	for _, buf := range []*clhost.Buffer{r.part, r.sum} {
		if buf != nil {
			buf.Close()
		}
	}
}
