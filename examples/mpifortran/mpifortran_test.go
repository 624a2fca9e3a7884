package mpifortran

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

// need skips t when a tool is missing, unless FOROCL_REQUIRE_OPENCL is set.
func need(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("FOROCL_REQUIRE_OPENCL") != "" {
				t.Fatalf("FOROCL_REQUIRE_OPENCL is set but %s is missing (scripts/setup.sh installs it)", tool)
			}
			t.Skipf("%s is missing (apt-get install openmpi-bin libopenmpi-dev); set FOROCL_REQUIRE_OPENCL=1 to fail instead", tool)
		}
	}
}

// TestJacobiMPIFortran builds jacobi_mpi.f90 with mpif90 against the
// generated Fortran host module and runs it on 2 and 3 ranks: the gathered
// grid equals 20 steps of the same kernel on one device, bit for bit.
func TestJacobiMPIFortran(t *testing.T) {
	need(t, "mpif90", "mpirun")
	dev, err := clhost.Select("pocl")
	if err != nil {
		if os.Getenv("FOROCL_REQUIRE_OPENCL") != "" {
			t.Fatal(err)
		}
		t.Skipf("no PoCL device: %v", err)
	}
	res := driver.Compile([]string{"../../testdata/kernels/jacobi5.f90"}, driver.Options{IncludeDirs: []string{"../../fortran"}})
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags.String(res.Sources))
	}
	k, err := res.Kernel("jacobi5_step")
	if err != nil {
		t.Fatal(err)
	}
	var kernels []*ir.Kernel
	for _, kk := range res.Program.Kernels {
		if kk.File == k.File {
			kernels = append(kernels, kk)
		}
	}
	unit := res.Generate(kernels, "jacobi5.f90", codegen.Options{})
	mod, err := hostgen.FortranHost(unit, "jacobi5")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "jacobi5_cl.f90"), mod, 0o644); err != nil {
		t.Fatal(err)
	}
	regions, _ := filepath.Abs("../../fortran/forocl_cl.f90")
	prog, _ := filepath.Abs("fortran/jacobi_mpi.f90")
	build := exec.Command("mpif90", "-O2", regions, "jacobi5_cl.f90", prog, "-lOpenCL", "-o", "jacobi_mpi")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("mpif90: %v\n%s", err, out)
	}

	// One device: the same start, through the runner.
	const n1, n2, steps = 64, 50, 20
	a, f := runner.Zeros(npy.Float32, []int{n1, n2}), runner.Zeros(npy.Float32, []int{n1, n2})
	for j := 1; j <= n2; j++ {
		for i := 1; i <= n1; i++ {
			a.F32[(i-1)+(j-1)*n1] = 1 + float32((7*i+13*j)%17)/17
			f.F32[(i-1)+(j-1)*n1] = 0.25 * float32((i+j)%5)
		}
	}
	ctx, err := clhost.NewContext(dev)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Close()
	var uk = unit.Kernels[0]
	for _, kk := range unit.Kernels {
		if kk.Name == "jacobi5_step" {
			uk = kk
		}
	}
	one, err := runner.Run(ctx, runner.Job{Unit: unit, Kernel: uk, Scalars: map[string]float64{"h": 0.1},
		Arrays: map[string]*npy.Array{"a": a, "f": f}, Steps: steps, Swap: []runner.Swap{{In: "a", Out: "oa"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := one.Outputs["oa"].F32

	for _, n := range []int{2, 3} {
		out := filepath.Join(dir, fmt.Sprintf("out%d.bin", n))
		c, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		run := exec.CommandContext(c, "mpirun", "--oversubscribe", "--allow-run-as-root", "-np", fmt.Sprint(n), "-x", "FOROCL_DEVICE=pocl", "./jacobi_mpi", out)
		run.Dir = dir
		run.Env = append(os.Environ(), "FOROCL_DEVICE=pocl")
		msg, err := run.CombinedOutput()
		cancel()
		if err != nil {
			t.Fatalf("%d ranks: %v\n%s", n, err, msg)
		}
		raw, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		got := make([]float32, n1*n2)
		if err := binary.Read(bytes.NewReader(raw), binary.LittleEndian, got); err != nil {
			t.Fatalf("%d ranks: %v", n, err)
		}
		for i := range want {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("%d ranks: element %d = %v, one device %v", n, i, got[i], want[i])
			}
		}
	}
}
