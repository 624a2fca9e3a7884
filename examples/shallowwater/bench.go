package main

// The benchmark (-bench) reproduces Table 1 of the ForOpenCL paper and goes
// past it: per grid width, the time of one shallow-water step of the
// serial Fortran (gfortran -O3, array and loop forms, separate processes
// that time themselves), of the forocl-generated kernel in each strategy
// and work-group shape, of the hand-written OpenCL kernel, and of a plain
// copy kernel that moves the same 24 bytes per cell: the bandwidth the
// device can reach. Kernel times come from OpenCL profiling events over
// batches of back-to-back launches (a batch lasts at least a few
// milliseconds, so a 1 µs timer does not matter); the median of several
// batches is reported, warm-up excluded.

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/benchreport"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
)

// benchOptions configure a benchmark run.
type benchOptions struct {
	widths   []int
	out      string // directory for bench.md, bench.csv, bench_all.csv, bench.png
	serial   string // path of the serial binary ("" builds it with gfortran when possible, "none" skips)
	fortran  string // directory of wave.f90 (and the regions module dir is ../../fortran relative to it)
	regions  string
	quick    bool // smoke run: one work-group shape per kind, short batches
	maxBytes int64
}

// kernelTime is one measured configuration.
type kernelTime struct {
	width  int
	kind   string // "generated local", "generated direct", "hand-written", "copy"
	tile   string
	median time.Duration
	err    string
}

func parseWidths(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 4 {
			return nil, fmt.Errorf("bad width %q in -widths (want integers >= 4)", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// timer measures launches on a device.
type timer struct {
	ctx   *clhost.Context
	quick bool
}

// measure returns the median time per launch of launch(i), i counting
// launches so callers can alternate buffers.
func (tm *timer) measure(launch func(i int) (*clhost.Event, error)) (time.Duration, error) {
	i := 0
	// A batch of k back-to-back launches reports the sum of their device
	// times divided by k: host overhead between launches is excluded and
	// the 1 µs quantisation of a single event averages out.
	batch := func(k int) (time.Duration, error) {
		events := make([]*clhost.Event, 0, k)
		defer func() {
			for _, ev := range events {
				ev.Close()
			}
		}()
		for j := 0; j < k; j++ {
			ev, err := launch(i)
			i++
			if err != nil {
				return 0, err
			}
			events = append(events, ev)
		}
		var sum time.Duration
		for _, ev := range events {
			d, err := ev.Duration()
			if err != nil {
				return 0, err
			}
			sum += d
		}
		return sum / time.Duration(k), nil
	}
	// Warm-up, then an estimate to size the batches.
	if _, err := batch(3); err != nil {
		return 0, err
	}
	est, err := batch(5)
	if err != nil {
		return 0, err
	}
	target, batches := 20*time.Millisecond, 7
	if tm.quick {
		target, batches = 2*time.Millisecond, 3
	}
	k := 1
	if est > 0 {
		k = int(target / est)
	}
	k = max(1, min(k, 2000))
	if est > 200*time.Millisecond {
		batches = 3
	}
	times := make([]time.Duration, batches)
	for b := range times {
		if times[b], err = batch(k); err != nil {
			return 0, err
		}
	}
	sort.Slice(times, func(a, b int) bool { return times[a] < times[b] })
	return times[len(times)/2], nil
}

const copySource = `
__kernel void copy3(const int n, __global const float* restrict a, __global const float* restrict b,
                    __global const float* restrict c, __global float* restrict x,
                    __global float* restrict y, __global float* restrict z)
{
    const int i = get_global_id(0);
    if (i < n) { x[i] = a[i]; y[i] = b[i]; z[i] = c[i]; }
}
`

// runBench runs the whole sweep and writes the reports.
func runBench(o benchOptions, dev clhost.Device, stdout, stderr io.Writer) error {
	ctx, err := clhost.NewContext(dev)
	if err != nil {
		return err
	}
	defer ctx.Close()
	tm := &timer{ctx: ctx, quick: o.quick}
	fmt.Fprintf(stdout, "device: %s (%s), driver %s, %s\n", dev.Name, dev.Platform, dev.DriverVersion, dev.Version)

	res := driver.Front([]string{filepath.Join(o.fortran, "wave.f90")}, driver.Options{IncludeDirs: []string{o.regions}})
	if res.Diags.HasErrors() {
		return fmt.Errorf("wave.f90: %s", res.Diags.String(res.Sources))
	}
	type variant struct {
		kind string
		tile string
		unit *abi.Unit
	}
	tiles := map[regions.Strategy][]string{
		regions.Local:  {"16x16", "32x8", "16x8", "32x16", "64x4"},
		regions.Direct: {"32x8", "64x4", "128x2", "256x1", "32x4", "16x16"},
	}
	handTiles := []string{"32x8", "64x4", "128x2", "32x4", "16x16"}
	if o.quick {
		tiles = map[regions.Strategy][]string{regions.Local: {"16x16"}, regions.Direct: {"32x8"}}
		handTiles = []string{"32x8"}
	}
	var variants []variant
	add := func(s regions.Strategy, t string, coarsen string, contract bool) error {
		tile, _ := regions.ParseTile(t)
		block, _ := regions.ParseCoarsen(coarsen)
		// Each variant is its own schedule of the same program.
		plan, diags := regions.Schedule(res.Program, regions.Target{Type: dev.Type}, regions.Options{Strategy: s, Tile: tile, Coarsen: block})
		if diags.HasErrors() {
			return fmt.Errorf("schedule: %s", diags.String(res.Sources))
		}
		u := codegen.OpenCL(res.Program, plan, res.Program.Kernels, "wave.f90", codegen.Options{Version: driver.Version, Contract: contract})
		kind := "generated " + s.String()
		if coarsen != "" {
			kind += " coarsen " + coarsen
		}
		if contract {
			kind += " fp-contract"
		}
		variants = append(variants, variant{kind: kind, tile: t, unit: u})
		return nil
	}
	for _, s := range []regions.Strategy{regions.Local, regions.Direct} {
		for _, t := range tiles[s] {
			if err := add(s, t, "", false); err != nil {
				return err
			}
		}
	}
	if !o.quick {
		for _, t := range []string{"32x8", "64x4"} {
			if err := add(regions.Direct, t, "", true); err != nil {
				return err
			}
		}
		for _, c := range []string{"2", "3", "4", "6", "8", "2x2", "2x4", "2x8", "4x4"} {
			for _, t := range []string{"32x4", "64x4", "128x1", "64x2"} {
				if err := add(regions.Direct, t, c, false); err != nil {
					return err
				}
			}
			if err := add(regions.Direct, "128x1", c, true); err != nil {
				return err
			}
		}
	}
	serial, cleanup, err := o.serialBinary(stderr)
	if err != nil {
		return err
	}
	defer cleanup()
	valid, err := validate(ctx, serial, stdout)
	if err != nil {
		return err
	}

	var all []kernelTime
	type row struct {
		width                                     int
		serialArray, serialLoop, gen, hand, copyT float64 // ms
		genCfg, handCfg                           string
	}
	var rows []row
	for _, w := range o.widths {
		n1 := w + 2
		cells := int64(n1) * int64(n1)
		if need := 6 * cells * 4; need > int64(dev.GlobalMem)*9/10 || need > o.maxBytes {
			fmt.Fprintf(stderr, "width %d: skipped, needs %.1f GiB of device memory\n", w, float64(need)/(1<<30))
			continue
		}
		r := row{width: w, serialArray: math.NaN(), serialLoop: math.NaN(), gen: math.NaN(), hand: math.NaN(), copyT: math.NaN()}
		if serial != "" {
			r.serialArray, err = runSerialTimed(serial, w, "array")
			if err != nil {
				return err
			}
			r.serialLoop, err = runSerialTimed(serial, w, "loop")
			if err != nil {
				return err
			}
		}
		// Device state: initial column, so the arithmetic is realistic.
		bufs, err := newBenchState(ctx, w)
		if err != nil {
			return err
		}
		record := func(kind, tile string, d time.Duration, err error) float64 {
			kt := kernelTime{width: w, kind: kind, tile: tile, median: d}
			if err != nil {
				kt.err = err.Error()
				fmt.Fprintf(stderr, "width %d %s %s: %v\n", w, kind, tile, err)
			}
			all = append(all, kt)
			if err != nil {
				return math.NaN()
			}
			return float64(d.Nanoseconds()) / 1e6
		}
		best := func(cur *float64, cfg *string, ms float64, name string) {
			if !math.IsNaN(ms) && (math.IsNaN(*cur) || ms < *cur) {
				*cur, *cfg = ms, name
			}
		}
		for _, v := range variants {
			d, err := timeGenerated(tm, v.unit, bufs)
			best(&r.gen, &r.genCfg, record(v.kind, v.tile, d, err), v.kind+" "+v.tile)
		}
		for _, t := range handTiles {
			tile, _ := regions.ParseTile(t)
			d, err := timeHand(tm, bufs, tile)
			best(&r.hand, &r.handCfg, record("hand-written", t, d, err), t)
		}
		d, err := timeCopy(tm, bufs)
		r.copyT = record("copy", "256", d, err)
		bufs.release()
		rows = append(rows, r)
		fmt.Fprintf(stderr, "width %5d: serial %8.3f ms, generated %8.4f ms (%s), hand-written %8.4f ms, copy %8.4f ms\n", w, r.serialArray, r.gen, r.genCfg, r.hand, r.copyT)
	}

	// Reports.
	gbs := func(w int, ms float64) float64 { return 24 * float64(w) * float64(w) / (ms * 1e-3) / 1e9 }
	tab := &benchreport.Table{
		Header: []string{"width", "serial array ms", "serial loop ms", "generated ms", "generated config", "hand-written ms", "speedup vs serial", "hand/generated", "generated GB/s", "copy GB/s", "% of copy"},
		Align:  []byte("rrrrlrrrrrr"),
	}
	f := func(x float64, prec int) string {
		if math.IsNaN(x) {
			return "-"
		}
		return strconv.FormatFloat(x, 'f', prec, 64)
	}
	var xs, sa, sl, gen, hand, cp []float64
	for _, r := range rows {
		bestSerial := math.Min(r.serialArray, r.serialLoop)
		if math.IsNaN(r.serialArray) {
			bestSerial = r.serialLoop
		} else if math.IsNaN(r.serialLoop) {
			bestSerial = r.serialArray
		}
		copyBW := 24 * float64(r.width+2) * float64(r.width+2) / (r.copyT * 1e-3) / 1e9
		tab.Rows = append(tab.Rows, []string{
			strconv.Itoa(r.width), f(r.serialArray, 3), f(r.serialLoop, 3), f(r.gen, 4), r.genCfg, f(r.hand, 4),
			f(bestSerial/r.gen, 1), f(r.hand/r.gen, 2), f(gbs(r.width, r.gen), 1), f(copyBW, 1), f(100*gbs(r.width, r.gen)/copyBW, 1),
		})
		xs = append(xs, float64(r.width))
		sa, sl, gen, hand, cp = append(sa, r.serialArray), append(sl, r.serialLoop), append(gen, r.gen), append(hand, r.hand), append(cp, r.copyT)
	}
	var md bytes.Buffer
	fmt.Fprintf(&md, "Device: %s (%s), driver %s, %s; %d compute units, %.1f GiB.\n\n", dev.Name, dev.Platform, dev.DriverVersion, dev.Version, dev.ComputeUnits, float64(dev.GlobalMem)/(1<<30))
	fmt.Fprintf(&md, "Times are per shallow-water step of the wave_advance kernel (boundary conditions excluded), median of batches of back-to-back launches timed with OpenCL profiling events; serial times are gfortran -O3 on the host, one core. GB/s = 24 bytes x width^2 / time (H, U, V read and written once).\n\n")
	if err := tab.Markdown(&md); err != nil {
		return err
	}
	md.WriteString("\n" + valid)
	var csvB bytes.Buffer
	if err := tab.CSV(&csvB); err != nil {
		return err
	}
	allTab := &benchreport.Table{Header: []string{"width", "kernel", "work-group", "ms", "GB/s", "error"}, Align: []byte("rllrrl")}
	for _, k := range all {
		ms := float64(k.median.Nanoseconds()) / 1e6
		allTab.Rows = append(allTab.Rows, []string{strconv.Itoa(k.width), k.kind, k.tile, f(ms, 5), f(gbs(k.width, ms), 1), k.err})
	}
	var allB bytes.Buffer
	if err := allTab.CSV(&allB); err != nil {
		return err
	}
	var pngB bytes.Buffer
	series := []benchreport.Series{
		{Name: "serial -O3, array syntax", X: xs, Y: sa},
		{Name: "serial -O3, loops", X: xs, Y: sl},
		{Name: "forocl generated", X: xs, Y: gen},
		{Name: "hand-written OpenCL", X: xs, Y: hand},
		{Name: "copy of 24 B/cell", X: xs, Y: cp},
	}
	if err := benchreport.PlotLogLog(&pngB, "Shallow-water step on "+dev.Name, "grid width", "ms per step", xs, series); err != nil {
		return err
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	for name, data := range map[string][]byte{"bench.md": md.Bytes(), "bench.csv": csvB.Bytes(), "bench_all.csv": allB.Bytes(), "bench.png": pngB.Bytes()} {
		if err := fsutil.WriteFile(filepath.Join(o.out, name), data, 0o644); err != nil {
			return err
		}
	}
	stdout.Write(md.Bytes())
	fmt.Fprintf(stdout, "\nwrote %s/bench.md, bench.csv, bench_all.csv, bench.png\n", o.out)
	return nil
}

// serialBinary returns the serial program, building it with gfortran -O3
// when no path was given.
func (o benchOptions) serialBinary(stderr io.Writer) (string, func(), error) {
	none := func() {}
	if o.serial == "none" {
		return "", none, nil
	}
	if o.serial != "" {
		return o.serial, none, nil
	}
	if _, err := exec.LookPath("gfortran"); err != nil {
		fmt.Fprintln(stderr, "bench: gfortran not found; serial times are left out (give -serial PATH to a build of fortran/serial.f90)")
		return "", none, nil
	}
	dir, err := os.MkdirTemp("", "forocl-bench")
	if err != nil {
		return "", none, err
	}
	exe := filepath.Join(dir, "shallow_serial")
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	cmd := exec.Command("gfortran", "-O3", "-J", dir, "-o", exe, abs(filepath.Join(o.regions, "forocl_regions.f90")),
		abs(filepath.Join(o.fortran, "wave.f90")), abs(filepath.Join(o.fortran, "wave_dp.f90")), abs(filepath.Join(o.fortran, "serial.f90")))
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", none, fmt.Errorf("building the serial program: %v\n%s", err, out)
	}
	return exe, func() { os.RemoveAll(dir) }, nil
}

// runSerialTimed runs the serial program for a few steps and returns its
// own ms per step.
func runSerialTimed(exe string, w int, mode string) (float64, error) {
	steps := max(2, min(200, int(4e7/float64(w*w))))
	dir, err := os.MkdirTemp("", "forocl-serial")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command(exe, strconv.Itoa(w), strconv.Itoa(w), strconv.Itoa(steps), "0.05", dir+"/", "column", mode, "sp")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("serial %d %s: %v\n%s", w, mode, err, out)
	}
	for _, f := range strings.Fields(string(out)) {
		if v, ok := strings.CutPrefix(f, "ms_per_step="); ok {
			return strconv.ParseFloat(v, 64)
		}
	}
	return 0, fmt.Errorf("serial %d %s: no ms_per_step in output:\n%s", w, mode, out)
}

// benchState is two sets of device arrays for ping-pong launches.
type benchState struct {
	ctx *clhost.Context
	s   [2]state
	n1  int
}

func newBenchState(ctx *clhost.Context, w int) (*benchState, error) {
	b := &benchState{ctx: ctx, n1: w + 2}
	h := InitialHeight("column", w, w)
	hf := make([]float32, len(h))
	for i, x := range h {
		hf[i] = float32(x)
	}
	zero := make([]float32, len(h))
	for i := range b.s {
		for _, p := range []struct {
			a    **clhost.Array
			data []float32
		}{{&b.s[i].h, hf}, {&b.s[i].u, zero}, {&b.s[i].v, zero}} {
			a, err := ctx.NewArray(clhost.Float32, b.n1, b.n1)
			if err != nil {
				b.release()
				return nil, err
			}
			*p.a = a
			if err := ctx.WriteFloat32(a.Buffer, p.data); err != nil {
				b.release()
				return nil, err
			}
		}
	}
	return b, nil
}

func (b *benchState) release() {
	for _, s := range b.s {
		for _, a := range []*clhost.Array{s.h, s.u, s.v} {
			if a != nil {
				a.Close()
			}
		}
	}
}

func timeGenerated(tm *timer, u *abi.Unit, b *benchState) (time.Duration, error) {
	prog, err := tm.ctx.BuildProgram(u.Source, "")
	if err != nil {
		return 0, err
	}
	defer prog.Close()
	l := u.Kernels[0].Launches[0]
	// One kernel object per direction of the ping-pong, so no arguments
	// are set between launches.
	var ks [2]*clhost.Kernel
	for i := range ks {
		if ks[i], err = prog.Kernel(l.Symbol); err != nil {
			return 0, err
		}
		defer ks[i].Close()
		in, out := b.s[i], b.s[1-i]
		if err := ks[i].SetArgs(float32(1), float32(1), float32(0.05), in.h.Buffer, in.u.Buffer, in.v.Buffer, out.h.Buffer, out.u.Buffer, out.v.Buffer, int32(b.n1), int32(b.n1)); err != nil {
			return 0, err
		}
	}
	global, local, err := l.NDRange(map[string]int{"n1": b.n1, "n2": b.n1})
	if err != nil {
		return 0, err
	}
	return tm.measure(func(i int) (*clhost.Event, error) {
		return tm.ctx.Launch(ks[i%2], global, local)
	})
}

func timeHand(tm *timer, b *benchState, tile []int) (time.Duration, error) {
	prog, err := tm.ctx.BuildProgram(handwrittenSource, "")
	if err != nil {
		return 0, err
	}
	defer prog.Close()
	var ks [2]*clhost.Kernel
	for i := range ks {
		if ks[i], err = prog.Kernel("sw_step"); err != nil {
			return 0, err
		}
		defer ks[i].Close()
		in, out := b.s[i], b.s[1-i]
		if err := ks[i].SetArgs(int32(b.n1), int32(b.n1), float32(1), float32(1), float32(0.05), in.h.Buffer, in.u.Buffer, in.v.Buffer, out.h.Buffer, out.u.Buffer, out.v.Buffer); err != nil {
			return 0, err
		}
	}
	global, local, err := clhost.LaunchSize([]int{b.n1, b.n1}, []int{0, 0}, nil, tile)
	if err != nil {
		return 0, err
	}
	return tm.measure(func(i int) (*clhost.Event, error) {
		return tm.ctx.Launch(ks[i%2], global, local)
	})
}

func timeCopy(tm *timer, b *benchState) (time.Duration, error) {
	prog, err := tm.ctx.BuildProgram(copySource, "")
	if err != nil {
		return 0, err
	}
	defer prog.Close()
	n := b.n1 * b.n1
	var ks [2]*clhost.Kernel
	for i := range ks {
		if ks[i], err = prog.Kernel("copy3"); err != nil {
			return 0, err
		}
		defer ks[i].Close()
		in, out := b.s[i], b.s[1-i]
		if err := ks[i].SetArgs(int32(n), in.h.Buffer, in.u.Buffer, in.v.Buffer, out.h.Buffer, out.u.Buffer, out.v.Buffer); err != nil {
			return 0, err
		}
	}
	global := []int{(n + 255) / 256 * 256}
	return tm.measure(func(i int) (*clhost.Event, error) {
		return tm.ctx.Launch(ks[i%2], global, []int{256})
	})
}

// serialState runs the serial program for steps and returns its final H, U,
// V (full arrays, column-major).
func serialState(exe string, cfg Config, steps int) ([3][]float64, error) {
	var res [3][]float64
	dir, err := os.MkdirTemp("", "forocl-serial")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(dir)
	prec := "sp"
	if cfg.Double {
		prec = "dp"
	}
	cmd := exec.Command(exe, strconv.Itoa(cfg.NX), strconv.Itoa(cfg.NY), strconv.Itoa(steps), fmt.Sprint(cfg.DT), dir+"/", cfg.Init, "array", prec)
	if out, err := cmd.CombinedOutput(); err != nil {
		return res, fmt.Errorf("serial run: %v\n%s", err, out)
	}
	for i, name := range []string{"H", "U", "V"} {
		a, err := npy.Read(filepath.Join(dir, name+".npy"))
		if err != nil {
			return res, err
		}
		if len(a.Shape) != 2 || a.Shape[0] != cfg.NX+2 || a.Shape[1] != cfg.NY+2 {
			return res, fmt.Errorf("serial %s has shape %v", name, a.Shape)
		}
		res[i] = make([]float64, a.Len())
		for j := range res[i] {
			if a.F32 != nil {
				res[i][j] = float64(a.F32[j])
			} else {
				res[i][j] = a.F64[j]
			}
		}
	}
	return res, nil
}

// deviceState runs the simulation on the device for steps.
func deviceState(ctx *clhost.Context, cfg Config, steps int) ([3][]float64, error) {
	var res [3][]float64
	sim, err := NewSim(ctx, cfg)
	if err != nil {
		return res, err
	}
	defer sim.Close()
	for i := 0; i < steps; i++ {
		if err := sim.Step(); err != nil {
			return res, err
		}
	}
	h, u, v, err := sim.State()
	return [3][]float64{h, u, v}, err
}

// maxRelDiff is max |a-b| over all cells divided by max |b| (so near-zero
// momenta do not blow up the ratio); +Inf if either has a NaN.
func maxRelDiff(a, b []float64) float64 {
	scale := 0.0
	for _, x := range b {
		scale = math.Max(scale, math.Abs(x))
	}
	worst := 0.0
	for i := range a {
		if math.IsNaN(a[i]) || math.IsNaN(b[i]) {
			return math.Inf(1)
		}
		worst = math.Max(worst, math.Abs(a[i]-b[i])/math.Max(scale, 1e-30))
	}
	return worst
}

// validate runs the generated kernels (both strategies) and the
// hand-written one for 200 steps on two grids, one not a multiple of any
// work-group, and compares them with the serial Fortran (or, without it,
// with each other). It fails the benchmark when any differs by more than
// 1e-4, and returns a Markdown summary.
func validate(ctx *clhost.Context, serial string, stdout io.Writer) (string, error) {
	var b strings.Builder
	ref := "serial gfortran"
	if serial == "" {
		ref = "the generated local kernel (no serial program)"
	}
	fmt.Fprintf(&b, "Validation: 200 steps from the raised column, all of H, U, V compared with %s; max |difference| / max |value|.\n\n", ref)
	tab := &benchreport.Table{Header: []string{"grid", "kernel", "H", "U", "V"}, Align: []byte("llrrr")}
	for _, g := range [][2]int{{64, 64}, {50, 37}} {
		base := Config{NX: g[0], NY: g[1], DT: 0.05, Init: "column", Strategy: "local"}
		var want [3][]float64
		var err error
		if serial != "" {
			want, err = serialState(serial, base, 200)
		} else {
			want, err = deviceState(ctx, base, 200)
		}
		if err != nil {
			return "", err
		}
		for _, kc := range []struct {
			name string
			cfg  Config
		}{
			{"generated local", base},
			{"generated direct", Config{NX: g[0], NY: g[1], DT: 0.05, Init: "column", Strategy: "direct"}},
			{"generated coarse (direct, 2x4 cells/work-item)", Config{NX: g[0], NY: g[1], DT: 0.05, Init: "column", Strategy: "coarse"}},
			{"hand-written", Config{NX: g[0], NY: g[1], DT: 0.05, Init: "column", Strategy: "local", Handwritten: true}},
		} {
			got, err := deviceState(ctx, kc.cfg, 200)
			if err != nil {
				return "", err
			}
			row := []string{fmt.Sprintf("%dx%d", g[0], g[1]), kc.name}
			for i := range got {
				d := maxRelDiff(got[i], want[i])
				row = append(row, fmt.Sprintf("%.2g", d))
				if !(d < 1e-4) {
					return "", fmt.Errorf("validation failed: %s on %dx%d differs from %s by %.3g in %c", kc.name, g[0], g[1], ref, d, "HUV"[i])
				}
			}
			tab.Rows = append(tab.Rows, row)
		}
	}
	if err := tab.Markdown(&b); err != nil {
		return "", err
	}
	fmt.Fprint(stdout, b.String())
	return b.String(), nil
}
