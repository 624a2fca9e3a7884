package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

// tuneFixture runs kernels (tuneCases) with a private tuning cache; runs
// counts the jobs runJob was given, shares the tunings' setups
// (tuneShare), adds the candidates they built; launches lists the OpenCL
// of each candidate launched, in order.
type tuneFixture struct {
	dir, cache, visc string
	runs, shares     int
	adds             int
	launches         []string
	stdout           string // the last run's
}

// countBench is a tuneBench that records its candidates' builds and
// launches in fx.
type countBench struct {
	tuneBench
	fx    *tuneFixture
	units []string
}

func (b *countBench) Add(u *abi.Unit, k *abi.Kernel) (int, error) {
	c, err := b.tuneBench.Add(u, k)
	if err == nil {
		b.fx.adds++
		b.units = append(b.units, u.Source)
	}
	return c, err
}

func (b *countBench) Launch(c int) (time.Duration, error) {
	b.fx.launches = append(b.fx.launches, b.units[c])
	return b.tuneBench.Launch(c)
}

func newTuneFixture(t *testing.T) *tuneFixture {
	t.Helper()
	requireOpenCL(t)
	fx := &tuneFixture{dir: t.TempDir()}
	fx.cache = filepath.Join(fx.dir, "cache")
	fx.visc = filepath.Join(fx.dir, "visc.npy")
	t.Setenv("FOROCL_CACHE", fx.cache)
	t.Setenv("FOROCL_TUNE", "")
	writeNpy(t, fx.visc, randomArray(rand.New(rand.NewPCG(5, 6)), npy.Float64, []int{36, 36}), true)
	saved, savedShare := runJob, tuneShare
	t.Cleanup(func() { runJob, tuneShare = saved, savedShare })
	runJob = func(ctx *clhost.Context, j runner.Job) (*runner.Result, error) {
		fx.runs++
		return runner.Run(ctx, j)
	}
	tuneShare = func(ctx *clhost.Context, j runner.Job) (tuneBench, error) {
		fx.shares++
		b, err := savedShare(ctx, j)
		if err != nil {
			return nil, err
		}
		return &countBench{tuneBench: b, fx: fx}, nil
	}
	return fx
}

// reset forgets what fx counted.
func (fx *tuneFixture) reset() {
	fx.runs, fx.shares, fx.adds, fx.launches = 0, 0, 0, nil
}

// tuneCase is a run the tuning tests make: args less --out, and the array
// written to --out.
type tuneCase struct {
	name string
	args []string
	out  string
}

// tuneCases are viscosity25 (a 2-D loop kernel, its inout array read from
// a file), a region kernel and a 1-D loop kernel in real(4).
func (fx *tuneFixture) tuneCases() []tuneCase {
	bench := filepath.Join("..", "..", "scripts", "bench")
	return []tuneCase{
		{"viscosity25", append(fx.issue25("viscosity25"), "--in", "viscosity="+fx.visc), "viscosity"},
		{"jacobi5_step", []string{filepath.Join(kernelsDir, "jacobi5.f90"), "-I", regionsDir, "--kernel", "jacobi5_step", "--grid", "37x23", "--set", "h=0.5"}, "oA"},
		{"triad", []string{filepath.Join(bench, "babel25.F90"), "-D", "RK=4", "--kernel", "triad", "--grid", "1000", "--set", "n=1000", "--set", "scalar=0.4"}, "a"},
	}
}

// issue25 is the arguments of a run of issue25.f90's kernel on a 32x32
// interior.
func (fx *tuneFixture) issue25(kernel string) []string {
	return []string{filepath.Join("..", "..", "scripts", "bench", "issue25.f90"), "--kernel", kernel,
		"--set", "x_min=1", "--set", "x_max=32", "--set", "y_min=1", "--set", "y_max=32", "--grid", "36x36"}
}

// run runs forocl run with args and --verbose on the test device and
// returns its stderr (its stdout in fx.stdout).
func (fx *tuneFixture) run(t *testing.T, args ...string) string {
	t.Helper()
	code, stdout, errOut := cli(t, append([]string{"run", "--device", testDevice(), "--verbose"}, args...)...)
	fx.stdout = stdout
	if code != 0 {
		t.Fatalf("run %v: exit %d:\n%s", args, code, errOut)
	}
	return errOut
}

// tuneFiles lists the tuning cache's entries.
func (fx *tuneFixture) tuneFiles(t *testing.T) []string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(fx.cache, "tune", "*.json"))
	return m
}

// TestTuneCache: the first run of a kernel on a device sets the job up
// once (one tuneShare: its inputs uploaded once), builds each candidate
// once, times them in interleaved rounds and writes one cache entry; the
// second reads it and times nothing (one job: the run itself);
// FOROCL_TUNE=0 neither times nor writes.
func TestTuneCache(t *testing.T) {
	fx := newTuneFixture(t)
	t.Setenv("FOROCL_TUNE", "0")
	visc := fx.tuneCases()[0].args
	fx.run(t, visc...)
	if fx.runs != 1 || fx.shares != 0 || len(fx.tuneFiles(t)) != 0 {
		t.Fatalf("FOROCL_TUNE=0: %d jobs, %d setups, cache %v; want 1, none and none", fx.runs, fx.shares, fx.tuneFiles(t))
	}
	t.Setenv("FOROCL_TUNE", "")
	fx.reset()
	errOut := fx.run(t, visc...)
	if fx.runs != 1 || fx.shares != 1 || !strings.Contains(errOut, "forocl: tuned viscosity25 on ") || len(fx.tuneFiles(t)) != 1 {
		t.Fatalf("first run: %d jobs, %d setups, cache %v, stderr:\n%s\nwant one job, one setup, the candidates timed and one entry", fx.runs, fx.shares, fx.tuneFiles(t), errOut)
	}
	checkRounds(t, fx.adds, fx.launches)
	fx.reset()
	errOut = fx.run(t, append(visc, "--json")...)
	if fx.runs != 1 || fx.shares != 0 || !strings.Contains(errOut, "schedule of viscosity25 from the tuning cache") {
		t.Errorf("second run: %d jobs, %d setups, stderr:\n%s\nwant one job and the cache's choice", fx.runs, fx.shares, errOut)
	}
	var doc runReport
	if err := json.Unmarshal([]byte(fx.stdout), &doc); err != nil || doc.Tuned == "" {
		t.Errorf("--json: %v, tuned %q; want the choice named:\n%s", err, doc.Tuned, fx.stdout)
	}
}

// checkRounds checks that the tuning built n candidates, each once, and
// launched them (launches, the OpenCL of each launch in order) once each
// as a warm-up, then in interleaved rounds: at least tuneMinRounds, each
// of which launches every candidate once.
func checkRounds(t *testing.T, n int, launches []string) {
	t.Helper()
	cands := map[string]bool{}
	for _, u := range launches {
		cands[u] = true
	}
	if n < 2 || len(cands) != n || len(launches)%n != 0 || len(launches)/n < 1+tuneMinRounds {
		t.Fatalf("the tuning built %d candidates and launched %d distinct ones %d times; want a warm-up and at least %d rounds of each once", n, len(cands), len(launches), tuneMinRounds)
	}
	for r := 0; r < len(launches)/n; r++ {
		round := map[string]bool{}
		for _, u := range launches[r*n : (r+1)*n] {
			round[u] = true
		}
		if len(round) != n {
			t.Fatalf("round %d (0: the warm-ups) launched %d of the %d candidates; want each once", r-1, len(round), n)
		}
	}
}

// TestTuneBitIdentical: whichever candidate the tuning picks, the output
// is bit for bit the untuned run's (an inout array read from a file
// included: the timed runs leave the inputs alone), for a 2-D loop
// kernel, a region kernel and a 1-D loop kernel.
func TestTuneBitIdentical(t *testing.T) {
	fx := newTuneFixture(t)
	saved := tunePick
	t.Cleanup(func() { tunePick = saved })
	for _, c := range fx.tuneCases() {
		t.Setenv("FOROCL_TUNE", "0")
		want := filepath.Join(fx.dir, c.name+".npy")
		fx.run(t, append(c.args, "--out", c.out+"="+want)...)
		t.Setenv("FOROCL_TUNE", "")
		wantBytes, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for i := 0; i < 4; i++ {
			tunePick = func(times [][]float64) int { seen = len(times); return min(i, len(times)-1) }
			os.RemoveAll(fx.cache)
			out := filepath.Join(fx.dir, "got.npy")
			errOut := fx.run(t, append(c.args, "--out", c.out+"="+out)...)
			got, err := os.ReadFile(out)
			if err != nil || !bytes.Equal(got, wantBytes) {
				t.Errorf("%s, candidate %d: output differs from the untuned run (%v); stderr:\n%s", c.name, i, err, errOut)
			}
		}
		if seen < 2 {
			t.Errorf("%s had %d candidates; want the default and at least one other", c.name, seen)
		}
	}
}

// TestTuneNotReductions: a kernel that reduces (mass25, a 2-D sum) is not
// tuned: one job, no cache entry.
func TestTuneNotReductions(t *testing.T) {
	fx := newTuneFixture(t)
	fx.run(t, fx.issue25("mass25")...)
	if fx.runs != 1 || fx.shares != 0 || len(fx.tuneFiles(t)) != 0 {
		t.Errorf("mass25: %d jobs, %d setups, cache %v; want 1, none and none", fx.runs, fx.shares, fx.tuneFiles(t))
	}
}

// TestTuneKeyedByDevice: the key names the device and its driver, and an
// entry is used only for its own key: one copied to another device's
// file name is ignored, as are a choice that names no candidate and a cut
// file.
func TestTuneKeyedByDevice(t *testing.T) {
	t.Setenv("FOROCL_CACHE", t.TempDir())
	u := &abi.Unit{Source: "__kernel void k() {}", Kernels: []*abi.Kernel{{Name: "k"}}}
	job := &runner.Job{Unit: u, Kernel: u.Kernels[0], Scalars: map[string]float64{"n": 8}}
	a := clhost.Device{Platform: "P", Name: "GPU A", DriverVersion: "1"}
	b, c := a, a
	b.Name, c.DriverVersion = "GPU B", "2"
	ka, kb, kc := tuneKey(a, job, ""), tuneKey(b, job, ""), tuneKey(c, job, "")
	if tunePath(ka) == tunePath(kb) || tunePath(ka) == tunePath(kc) {
		t.Fatal("two devices, or two drivers, share a tuning cache file")
	}
	cands := []*tuneCandidate{{name: "default"}, {name: "align"}}
	data, _ := json.Marshal(tuneEntry{Key: ka, Choice: "align"})
	for _, k := range [][]string{ka, kb} {
		os.MkdirAll(filepath.Dir(tunePath(k)), 0o755)
		if err := os.WriteFile(tunePath(k), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if c := cachedChoice(ka, cands); c == nil || c.name != "align" {
		t.Errorf("device A's own entry: %v; want align", c)
	}
	if c := cachedChoice(kb, cands); c != nil {
		t.Errorf("device A's entry under device B's name was used: %v", c.name)
	}
	if c := cachedChoice(ka, cands[:1]); c != nil {
		t.Errorf("a choice that names no candidate was used: %v", c.name)
	}
	if err := os.WriteFile(tunePath(ka), data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if c := cachedChoice(ka, cands); c != nil {
		t.Errorf("a cut entry was used: %v", c.name)
	}
}

// rounds is n rounds of the times ts, cycled.
func rounds(n int, ts ...float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = ts[i%len(ts)]
	}
	return out
}

// TestPickTimes: a candidate is chosen over the default only when its
// median is tuneMargin under the default's and it was faster in two
// thirds of the rounds; failed candidates (nil) never win, nor does a
// failed default; fewer than tuneMinRounds rounds keep the default.
func TestPickTimes(t *testing.T) {
	n := tuneMinRounds
	// The default alternates 1 and 1.02 (median 1.02); the outlier
	// candidate is the same but for one round at 1, which moves its
	// median to 1: 2% under, faster in one round only.
	alt := rounds(n, 1, 1.02)
	outlier := slices.Clone(alt)
	outlier[1] = 1
	// Faster by 3% in 6 rounds of 10 and slower by 1% in 4: a median 3%
	// under, but not two thirds of the rounds.
	mostly := rounds(n, 0.97, 0.97, 0.97, 1.01, 1.01)
	for _, c := range []struct {
		name  string
		times [][]float64
		want  int
	}{
		{"0.5% faster in every round", [][]float64{rounds(n, 1), rounds(n, 0.995)}, 0},
		{"3% faster in every round", [][]float64{rounds(n, 1), rounds(n, 0.97)}, 1},
		{"the fastest of two that qualify", [][]float64{rounds(n, 1), rounds(n, 0.97), rounds(n, 0.9), rounds(n, 0.95)}, 2},
		{"3% faster over noise, in 8 rounds of 10", [][]float64{rounds(n, 1, 1.01, 0.99, 1, 1), rounds(n, 0.97, 0.98, 0.96, 1.01, 0.97, 0.99, 0.97, 1.02, 0.96, 0.97)}, 1},
		{"faster in the median by one round", [][]float64{alt, outlier}, 0},
		{"faster in the median, in 3/5 of the rounds", [][]float64{rounds(n, 1), mostly}, 0},
		{"a failed candidate", [][]float64{rounds(n, 1), nil, rounds(n, 0.5)}, 2},
		{"a failed default", [][]float64{nil, rounds(n, 2), rounds(n, 1)}, 2},
		{"all failed", [][]float64{nil, nil}, 0},
		{"too few rounds", [][]float64{rounds(n-1, 1), rounds(n-1, 0.5)}, 0},
		{"slower", [][]float64{rounds(n, 0.5), rounds(n, 1), rounds(n, 2)}, 0},
	} {
		if got := pickTimes(c.times); got != c.want {
			t.Errorf("%s: pickTimes = %d; want %d", c.name, got, c.want)
		}
	}
	if m := median(mostly); m != 0.97 {
		t.Fatalf("median of %v = %v; the case above means 0.97", mostly, m)
	}
	if median(outlier) != 1 || median(alt) != 1.02 {
		t.Fatalf("medians %v and %v; the case above means 1 and 1.02", median(outlier), median(alt))
	}
}

// driftTimes is the times of candidates whose launches take base[c] ms
// at first, slowed by drift (a fraction) for each launch timed before,
// in rounds whose order order gives.
func driftTimes(base []float64, drift float64, order func(r, n int) []int) [][]float64 {
	times := make([][]float64, len(base))
	launch := 0
	for r := 0; r < 3*tuneMinRounds; r++ {
		for _, c := range order(r, len(base)) {
			times[c] = append(times[c], base[c]*(1+drift*float64(launch)))
			launch++
		}
	}
	return times
}

// TestTuneDrift: a device that slows over the tuning (2% per launch) does
// not favour the candidate timed first, as it would if that candidate were
// first in every round; a candidate 3% faster is still chosen under
// drift.
func TestTuneDrift(t *testing.T) {
	same := []float64{1, 1}
	firstAlways := func(r, n int) []int { return []int{1, 0} }
	if got := pickTimes(driftTimes(same, 0.02, firstAlways)); got != 1 {
		t.Fatalf("drift with candidate 1 always first: pick %d; the test means a drift that would fool a fixed order", got)
	}
	if got := pickTimes(driftTimes(same, 0.02, tuneOrder)); got != 0 {
		t.Errorf("two equal candidates under drift: pick %d; want the default", got)
	}
	if got := pickTimes(driftTimes([]float64{1, 1, 1}, 0.02, tuneOrder)); got != 0 {
		t.Errorf("three equal candidates under drift: pick %d; want the default", got)
	}
	if got := pickTimes(driftTimes([]float64{1, 0.97}, 0.002, tuneOrder)); got != 1 {
		t.Errorf("a candidate 3%% faster under drift: pick %d; want it", got)
	}
	for n := 1; n <= 4; n++ {
		seen := map[[2]int]int{}
		for r := 0; r < n; r++ {
			for place, c := range tuneOrder(r, n) {
				seen[[2]int{c, place}]++
			}
		}
		if len(seen) != n*n {
			t.Errorf("tuneOrder over %d rounds of %d candidates: %v; want each candidate at each place once", n, n, seen)
		}
	}
}

// TestTuneMore: the rounds a tuning times: at least tuneMinRounds and
// more while they take under tuneBudget, up to tuneMaxRounds; none after
// round 0 for a kernel whose launches would take over tuneMaxTime; and
// whatever a round takes, the rounds after round 0 end by about
// max(tuneMaxTime, tuneBudget + a round). A round costs its launches
// (Note [tuning cache]), more when the host is slow.
func TestTuneMore(t *testing.T) {
	ms := time.Millisecond
	// count simulates a tuning whose rounds each take round (their
	// launches launch in round 0) and returns how many it times.
	count := func(round, launch time.Duration) (int, time.Duration) {
		var elapsed, last time.Duration
		r := 0
		for ; tuneMore(r, elapsed, last, launch); r++ {
			if last = round; r > 0 {
				elapsed += round
			}
		}
		return r, elapsed
	}
	for _, c := range []struct {
		name          string
		round, launch time.Duration
		lo, hi        int
	}{
		{"a short kernel", ms, ms / 2, tuneMaxRounds, tuneMaxRounds},
		{"a 2 ms round", 2 * ms, 2 * ms, tuneMaxRounds, tuneMaxRounds},
		{"a 10 ms round", 10 * ms, 10 * ms, 1 + int(tuneBudget/(10*ms)), 1 + int(tuneBudget/(10*ms))},
		{"a 0.1 s round", 100 * ms, 100 * ms, tuneMinRounds, tuneMinRounds},
		{"a 0.9 s round", 900 * ms, 900 * ms, tuneMinRounds, tuneMinRounds},
		{"a 1.2 s round of 0.9 s of launches (a slow host)", 1200 * ms, 900 * ms, 1, tuneMinRounds - 1},
		{"a 1.2 s round", 1200 * ms, 1200 * ms, 1, 1},
		{"a 2 s kernel, four candidates", 8 * time.Second, 8 * time.Second, 1, 1},
	} {
		got, elapsed := count(c.round, c.launch)
		if got < c.lo || got > c.hi {
			t.Errorf("%s: %d rounds; want %d to %d", c.name, got, c.lo, c.hi)
		}
		if elapsed > max(tuneMaxTime, tuneBudget+c.round) {
			t.Errorf("%s: the rounds took %v; want at most %v", c.name, elapsed, max(tuneMaxTime, tuneBudget+c.round))
		}
	}
}
