package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/forocl/forocl/npy"
)

// mpirunArgs is the mpirun command line for n ranks of this test binary
// acting as forocl, or nil (the test skipped) when mpirun is missing and
// FOROCL_REQUIRE_OPENCL is not set.
func mpirunArgs(t *testing.T, n int) []string {
	t.Helper()
	path, err := exec.LookPath("mpirun")
	if err != nil {
		if os.Getenv("FOROCL_REQUIRE_OPENCL") != "" {
			t.Fatal("FOROCL_REQUIRE_OPENCL is set but mpirun is missing: apt-get install openmpi-bin libopenmpi-dev")
		}
		t.Skip("mpirun is missing (apt-get install openmpi-bin libopenmpi-dev); set FOROCL_REQUIRE_OPENCL=1 to fail instead")
	}
	return []string{path, "--oversubscribe", "--allow-run-as-root", "-np", fmt.Sprint(n), "-x", "FOROCL_TEST_MAIN=1", "-x", "FOROCL_CACHE", os.Args[0]}
}

// mpiForocl runs forocl args as n MPI ranks and returns the exit error and
// the output of all ranks; a run that hangs fails the test.
func mpiForocl(t *testing.T, n int, args ...string) (string, error) {
	t.Helper()
	return mpiRun(t, append(mpirunArgs(t, n), args...))
}

// mpiRun runs the mpirun command line all (mpirunArgs and more) and
// returns as mpiForocl does.
func mpiRun(t *testing.T, all []string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, all[0], all[1:]...)
	cmd.Env = append(os.Environ(), "FOROCL_TEST_MAIN=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s hung:\n%s", strings.Join(all, " "), out.String())
	}
	return out.String(), err
}

// slabKernels are corpus kernels with halos 1 and 2, stepped with --swap;
// all but the staggered loop kernel overlap the exchange with the
// interior, whatever their planes' bytes (no sub-buffers).
var slabKernels = []struct {
	file, kernel string
	sets         []string
	grid, swap   string
	out          string
}{
	{"jacobi5.f90", "jacobi5_step", []string{"h=0.1"}, "32x26", "A=oA", "oA"},
	{"halo2_2d.f90", "diffuse4", []string{"nu=0.1", "dt=0.1", "dx=1", "dy=1"}, "18x31", "A=oA", "oA"},
	{"heat3d_faces.f90", "heat3d_var", []string{"dt=0.05", "dx=1", "dy=1", "dz=1"}, "8x4x17", "T=oT", "oT"},
	// Loop kernels (issue 24): the 5-point stencil on t(n,m) and on
	// t(0:nx+1,0:ny+1), a staggered kernel, 1-D coefficient arrays, a
	// radius-2 stencil; the staggered kernel's halos are exchanged after
	// each step.
	{"loop_slabs.f90", "sten5", []string{"n=13", "m=21"}, "13x21", "t=tn", "tn"},
	{"loop_slabs.f90", "sten5h", []string{"nx=11", "ny=19"}, "13x21", "t=tn", "tn"},
	{"loop_slabs.f90", "stagger", []string{"nx=9", "ny=18"}, "10x19", "u=un", "un"},
	{"loop_slabs.f90", "coefs", []string{"n=13", "m=21"}, "13x21", "t=tn", "tn"},
	{"loop_slabs.f90", "radius2", []string{"n=13", "m=23"}, "13x23", "t=tn", "tn"},
}

// exchangeLine reads the exchange time per step and its hidden part from
// a split run's report.
var exchangeLine = regexp.MustCompile(`halo exchange and reductions ([0-9.]+) ms per step, ([0-9.]+) ms of it hidden`)

// checkExchange checks the two numbers of a split run's report: the part
// hidden is within the exchange, and nothing is hidden without overlap.
func checkExchange(t *testing.T, out string, overlapped bool) {
	t.Helper()
	m := exchangeLine.FindStringSubmatch(out)
	if m == nil {
		t.Errorf("no exchange and hidden times in %q", out)
		return
	}
	ex, _ := strconv.ParseFloat(m[1], 64)
	hidden, _ := strconv.ParseFloat(m[2], 64)
	if hidden > ex || !overlapped && hidden != 0 || overlapped && ex <= 0 {
		t.Errorf("exchange %v ms per step with %v ms hidden (overlapped %v) in %q", ex, hidden, overlapped, out)
	}
}

// TestRunSlabsBitIdentical runs each kernel for 6 steps on one device,
// on 2 and 3 slabs of one device, and as 2 and 4 MPI ranks, and compares
// the outputs byte for byte.
func TestRunSlabsBitIdentical(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	for _, c := range slabKernels {
		base := []string{"run", "-I", regionsDir, filepath.Join(kernelsDir, c.file), "--kernel", c.kernel, "--grid", c.grid,
			"--steps", "6", "--swap", c.swap, "--device", testDevice()}
		for _, s := range c.sets {
			base = append(base, "--set", s)
		}
		file := func(what string) string { return filepath.Join(dir, c.kernel+"_"+what+".npy") }
		if code, _, errOut := cli(t, append(base, "--out", c.out+"="+file("one"))...); code != 0 {
			t.Fatalf("%s on one device: exit %d: %s", c.kernel, code, errOut)
		}
		want, err := os.ReadFile(file("one"))
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string) {
			got, err := os.ReadFile(file(what))
			if err != nil {
				t.Errorf("%s %s: %v", c.kernel, what, err)
			} else if !bytes.Equal(got, want) {
				t.Errorf("%s on %s differs from the one-device run", c.kernel, what)
			}
		}
		for _, n := range []string{"2", "3"} {
			code, out, errOut := cli(t, append(base, "--slabs", n, "--out", c.out+"="+file("slabs"+n))...)
			if code != 0 {
				t.Fatalf("%s on %s slabs: exit %d: %s", c.kernel, n, code, errOut)
			}
			how := "(after each step)"
			overlapped := c.kernel != "stagger"
			if overlapped {
				how = "(overlapped with the interior)"
			}
			if !strings.Contains(out, "on "+n+" slabs on") || !strings.Contains(out, "halo exchange") || !strings.Contains(out, how) {
				t.Errorf("%s on %s slabs printed %q, want %q", c.kernel, n, out, how)
			}
			checkExchange(t, out, overlapped)
			check("slabs" + n)
		}
		for _, n := range []int{2, 4} {
			what := fmt.Sprintf("mpi%d", n)
			out, err := mpiForocl(t, n, append(base, "--mpi", "--out", c.out+"="+file(what))...)
			if err != nil {
				t.Fatalf("%s on %d ranks: %v\n%s", c.kernel, n, err, out)
			}
			if strings.Count(out, "steps in") != 1 || !strings.Contains(out, fmt.Sprintf("on %d MPI ranks", n)) {
				t.Errorf("%s on %d ranks: want one report from rank 0, got\n%s", c.kernel, n, out)
			}
			check(what)
		}
	}
}

func TestRunSlabsErrors(t *testing.T) {
	requireOpenCL(t)
	src := filepath.Join(kernelsDir, "halo2_2d.f90")
	base := []string{"run", "-I", regionsDir, src, "--kernel", "diffuse4", "--set", "nu=0.1", "--set", "dt=0.1", "--set", "dx=1", "--set", "dy=1", "--device", testDevice()}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--grid", "9x9", "--slabs", "3"}, 1, `kernel "diffuse4": a grid of 9 planes along its last dimension (halos 2 and 2) is too small for 3 slabs: each needs at least 2 interior planes; use at most 2 slabs or a larger grid`},
		{[]string{"--grid", "9x9", "--slabs", "-1"}, 2, "--slabs -1: want a count of 1 or more"},
		{[]string{"--grid", "9x9", "--slabs", "0"}, 2, "--slabs 0: want a count of 1 or more"},
		// Checked against the grid before a context is opened for each.
		{[]string{"--grid", "9x9", "--slabs", "99999999999"}, 1, "too small for 99999999999 slabs: each needs at least 2 interior planes; use at most 2 slabs"},
		{[]string{"--grid", "9x9", "--mpi", "--slabs", "2"}, 2, "choose the count with mpirun -np N"},
		{[]string{"--grid", "9x9", "--slabs", "2", "--slab-halo", "1"}, 2, "--slab-halo 1: want LO:HI"},
		{[]string{"--grid", "9x9", "--slab-halo", "1:1"}, 2, "give --devices, --slabs or --mpi"},
		{[]string{"--grid", "9x9", "--slabs", "2", "--repeat", "3"}, 2, "time slabs with --steps"},
		{[]string{"--grid", "9x9", "--devices", "0:0,,1:0"}, 2, "an empty entry"},
		{[]string{"--grid", "9x9", "--devices", "no-such-device"}, 1, `--devices entry "no-such-device"`},
	} {
		code, _, errOut := cli(t, append(base, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
	if os.Getenv("OMPI_COMM_WORLD_SIZE") == "" {
		code, _, errOut := cli(t, append(base, "--grid", "9x9", "--mpi")...)
		if code != 1 || !strings.Contains(errOut, "not started by mpirun") {
			t.Errorf("--mpi without mpirun: exit %d, %q", code, errOut)
		}
	}
}

// TestRunMPIFailingRank: rank 1's device does not exist; it ends every
// rank with its message instead of leaving rank 0 waiting for its halo.
func TestRunMPIFailingRank(t *testing.T) {
	requireOpenCL(t)
	start := time.Now()
	out, err := mpiForocl(t, 2, "run", "-I", regionsDir, filepath.Join(kernelsDir, "jacobi5.f90"), "--kernel", "jacobi5_step",
		"--set", "h=0.1", "--grid", "20x20", "--steps", "50", "--swap", "A=oA", "--mpi", "--devices", testDevice()+",no-such-device")
	if err == nil {
		t.Fatalf("a rank failed but mpirun succeeded:\n%s", out)
	}
	if !strings.Contains(out, `forocl: rank 1 of 2: --devices entry "no-such-device"`) || !strings.Contains(out, "ending every rank") {
		t.Errorf("no clear message from rank 1:\n%s", out)
	}
	if d := time.Since(start); d > 60*time.Second {
		t.Errorf("the ranks took %v to end", d)
	}
}

// TestRunSlabsReductions: field_stats' results over 3 slabs and 2 MPI
// ranks (halo 1, its windows' width) print as on one device; its sum
// may differ in the last bits and is checked apart.
func TestRunSlabsReductions(t *testing.T) {
	requireOpenCL(t)
	base := []string{"run", "-I", regionsDir, filepath.Join(kernelsDir, "reductions.f90"), "--kernel", "field_stats",
		"--set", "wet=0.9", "--grid", "30x40", "--device", testDevice()}
	code, want, errOut := cli(t, base...)
	if code != 0 {
		t.Fatalf("one device: exit %d: %s", code, errOut)
	}
	exact := func(out string) []string {
		var lines []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, " = ") && !strings.HasPrefix(l, "total") {
				lines = append(lines, l)
			}
		}
		return lines
	}
	if len(exact(want)) != 5 {
		t.Fatalf("one device printed %q", want)
	}
	code, got, errOut := cli(t, append(base, "--slabs", "3", "--slab-halo", "1:1")...)
	if code != 0 {
		t.Fatalf("3 slabs: exit %d: %s", code, errOut)
	}
	mpiOut, err := mpiForocl(t, 2, append(base, "--mpi", "--slab-halo", "1:1")...)
	if err != nil {
		t.Fatalf("2 ranks: %v\n%s", err, mpiOut)
	}
	for what, out := range map[string]string{"3 slabs": got, "2 ranks": mpiOut} {
		if fmt.Sprint(exact(out)) != fmt.Sprint(exact(want)) {
			t.Errorf("%s printed %q, one device %q", what, exact(out), exact(want))
		}
		if g, w := total(t, out), total(t, want); math.Abs(g-w) > 1e-5*math.Abs(w) {
			t.Errorf("%s: total = %v, one device %v", what, g, w)
		}
	}
}

// total is the value of the "total = X" line of out.
func total(t *testing.T, out string) float64 {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(l, "total = "); ok {
			x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				t.Fatal(err)
			}
			return x
		}
	}
	t.Fatalf("no total in %q", out)
	return 0
}

// loopKernels are loop kernels that slabs once ran wrong with exit 0:
// each slab restarted the loop index (addij), a stencil's j-1 and j+1
// reads were not seen as halos (sten), and staggered arrays corrupted
// the heap (stag). sten now runs (TestRunSlabsBitIdentical has more);
// addij and stag cannot be split exactly.
const loopKernels = `module lp
  implicit none
contains
!$OFP PURE, KERNEL :: addij
subroutine addij(nx, ny, a, b)
  integer :: nx, ny
  real, dimension(nx, ny) :: a, b
  integer :: i, j
  do j = 1, ny
    do i = 1, nx
      b(i,j) = a(i,j) + 1000*j + i
    end do
  end do
end subroutine
!$OFP PURE, KERNEL :: sten
subroutine sten(nx, ny, a, b)
  integer :: nx, ny
  real, dimension(nx, ny) :: a, b
  integer :: i, j
  do j = 2, ny-1
    do i = 1, nx
      b(i,j) = a(i,j-1) + a(i,j+1)
    end do
  end do
end subroutine
!$OFP PURE, KERNEL :: stag
subroutine stag(nx, ny, a, b)
  integer :: nx, ny
  real, dimension(nx, ny) :: a
  real, dimension(nx, ny+1) :: b
  integer :: i, j
  do j = 1, ny
    do i = 1, nx
      b(i,j+1) = a(i,j) + j
    end do
  end do
end subroutine
end module
`

// TestRunSlabsLoopKernels: a loop kernel that uses its split index as a
// value and one that writes a neighbour's plane, on 2 and 3 slabs, over
// --devices and as 2 MPI ranks, are refused with the code and the reason,
// exit 1, and the output keeps its old contents; the stencil runs on 2
// slabs and 2 ranks as on one device, and its report gives its halo.
func TestRunSlabsLoopKernels(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "lp.f90")
	if err := os.WriteFile(src, []byte(loopKernels), 0o644); err != nil {
		t.Fatal(err)
	}
	a := &npy.Array{DType: npy.Float32, Shape: []int{4, 12}, F32: make([]float32, 48)}
	for i := range a.F32 {
		a.F32[i] = float32(i * i % 17)
	}
	writeNpy(t, filepath.Join(dir, "a.npy"), a, false)
	writeNpy(t, filepath.Join(dir, "b0.npy"), &npy.Array{DType: npy.Float32, Shape: []int{4, 13}, F32: make([]float32, 52)}, false)
	out := filepath.Join(dir, "b.npy")
	old := []byte("not written by a refused run")
	unchanged := func(what string) {
		t.Helper()
		if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, old) {
			t.Errorf("%s: the output changed (%v)", what, err)
		}
	}
	args := func(kernel string) []string {
		args := []string{"run", src, "--kernel", kernel, "--set", "nx=4", "--set", "ny=12", "--in", "a=" + filepath.Join(dir, "a.npy"),
			"--out", "b=" + out, "--device", testDevice()}
		if kernel == "stag" {
			args = append(args, "--in", "b="+filepath.Join(dir, "b0.npy"))
		}
		return args
	}
	for kernel, want := range map[string]string{
		"addij": "the split index j is used as a value at lp.f90:11:30",
		"stag":  "b at lp.f90:34:7 is written at j+1: another slab owns that plane",
	} {
		for _, split := range [][]string{{"--slabs", "2"}, {"--slabs", "3"}, {"--devices", testDevice()}} {
			if err := os.WriteFile(out, old, 0o644); err != nil {
				t.Fatal(err)
			}
			what := kernel + " " + strings.Join(split, " ")
			code, _, errOut := cli(t, append(args(kernel), split...)...)
			if code != 1 || !strings.Contains(errOut, want) || !strings.Contains(errOut, "[slabs-unsupported]") {
				t.Errorf("%s: exit %d, %q; want exit 1, %q and [slabs-unsupported]", what, code, errOut, want)
			}
			unchanged(what)
		}
		if kernel == "stag" {
			got, err := mpiForocl(t, 2, append(args(kernel), "--mpi")...)
			if err == nil || !strings.Contains(got, "forocl: rank ") || !strings.Contains(got, want) || !strings.Contains(got, "[slabs-unsupported]") {
				t.Errorf("stag as 2 MPI ranks: %v, want a refusal from a rank:\n%s", err, got)
			}
			unchanged("stag --mpi")
		}
	}
	if code, _, errOut := cli(t, args("sten")...); code != 0 {
		t.Fatalf("sten on one device: exit %d: %s", code, errOut)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	code, report, errOut := cli(t, append(args("sten"), "--slabs", "2")...)
	if got, _ := os.ReadFile(out); code != 0 || !bytes.Equal(got, want) || !strings.Contains(report, "halo 1:1") {
		t.Errorf("sten on 2 slabs: exit %d, same output %v, report %q: %s", code, bytes.Equal(got, want), report, errOut)
	}
	mpiOut, err := mpiForocl(t, 2, append(args("sten"), "--mpi")...)
	if got, _ := os.ReadFile(out); err != nil || !bytes.Equal(got, want) {
		t.Errorf("sten as 2 ranks: %v, same output %v:\n%s", err, bytes.Equal(got, want), mpiOut)
	}
}

// TestRunMPIArgsDiffer: ranks given different --set values are all
// stopped before they run, naming the rank that differs; none writes.
func TestRunMPIArgsDiffer(t *testing.T) {
	requireOpenCL(t)
	out := filepath.Join(t.TempDir(), "oA.npy")
	args := func(h string) []string {
		return []string{"run", "-I", regionsDir, filepath.Join(kernelsDir, "jacobi5.f90"), "--kernel", "jacobi5_step", "--set", "h=" + h,
			"--grid", "16x16", "--steps", "3", "--swap", "A=oA", "--mpi", "--device", testDevice(), "--out", "oA=" + out}
	}
	one := mpirunArgs(t, 1)
	all := append(append(append(one, args("0.1")...), ":"), one[3:]...) // a second app context of one rank
	all = append(all, args("0.2")...)
	got, err := mpiRun(t, all)
	if err == nil || !strings.Contains(got, "rank 1 was given other arguments than rank 0") || !strings.Contains(got, "[mpi-args-differ]") {
		t.Errorf("ranks with h=0.1 and h=0.2: %v; want the ranks stopped naming rank 1:\n%s", err, got)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a rank wrote the output")
	}
	// The same arguments run.
	if got, err := mpiForocl(t, 2, args("0.1")...); err != nil {
		t.Errorf("same arguments: %v\n%s", err, got)
	}
}

// TestRunMPIRankPrefix: every line a rank of an --mpi run prints on
// stderr starts with "forocl: rank R of N: " (README), its notes and its
// errors, those before MPI starts included.
func TestRunMPIRankPrefix(t *testing.T) {
	requireOpenCL(t)
	base := []string{"run", "-I", regionsDir, filepath.Join(kernelsDir, "jacobi5.f90"), "--kernel", "jacobi5_step",
		"--grid", "16x16", "--mpi", "--device", testDevice()}
	for _, c := range []struct {
		args []string
		ok   bool
		want string
	}{
		{[]string{"--set", "h=0.1"}, true, "forocl: rank 0 of 2: note: no --out given"},
		{nil, false, `forocl: rank 0 of 2: kernel "jacobi5_step" needs scalar "h"`},
	} {
		got, err := mpiForocl(t, 2, append(base, c.args...)...)
		if (err == nil) != c.ok {
			t.Errorf("%v: %v\n%s", c.args, err, got)
		}
		// Only rank 0 is sure to print before the others are stopped.
		if !strings.Contains(got, c.want) {
			t.Errorf("%v: no %q in\n%s", c.args, c.want, got)
		}
		for _, l := range strings.Split(got, "\n") {
			if strings.HasPrefix(l, "forocl: ") && !strings.HasPrefix(l, "forocl: rank ") {
				t.Errorf("%v: a line without the rank: %q", c.args, l)
			}
		}
	}
}

// TestRunSlabsReductionWindows: reductions whose window along the last
// dimension did not fit the slab halo once ran over slabs with exit 0 and
// a wrong value (vector_stats' dot_product with --slab-halo 1:1 counted
// the shared planes twice; wave_summary's mass, with the halo 1:0 of its
// launch, left planes out). Now the halo widens to the reductions'
// windows, so wave_summary and field_stats print what one device prints
// (sums to rounding), and a kernel whose windows cannot all fit is
// refused with the code, exit 1, nothing printed and its output file
// untouched, on slabs and as MPI ranks.
func TestRunSlabsReductionWindows(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	red := filepath.Join(kernelsDir, "reductions.f90")
	summary := filepath.Join("..", "..", "examples", "shallowwater", "fortran", "summary.f90")
	dev := []string{"--device", testDevice()}
	lines := func(out string) (exact []string, sums map[string]float64) {
		sums = map[string]float64{}
		for _, l := range strings.Split(out, "\n") {
			name, v, ok := strings.Cut(l, " = ")
			switch {
			case !ok:
			case name == "total" || name == "mass":
				x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil {
					t.Fatal(err)
				}
				sums[name] = x
			default:
				exact = append(exact, l)
			}
		}
		return exact, sums
	}
	for _, c := range [][]string{
		{summary, "--kernel", "wave_summary", "--grid", "30x40"},
		{red, "--kernel", "field_stats", "--set", "wet=0.9", "--grid", "30x40"},
	} {
		args := append(append([]string{"run", "-I", regionsDir}, c...), dev...)
		code, want, errOut := cli(t, args...)
		if code != 0 {
			t.Fatalf("%s on one device: exit %d: %s", c[2], code, errOut)
		}
		code, got, errOut := cli(t, append(args, "--slabs", "2")...)
		if code != 0 || !strings.Contains(got, "halo 1:1") {
			t.Fatalf("%s on 2 slabs: exit %d: %s%s", c[2], code, got, errOut)
		}
		we, ws := lines(want)
		ge, gs := lines(got)
		if fmt.Sprint(ge) != fmt.Sprint(we) || len(ws) != 1 || len(gs) != 1 {
			t.Errorf("%s: 2 slabs printed %q, one device %q", c[2], got, want)
		}
		for name, w := range ws {
			if g := gs[name]; math.Abs(g-w) > 1e-5*math.Abs(w) {
				t.Errorf("%s: %s = %v on 2 slabs, %v on one device", c[2], name, g, w)
			}
		}
	}

	out := filepath.Join(dir, "oh.npy")
	old := []byte("not written by a refused run")
	refused := []struct {
		args []string
		want string
	}{
		{[]string{red, "--kernel", "vector_stats", "--grid", "40", "--slabs", "2", "--slab-halo", "1:1"},
			`kernel "vector_stats": reduction dot_product at reductions.f90:67:11 folds the planes [0, n1 - 0) of the last dimension (window 0:0), but the slabs have halo 1:1, so the slabs' values would count the halo planes that neighbouring slabs share twice`},
		{[]string{red, "--kernel", "vector_stats", "--grid", "40", "--slabs", "2"}, "reduction dot_product at reductions.f90:67:11"},
		{[]string{red, "--kernel", "normalize", "--grid", "30x40", "--out", "oH=" + out, "--slabs", "3", "--slab-halo", "0:1"},
			"reduction sum at reductions.f90:40:13"},
		{[]string{summary, "--kernel", "wave_summary", "--grid", "30x40", "--devices", testDevice(), "--slab-halo", "2:2"},
			"leave the slab halo at the kernel's own, 1:1"},
	}
	for _, c := range refused {
		if err := os.WriteFile(out, old, 0o644); err != nil {
			t.Fatal(err)
		}
		args := append(append([]string{"run", "-I", regionsDir}, c.args...), dev...)
		what := strings.Join(c.args[1:], " ")
		code, stdout, errOut := cli(t, args...)
		if code != 1 || stdout != "" || !strings.Contains(errOut, c.want) || !strings.Contains(errOut, "[slabs-unsupported]") {
			t.Errorf("%s: exit %d, %q%q; want exit 1, nothing printed, %q and [slabs-unsupported]", what, code, stdout, errOut, c.want)
		}
		if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, old) {
			t.Errorf("%s: the output changed (%v)", what, err)
		}
	}
	got, err := mpiForocl(t, 2, "run", "-I", regionsDir, red, "--kernel", "vector_stats", "--grid", "40", "--mpi", "--device", testDevice())
	if err == nil || !strings.Contains(got, "forocl: rank ") || !strings.Contains(got, "reduction dot_product at reductions.f90:67:11") || strings.Contains(got, "d = ") {
		t.Errorf("vector_stats as 2 MPI ranks: %v, want a refusal from a rank:\n%s", err, got)
	}
}

// TestRunSlabsLoopReductions: a host-procedure loop kernel with a sum
// and a maximum (relax_sum) on 2 and 3 slabs and as 2 and 4 MPI ranks
// prints the same values, to the last digit, and writes the same array
// as one device.
func TestRunSlabsLoopReductions(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	base := []string{"run", filepath.Join(kernelsDir, "loop_slabs.f90"), "--kernel", "relax_sum", "--set", "n=13", "--set", "m=70",
		"--set", "omega=0.9", "--grid", "13x70", "--device", testDevice()}
	file := func(what string) string { return filepath.Join(dir, what+".npy") }
	values := func(out string) []string {
		var lines []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "total = ") || strings.HasPrefix(l, "resid = ") {
				lines = append(lines, l)
			}
		}
		return lines
	}
	code, one, errOut := cli(t, append(base, "--out", "tn="+file("one"))...)
	want, err := os.ReadFile(file("one"))
	if code != 0 || err != nil || len(values(one)) != 2 {
		t.Fatalf("one device: exit %d, %v: %s%s", code, err, one, errOut)
	}
	check := func(what, out string) {
		t.Helper()
		if got, err := os.ReadFile(file(what)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: tn differs from the one-device run (%v)", what, err)
		}
		if fmt.Sprint(values(out)) != fmt.Sprint(values(one)) {
			t.Errorf("%s printed %q, one device %q", what, values(out), values(one))
		}
	}
	for _, n := range []string{"2", "3"} {
		code, out, errOut := cli(t, append(base, "--slabs", n, "--out", "tn="+file("slabs"+n))...)
		if code != 0 {
			t.Fatalf("%s slabs: exit %d: %s", n, code, errOut)
		}
		check("slabs"+n, out)
	}
	for _, n := range []int{2, 4} {
		what := fmt.Sprintf("mpi%d", n)
		out, err := mpiForocl(t, n, append(base, "--mpi", "--out", "tn="+file(what))...)
		if err != nil {
			t.Fatalf("%d ranks: %v\n%s", n, err, out)
		}
		if len(values(out)) != 2 {
			t.Errorf("%d ranks: want the values printed once, by rank 0:\n%s", n, out)
		}
		check(what, out)
	}
}

// TestRunSlabsMaxloc: maxloc and minloc positions (whole grid, interior
// window, mask) print on 3 slabs and as 2 and 4 MPI ranks as on one
// device.
func TestRunSlabsMaxloc(t *testing.T) {
	requireOpenCL(t)
	base := []string{"run", "-I", regionsDir, filepath.Join(kernelsDir, "maxloc.f90"), "--kernel", "field_peaks",
		"--set", "wet=1.0", "--grid", "30x41", "--device", testDevice()}
	values := func(out string) []string {
		var lines []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, " = ") {
				lines = append(lines, l)
			}
		}
		return lines
	}
	code, one, errOut := cli(t, base...)
	if code != 0 || len(values(one)) != 4 {
		t.Fatalf("one device: exit %d: %s%s", code, one, errOut)
	}
	code, out, errOut := cli(t, append(base, "--slabs", "3")...)
	if code != 0 || fmt.Sprint(values(out)) != fmt.Sprint(values(one)) {
		t.Errorf("3 slabs: exit %d, printed %q, one device %q: %s", code, values(out), values(one), errOut)
	}
	for _, n := range []int{2, 4} {
		out, err := mpiForocl(t, n, append(base, "--mpi")...)
		if err != nil || fmt.Sprint(values(out)) != fmt.Sprint(values(one)) {
			t.Errorf("%d ranks: %v, printed %q, one device %q:\n%s", n, err, values(out), values(one), out)
		}
	}
}

// TestRunSlabsJSON: --json gives a split run's exchange time per step,
// the part hidden and whether it overlapped the interior (with
// --no-overlap, not) beside the time per step.
func TestRunSlabsJSON(t *testing.T) {
	requireOpenCL(t)
	for _, overlap := range []bool{true, false} {
		args := []string{"run", "-I", regionsDir, filepath.Join(kernelsDir, "jacobi5.f90"), "--kernel", "jacobi5_step",
			"--set", "h=0.1", "--grid", "32x40", "--steps", "5", "--swap", "A=oA", "--slabs", "2", "--device", testDevice(), "--json"}
		if !overlap {
			args = append(args, "--no-overlap")
		}
		code, out, errOut := cli(t, args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var doc struct {
			Steps struct {
				MSPerStep  float64  `json:"ms_per_step"`
				ExchangeMS *float64 `json:"exchange_ms_per_step"`
				HiddenMS   *float64 `json:"hidden_ms_per_step"`
				Slabs      string   `json:"slabs"`
				Overlapped *bool    `json:"overlapped"`
			} `json:"steps"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		s := doc.Steps
		if s.ExchangeMS == nil || s.HiddenMS == nil || *s.HiddenMS < 0 || *s.HiddenMS > *s.ExchangeMS || !strings.HasPrefix(s.Slabs, "2 slabs on ") ||
			s.Overlapped == nil || *s.Overlapped != overlap {
			t.Errorf("steps (overlap %v): %s", overlap, out)
		}
	}
}

// fixedRows is a loop kernel with a nest on fixed planes within the
// nests' planes, at one end: the first slab alone runs it.
const fixedRows = `!$OFP PURE, KERNEL :: lowrow
subroutine lowrow(nx, ny, a, b)
  integer :: nx, ny
  real, dimension(nx, ny) :: a, b
  integer :: i, j
  do concurrent (j = 2:ny-1, i = 1:nx)
    b(i,j) = 0.5*a(i,j) + 0.25*(a(i,j-1) + a(i,j+1))
  end do
  do concurrent (i = 1:nx)
    b(i,2) = b(i,3) - a(i,1)
    b(i,1) = 2*b(i,2)
  end do
end subroutine
`

// TestRunSlabsFixedPlanes: loop kernels with nests on fixed planes of the
// split dimension (boundary rows: the shallow-water walls, CloverLeaf-style
// update_halo, a row within the nests' planes) on 2 and 3 slabs and 2 and
// 4 MPI ranks give the one device's outputs byte for byte.
func TestRunSlabsFixedPlanes(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	rows := filepath.Join(dir, "rows.f90")
	if err := os.WriteFile(rows, []byte(fixedRows), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, kernel string
		sets         []string
		grid         string
		outs         []string
	}{
		{"../../examples/shallowwater/fortran/boundary.f90", "reflect", []string{"n1=20", "n2=23"}, "20x23", []string{"H", "U", "V"}},
		{filepath.Join(kernelsDir, "loop_sections_staggered.f90"), "update_halo", []string{"x_min=1", "x_max=12", "y_min=1", "y_max=20"}, "16x24",
			[]string{"density", "energy", "xvel", "yvel"}},
		{rows, "lowrow", []string{"nx=5", "ny=21"}, "5x21", []string{"b"}},
	} {
		base := []string{"run", c.file, "--kernel", c.kernel, "--grid", c.grid, "--device", testDevice()}
		for _, s := range c.sets {
			base = append(base, "--set", s)
		}
		outs := func(what string) []string {
			var args []string
			for _, o := range c.outs {
				args = append(args, "--out", o+"="+filepath.Join(dir, c.kernel+"_"+o+"_"+what+".npy"))
			}
			return args
		}
		if code, _, errOut := cli(t, append(base, outs("one")...)...); code != 0 {
			t.Fatalf("%s on one device: exit %d: %s", c.kernel, code, errOut)
		}
		check := func(what string) {
			for _, o := range c.outs {
				want, err1 := os.ReadFile(filepath.Join(dir, c.kernel+"_"+o+"_one.npy"))
				got, err2 := os.ReadFile(filepath.Join(dir, c.kernel+"_"+o+"_"+what+".npy"))
				if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
					t.Errorf("%s %s on %s differs from one device (%v, %v)", c.kernel, o, what, err1, err2)
				}
			}
		}
		for _, n := range []string{"2", "3"} {
			if code, _, errOut := cli(t, append(append(base, "--slabs", n), outs("slabs"+n)...)...); code != 0 {
				t.Fatalf("%s on %s slabs: exit %d: %s", c.kernel, n, code, errOut)
			}
			check("slabs" + n)
		}
		for _, n := range []int{2, 4} {
			what := fmt.Sprintf("mpi%d", n)
			if out, err := mpiForocl(t, n, append(append(base, "--mpi"), outs(what)...)...); err != nil {
				t.Fatalf("%s on %d ranks: %v\n%s", c.kernel, n, err, out)
			}
			check(what)
		}
	}
}
