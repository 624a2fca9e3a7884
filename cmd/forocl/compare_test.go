package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// TestCompareMatches: forocl compare runs a loop kernel over staggered
// explicit-shape arrays on the device and through gfortran on the same
// seeded inputs; every output is identical, each line names the output's
// declared bounds (lower bounds x_min-2, y_min-2), and the exit code is 0.
func TestCompareMatches(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := filepath.Join(kernelsDir, "loop_cell_update.f90")
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "cell_update", "--device", testDevice(),
		"--set", "x_min=1", "--set", "x_max=10", "--set", "y_min=2", "--set", "y_max=6", "--set", "dt=0.1", "--seed", "7")
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		`(?m)^energy\s+real\(8\)\s+\(-1:12,0:8\)\s+identical$`,
		`(?m)^pressure\s+real\(8\)\s+\(-1:12,0:8\)\s+identical$`,
	} {
		if !regexp.MustCompile(want).MatchString(stdout) {
			t.Errorf("no line matching %s in:\n%s", want, stdout)
		}
	}
}

// TestCompareIndexRules: the "! test input:" lines of the file (Note
// [test inputs]) fill the index arrays with valid indices: with nnode = 5
// the default integers (1..7) would read outside nodeval, and the
// comparison passes only because conn and nbr hold values in 1:nnode.
func TestCompareIndexRules(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := filepath.Join(kernelsDir, "loop_gather_conn.f90")
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "tri_average", "--device", testDevice(), "--check-bounds",
		"--set", "nnode=5", "--set", "ntri=9")
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "trival") || !strings.Contains(stdout, "nodeout") {
		t.Errorf("missing output lines:\n%s", stdout)
	}
}

// TestCompareDiffReport: two arrays that differ at a known element give
// its Fortran index from the declared lower bounds, both values, the
// counts, and a verdict by the numeric tier's tolerance.
func TestCompareDiffReport(t *testing.T) {
	k := &abi.Kernel{Name: "k", Params: []abi.Param{
		{Name: "a", Kind: abi.Real8, Array: true, Intent: abi.Out},
		{Name: "b", Kind: abi.Real4, Array: true, Intent: abi.Out},
	}}
	for i := range k.Params {
		k.Params[i].Lower = []abi.Affine{{Const: -1}, {Const: 0}}
	}
	shape := []int{4, 3}
	want := map[string]*npy.Array{
		"a": {DType: npy.Float64, Shape: shape, F64: make([]float64, 12)},
		"b": {DType: npy.Float32, Shape: shape, F32: make([]float32, 12)},
	}
	got := map[string]*npy.Array{
		"a": {DType: npy.Float64, Shape: shape, F64: make([]float64, 12)},
		"b": {DType: npy.Float32, Shape: shape, F32: make([]float32, 12)},
	}
	got["a"].F64[6] = 0.5   // a(1,1): flat 6 = 2 + 4*1 from (-1,0)
	got["a"].F64[11] = 0.25 // a(2,2)
	got["b"].F32[5] = 1e-6  // within real(4)'s 2e-5
	var out strings.Builder
	bad, err := printComparison(&out, k, nil, want, got)
	if err != nil {
		t.Fatal(err)
	}
	if bad != 1 {
		t.Errorf("%d outputs reported beyond tolerance, want 1 (a)", bad)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 lines, got:\n%s", out.String())
	}
	for _, w := range []string{"a ", "(-1:2,0:2)", "DIFFERS: 2 of 12 elements differ, 2 beyond tolerance 1e-12", "max abs 0.5", "first beyond at (1,1): opencl 0.5, gfortran 0"} {
		if !strings.Contains(lines[0], w) {
			t.Errorf("line for a lacks %q:\n%s", w, lines[0])
		}
	}
	for _, w := range []string{"matches: 1 of 12 elements differ, 0 beyond tolerance 2e-05", "first difference at (0,1)"} {
		if !strings.Contains(lines[1], w) {
			t.Errorf("line for b lacks %q:\n%s", w, lines[1])
		}
	}
}

// TestCompareUsageErrors: malformed command lines exit 2 before anything
// runs; without gfortran, compare refuses with its code (exit 1).
func TestCompareUsageErrors(t *testing.T) {
	file := filepath.Join(kernelsDir, "loop_cell_update.f90")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"compare"}, "requires at least 1 arg"},
		{[]string{"compare", file, "--set", "dt"}, "want NAME=VALUE"},
		{[]string{"compare", file, "--set", "dt=x"}, "not a number"},
		{[]string{"compare", file, "--grid", "3,4"}, "separate the extents"},
		{[]string{"compare", file, "--seed", "many"}, "invalid argument"},
		{[]string{"compare", file, "--in", "a=x.npy", "--in", "A=y.npy"}, "given twice"},
		{[]string{"compare", file, "--shape", "a=3,4"}, "separated by \"x\""},
		{[]string{"compare", file, "--shape", "a=3", "--shape", "A=4"}, "given twice"},
		{[]string{"compare", file, "--shape", "a=3", "--in", "a=x.npy"}, "given with --in"},
	} {
		code, _, stderr := cli(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, want 2 with %q:\n%s", tc.args, code, tc.want, stderr)
		}
	}
	t.Setenv("PATH", t.TempDir())
	code, _, stderr := cli(t, "compare", file, "--kernel", "cell_update")
	if code != 1 || !strings.Contains(stderr, "gfortran is not on PATH") || !strings.Contains(stderr, "[gfortran-missing]") {
		t.Errorf("without gfortran: exit %d, want 1 with [gfortran-missing]:\n%s", code, stderr)
	}
}

// TestCompareNeedsModuleSource: a kernel that uses forocl_regions, given
// without the folder of its source, is refused with module-source-missing
// (gfortran could not compile it), and runs with -I; --shape gives X's
// shape, and oX takes it.
func TestCompareNeedsModuleSource(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := filepath.Join(kernelsDir, "avg3_1d.f90")
	code, _, stderr := cli(t, "compare", file, "--kernel", "avg3", "--grid", "17", "--device", testDevice())
	if code != 1 || !strings.Contains(stderr, "module forocl_regions") || !strings.Contains(stderr, "[module-source-missing]") {
		t.Errorf("without -I: exit %d, want 1 with [module-source-missing]:\n%s", code, stderr)
	}
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "avg3", "--shape", "X=17", "--device", testDevice(), "-I", "../../fortran")
	if code != 0 || !regexp.MustCompile(`(?m)^oX\s+real\(4\)\s+\(1:17\)\s+identical$`).MatchString(stdout) {
		t.Errorf("with -I: exit %d:\n%s%s", code, stdout, stderr)
	}
}
