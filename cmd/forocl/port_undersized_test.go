package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/internal/oracle"
)

// TestPortUndersized is issue 23's "a call whose array is smaller than its
// declared bounds is an error naming the procedure and the array", on a
// ported procedure with explicit-shape dummies x(n) (read) and y(m)
// (written), called by port/testdata/undersized/driver.F90:
//   - arrays of the declared sizes (two halves of one array, two columns
//     by sequence association, an array ending where mapped memory ends)
//     run and print what the CPU build prints, in every mode, also with
//     FOROCL_CHECK=1;
//   - x smaller than declared, running into y of the same call, stops in
//     every mode, naming the procedure and both dummies;
//   - x running into memory that is not mapped stops with FOROCL_CHECK=1
//     (coherent and resident), naming the procedure and x;
//   - in resident mode, x running into an array the call before wrote
//     stops, and the message gives this cause too; coherent mode runs it
//     as the CPU build does (what cannot be checked).
func TestPortUndersized(t *testing.T) {
	requireGfortran(t)
	requireOpenCL(t)
	const app = "../../port/testdata/undersized"
	kernel, driverSrc := filepath.Join(app, "axpy_kernel.f90"), filepath.Join(app, "driver.F90")
	dir := t.TempDir()
	out := filepath.Join(dir, "ported")
	code, stdout, stderr := cli(t, "port", "-o", out, kernel)
	if code != 0 || stderr != "forocl: note: 1 procedures of 1 files launch their kernels; 0 stay host code\n" {
		t.Fatalf("exit %d, want 0 and no diagnostic: %s", code, stderr)
	}
	dev, cpu := filepath.Join(dir, "dev"), filepath.Join(dir, "cpu")
	if err := os.Mkdir(filepath.Join(dir, "cpumods"), 0o755); err != nil {
		t.Fatal(err)
	}
	gfortranBuild(t, out, dev, append(append([]string{"-DFOROCL"}, strings.Fields(stdout)...), driverSrc), oracle.OpenCLLink()...)
	gfortranBuild(t, filepath.Join(dir, "cpumods"), cpu, []string{kernel, driverSrc})
	coherent, resident := []string{"FOROCL_RESIDENT="}, []string{"FOROCL_RESIDENT=1"}
	check := func(env []string) []string { return append(append([]string{}, env...), "FOROCL_CHECK=1") }
	all := [][]string{coherent, resident, check(coherent), check(resident)}

	for _, scenario := range []string{"good", "resident-into"} {
		want := runExe(t, cpu, "", []string{scenario})
		envs := all
		if scenario == "resident-into" {
			envs = [][]string{coherent, check(coherent)}
		}
		for _, env := range envs {
			t.Run(scenario+" "+strings.Join(env, " "), func(t *testing.T) {
				sameOutput(t, runExe(t, dev, testDevice(), []string{scenario}, append([]string{"FOROCL_CHECK="}, env...)...), want)
			})
		}
	}
	stops := []struct {
		scenario string
		envs     [][]string
		msg      string
	}{
		{"into", all, "forocl: axpy_kernel: array y: its declared range, shape (1000) of real(8), 8000 bytes, overlaps " +
			"that of array x, shape (1500) of real(8), 12000 bytes, and axpy_kernel writes y: an actual argument " +
			"smaller than its declared bounds, or two arguments that alias while one is written"},
		{"unmapped", [][]string{check(coherent), check(resident)}, "forocl: axpy_kernel: array x: FOROCL_CHECK: the " +
			"actual argument is smaller than its declared bounds: its declared range, shape (1500) of real(8), " +
			"12000 bytes, runs into memory that is not mapped, 8000 bytes after its first element"},
		{"resident-into", [][]string{resident, check(resident)}, "forocl: axpy_kernel: array x: it overlaps the " +
			"device copy of array y of axpy_kernel, which the device wrote since the host last had it: call " +
			"forocl_update_host or forocl_release on that array first (or, when this actual argument is smaller " +
			"than its declared bounds, so that they run into that array, pass one of at least the declared size)"},
	}
	for _, c := range stops {
		for _, env := range c.envs {
			cmd := exec.Command(dev, c.scenario)
			cmd.Env = append(append(os.Environ(), "FOROCL_DEVICE="+testDevice(), "FOROCL_CHECK="), env...)
			got, err := cmd.CombinedOutput()
			if err == nil || !strings.Contains(string(got), c.msg) || strings.Contains(string(got), "buf ") {
				t.Errorf("%s %v: err %v, want an error before any output, saying\n%s\ngot:\n%s", c.scenario, env, err, c.msg, got)
			}
		}
	}
}
