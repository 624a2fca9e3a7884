// Command shallowwater runs the two-step Lax-Wendroff shallow-water solver
// of the ForOpenCL paper on any OpenCL device. The kernel is the Fortran in
// fortran/wave.f90, translated by forocl (go generate) into the OpenCL and
// Go harness under wavelocal/ and wavedirect/; the state stays on the
// device for the whole run.
//
//	go run ./examples/shallowwater -n 512 -steps 1000 -png height.png
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/internal/picture"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type options struct {
	bench    bool
	bo       benchOptions
	cfg      Config
	steps    int
	device   string
	png, gif string
	frames   int
	cfl      float64 // > 0: adaptive time step dt = cfl*dx/speed, speed reduced on the device each step
	slabs    int     // > 0: the grid split into slabs on the device (slabs.go)
	devices  string  // the grid split over these devices (slabs.go)
	mpi      bool    // one rank of mpirun: the grid split over the ranks (slabs.go)
}

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	o := &options{}
	fs := flag.NewFlagSet("shallowwater", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 256, "grid size: n x n interior cells (see -nx, -ny)")
	fs.IntVar(&o.cfg.NX, "nx", 0, "interior cells in x (default n)")
	fs.IntVar(&o.cfg.NY, "ny", 0, "interior cells in y (default n)")
	fs.IntVar(&o.steps, "steps", 1000, "time steps")
	fs.Float64Var(&o.cfg.DT, "dt", 0.05, "time step (dx = dy = 1); must satisfy the CFL limit")
	fs.Float64Var(&o.cfl, "cfl", 0, "adaptive time step: each step takes dt = CFL/max(|u|+|v|+2 sqrt(g h)) (dx = dy = 1), reduced on the device (0 < CFL <= 1; default: the fixed -dt)")
	fs.StringVar(&o.cfg.Init, "init", "column", "initial condition: column (smooth raised column) or dambreak")
	fs.StringVar(&o.cfg.Strategy, "strategy", "auto", "generated kernel: local (__local tiles), direct (no local memory), coarse (direct, 2x4 cells per work-item), auto (coarse on GPUs, else direct)")
	fs.BoolVar(&o.cfg.Double, "dp", false, "double precision (real(8) kernel)")
	fs.StringVar(&o.device, "device", "", "OpenCL device: index P:D or a name substring (default $FOROCL_DEVICE, else a GPU, else the first)")
	fs.StringVar(&o.png, "png", "", "write the final water height as a PNG to `FILE`")
	fs.StringVar(&o.gif, "gif", "", "write an animated GIF of the water height to `FILE`")
	fs.IntVar(&o.frames, "frames", 50, "frames of the GIF")
	fs.BoolVar(&o.bench, "bench", false, "run the benchmark sweep instead of a simulation (see -widths, -bench-out)")
	widths := fs.String("widths", "16,32,64,128,256,512,1024,1280,2048,4096,8192", "benchmark grid widths")
	fs.StringVar(&o.bo.out, "bench-out", "bench-out", "benchmark reports go to `DIR`")
	fs.StringVar(&o.bo.serial, "serial", "", "serial program for the benchmark (default: build fortran/serial.f90 with gfortran -O3; \"none\" skips)")
	fs.BoolVar(&o.bo.quick, "quick", false, "benchmark smoke run: one work-group shape per kernel, short batches")
	fs.IntVar(&o.slabs, "slabs", 0, "split the grid into `N` slabs along y, each on its own context of the device, halos exchanged between steps (fixed -dt)")
	fs.StringVar(&o.devices, "devices", "", "split the grid along y over these devices, one slab each (or -slabs N of them in turn): `all` (every GPU, else every device) or a list such as 1:0,1:1; with -mpi, each rank takes the entry of its local rank")
	fs.BoolVar(&o.mpi, "mpi", false, "run as one rank of mpirun -np N: the grid split along y over the ranks (Open MPI; fixed -dt); without -device or $FOROCL_DEVICE each rank takes the GPU of its local rank")
	maxGiB := fs.Float64("bench-max-gib", 16, "skip benchmark widths whose arrays need more than this much device memory")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if o.bench {
		ws, err := parseWidths(*widths)
		if err != nil {
			return nil, err
		}
		o.bo.widths = ws
		o.bo.maxBytes = int64(*maxGiB * (1 << 30))
		o.bo.fortran, o.bo.regions, err = findFortran()
		if err != nil {
			return nil, err
		}
		return o, nil
	}
	if o.cfg.NX == 0 {
		o.cfg.NX = *n
	}
	if o.cfg.NY == 0 {
		o.cfg.NY = *n
	}
	if o.steps < 0 {
		return nil, fmt.Errorf("-steps %d: must be at least 0", o.steps)
	}
	if o.frames < 1 {
		return nil, fmt.Errorf("-frames %d: must be at least 1", o.frames)
	}
	if o.cfl < 0 || o.cfl > 1 || o.cfl != o.cfl {
		return nil, fmt.Errorf("-cfl %g: want a CFL number in (0, 1]", o.cfl)
	}
	if err := o.cfg.Validate(); err != nil {
		return nil, err
	}
	if o.slabs < 0 {
		return nil, fmt.Errorf("-slabs %d: must be at least 1", o.slabs)
	}
	if (o.slabs > 0 || o.mpi || o.devices != "") && (o.cfl > 0 || o.png != "" || o.gif != "" || o.cfg.Handwritten) {
		return nil, fmt.Errorf("-slabs, -devices and -mpi run the generated kernel with a fixed -dt: -cfl, -png and -gif need one device")
	}
	return o, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if err != nil {
		if err == flag.ErrHelp {
			return 0 // -help asked for the usage, which was printed
		}
		fmt.Fprintf(stderr, "shallowwater: %v\n", err)
		return 2
	}
	dev, err := clhost.Select(o.device)
	if err != nil {
		fmt.Fprintf(stderr, "shallowwater: %v\n", err)
		if o.device != "" {
			return 2
		}
		return 1
	}
	if o.bench {
		if err := runBench(o.bo, dev, stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "shallowwater: %v\n", err)
			return 1
		}
		return 0
	}
	// Ctrl-C stops the time loop between steps: OpenCL objects are
	// released and no output file is written.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sim := func() error {
		if o.slabs > 0 || o.mpi || o.devices != "" {
			return simulateSlabs(o, dev, stdout)
		}
		return simulate(ctx, o, dev, stdout, stderr)
	}
	if err := sim(); err != nil {
		fmt.Fprintf(stderr, "shallowwater: %v\n", err)
		if errors.Is(err, errInterrupted) {
			return 130
		}
		return 1
	}
	return 0
}

var errInterrupted = errors.New("interrupted; nothing written")

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func simulate(stopCtx context.Context, o *options, dev clhost.Device, stdout, stderr io.Writer) error {
	ctx, err := clhost.NewContext(dev)
	if err != nil {
		return err
	}
	defer ctx.Close()
	cfg := o.cfg
	prec := "real(4)"
	if cfg.Double {
		prec = "real(8)"
	}
	fmt.Fprintf(stdout, "device:   %s (%s, %s)\n", dev.Name, dev.Platform, dev.Type)
	sim, err := NewSim(ctx, cfg)
	if err != nil {
		return err
	}
	defer sim.Close()
	fmt.Fprintf(stdout, "grid:     %d x %d cells, %d steps, dt %g (CFL limit %.4g), %s, %s kernel\n", cfg.NX, cfg.NY, o.steps, cfg.DT, cfg.CFLLimit(), prec, sim.Strategy())
	h0, _, _, err := sim.State()
	if err != nil {
		return err
	}
	// The mass comes from summary.f90's reduction on the device.
	mass0, _, err := sim.Summary()
	if err != nil {
		return err
	}
	simTime := 0.0

	var anim *picture.Animation
	every := 0
	if o.gif != "" {
		anim = &picture.Animation{Title: "water height h"}
		every = max(1, o.steps/o.frames)
		anim.Add(interior(h0, cfg.NX, cfg.NY), "step 0, t = 0")
	}
	bar := isTerminal(stderr)
	// Warm up: the first launch pays for kernel setup on some drivers.
	start := time.Now()
	var busy time.Duration
	for i := 1; i <= o.steps; i++ {
		if stopCtx.Err() != nil {
			if bar {
				fmt.Fprintln(stderr)
			}
			return fmt.Errorf("after %d steps: %w", i-1, errInterrupted)
		}
		if o.cfl > 0 {
			// Adaptive time step from the device-side reduction.
			_, speed, err := sim.Summary()
			if err != nil {
				return err
			}
			if !(speed > 0) || speed > 1e30 {
				return fmt.Errorf("after %d steps the fastest signal speed is %g: the solution blew up", i-1, speed)
			}
			sim.SetDT(o.cfl / speed)
		}
		simTime += sim.cfg.DT
		if err := sim.Step(); err != nil {
			return err
		}
		if anim != nil && i%every == 0 {
			t := time.Now()
			h, _, _, err := sim.State()
			if err != nil {
				return err
			}
			anim.Add(interior(h, cfg.NX, cfg.NY), fmt.Sprintf("step %d, t = %.4g", i, simTime))
			busy += time.Since(t)
		}
		if bar && (i%max(1, o.steps/100) == 0 || i == o.steps) {
			if err := sim.Finish(); err != nil {
				return err
			}
			pct := 100 * i / o.steps
			fmt.Fprintf(stderr, "\r[%-50s] %3d%%", strings.Repeat("=", pct/2), pct)
		}
	}
	if err := sim.Finish(); err != nil {
		return err
	}
	elapsed := time.Since(start) - busy
	if bar {
		fmt.Fprintln(stderr)
	}
	h, u, v, err := sim.State()
	if err != nil {
		return err
	}
	for _, a := range [][]float64{h, u, v} {
		for _, x := range a {
			if x != x || x > 1e30 || x < -1e30 {
				return fmt.Errorf("the solution blew up (non-finite values after %d steps); use a smaller -dt", o.steps)
			}
		}
	}
	mass1, _, err := sim.Summary()
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "mass:     start %.9g, end %.9g, relative drift %.3g (reduced on the device)\n", mass0, mass1, (mass1-mass0)/mass0)
	if o.cfl > 0 {
		fmt.Fprintf(stdout, "time:     %.6g simulated with CFL %g, last dt %.6g\n", simTime, o.cfl, sim.cfg.DT)
	}
	if o.steps > 0 {
		per := elapsed / time.Duration(o.steps)
		rate := float64(cfg.NX) * float64(cfg.NY) * float64(o.steps) / elapsed.Seconds()
		fmt.Fprintf(stdout, "time:     %.4f ms per step (boundary conditions and kernel, wall clock), %.3g cell updates/s\n", float64(per.Nanoseconds())/1e6, rate)
	}
	return writePictures(o, interior(h, cfg.NX, cfg.NY), simTime, anim, stdout)
}

// writePictures writes -png's picture of the final water height h and
// -gif's animation, all or nothing each.
func writePictures(o *options, h picture.Field, simTime float64, anim *picture.Animation, stdout io.Writer) error {
	if o.png != "" {
		var b bytes.Buffer
		caption := fmt.Sprintf("step %d, t = %.4g", o.steps, simTime)
		if err := picture.WritePNG(&b, h, "water height h", caption); err != nil {
			return err
		}
		if err := fsutil.WriteFile(o.png, b.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote:    %s\n", o.png)
	}
	if anim != nil {
		var b bytes.Buffer
		if err := anim.Encode(&b); err != nil {
			return err
		}
		if err := fsutil.WriteFile(o.gif, b.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote:    %s (%d frames, one colour scale)\n", o.gif, anim.Len())
	}
	return nil
}

// interior returns the nx x ny interior of a full (nx+2) x (ny+2) array.
func interior(a []float64, nx, ny int) picture.Field {
	f := picture.Field{NX: nx, NY: ny, V: make([]float64, nx*ny)}
	for j := 0; j < ny; j++ {
		copy(f.V[j*nx:(j+1)*nx], a[1+(j+1)*(nx+2):])
	}
	return f
}

func minMax(a []float64) (lo, hi float64) {
	lo, hi = a[0], a[0]
	for _, x := range a {
		lo, hi = min(lo, x), max(hi, x)
	}
	return
}

// findFortran locates the example's Fortran sources and the regions module
// from the repository root or from the example's directory.
func findFortran() (fortran, regions string, err error) {
	for _, c := range [][2]string{
		{"examples/shallowwater/fortran", "fortran"},
		{"fortran", "../../fortran"},
	} {
		if _, e1 := os.Stat(filepath.Join(c[0], "wave.f90")); e1 == nil {
			if _, e2 := os.Stat(filepath.Join(c[1], "forocl_regions.f90")); e2 == nil {
				return c[0], c[1], nil
			}
		}
	}
	return "", "", fmt.Errorf("cannot find examples/shallowwater/fortran/wave.f90: run from the repository root")
}
