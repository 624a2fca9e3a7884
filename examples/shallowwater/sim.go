package main

import (
	_ "embed"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/examples/shallowwater/wavecoarse"
	"github.com/forocl/forocl/examples/shallowwater/wavedirect"
	"github.com/forocl/forocl/examples/shallowwater/wavelocal"
)

// gravity is g of the Fortran module (real, parameter :: g = 9.80).
const gravity = 9.80

//go:embed handwritten.cl
var handwrittenSource string

// Config describes one simulation.
type Config struct {
	NX, NY   int     // interior cells; arrays are (NX+2) x (NY+2) with a one-cell halo
	DT       float64 // time step; dx = dy = 1
	Init     string  // "column" (smooth raised column) or "dambreak" (sharp circular dam)
	Strategy string  // "local", "direct", "coarse" (direct, 2x4 cells per work-item), or "auto" (coarse on GPUs, else direct)
	Double   bool    // real(8) kernel (wave_dp.f90)
	// Handwritten replaces the generated kernel by the hand-written
	// OpenCL of handwritten.cl (real(4) only), for comparison.
	Handwritten bool
}

// Validate checks the configuration, including the CFL limit of the
// initial state.
func (c Config) Validate() error {
	if c.NX < 1 || c.NY < 1 {
		return fmt.Errorf("grid %dx%d: both sizes must be at least 1", c.NX, c.NY)
	}
	if !(c.DT > 0) {
		return fmt.Errorf("dt=%g: the time step must be positive", c.DT)
	}
	if c.Init != "column" && c.Init != "dambreak" {
		return fmt.Errorf("unknown initial condition %q (want column or dambreak)", c.Init)
	}
	if c.Handwritten && c.Double {
		return fmt.Errorf("the hand-written kernel is real(4) only")
	}
	switch c.Strategy {
	case "local", "direct", "coarse", "auto":
	default:
		return fmt.Errorf("unknown strategy %q (want auto, local, direct or coarse)", c.Strategy)
	}
	if limit := c.CFLLimit(); c.DT > limit {
		return fmt.Errorf("dt=%g violates the CFL limit dt <= dx/(sqrt(g*h)+|u|) = %.4g for this initial state", c.DT, limit)
	}
	return nil
}

// CFLLimit is dx/(sqrt(g*max h)+max|u|) of the initial state (u = 0).
// Both initial states peak at the grid centre, so the maximum is taken over
// the cells around it (no grid-sized allocation: the limit is checked
// before the device's memory is).
func (c Config) CFLLimit() float64 {
	hmax := 0.0
	ci, cj := int(0.5*float64(c.NX)+1.5), int(0.5*float64(c.NY)+1.5)
	for j := max(1, cj-2); j <= min(c.NY+2, cj+2); j++ {
		for i := max(1, ci-2); i <= min(c.NX+2, ci+2); i++ {
			hmax = math.Max(hmax, heightAt(c.Init, c.NX, c.NY, i, j))
		}
	}
	return 1 / math.Sqrt(gravity*hmax)
}

// heightAt is the initial water height of cell (i, j) (1-based, halo
// included), computed in double precision exactly as serial.f90's
// initial_height: the cell's centre is at x = i-1.5, y = j-1.5.
func heightAt(init string, nx, ny, i, j int) float64 {
	xc, yc := 0.5*float64(nx), 0.5*float64(ny)
	m := float64(min(nx, ny))
	s, r0 := m/10, m/5
	x, y := float64(i)-1.5, float64(j)-1.5
	d2 := (x-xc)*(x-xc) + (y-yc)*(y-yc)
	if init == "dambreak" {
		if d2 < r0*r0 {
			return 2
		}
		return 1
	}
	return 1 + math.Exp(-d2/(2*s*s))
}

// InitialHeight returns the initial water height on the full
// (nx+2) x (ny+2) array in column-major order.
func InitialHeight(init string, nx, ny int) []float64 {
	n1, n2 := nx+2, ny+2
	h := make([]float64, n1*n2)
	for j := 1; j <= n2; j++ {
		for i := 1; i <= n1; i++ {
			h[(i-1)+(j-1)*n1] = heightAt(init, nx, ny, i, j)
		}
	}
	return h
}

// AutoStrategy is the generated kernel the benchmarks chose for a device:
// coarse on GPUs, direct elsewhere (see BENCHMARKS.md).
func AutoStrategy(d clhost.Device) string {
	if d.Type == "GPU" {
		return "coarse"
	}
	return "direct"
}

// Strategy returns the generated kernel the simulation runs.
func (s *Sim) Strategy() string { return s.cfg.Strategy }

// state is one set of device arrays H, U, V.
type state struct{ h, u, v *clhost.Array }

// kernel32 and kernel64 are what the generated harnesses of wave.f90 and
// wave_dp.f90 provide, whatever the strategy.
type kernel32 interface {
	Run(dx, dy, dt float32, h, u, v, oH, oU, oV *clhost.Array) error
	Close() error
}

type kernel64 interface {
	Run(dx, dy, dt float64, h, u, v, oH, oU, oV *clhost.Array) error
	Close() error
}

// walls is the generated harness of boundary.f90 or boundary_dp.f90: the
// reflective walls, a loop kernel (two launches, enqueued without waiting).
type walls interface {
	Run(n1, n2 int32, h, u, v *clhost.Array) error
	Close() error
}

// summary32 and summary64 are the generated harnesses of summary.f90 and
// summary_dp.f90: the mass and the fastest signal speed, reduced on the
// device.
type summary32 interface {
	Run(h, u, v *clhost.Array) (mass, speed float32, err error)
	Timed(h, u, v *clhost.Array) (mass, speed float32, elapsed time.Duration, err error)
	Close() error
}

type summary64 interface {
	Run(h, u, v *clhost.Array) (mass, speed float64, err error)
	Timed(h, u, v *clhost.Array) (mass, speed float64, elapsed time.Duration, err error)
	Close() error
}

// Sim is a shallow-water simulation whose state lives on the device: a
// time step is two launches (boundary conditions, then the generated
// wave_advance) and no copy through the host.
type Sim struct {
	cfg      Config
	ctx      *clhost.Context
	k32      kernel32
	k64      kernel64
	s32      summary32
	s64      summary64
	hand     *handKernel
	walls    walls
	cur, nxt state
	steps    int
}

// NewSim allocates the state on ctx's device and sets the initial
// condition.
func NewSim(ctx *clhost.Context, cfg Config) (_ *Sim, err error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Double && !ctx.Device().FP64 {
		return nil, fmt.Errorf("%s has no double precision (cl_khr_fp64); run without -dp", ctx.Device().Name)
	}
	s := &Sim{cfg: cfg, ctx: ctx}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	dt := clhost.Float32
	if cfg.Double {
		dt = clhost.Float64
	}
	n1, n2 := cfg.NX+2, cfg.NY+2
	need := 6 * int64(n1*n2) * dt.Size()
	if dev := ctx.Device(); need > int64(dev.GlobalMem) {
		return nil, fmt.Errorf("a %dx%d grid needs %.1f MiB of device memory but %s has %.1f MiB", cfg.NX, cfg.NY, float64(need)/(1<<20), dev.Name, float64(dev.GlobalMem)/(1<<20))
	}
	for _, st := range []*state{&s.cur, &s.nxt} {
		for _, a := range []**clhost.Array{&st.h, &st.u, &st.v} {
			if *a, err = ctx.NewArray(dt, n1, n2); err != nil {
				return nil, err
			}
		}
	}
	if cfg.Double {
		s.walls, err = wavedirect.NewReflectDp(ctx)
	} else {
		s.walls, err = wavedirect.NewReflect(ctx)
	}
	if err != nil {
		return nil, err
	}
	strategy := cfg.Strategy
	if strategy == "auto" {
		strategy = AutoStrategy(ctx.Device())
		s.cfg.Strategy = strategy
	}
	switch {
	case cfg.Handwritten:
		s.hand, err = newHandKernel(ctx, []int{32, 8})
	case cfg.Double && strategy == "coarse":
		s.k64, err = wavecoarse.NewWaveAdvanceDp(ctx)
	case cfg.Double && strategy == "direct":
		s.k64, err = wavedirect.NewWaveAdvanceDp(ctx)
	case cfg.Double:
		s.k64, err = wavelocal.NewWaveAdvanceDp(ctx)
	case strategy == "coarse":
		s.k32, err = wavecoarse.NewWaveAdvance(ctx)
	case strategy == "direct":
		s.k32, err = wavedirect.NewWaveAdvance(ctx)
	default:
		s.k32, err = wavelocal.NewWaveAdvance(ctx)
	}
	if err != nil {
		return nil, err
	}
	if cfg.Double {
		s.s64, err = wavedirect.NewWaveSummaryDp(ctx)
	} else {
		s.s32, err = wavedirect.NewWaveSummary(ctx)
	}
	if err != nil {
		return nil, err
	}
	h := InitialHeight(cfg.Init, cfg.NX, cfg.NY)
	zero := make([]float64, len(h))
	for _, x := range []struct {
		a    *clhost.Array
		data []float64
	}{{s.cur.h, h}, {s.cur.u, zero}, {s.cur.v, zero}, {s.nxt.h, h}, {s.nxt.u, zero}, {s.nxt.v, zero}} {
		if err := s.write(x.a, x.data); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (s *Sim) write(a *clhost.Array, data []float64) error {
	if a.DType == clhost.Float64 {
		return s.ctx.WriteFloat64(a.Buffer, data)
	}
	f := make([]float32, len(data))
	for i, x := range data {
		f[i] = float32(x)
	}
	return s.ctx.WriteFloat32(a.Buffer, f)
}

func (s *Sim) read(a *clhost.Array) ([]float64, error) {
	out := make([]float64, a.Shape.Len())
	if a.DType == clhost.Float64 {
		return out, s.ctx.ReadFloat64(a.Buffer, out)
	}
	f := make([]float32, len(out))
	if err := s.ctx.ReadFloat32(a.Buffer, f); err != nil {
		return nil, err
	}
	for i, x := range f {
		out[i] = float64(x)
	}
	return out, nil
}

// applyBoundary enqueues the reflective boundary conditions on the
// current state.
func (s *Sim) applyBoundary() error {
	return s.walls.Run(int32(s.cfg.NX+2), int32(s.cfg.NY+2), s.cur.h, s.cur.u, s.cur.v)
}

// Summary returns the mass (the sum of H over the interior) and the
// signal speed max(|u|+|v|+2 sqrt(g h)) of the current state (see
// summary.f90),
// both reduced on the device by summary.f90's kernel: no grid is copied
// to the host, only the two numbers.
func (s *Sim) Summary() (mass, speed float64, err error) {
	c := s.cur
	if s.s64 != nil {
		return s.s64.Run(c.h, c.u, c.v)
	}
	m, v, err := s.s32.Run(c.h, c.u, c.v)
	return float64(m), float64(v), err
}

// SetDT changes the time step of the following steps (adaptive time
// stepping: see the -cfl flag).
func (s *Sim) SetDT(dt float64) { s.cfg.DT = dt }

// Step advances one time step: boundary conditions on the current state,
// then wave_advance into the other buffers, which become current.
func (s *Sim) Step() error {
	if err := s.applyBoundary(); err != nil {
		return err
	}
	c, n := s.cur, s.nxt
	var err error
	switch {
	case s.hand != nil:
		var ev *clhost.Event
		if ev, err = s.hand.launch(float32(s.cfg.DT), c, n); err == nil {
			ev.Close()
		}
	case s.k64 != nil:
		err = s.k64.Run(1, 1, s.cfg.DT, c.h, c.u, c.v, n.h, n.u, n.v)
	default:
		err = s.k32.Run(1, 1, float32(s.cfg.DT), c.h, c.u, c.v, n.h, n.u, n.v)
	}
	if err != nil {
		return err
	}
	s.cur, s.nxt = s.nxt, s.cur
	s.steps++
	return nil
}

// Finish waits until the device has done everything enqueued.
func (s *Sim) Finish() error { return s.ctx.Finish() }

// State applies the boundary conditions once more (as serial.f90 does
// before writing) and returns H, U, V: full column-major arrays.
func (s *Sim) State() (h, u, v []float64, err error) {
	if err = s.applyBoundary(); err != nil {
		return
	}
	if h, err = s.read(s.cur.h); err != nil {
		return
	}
	if u, err = s.read(s.cur.u); err != nil {
		return
	}
	v, err = s.read(s.cur.v)
	return
}

// Mass returns the sum of H over the interior cells, in double precision.
func Mass(h []float64, nx, ny int) float64 {
	n1 := nx + 2
	m := 0.0
	for j := 2; j <= ny+1; j++ {
		for i := 2; i <= nx+1; i++ {
			m += h[(i-1)+(j-1)*n1]
		}
	}
	return m
}

// Close releases the device objects of the simulation (not the context)
// and returns the first errors the driver reported.
func (s *Sim) Close() error {
	var errs []error
	for _, c := range []interface{ Close() error }{s.k32, s.k64, s.s32, s.s64, s.walls} {
		if c != nil { // a nil *clhost.Kernel or Program closes as nil
			errs = append(errs, c.Close())
		}
	}
	if s.hand != nil {
		errs = append(errs, s.hand.close())
	}
	for _, a := range []*clhost.Array{s.cur.h, s.cur.u, s.cur.v, s.nxt.h, s.nxt.u, s.nxt.v} {
		if a != nil {
			errs = append(errs, a.Close())
		}
	}
	return errors.Join(errs...)
}

// handKernel is sw_step of handwritten.cl, launched on a fixed work-group
// shape over the whole array (halo work-items return at once).
type handKernel struct {
	ctx    *clhost.Context
	prog   *clhost.Program
	kernel *clhost.Kernel
	local  []int
}

func newHandKernel(ctx *clhost.Context, local []int) (*handKernel, error) {
	prog, err := ctx.BuildProgram(handwrittenSource, "")
	if err != nil {
		return nil, err
	}
	k, err := prog.Kernel("sw_step")
	if err != nil {
		prog.Close()
		return nil, err
	}
	return &handKernel{ctx: ctx, prog: prog, kernel: k, local: local}, nil
}

func (h *handKernel) launch(dt float32, in, out state) (*clhost.Event, error) {
	n1, n2 := in.h.Shape[0], in.h.Shape[1]
	if err := h.kernel.SetArgs(int32(n1), int32(n2), float32(1), float32(1), dt, in.h.Buffer, in.u.Buffer, in.v.Buffer, out.h.Buffer, out.u.Buffer, out.v.Buffer); err != nil {
		return nil, err
	}
	global, local, err := clhost.LaunchSize([]int{n1, n2}, []int{0, 0}, nil, h.local)
	if err != nil {
		return nil, err
	}
	return h.ctx.Launch(h.kernel, global, local)
}

func (h *handKernel) close() error {
	return errors.Join(h.kernel.Close(), h.prog.Close())
}
