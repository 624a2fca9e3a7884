package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

// testDevice is the device the run tests use.
func testDevice() string {
	if d := os.Getenv("FOROCL_TEST_DEVICE"); d != "" {
		return d
	}
	return "pocl"
}

// requireOpenCL skips the test when the test device cannot be opened,
// unless FOROCL_REQUIRE_OPENCL is set (then it fails).
func requireOpenCL(t *testing.T) {
	t.Helper()
	if _, err := clhost.Select(testDevice()); err != nil {
		if os.Getenv("FOROCL_REQUIRE_OPENCL") == "" {
			t.Skipf("no OpenCL device %q (set FOROCL_REQUIRE_OPENCL=1 to fail instead): %v", testDevice(), err)
		}
		t.Fatalf("FOROCL_REQUIRE_OPENCL is set but device %q is not available: %v", testDevice(), err)
	}
}

// requireGfortran skips the test when gfortran is missing, unless
// FOROCL_REQUIRE_OPENCL is set (the full test setup installs both).
func requireGfortran(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("gfortran"); err != nil {
		if os.Getenv("FOROCL_REQUIRE_OPENCL") == "" {
			t.Skipf("gfortran not found: %v", err)
		}
		t.Fatalf("FOROCL_REQUIRE_OPENCL is set but gfortran is missing: %v", err)
	}
}

// frontEnd compiles file with the regions module on the include path.
func frontEnd(t *testing.T, file string) *driver.Result {
	t.Helper()
	res := driver.Compile([]string{file}, driver.Options{IncludeDirs: []string{regionsDir}})
	if res.Diags.HasErrors() || res.Program == nil {
		t.Fatalf("%s does not compile:\n%s", file, res.Diags.String(res.Sources))
	}
	return res
}

// randomArray fills an array of the dtype with values in [0.5, 1.5].
func randomArray(rng *rand.Rand, dt npy.DType, shape []int) *npy.Array {
	a := runner.Zeros(dt, shape)
	for i := range a.Len() {
		v := 0.5 + rng.Float64()
		switch dt {
		case npy.Float32:
			a.F32[i] = float32(v)
		case npy.Float64:
			a.F64[i] = v
		default:
			a.I32[i] = int32(v * 10)
		}
	}
	return a
}

// writeNpy writes a (data in Fortran order) as an .npy file in Fortran
// order, or, with cOrder, in C order as NumPy writes by default.
func writeNpy(t *testing.T, path string, a *npy.Array, cOrder bool) {
	t.Helper()
	if !cOrder {
		if err := npy.Write(path, a); err != nil {
			t.Fatal(err)
		}
		return
	}
	descr := map[npy.DType]string{npy.Float32: "<f4", npy.Float64: "<f8", npy.Int32: "<i4"}[a.DType]
	dims := make([]string, len(a.Shape))
	for i, n := range a.Shape {
		dims[i] = fmt.Sprint(n)
	}
	shape := strings.Join(dims, ", ")
	if len(dims) == 1 {
		shape += ","
	}
	h := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, shape)
	for (10+len(h)+1)%64 != 0 {
		h += " "
	}
	h += "\n"
	var b bytes.Buffer
	b.WriteString("\x93NUMPY\x01\x00")
	binary.Write(&b, binary.LittleEndian, uint16(len(h)))
	b.WriteString(h)
	// C order: the last index runs fastest.
	n := a.Len()
	idx := make([]int, len(a.Shape))
	for c := 0; c < n; c++ {
		f, stride := 0, 1
		for d := range a.Shape {
			f += idx[d] * stride
			stride *= a.Shape[d]
		}
		switch a.DType {
		case npy.Float32:
			binary.Write(&b, binary.LittleEndian, a.F32[f])
		case npy.Float64:
			binary.Write(&b, binary.LittleEndian, a.F64[f])
		default:
			binary.Write(&b, binary.LittleEndian, a.I32[f])
		}
		for d := len(idx) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < a.Shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readNpy(t *testing.T, path string) *npy.Array {
	t.Helper()
	a, err := npy.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func values(a *npy.Array) []float64 {
	out := make([]float64, a.Len())
	for i := range out {
		switch a.DType {
		case npy.Float32:
			out[i] = float64(a.F32[i])
		case npy.Float64:
			out[i] = a.F64[i]
		default:
			out[i] = float64(a.I32[i])
		}
	}
	return out
}

// fortranIndex spells the 0-based column-major offset p as A(i,j,k).
func fortranIndex(name string, shape []int, p int) string {
	parts := make([]string, len(shape))
	for d, n := range shape {
		parts[d] = fmt.Sprint(p%n + 1)
		p /= n
	}
	return name + "(" + strings.Join(parts, ",") + ")"
}

// compareArrays reports elements where got and want differ by more than
// tol relative to the element, or to the array's largest magnitude for
// elements near zero (where differences are cancellation, not error).
func compareArrays(t *testing.T, what, name string, got, want *npy.Array, tol float64) {
	t.Helper()
	if got.DType != want.DType || fmt.Sprint(got.Shape) != fmt.Sprint(want.Shape) {
		t.Errorf("%s: %s is %v %v, want %v %v", what, name, got.DType, got.Shape, want.DType, want.Shape)
		return
	}
	g, w := values(got), values(want)
	scale := 0.0
	for _, v := range w {
		scale = math.Max(scale, math.Abs(v))
	}
	bad := 0
	var lines []string
	worst := 0.0
	for i := range w {
		diff := math.Abs(g[i] - w[i])
		if diff <= tol*math.Max(math.Abs(w[i]), 1e-3*scale) && !math.IsNaN(g[i]) {
			continue
		}
		bad++
		worst = math.Max(worst, diff)
		if len(lines) < 8 {
			lines = append(lines, fmt.Sprintf("  %s = %.9g, serial %.9g", fortranIndex(name, want.Shape, i), g[i], w[i]))
		}
	}
	if bad > 0 {
		t.Errorf("%s: %s differs from the serial gfortran run in %d of %d elements (largest difference %.3g, tolerance %g):\n%s",
			what, name, bad, len(w), worst, tol, strings.Join(lines, "\n"))
	}
}

// numCase is one corpus kernel run end to end.
type numCase struct {
	name   string // subtest name ("" means the kernel name)
	file   string // in testdata/kernels
	kernel string
	shape  []int
	set    map[string]float64
	// keep is an intent(out) array given with --in; cells outside the
	// region it is written on (halo, lo/hi per dimension) must keep the
	// given values and the inside must change.
	keep string
	halo []int
	// f64 is an input given as float64 to a real(4) kernel: forocl
	// converts it and says so.
	f64 string
	// all marks cases run only with FOROCL_TEST_ALL_KERNELS=1: every
	// case costs two OpenCL builds, and the default set already covers
	// 1-D, 2-D and 3-D grids, temporaries, asymmetric halos, WHERE,
	// real(8) and elemental kernels.
	all bool
}

var numCases = []numCase{
	{file: "avg3_1d.f90", kernel: "avg3", shape: []int{101}, keep: "oX", halo: []int{1, 1}},
	{file: "double_jacobi.f90", kernel: "jacobi_dp", shape: []int{37, 23}, set: map[string]float64{"omega": 0.8, "h": 0.1}, keep: "oA", halo: []int{1, 1, 1, 1}},
	{all: true, file: "elemental_chain.f90", kernel: "burgers_rusanov", shape: []int{37, 23}, set: map[string]float64{"dt": 0.01, "dx": 0.1, "dy": 0.12}},
	{all: true, file: "elemental_if.f90", kernel: "mc_slope_y", shape: []int{37, 23}},
	{file: "elemental_sub_2out.f90", kernel: "velocity_froude", shape: []int{37, 23}},
	{all: true, name: "velocity_froude_3d", file: "elemental_sub_2out.f90", kernel: "velocity_froude", shape: []int{13, 11, 7}},
	{all: true, file: "full_copy_scale.f90", kernel: "scale_add", shape: []int{37, 23}, set: map[string]float64{"n": 3}},
	{file: "halo2_2d.f90", kernel: "diffuse4", shape: []int{37, 23}, set: map[string]float64{"nu": 0.5, "dt": 0.1, "dx": 1, "dy": 0.8}, keep: "oA", halo: []int{2, 2, 2, 2}},
	{file: "halo_asym.f90", kernel: "upwind_advect", shape: []int{37, 23}, set: map[string]float64{"cx": 0.5, "cy": 0.3}, keep: "oA", halo: []int{2, 0, 1, 0}},
	{file: "heat3d_faces.f90", kernel: "heat3d_var", shape: []int{13, 11, 7}, set: map[string]float64{"dt": 0.01, "dx": 0.5, "dy": 0.4, "dz": 0.3}, keep: "oT", halo: []int{1, 1, 1, 1, 1, 1}},
	{file: "jacobi5.f90", kernel: "jacobi5_step", shape: []int{37, 23}, set: map[string]float64{"h": 0.1}, keep: "oA", halo: []int{1, 1, 1, 1}, f64: "F"},
	{all: true, file: "jacobi5.f90", kernel: "residual5", shape: []int{37, 23}, set: map[string]float64{"h": 0.1}},
	{all: true, file: "module_consts.f90", kernel: "nudged_diffusion", shape: []int{37, 23}, set: map[string]float64{"dt": 0.1}},
	{all: true, file: "saxpy_elemental.f90", kernel: "axpby", shape: []int{101}},
	{all: true, name: "diffuse_choose_explicit", file: "scalar_locals.f90", kernel: "diffuse_choose", shape: []int{37, 23}, set: map[string]float64{"nu": 0.1, "dt": 0.1, "dx": 1, "dy": 1}},
	{all: true, name: "diffuse_choose_damped", file: "scalar_locals.f90", kernel: "diffuse_choose", shape: []int{37, 23}, set: map[string]float64{"nu": 1, "dt": 10, "dx": 1, "dy": 1}},
	{file: "stencil7_3d.f90", kernel: "heat7", shape: []int{13, 11, 7}, set: map[string]float64{"alpha": 0.1}, keep: "oT", halo: []int{1, 1, 1, 1, 1, 1}},
	{all: true, file: "wave1d_faces.f90", kernel: "lw_advect", shape: []int{101}, set: map[string]float64{"a": 1, "dt": 0.1, "dx": 0.5}, keep: "oU", halo: []int{1, 1}},
	{file: "wave_advance.f90", kernel: "wave_advance_lw", shape: []int{37, 23}, set: map[string]float64{"dx": 1, "dy": 1, "dt": 0.02}, keep: "oU", halo: []int{1, 1, 1, 1}},
	{all: true, file: "where_block.f90", kernel: "switch_advect", shape: []int{37, 23}, set: map[string]float64{"dt": 0.1, "dx": 0.5}},
	{file: "where_mask.f90", kernel: "minmod_slopes", shape: []int{37, 23}, keep: "oSy", halo: []int{1, 1, 1, 1}},
}

// TestRunMatchesSerial runs corpus kernels with both strategies through
// "forocl run" on grids that are not multiples of the work-group, from .npy
// files in C and Fortran order, and compares every output with a serial
// gfortran run of the same kernel on the same inputs.
func TestRunMatchesSerial(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	all := os.Getenv("FOROCL_TEST_ALL_KERNELS") == "1"
	for ci, tc := range numCases {
		name := tc.name
		if name == "" {
			name = tc.kernel
		}
		t.Run(name, func(t *testing.T) {
			if tc.all && !all {
				t.Skip("set FOROCL_TEST_ALL_KERNELS=1 to run every corpus kernel")
			}
			// Subtests run in pairs: one compiles the serial reference with
			// gfortran while the other runs forocl (cli is serialised).
			t.Parallel()
			file := filepath.Join(kernelsDir, tc.file)
			res := frontEnd(t, file)
			irk, err := res.Kernel(tc.kernel)
			if err != nil {
				t.Fatal(err)
			}
			k := codegen.Interface(irk)
			dir := t.TempDir()
			oracleDir := t.TempDir()

			// Inputs: every intent(in) array, and the kept output.
			rng := rand.New(rand.NewPCG(uint64(ci), 7))
			args := []string{"run", file, "-I", regionsDir, "--kernel", tc.kernel, "--device", testDevice()}
			for _, v := range k.Scalars() {
				args = append(args, "--set", fmt.Sprintf("%s=%g", v.Name, tc.set[strings.ToLower(v.Name)]))
			}
			serialIn := map[string]*npy.Array{}
			var notes []string
			for i, v := range k.Params {
				if !v.Array {
					continue
				}
				lower := strings.ToLower(v.Name)
				dt := runner.KindDType(v.Kind)
				if v.Output() && !strings.EqualFold(v.Name, tc.keep) {
					serialIn[lower] = runner.Zeros(dt, tc.shape)
					continue
				}
				fileDT := dt
				if strings.EqualFold(v.Name, tc.f64) {
					fileDT = npy.Float64
				}
				a := randomArray(rng, fileDT, tc.shape)
				path := filepath.Join(dir, "in_"+v.Name+".npy")
				writeNpy(t, path, a, i%2 == 0)
				args = append(args, "--in", v.Name+"="+path)
				if fileDT != dt {
					notes = append(notes, fmt.Sprintf("forocl: note: %s is float64; converted to %v for %v dummy %q", path, dt, v.Kind, v.Name))
				}
				serialIn[lower] = runner.Convert(a, dt)
			}
			type serial struct {
				out map[string]*npy.Array
				err error
			}
			serialc := make(chan serial, 1)
			go func() {
				exe, err := oracle.Build(k, []string{filepath.Join(regionsDir, "forocl_regions.f90"), file}, oracleDir)
				if err != nil {
					serialc <- serial{err: err}
					return
				}
				out, err := exe.Run(tc.set, serialIn)
				serialc <- serial{out, err}
			}()
			var want map[string]*npy.Array
			getWant := func() bool {
				if want == nil {
					s := <-serialc
					if s.err != nil {
						t.Errorf("serial run: %v", s.err)
						return false
					}
					want = s.out
				}
				return true
			}

			strategies := []string{"local", "direct"}
			if k.AnyRank() {
				strategies = strategies[:1] // elemental: no halos, both strategies give the same kernel
			}
			for _, strategy := range strategies {
				out := filepath.Join(dir, strategy)
				if err := os.Mkdir(out, 0o755); err != nil {
					t.Fatal(err)
				}
				sargs := append(append([]string(nil), args...), "--strategy", strategy)
				for _, name := range abi.Names(k.Outputs()) {
					sargs = append(sargs, "--out", name+"="+filepath.Join(out, name+".npy"))
				}
				code, stdout, stderr := cli(t, sargs...)
				if code != 0 {
					t.Errorf("%s: exit %d:\n%s", strategy, code, stderr)
					continue
				}
				if stdout != "" || strings.TrimSpace(stderr) != strings.Join(notes, "\n") {
					t.Errorf("%s: stdout %q, stderr %q; want only the notes %q", strategy, stdout, stderr, notes)
				}
				tol := 1e-5
				if k.Params[len(k.Params)-1].Kind == abi.Real8 {
					tol = 1e-12
				}
				if !getWant() {
					return
				}
				for _, name := range abi.Names(k.Outputs()) {
					got := readNpy(t, filepath.Join(out, name+".npy"))
					compareArrays(t, fmt.Sprintf("%s %s", tc.kernel, strategy), name, got, want[strings.ToLower(name)], tol)
					if strings.EqualFold(name, tc.keep) {
						checkHalo(t, strategy, name, got, serialIn[strings.ToLower(name)], tc.halo)
					}
				}
			}
		})
	}
}

// checkHalo checks that got equals in exactly outside the region with
// halo (lo, hi per dimension) and differs from it in most cells inside.
func checkHalo(t *testing.T, strategy, name string, got, in *npy.Array, halo []int) {
	t.Helper()
	g, w := values(got), values(in)
	shape := in.Shape
	inside, changed := 0, 0
	for p := range w {
		q, interior := p, true
		for d, n := range shape {
			i := q % n
			q /= n
			if i < halo[2*d] || i >= n-halo[2*d+1] {
				interior = false
			}
		}
		if !interior {
			if g[p] != w[p] {
				t.Errorf("%s: halo cell %s = %v, want the given %v", strategy, fortranIndex(name, shape, p), g[p], w[p])
			}
			continue
		}
		inside++
		if g[p] != w[p] {
			changed++
		}
	}
	if changed < inside*9/10 {
		t.Errorf("%s: only %d of %d interior cells of %s changed", strategy, changed, inside, name)
	}
}

// runFixture writes the inputs of jacobi5_step (37x23) into dir.
type runFixture struct {
	dir, file, a, f string
}

func newRunFixture(t *testing.T) *runFixture {
	t.Helper()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 4))
	fx := &runFixture{dir: dir, file: filepath.Join(kernelsDir, "jacobi5.f90"), a: filepath.Join(dir, "A.npy"), f: filepath.Join(dir, "F.npy")}
	writeNpy(t, fx.a, randomArray(rng, npy.Float32, []int{37, 23}), true)
	writeNpy(t, fx.f, randomArray(rng, npy.Float32, []int{37, 23}), false)
	return fx
}

func (fx *runFixture) path(name string) string { return filepath.Join(fx.dir, name) }

// args returns "run jacobi5.f90 --kernel jacobi5_step" and more.
func (fx *runFixture) args(more ...string) []string {
	return append([]string{"run", fx.file, "-I", regionsDir, "--kernel", "jacobi5_step", "--device", testDevice()}, more...)
}

// noOutputs checks that dir holds exactly the files named (and no
// temporary files).
func noOutputs(t *testing.T, dir string, keep ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, k := range keep {
		want[k] = true
	}
	for _, e := range entries {
		if !want[e.Name()] {
			t.Errorf("%s left behind in %s", e.Name(), dir)
		}
	}
}

// TestRunErrors checks that bad inputs give one clear message, exit code
// 1, and write nothing (an existing output file keeps its contents).
func TestRunErrors(t *testing.T) {
	fx := newRunFixture(t)
	rng := rand.New(rand.NewPCG(5, 6))
	writeNpy(t, fx.path("F22.npy"), randomArray(rng, npy.Float32, []int{37, 22}), false)
	writeNpy(t, fx.path("F1d.npy"), randomArray(rng, npy.Float32, []int{851}), false)
	good, err := os.ReadFile(fx.f)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fx.path("trunc.npy"), good[:len(good)-10], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fx.path("text.npy"), []byte("A,B\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const old = "old contents"
	if err := os.WriteFile(fx.path("old.npy"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs := []string{"A.npy", "F.npy", "F22.npy", "F1d.npy", "trunc.npy", "text.npy", "old.npy"}
	in := func(name, file string) []string { return []string{"--in", name + "=" + fx.path(file)} }
	outOld := []string{"--out", "oA=" + fx.path("old.npy")}
	std := append(append(in("A", "A.npy"), in("F", "F.npy")...), outOld...)

	tests := []struct {
		name string
		args []string
		want string // the whole stderr, with DIR for the fixture folder
	}{
		{"missing --set", fx.args(std...),
			`kernel "jacobi5_step" needs scalar "h": give --set h=VALUE`},
		{"unknown scalar", fx.args(append(std, "--set", "h=1", "--set", "dx=1")...),
			`--set dx=1: kernel "jacobi5_step" has no scalar dummy "dx"; its scalars: h`},
		{"array given as scalar", fx.args(append(std, "--set", "h=1", "--set", "a=1")...),
			`--set a=1: "A" is an array dummy of kernel "jacobi5_step"; give it with --in A=FILE.npy`},
		{"unknown array", fx.args(append(std, "--set", "h=1", "--in", "B="+fx.path("F.npy"))...),
			`--in B=DIR/F.npy: kernel "jacobi5_step" has no array dummy "B"; its arrays: A, F, oA`},
		{"scalar given as array", fx.args(append(std, "--set", "h=1", "--in", "h="+fx.path("F.npy"))...),
			`--in h=DIR/F.npy: "h" is a scalar dummy of kernel "jacobi5_step"; give it with --set h=VALUE`},
		{"output that is an input", fx.args(append(std, "--set", "h=1", "--out", "A="+fx.path("A2.npy"))...),
			`--out A=DIR/A2.npy: array "A" is intent(in); only outputs can be saved (outputs of "jacobi5_step": oA)`},
		{"missing input", fx.args(append(in("A", "A.npy"), append(outOld, "--set", "h=1")...)...),
			`kernel "jacobi5_step" needs input array "F": give it with --in F=FILE.npy`},
		{"shape mismatch", fx.args(append(append(in("A", "A.npy"), in("F", "F22.npy")...), append(outOld, "--set", "h=1")...)...),
			`array "F" has shape (37, 22) but kernel "jacobi5_step" declares it (37, 23) with n1=37, n2=23: n2=23 comes from the shape (37, 23) of array "A"; "A" or "F" has the wrong shape`},
		{"1-D file for a 2-D kernel", fx.args(append(append(in("A", "A.npy"), in("F", "F1d.npy")...), append(outOld, "--set", "h=1")...)...),
			`array "F" has shape (851) but kernel "jacobi5_step" takes a 2-D array`},
		{"truncated file", fx.args(append(append(in("A", "A.npy"), in("F", "trunc.npy")...), append(outOld, "--set", "h=1")...)...),
			`npy: DIR/trunc.npy: truncated: `},
		{"not an npy file", fx.args(append(append(in("A", "A.npy"), in("F", "text.npy")...), append(outOld, "--set", "h=1")...)...),
			`npy: DIR/text.npy: not an npy file: `},
		{"missing file", fx.args(append(append(in("A", "A.npy"), in("F", "nope.npy")...), append(outOld, "--set", "h=1")...)...),
			`npy: open DIR/nope.npy: no such file or directory`},
		{"output folder missing", fx.args(append(in("A", "A.npy"), append(in("F", "F.npy"), "--set", "h=1", "--out", "oA="+fx.path("sub/oA.npy"))...)...),
			`--out oA=DIR/sub/oA.npy: folder DIR/sub does not exist`},
		{"output is a folder", fx.args(append(in("A", "A.npy"), append(in("F", "F.npy"), "--set", "h=1", "--out", "oA="+fx.dir)...)...),
			`--out oA=DIR: DIR is a folder`},
		{"integer scalar not whole", []string{"run", filepath.Join(kernelsDir, "full_copy_scale.f90"), "--kernel", "scale_add", "--set", "n=1.5", "--in", "A=" + fx.path("A.npy"), "--in", "B=" + fx.path("F.npy"), "--out", "oA=" + fx.path("old.npy")},
			`--set n=1.5: scalar "n" is an integer; give a whole number, written without a decimal point or exponent`},
		{"tile rank", fx.args(append(std, "--set", "h=1", "--tile", "64")...),
			`--tile 64 is 1-D but kernel "jacobi5_step" is 2-D`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, tc.args...)
			want := "forocl: " + strings.ReplaceAll(tc.want, "DIR", fx.dir)
			if code != 1 {
				t.Errorf("exit %d, want 1; stderr:\n%s", code, stderr)
			}
			if stdout != "" {
				t.Errorf("stdout %q", stdout)
			}
			if strings.HasSuffix(want, ": ") {
				if !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
					t.Errorf("stderr:\n got %q\nwant one line starting %q", stderr, want)
				}
			} else if stderr != want+"\n" {
				t.Errorf("stderr:\n got %q\nwant %q", stderr, want+"\n")
			}
			noOutputs(t, fx.dir, inputs...)
			if b, _ := os.ReadFile(fx.path("old.npy")); string(b) != old {
				t.Errorf("old.npy was overwritten")
			}
		})
	}

	t.Run("device not matching", func(t *testing.T) {
		code, _, stderr := cli(t, "run", fx.file, "-I", regionsDir, "--kernel", "jacobi5_step", "--device", "no-such-device-x",
			"--set", "h=1", "--in", "A="+fx.a, "--in", "F="+fx.f, "--out", "oA="+fx.path("old.npy"))
		if code != 1 || !strings.HasPrefix(stderr, "forocl: ") || !strings.Contains(stderr, "OpenCL") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
		if _, err := clhost.Devices(); err == nil && !strings.Contains(stderr, `no OpenCL device matches "no-such-device-x"; available devices:`) {
			t.Errorf("stderr %q does not list the devices", stderr)
		}
		noOutputs(t, fx.dir, inputs...)
	})

	t.Run("front-end errors", func(t *testing.T) {
		code, _, stderr := cli(t, "run", filepath.Join(badDir, "inout_array.f90"), "--kernel", "x", "--out", "oA="+fx.path("x.npy"))
		if code != 1 || !strings.Contains(stderr, ": error: ") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
		noOutputs(t, fx.dir, inputs...)
	})
}

func TestRunUsageErrors(t *testing.T) {
	fx := newRunFixture(t)
	std := []string{"--in", "A=" + fx.a, "--in", "F=" + fx.f}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", fx.file, "--set", "h=1"}, "run needs the kernel to run: --kernel NAME (the files mark 2: jacobi5_step, residual5)"},
		{[]string{"run", "--kernel", "jacobi5_step"}, "requires at least 1 arg(s)"},
		{fx.args(append(std, "--set", "h")...), "--set h: want NAME=VALUE"},
		{fx.args(append(std, "--set", "=1")...), "--set =1: want NAME=VALUE"},
		{fx.args(append(std, "--set", "h=abc")...), `--set h=abc: "abc" is not a number`},
		{fx.args(append(std, "--set", "h=1", "--set", "H=2")...), `--set H=2: "H" is given twice`},
		{fx.args("--set", "h=1", "--in", "A"), "--in A: want NAME=FILE.npy"},
		{fx.args(append(std, "--set", "h=1", "--in", "a="+fx.f)...), `--in a=` + fx.f + `: "a" is given twice`},
		{fx.args(append(std, "--set", "h=1", "--out", "oA")...), "--out oA: want NAME=FILE.npy"},
		{fx.args(append(std, "--set", "h=1", "--out", "oA=x.npy", "--out", "oB=./x.npy")...), `--out oB=./x.npy: ./x.npy is also the output of "oA"`},
		{fx.args(append(std, "--set", "h=1", "--repeat", "-1")...), "--repeat -1: want a count of 0 or more"},
		{fx.args(append(std, "--set", "h=1", "--repeat", "many")...), "invalid argument"},
		{fx.args(append(std, "--set", "h=1", "--strategy", "sideways")...), `--strategy "sideways": want one of auto, local, direct`},
		{fx.args(append(std, "--set", "h=1", "--tile", "0x4")...), `tile "0x4"`},
		{fx.args(append(std, "--set", "h=1", "--bogus")...), "unknown flag: --bogus"},
	} {
		code, stdout, stderr := cli(t, tc.args...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "forocl: ") || !strings.Contains(stderr, tc.want) {
			t.Errorf("forocl %s:\nexit %d, stderr %q; want exit 2 and %q", strings.Join(tc.args[1:], " "), code, stderr, tc.want)
		}
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy")
}

// TestRunConversionsAndNotes: inputs of another dtype are converted with a
// note, the run is otherwise silent, and without --out it says what was
// not saved.
func TestRunConversionsAndNotes(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	a := readNpy(t, fx.a)
	ai := runner.Convert(a, npy.Int32)
	writeNpy(t, fx.path("Ai.npy"), ai, false)
	writeNpy(t, fx.path("F64.npy"), runner.Convert(readNpy(t, fx.f), npy.Float64), true)
	code, stdout, stderr := cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.path("Ai.npy"), "--in", "F="+fx.path("F64.npy"), "--out", "oA="+fx.path("oA.npy"))...)
	want := fmt.Sprintf("forocl: note: %s is int32; converted to float32 for real(4) dummy \"A\"\nforocl: note: %s is float64; converted to float32 for real(4) dummy \"F\"\n", fx.path("Ai.npy"), fx.path("F64.npy"))
	if code != 0 || stdout != "" || stderr != want {
		t.Fatalf("exit %d, stdout %q, stderr:\n got %q\nwant %q", code, stdout, stderr, want)
	}
	// The integer values of A went in: oA(2,2) = (A_w+A_e+A_s+A_n + h^2 F)/4.
	got := readNpy(t, fx.path("oA.npy"))
	f := runner.Convert(readNpy(t, fx.path("F64.npy")), npy.Float32)
	av := runner.Convert(ai, npy.Float32)
	n1 := 37
	p := 1 + n1
	wantV := 0.25 * (av.F32[p-1] + av.F32[p+1] + av.F32[p-n1] + av.F32[p+n1] + 0.5*0.5*f.F32[p])
	if math.Abs(float64(got.F32[p]-wantV)) > 1e-5*math.Abs(float64(wantV)) {
		t.Errorf("oA(2,2) = %v, want %v", got.F32[p], wantV)
	}
	if len(got.Shape) != 2 || got.Shape[0] != 37 || got.Shape[1] != 23 {
		t.Errorf("oA shape %v", got.Shape)
	}

	// Quiet on success with --out; a note when nothing is saved.
	code, stdout, stderr = cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--out", "oA="+fx.path("oA.npy"))...)
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want silence", code, stdout, stderr)
	}
	code, stdout, stderr = cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f)...)
	if code != 0 || stdout != "" || stderr != "forocl: note: no --out given; oA computed but not saved\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy", "Ai.npy", "F64.npy", "oA.npy")
}

func TestRunRepeat(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	code, stdout, stderr := cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--repeat", "5", "-v", "--strategy", "direct")...)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	re := regexp.MustCompile(`^jacobi5_step on [^\n]+: 5 launches, min (\d+\.\d{3} ms|\d+\.\d{2} µs), median (\d+\.\d{3} ms|\d+\.\d{2} µs), max (\d+\.\d{3} ms|\d+\.\d{2} µs); \d+\.\d GB/s effective at the median \(arrays read/written once\)\n$`)
	if !re.MatchString(stdout) {
		t.Errorf("stdout %q does not match %s", stdout, re)
	}
	for _, want := range []string{"forocl: running jacobi5_step on ", "forocl: grid 37x23, direct strategy, global ", "work-group 32x8"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-v stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// TestRunInterruptedInProcess delivers SIGINT as the run starts: the run
// stops with exit code 130 and writes nothing.
func TestRunInterruptedInProcess(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	saved, grace := notifySignals, interruptGrace
	defer func() { notifySignals, interruptGrace = saved, grace }()
	notifySignals = func(c chan<- os.Signal) { c <- os.Interrupt }
	interruptGrace = time.Hour // a hard exit would end the test binary
	code, stdout, stderr := cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--out", "oA="+fx.path("oA.npy"), "--repeat", "3")...)
	if code != 130 || stdout != "" || stderr != "forocl: interrupted; no output written\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy")
}

// TestRunInterruptedProcess sends a real SIGINT to a forocl process in a
// long --repeat run: it exits 130 soon after and leaves no file behind.
func TestRunInterruptedProcess(t *testing.T) {
	requireOpenCL(t)
	if testing.Short() {
		t.Skip("starts a process")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(8, 9))
	a, f := filepath.Join(dir, "A.npy"), filepath.Join(dir, "F.npy")
	writeNpy(t, a, randomArray(rng, npy.Float32, []int{500, 400}), false)
	writeNpy(t, f, randomArray(rng, npy.Float32, []int{500, 400}), false)
	cmd := exec.Command(os.Args[0], "run", filepath.Join(kernelsDir, "jacobi5.f90"), "-I", regionsDir, "--kernel", "jacobi5_step",
		"--device", testDevice(), "--set", "h=0.5", "--in", "A="+a, "--in", "F="+f, "--out", "oA="+filepath.Join(dir, "oA.npy"),
		"--repeat", "1000000", "-v")
	cmd.Env = append(os.Environ(), "FOROCL_TEST_MAIN=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var seen []string
	deadline := time.After(60 * time.Second)
wait:
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("forocl ended before running: %q", seen)
			}
			seen = append(seen, l)
			if strings.Contains(l, "forocl: running jacobi5_step") {
				break wait
			}
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("no \"running\" line within 60 s: %q", seen)
		}
	}
	time.Sleep(500 * time.Millisecond) // into the build or the launches
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		for l := range lines {
			seen = append(seen, l)
		}
		done <- cmd.Wait()
	}()
	select {
	case err := <-done:
		if cmd.ProcessState.ExitCode() != 130 {
			t.Errorf("exit %d (%v), want 130; stderr %q", cmd.ProcessState.ExitCode(), err, seen)
		}
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("forocl did not stop within 60 s of SIGINT; stderr %q", seen)
	}
	if last := seen[len(seen)-1]; last != "forocl: interrupted; no output written" {
		t.Errorf("last stderr line %q", last)
	}
	noOutputs(t, dir, "A.npy", "F.npy")
}

// TestRunWithoutOpenCL runs forocl with an OpenCL loader that finds no
// platform: one line saying what to install, exit 1, nothing written.
func TestRunWithoutOpenCL(t *testing.T) {
	fx := newRunFixture(t)
	cmd := exec.Command(os.Args[0], "run", fx.file, "-I", regionsDir, "--kernel", "jacobi5_step",
		"--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--out", "oA="+fx.path("oA.npy"))
	cmd.Env = append(os.Environ(), "FOROCL_TEST_MAIN=1", "OCL_ICD_VENDORS="+filepath.Join(fx.dir, "no-vendors"), "FOROCL_DEVICE=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit %d, want 1; stderr %q", code, stderr.String())
	}
	msg := stderr.String()
	if !strings.HasPrefix(msg, "forocl: no OpenCL ") || !strings.Contains(msg, "apt-get install") || strings.Count(msg, "\n") != 1 || stdout.Len() != 0 {
		t.Errorf("stdout %q, stderr %q; want one line saying what to install", stdout.String(), msg)
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy")
}

// TestWriteOutputsAllOrNothing: when one output cannot be written, none
// is, and files that existed keep their contents.
func TestWriteOutputsAllOrNothing(t *testing.T) {
	a := runner.Zeros(npy.Float32, []int{3, 2})
	r := &runner.Result{Outputs: map[string]*npy.Array{"a": a, "b": a}}
	sig := &interrupts{cancel: make(chan struct{}), staged: map[string]bool{}}
	outs := func(pa, pb string) []runner.Output {
		return []runner.Output{{Name: "a", Dummy: "a", Path: pa}, {Name: "b", Dummy: "b", Path: pb}}
	}

	// The second output's folder is missing: the first is never renamed.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.npy"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := writeOutputs(outs(filepath.Join(dir, "a.npy"), filepath.Join(dir, "gone", "b.npy")), r, sig)
	if err == nil || !strings.Contains(err.Error(), "cannot write "+filepath.Join(dir, "gone", "b.npy")) {
		t.Errorf("error = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.npy")); string(b) != "old" {
		t.Error("a.npy was replaced although b.npy failed")
	}
	noOutputs(t, dir, "a.npy")

	// The second rename fails (the target is a folder): the first output,
	// already in place, is removed again.
	dir = t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "b.npy", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	err = writeOutputs(outs(filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")), r, sig)
	if err == nil || !strings.Contains(err.Error(), "cannot write "+filepath.Join(dir, "b.npy")) {
		t.Errorf("error = %v", err)
	}
	noOutputs(t, dir, "b.npy")
	if len(sig.staged) != 0 {
		t.Errorf("staged files still registered: %v", sig.staged)
	}

	// An interrupt while staging: nothing is renamed.
	dir = t.TempDir()
	sig.hit = true
	err = writeOutputs(outs(filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")), r, sig)
	if err != errInterrupted {
		t.Errorf("error = %v, want errInterrupted", err)
	}
	noOutputs(t, dir)

	// Success: both files, readable, in Fortran order.
	sig.hit = false
	a.F32[1] = 7
	if err := writeOutputs(outs(filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")), r, sig); err != nil {
		t.Fatal(err)
	}
	noOutputs(t, dir, "a.npy", "b.npy")
	if got := readNpy(t, filepath.Join(dir, "b.npy")); got.F32[1] != 7 || fmt.Sprint(got.Shape) != "[3 2]" {
		t.Errorf("b.npy = %v %v", got.Shape, got.F32)
	}
}

// TestRunGrid: --grid fills the arrays not given with reproducible values,
// so a kernel can be timed or tried without input files.
func TestRunGrid(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	file := filepath.Join(kernelsDir, "stencil7_3d.f90")
	run := func(out string) *npy.Array {
		code, _, stderr := cli(t, "run", file, "-I", regionsDir, "--kernel", "heat7", "--set", "alpha=0.1", "--grid", "17x9x6", "--out", "oT="+out, "--device", testDevice())
		if code != 0 {
			t.Fatalf("exit %d:\n%s", code, stderr)
		}
		return readNpy(t, out)
	}
	a, b := run(filepath.Join(dir, "a.npy")), run(filepath.Join(dir, "b.npy"))
	if len(a.Shape) != 3 || a.Shape[0] != 17 || a.Shape[1] != 9 || a.Shape[2] != 6 {
		t.Fatalf("output shape %v", a.Shape)
	}
	va, vb := values(a), values(b)
	interior := 0
	for i := range va {
		if va[i] != vb[i] {
			t.Fatalf("two runs differ at %d: %g and %g", i, va[i], vb[i])
		}
		if va[i] != 0 {
			interior++
		}
	}
	// The output starts as zeros, unless given: the kernel wrote its
	// interior (15x7x4 cells) and nothing else.
	if interior != 15*7*4 {
		t.Errorf("%d cells written, want %d", interior, 15*7*4)
	}
	for _, c := range []struct {
		grid string
		code int
		want string
	}{
		{"17x9", 1, "--grid 17x9 is 2-D but kernel \"heat7\" takes 3-D arrays"},
		{"17xq", 2, "--grid 17xq: \"q\" is not an extent of at least 1"},
		{"1x2x3x4", 2, "at most 3 dimensions"},
	} {
		code, _, stderr := cli(t, "run", file, "--kernel", "heat7", "--set", "alpha=0.1", "--grid", c.grid)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("--grid %s: exit %d, stderr %q; want exit %d and %q", c.grid, code, stderr, c.code, c.want)
		}
	}
}

// TestRunRefusesLossyInputs: values that the declared kind cannot hold
// are errors with a hint (1e300 became inf, NaN became INT_MIN, and 1e39
// passed for a real(4) scalar before); nothing is written.
func TestRunRefusesLossyInputs(t *testing.T) {
	fx := newRunFixture(t)
	big := runner.Convert(readNpy(t, fx.f), npy.Float64)
	big.F64[37+1] = 1e300
	writeNpy(t, fx.path("big.npy"), big, false)
	std := []string{"--in", "A=" + fx.a, "--out", "oA=" + fx.path("oA.npy")}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{fx.args(append(std, "--set", "h=0.5", "--in", "F="+fx.path("big.npy"))...),
			`forocl: --in F=DIR/big.npy: DIR/big.npy is float64 and real(4) dummy "F" cannot hold all its values: element F(2,2) = 1e+300 overflows real(4) (largest 3.4028235e+38); give values in range, or declare "F" real(8)`},
		{fx.args(append(std, "--set", "h=1e39", "--in", "F="+fx.f)...),
			`forocl: --set h=1e39: 1e+39 overflows real(4) (largest 3.4028235e+38), the kind of scalar "h"; give a value in range, or declare "h" real(8)`},
	} {
		code, _, stderr := cli(t, tc.args...)
		want := strings.ReplaceAll(tc.want, "DIR", fx.dir) + "\n"
		if code != 1 || stderr != want {
			t.Errorf("exit %d, stderr\n got %q\nwant %q", code, stderr, want)
		}
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy", "big.npy")
}

// TestRunHugeGrid: a grid the host cannot hold exits 1 naming the bytes
// needed and available (it was a Go out-of-memory crash, exit 2).
func TestRunHugeGrid(t *testing.T) {
	if _, ok := runner.HostMemory(); !ok {
		t.Skip("host memory unknown here")
	}
	fx := newRunFixture(t)
	code, _, stderr := cli(t, fx.args("--set", "h=0.5", "--grid", "100000x100000", "--out", "oA="+fx.path("oA.npy"))...)
	if code != 1 || !regexp.MustCompile(`^forocl: --grid 100000x100000 needs 149\.0 GiB \(160000000000 bytes\) of host memory for its arrays but [0-9.]+ [KMG]iB \([0-9]+ bytes\) is available; use a smaller grid\n$`).MatchString(stderr) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy")
}

// TestRunOutputTargets: outputs go through symbolic links and keep their
// mode; devices are refused before running (as root /dev/null became a
// regular file); two outputs that are one file through a symlinked folder
// are a usage error (one was lost).
func TestRunOutputTargets(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	std := fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f)
	if err := os.WriteFile(fx.path("real.npy"), []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Symlink("real.npy", fx.path("link.npy"))
	code, _, stderr := cli(t, append(std, "--out", "oA="+fx.path("link.npy"))...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if st, err := os.Lstat(fx.path("link.npy")); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if st, _ := os.Stat(fx.path("real.npy")); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", st.Mode().Perm())
	}
	if got := readNpy(t, fx.path("real.npy")); len(got.F32) != 37*23 {
		t.Errorf("the link's target holds %v", got.Shape)
	}

	code, _, stderr = cli(t, append(std, "--out", "oA=/dev/null")...)
	if code != 1 || stderr != "forocl: --out oA=/dev/null: /dev/null is a character device, not a regular file; refusing to replace it\n" {
		t.Errorf("/dev/null: exit %d, stderr %q", code, stderr)
	}
	if st, err := os.Stat("/dev/null"); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatal("/dev/null is no longer a device")
	}

	// Through a symlinked folder two outputs are one file (checked before
	// the kernel is looked at).
	os.Mkdir(fx.path("d"), 0o755)
	os.Symlink("d", fx.path("viad"))
	code, _, stderr = cli(t, append(std, "--out", "oA="+fx.path("d/x.npy"), "--out", "oB="+fx.path("viad/x.npy"))...)
	if code != 2 || !strings.HasSuffix(stderr, `viad/x.npy is also the output of "oA"`+"\n") {
		t.Errorf("aliased outputs: exit %d, stderr %q", code, stderr)
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy", "real.npy", "link.npy", "d", "viad")
}

// TestRunInterruptDuringHungBuild: the first SIGINT ends a run stuck in a
// driver call that never looks at the cancel channel (it was ignored
// during a long OpenCL build): exit 130 promptly, the old output intact.
func TestRunInterruptDuringHungBuild(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	if err := os.WriteFile(fx.path("old.npy"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--out", "oA="+fx.path("old.npy"), "-v")...)
	cmd.Env = append(os.Environ(), "FOROCL_TEST_MAIN=1", "FOROCL_TEST_HANG=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	var seen []string
	for sc.Scan() {
		seen = append(seen, sc.Text())
		if strings.Contains(sc.Text(), "forocl: running jacobi5_step") {
			break
		}
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	sent := time.Now()
	done := make(chan error, 1)
	go func() {
		for sc.Scan() {
			seen = append(seen, sc.Text())
		}
		done <- cmd.Wait()
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("one SIGINT did not stop a hung run within 20 s; stderr %q", seen)
	}
	if code := cmd.ProcessState.ExitCode(); code != 130 || time.Since(sent) > 10*time.Second {
		t.Errorf("exit %d after %v, want 130 within seconds; stderr %q", code, time.Since(sent), seen)
	}
	if last := seen[len(seen)-1]; last != "forocl: interrupted; no output written" {
		t.Errorf("last stderr line %q", last)
	}
	if b, _ := os.ReadFile(fx.path("old.npy")); string(b) != "old" {
		t.Error("the old output changed")
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy", "old.npy")
}

// TestInternalErrorExitCode: a bug (a panic) exits 3 with "internal
// error", never 2, which means a usage error.
func TestInternalErrorExitCode(t *testing.T) {
	requireOpenCL(t)
	saved := runJob
	defer func() { runJob = saved }()
	runJob = func(*clhost.Context, runner.Job) (*runner.Result, error) { panic("boom") }
	fx := newRunFixture(t)
	code, _, stderr := cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f)...)
	if code != 3 || !strings.HasPrefix(stderr, "forocl: internal error: boom\nplease report this") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestRunHomeNotWritable: with a home where no cache can be made, a run
// warns that the cache directory cannot be created and succeeds (it said
// "no OpenCL device", since PoCL needs a cache folder too).
func TestRunHomeNotWritable(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	cmd := exec.Command(os.Args[0], fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--out", "oA="+fx.path("oA.npy"))...)
	var env []string
	for _, e := range os.Environ() {
		if name, _, _ := strings.Cut(e, "="); name != "HOME" && name != "XDG_CACHE_HOME" && name != "FOROCL_CACHE" && name != "POCL_CACHE_DIR" {
			env = append(env, e)
		}
	}
	cmd.Env = append(env, "FOROCL_TEST_MAIN=1", "HOME=/dev/null")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Run()
	want := "forocl: warning: cache directory /dev/null/.cache/forocl/programs cannot be created: not a directory; programs are built without the cache (set FOROCL_CACHE to a writable folder, or FOROCL_CACHE=off)\n"
	if code := cmd.ProcessState.ExitCode(); code != 0 || !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if got := readNpy(t, fx.path("oA.npy")); len(got.F32) != 37*23 {
		t.Errorf("oA shape %v", got.Shape)
	}
}

// TestRunPrintsResults: a kernel's scalar results are printed as
// "name = value" with every digit of their kind, and --out writes one as a
// 0-d .npy holding the same value.
func TestRunPrintsResults(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	mean := filepath.Join(dir, "mean.npy")
	code, out, errOut := cli(t, "run", "-I", regionsDir, filepath.Join(kernelsDir, "reductions.f90"), "--kernel", "normalize",
		"--grid", "37x23", "--device", testDevice(), "--out", "mean="+mean)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	a, err := npy.Read(mean)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Shape) != 0 || a.DType != npy.Float32 {
		t.Fatalf("mean.npy has shape %v and dtype %v, want a 0-d float32", a.Shape, a.DType)
	}
	want := fmt.Sprintf("mean = %s\n", strconv.FormatFloat(float64(a.F32[0]), 'g', -1, 32))
	if out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	// The grid's values are in [0.5, 1.5): the sum over 37x23 / 1000.
	if a.F32[0] < 0.5*37*23/1000 || a.F32[0] > 1.5*37*23/1000 {
		t.Errorf("mean = %v is out of range", a.F32[0])
	}
	code, out, _ = cli(t, "run", "-I", regionsDir, filepath.Join(kernelsDir, "reductions.f90"), "--kernel", "empty_masks",
		"--grid", "10x10", "--device", testDevice())
	if code != 0 || out != "s = 0\nm = -3.4028235e+38\nmn = 3.4028235e+38\nc = 0\na = .false.\nal = .false.\n" {
		t.Errorf("empty masks: exit %d, stdout %q", code, out)
	}
}

// TestRunSteps: --steps N --swap T=oT gives bit for bit what N separate
// runs give when each feeds its output back as the next input (and as the
// output's starting content, so the halo keeps its values), and --every
// writes the intermediate states beside the output.
func TestRunSteps(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	src := "../../examples/heat/fortran/heat.f90" // the README's heat kernel
	t0 := filepath.Join(dir, "T0.npy")
	writeNpy(t, t0, runner.Random(npy.Float32, []int{37, 23}, 3), false)
	base := []string{"run", "-I", regionsDir, src, "--kernel", "step", "--set", "c=0.1", "--device", testDevice()}
	code, out, errOut := cli(t, append(base, "--in", "T="+t0, "--steps", "5", "--swap", "T=oT", "--every", "2", "--out", "oT="+filepath.Join(dir, "A.npy"))...)
	if code != 0 {
		t.Fatalf("stepped run: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "5 steps in") || !strings.Contains(out, "ms per step") {
		t.Errorf("stepped run printed %q", out)
	}
	prev := t0
	for i := 1; i <= 5; i++ {
		next := filepath.Join(dir, fmt.Sprintf("B%d.npy", i))
		if code, _, errOut := cli(t, append(base, "--in", "T="+prev, "--in", "oT="+prev, "--out", "oT="+next)...); code != 0 {
			t.Fatalf("single run %d: exit %d: %s", i, code, errOut)
		}
		prev = next
	}
	for stepped, single := range map[string]string{"A.npy": "B5.npy", "A_2.npy": "B2.npy", "A_4.npy": "B4.npy"} {
		a, err := npy.Read(filepath.Join(dir, stepped))
		if err != nil {
			t.Fatal(err)
		}
		b, err := npy.Read(filepath.Join(dir, single))
		if err != nil {
			t.Fatal(err)
		}
		for i := range b.F32 {
			if math.Float32bits(a.F32[i]) != math.Float32bits(b.F32[i]) {
				t.Fatalf("%s differs from %s at %d: %v vs %v", stepped, single, i, a.F32[i], b.F32[i])
			}
		}
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--grid", "9x9", "--swap", "T=oT"}, 2, "give --steps N"},
		{[]string{"--grid", "9x9", "--steps", "3", "--repeat", "2"}, 2, "--steps and --repeat"},
		{[]string{"--grid", "9x9", "--steps", "3", "--swap", "oT=T"}, 1, "name the input first"},
		{[]string{"--grid", "9x9", "--steps", "3", "--swap", "T"}, 2, "want IN=OUT"},
		{[]string{"--grid", "9x9", "--steps", "3", "--every", "1"}, 2, "give --out"},
	} {
		code, _, errOut := cli(t, append(base, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

// TestProgressBar pins the bar a long stepped run draws on a terminal.
func TestProgressBar(t *testing.T) {
	got := bar(500, 1000, 1200*time.Millisecond)
	want := "[" + strings.Repeat("=", 20) + strings.Repeat(" ", 20) + "]  50% 500/1000 steps, 1.2 s"
	if got != want {
		t.Errorf("bar:\n got %q\nwant %q", got, want)
	}
	var b strings.Builder
	p := &progress{w: &b, total: 10, now: time.Now, start: time.Now().Add(-2 * time.Second), started: true, tty: true}
	p.step(10)
	p.done()
	if !strings.HasPrefix(b.String(), "\r[") || !strings.HasSuffix(b.String(), "\n") || !strings.Contains(b.String(), "100% 10/10") {
		t.Errorf("progress after 2 s: %q", b.String())
	}
	b.Reset()
	quiet := &progress{w: &b, total: 10, now: time.Now, tty: true}
	quiet.step(1)
	quiet.done()
	if b.Len() != 0 {
		t.Errorf("progress before a second: %q", b.String())
	}
}

// TestRunPrintsPositions: maxloc's positions, a result of fixed size, are
// printed as "name = [i, j]", written by --out as a 1-d int32 .npy and
// given by --json as a list, on a grid whose extremes sit where a wrong
// frame offset, tie rule or mask would move them.
func TestRunPrintsPositions(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	h := &npy.Array{DType: npy.Float32, Shape: []int{6, 5}, F32: make([]float32, 30)}
	for i := range h.F32 {
		h.F32[i] = 1
	}
	h.F32[2+6*3] = 5   // H(3,4): the maximum, at (2,3) of the interior
	h.F32[4+6*1] = 0.5 // H(5,2): the minimum
	in := filepath.Join(dir, "h.npy")
	writeNpy(t, in, h, false)
	out := filepath.Join(dir, "hmax.npy")
	args := []string{"run", "-I", regionsDir, filepath.Join(kernelsDir, "maxloc.f90"), "--kernel", "field_peaks",
		"--set", "wet=0.1", "--in", "H=" + in, "--device", testDevice()}
	code, stdout, errOut := cli(t, append(args, "--out", "hmax="+out)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// hwet: the first 1.0 below wet+1; code: minloc of the interior above
	// 0.9 is its first cell, (1,1).
	if want := "hmax = [2, 3]\nhmin = [5, 2]\nhwet = [1, 1]\ncode = 1001\n"; stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	a := readNpy(t, out)
	if a.DType != npy.Int32 || len(a.Shape) != 1 || a.Shape[0] != 2 || a.I32[0] != 2 || a.I32[1] != 3 {
		t.Errorf("hmax.npy: dtype %v, shape %v, values %v; want int32 [2 3]", a.DType, a.Shape, a.I32)
	}
	code, stdout, errOut = cli(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Results map[string]any `json:"results"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	if got := fmt.Sprint(doc.Results["hmin"]); got != "[5 2]" {
		t.Errorf("--json hmin = %s, want [5 2]", got)
	}
}

// TestRunDeviceErrorIsReported holds that an error of the launch itself
// (a grid that leaves a region kernel no interior) is reported with exit
// status 1 and writes nothing; a shadowed error variable once turned it
// into an internal error.
func TestRunDeviceErrorIsReported(t *testing.T) {
	requireOpenCL(t)
	out := filepath.Join(t.TempDir(), "t.npy")
	code, _, stderr := cli(t, "run", "-I", regionsDir, filepath.Join(kernelsDir, "jacobi5.f90"), "--kernel", "jacobi5_step",
		"--grid", "2x2", "--device", testDevice(), "--set", "h=0.1", "--out", "oA="+out)
	if code != 1 || !strings.Contains(stderr, "leaves no interior") || strings.Contains(stderr, "internal error") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an output was written")
	}
}

// TestRunTheOneKernel holds that run needs no --kernel when the files mark
// exactly one kernel.
func TestRunTheOneKernel(t *testing.T) {
	requireOpenCL(t)
	out := filepath.Join(t.TempDir(), "b.npy")
	code, _, stderr := cli(t, "run", filepath.Join(kernelsDir, "loop_transpose.f90"), "--grid", "5x3", "--device", testDevice(), "--out", "b="+out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := npy.Decode(f, out)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Shape) != 2 || b.Shape[0] != 3 || b.Shape[1] != 5 {
		t.Errorf("b has shape %v, want [3 5] (the transpose of the 5x3 grid)", b.Shape)
	}
}

// TestRunGridStaggered holds that --grid gives a loop kernel's arrays
// their declared shapes when --set gives the sizes, so a staggered grid
// (cell-centred x_max+4 and node-centred x_max+5 columns) runs without
// input files.
func TestRunGridStaggered(t *testing.T) {
	requireOpenCL(t)
	out := filepath.Join(t.TempDir(), "e.npy")
	code, _, stderr := cli(t, "run", filepath.Join(kernelsDir, "loop_cell_update.f90"), "--kernel", "cell_update", "--grid", "64x48",
		"--set", "dt=0.01", "--set", "x_min=1", "--set", "x_max=60", "--set", "y_min=1", "--set", "y_max=44",
		"--device", testDevice(), "--out", "energy="+out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e, err := npy.Decode(f, out)
	if err != nil {
		t.Fatal(err)
	}
	if e.Len() != 64*48 {
		t.Errorf("energy has shape %v, want 64x48", e.Shape)
	}
}
