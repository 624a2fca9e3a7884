package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

// gridRanksSrc is a loop kernel in CloverLeaf's idiom (viscosity_kernel,
// initialise_chunk_kernel): 1-D coefficient arrays, cell- and node-centred,
// beside staggered 2-D fields, an intent(out) 1-D array among the outputs.
const gridRanksSrc = `MODULE grid_ranks_module
CONTAINS
  SUBROUTINE grid_ranks(x_min, x_max, y_min, y_max, dt, celldx, celldy, density0, xvel0, vertexx, edge_q, xarea)
    IMPLICIT NONE
    INTEGER :: x_min, x_max, y_min, y_max
    REAL(KIND=8) :: dt
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2) :: celldx
    REAL(KIND=8), DIMENSION(y_min-2:y_max+2) :: celldy
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2, y_min-2:y_max+2) :: density0
    REAL(KIND=8), DIMENSION(x_min-2:x_max+3, y_min-2:y_max+3) :: xvel0
    REAL(KIND=8), DIMENSION(x_min-2:x_max+3) :: vertexx
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2, y_min-2:y_max+2) :: edge_q
    REAL(KIND=8), DIMENSION(x_min-2:x_max+3, y_min-2:y_max+2) :: xarea
    INTEGER :: j, k
    !$OMP PARALLEL
    !$OMP DO
    DO j = x_min-2, x_max+3
      vertexx(j) = dt*FLOAT(j-x_min)
    ENDDO
    !$OMP END DO
    !$OMP DO PRIVATE(j)
    DO k = y_min, y_max
      DO j = x_min, x_max
        edge_q(j,k) = density0(j,k)*(xvel0(j+1,k)-xvel0(j,k))/celldx(j) + celldy(k)*dt
      ENDDO
    ENDDO
    !$OMP END DO
    !$OMP DO PRIVATE(j)
    DO k = y_min-2, y_max+2
      DO j = x_min-2, x_max+3
        xarea(j,k) = celldy(k)*xvel0(j,k+1)
      ENDDO
    ENDDO
    !$OMP END DO
    !$OMP END PARALLEL
  END SUBROUTINE grid_ranks
END MODULE grid_ranks_module
`

// TestRunGridMixedRanks holds that --grid gives every array of a loop
// kernel its declared shape where the --set sizes determine it, whatever
// its rank: 1-D coefficient arrays beside 2-D fields used to get the
// grid's 2-D shape and the run failed ("has shape (13, 10) but kernel
// ... takes a 1-D array"). The outputs must equal gfortran's serial run
// on the same inputs (--grid's documented reproducible values: the i-th
// dummy, counted from 0, is runner.Random with seed i+1).
func TestRunGridMixedRanks(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := writeFile(t, "grid_ranks.f90", gridRanksSrc)
	res := driver.Compile([]string{file}, driver.Options{Kernels: []string{"grid_ranks"}})
	if res.Diags.HasErrors() || res.Program == nil {
		t.Fatalf("does not compile:\n%s", res.Diags.String(res.Sources))
	}
	irk, err := res.Kernel("grid_ranks")
	if err != nil {
		t.Fatal(err)
	}
	k := codegen.Interface(irk)
	// x_min = 2, x_max = 10, y_min = 3, y_max = 8: cell extents 13 x 10.
	scalars := map[string]float64{"x_min": 2, "x_max": 10, "y_min": 3, "y_max": 8, "dt": 0.25}
	sizes := map[string]int{}
	for n, v := range scalars {
		sizes[n] = int(v)
	}
	dir := t.TempDir()
	outs := []string{"edge_q", "vertexx", "xarea"}
	args := []string{"run", file, "--kernel", "grid_ranks", "--device", testDevice(), "--grid", "13x10"}
	for _, n := range []string{"x_min", "x_max", "y_min", "y_max", "dt"} {
		args = append(args, "--set", n+"="+strconv.FormatFloat(scalars[n], 'g', -1, 64))
	}
	for _, n := range outs {
		args = append(args, "--out", n+"="+filepath.Join(dir, n+".npy"))
	}
	code, _, stderr := cli(t, args...)
	if code != 0 {
		t.Fatalf("forocl run --grid: exit %d:\n%s", code, stderr)
	}
	wantShape := map[string][]int{"celldx": {13}, "celldy": {10}, "density0": {13, 10}, "xvel0": {14, 11}, "vertexx": {14}, "edge_q": {13, 10}, "xarea": {14, 10}}
	serialIn := map[string]*npy.Array{}
	for i, v := range k.Params {
		if !v.Array {
			continue
		}
		name := strings.ToLower(v.Name)
		ext, err := v.Extents(sizes)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(ext) != fmt.Sprint(wantShape[name]) {
			t.Fatalf("%s: declared extents %v, want %v", name, ext, wantShape[name])
		}
		if v.Intent == abi.In {
			serialIn[name] = runner.Random(runner.KindDType(v.Kind), ext, int64(i+1))
		} else {
			serialIn[name] = runner.Zeros(runner.KindDType(v.Kind), ext) // intent(out): the device starts from zeros
		}
	}
	exe, err := oracle.Build(k, []string{file}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want, err := exe.Run(scalars, serialIn)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range outs {
		got := readNpy(t, filepath.Join(dir, n+".npy"))
		compareArrays(t, "grid_ranks", n, got, want[n], 0)
	}

	// Without x_max the staggered arrays' extents are unknown: the error
	// names them and the --set that gives the grid's shape.
	var noMax []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--set" && strings.HasPrefix(args[i+1], "x_max=") {
			i++
			continue
		}
		noMax = append(noMax, args[i])
	}
	code, _, stderr = cli(t, noMax...)
	if code != 1 || !strings.Contains(stderr, `add --set x_max=10 (which makes density0 13x10) [grid-needs-sizes]`) {
		t.Errorf("run without x_max: exit %d, stderr:\n%s", code, stderr)
	}
}
