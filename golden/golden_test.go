// Package golden holds the golden-file and numeric tests of generated
// OpenCL: every kernel of the corpus (testdata/kernels and the
// shallow-water example) is translated with both strategies, compared with
// its golden .cl file, built by a real OpenCL compiler (PoCL) with no
// warnings, and run on awkward grid sizes against gfortran's serial run of
// the same Fortran.
package golden

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/cltest"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// regionsModule is the standard-Fortran module giving gfortran the region
// functions.
const regionsModule = "../fortran/forocl_regions.f90"

// corpus returns the Fortran files of the corpus, relative to this
// package, sorted.
func corpus(t *testing.T) []string {
	var files []string
	// Free form, preprocessed free form and fixed form (see parser.ParseFile).
	for _, pattern := range []string{"*.f90", "*.F90", "*.f", "*.F"} {
		more, err := filepath.Glob("../testdata/kernels/" + pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	ex, _ := filepath.Glob("../examples/shallowwater/fortran/wave*.f90")
	files = append(files, ex...)
	sort.Strings(files)
	if len(files) < 15 {
		t.Fatalf("corpus has %d files, want at least 15", len(files))
	}
	return files
}

func stem(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

var strategies = []regions.Strategy{regions.Local, regions.Direct}

// variant is a schedule the numeric tier also runs.
type variant struct {
	target regions.Target
	opts   regions.Options
}

// variants lists the extra direct-strategy variants the numeric tier runs:
// each work-item owns 3 consecutive elements along the last dimension, or
// a 2x3 block (factors that divide none of the test grids), or what
// --strategy auto generates for GPUs; for loop kernels also __local tiles
// with blocks, blocks interleaved along dimension 0, and work-items aligned
// to the rows.
var variants = map[string]variant{
	"direct-coarsened": {opts: regions.Options{Strategy: regions.Direct, Coarsen: []int{3}}},
	"direct-block":     {opts: regions.Options{Strategy: regions.Direct, Coarsen: []int{2, 3}}},
	"gpu-tuned":        {target: regions.Target{Type: "GPU"}, opts: regions.Tuned()},
	// loop kernels only: __local tiles with blocks of points
	"local-block": {opts: regions.Options{Strategy: regions.Local, Tile: []int{8, 4}, Coarsen: []int{2, 3}}},
	// loop kernels only: blocks whose points along dimension 0 lie a
	// work-group's width apart
	"direct-interleaved": {opts: regions.Options{Strategy: regions.Direct, Tile: []int{16, 2}, Coarsen: []int{3, 2}, Interleave: true}},
	// loop kernels only: work-items from the written array's row start
	"direct-aligned": {opts: regions.Options{Strategy: regions.Direct, Align: true}},
}

type compiled struct {
	res   *driver.Result
	units map[regions.Strategy]*abi.Unit
	plans map[regions.Strategy]*regions.Plan
	// coarse holds the units of the extra variants, by name.
	coarse map[string]*abi.Unit
	// sources are what gfortran compiles for the serial oracle: the
	// regions module, the module files of the include folders the file
	// uses, the file.
	sources []string
}

func compile(t *testing.T, file string) *compiled {
	t.Helper()
	return compileWith(t, file, driver.Options{})
}

// compileWith is compile with front-end options (IncludeDirs is set).
func compileWith(t *testing.T, file string, o driver.Options) *compiled {
	t.Helper()
	o.IncludeDirs = append([]string{"../fortran"}, o.IncludeDirs...)
	res := driver.Front([]string{file}, o)
	if res.Diags.HasErrors() {
		t.Fatalf("%s does not compile:\n%s", file, res.Diags.String(res.Sources))
	}
	sources := []string{regionsModule}
	libs, _ := res.ModuleSources()
	for _, l := range libs {
		if filepath.Clean(l) != filepath.Clean(regionsModule) {
			sources = append(sources, l)
		}
	}
	gen := func(v variant) (*regions.Plan, *abi.Unit) {
		plan, diags := regions.Schedule(res.Program, v.target, v.opts)
		if diags.HasErrors() {
			t.Fatalf("%s: schedule: %s", file, diags.String(res.Sources))
		}
		return plan, codegen.OpenCL(res.Program, plan, res.Program.Kernels, filepath.Base(file), codegen.Options{Version: driver.Version})
	}
	c := &compiled{res: res, units: map[regions.Strategy]*abi.Unit{}, plans: map[regions.Strategy]*regions.Plan{}, sources: append(sources, file)}
	for _, s := range strategies {
		c.plans[s], c.units[s] = gen(variant{opts: regions.Options{Strategy: s}})
	}
	c.coarse = map[string]*abi.Unit{}
	for name, v := range variants {
		_, c.coarse[name] = gen(v)
	}
	return c
}

func TestGoldenOpenCL(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("testdata"), goldie.WithNameSuffix(".cl"))
	for _, f := range corpus(t) {
		c := compile(t, f)
		for _, s := range strategies {
			g.Assert(t, stem(f)+"."+s.String(), []byte(c.units[s].Source))
		}
	}
}

// TestGoldenHarness pins the Go host harness of every corpus file.
func TestGoldenHarness(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("testdata/harness"), goldie.WithNameSuffix(".go.golden"))
	for _, f := range corpus(t) {
		c := compile(t, f)
		src, err := hostgen.GoHarness(c.units[regions.Direct], stem(f)+".cl", "kernels")
		if err != nil {
			t.Fatal(err)
		}
		g.Assert(t, stem(f), src)
	}
}

// TestHarnessVets writes the harnesses of a few corpus files (stencils of
// each rank, an elemental kernel, real(8)) as a package and runs go vet on
// it, so the generated Go compiles and is clean.
func TestHarnessVets(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	dir, err := os.MkdirTemp("testdata", "vetpkg")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for _, name := range []string{"avg3_1d", "jacobi5", "stencil7_3d", "saxpy_elemental", "double_jacobi", "elemental_sub_2out", "reductions", "maxloc", "loop_transpose", "loop_two_phase", "loop_boundary_rows", "loop_cell_update", "loop_int64", "loop_jacobi_iters", "loop_subcycle", "loop_relax_resid", "loop_unpack_inc", "loop_particles", "loop_field", "loop_chars"} {
		c := compile(t, "../testdata/kernels/"+name+".f90")
		src, err := hostgen.GoHarness(c.units[regions.Direct], name+".cl", "kernels")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".cl"), []byte(c.units[regions.Direct].Source), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+"_cl.go"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command("go", "vet", "./"+filepath.ToSlash(dir)).CombinedOutput()
	if err != nil {
		t.Fatalf("go vet on generated harnesses: %v\n%s", err, out)
	}
}

// TestDeterministic checks that generating twice gives identical text.
func TestDeterministic(t *testing.T) {
	for _, f := range corpus(t) {
		a, b := compile(t, f), compile(t, f)
		for _, s := range strategies {
			if a.units[s].Source != b.units[s].Source {
				t.Errorf("%s (%s): two generations differ", f, s)
			}
		}
	}
}

// Note [parallel tests]
//
// The numeric tests run one parallel subtest per corpus file (the file's
// kernels run in turn inside it), so that one file's gfortran builds and
// runs overlap another's OpenCL work. What they share is safe for
// concurrent use: the context from device(t) (clhost: objects are
// created under its lock, its in-order queue takes commands from any
// goroutine, runner.Run makes kernels and buffers of its own and sets
// arguments only on them), the program cache (entries written whole and
// renamed), the oracle cache (one build per key, Note [oracle cache] in
// internal/oracle), the Fortran runtime (built once, sync.Once) and the
// compiled units, which subtests only read. Every subtest draws its inputs
// from its own generator seeded by kernel and grid, so the inputs do not
// depend on the order subtests run in. How many run at once is go test's
// -parallel, GOMAXPROCS by default: on 2 cores, 2 files at a time, each
// in-process launch on PoCL's own pool of one thread per core (launches
// from the shared queue run one after another), so the cores are kept busy
// rather than oversubscribed.

// device returns the shared test context (see internal/cltest).
func device(t *testing.T) *clhost.Context { return cltest.Context(t) }

func TestMain(m *testing.M) {
	// Each run builds its OpenCL programs (FOROCL_CACHE) and its gfortran
	// oracles (FOROCL_ORACLE_CACHE, Note [oracle cache] in
	// internal/oracle) once, in folders of its own, unless told otherwise.
	var temps []string
	for _, v := range []string{"FOROCL_CACHE", "FOROCL_ORACLE_CACHE"} {
		if os.Getenv(v) != "" {
			continue
		}
		if dir, err := os.MkdirTemp("", "forocl-golden-"+strings.ToLower(v)); err == nil {
			os.Setenv(v, dir)
			temps = append(temps, dir)
		}
	}
	code := m.Run()
	cltest.Close()
	for _, dir := range temps {
		os.RemoveAll(dir) // os.Exit runs no deferred calls
	}
	os.Exit(code)
}

// TestBuildOpenCL builds every generated file with a real OpenCL compiler
// (PoCL, or the device FOROCL_DEVICE names);
// an error or any warning fails.
func TestBuildOpenCL(t *testing.T) {
	c := device(t)
	for _, f := range corpus(t) {
		t.Run(stem(f), func(t *testing.T) {
			t.Parallel() // Note [parallel tests]
			buildFile(t, c, f)
		})
	}
}

// buildFile is TestBuildOpenCL on corpus file f.
func buildFile(t *testing.T, c *clhost.Context, f string) {
	comp := compile(t, f)
	for _, s := range strategies {
		u := comp.units[s]
		if s == regions.Direct {
			// Also the coarsened variants the numeric tier runs.
			for name, u := range comp.coarse {
				if p, err := c.BuildProgram(u.Source, "-Werror"); err != nil {
					t.Errorf("%s (%s): %v", f, name, err)
				} else {
					p.Release()
				}
			}
		}
		// The 64-bit index variant hosts build for big runs (Note
		// [index types] in package abi) must build as well.
		if p, err := c.BuildProgram(u.Source, "-Werror "+abi.IndexOptions(abi.Index64)); err != nil {
			t.Errorf("%s (%s, 64-bit indices): %v", f, s, err)
		} else {
			p.Release()
		}
		p, err := c.BuildProgram(u.Source, "-Werror")
		if err != nil {
			t.Errorf("%s (%s): %v", f, s, err)
			continue
		}
		if w := buildWarnings(p.Log()); w != "" {
			t.Errorf("%s (%s): build log has warnings:\n%s", f, s, w)
		}
		for _, k := range u.Kernels {
			kern, err := p.Kernel(k.Launches[0].Symbol)
			if err != nil {
				t.Errorf("%s (%s): %v", f, s, err)
				continue
			}
			kern.Release()
		}
		p.Release()
	}
}

// buildWarnings returns the warning lines of an OpenCL build log, less
// NVIDIA's note on every kernel ("Function f is a kernel, so overriding
// noinline attribute"), which its driver prints for any source.
func buildWarnings(log string) string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(strings.ToLower(l), "warning") && !strings.Contains(l, "is a kernel, so overriding noinline attribute") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// grids returns the awkward grid shapes a kernel is run on.
func grids(k *abi.Kernel) [][]int {
	switch {
	case k.AnyRank(): // elemental: any rank with as many elements
		return [][]int{{37, 23}, {101}}
	case k.Rank == 1:
		return [][]int{{101}, {300}}
	case k.Rank == 2:
		return [][]int{{37, 23}, {53, 40}}
	}
	return [][]int{{13, 11, 7}, {21, 9, 10}}
}

func randomArray(rng *rand.Rand, k abi.Kind, shape []int) *npy.Array {
	a := runner.Zeros(runner.KindDType(k), shape)
	oracle.Randomize(rng, a) // Note [test inputs]
	return a
}

// index64Corpus are the corpus files whose direct unit the numeric tier
// also runs built with 64-bit indices ("direct-64", runner.Job.Index64)
// on the same grids, as a run past 2^31 elements would build it: those
// whose integer intrinsics (min, max, mod, modulo) or reductions take
// nest indices (Note [intrinsic argument types] in package codegen).
var index64Corpus = map[string]bool{"loop_minmax_index": true, "loop_int64_minidx": true, "loop_cshift": true,
	"loop_shifts": true, "loop_strided": true, "loop_sections_redblack": true, "call_locals": true, "loop_last_value": true}

// TestNumeric runs every corpus kernel with both strategies on PoCL and
// compares every element of every output (halo cells included) with
// gfortran's serial run of the same source on the same inputs.
func TestNumeric(t *testing.T) {
	cltest.Gfortran(t)
	c := device(t)
	for _, f := range corpus(t) {
		t.Run(stem(f), func(t *testing.T) {
			t.Parallel() // Note [parallel tests]
			numericFile(t, c, f)
		})
	}
}

// numericFile is TestNumeric on the kernels of corpus file f.
func numericFile(t *testing.T, c *clhost.Context, f string) { numericCompiled(t, c, f, compile(t, f)) }

// numericCompiled is TestNumeric on the kernels of file f compiled as comp.
func numericCompiled(t *testing.T, c *clhost.Context, f string, comp *compiled) {
	rules, err := oracle.InputRules(f) // Note [test inputs]
	if err != nil {
		t.Fatal(err)
	}
	for ki, k := range comp.units[regions.Direct].Kernels {
		t.Run(k.Name, func(t *testing.T) {
			exe, err := oracle.Build(k, comp.sources, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			for gi, shape := range grids(k) {
				rng := rand.New(rand.NewSource(int64(1000*ki + gi + 1)))
				scalars, arrays, err := numericInputs(rng, k, gi, shape, sizeOverrides[stem(f)], rules)
				if err != nil {
					t.Fatal(err)
				}
				exe.Chars = charInputs(rng, k) // Note [host characters] in ir/chars.go
				want, err := exe.Run(scalars, arrays)
				if err != nil {
					t.Fatal(err)
				}
				chars, err := k.RunChars(exe.Chars)
				if err != nil {
					t.Fatal(err)
				}
				compareChars(t, fmt.Sprintf("go host %v", shape), k, exe.CharsOut, chars)
				// The direct unit runs from its ABI read back from JSON,
				// as a host in another language would launch it.
				units := map[string]*abi.Unit{"local": comp.units[regions.Local], "direct": roundTrip(t, comp.units[regions.Direct])}
				for name, u := range comp.coarse {
					units[name] = u
				}
				names := []string{"local", "direct", "direct-coarsened", "direct-block", "gpu-tuned"}
				if loopKernel(k) {
					names = append(names, "local-block", "direct-interleaved", "direct-aligned")
				}
				if index64Corpus[stem(f)] {
					names = append(names, "direct-64")
				}
				for _, name := range names {
					u := units[strings.TrimSuffix(name, "-64")]
					got, err := runner.Run(c, runner.Job{Unit: u, Kernel: u.Kernels[ki], Scalars: scalars, Chars: exe.Chars, Arrays: arrays, Index64: strings.HasSuffix(name, "-64")})
					if err != nil {
						t.Fatalf("%s %v: %v", name, shape, err)
					}
					compareOutputs(t, fmt.Sprintf("%s %v", name, shape), k, want, got.Outputs, arrays)
				}
			}
		})
	}
}

func compareOutputs(t *testing.T, what string, k *abi.Kernel, want, got, initial map[string]*npy.Array) {
	t.Helper()
	for _, v := range k.Outputs() {
		name := strings.ToLower(v.Name)
		w, g := want[name], got[name]
		if w == nil || g == nil {
			t.Fatalf("%s: output %q missing (want %v, got %v)", what, v.Name, w != nil, g != nil)
		}
		changed := 0
		if v.Result() {
			changed = 1 // a result has no initial value
		}
		for i := 0; i < w.Len() && !v.Result(); i++ {
			if oracle.Value(w, i) != oracle.Value(initial[name], i) {
				changed++
			}
		}
		d, err := oracle.Compare(v.Kind, w, g)
		if err != nil {
			t.Fatalf("%s: %q: %v", what, v.Name, err)
		}
		if at := d.FirstBad; at >= 0 {
			t.Errorf("%s: %q differs from gfortran at flat index %d (shape %v): opencl %g, gfortran %g (relative %.3g > %.0e, %d elements beyond)",
				what, v.Name, at, w.Shape, oracle.Value(g, at), oracle.Value(w, at), d.MaxRel, d.Tol, d.Beyond)
		}
		if changed == 0 {
			t.Errorf("%s: gfortran left %q unchanged; the test would not catch a kernel that writes nothing", what, v.Name)
		}
	}
}

// numericInputs returns the scalars and arrays of one run of k on grid
// gi as the numeric tier draws them: a loop kernel's sizes by loopSizes
// (with the file's overrides) and its arrays in the extents they give,
// index arrays filled by the file's rules (Note [test inputs]); a region
// kernel's arrays, and an elemental kernel's (abi.Kernel.AnyRank), all of
// the given shape.
func numericInputs(rng *rand.Rand, k *abi.Kernel, gi int, shape []int, over map[string]int, rules map[string]oracle.InputRule) (map[string]float64, map[string]*npy.Array, error) {
	scalars := map[string]float64{}
	arrays := map[string]*npy.Array{}
	var sizes map[string]int
	loops := loopKernel(k) && !k.AnyRank()
	if loops {
		sizes = loopSizes(k, gi, over)
		for n, v := range sizes {
			scalars[strings.ToLower(n)] = float64(v)
		}
	}
	for _, v := range k.Params {
		name := strings.ToLower(v.Name)
		if _, isSize := sizes[v.Name]; isSize {
			continue
		}
		if loops && v.Array {
			ext, err := v.Extents(sizes)
			if err != nil {
				return nil, nil, err
			}
			arrays[name] = randomArray(rng, v.Kind, ext)
			if r, ok := rules[name]; ok {
				if err := r.Apply(rng, arrays[name], sizes); err != nil {
					return nil, nil, err
				}
			}
			continue
		}
		if !v.Array {
			switch v.Kind {
			case abi.Int, abi.Int64:
				scalars[name] = float64(2 + rng.Intn(3))
			case abi.Logical:
				scalars[name] = 1
			default:
				scalars[name] = 0.1 + 0.2*rng.Float64()
			}
			continue
		}
		arrays[name] = randomArray(rng, v.Kind, shape)
	}
	return scalars, arrays, nil
}

// sizeOverrides fixes sizes of loop kernels whose loops are not over the
// arrays' full extents (a halo depth), by corpus file.
var sizeOverrides = map[string]map[string]int{
	"loop_mirror_halo":     {"depth": 2},
	"loop_late_count":      {"m": 2000}, // late launches past one work-group (Note [late launches] in package abi)
	"loop_late_count8":     {"m": 2000},
	"loop_late_reduce":     {"m": 2000},
	"loop_late_scalar":     {"m": 2000},
	"loop_late_sum":        {"m": 2000},
	"loop_unpack_inc":      {"depth": 2},
	"loop_dep_pack":        {"depth": 2, "buf_n1": 400},
	"loop_strided":         {"n": 31}, // the zero-trip loops' ranges n..1 would make n a lower bound
	"loop_stencil_weights": {"r": 2},
	"loop_assumed":         {"n": 30, "a_n1": 60, "b_n1": 30},
	"loop_jacobi_iters":    {"niter": 4},
	"loop_subcycle":        {"nsub": 4},
	"loop_relax_resid":     {"niter": 3},
	"loop_halo_flags":      {"depth": 2},
	"loop_long_names":      {"halo_depth_of_the_exchange": 2},
	"loop_inquiry":         {"x_n1": 37, "y_n1": 37, "u_n1": 29, "u_n2": 23, "v_n1": 29, "v_n2": 23},
	"loop_int64_stencil":   {"r": 2},
	"loop_int64_iters":     {"iterations": 3},
	"loop_int64_fixed":     {"N": 13, "M": 7, "NM": 91},
	"loop_inplace_update":  {"nsteps": 5},
	"loop_alloc_dummy":     {"l": 11, "grid_n1": 12, "grid_n2": 12, "smooth_n1": 11, "smooth_n2": 11},
	// allocatable components allocated from -2 and -1 (tsunami allocates data(0:n+1, ...))
	"loop_chars":        {"target%data%lb1": 0, "source%data%lb1": 2, "target%data%lb2": -1},
	"loop_field":        {"self%data%lb1": -2, "self%data%lb2": -1, "f%data%lb1": 2},
	"loop_arrfn":        {"input_field%data%lb1": -2, "input_field%data%lb2": -1},
	"loop_field_ops":    {"self%data%lb1": -2, "self%data%lb2": -1, "f%data%lb1": 2},
	"loop_module_alloc": {"m": 13, "n": 9, "h": 2, "resid_n1": 17, "resid_n2": 13},
}

// loopSizes picks the sizes of a loop kernel for grid gi: sizes that
// appear with a negative coefficient in an extent (lower bounds such as
// x_min) get 1 or -2, the others (upper bounds) awkward extents.
func loopSizes(k *abi.Kernel, gi int, over map[string]int) map[string]int {
	lower := map[string]bool{}
	for _, p := range k.Arrays() {
		for _, e := range p.Shape {
			for _, t := range e.Terms {
				if t.Coef < 0 {
					lower[t.Size] = true
				}
			}
		}
	}
	for _, l := range k.Launches {
		for _, r := range l.Global {
			for _, t := range r.Positions.Terms {
				if t.Coef < 0 {
					lower[t.Size] = true
				}
			}
		}
	}
	uppers := [][]int{{37, 23, 7}, {53, 40, 10}}[gi%2]
	sizes := map[string]int{}
	u := 0
	for _, s := range k.Sizes {
		switch {
		case s.Quot != nil:
			// computed below from the others (Note [quotient sizes] in package sema)
		case over[s.Name] != 0:
			sizes[s.Name] = over[s.Name]
		case lower[s.Name]:
			sizes[s.Name] = []int{1, -2}[gi%2]
		default:
			sizes[s.Name] = uppers[u%3] + 3*(u/3)
			u++
		}
	}
	for _, s := range k.Sizes {
		if s.Quot != nil {
			v, err := s.Quot.Eval(sizes)
			if err != nil {
				panic(err) // a quotient of sizes that are not the kernel's: a bug
			}
			sizes[s.Name] = v
		}
	}
	return sizes
}

// loopKernel reports whether k came from loop nests rather than region
// frames, for the tests' choice of inputs: a launch covers a loop nest
// (abi.Launch.MayBeEmpty), a size is a scalar dummy, or it has a host
// program. Hosts need no such test (Note [one binding] in package abi).
func loopKernel(k *abi.Kernel) bool {
	for _, s := range k.Sizes {
		if p := k.Param(s.Name); p != nil && !p.Array {
			return true
		}
	}
	for _, l := range k.Launches {
		if l.MayBeEmpty {
			return true
		}
	}
	return k.Steps != nil
}
