package golden

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// hostLoopCases are the corpus kernels with host loops (Note [host loops]
// in package abi) and the dummy that gives their trip count.
var hostLoopCases = []struct{ file, trips string }{
	{"loop_jacobi_iters", "niter"},
	{"loop_subcycle", "nsub"},
	{"loop_relax_resid", "niter"},
}

// TestHostLoopTrips runs the kernels with host loops from their ABI's
// JSON with trip counts 0, 1 and 3, through the Go runner and through the
// Fortran host (which must agree bit for bit), and compares every output
// with gfortran's serial run: with no trip the arrays must come back exactly as
// they went in (and relax_resid's results be the values set before the
// loop, its loop variable the loop's first value); with trips they must
// have changed.
func TestHostLoopTrips(t *testing.T) {
	c := device(t)
	for _, tc := range hostLoopCases {
		f := "../testdata/kernels/" + tc.file + ".f90"
		u := roundTrip(t, compile(t, f).units[regions.Direct])
		k := u.Kernels[0]
		if len(k.HostLoops) == 0 || u.Format != abi.FormatShapes {
			t.Fatalf("%s: no host loops in the ABI (format %d)", tc.file, u.Format)
		}
		exe, err := oracle.Build(k, []string{regionsModule, f}, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		dev := fortranHost(t, u, k, tc.file) // the Fortran host
		for _, trips := range []int{0, 1, 3} {
			rng := rand.New(rand.NewSource(int64(trips + 11)))
			sizes := loopSizes(k, 0, nil)
			sizes[tc.trips] = trips
			scalars, arrays := map[string]float64{}, map[string]*npy.Array{}
			for n, v := range sizes {
				scalars[strings.ToLower(n)] = float64(v)
			}
			for _, p := range k.Params {
				name := strings.ToLower(p.Name)
				switch {
				case p.Array:
					ext, err := p.Extents(sizes)
					if err != nil {
						t.Fatal(err)
					}
					arrays[name] = randomArray(rng, p.Kind, ext)
				case !p.Result() && sizes[p.Name] == 0 && p.Name != tc.trips:
					scalars[name] = 0.1 + 0.2*rng.Float64()
				}
			}
			want, err := exe.Run(scalars, arrays)
			if err != nil {
				t.Fatal(err)
			}
			got, err := runner.Run(c, runner.Job{Unit: u, Kernel: k, Scalars: scalars, Arrays: arrays})
			if err != nil {
				t.Fatalf("%s, %d trips: %v", tc.file, trips, err)
			}
			fort, err := dev.Run(scalars, arrays)
			if err != nil {
				t.Fatalf("%s, %d trips, fortran host: %v", tc.file, trips, err)
			}
			for _, p := range k.Outputs() {
				name := strings.ToLower(p.Name)
				if i := firstDiff(fort[name], got.Outputs[name]); i >= 0 {
					t.Errorf("%s, %d trips: %q from the Fortran host differs from the Go runner at %d: %g, %g", tc.file, trips, p.Name, i, oracle.Value(fort[name], i), oracle.Value(got.Outputs[name], i))
				}
				w, g := want[name], got.Outputs[name]
				changed := false
				for i := 0; i < w.Len(); i++ {
					ref, x := oracle.Value(w, i), oracle.Value(g, i)
					if d := math.Abs(x-ref) / math.Max(1, math.Abs(ref)); d > oracle.Tolerance(p.Kind) || math.IsNaN(x) {
						t.Fatalf("%s, %d trips: %q differs from gfortran at %d: opencl %g, gfortran %g", tc.file, trips, p.Name, i, x, ref)
					}
					if !p.Result() && x != oracle.Value(arrays[name], i) {
						changed = true
					}
				}
				if !p.Result() && changed != (trips > 0) {
					t.Errorf("%s, %d trips: %q changed = %v", tc.file, trips, p.Name, changed)
				}
			}
			if tc.file == "loop_relax_resid" {
				// do it = niter, 1, -1 leaves it = niter - trips.
				resid, last := got.Outputs["resid"].F64[0], got.Outputs["last"].I32[0]
				if wantLast := int32(0); trips == 0 && (resid != -1 || last != 0) || trips > 0 && (resid < 0 || last != wantLast) {
					t.Errorf("relax_resid, %d trips: resid %g, last %d", trips, resid, last)
				}
			}
		}
	}
}

// hostLoopMain drives the generated Go harness of loop_relax_resid: it
// runs the kernel once with the trip count given as its argument on the
// inputs the test wrote, and prints the outputs' bits.
const hostLoopMain = `package main

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/forocl/forocl/clhost"
)

func main() {
	niter, _ := strconv.Atoi(os.Args[1])
	const n = 37
	dev, err := clhost.Select("")
	check(err)
	c, err := clhost.NewContext(dev)
	check(err)
	defer c.Close()
	k, err := NewRelaxResid(c)
	check(err)
	defer k.Close()
	b, err := c.NewArray(clhost.Float64, n)
	check(err)
	a, err := c.NewArray(clhost.Float64, n+2)
	check(err)
	t, err := c.NewArray(clhost.Float64, n+2)
	check(err)
	bv, av, tv := make([]float64, n), make([]float64, n+2), make([]float64, n+2)
	for i := range av {
		av[i], tv[i] = 1+0.01*float64(i%7), 0.5
	}
	for i := range bv {
		bv[i] = 0.02 * float64(i%5)
	}
	check(c.WriteFloat64(b.Buffer, bv))
	check(c.WriteFloat64(a.Buffer, av))
	check(c.WriteFloat64(t.Buffer, tv))
	resid, last, err := k.Run(n, int32(niter), 0.3, b, a, t)
	check(err)
	if len(os.Args) > 2 { // "allocs": the Go allocations of a run of the same shapes
		fmt.Println(testing.AllocsPerRun(10, func() {
			_, _, err := k.Run(n, int32(niter), 0.3, b, a, t)
			check(err)
		}))
		return
	}
	check(c.ReadFloat64(a.Buffer, av))
	fmt.Println(math.Float64bits(resid), last)
	for _, x := range av {
		fmt.Println(math.Float64bits(x))
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`

// TestHostLoopHarnessRuns builds the Go harness of loop_relax_resid (two
// nested host loops, one counting down, a reduction and results) as a
// program and runs it with 0 and 3 trips: its outputs must be bit for bit
// the Go runner's on the same inputs, and a run of the same shapes (a
// host program: host loops, host statements, a reduction, several
// launches) allocates no Go memory.
func TestHostLoopHarnessRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	c := device(t)
	u := compile(t, "../testdata/kernels/loop_relax_resid.f90").units[regions.Direct]
	src, err := hostgen.GoHarness(u, "relax.cl", "main")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("testdata", "hostloopprog")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for name, text := range map[string][]byte{"relax.cl": []byte(u.Source), "relax_cl.go": src, "main.go": []byte(hostLoopMain)} {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe := filepath.Join(t.TempDir(), "relax")
	if out, err := exec.Command("go", "build", "-o", exe, "./"+filepath.ToSlash(dir)).CombinedOutput(); err != nil {
		t.Fatalf("go build of the harness: %v\n%s", err, out)
	}
	const n = 37
	for _, niter := range []int{0, 3} {
		out, err := exec.Command(exe, strconv.Itoa(niter)).CombinedOutput()
		if err != nil {
			t.Fatalf("%d trips: %v\n%s", niter, err, out)
		}
		b, a, tt := runner.Zeros(npy.Float64, []int{n}), runner.Zeros(npy.Float64, []int{n + 2}), runner.Zeros(npy.Float64, []int{n + 2})
		for i := range a.F64 {
			a.F64[i], tt.F64[i] = 1+0.01*float64(i%7), 0.5
		}
		for i := range b.F64 {
			b.F64[i] = 0.02 * float64(i%5)
		}
		got, err := runner.Run(c, runner.Job{Unit: u, Kernel: u.Kernels[0],
			Scalars: map[string]float64{"n": n, "niter": float64(niter), "omega": 0.3},
			Arrays:  map[string]*npy.Array{"b": b, "a": a, "t": tt}})
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		fmt.Fprintln(&want, math.Float64bits(got.Outputs["resid"].F64[0]), got.Outputs["last"].I32[0])
		for _, x := range got.Outputs["a"].F64 {
			fmt.Fprintln(&want, math.Float64bits(x))
		}
		if string(out) != want.String() {
			t.Errorf("%d trips: the harness's outputs differ from the runner's:\nharness %.200s\nrunner  %.200s", niter, out, want.String())
		}
		if niter == 3 && got.Outputs["a"].F64[1] == 1+0.01 {
			t.Errorf("3 trips left a unchanged")
		}
	}
	out, err := exec.Command(exe, "3", "allocs").CombinedOutput()
	if err != nil {
		t.Fatalf("allocs: %v\n%s", err, out)
	}
	if strings.TrimSpace(string(out)) != "0" {
		t.Errorf("a run of 3 trips allocates %s times, want 0", out)
	}
}
