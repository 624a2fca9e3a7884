package main

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
)

// TestRunLoopKernelNearHuge runs a loop kernel whose bounds come near
// huge(0): x_min = 2147483630, so x_max = 2147483639 and the padded
// NDRange reaches j = 2147483661, which wraps in a 32-bit index. The run
// must build the 64-bit index variant (Note [index types] in package abi)
// and give gfortran's answer, instead of storing outside the buffers.
func TestRunLoopKernelNearHuge(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := filepath.Join(kernelsDir, "loop_cell_update.f90")
	res := frontEnd(t, file)
	irk, err := res.Kernel("cell_update")
	if err != nil {
		t.Fatal(err)
	}
	k := codegen.Interface(irk)
	dir := t.TempDir()
	const xMin = 2147483630
	shapes := map[string][]int{"density": {14, 9}, "energy": {14, 9}, "pressure": {14, 9}, "xvel": {15, 10}, "xarea": {15, 9}}
	rng := rand.New(rand.NewPCG(5, 6))
	serialIn := map[string]*npy.Array{}
	args := []string{"run", file, "--kernel", "cell_update", "--device", testDevice(), "--set", "x_min=2147483630", "--set", "y_min=2", "--set", "dt=0.1"}
	for name, shape := range shapes {
		a := randomArray(rng, npy.Float64, shape)
		path := filepath.Join(dir, "in_"+name+".npy")
		writeNpy(t, path, a, false)
		args = append(args, "--in", name+"="+path)
		serialIn[name] = a
	}
	for _, name := range []string{"energy", "pressure"} {
		args = append(args, "--out", name+"="+filepath.Join(dir, "out_"+name+".npy"))
	}
	code, _, stderr := cli(t, args...)
	if code != 0 {
		t.Fatalf("forocl run: exit %d:\n%s", code, stderr)
	}
	exe, err := oracle.Build(k, []string{file}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want, err := exe.Run(map[string]float64{"x_min": xMin, "x_max": xMin + 9, "y_min": 2, "y_max": 6, "dt": 0.1}, serialIn)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"energy", "pressure"} {
		got := readNpy(t, filepath.Join(dir, "out_"+name+".npy"))
		compareArrays(t, "cell_update", name, got, want[name], 1e-12)
	}
}
