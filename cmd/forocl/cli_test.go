package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/runner"
)

// Paths of the repository's inputs, relative to this package.
const (
	kernelsDir = "../../testdata/kernels"
	badDir     = "../../testdata/bad"
	regionsDir = "../../fortran"
)

func TestMain(m *testing.M) {
	// Re-executed as the forocl binary by the tests that send signals.
	if os.Getenv("FOROCL_TEST_MAIN") == "1" {
		if os.Getenv("FOROCL_TEST_HANG") == "1" {
			// Stands for a driver call that ignores cancellation, such as
			// a long OpenCL build.
			runJob = func(*clhost.Context, runner.Job) (*runner.Result, error) { select {} }
		}
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	// Programs built by these tests (and by the forocl processes they
	// start, which inherit the variable) go to a private cache.
	dir, err := os.MkdirTemp("", "forocl-cli-cache")
	if err == nil {
		os.Setenv("FOROCL_CACHE", dir)
	}
	// Runs do not tune (Note [tuning cache]) unless a test asks: tuning
	// would time every run's candidates, slowing the tests, and launch
	// kernels that the hooks on runJob do not see.
	os.Setenv("FOROCL_TUNE", "0")
	code := m.Run()
	if dir != "" {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// cli runs forocl in this process and returns its exit code and output.
// Each run builds fresh commands, so runs are independent.
func cli(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestCheckGoodFile(t *testing.T) {
	for _, f := range []string{"saxpy_elemental.f90", "jacobi5.f90", "wave_advance.f90", "cpp_smooth.F90", "fixed_axpy.f"} {
		code, out, errOut := cli(t, "check", "-I", regionsDir, filepath.Join(kernelsDir, f))
		if code != 0 || out != "" || errOut != "" {
			t.Errorf("check %s: exit %d, stdout %q, stderr %q; want 0 and no output", f, code, out, errOut)
		}
	}
}

func TestCheckBadFile(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(badDir, "*.f90"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no bad inputs in %s: %v", badDir, err)
	}
	for _, p := range paths {
		code, out, errOut := cli(t, "check", "-I", regionsDir, p)
		if code != 1 {
			t.Errorf("check %s: exit %d, want 1; stderr:\n%s", p, code, errOut)
			continue
		}
		if out != "" {
			t.Errorf("check %s wrote to stdout: %q", p, out)
		}
		re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(p) + `:\d+:\d+: error: \S`)
		if !re.MatchString(errOut) {
			t.Errorf("check %s: stderr lacks %q:\n%s", p, p+":LINE:COL: error:", errOut)
		}
	}
}

func TestCheckMissingFile(t *testing.T) {
	code, _, errOut := cli(t, "check", "no/such/file.f90")
	if code != 1 || !strings.Contains(errOut, "no/such/file.f90") || !strings.Contains(errOut, "cannot read file") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

func TestUsageErrors(t *testing.T) {
	good := filepath.Join(kernelsDir, "saxpy_elemental.f90")
	for _, args := range [][]string{
		{"check"},
		{"build", good},
		{"dump"},
		{"check", "--bogus", good},
		{"build", "-o"},
		{"frobnicate", good},
		{"dump", "--stage=bytecode", good},
		{"build", "--strategy", "sideways", "-o", t.TempDir(), good},
		{"build", "--tile", "0x4", "-o", t.TempDir(), good},
		{"devices", "extra"},
	} {
		code, out, errOut := cli(t, args...)
		if code != 2 {
			t.Errorf("forocl %s: exit %d, want 2; stderr %q", strings.Join(args, " "), code, errOut)
		}
		if !strings.HasPrefix(errOut, "forocl: ") || out != "" {
			t.Errorf("forocl %s: stdout %q, stderr %q; want one forocl: message on stderr", strings.Join(args, " "), out, errOut)
		}
	}
}

func TestBuildWritesOneFilePerSource(t *testing.T) {
	files := []string{"jacobi5.f90", "avg3_1d.f90", "saxpy_elemental.f90", "double_jacobi.f90"}
	var args []string
	for _, f := range files {
		args = append(args, filepath.Join(kernelsDir, f))
	}
	build := func(dir string) map[string][]byte {
		t.Helper()
		code, out, errOut := cli(t, append([]string{"build", "-I", regionsDir, "-o", dir}, args...)...)
		if code != 0 {
			t.Fatalf("build: exit %d, stderr:\n%s", code, errOut)
		}
		if out != "" {
			t.Errorf("build wrote to stdout: %q", out)
		}
		// The only thing on stderr is the real(8) note.
		for _, line := range strings.Split(strings.TrimSpace(errOut), "\n") {
			if line != "" && !strings.Contains(line, "note: ") {
				t.Errorf("unexpected stderr line %q", line)
			}
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][]byte{}
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			got[e.Name()] = b
		}
		return got
	}
	dir1 := t.TempDir()
	first := build(dir1)
	if len(first) != len(files) {
		t.Errorf("build wrote %d files, want %d: %v", len(first), len(files), keys(first))
	}
	for _, f := range files {
		name := strings.TrimSuffix(f, ".f90") + ".cl"
		src, ok := first[name]
		if !ok {
			t.Errorf("no %s written", name)
			continue
		}
		if !bytes.Contains(src, []byte("__kernel")) {
			t.Errorf("%s holds no __kernel", name)
		}
	}
	if !bytes.Contains(first["jacobi5.cl"], []byte("jacobi5_step")) || !bytes.Contains(first["jacobi5.cl"], []byte("residual5")) {
		t.Error("jacobi5.cl lacks one of its two kernels")
	}
	// A second build, into the same and into another folder, is byte-identical.
	for _, dir := range []string{dir1, filepath.Join(t.TempDir(), "new", "folder")} {
		second := build(dir)
		for name, b := range first {
			if !bytes.Equal(second[name], b) {
				t.Errorf("second build into %s: %s differs", dir, name)
			}
		}
		if len(second) != len(first) {
			t.Errorf("second build wrote %v, first %v", keys(second), keys(first))
		}
	}
	if bytes.Contains(first["jacobi5.cl"], []byte(dir1)) {
		t.Error("generated source contains the output folder's absolute path")
	}
}

func TestBuildBadFileWritesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	code, _, errOut := cli(t, "build", "-o", dir, filepath.Join(badDir, "inout_array.f90"))
	if code != 1 || !strings.Contains(errOut, ": error: ") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("a failed build created the output folder")
	}
}

func TestDumpRegions(t *testing.T) {
	code, out, errOut := cli(t, "dump", "--stage=regions", "-I", regionsDir, filepath.Join(kernelsDir, "jacobi5.f90"))
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{
		"kernel jacobi5_step: rank 2\n",
		"kernel residual5: rank 2\n",
		"  launch: work-item 0 owns grid position ",
		"  input A: read at ",
		"  output oA\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("plan lacks %q:\n%s", want, out)
		}
	}
	// Deterministic: a second dump prints the same plan.
	_, again, _ := cli(t, "dump", "--stage=regions", "-I", regionsDir, filepath.Join(kernelsDir, "jacobi5.f90"))
	if again != out {
		t.Errorf("second dump differs:\n%s\nvs\n%s", again, out)
	}

	// The plan printed is the one the .cl uses, coarsening included.
	code, out, _ = cli(t, "dump", "--stage=regions", "--strategy", "direct", "--coarsen", "2x4", "-I", regionsDir, filepath.Join(kernelsDir, "jacobi5.f90"))
	if code != 0 || !strings.Contains(out, "schedule: direct strategy, work-group 32x8, 2x4 grid positions per work-item") {
		t.Errorf("coarsened plan: exit %d:\n%s", code, out)
	}
	code, out, _ = cli(t, "dump", "--stage=regions", filepath.Join(kernelsDir, "saxpy_elemental.f90"))
	if code != 0 || !strings.Contains(out, "kernel axpby: loop kernel, 1 nest(s) in 1 launch(es)") || !strings.Contains(out, "nest 1 (elemental subroutine, line 13): NDRange 0:_i1 = 1..n, work-group 256") {
		t.Errorf("elemental plan: exit %d, %q", code, out)
	}
}

func TestDumpOtherStages(t *testing.T) {
	file := filepath.Join(kernelsDir, "avg3_1d.f90")
	for stage, want := range map[string]string{"ast": "avg3", "ir": "avg3", "cl": "__kernel"} {
		code, out, errOut := cli(t, "dump", "--stage="+stage, "-I", regionsDir, file)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("dump --stage=%s: exit %d, stderr %q, output lacks %q", stage, code, errOut, want)
		}
	}
}

func keys(m map[string][]byte) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// TestBuildABI: --abi writes FILE.abi.json beside each .cl; it names the
// .cl, reads back, and describes the kernels of that file with the
// schedule the flags asked for.
func TestBuildABI(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := cli(t, "build", "--abi", "--strategy", "direct", "--coarsen", "2", "-I", regionsDir, "-o", dir,
		filepath.Join(kernelsDir, "jacobi5.f90"), filepath.Join(kernelsDir, "saxpy_elemental.f90"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, c := range []struct {
		stem    string
		kernels []string
		per     int
	}{{"jacobi5", []string{"jacobi5_step", "residual5"}, 2},
		// An elemental kernel is a loop nest, coarsened as one (Note
		// [elemental kernels] in sema/elemental.go).
		{"saxpy_elemental", []string{"axpby"}, 2}} {
		b, err := os.ReadFile(filepath.Join(dir, c.stem+".abi.json"))
		if err != nil {
			t.Fatal(err)
		}
		u, err := abi.Unmarshal(b)
		if err != nil {
			t.Fatal(err)
		}
		if u.OpenCL != c.stem+".cl" {
			t.Errorf("%s: names OpenCL file %q", c.stem, u.OpenCL)
		}
		if _, err := os.Stat(filepath.Join(dir, u.OpenCL)); err != nil {
			t.Errorf("%s: %v", c.stem, err)
		}
		var names []string
		for _, k := range u.Kernels {
			names = append(names, k.Name)
			l := k.Launches[0]
			if got := l.Global[len(l.Global)-1].Per; got != c.per || l.Strategy != "direct" {
				t.Errorf("%s: last dimension %d positions per work-item, strategy %s; want %d, direct", k.Name, got, l.Strategy, c.per)
			}
		}
		if strings.Join(names, " ") != strings.Join(c.kernels, " ") {
			t.Errorf("%s: kernels %v, want %v", c.stem, names, c.kernels)
		}
	}
}

// TestBuildAllOrNothing: when one output cannot be written, build writes
// none (the first .cl was replaced before the second failed).
func TestBuildAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "jacobi5.cl")
	if err := os.WriteFile(old, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "avg3_1d_cl.go"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cli(t, "build", "-I", regionsDir, "-o", dir, "--go-package", "k", filepath.Join(kernelsDir, "jacobi5.f90"), filepath.Join(kernelsDir, "avg3_1d.f90"))
	if want := "forocl: cannot write " + filepath.Join(dir, "avg3_1d_cl.go") + ": " + filepath.Join(dir, "avg3_1d_cl.go") + " is a folder\n"; code != 1 || stderr != want {
		t.Errorf("exit %d, stderr %q, want %q", code, stderr, want)
	}
	if b, _ := os.ReadFile(old); string(b) != "old" {
		t.Errorf("jacobi5.cl = %q, want the old contents", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("build left %v", ents)
	}
	// It succeeds once the folder is gone, keeping jacobi5.cl's mode.
	os.Remove(filepath.Join(dir, "avg3_1d_cl.go"))
	if code, _, stderr := cli(t, "build", "-I", regionsDir, "-o", dir, "--go-package", "k", filepath.Join(kernelsDir, "jacobi5.f90"), filepath.Join(kernelsDir, "avg3_1d.f90")); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if st, _ := os.Stat(old); st.Mode().Perm() != 0o600 {
		t.Errorf("jacobi5.cl mode %v, want 0600 kept", st.Mode().Perm())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 5 { // two .cl, two _cl.go and doc.go
		t.Errorf("build wrote %v", ents)
	}
	// One package comment for the package, in doc.go.
	doc, _ := os.ReadFile(filepath.Join(dir, "doc.go"))
	harness, _ := os.ReadFile(filepath.Join(dir, "jacobi5_cl.go"))
	if !strings.Contains(string(doc), "// Package k launches") || !strings.Contains(string(doc), "jacobi5.f90, in jacobi5.cl") || strings.Contains(string(harness), "// Package") {
		t.Errorf("doc.go:\n%s\nand the harness's head:\n%.300s", doc, harness)
	}
}
