package main

import (
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

// withTimes makes runJob run the job and then report the given launch
// times, the median being the middle one.
func withTimes(t *testing.T, times ...time.Duration) {
	saved := runJob
	t.Cleanup(func() { runJob = saved })
	runJob = func(ctx *clhost.Context, j runner.Job) (*runner.Result, error) {
		r, err := runner.Run(ctx, j)
		if err == nil {
			r.Times, r.Median = times, times[len(times)/2]
		}
		return r, err
	}
}

// TestRepeatMicroseconds: --repeat spells launches below a millisecond in
// microseconds with two decimals (three decimals of a millisecond would
// show 0.012 ms for both 12.34 and 12.35 µs), longer ones in ms; --json
// keeps every digit.
func TestRepeatMicroseconds(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	args := fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--repeat", "3")
	for _, c := range []struct {
		times []time.Duration
		want  string
	}{
		{[]time.Duration{12340, 12350, 2500 * time.Microsecond}, "min 12.34 µs, median 12.35 µs, max 2500.00 µs;"},
		{[]time.Duration{time.Millisecond, 1500 * time.Microsecond, 2 * time.Millisecond}, "min 1.000 ms, median 1.500 ms, max 2.000 ms;"},
	} {
		withTimes(t, c.times...)
		code, stdout, stderr := cli(t, args...)
		if code != 0 || !strings.Contains(stdout, c.want) {
			t.Errorf("exit %d, stdout %q, want it to contain %q; stderr:\n%s", code, stdout, c.want, stderr)
		}
	}
	withTimes(t, 12341, 12346, 12349)
	code, stdout, stderr := cli(t, append(args, "--json")...)
	var doc runReport
	if err := json.Unmarshal([]byte(stdout), &doc); code != 0 || err != nil || doc.Timing == nil {
		t.Fatalf("exit %d, %v: %s\n%s", code, err, stdout, stderr)
	}
	if doc.Timing.MedianMS != 0.012346 || doc.Timing.MinMS != 0.012341 {
		t.Errorf("json timing %+v, want the nanoseconds kept (min 0.012341, median 0.012346)", doc.Timing)
	}
}

// TestGridStaggeredSuggestsSizes: --grid on a staggered kernel without
// its sizes fails with the --set flags that make its most common array
// the grid's shape, and those flags, added, make the run work.
func TestGridStaggeredSuggestsSizes(t *testing.T) {
	requireOpenCL(t)
	args := []string{"run", filepath.Join(kernelsDir, "loop_cell_update.f90"), "--kernel", "cell_update", "--grid", "64x48", "--set", "dt=0.01", "--device", testDevice()}
	code, _, stderr := cli(t, args...)
	re := regexp.MustCompile(`staggered arrays .*xvel\(x_max - x_min \+ 6, y_max - y_min \+ 6\).*: add ((--set \w+=\d+ ?)+) \(which makes density 64x48\) \[grid-needs-sizes\]`)
	m := re.FindStringSubmatch(stderr)
	if code != 1 || m == nil {
		t.Fatalf("exit %d, stderr %q; want exit 1 and a match of %s", code, stderr, re)
	}
	out := filepath.Join(t.TempDir(), "e.npy")
	code, _, stderr = cli(t, append(append(args, strings.Fields(m[1])...), "--out", "energy="+out)...)
	if code != 0 {
		t.Fatalf("with %s: exit %d: %s", m[1], code, stderr)
	}
	if e := readNpy(t, out); dims(e.Shape) != "64x48" {
		t.Errorf("energy has shape %v, want 64x48", e.Shape)
	}
	// An array given with --in gives the sizes its shape holds: no error.
	dens := filepath.Join(t.TempDir(), "d.npy")
	writeNpy(t, dens, runner.Random(npy.Float64, []int{64, 48}, 1), false)
	code, _, stderr = cli(t, append(args, "--in", "density="+dens, "--set", "x_min=1", "--set", "y_min=1")...)
	if code != 0 {
		t.Errorf("with density given: exit %d: %s", code, stderr)
	}
	// One size given: the others are solved around it.
	code, _, stderr = cli(t, append(args, "--set", "x_min=3")...)
	if code != 1 || !strings.Contains(stderr, "add --set y_min=1 --set x_max=62 --set y_max=44 (which makes density 64x48)") {
		t.Errorf("with x_min=3: exit %d, stderr %q", code, stderr)
	}
}

// TestRunWrittenBeforeRead: an array each iteration writes before it
// reads it needs no --in (sema's Note [written before read]); one read
// before its write still does.
func TestRunWrittenBeforeRead(t *testing.T) {
	requireOpenCL(t)
	file := writeFile(t, "wbr.f90", `subroutine scale2(n, a, t, b)
  integer :: n
  real :: a(n), t(n), b(n)
  integer :: i
  do concurrent (i = 1:n)
    t(i) = 2*a(i)
    b(i) = t(i) + 1
  end do
end subroutine
subroutine acc(n, a, t, b)
  integer :: n
  real :: a(n), t(n), b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = t(i) + 1
    t(i) = 2*a(i)
  end do
end subroutine
`)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")
	writeNpy(t, in, &npy.Array{DType: npy.Float32, Shape: []int{4}, F32: []float32{1, 2, 3, 4}}, false)
	code, _, stderr := cli(t, "run", file, "--kernel", "scale2", "--in", "a="+in, "--out", "b="+out, "--device", testDevice())
	if code != 0 {
		t.Fatalf("scale2: exit %d: %s", code, stderr)
	}
	if b := readNpy(t, out); fmt.Sprint(b.F32) != "[3 5 7 9]" {
		t.Errorf("b = %v, want [3 5 7 9]", b.F32)
	}
	code, _, stderr = cli(t, "run", file, "--kernel", "acc", "--in", "a="+in, "--out", "b="+out, "--device", testDevice())
	if code != 1 || !strings.Contains(stderr, `kernel "acc" reads and writes array "t": give it with --in t=FILE.npy`) {
		t.Errorf("acc: exit %d, stderr %q; want the inout t to need --in", code, stderr)
	}
}

// haloSrc fills a field with a sentinel halo of -9 around an interior of
// values between about -1 and 2.
const haloSrc = `subroutine fill(nx, ny, t)
  integer :: nx, ny
  real :: t(0:nx+1, 0:ny+1)
  integer :: ix, iy
  do concurrent (iy = 0:ny+1, ix = 0:nx+1)
    t(ix, iy) = -9
  end do
  do concurrent (iy = 1:ny, ix = 1:nx)
    t(ix, iy) = sin(0.2*ix) * cos(0.1*iy) + 0.02*ix
  end do
end subroutine
`

// TestPictureInterior: --png's colours span the declared interior, not
// the -9 halo; the picture names the axes by the kernel's indices and
// says where the origin is; --png-range sets the scale.
func TestPictureInterior(t *testing.T) {
	requireOpenCL(t)
	file := writeFile(t, "halo.f90", haloSrc)
	dir := t.TempDir()
	pic, out := filepath.Join(dir, "t.png"), filepath.Join(dir, "t.npy")
	args := []string{"run", file, "--kernel", "fill", "--set", "nx=40", "--set", "ny=24", "--device", testDevice(), "--png", "t=" + pic, "-v"}
	code, _, stderr := cli(t, append(args, "--out", "t="+out)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	a := readNpy(t, out)
	lo, hi := math.Inf(1), math.Inf(-1)
	for y := 1; y <= 24; y++ {
		for x := 1; x <= 40; x++ {
			v := float64(a.F32[x+42*y])
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	want := fmt.Sprintf("forocl: drew %s: t(0:41, 0:25), first index (ix) along x, second (iy) up, origin at the bottom left; colours fit t(1:40, 1:24), from %.6g to %.6g\n", pic, lo, hi)
	if !strings.Contains(stderr, want) || lo < -2 {
		t.Errorf("stderr %q\nlacks %q", stderr, want)
	}
	f, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("picture: %v", err)
	}
	code, _, stderr = cli(t, append(args, "--png-range=-10:2.5")...)
	if code != 0 || !strings.Contains(stderr, "; colours -10 to 2.5 (--png-range)\n") {
		t.Errorf("--png-range: exit %d, stderr %q", code, stderr)
	}
	for _, bad := range []string{"2:1", "a:b", "1", "0:inf"} {
		code, _, stderr = cli(t, append(args, "--png-range="+bad)...)
		if code != 2 || !strings.Contains(stderr, "want LO:HI, two numbers with LO < HI") {
			t.Errorf("--png-range=%s: exit %d, stderr %q", bad, code, stderr)
		}
	}
}

// countRe finds a bar's count: "6/10".
var countRe = regexp.MustCompile(`\d+/\d+`)

// TestProgressFakeClock: the bar shows only after a second from the
// first step queued (step 0), counts what it is given, redraws at most
// ten times a second, and always draws the last step.
func TestProgressFakeClock(t *testing.T) {
	var b strings.Builder
	clock := time.Unix(100, 0)
	p := &progress{w: &b, total: 10, now: func() time.Time { return clock }, tty: true}
	draws := func() []string {
		var out []string
		for _, s := range strings.Split(b.String(), "\r")[1:] {
			out = append(out, countRe.FindString(s)) // "6/10"
		}
		return out
	}
	for _, c := range []struct {
		at   time.Duration // since the first step was queued
		step int
	}{{0, 0}, {500 * time.Millisecond, 5}, {1100 * time.Millisecond, 6}, {1150 * time.Millisecond, 7}, {1300 * time.Millisecond, 8}, {1310 * time.Millisecond, 10}} {
		clock = time.Unix(100, 0).Add(c.at)
		p.step(c.step)
	}
	p.done()
	if got := fmt.Sprint(draws()); got != "[6/10 8/10 10/10]" || !strings.HasSuffix(b.String(), "1.3 s\n") {
		t.Errorf("drew %s in %q, want [6/10 8/10 10/10] ending at 1.3 s", got, b.String())
	}
}

// TestRunProgressCounts: a stepped run on a terminal draws the bar from
// the runner's counts of completed steps, ending at every step done.
func TestRunProgressCounts(t *testing.T) {
	requireOpenCL(t)
	savedClock, savedTerm := progressClock, isTerminal
	t.Cleanup(func() { progressClock, isTerminal = savedClock, savedTerm })
	clock := time.Unix(100, 0)
	progressClock = func() time.Time { clock = clock.Add(300 * time.Millisecond); return clock }
	isTerminal = func(io.Writer) bool { return true }
	code, _, stderr := cli(t, "run", "-I", regionsDir, "../../examples/heat/fortran/heat.f90", "--kernel", "step", "--set", "c=0.1", "--device", testDevice(),
		"--grid", "32x32", "--steps", "12", "--swap", "T=oT")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	last := 0
	for _, s := range strings.Split(stderr, "\r")[1:] {
		var n, total int
		if _, err := fmt.Sscanf(countRe.FindString(s), "%d/%d", &n, &total); err != nil || total != 12 || n < last {
			t.Fatalf("bar %q in %q", s, stderr)
		}
		last = n
	}
	if last != 12 || !strings.Contains(stderr, "100% 12/12 steps") {
		t.Errorf("stderr %q: want the bar to end at 12/12", stderr)
	}
}
