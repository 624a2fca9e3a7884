package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/gif"
	"io"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/cltest"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

func TestMain(m *testing.M) {
	code := m.Run()
	cltest.Close()
	for _, dir := range atExit {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// atExit lists the folders TestMain removes: builds shared by tests.
var (
	atExitMu sync.Mutex
	atExit   []string
)

func removeAtExit(dir string) {
	atExitMu.Lock()
	atExit = append(atExit, dir)
	atExitMu.Unlock()
}

// device returns the shared test context (see internal/cltest).
func device(t *testing.T) *clhost.Context { return cltest.Context(t) }

var (
	serialOnce sync.Once
	serialExe  string
	serialErr  error
)

// serial builds fortran/serial.f90 with gfortran once.
func serial(t *testing.T) string {
	t.Helper()
	cltest.Gfortran(t)
	serialOnce.Do(func() {
		dir, err := os.MkdirTemp("", "shallow-serial")
		if err != nil {
			serialErr = err
			return
		}
		removeAtExit(dir)
		serialExe = filepath.Join(dir, "shallow_serial")
		abs := func(p string) string { a, _ := filepath.Abs(p); return a }
		cmd := exec.Command("gfortran", "-O2", "-ffp-contract=off", "-J", dir, "-o", serialExe,
			abs("../../fortran/forocl_regions.f90"), abs("fortran/wave.f90"), abs("fortran/wave_dp.f90"), abs("fortran/serial.f90"))
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			serialErr = fmt.Errorf("gfortran: %v\n%s", err, out)
		}
	})
	if serialErr != nil {
		t.Fatal(serialErr)
	}
	return serialExe
}

// runSerial runs the gfortran build and returns its final H, U, V.
func runSerial(t *testing.T, cfg Config, steps int) [3][]float64 {
	t.Helper()
	res, err := serialState(serial(t), cfg, steps)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func runDevice(t *testing.T, cfg Config, steps int) [3][]float64 {
	t.Helper()
	res, err := deviceState(device(t), cfg, steps)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestAgainstGfortran: the same Fortran, compiled by forocl for OpenCL and
// by gfortran for one core, agrees after 200 steps.
func TestAgainstGfortran(t *testing.T) {
	for _, c := range []struct {
		nx, ny   int
		strategy string
		double   bool
		tol      float64
	}{
		{64, 64, "local", false, 1e-4},
		{64, 64, "direct", false, 1e-4},
		{50, 37, "local", false, 1e-4},
		{50, 37, "direct", false, 1e-4},
		{64, 64, "local", true, 1e-10},
		{50, 37, "direct", true, 1e-10},
		{50, 37, "coarse", false, 1e-4},
		{64, 64, "coarse", true, 1e-10},
		{50, 37, "hand", false, 1e-4},
	} {
		name := fmt.Sprintf("%dx%d_%s_dp=%v", c.nx, c.ny, c.strategy, c.double)
		t.Run(name, func(t *testing.T) {
			cfg := Config{NX: c.nx, NY: c.ny, DT: 0.05, Init: "column", Strategy: c.strategy, Double: c.double}
			if c.strategy == "hand" {
				cfg.Strategy, cfg.Handwritten = "local", true
			}
			if c.double && !device(t).Device().FP64 {
				t.Skip("device has no fp64")
			}
			want := runSerial(t, cfg, 200)
			got := runDevice(t, cfg, 200)
			for i, name := range []string{"H", "U", "V"} {
				d := maxRelDiff(got[i], want[i])
				t.Logf("%s: max relative difference %.3g", name, d)
				if !(d < c.tol) {
					t.Errorf("%s differs from gfortran by %.3g (tolerance %.0e)", name, d, c.tol)
				}
			}
			// The state must have evolved: a kernel that wrote nothing
			// would agree with a serial run that also did nothing.
			h0 := InitialHeight(cfg.Init, cfg.NX, cfg.NY)
			if d := maxRelDiff(got[0], h0); d < 1e-3 {
				t.Errorf("H barely changed in 200 steps (%.3g)", d)
			}
		})
	}
}

// TestMassConserved: reflective walls let no water out; mass changes only
// by rounding.
func TestMassConserved(t *testing.T) {
	cfg := Config{NX: 64, NY: 64, DT: 0.05, Init: "dambreak", Strategy: "local"}
	h0 := InitialHeight(cfg.Init, cfg.NX, cfg.NY)
	got := runDevice(t, cfg, 1000)
	m0, m1 := Mass(h0, cfg.NX, cfg.NY), Mass(got[0], cfg.NX, cfg.NY)
	drift := math.Abs(m1-m0) / m0
	t.Logf("mass %.9g -> %.9g, relative drift %.3g", m0, m1, drift)
	if !(drift < 1e-5) {
		t.Errorf("mass drifted by %.3g after 1000 steps", drift)
	}
}

// TestStrategiesAgree: local and direct compute the same arithmetic.
func TestStrategiesAgree(t *testing.T) {
	cfg := Config{NX: 45, NY: 70, DT: 0.05, Init: "dambreak", Strategy: "local"}
	a := runDevice(t, cfg, 200)
	cfg.Strategy = "direct"
	b := runDevice(t, cfg, 200)
	for i, name := range []string{"H", "U", "V"} {
		if d := maxRelDiff(a[i], b[i]); !(d < 1e-6) {
			t.Errorf("%s: local and direct differ by %.3g", name, d)
		}
	}
}

// TestGeneratedUpToDate fails when wavelocal/ or wavedirect/ differ from
// what forocl generates from fortran/ now: run go generate.
func TestGeneratedUpToDate(t *testing.T) {
	for _, dir := range []string{"wavelocal", "wavedirect", "wavecoarse"} {
		opts := regions.Options{Strategy: regions.Local}
		switch dir {
		case "wavedirect":
			opts.Strategy = regions.Direct
		case "wavecoarse":
			opts = regions.Options{Strategy: regions.Direct, Coarsen: []int{2, 4}, Tile: []int{64, 2}}
		}
		srcs := []string{"fortran/wave.f90", "fortran/wave_dp.f90"}
		if dir == "wavedirect" {
			srcs = append(srcs, "fortran/summary.f90", "fortran/summary_dp.f90", "fortran/boundary.f90", "fortran/boundary_dp.f90")
		}
		for _, src := range srcs {
			res := driver.Compile([]string{src}, driver.Options{IncludeDirs: []string{"../../fortran"}, Schedule: opts})
			if res.Diags.HasErrors() {
				t.Fatalf("%s: %s", src, res.Diags.String(res.Sources))
			}
			u := res.Generate(res.Program.Kernels, filepath.Base(src), codegen.Options{Version: driver.Version})
			stem := strings.TrimSuffix(filepath.Base(src), ".f90")
			goSrc, err := hostgen.GoHarness(u, stem+".cl", dir)
			if err != nil {
				t.Fatal(err)
			}
			for file, want := range map[string][]byte{stem + ".cl": []byte(u.Source), stem + "_cl.go": goSrc} {
				have, err := os.ReadFile(filepath.Join(dir, file))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(have, want) {
					t.Errorf("%s/%s is stale: run go generate ./examples/shallowwater", dir, file)
				}
			}
		}
		// The package's one package comment names every source file.
		var names, cls []string
		for _, src := range srcs {
			stem := strings.TrimSuffix(filepath.Base(src), ".f90")
			names, cls = append(names, stem+".f90"), append(cls, stem+".cl")
		}
		if have, err := os.ReadFile(filepath.Join(dir, "doc.go")); err != nil || !bytes.Equal(have, hostgen.GoPackageDoc(dir, driver.Version, names, cls)) {
			t.Errorf("%s/doc.go is stale (%v): run go generate ./examples/shallowwater", dir, err)
		}
	}
}

// TestBadFlags: each bad flag is one clear line and exit status 2.
func TestBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-n", "-5"}, "must be at least 1"},
		{[]string{"-dt", "1"}, "CFL limit"},
		{[]string{"-dt", "-0.1"}, "must be positive"},
		{[]string{"-init", "tsunami"}, "unknown initial condition"},
		{[]string{"-strategy", "fast"}, "unknown strategy"},
		{[]string{"-bench", "-widths", "16,x"}, "bad width"},
		{[]string{"-steps", "-1"}, "-steps -1"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"-cfl", "1.5"}, "want a CFL number"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
	device(t)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-device", "no-such-device", "-n", "8", "-steps", "1"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "no-such-device") {
		t.Errorf("unknown device: exit %d, stderr %q", code, stderr.String())
	}
}

// TestMainJob runs the command as the README does, on a small grid, and
// checks its report and PNG.
func TestMainJob(t *testing.T) {
	device(t)
	png := filepath.Join(t.TempDir(), "h.png")
	gifPath := filepath.Join(t.TempDir(), "h.gif")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-device", "pocl", "-n", "32", "-steps", "20", "-png", png, "-gif", gifPath, "-frames", "4"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"device:", "mass:", "relative drift", "ms per step", "cell updates/s", "wrote:"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
	data, err := os.ReadFile(png)
	if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Errorf("no PNG written: %v", err)
	}
	f, err := os.Open(gifPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	anim, err := gif.DecodeAll(f)
	if err != nil || len(anim.Image) != 5 { // the initial state and 4 frames
		t.Errorf("GIF: %v, %d frames; want the initial state and 4 frames", err, len(anim.Image))
	}
}

// TestBenchSmoke runs the benchmark on two small widths with short batches
// and checks that its tables are well formed (no timing assertions).
func TestBenchSmoke(t *testing.T) {
	dev := device(t).Device()
	fortran, regions, err := findFortran()
	if err != nil {
		t.Fatal(err)
	}
	o := benchOptions{widths: []int{16, 40}, out: t.TempDir(), fortran: fortran, regions: regions, quick: true, maxBytes: 1 << 30}
	if _, err := exec.LookPath("gfortran"); err != nil {
		o.serial = "none"
	}
	var stdout, stderr bytes.Buffer
	if err := runBench(o, dev, &stdout, &stderr); err != nil {
		t.Fatalf("bench: %v\n%s", err, stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(o.out, "bench.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 {
		t.Fatalf("bench.csv has %d lines, want a header and 2 rows:\n%s", len(lines), data)
	}
	header := strings.Split(lines[0], ",")
	for i, l := range lines[1:] {
		cells := strings.Split(l, ",")
		if len(cells) != len(header) {
			t.Fatalf("row %d has %d cells, header %d", i, len(cells), len(header))
		}
		if cells[0] != fmt.Sprint(o.widths[i]) {
			t.Errorf("row %d is width %s, want %d", i, cells[0], o.widths[i])
		}
		for j, c := range cells {
			if header[j] == "generated config" || (c == "-" && strings.HasPrefix(header[j], "serial")) {
				continue
			}
			if v, err := strconv.ParseFloat(c, 64); err != nil || !(v > 0) {
				t.Errorf("row %d column %q = %q, want a positive number", i, header[j], c)
			}
		}
	}
	for _, f := range []string{"bench.md", "bench_all.csv", "bench.png"} {
		if st, err := os.Stat(filepath.Join(o.out, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s missing or empty", f)
		}
	}
	if !strings.Contains(stdout.String(), "Validation:") {
		t.Errorf("no validation table in the report:\n%s", stdout.String())
	}
}

// TestInterrupt: a cancelled run stops, writes nothing and says so.
func TestInterrupt(t *testing.T) {
	dev := device(t).Device()
	png := filepath.Join(t.TempDir(), "h.png")
	o, err := parseFlags([]string{"-n", "32", "-steps", "100000", "-png", png}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout bytes.Buffer
	err = simulate(ctx, o, dev, &stdout, io.Discard)
	if !errors.Is(err, errInterrupted) {
		t.Fatalf("err = %v, want interrupted", err)
	}
	if _, err := os.Stat(png); !os.IsNotExist(err) {
		t.Errorf("an interrupted run left %s", png)
	}
}

// TestCFLLimitMatchesGrid: the limit computed near the centre is the one of
// the whole initial state.
func TestCFLLimitMatchesGrid(t *testing.T) {
	for _, c := range []Config{{NX: 64, NY: 64, Init: "column"}, {NX: 50, NY: 37, Init: "column"}, {NX: 7, NY: 30, Init: "dambreak"}, {NX: 1, NY: 1, Init: "column"}} {
		h := InitialHeight(c.Init, c.NX, c.NY)
		hmax := 0.0
		for _, x := range h {
			hmax = math.Max(hmax, x)
		}
		if want := 1 / math.Sqrt(gravity*hmax); c.CFLLimit() != want {
			t.Errorf("%+v: CFLLimit %g, want %g", c, c.CFLLimit(), want)
		}
	}
}

// TestTooLargeForDevice: a grid larger than the device's memory is refused
// before anything is allocated, saying how much was needed and available.
func TestTooLargeForDevice(t *testing.T) {
	dev := device(t).Device()
	n := int(math.Sqrt(float64(dev.GlobalMem)/24)) + 100
	var stdout, stderr bytes.Buffer
	code := run([]string{"-device", dev.Index, "-n", fmt.Sprint(n), "-steps", "1"}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "needs") || !strings.Contains(stderr.String(), dev.Name) {
		t.Errorf("exit %d, stderr %q; want exit 1 and how much memory is needed and available", code, stderr.String())
	}
}

// TestTooManySlabs: a slab count beyond the grid is refused before a
// context is opened for each slab.
func TestTooManySlabs(t *testing.T) {
	dev := device(t).Device()
	var stdout, stderr bytes.Buffer
	code := run([]string{"-device", dev.Index, "-n", "16", "-steps", "1", "-slabs", "99999999999"}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "too small for 99999999999 slabs") {
		t.Errorf("exit %d, stderr %q; want exit 1 and the grid too small", code, stderr.String())
	}
}

// TestSummaryOnDevice: the mass and the fastest signal speed that
// summary.f90's reductions compute on the device equal host-side
// computations over the state copied back (mass within 1e-6 relative, as
// the printed mass must), in real(4) and real(8), after some steps.
func TestSummaryOnDevice(t *testing.T) {
	ctx := device(t)
	for _, dp := range []bool{false, true} {
		cfg := Config{NX: 61, NY: 47, DT: 0.05, Init: "dambreak", Strategy: "direct", Double: dp}
		sim, err := NewSim(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 30; i++ {
			if err := sim.Step(); err != nil {
				t.Fatal(err)
			}
		}
		mass, speed, err := sim.Summary()
		if err != nil {
			t.Fatal(err)
		}
		// Timed returns the same results (the folds go in a fixed order)
		// and the device time of its launches.
		c := sim.cur
		var tmass, tspeed float64
		var elapsed time.Duration
		if sim.s64 != nil {
			tmass, tspeed, elapsed, err = sim.s64.Timed(c.h, c.u, c.v)
		} else {
			var m, s float32
			m, s, elapsed, err = sim.s32.Timed(c.h, c.u, c.v)
			tmass, tspeed = float64(m), float64(s)
		}
		if err != nil || tmass != mass || tspeed != speed || elapsed <= 0 {
			t.Errorf("dp=%v: Timed gives mass %v, speed %v, time %v, %v; Run gave %v, %v", dp, tmass, tspeed, elapsed, err, mass, speed)
		}
		h, u, v, err := sim.State()
		if err != nil {
			t.Fatal(err)
		}
		sim.Close()
		want := Mass(h, cfg.NX, cfg.NY)
		if d := math.Abs(mass-want) / want; !(d <= 1e-6) {
			t.Errorf("dp=%v: device mass %.9g, host sum %.9g: relative %.3g > 1e-6", dp, mass, want, d)
		}
		n1 := cfg.NX + 2
		wantSpeed := 0.0
		for j := 2; j <= cfg.NY+1; j++ {
			for i := 2; i <= cfg.NX+1; i++ {
				k := (i - 1) + (j-1)*n1
				s := (math.Abs(u[k])+math.Abs(v[k]))/h[k] + 2*math.Sqrt(gravity*h[k])
				wantSpeed = math.Max(wantSpeed, s)
			}
		}
		if d := math.Abs(speed-wantSpeed) / wantSpeed; !(d <= 1e-5) {
			t.Errorf("dp=%v: device speed %.9g, host %.9g", dp, speed, wantSpeed)
		}
	}
}

// TestAdaptiveStep: with -cfl the run takes dt from the device-side speed
// each step, stays stable where a fixed dt at the initial limit is
// chosen by the user, and reports the simulated time.
func TestAdaptiveStep(t *testing.T) {
	device(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"-device", "pocl", "-n", "40", "-steps", "50", "-init", "dambreak", "-cfl", "0.5"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var simulated, cfl, last float64
	for _, line := range strings.Split(stdout.String(), "\n") {
		if strings.HasPrefix(line, "time:") && strings.Contains(line, "simulated") {
			if _, err := fmt.Sscanf(line, "time:     %g simulated with CFL %g, last dt %g", &simulated, &cfl, &last); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
		}
	}
	// The dam break's speed is at least 2 sqrt(g*1), so dt <= 0.5/(2 sqrt(9.8)),
	// and at most about (2 sqrt(2g) + |u| + |v|).
	if cfl != 0.5 || !(last > 0 && last <= 0.25/math.Sqrt(gravity)+1e-6) || !(simulated > 50*0.25/math.Sqrt(2*gravity)*0.5) {
		t.Errorf("adaptive run: simulated %g, CFL %g, last dt %g:\n%s", simulated, cfl, last, stdout.String())
	}
}

// TestHelpExitsZero: -help prints the usage to stderr and exits 0, as
// asking for help is not an error; an unknown flag still exits 2.
func TestHelpExitsZero(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-help"}, &stdout, &stderr); code != 0 || !strings.Contains(stderr.String(), "-steps") {
		t.Errorf("-help: exit %d, stderr %q; want 0 and the usage", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"-nosuchflag"}, &stdout, &stderr); code != 2 {
		t.Errorf("-nosuchflag: exit %d, want 2", code)
	}
}

// TestLoopFormBitIdentical: wave_advance written as a legacy loop nest over
// explicit-shape arrays (fortran/wave_loops.f90) gives bit for bit the
// region form's outputs (fortran/wave.f90) on the test device in real(4),
// halo included, on an awkward grid.
func TestLoopFormBitIdentical(t *testing.T) {
	ctx := device(t)
	run := func(file, kernel string, arrays map[string]*npy.Array) map[string]*npy.Array {
		t.Helper()
		res := driver.Compile([]string{file}, driver.Options{IncludeDirs: []string{"../../fortran"}, Schedule: regions.Options{Strategy: regions.Direct}})
		if res.Diags.HasErrors() {
			t.Fatal(res.Diags.String(res.Sources))
		}
		u := res.Generate(res.Program.Kernels, filepath.Base(file), codegen.Options{Version: driver.Version})
		r, err := runner.Run(ctx, runner.Job{Unit: u, Kernel: u.Kernels[0], Arrays: arrays,
			Scalars: map[string]float64{"dx": 1, "dy": 1, "dt": 0.05}})
		if err != nil {
			t.Fatal(err)
		}
		return r.Outputs
	}
	n1, n2 := 53, 40
	rng := rand.New(rand.NewSource(7))
	field := func(lo, hi float64) *npy.Array {
		a := runner.Zeros(npy.Float32, []int{n1, n2})
		for i := range a.F32 {
			a.F32[i] = float32(lo + (hi-lo)*rng.Float64())
		}
		return a
	}
	in := map[string]*npy.Array{"h": field(1, 2), "u": field(-0.3, 0.3), "v": field(-0.3, 0.3)}
	region := run("fortran/wave.f90", "wave_advance", in)
	loops := run("fortran/wave_loops.f90", "wave_advance_loops", in)
	for _, name := range []string{"oh", "ou", "ov"} {
		a, b := region[name], loops[name]
		if a == nil || b == nil {
			t.Fatalf("output %s missing", name)
		}
		changed := 0
		for i := range a.F32 {
			if math.Float32bits(a.F32[i]) != math.Float32bits(b.F32[i]) {
				t.Fatalf("%s differs at %d: region %v, loops %v", name, i, a.F32[i], b.F32[i])
			}
			if a.F32[i] != 0 {
				changed++
			}
		}
		if changed < (n1-2)*(n2-2) {
			t.Errorf("%s: only %d elements written", name, changed)
		}
	}
}
