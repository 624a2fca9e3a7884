package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

// tuneFixture runs kernels (tuneCases) with a private tuning cache; runs
// counts the jobs runJob was given.
type tuneFixture struct {
	dir, cache, visc string
	runs             int
	stdout           string // the last run's
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
	saved := runJob
	t.Cleanup(func() { runJob = saved })
	runJob = func(ctx *clhost.Context, j runner.Job) (*runner.Result, error) {
		fx.runs++
		return runner.Run(ctx, j)
	}
	return fx
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

// TestTuneCache: the first run of a kernel on a device times its
// candidates and writes one cache entry; the second reads it and times
// nothing (one job: the run itself); FOROCL_TUNE=0 neither times nor
// writes.
func TestTuneCache(t *testing.T) {
	fx := newTuneFixture(t)
	t.Setenv("FOROCL_TUNE", "0")
	visc := fx.tuneCases()[0].args
	fx.run(t, visc...)
	if fx.runs != 1 || len(fx.tuneFiles(t)) != 0 {
		t.Fatalf("FOROCL_TUNE=0: %d jobs, cache %v; want 1 and none", fx.runs, fx.tuneFiles(t))
	}
	t.Setenv("FOROCL_TUNE", "")
	fx.runs = 0
	errOut := fx.run(t, visc...)
	if fx.runs < 3 || !strings.Contains(errOut, "forocl: tuned viscosity25 on ") || len(fx.tuneFiles(t)) != 1 {
		t.Fatalf("first run: %d jobs, cache %v, stderr:\n%s\nwant the candidates timed and one entry", fx.runs, fx.tuneFiles(t), errOut)
	}
	fx.runs = 0
	errOut = fx.run(t, append(visc, "--json")...)
	if fx.runs != 1 || !strings.Contains(errOut, "schedule of viscosity25 from the tuning cache") {
		t.Errorf("second run: %d jobs, stderr:\n%s\nwant one job and the cache's choice", fx.runs, errOut)
	}
	var doc runReport
	if err := json.Unmarshal([]byte(fx.stdout), &doc); err != nil || doc.Tuned == "" {
		t.Errorf("--json: %v, tuned %q; want the choice named:\n%s", err, doc.Tuned, fx.stdout)
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
			tunePick = func(ms []float64) int { seen = len(ms); return min(i, len(ms)-1) }
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
	if fx.runs != 1 || len(fx.tuneFiles(t)) != 0 {
		t.Errorf("mass25: %d jobs, cache %v; want 1 and none", fx.runs, fx.tuneFiles(t))
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

// TestPickFastest: the fastest candidate wins, but the default stays
// unless another beats it by tuneMargin; failed candidates (negative
// times) never win, nor does a failed default.
func TestPickFastest(t *testing.T) {
	for _, c := range []struct {
		ms   []float64
		want int
	}{
		{[]float64{1, 0.995, 0.9}, 2},
		{[]float64{1, 0.995}, 0},
		{[]float64{1, 0.98, 0.979}, 2},
		{[]float64{1, -1, 0.5}, 2},
		{[]float64{-1, 2, 1}, 2},
		{[]float64{0.5, 1, 2}, 0},
	} {
		if got := pickFastest(c.ms); got != c.want {
			t.Errorf("pickFastest(%v) = %d; want %d", c.ms, got, c.want)
		}
	}
}
