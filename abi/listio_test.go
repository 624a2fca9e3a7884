package abi

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestListDirectedMatchesGfortran writes records of integers, logicals,
// characters and reals of both kinds (edges of the F/ES switch, zeros,
// subnormals, infinities, NaN and random bit patterns) with ListDirected
// and with gfortran's WRITE(*,*), and compares them line by line.
func TestListDirectedMatchesGfortran(t *testing.T) {
	if _, err := exec.LookPath("gfortran"); err != nil {
		t.Fatalf("gfortran is needed (scripts/setup.sh installs it): %v", err)
	}
	f32 := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.1, 0.099999994, 0.09999999, 1e9, 999999940, 999999999, 1e8, 123456789,
		1.5, 3e38, math.MaxFloat32, math.SmallestNonzeroFloat32, 1e-38, 9.9999999e-2, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	f64 := []float64{0, math.Copysign(0, -1), 1, 0.1, 0.09999999999999999, 1e17, 1e16, 9.999999999999999e16, 99999999999999999, 123456.789,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 2.2250738585072014e-308, 1e100, 1e-100, -0.1, math.Inf(1), math.NaN()}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 200; i++ {
		f32 = append(f32, math.Float32frombits(r.Uint32()))
		f64 = append(f64, math.Float64frombits(r.Uint64()))
		f64 = append(f64, math.Pow(10, r.Float64()*40-20)*(r.Float64()+0.5))
	}
	var prog strings.Builder
	var want []string
	prog.WriteString("program t\n  use, intrinsic :: iso_fortran_env\n  implicit none\n  real(real32) :: a\n  real(real64) :: b\n")
	for _, x := range f32 {
		fmt.Fprintf(&prog, "  a = transfer(%d_int32, a)\n  write(*,*) a, 'x', a\n", int32(math.Float32bits(x)))
		want = append(want, ListDirected([]Item{{Kind: Real4, Real: float64(x)}, {Text: "x"}, {Kind: Real4, Real: float64(x)}}))
	}
	for _, x := range f64 {
		fmt.Fprintf(&prog, "  b = transfer(%d_int64, b)\n  write(*,*) b, b\n", int64(math.Float64bits(x)))
		want = append(want, ListDirected([]Item{{Kind: Real8, Real: x}, {Kind: Real8, Real: x}}))
	}
	for _, n := range []int64{0, 1, -1, math.MaxInt32, math.MinInt32, 12345} {
		fmt.Fprintf(&prog, "  write(*,*) 'n = ', %d_int32, -5_int32, .true., 'a', 'b', .false., %d_int64\n", n, n*1000003)
		want = append(want, ListDirected([]Item{{Text: "n = "}, {Kind: Int, Int: n}, {Kind: Int, Int: -5}, {Kind: Logical, Bool: true}, {Text: "a"}, {Text: "b"}, {Kind: Logical}, {Kind: Int64, Int: n * 1000003}}))
	}
	prog.WriteString("  write(*,*)\nend program t\n")
	want = append(want, ListDirected(nil))
	dir := t.TempDir()
	src := filepath.Join(dir, "t.f90")
	os.WriteFile(src, []byte(prog.String()), 0o644)
	if out, err := exec.Command("gfortran", "-fno-range-check", "-o", filepath.Join(dir, "t"), src).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(dir, "t")).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("gfortran wrote %d records, want %d", len(got), len(want))
	}
	bad := 0
	for i := range got {
		if got[i] != want[i] && bad < 10 {
			bad++
			t.Errorf("record %d:\ngfortran %q\nforocl   %q", i+1, got[i], want[i])
		}
	}
}
