package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/mpi"
	"github.com/forocl/forocl/runner"
)

// slabFlags are forocl run's flags for one grid over several devices or
// MPI ranks (runner.RunSlabs).
type slabFlags struct {
	devices string
	slabs   int
	mpi     bool
	halo    string
	balance bool
	// noOverlap exchanges after each step, to measure what overlap hides.
	noOverlap bool
	flags     *pflag.FlagSet // to tell --slabs 0 from no --slabs
}

func (sf *slabFlags) add(f *pflag.FlagSet) {
	sf.flags = f
	f.StringVar(&sf.devices, "devices", "", "split the grid along its last dimension over these devices: `all` (every GPU, else every device) or a list of selectors such as 0:0,1:0; with --mpi, each rank takes the entry of its local rank")
	f.IntVar(&sf.slabs, "slabs", 0, "split the grid into `N` slabs, on --device (or over the --devices, in turn): several slabs on one device simulate several devices")
	f.BoolVar(&sf.mpi, "mpi", false, "run as one rank of mpirun -np N: the grid is split over the ranks, halos exchanged through MPI (Open MPI), rank 0 writes the outputs")
	f.StringVar(&sf.halo, "slab-halo", "", "with slabs: halo planes `LO:HI` along the last dimension when wider than the kernel's (for a reduction over a window, see README)")
	f.BoolVar(&sf.noOverlap, "no-overlap", false, "with slabs: exchange halos after each step instead of while the interior is computed (to measure what the overlap hides)")
	f.BoolVar(&sf.balance, "balance", false, "with slabs: size them by each device's speed, measured on a short trial (on by default for --devices of different models)")
}

// on reports whether the run is split into slabs.
func (sf *slabFlags) on() bool { return sf.devices != "" || sf.slabs != 0 || sf.mpi }

// check checks the flags on their own.
func (sf *slabFlags) check(repeat int) error {
	if sf.slabs < 1 && sf.flags != nil && sf.flags.Changed("slabs") {
		return usageErr("--slabs %d: want a count of 1 or more", sf.slabs)
	}
	if !sf.on() {
		if sf.halo != "" || sf.balance || sf.noOverlap {
			return usageErr("--slab-halo, --balance and --no-overlap split the grid: give --devices, --slabs or --mpi")
		}
		return nil
	}
	switch {
	case sf.mpi && sf.slabs > 0:
		return usageErr("--mpi runs one slab per rank: choose the count with mpirun -np N, not --slabs")
	case repeat > 0:
		return usageErr("--repeat times one device; time slabs with --steps")
	}
	if _, err := sf.haloWidths(); err != nil {
		return err
	}
	return nil
}

func (sf *slabFlags) haloWidths() ([2]int, error) {
	if sf.halo == "" {
		return [2]int{}, nil
	}
	a, b, ok := strings.Cut(sf.halo, ":")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || lo < 0 || hi < 0 {
		return [2]int{}, usageErr("--slab-halo %s: want LO:HI, two counts of planes such as 1:1", sf.halo)
	}
	return [2]int{lo, hi}, nil
}

// deviceList resolves --devices (all, or a comma list), else the one
// device of --device. A pick of 0 or more resolves only entry pick (modulo
// the list's length): an MPI rank's device.
func (sf *slabFlags) deviceList(single string, pick int) ([]clhost.Device, error) {
	if sf.devices == "" {
		d, err := clhost.Select(single)
		return []clhost.Device{d}, err
	}
	if sf.devices == "all" {
		ds, err := clhost.Devices()
		if err != nil {
			return nil, err
		}
		var gpus []clhost.Device
		for _, d := range ds {
			if strings.Contains(strings.ToUpper(d.Type), "GPU") {
				gpus = append(gpus, d)
			}
		}
		if len(gpus) > 0 {
			ds = gpus
		}
		if pick >= 0 {
			return ds[pick%len(ds) : pick%len(ds)+1], nil
		}
		return ds, nil
	}
	sels := strings.Split(sf.devices, ",")
	if pick >= 0 {
		sels = sels[pick%len(sels) : pick%len(sels)+1]
	}
	var out []clhost.Device
	for _, sel := range sels {
		sel = strings.TrimSpace(sel)
		if sel == "" {
			return nil, usageErr("--devices %s: an empty entry; want all or a list such as 0:0,1:0", sf.devices)
		}
		d, err := clhost.Select(sel)
		if err != nil {
			return nil, fmt.Errorf("--devices entry %q: %v", sel, err)
		}
		out = append(out, d)
	}
	return out, nil
}

// slabRun is what runSlabs did, for the lines run prints.
type slabRun struct {
	res    *runner.SlabResult
	where  string // "3 slabs on pocl-cpu" or "4 MPI ranks"
	root   bool   // this process writes the outputs and prints
	finish func() // MPI_Finalize, after the outputs are written
}

// runSlabs runs job split into slabs: over contexts in this process, or
// as one MPI rank. With --mpi an error on any rank ends every rank
// (MPI_Abort) with its message.
func runSlabs(job runner.Job, sf *slabFlags, single string) (*slabRun, error) {
	halo, err := sf.haloWidths()
	if err != nil {
		return nil, err
	}
	// Kernels that slabs cannot run exactly are refused before any
	// device or MPI call (Note [slabs]).
	if err := runner.CheckSlabs(job.Kernel, halo); err != nil {
		return nil, runErr(err)
	}
	if !sf.mpi {
		devs, err := sf.deviceList(single, -1)
		if err != nil {
			return nil, runErr(err)
		}
		n := sf.slabs
		if n == 0 {
			n = len(devs)
		}
		// The count against the grid, before a context is opened.
		if err := runner.PlanSlabs(job, n, halo); err != nil {
			return nil, runErr(err)
		}
		var ctxs []*clhost.Context
		defer func() {
			for _, c := range ctxs {
				c.Close()
			}
		}()
		for i := 0; i < n; i++ {
			c, err := clhost.NewContext(devs[i%len(devs)])
			if err != nil {
				return nil, runErr(err)
			}
			ctxs = append(ctxs, c)
		}
		sl := runner.Slabs{Contexts: ctxs, Halo: halo, NoOverlap: sf.noOverlap}
		if sf.balance || mixed(devs[:min(n, len(devs))]) {
			if sl.Weights, err = runner.Balance(job, ctxs, n, 3); err != nil {
				return nil, runErr(err)
			}
		}
		res, err := runner.RunSlabs(job, sl)
		if err != nil {
			return nil, err
		}
		return &slabRun{res: res, where: fmt.Sprintf("%d slabs on %s", n, deviceNames(devs)), root: true, finish: func() {}}, nil
	}

	if !mpi.Launched() {
		return nil, runErrf("--mpi: this process was not started by mpirun; run mpirun -np N forocl run ... --mpi")
	}
	comm, err := mpi.Init()
	if err != nil {
		return nil, runErr(err)
	}
	fail := func(err error) {
		comm.Abort(1, err.Error())
	}
	if v := os.Getenv("FOROCL_MPI_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			fail(fmt.Errorf("FOROCL_MPI_TIMEOUT=%s: want a duration such as 90s or 10m (0 waits forever)", v))
		}
		comm.Timeout = d
	}
	// Before any device is touched: every rank was given the same job,
	// and the grid has planes for all of them.
	if err := runner.SameArgs(job, runner.Slabs{Comm: comm, Halo: halo, NoOverlap: sf.noOverlap}, fmt.Sprint("--balance=", sf.balance)); err != nil {
		fail(err)
	}
	if err := runner.PlanSlabs(job, comm.Size(), halo); err != nil {
		fail(err)
	}
	local := mpi.LocalRank()
	if local < 0 {
		local = comm.Rank()
	}
	pick := *sf
	if pick.devices == "" && single == "" && os.Getenv("FOROCL_DEVICE") == "" {
		pick.devices = "all" // the GPU of this local rank
	}
	devs, err := pick.deviceList(single, local)
	if err != nil {
		fail(err)
	}
	dev := devs[0]
	ctx, err := clhost.NewContext(dev)
	if err != nil {
		fail(err)
	}
	defer ctx.Close()
	sl := runner.Slabs{Contexts: []*clhost.Context{ctx}, Comm: comm, Halo: halo, NoOverlap: sf.noOverlap}
	if sf.balance {
		w, err := runner.Balance(job, sl.Contexts, comm.Size(), 3)
		if err != nil {
			fail(err)
		}
		all := make([]float64, comm.Size())
		all[comm.Rank()] = w[0]
		// Each rank's speed, everywhere: a sum of one non-zero per slot.
		if sl.Weights, err = comm.Allreduce(all, mpi.Sum); err != nil {
			fail(err)
		}
	}
	res, err := runner.RunSlabs(job, sl)
	if err != nil {
		fail(err)
	}
	return &slabRun{res: res, where: fmt.Sprintf("%d MPI ranks (rank 0 on %s)", comm.Size(), dev.Name), root: comm.Rank() == 0, finish: func() { comm.Finalize() }}, nil
}

// mixed reports whether devs are of more than one model.
func mixed(devs []clhost.Device) bool {
	for _, d := range devs {
		if d.Name != devs[0].Name || d.Platform != devs[0].Platform {
			return true
		}
	}
	return false
}

func deviceNames(devs []clhost.Device) string {
	seen := map[string]bool{}
	var names []string
	for _, d := range devs {
		if !seen[d.Name] {
			seen[d.Name] = true
			names = append(names, d.Name)
		}
	}
	return strings.Join(names, ", ")
}

// perStep is the halo exchange's time per step and the part of it
// hidden behind the interior, in milliseconds.
func (s *slabRun) perStep(steps int) (exchange, hidden float64) {
	steps = max(steps, 1)
	return s.res.Exchange.Seconds() * 1e3 / float64(steps), s.res.Hidden.Seconds() * 1e3 / float64(steps)
}

// printSlabs prints the time per step and the halo exchange's (on the
// devices, runner.SlabResult.Exchange), with the part of it hidden behind
// the interior.
func printSlabs(w io.Writer, name string, s *slabRun, steps int) {
	steps = max(steps, 1)
	per := s.res.Elapsed.Seconds() * 1e3 / float64(steps)
	ex, hidden := s.perStep(steps)
	how := "after each step"
	if s.res.Overlapped {
		how = "overlapped with the interior"
	}
	fmt.Fprintf(w, "%s on %s: %d steps in %.3f s, %.4f ms per step; halo exchange and reductions %.4f ms per step, %.4f ms of it hidden (%s); planes per slab %v, halo %d:%d\n",
		name, s.where, steps, s.res.Elapsed.Seconds(), per, ex, hidden, how, s.res.Planes, s.res.Halo[0], s.res.Halo[1])
}
