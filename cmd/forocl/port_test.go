package main

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/forocl/forocl/internal/oracle"
)

// portApp is the test application of package port: kernel files in
// CloverLeaf's idioms (one fixed form) and a driver program.
const portApp = "../../port/testdata/app"

// gfortranBuild links files in order into exe, its modules in dir.
func gfortranBuild(t *testing.T, dir, exe string, files []string, link ...string) {
	t.Helper()
	args := append([]string{"-O2", "-J", dir, "-o", exe}, files...)
	if out, err := exec.Command("gfortran", append(args, link...)...).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
}

// runExe runs exe with args on device, with more environment settings.
func runExe(t *testing.T, exe, device string, args []string, env ...string) string {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = append(append(os.Environ(), "FOROCL_DEVICE="+device), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s (FOROCL_DEVICE=%s): %v\n%s", filepath.Base(exe), device, err, out)
	}
	return string(out)
}

// sameOutput compares two printed outputs word by word, numbers within
// a relative error of 1e-12.
func sameOutput(t *testing.T, got, want string) {
	t.Helper()
	g, w := strings.Fields(got), strings.Fields(want)
	if len(g) != len(w) {
		t.Fatalf("%d words, want %d:\n%s\nwant:\n%s", len(g), len(w), got, want)
	}
	for i := range w {
		x, errx := strconv.ParseFloat(g[i], 64)
		y, erry := strconv.ParseFloat(w[i], 64)
		if errx != nil || erry != nil {
			if g[i] != w[i] {
				t.Errorf("word %d: %q, want %q", i, g[i], w[i])
			}
			continue
		}
		if math.Abs(x-y) > 1e-12*math.Max(math.Abs(y), 1e-300) || math.IsNaN(x) != math.IsNaN(y) {
			t.Errorf("word %d: %s, want %s", i, g[i], w[i])
		}
	}
}

// TestPortCLI: forocl port writes the ported kernel files and the runtime
// and prints them in compile order; the driver program built with them
// runs on the device and prints what the CPU build of the same driver
// prints (real(8): relative error at most 1e-12), and with
// FOROCL_DEVICE=host exactly that.
func TestPortCLI(t *testing.T) {
	requireGfortran(t)
	requireOpenCL(t)
	kernels, _ := filepath.Glob(filepath.Join(portApp, "*_kernel.f*"))
	dir := t.TempDir()
	out := filepath.Join(dir, "ported")
	code, stdout, stderr := cli(t, append([]string{"port", "-o", out}, kernels...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, `procedure "flux_report" stays host code`) {
		t.Errorf("no warning for flux_report:\n%s", stderr)
	}
	if !strings.Contains(stderr, "forocl: note: 6 procedures of 6 files launch their kernels; 1 stay host code\n") {
		t.Errorf("no summary note:\n%s", stderr)
	}
	order := strings.Fields(stdout)
	if len(order) != len(kernels)+2 || filepath.Base(order[0]) != "forocl_cl.f90" { // and damp_kernel_cl.f90
		t.Fatalf("compile order:\n%s", stdout)
	}
	driverSrc := filepath.Join(portApp, "driver.f90")
	dev, cpu := filepath.Join(dir, "dev"), filepath.Join(dir, "cpu")
	if err := os.Mkdir(filepath.Join(dir, "cpumods"), 0o755); err != nil {
		t.Fatal(err)
	}
	gfortranBuild(t, out, dev, append(order, driverSrc), oracle.OpenCLLink()...)
	gfortranBuild(t, filepath.Join(dir, "cpumods"), cpu, append(kernels, driverSrc))
	want := runExe(t, cpu, "", nil)
	if !strings.Contains(want, "scaled ") || strings.Count(want, "step ") != 3 {
		t.Fatalf("the CPU build printed:\n%s", want)
	}
	sameOutput(t, runExe(t, dev, testDevice(), nil), want)
	if got := runExe(t, dev, "host", nil); got != want {
		t.Errorf("FOROCL_DEVICE=host printed\n%s\nwant the CPU build's\n%s", got, want)
	}
	// The driver never calls forocl_finish: FOROCL_PROFILE=1 still prints
	// the table when the program ends, with a row per ported kernel.
	prof := runExe(t, dev, testDevice(), nil, "FOROCL_PROFILE=1")
	if !strings.Contains(prof, "forocl profile (FOROCL_PROFILE=1)") || !strings.Contains(prof, "[upload]") {
		t.Errorf("FOROCL_PROFILE=1 printed no profile at exit:\n%s", prof)
	}
}

// TestPortRefusesOverwrite: ported files never replace the inputs.
func TestPortRefusesOverwrite(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(portApp, "eos_kernel.f90"))
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "eos_kernel.f90")
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cli(t, "port", "-o", dir, in)
	if code != 2 || !strings.Contains(stderr, "port would overwrite its input") {
		t.Errorf("exit %d, stderr %s; want a usage error", code, stderr)
	}
	if got, _ := os.ReadFile(in); string(got) != string(src) {
		t.Error("the input was changed")
	}
}

// TestPortBlast is issue 23's acceptance on the blast mini-application
// (examples/porting): its kernel files ported by forocl port, the driver
// built against them with -DFOROCL (its forocl_update_host calls), and
// every printed value equal to the CPU build's (relative error at most
// 1e-12) in coherent mode, in resident mode and in resident mode with
// FOROCL_CHECK=1.
func TestPortBlast(t *testing.T) {
	requireGfortran(t)
	requireOpenCL(t)
	const app = "../../examples/porting/app"
	kernels, _ := filepath.Glob(filepath.Join(app, "*_kernel.f90"))
	if len(kernels) != 7 {
		t.Fatalf("%d kernel files in %s, want 7", len(kernels), app)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "ported")
	code, stdout, stderr := cli(t, append([]string{"port", "-o", out}, kernels...)...)
	if code != 0 || stderr != "forocl: note: 9 procedures of 7 files launch their kernels; 0 stay host code\n" {
		t.Fatalf("exit %d, want 0 and no diagnostic: %s", code, stderr)
	}
	dev, cpu := filepath.Join(dir, "blast_cl"), filepath.Join(dir, "blast")
	if err := os.Mkdir(filepath.Join(dir, "cpumods"), 0o755); err != nil {
		t.Fatal(err)
	}
	driverSrc := filepath.Join(app, "blast.F90")
	gfortranBuild(t, out, dev, append(append([]string{"-DFOROCL"}, strings.Fields(stdout)...), driverSrc), oracle.OpenCLLink()...)
	gfortranBuild(t, filepath.Join(dir, "cpumods"), cpu, append(kernels, driverSrc))
	args := []string{"40", "30", "50"}
	want := runExe(t, cpu, "", args)
	if strings.Count(want, "step ") != 5 {
		t.Fatalf("the CPU build printed:\n%s", want)
	}
	for _, c := range []struct {
		mode string
		env  []string
	}{{"coherent", nil}, {"resident", []string{"FOROCL_RESIDENT=1"}}, {"resident_check", []string{"FOROCL_RESIDENT=1", "FOROCL_CHECK=1"}}} {
		t.Run(c.mode, func(t *testing.T) {
			sameOutput(t, runExe(t, dev, testDevice(), args, c.env...), want)
		})
	}
	t.Run("resident_steps", func(t *testing.T) { residentSteps(t, dev) })
}

// residentSteps is issue 23's "Speed" on the blast mini-application in
// resident mode, from the runtime's counts (FOROCL_TRACE=1) of a run of
// 20 steps and one of 40: the extra steps wait for the device only where
// a result is read (the field summary's reduction, forocl_update_host),
// and its scalar results with one wait, create and release no buffer,
// and set again only the kernel arguments that changed.
func residentSteps(t *testing.T, exe string) {
	short := blastTrace(t, exe, "20")
	long := blastTrace(t, exe, "40")
	for _, name := range []string{"unasked waits", "clCreateBuffer", "clReleaseMemObject", "clFinish"} {
		if long[name] != short[name] {
			t.Errorf("%s: %d in 20 steps, %d in 40: the steps between do it", name, short[name], long[name])
		}
	}
	if long["clEnqueueWriteBuffer waits"] != short["clEnqueueWriteBuffer waits"] {
		t.Errorf("blocking uploads: %d in 20 steps, %d in 40", short["clEnqueueWriteBuffer waits"], long["clEnqueueWriteBuffer waits"])
	}
	// The field summaries of the extra steps read their results with one
	// wait: forocl_read_start for all but the last.
	if reads, waits := long["clEnqueueReadBuffer"]-short["clEnqueueReadBuffer"], long["clEnqueueReadBuffer waits"]-short["clEnqueueReadBuffer waits"]; reads == 0 || waits >= reads {
		t.Errorf("20 more steps: %d reads, %d of them waited; want some that did not", reads, waits)
	}
	set, kept := long["clSetKernelArg"]-short["clSetKernelArg"], long["arguments kept"]-short["arguments kept"]
	if launches := long["clEnqueueNDRangeKernel"] - short["clEnqueueNDRangeKernel"]; launches <= 0 || set >= kept {
		t.Errorf("20 more steps: %d launches, %d arguments set, %d kept; want most arguments kept", launches, set, kept)
	}
}

// blastTrace runs blast (40 x 30 cells, steps) in resident mode with
// FOROCL_TRACE=1 and returns the trace's counts by name ("NAME" for
// calls, "NAME waits" for those that waited, the first words of the
// summary lines).
func blastTrace(t *testing.T, exe, steps string) map[string]int {
	t.Helper()
	cmd := exec.Command(exe, "40", "30", steps)
	cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice(), "FOROCL_RESIDENT=1", "FOROCL_TRACE=1", "FOROCL_PROFILE=")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("blast %s steps: %v\n%s", steps, err, stderr.String())
	}
	counts := map[string]int{}
	table := strings.SplitAfter(stderr.String(), "forocl trace (FOROCL_TRACE=1)")
	if len(table) != 2 {
		t.Fatalf("want one trace table at forocl_finish:\n%s", stderr.String())
	}
	for _, line := range strings.Split(table[1], "\n")[2:] {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		n, err := strconv.Atoi(f[0])
		if err != nil {
			t.Fatalf("trace line %q", line)
		}
		if m, err := strconv.Atoi(f[1]); err == nil && len(f) == 3 {
			counts[f[2]], counts[f[2]+" waits"] = n, m
			continue
		}
		counts[strings.Join(f[1:3], " ")] = n
	}
	return counts
}

// TestPortBadFileWritesNothing: a file forocl cannot parse is an error
// naming its line, and no file is written.
func TestPortBadFileWritesNothing(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "bad.f90")
	if err := os.WriteFile(in, []byte("module m\ncontains\n  subroutine k(n, a\n  end subroutine\nend module\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, _, stderr := cli(t, "port", "-o", out, in)
	if code != 1 || !strings.Contains(stderr, "bad.f90:3:20: error: unexpected end of statement") {
		t.Errorf("exit %d, stderr %s; want exit 1 and the syntax error", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the output folder was created (%v)", err)
	}
}
