package porting

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/cltest"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/regions"
)

// appKernels are the mini-application's kernel files and their
// subroutines, in the order its build compiles them.
var appKernels = []struct {
	file  string
	procs []string
}{
	{"eos_kernel.f90", []string{"eos_kernel"}},
	{"viscosity_kernel.f90", []string{"viscosity_kernel"}},
	{"accelerate_kernel.f90", []string{"accelerate_kernel"}},
	{"flux_kernel.f90", []string{"flux_kernel"}},
	{"advect_kernel.f90", []string{"advect_x_kernel", "advect_y_kernel"}},
	{"halo_kernel.f90", []string{"halo_cell_kernel", "halo_node_kernel"}},
	{"summary_kernel.f90", []string{"summary_kernel"}},
}

// TestAppKernelsCompile: forocl compiles every subroutine of the
// mini-application's kernel files, each nest in parallel: no diagnostic at
// all (a loop-serial warning would make a kernel run on one work-item).
func TestAppKernelsCompile(t *testing.T) {
	for _, k := range appKernels {
		res := driver.Compile([]string{filepath.Join("app", k.file)}, driver.Options{
			Kernels:  k.procs,
			Schedule: regions.Options{Strategy: regions.Direct},
		})
		if len(res.Diags.Items) > 0 {
			t.Errorf("%s:\n%s", k.file, res.Diags.String(res.Sources))
			continue
		}
		if got := len(res.Program.Kernels); got != len(k.procs) {
			t.Errorf("%s: %d kernels, want %d", k.file, got, len(k.procs))
		}
	}
}

// buildApp builds the mini-application with gfortran in a temporary
// folder: the CPU build, or with -DFOROCL against the runtime (whose
// updates do nothing while nothing is resident).
func buildApp(t *testing.T, forocl bool) string {
	t.Helper()
	cltest.Gfortran(t)
	dir := t.TempDir()
	exe := filepath.Join(dir, "blast")
	args := []string{"-O2", "-std=f2008", "-Wall", "-Werror", "-J", dir, "-o", exe}
	if forocl {
		args = append(args, "-DFOROCL", abs("../../fortran/forocl_cl.f90"))
	}
	for _, k := range appKernels {
		args = append(args, abs(filepath.Join("app", k.file)))
	}
	args = append(args, abs("app/blast.F90"))
	if forocl {
		args = append(args, oracle.OpenCLLink()...)
	}
	if out, err := exec.Command("gfortran", args...).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	return exe
}

var stepLine = regexp.MustCompile(`(?m)^step +(\d+)((?: +\S+){5})$`)

// TestAppCPU: the CPU build of the mini-application conserves mass (the
// walls let nothing out) to rounding, keeps the box's volume, sets the gas
// moving, and prints the same with -DFOROCL.
func TestAppCPU(t *testing.T) {
	out, err := exec.Command(buildApp(t, false), "40", "30", "50").Output()
	if err != nil {
		t.Fatalf("blast: %v\n%s", err, out)
	}
	steps := stepLine.FindAllStringSubmatch(string(out), -1)
	if len(steps) != 5 {
		t.Fatalf("want 5 summaries (steps 10..50):\n%s", out)
	}
	var mass0 float64
	for i, m := range steps {
		v := make([]float64, 5)
		for j, f := range strings.Fields(m[2]) {
			if v[j], err = strconv.ParseFloat(f, 64); err != nil {
				t.Fatal(err)
			}
		}
		if i == 0 {
			mass0 = v[1]
		}
		if rel := (v[1] - mass0) / mass0; rel > 1e-13 || rel < -1e-13 {
			t.Errorf("step %s: mass %g, at step 10 %g", m[1], v[1], mass0)
		}
		if v[0] != 10*7.5 || v[3] <= 0 {
			t.Errorf("step %s: volume %g (want 75), kinetic energy %g", m[1], v[0], v[3])
		}
	}
	if os.Getenv("FOROCL_DEVICE") == "host" {
		return
	}
	cltest.Context(t) // the FOROCL build links OpenCL
	fout, err := exec.Command(buildApp(t, true), "40", "30", "50").Output()
	if err != nil || string(fout) != string(out) {
		t.Errorf("the -DFOROCL build printed (%v):\n%s\nthe CPU build:\n%s", err, fout, out)
	}
}
