package main

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
)

// TestRunLoopKernel runs a loop kernel over explicit-shape staggered
// arrays with forocl run: x_min and y_min are given with --set, x_max and
// y_max are derived from the .npy shapes (abi.Kernel.BindWith), the
// inout arrays are given with --in and --out; the outputs must match
// gfortran's serial run of the same source with the same sizes.
func TestRunLoopKernel(t *testing.T) {
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
	// x_min = 1, x_max = 10, y_min = 2, y_max = 6: cell arrays are
	// (x_max-x_min+5, y_max-y_min+5), xvel (+6, +6), xarea (+6, +5).
	shapes := map[string][]int{"density": {14, 9}, "energy": {14, 9}, "pressure": {14, 9}, "xvel": {15, 10}, "xarea": {15, 9}}
	rng := rand.New(rand.NewPCG(3, 4))
	serialIn := map[string]*npy.Array{}
	args := []string{"run", file, "--kernel", "cell_update", "--device", testDevice(), "--set", "x_min=1", "--set", "y_min=2", "--set", "dt=0.1"}
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
	want, err := exe.Run(map[string]float64{"x_min": 1, "x_max": 10, "y_min": 2, "y_max": 6, "dt": 0.1}, serialIn)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"energy", "pressure"} {
		got := readNpy(t, filepath.Join(dir, "out_"+name+".npy"))
		compareArrays(t, "cell_update", name, got, want[name], 1e-12)
	}

	// Without x_min nothing determines it: the error says what to give.
	var noMin []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--set" && strings.HasPrefix(args[i+1], "x_min=") {
			i++
			continue
		}
		noMin = append(noMin, args[i])
	}
	code, _, stderr = cli(t, noMin...)
	if code == 0 || !strings.Contains(stderr, `size "x_min" cannot be derived from the shapes of the arrays given; give it with --set x_min=VALUE`) {
		t.Errorf("run without x_min: exit %d, stderr:\n%s", code, stderr)
	}
	// An array the kernel reads and writes must be given.
	var noEnergy []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--in" && strings.HasPrefix(args[i+1], "energy=") {
			i++
			continue
		}
		noEnergy = append(noEnergy, args[i])
	}
	code, _, stderr = cli(t, noEnergy...)
	if code == 0 || !strings.Contains(stderr, `kernel "cell_update" reads and writes array "energy": give it with --in energy=FILE.npy (and --out energy=FILE.npy to save it)`) {
		t.Errorf("run without energy: exit %d, stderr:\n%s", code, stderr)
	}
	// A shape that contradicts the given sizes names both.
	bad := append(append([]string(nil), args...), "--set", "x_max=11")
	code, _, stderr = cli(t, bad...)
	if code == 0 || !strings.Contains(stderr, `array "density" has shape (14, 9) but kernel "cell_update" declares it (15, 9) with x_min=1, x_max=11, y_min=2, y_max=6`) {
		t.Errorf("run with a contradicting x_max: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestKernelFlagLegacyFile: a legacy file with no !$OFP directive compiles
// its subroutine as a kernel when --kernel names it (check, dump, run).
func TestKernelFlagLegacyFile(t *testing.T) {
	src := writeFile(t, "legacy.f90", `subroutine scale2(n, a, b)
  integer :: n
  real(8) :: a(n), b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    b(i) = 2*a(i)
  end do
end subroutine scale2
`)
	code, stdout, stderr := cli(t, "dump", "--stage=ir", src)
	if code != 0 || strings.Contains(stdout, "kernel scale2") {
		t.Fatalf("without --kernel: exit %d, stdout %q, stderr %q; want no kernel", code, stdout, stderr)
	}
	code, stdout, stderr = cli(t, "dump", "--stage=ir", "--kernel", "SCALE2", src)
	if code != 0 || !strings.Contains(stdout, "loop kernel scale2") || !strings.Contains(stdout, "param b real(8) rank=1 intent(out)") {
		t.Fatalf("with --kernel: exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	requireOpenCL(t)
	dir := filepath.Dir(src)
	a := &npy.Array{DType: npy.Float64, Shape: []int{5}, F64: []float64{1, 2, 3, 4, 5}}
	writeNpy(t, filepath.Join(dir, "a.npy"), a, false)
	code, _, stderr = cli(t, "run", src, "--kernel", "scale2", "--device", testDevice(), "--in", "a="+filepath.Join(dir, "a.npy"), "--out", "b="+filepath.Join(dir, "b.npy"))
	if code != 0 {
		t.Fatalf("run: exit %d:\n%s", code, stderr)
	}
	got := readNpy(t, filepath.Join(dir, "b.npy"))
	for i, want := range []float64{2, 4, 6, 8, 10} {
		if got.F64[i] != want {
			t.Errorf("b(%d) = %g, want %g (n derived from the shape of a)", i+1, got.F64[i], want)
		}
	}
}
