package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/internal/cltest"
)

// hostileCase is one elemental kernel with hostile names (Note [host
// names] in codegen/opencl.go), and the code check must refuse it with
// ("" means it must build and compile in every host).
type hostileCase struct {
	kernel, in, out string
	refuse          string
}

// hostileCases are the names of issue 20's item 21 and more of the same
// kinds: Fortran intrinsics and iso_c_binding names, Go and OpenCL words,
// names differing only by trailing underscores, the elemental wrapper's
// own names, and long names.
var hostileCases = []hostileCase{
	{"k" + strings.Repeat("x", 55), "x", "y", "kernel-name-too-long"},
	// These must build: the generated OpenCL, Go and Fortran compile.
	// Before, check refused the first ones (host-name-reserved,
	// host-name-collision) though the device could run them.
	{"k_max", "x", "max", ""},
	{"k_int", "int", "y", ""},
	{"k_product", "x", "product", ""},
	{"k_size", "size", "y", ""},
	{"k_cfloat", "c_float", "y", ""},
	{"k_cint", "x", "c_int32_t", ""},
	{"k_a", "a", "a_", ""},
	{"k_a2", "a_", "a__", ""},
	{"k_size_var", "size_x", "y", ""},
	{"k_val", "x", "x_val", ""},
	{"k_stat", "stat", "errmsg", ""},
	{"k_merge", "merge", "c_double", ""},
	{"k_loop", "loop_k", "res_y", ""},
	{"k_local", "local1", "global1", ""},
	{"k_oh", "o_h", "oH", ""},
	{"k_buf", "bufs", "buffer", ""},
	{"k_names", "names", "dtypes", ""},
	{"k_n", "x", "n", ""},
	{"k_i", "i", "n_", ""},
	{"k_ii", "x", "i", ""},
	{"step", "x", "step_", ""},
	{"float", "kernel", "global", ""},
	{"select", "fract", "half", ""},
	{"int4", "float2", "clamp", ""},
	{"func", "type", "range", ""},
	{"go", "err", "ctx", ""},
	{"len", "arrays", "k", ""},
	{"main", "sync", "clhost", ""},
	{"k_do", "do", "end", ""},
	{"k_fn", "function", "result", ""},
	{"k_under", "b_", "c__", ""},
	{"k_digits", "x_1", "x2", ""},
	{"k_long_" + strings.Repeat("y", 48), "x" + strings.Repeat("z", 62), "y", ""},
}

// hostileSource is a module holding one elemental kernel per case.
func hostileSource(cases []hostileCase) string {
	var b strings.Builder
	b.WriteString("module hostile\ncontains\n")
	for _, c := range cases {
		fmt.Fprintf(&b, "  pure elemental subroutine %s(%s, %s)\n    real, intent(in) :: %s\n    real, intent(out) :: %s\n    %s = %s + 1.0\n  end subroutine %s\n",
			c.kernel, c.in, c.out, c.in, c.out, c.out, c.in, c.kernel)
	}
	b.WriteString("end module hostile\n")
	return b.String()
}

// TestHostileNames is the property test of Note [host names], Note [Go
// names] and Note [Fortran host names]: every case is either refused by
// check with its code, or builds, and then its Go harness passes go vet
// (which type-checks it), its Fortran host compiles with gfortran -Wall
// -Werror against fortran/forocl_cl.f90, and its OpenCL builds on the
// test device. Dummies named as the hosts' own names (max, int, size,
// c_float, a_, size_x, stat) were refused by check; they build now, and
// the corpus kernels of testdata/kernels/hostile_names.f90 run through
// the Fortran host and agree with gfortran (golden.TestFortranHostNumeric).
func TestHostileNames(t *testing.T) {
	dir := t.TempDir()
	var ok []hostileCase
	for _, c := range hostileCases {
		in := filepath.Join(dir, "one.f90")
		if err := os.WriteFile(in, []byte(hostileSource([]hostileCase{c})), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := cli(t, "check", in)
		switch {
		case c.refuse == "" && code != 0:
			t.Errorf("%s(%s, %s): check exit %d, want 0:\n%s", c.kernel, c.in, c.out, code, errOut)
		case c.refuse != "" && (code != 1 || !strings.Contains(errOut, "["+c.refuse+"]")):
			t.Errorf("%s(%s, %s): check exit %d, want 1 with [%s]:\n%s", c.kernel, c.in, c.out, code, c.refuse, errOut)
		case c.refuse == "":
			ok = append(ok, c)
		}
	}
	// Kernels step and step_ in one file: OpenCL step_ and step__, but one
	// Go type Step. check and the Fortran host take them; only a Go
	// package refuses them.
	in := filepath.Join(dir, "two.f90")
	if err := os.WriteFile(in, []byte(hostileSource([]hostileCase{{"step", "x", "y", ""}, {"step_", "x", "y", ""}})), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := cli(t, "check", in); code != 0 {
		t.Errorf("step and step_: check exit %d:\n%s", code, errOut)
	}
	if code, _, errOut := cli(t, "build", "--fortran", "-o", filepath.Join(dir, "twof"), in); code != 0 {
		t.Errorf("step and step_: build --fortran exit %d:\n%s", code, errOut)
	}
	if code, _, errOut := cli(t, "build", "--go-package", "two", "-o", filepath.Join(dir, "twog"), in); code != 1 || !strings.Contains(errOut, `kernels "step" and "step_" would both be the Go type Step [go-name-collision]`) {
		t.Errorf("step and step_: build --go-package exit %d:\n%s", code, errOut)
	}
	if code, _, errOut := cli(t, "build", "--go-package", "p", "--fortran", "-o", filepath.Join(dir, "both"), filepath.Join(kernelsDir, "saxpy_elemental.f90")); code != 2 || !strings.Contains(errOut, "--go-package and --fortran") {
		t.Errorf("--go-package with --fortran: exit %d:\n%s", code, errOut)
	}
	if testing.Short() {
		t.Skip("compiles the generated hosts")
	}

	src := filepath.Join(dir, "hostile.f90")
	if err := os.WriteFile(src, []byte(hostileSource(ok)), 0o644); err != nil {
		t.Fatal(err)
	}
	// Inside this module, so that the harness imports this clhost.
	if _, err := os.Stat("testdata"); os.IsNotExist(err) {
		if err := os.Mkdir("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		defer os.Remove("testdata")
	}
	goDir, err := os.MkdirTemp("testdata", "hostile")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(goDir)
	fDir := filepath.Join(dir, "fortran")
	if code, _, errOut := cli(t, "build", "--go-package", "hostile", "-o", goDir, src); code != 0 {
		t.Fatalf("build --go-package: exit %d:\n%s", code, errOut)
	}
	if code, _, errOut := cli(t, "build", "--fortran", "-o", fDir, src); code != 0 {
		t.Fatalf("build --fortran: exit %d:\n%s", code, errOut)
	}
	if out, err := exec.Command("go", "vet", "./"+filepath.ToSlash(goDir)).CombinedOutput(); err != nil {
		t.Errorf("go vet on the Go harness: %v\n%s", err, out)
	}
	if _, err := exec.LookPath("gfortran"); err != nil {
		cltest.Gfortran(t)
	} else {
		rt, _ := filepath.Abs(filepath.Join(regionsDir, "forocl_cl.f90"))
		for _, f := range []string{rt, filepath.Join(fDir, "hostile_cl.f90")} {
			cmd := exec.Command("gfortran", "-std=f2008", "-Wall", "-Werror", "-c", "-J", fDir, "-I", fDir, f)
			cmd.Dir = fDir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("gfortran %s: %v\n%s", filepath.Base(f), err, out)
			}
		}
	}
	cl, err := os.ReadFile(filepath.Join(fDir, "hostile.cl"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := cltest.Context(t)
	prog, err := ctx.BuildProgram(string(cl), "")
	if err != nil {
		t.Fatalf("OpenCL build: %v", err)
	}
	defer prog.Close()
	for _, c := range ok {
		k, err := prog.Kernel(oclName(c.kernel))
		if err != nil {
			t.Errorf("kernel %s: %v", c.kernel, err)
			continue
		}
		k.Close()
	}
}

// oclName is the OpenCL symbol of an elemental kernel (Note [host names]).
func oclName(k string) string {
	names := map[string]bool{"float": true, "select": true, "int4": true, "step": true, "kernel": true, "main": true}
	if names[k] || strings.HasSuffix(k, "_") {
		return k + "_"
	}
	return k
}
