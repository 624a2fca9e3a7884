package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/examples/heat/heatcl"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/cltest"
	"github.com/forocl/forocl/regions"
)

func TestMain(m *testing.M) {
	code := m.Run()
	cltest.Close()
	os.Exit(code)
}

// TestHeatLoop runs the Go loop on a small grid and checks its report.
func TestHeatLoop(t *testing.T) {
	cltest.Context(t) // skips without OpenCL unless FOROCL_REQUIRE_OPENCL
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-n", "40", "-steps", "20", "-device", "pocl"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "20 steps of 40x40") || !strings.Contains(stdout.String(), "ms per step") {
		t.Errorf("report %q", stdout.String())
	}
	if code := run([]string{"-n", "2"}, &stdout, &stderr); code != 2 {
		t.Errorf("-n 2: exit %d, want 2", code)
	}
}

// TestGeneratedUpToDate fails when heatcl/ differs from what forocl
// generates now (the flags of gen.go): run go generate ./examples/heat.
func TestGeneratedUpToDate(t *testing.T) {
	res := driver.Compile([]string{"fortran/heat.f90"}, driver.Options{IncludeDirs: []string{"../../fortran"},
		Target: regions.Target{Type: "GPU"}, Schedule: regions.Tuned()})
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags.String(res.Sources))
	}
	u := res.Generate(res.Program.Kernels, "heat.f90", codegen.Options{Version: driver.Version})
	goSrc, err := hostgen.GoHarness(u, "heat.cl", "heatcl")
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string][]byte{"heat.cl": []byte(u.Source), "heat_cl.go": goSrc,
		"doc.go": hostgen.GoPackageDoc("heatcl", driver.Version, []string{"heat.f90"}, []string{"heat.cl"})} {
		have, err := os.ReadFile(filepath.Join("heatcl", file))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, want) {
			t.Errorf("heatcl/%s is stale: run go generate ./examples/heat", file)
		}
	}
}

// TestGeneratedTypeMethods (issue 26): a generated kernel type is new in
// every package, so it has Close and no deprecated Release (the generator
// wrote one, "Deprecated: use Close", on a type that never had it).
func TestGeneratedTypeMethods(t *testing.T) {
	typ := reflect.TypeOf(&heatcl.Step{})
	if _, ok := typ.MethodByName("Close"); !ok {
		t.Fatal("heatcl.Step has no Close")
	}
	if _, ok := typ.MethodByName("Release"); ok {
		t.Error("heatcl.Step has a deprecated Release method; a new type needs none")
	}
}
