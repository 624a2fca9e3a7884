package golden

import (
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// TestDoConcurrentReduce runs a DO CONCURRENT REDUCE kernel, which
// gfortran 12 cannot compile, and the same nests written under !$omp
// parallel do: the results must be bit-identical (the same folds in the
// same order) and match sums computed here.
func TestDoConcurrentReduce(t *testing.T) {
	c := device(t)
	const file = "../testdata/f2023/loop_dc_reduce.f90"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	omp := strings.Replace(string(src), "do concurrent (j = 1:m, i = 1:n) reduce(+: total) reduce(min: lo)",
		"!$omp parallel do collapse(2) reduction(+:total) reduction(min:lo)\n  do j = 1, m\n  do i = 1, n", 1)
	omp = strings.Replace(omp, "    lo = min(lo, a(i, j))\n  end do", "    lo = min(lo, a(i, j))\n  end do\n  end do", 1)
	if omp == string(src) {
		t.Fatal("the OpenMP variant is the same text: the test would compare a file with itself")
	}
	ompFile := filepath.Join(t.TempDir(), "loop_omp_variant.f90")
	if err := os.WriteFile(ompFile, []byte(omp), 0o644); err != nil {
		t.Fatal(err)
	}
	n, m := 37, 21
	rng := rand.New(rand.NewSource(7))
	a := randomArray(rng, abi.Real8, []int{n, m})
	sum, lo := 1.0, math.Inf(1)
	for _, x := range a.F64 {
		sum += x
		lo = math.Min(lo, x)
	}
	var outs []map[string]*npy.Array
	for _, f := range []string{file, ompFile} {
		u := compile(t, f).units[regions.Direct]
		if len(u.Kernels[0].Launches) != 5 { // nest, 2 folds, nest, results
			t.Fatalf("%s: %d launches, want 5", f, len(u.Kernels[0].Launches))
		}
		got, err := runner.Run(c, runner.Job{Unit: u, Kernel: u.Kernels[0],
			Scalars: map[string]float64{"n": float64(n), "m": float64(m)},
			Arrays:  map[string]*npy.Array{"a": a}})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		outs = append(outs, got.Outputs)
	}
	dc, om := outs[0], outs[1]
	if d, o := dc["total"].F64[0], om["total"].F64[0]; d != o {
		t.Errorf("total: do concurrent gives %v, !$omp %v; want bit-identical", d, o)
	}
	if got := dc["total"].F64[0]; math.Abs(got-sum) > 1e-12*sum {
		t.Errorf("total = %v, want 1 + sum(a) = %v", got, sum)
	}
	for i, x := range a.F64 {
		if got := dc["shifted"].F64[i]; got != x-lo || om["shifted"].F64[i] != got {
			t.Fatalf("shifted[%d] = %v (omp %v), want a - minval(a) = %v", i, got, om["shifted"].F64[i], x-lo)
		}
	}
}
