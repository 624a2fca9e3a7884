package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/cltest"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/regions"
)

// buildFortranMain generates wave.f90's Fortran host module (direct
// strategy, as forocl build --fortran --strategy direct writes it) and
// builds fortranmain/shallow_cl.f90 with it and the runtime module.
// It builds once per test binary: every caller gets the same program.
func buildFortranMain(t *testing.T) string {
	t.Helper()
	cltest.Gfortran(t)
	fortranMain.once.Do(func() {
		dir, err := os.MkdirTemp("", "shallow-fortran-main")
		if err != nil {
			t.Fatal(err)
		}
		removeAtExit(dir)
		fortranMain.exe = buildFortranMainIn(t, dir)
	})
	if fortranMain.exe == "" {
		t.Fatal("the Fortran main program did not build (see the first test that built it)")
	}
	return fortranMain.exe
}

var fortranMain struct {
	once sync.Once
	exe  string
}

// buildFortranMainIn is buildFortranMain in folder dir.
func buildFortranMainIn(t *testing.T, dir string) string {
	t.Helper()
	res := driver.Front([]string{"fortran/wave.f90"}, driver.Options{IncludeDirs: []string{"../../fortran"}})
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags.String(res.Sources))
	}
	plan, diags := regions.Schedule(res.Program, regions.Target{}, regions.Options{Strategy: regions.Direct})
	if diags.HasErrors() {
		t.Fatal(diags.String(res.Sources))
	}
	u := codegen.OpenCL(res.Program, plan, res.Program.Kernels, "wave.f90", codegen.Options{Version: driver.Version})
	mod := writeFortranModule(t, dir, u, "wave")
	// The walls: boundary.f90's loop kernel, also through the Fortran host.
	bres := driver.Compile([]string{"fortran/boundary.f90"}, driver.Options{Schedule: regions.Options{Strategy: regions.Direct}})
	if bres.Diags.HasErrors() {
		t.Fatal(bres.Diags.String(bres.Sources))
	}
	bmod := writeFortranModule(t, dir, bres.Generate(bres.Program.Kernels, "boundary.f90", codegen.Options{Version: driver.Version}), "boundary")
	exe := filepath.Join(dir, "shallow_cl")
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	args := []string{"-O2", "-std=f2008", "-J", dir, "-o", exe, abs("../../fortran/forocl_cl.f90"), mod, bmod, abs("fortranmain/shallow_cl.f90")}
	out, err := exec.Command("gfortran", append(args, oracle.OpenCLLink()...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	return exe
}

func fortranDevice() string {
	if d := os.Getenv("FOROCL_DEVICE"); d != "" {
		return d
	}
	return "pocl"
}

// TestFortranMain: the Fortran main program (data on the device, the
// generated wave_advance and the boundary kernel in the time loop) is
// bit-identical to the serial Fortran after 200 steps in real(4), prints
// its time per step, and conserves mass.
func TestFortranMain(t *testing.T) {
	device(t) // skips without OpenCL
	exe := buildFortranMain(t)
	for _, c := range []struct {
		nx, ny int
		init   string
	}{{64, 48, "column"}, {50, 37, "dambreak"}} {
		t.Run(fmt.Sprintf("%dx%d_%s", c.nx, c.ny, c.init), func(t *testing.T) {
			cfg := Config{NX: c.nx, NY: c.ny, DT: 0.05, Init: c.init}
			want := runSerial(t, cfg, 200)
			out := t.TempDir() + "/"
			cmd := exec.Command(exe, strconv.Itoa(c.nx), strconv.Itoa(c.ny), "200", "0.05", out, c.init)
			cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+fortranDevice())
			stdout, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("shallow_cl: %v\n%s", err, stdout)
			}
			if !regexp.MustCompile(`(?m)^fortran-opencl: nx=\d+ ny=\d+ steps=200 ms_per_step=\d+\.\d{6}$`).Match(stdout) {
				t.Errorf("no timing line in the output:\n%s", stdout)
			}
			if !regexp.MustCompile(`(?m)^mass: end=\S+ rel_drift=-?\d\.\d{3}E[-+]\d\d$`).Match(stdout) {
				t.Errorf("no mass line in the output:\n%s", stdout)
			}
			for i, name := range []string{"H", "U", "V"} {
				got := readRaw32(t, out+name+".bin", (c.nx+2)*(c.ny+2))
				for j := range got {
					if float64(got[j]) != want[i][j] {
						t.Fatalf("%s differs from the serial Fortran at flat index %d: %g, serial %g", name, j, got[j], want[i][j])
					}
				}
			}
			h := readRaw32(t, out+"H.bin", (c.nx+2)*(c.ny+2))
			h0 := InitialHeight(cfg.Init, cfg.NX, cfg.NY)
			moved := 0.0
			for j := range h {
				moved = math.Max(moved, math.Abs(float64(h[j])-h0[j]))
			}
			if moved < 1e-3 {
				t.Errorf("H barely changed in 200 steps (%.3g)", moved)
			}
		})
	}
}

// TestFortranMainBadArgs: a missing argument stops the program with its
// usage line.
func TestFortranMainBadArgs(t *testing.T) {
	device(t)
	exe := buildFortranMain(t)
	out, err := exec.Command(exe, "16", "16", "2").CombinedOutput()
	if err == nil {
		t.Fatalf("shallow_cl with 3 arguments succeeded:\n%s", out)
	}
	if want := "usage: shallow_cl nx ny steps dt out_prefix [column|dambreak]"; !strings.Contains(string(out), want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
}

// writeFortranModule writes the Fortran host module of u (from base.f90)
// into dir and returns its path.
func writeFortranModule(t *testing.T, dir string, u *abi.Unit, base string) string {
	t.Helper()
	src, err := hostgen.FortranHost(u, base)
	if err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(dir, hostgen.FortranModuleName(base)+".f90")
	if err := os.WriteFile(mod, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return mod
}

func readRaw32(t *testing.T, path string, n int) []float32 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) != 4*n {
		t.Fatalf("%s: %d bytes, want %d", path, len(data), 4*n)
	}
	out := make([]float32, n)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
	}
	return out
}
