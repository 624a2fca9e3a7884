package oracle_test

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
)

func requireGfortran(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("gfortran"); err != nil {
		if os.Getenv("FOROCL_REQUIRE_OPENCL") == "" {
			t.Skipf("gfortran not found: %v", err)
		}
		t.Fatalf("FOROCL_REQUIRE_OPENCL is set but gfortran is missing: %v", err)
	}
}

// longName is a dummy name of Fortran's maximum length, 63 characters.
func longName(stem string, i int) string {
	s := strings.Repeat(stem+"_with_a_name_as_long_as_fortran_allows_", 3)[:60]
	return fmt.Sprintf("%s_%02d", s, i)
}

// kernelOf compiles src, which defines the kernel name, and returns its
// interface.
func kernelOf(t *testing.T, src, name string) (*abi.Kernel, string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "many.f90")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Compile([]string{file}, driver.Options{Kernels: []string{name}})
	if res.Diags.HasErrors() || res.Program == nil {
		t.Fatalf("the test kernel does not compile:\n%s\n%s", res.Diags.String(res.Sources), src)
	}
	irk, err := res.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	return codegen.Interface(irk), file
}

// checkDriverLines holds that every line of the driver gfortran compiled
// fits free form's 132 columns and that the long call was continued.
func checkDriverLines(t *testing.T, dir string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(dir, "oracle_driver.f90"))
	if err != nil {
		t.Fatal(err)
	}
	cont := 0
	for i, l := range strings.Split(string(src), "\n") {
		if len(l) > 132 {
			t.Errorf("driver line %d has %d columns: %s", i+1, len(l), l)
		}
		if strings.HasSuffix(l, "&") {
			cont++
		}
	}
	if cont == 0 {
		t.Errorf("no line of the driver is continued:\n%s", src)
	}
}

// TestManyLongDummies runs kernels with 30 dummies of 63-character names
// through the oracle, a loop kernel (loopDriver) and a whole-array kernel
// (driver): the kernel's call, its declarations and its file names exceed
// 132 columns, and the driver's variables would exceed 63 characters with
// their prefixes. gfortran used to refuse the driver ("Line truncated").
// The results must be the sums the kernel computes.
func TestManyLongDummies(t *testing.T) {
	requireGfortran(t)
	const nin, nout = 14, 14
	n, alpha := longName("number_of_cells", 0), longName("weight_coefficient", 0)
	in := make([]string, nin)
	out := make([]string, nout)
	for i := range in {
		in[i] = longName("input_field", i+1)
		out[i] = longName("output_field", i+1)
	}
	all := append([]string{n, alpha}, append(append([]string(nil), in...), out...)...)
	dummies := strings.Join(all, ", &\n      ")
	// out_i = alpha*in_i + in_(i+1 mod nin)
	var body strings.Builder
	for i := range out {
		fmt.Fprintf(&body, "    %s(i) = &\n      %s &\n      *%s(i) &\n      + %s(i)\n", out[i], alpha, in[i], in[(i+1)%nin])
	}
	var wbody strings.Builder
	for i := range out {
		fmt.Fprintf(&wbody, "    %s = &\n      %s &\n      *%s &\n      + %s\n", out[i], alpha, in[i], in[(i+1)%nin])
	}
	const size = 7
	inputs := map[string]*npy.Array{}
	for i, name := range in {
		a := &npy.Array{DType: npy.Float64, Shape: []int{size}, F64: make([]float64, size)}
		for j := range a.F64 {
			a.F64[j] = float64(i+1) + float64(j)/8
		}
		inputs[name] = a
	}
	for _, name := range out {
		inputs[name] = &npy.Array{DType: npy.Float64, Shape: []int{size}, F64: make([]float64, size)}
	}
	const a = 0.5
	check := func(t *testing.T, got map[string]*npy.Array) {
		for i, name := range out {
			g := got[name]
			if g == nil || len(g.F64) != size {
				t.Fatalf("%s: got %v", name, g)
			}
			for j, v := range g.F64 {
				if want := a*inputs[in[i]].F64[j] + inputs[in[(i+1)%nin]].F64[j]; v != want {
					t.Errorf("%s(%d) = %v, want %v", name, j+1, v, want)
				}
			}
		}
	}
	t.Run("loop", func(t *testing.T) {
		src := fmt.Sprintf(`MODULE many_loop_module
CONTAINS
  SUBROUTINE many_loop(%s)
    IMPLICIT NONE
    INTEGER :: %s
    REAL(KIND=8) :: %s
    REAL(KIND=8), DIMENSION(%s) :: &
      %s
    INTEGER :: i
    !$OMP PARALLEL DO
    DO i = 1, %s
%s    ENDDO
    !$OMP END PARALLEL DO
  END SUBROUTINE many_loop
END MODULE many_loop_module
`, dummies, n, alpha, n, strings.Join(append(append([]string(nil), in...), out...), ", &\n      "), n, body.String())
		k, file := kernelOf(t, src, "many_loop")
		if len(k.Params) != 30 {
			t.Fatalf("kernel has %d dummies, want 30", len(k.Params))
		}
		dir := t.TempDir()
		exe, err := oracle.Build(k, []string{file}, dir)
		if err != nil {
			t.Fatal(err)
		}
		checkDriverLines(t, dir)
		got, err := exe.Run(map[string]float64{n: size, alpha: a}, inputs)
		if err != nil {
			t.Fatal(err)
		}
		check(t, got)
	})
	t.Run("whole-array", func(t *testing.T) {
		src := fmt.Sprintf(`module many_whole_module
  implicit none
contains
  pure subroutine many_whole(%s)
  !$OFP PURE, KERNEL :: many_whole
    integer, intent(in) :: %s
    real(8), intent(in) :: %s
    real(8), dimension(:), contiguous, intent(in) :: &
      %s
    real(8), dimension(:), contiguous, intent(out) :: &
      %s
%s  end subroutine many_whole
end module many_whole_module
`, dummies, n, alpha, strings.Join(in, ", &\n      "), strings.Join(out, ", &\n      "), wbody.String())
		k, file := kernelOf(t, src, "many_whole")
		if len(k.Params) != 30 {
			t.Fatalf("kernel has %d dummies, want 30", len(k.Params))
		}
		dir := t.TempDir()
		exe, err := oracle.Build(k, []string{file}, dir)
		if err != nil {
			t.Fatal(err)
		}
		checkDriverLines(t, dir)
		got, err := exe.Run(map[string]float64{n: size, alpha: a}, inputs)
		if err != nil {
			t.Fatal(err)
		}
		check(t, got)
	})
}

// TestCompareCounts: Compare counts elements that differ and those beyond
// Tolerance, finds the first of each, and treats NaN as identical only
// to NaN.
func TestCompareCounts(t *testing.T) {
	want := &npy.Array{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{1, 2, 3, 4, 5, float32(math.NaN())}}
	got := &npy.Array{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{1, 2.00001, 3, 4.5, 5, float32(math.NaN())}}
	d, err := oracle.Compare(abi.Real4, want, got)
	if err != nil {
		t.Fatal(err)
	}
	if d.Differ != 2 || d.Beyond != 1 || d.First != 1 || d.FirstBad != 3 || d.MaxAbs != 0.5 {
		t.Errorf("got %+v", d)
	}
	if s := oracle.FortranIndex(d.FirstBad, want.Shape, []int{0, -2}); s != "(1,-1)" {
		t.Errorf("FortranIndex = %s, want (1,-1)", s)
	}
	got.F32[5] = 1
	if d, _ := oracle.Compare(abi.Real4, want, got); d.Beyond != 2 || !math.IsInf(d.MaxRel, 1) {
		t.Errorf("a NaN against a number: %+v", d)
	}
	if _, err := oracle.Compare(abi.Real4, want, &npy.Array{DType: npy.Float32, Shape: []int{3, 2}, F32: got.F32}); err == nil {
		t.Error("arrays of different shapes compared without an error")
	}
}
