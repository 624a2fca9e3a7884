package main

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/mpi"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

// slabCfg is the dam break the slab tests step 200 times; rows of 64
// real(4) values start sub-buffers on PoCL (128-byte alignment), so the
// exchange overlaps the interior.
var slabCfg = Config{NX: 62, NY: 41, DT: 0.05, Init: "dambreak", Strategy: "direct"}

const slabSteps = 200

// oneDevice is the state after slabSteps steps of the example's Sim,
// before the final walls (what the slabs return).
func oneDevice(t *testing.T, ctx *clhost.Context, cfg Config) [3][]float64 {
	sim, err := NewSim(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	for i := 0; i < slabSteps; i++ {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	var out [3][]float64
	for i, a := range []*clhost.Array{sim.cur.h, sim.cur.u, sim.cur.v} {
		if out[i], err = sim.read(a); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// sameState reports the first difference between the slabs' outputs and
// the one-device state, or "".
func sameState(want [3][]float64, got map[string]*npy.Array) string {
	for i, name := range []string{"oh", "ou", "ov"} {
		g := runner.Convert(got[name], npy.Float64)
		for j := range want[i] {
			if math.Float64bits(g.F64[j]) != math.Float64bits(want[i][j]) {
				return fmt.Sprintf("%s[%d] = %v, one device %v", name, j, g.F64[j], want[i][j])
			}
		}
	}
	return ""
}

// TestSlabsMatchOneDevice: 200 steps of the dam break on 2 and 3 slabs of
// one device, walls included, overlapped and not, equal the example's
// one-device run bit for bit.
func TestSlabsMatchOneDevice(t *testing.T) {
	ctx := device(t)
	want := oneDevice(t, ctx, slabCfg)
	for _, c := range []struct {
		n         int
		noOverlap bool
	}{{2, false}, {3, false}, {2, true}} {
		n := c.n
		job, hooks, err := slabJob(slabCfg, slabSteps)
		if err != nil {
			t.Fatal(err)
		}
		sl := runner.Slabs{Before: hooks.before, BeforeKeepsHalos: true, NoOverlap: c.noOverlap}
		for i := 0; i < n; i++ {
			c, err := clhost.NewContext(ctx.Device())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if err := hooks.prepare(c); err != nil {
				t.Fatal(err)
			}
			sl.Contexts = append(sl.Contexts, c)
		}
		res, err := runner.RunSlabs(job, sl)
		hooks.release()
		if err != nil {
			t.Fatalf("%d slabs: %v", n, err)
		}
		if d := sameState(want, res.Outputs); d != "" {
			t.Errorf("%d slabs (overlapped %v): %s", n, res.Overlapped, d)
		}
		if want := !c.noOverlap; res.Overlapped != want {
			t.Errorf("%d slabs, NoOverlap %v: overlapped %v", n, c.noOverlap, res.Overlapped)
		}
	}
}

// TestSlabsCoarseUnaligned: the slabs run the kernel of the configured
// strategy (coarse: 2x4 cells per work-item, as one device runs it), and
// rows of 65 real(4) values overlap the exchange, the parts starting at
// multiples of the kernel's 4 planes per work-item (Note [part offsets]
// in package runner); 200 steps on 2 slabs equal one device's bit for bit.
func TestSlabsCoarseUnaligned(t *testing.T) {
	ctx := device(t)
	cfg := slabCfg
	cfg.NX, cfg.NY, cfg.Strategy = 63, 150, "coarse"
	want := oneDevice(t, ctx, cfg)
	job, hooks, err := slabJob(cfg, slabSteps)
	if err != nil {
		t.Fatal(err)
	}
	defer hooks.release()
	if l := job.Kernel.Launches[0]; len(l.Global) != 2 || l.Global[0].Per != 2 || l.Global[1].Per != 4 {
		t.Errorf("the slabs' kernel is not the coarse one: launch %+v", l.Global)
	}
	sl := runner.Slabs{Before: hooks.before, BeforeKeepsHalos: true}
	for i := 0; i < 2; i++ {
		c, err := clhost.NewContext(ctx.Device())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := hooks.prepare(c); err != nil {
			t.Fatal(err)
		}
		sl.Contexts = append(sl.Contexts, c)
	}
	res, err := runner.RunSlabs(job, sl)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Overlapped {
		t.Error("rows of 260 bytes: the exchange does not overlap the interior")
	}
	if d := sameState(want, res.Outputs); d != "" {
		t.Errorf("2 slabs (overlapped %v): %s", res.Overlapped, d)
	}
}

// TestSlabsMPI runs TestSlabsChild as 2 and 4 MPI ranks: rank 0 compares
// the gathered state with its own one-device run.
func TestSlabsMPI(t *testing.T) {
	device(t)
	path, err := exec.LookPath("mpirun")
	if err != nil {
		if os.Getenv("FOROCL_REQUIRE_OPENCL") != "" {
			t.Fatal("FOROCL_REQUIRE_OPENCL is set but mpirun is missing: apt-get install openmpi-bin libopenmpi-dev")
		}
		t.Skip("mpirun is missing (apt-get install openmpi-bin libopenmpi-dev); set FOROCL_REQUIRE_OPENCL=1 to fail instead")
	}
	for _, n := range []int{2, 4} {
		ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
		cmd := exec.CommandContext(ctx, path, "--oversubscribe", "--allow-run-as-root", "-np", fmt.Sprint(n),
			"-x", "FOROCL_SW_CHILD=1", os.Args[0], "-test.run=^TestSlabsChild$", "-test.v")
		cmd.Env = append(os.Environ(), "FOROCL_SW_CHILD=1")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		hung := ctx.Err() != nil
		cancel()
		if hung {
			t.Fatalf("%d ranks hung:\n%s", n, out.String())
		}
		if err != nil || !strings.Contains(out.String(), fmt.Sprintf("%d ranks: identical to one device", n)) {
			t.Errorf("%d ranks: %v\n%s", n, err, out.String())
		}
	}
}

// TestSlabsChild is one rank of TestSlabsMPI.
func TestSlabsChild(t *testing.T) {
	if os.Getenv("FOROCL_SW_CHILD") == "" {
		t.Skip("run by TestSlabsMPI under mpirun")
	}
	comm, err := mpi.Init()
	if err != nil {
		t.Fatal(err)
	}
	defer comm.Finalize()
	comm.Timeout = time.Minute
	ctx := device(t)
	job, hooks, err := slabJob(slabCfg, slabSteps)
	if err == nil {
		err = hooks.prepare(ctx)
	}
	if err != nil {
		comm.Abort(1, err.Error())
	}
	defer hooks.release()
	res, err := runner.RunSlabs(job, runner.Slabs{Contexts: []*clhost.Context{ctx}, Comm: comm, Before: hooks.before, BeforeKeepsHalos: true})
	if err != nil {
		comm.Abort(1, err.Error())
	}
	if comm.Rank() != 0 {
		return
	}
	if d := sameState(oneDevice(t, ctx, slabCfg), res.Outputs); d != "" {
		t.Errorf("%d ranks: %s", comm.Size(), d)
	} else {
		fmt.Printf("%d ranks: identical to one device\n", comm.Size())
	}
}

// TestSlabsReport: -slabs prints the exchange time per step and the part
// of it hidden, as two numbers (none hidden when not overlapped).
func TestSlabsReport(t *testing.T) {
	dev := device(t).Device()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-device", dev.Index, "-n", "64", "-steps", "5", "-slabs", "2"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var per, ex, hidden float64
	var steps int
	for _, line := range strings.Split(stdout.String(), "\n") {
		if strings.HasPrefix(line, "time:") {
			if _, err := fmt.Sscanf(line, "time:     %g ms per step, %d steps; halo exchange %g ms per step, %g ms of it hidden", &per, &steps, &ex, &hidden); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
		}
	}
	after := strings.Contains(stdout.String(), "(after each step")
	if steps != 5 || per <= 0 || ex <= 0 || hidden > ex || after && hidden != 0 {
		t.Errorf("%d steps, %v ms per step, exchange %v with %v hidden in\n%s", steps, per, ex, hidden, stdout.String())
	}
}

// TestSlabsDevices: -devices A,B runs a slab on each (here the test device
// twice) and ends in the state of -slabs 2; a bad entry is an error.
func TestSlabsDevices(t *testing.T) {
	dev := device(t).Device()
	state := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"-n", "40", "-steps", "20", "-init", "dambreak"}, args...), &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		var mass, where string
		for _, line := range strings.Split(stdout.String(), "\n") {
			if strings.HasPrefix(line, "mass:") {
				mass = line
			}
			if strings.HasPrefix(line, "device:") {
				where = line
			}
		}
		if !strings.Contains(where, "2 slabs") {
			t.Errorf("%v: %q", args, where)
		}
		return mass
	}
	want := state("-device", dev.Index, "-slabs", "2")
	if got := state("-devices", dev.Index+","+dev.Index); got != want || want == "" {
		t.Errorf("-devices: %q, -slabs 2: %q", got, want)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-n", "40", "-steps", "2", "-devices", dev.Index + ",no-such-device"}, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), `-devices entry "no-such-device"`) {
		t.Errorf("a bad entry: exit %d, %q", code, stderr.String())
	}
}
