package golden

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/regions"
)

// fencedFortran returns README.md's ```fortran blocks, in order.
func fencedFortran(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range regexp.MustCompile("(?s)```fortran\n(.*?)```").FindAllStringSubmatch(string(b), -1) {
		out = append(out, m[1])
	}
	return out
}

// TestReadmeFortranProgram builds README.md's heat kernel with the
// defaults of forocl build --fortran and the section "Calling kernels from
// Fortran"'s program with the build command it gives, runs it on the test
// device, and checks that it prints what the same program prints when it
// calls the kernel serially (the README's program with the device calls
// replaced by host arrays). The program swaps its device arrays, waits
// with forocl_finish, times with system_clock and frees them, as the
// section says (issue 26).
func TestReadmeFortranProgram(t *testing.T) {
	device(t)
	robj, rdir := runtimeObject(t)
	blocks := fencedFortran(t)
	var kernel, prog string
	for _, b := range blocks {
		switch {
		case strings.HasPrefix(b, "module heat"):
			kernel = b
		case strings.HasPrefix(b, "program heat_main"):
			prog = b
		}
	}
	if kernel == "" || prog == "" {
		t.Fatalf("README.md lacks the heat kernel or the heat_main program (%d fortran blocks)", len(blocks))
	}
	if n := strings.Count(prog, "\n"); n > 30 {
		t.Errorf("the README's Fortran program has %d lines; keep it to about 25", n)
	}
	dir := t.TempDir()
	heat := filepath.Join(dir, "heat.f90")
	if err := os.WriteFile(heat, []byte(kernel), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Front([]string{heat}, driver.Options{IncludeDirs: []string{"../fortran"}})
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags.String(res.Sources))
	}
	plan, diags := regions.Schedule(res.Program, regions.Target{}, regions.Tuned())
	if diags.HasErrors() {
		t.Fatal(diags.String(res.Sources))
	}
	u := codegen.OpenCL(res.Program, plan, res.Program.Kernels, "heat.f90", codegen.Options{Version: driver.Version})
	u.OpenCL = "heat.cl"
	mobj := hostModule(t, u, "heat", dir)
	app := filepath.Join(dir, "heat_main.f90")
	if err := os.WriteFile(app, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "heat_main")
	args := append([]string{"-O2", "-I", rdir, "-I", dir, "-J", dir, "-o", exe, robj, mobj, app}, oracle.OpenCLLink()...)
	if out, err := exec.Command("gfortran", args...).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice())
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("heat_main: %v\n%s", err, got)
	}

	// The serial twin: host arrays instead of device arrays.
	serial := prog
	for _, r := range [][2]string{
		{"use forocl_cl\n", ""},
		{"use heat_cl, only: step_cl", "use heat, only: step"},
		{"type(forocl_array) :: dT, dN, tmp", "real :: dT(n, n), dN(n, n), tmp(n, n)"},
		{"call forocl_init()", "continue"},
		{"forocl_device_name()", "'serial'"},
		{"call forocl_create(dT, T)", "dT = T"},
		{"call forocl_create(dN, T)", "dN = T"},
		{"call step_cl(", "call step("},
		{"call forocl_read(dT, T)", "T = dT"},
		{"call forocl_finish()", "continue"},
		{"call forocl_free(dT)", "continue"},
		{"call forocl_free(dN)", "continue"},
	} {
		if !strings.Contains(serial, r[0]) {
			t.Fatalf("the README program no longer contains %q; update this test", r[0])
		}
		serial = strings.ReplaceAll(serial, r[0], r[1])
	}
	sapp := filepath.Join(dir, "heat_serial.f90")
	if err := os.WriteFile(sapp, []byte(serial), 0o644); err != nil {
		t.Fatal(err)
	}
	sexe := filepath.Join(dir, "heat_serial")
	sdir := t.TempDir()
	if out, err := exec.Command("gfortran", "-O2", "-ffp-contract=off", "-J", sdir, "-o", sexe, regionsModule, heat, sapp).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	want, err := exec.Command(sexe).CombinedOutput()
	if err != nil {
		t.Fatalf("heat_serial: %v\n%s", err, want)
	}
	line := regexp.MustCompile(`(?m)^heat, peak: .*$`)
	g, w := line.Find(got), line.Find(want)
	if g == nil || w == nil || string(g) != string(w) {
		t.Errorf("README program prints %q, the serial run %q\ndevice output:\n%s", g, w, got)
	}
	if !regexp.MustCompile(`(?m)^ms per step: +[0-9]+\.[0-9]{3}$`).Match(got) {
		t.Errorf("README program prints no wall-clock time per step:\n%s", got)
	}
	t.Logf("%s", g)
	if f := strings.Fields(string(w)); len(f) != 4 || f[3] == "1000.0000" || f[2] == "0.0000" {
		t.Errorf("the heat did not spread or vanished (%s): the comparison would not catch a kernel that does nothing", w)
	}
}
