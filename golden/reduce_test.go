package golden

import (
	"math"
	"math/big"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/cltest"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

const sumSource = `module sums
  implicit none
contains
  subroutine total(x, s)
  !$OFP PURE, KERNEL :: total
    real, dimension(:), contiguous, intent(in) :: x
    real, intent(out) :: s
    s = sum(x)
  end subroutine
end module
`

// TestReductionAccuracy sums 10^7 real(4) values with heavy cancellation
// (pairs of large values of opposite sign around small ones) with the
// generated kernel on the test device and with gfortran's serial loop
// over the same source, and holds forocl's error against the exact sum
// to no more than gfortran's. The device result must also repeat bit
// for bit. real(4) sums accumulate in real(4), as gfortran's loop does;
// the tree makes the error grow with log n instead of n.
func TestReductionAccuracy(t *testing.T) {
	if testing.Short() {
		t.Skip("10^7 values")
	}
	cltest.Gfortran(t)
	c := device(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "sums.f90")
	if err := os.WriteFile(src, []byte(sumSource), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Compile([]string{src}, driver.Options{Schedule: regions.Options{Strategy: regions.Direct}})
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags.String(res.Sources))
	}
	u := res.Generate(res.Program.Kernels, "sums.f90", codegen.Options{Version: driver.Version})
	k := u.Kernels[0]

	const n = 10_000_000
	rng := rand.New(rand.NewSource(42))
	x := runner.Zeros(npy.Float32, []int{n})
	for i := 0; i < n; i += 4 {
		big := float32(1e4 * (1 + rng.Float64()))
		x.F32[i] = big
		x.F32[i+1] = float32(rng.Float64())
		x.F32[i+2] = -big
		x.F32[i+3] = float32(rng.Float64() * 1e-3)
	}
	exact := new(big.Float).SetPrec(256)
	for _, v := range x.F32 {
		exact.Add(exact, new(big.Float).SetFloat64(float64(v)))
	}
	want, _ := exact.Float64()

	run := func() float32 {
		r, err := runner.Run(c, runner.Job{Unit: u, Kernel: k, Arrays: map[string]*npy.Array{"x": x}})
		if err != nil {
			t.Fatal(err)
		}
		return r.Outputs["s"].F32[0]
	}
	got, again := run(), run()
	if math.Float32bits(got) != math.Float32bits(again) {
		t.Errorf("two runs differ: %v and %v", got, again)
	}
	exe, err := oracle.Build(k, []string{src}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	out, err := exe.Run(nil, map[string]*npy.Array{"x": x})
	if err != nil {
		t.Fatal(err)
	}
	serial := out["s"].F32[0]
	errForocl, errSerial := math.Abs(float64(got)-want), math.Abs(float64(serial)-want)
	t.Logf("exact %.6f, forocl %.6f (error %.3g), gfortran serial %.6f (error %.3g)", want, got, errForocl, serial, errSerial)
	if errForocl > errSerial {
		t.Errorf("forocl's sum is further from the exact sum than gfortran's serial loop: %.3g > %.3g", errForocl, errSerial)
	}
	if k.Results()[0].Kind != abi.Real4 {
		t.Fatalf("result kind %v", k.Results()[0].Kind)
	}
}
