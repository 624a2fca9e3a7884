package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/examples/shallowwater/wavedirect"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/mpi"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// The simulation over several slabs (-slabs N) or MPI ranks (-mpi): the
// same wave_advance, compiled from fortran/wave.f90 at run time for
// runner.RunSlabs, and boundary.f90's walls on every slab before each step
// (runner.Slabs.Before; the halo exchange that follows replaces what they
// wrote at a slab's inner edges).

// waveUnit compiles wave_advance (real(4), or real(8) with double) for the
// runner with the schedule of strategy's generated harness (direct,
// local, or coarse: direct with 2x4 cells per work-item in 64x2
// work-groups, as gen.go builds wavecoarse), so that the slabs run the
// kernel one device runs.
func waveUnit(double bool, strategy string) (*abi.Unit, error) {
	dir, inc, err := findFortran()
	if err != nil {
		return nil, err
	}
	file := "wave.f90"
	if double {
		file = "wave_dp.f90"
	}
	sched := regions.Options{Strategy: regions.Direct}
	switch strategy {
	case "coarse":
		sched.Coarsen, sched.Tile = []int{2, 4}, []int{64, 2}
	case "local":
		sched.Strategy = regions.Local
	}
	res := driver.Compile([]string{filepath.Join(dir, file)}, driver.Options{IncludeDirs: []string{inc}, Schedule: sched})
	if res.Diags.HasErrors() {
		return nil, fmt.Errorf("%s", res.Diags.String(res.Sources))
	}
	k, err := res.Kernel("wave_advance")
	if err != nil {
		return nil, err
	}
	return res.Generate([]*ir.Kernel{k}, file, codegen.Options{}), nil
}

// slabHooks are what the slabs run besides wave_advance: the walls.
type slabHooks struct {
	// before applies the walls on a slab (runner.Slabs.Before), on a
	// context that prepare has set up.
	before func(*clhost.Context, map[string]*clhost.Buffer, []int) error
	// prepare builds the walls' kernels on a slab's context, before the
	// timed steps (a build inside them cost seconds per run on GPUs).
	prepare func(*clhost.Context) error
	// release frees what prepare built.
	release func()
}

// slabJob is the simulation of cfg over steps steps as a runner job, and
// the hooks that apply the walls on each slab.
func slabJob(cfg Config, steps int) (runner.Job, slabHooks, error) {
	unit, err := waveUnit(cfg.Double, cfg.Strategy)
	if err != nil {
		return runner.Job{}, slabHooks{}, err
	}
	k := unit.Kernels[0]
	n1, n2 := cfg.NX+2, cfg.NY+2
	dt := npy.Float32
	if cfg.Double {
		dt = npy.Float64
	}
	h := runner.Convert(&npy.Array{DType: npy.Float64, Shape: []int{n1, n2}, F64: InitialHeight(cfg.Init, cfg.NX, cfg.NY)}, dt)
	job := runner.Job{
		Unit: unit, Kernel: k, Steps: steps,
		Scalars: map[string]float64{"dx": 1, "dy": 1, "dt": cfg.DT},
		Arrays:  map[string]*npy.Array{"h": h, "u": runner.Zeros(dt, h.Shape), "v": runner.Zeros(dt, h.Shape)},
		Swap:    []runner.Swap{{In: "h", Out: "oh"}, {In: "u", Out: "ou"}, {In: "v", Out: "ov"}},
	}
	var mu sync.Mutex
	made := map[*clhost.Context]walls{}
	hooks := slabHooks{}
	hooks.prepare = func(ctx *clhost.Context) error {
		var w walls
		var err error
		if cfg.Double {
			w, err = wavedirect.NewReflectDp(ctx)
		} else {
			w, err = wavedirect.NewReflect(ctx)
		}
		if err != nil {
			return err
		}
		mu.Lock()
		made[ctx] = w
		mu.Unlock()
		return nil
	}
	hooks.before = func(ctx *clhost.Context, bufs map[string]*clhost.Buffer, shape []int) error {
		mu.Lock()
		w := made[ctx]
		mu.Unlock()
		if w == nil {
			return fmt.Errorf("internal error: the walls were not built on this slab's context")
		}
		array := func(name string) *clhost.Array { return &clhost.Array{Buffer: bufs[name], DType: dt, Shape: shape} }
		return w.Run(int32(shape[0]), int32(shape[1]), array("h"), array("u"), array("v"))
	}
	hooks.release = func() {
		for _, w := range made {
			w.Close()
		}
	}
	return job, hooks, nil
}

// deviceList resolves -devices: all (every GPU, else every device) or a
// comma list of selectors.
func deviceList(list string) ([]clhost.Device, error) {
	if list == "all" {
		ds, err := clhost.Devices()
		if err != nil {
			return nil, err
		}
		var gpus []clhost.Device
		for _, d := range ds {
			if d.Type == "GPU" {
				gpus = append(gpus, d)
			}
		}
		if len(gpus) > 0 {
			return gpus, nil
		}
		return ds, nil
	}
	var out []clhost.Device
	for _, sel := range strings.Split(list, ",") {
		if strings.TrimSpace(sel) == "" {
			return nil, fmt.Errorf("-devices %s: an empty entry; want all or a list such as 1:0,1:1", list)
		}
		d, err := clhost.Select(strings.TrimSpace(sel))
		if err != nil {
			return nil, fmt.Errorf("-devices entry %q: %v", sel, err)
		}
		out = append(out, d)
	}
	return out, nil
}

// rankDevice is an MPI rank's device when none was chosen: entry local
// rank (modulo their count) of -devices, all GPUs by default, else def.
func rankDevice(def clhost.Device, list string) (clhost.Device, error) {
	local := mpi.LocalRank()
	if local < 0 {
		return def, nil
	}
	if list == "" {
		list = "all"
	}
	ds, err := deviceList(list)
	if err != nil || len(ds) == 0 || list == "all" && ds[0].Type != "GPU" {
		return def, err
	}
	return ds[local%len(ds)], nil
}

// simulateSlabs runs -slabs N (on one device, or over -devices), -devices
// (a slab each) or -mpi, and prints the time per step, the halo
// exchange's and the part of it hidden, and the mass.
func simulateSlabs(o *options, dev clhost.Device, stdout io.Writer) error {
	// The walls write the halo planes' ghost columns, which wave_advance
	// does not read: the exchange may overlap the interior.
	sl := runner.Slabs{BeforeKeepsHalos: true}
	var job runner.Job
	var hooks slabHooks
	var err error
	release := func() {}
	defer func() { release() }()
	cfg := o.cfg
	// newJob builds the job for the slabs' device d: the kernel one device
	// would run there (-strategy auto: AutoStrategy).
	newJob := func(d clhost.Device) error {
		if cfg.Strategy == "auto" {
			cfg.Strategy = AutoStrategy(d)
		}
		job, hooks, err = slabJob(cfg, o.steps)
		if err == nil {
			sl.Before, release = hooks.before, hooks.release
		}
		return err
	}
	where := ""
	var comm *mpi.Comm
	if o.mpi {
		if !mpi.Launched() {
			return fmt.Errorf("-mpi: this process was not started by mpirun; run mpirun -np N shallowwater -mpi")
		}
		if comm, err = mpi.Init(); err != nil {
			return err
		}
		defer comm.Finalize()
		if o.device == "" && os.Getenv("FOROCL_DEVICE") == "" {
			if dev, err = rankDevice(dev, o.devices); err != nil {
				comm.Abort(1, err.Error())
			}
		}
		if err := newJob(dev); err != nil {
			comm.Abort(1, err.Error())
		}
		ctx, err := clhost.NewContext(dev)
		if err != nil {
			comm.Abort(1, err.Error())
		}
		defer ctx.Close()
		sl.Contexts, sl.Comm = []*clhost.Context{ctx}, comm
		where = fmt.Sprintf("%d MPI ranks", comm.Size())
	} else {
		devs := []clhost.Device{dev}
		if o.devices != "" {
			if devs, err = deviceList(o.devices); err != nil {
				return err
			}
		}
		n := o.slabs
		if n == 0 {
			n = len(devs)
		}
		if err := newJob(devs[0]); err != nil {
			return err
		}
		// The count against the grid before a context is opened for each.
		if err := runner.PlanSlabs(job, n, sl.Halo); err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			ctx, err := clhost.NewContext(devs[i%len(devs)])
			if err != nil {
				return err
			}
			defer ctx.Close()
			sl.Contexts = append(sl.Contexts, ctx)
		}
		where = fmt.Sprintf("%d slabs", n)
		if o.devices != "" {
			where = fmt.Sprintf("%d slabs over -devices %s", n, o.devices)
		}
	}
	for _, ctx := range sl.Contexts {
		if err := hooks.prepare(ctx); err != nil {
			if comm != nil {
				comm.Abort(1, err.Error())
			}
			return err
		}
	}
	res, err := runner.RunSlabs(job, sl)
	if err != nil {
		if comm != nil {
			comm.Abort(1, err.Error())
		}
		return err
	}
	if comm != nil && comm.Rank() != 0 {
		return nil
	}
	h := runner.Convert(res.Outputs["oh"], npy.Float64)
	steps := max(o.steps, 1)
	fmt.Fprintf(stdout, "device:   %s, %s of %v planes, halo %d:%d, %s kernel\n", dev.Name, where, res.Planes, res.Halo[0], res.Halo[1], cfg.Strategy)
	fmt.Fprintf(stdout, "mass:     %.6e at the end (host sum of the interior)\n", Mass(h.F64, o.cfg.NX, o.cfg.NY))
	how := "after each step"
	if res.Overlapped {
		how = "overlapped with the interior"
	}
	fmt.Fprintf(stdout, "time:     %.4f ms per step, %d steps; halo exchange %.4f ms per step, %.4f ms of it hidden (%s)\n",
		res.Elapsed.Seconds()*1e3/float64(steps), steps, res.Exchange.Seconds()*1e3/float64(steps), res.Hidden.Seconds()*1e3/float64(steps), how)
	return nil
}
