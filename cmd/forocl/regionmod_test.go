package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/npy"
)

// TestRunSelfStencilThroughTemporary: u(2:n-1) = u(2:n-1) + c*(u(1:n-2) -
// 2*u(2:n-1) + u(3:n)) reads every old value (Fortran evaluates the
// right-hand side first; Note [updates through a temporary] in
// sema/sections.go): a spike spreads to both neighbours and leaves its
// cell empty. An update in place would read the new u(2) and u(3).
func TestRunSelfStencilThroughTemporary(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "u.npy"), filepath.Join(dir, "v.npy")
	if err := npy.Write(in, &npy.Array{DType: npy.Float32, Shape: []int{5}, F32: []float32{0, 0, 1, 0, 0}}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(kernelsDir, "loop_inplace_update.f90")
	code, stdout, stderr := cli(t, "run", file, "--kernel", "diffuse_self", "--device", testDevice(), "--in", "u="+in, "--set", "c=0.5", "--out", "u="+out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	got, want := readNpy(t, out).F32, []float32{0, 0.5, 0, 0.5, 0}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("u = %v, want %v", got, want)
		}
	}
}

// TestRunInplaceNonConforming: a = a + s*b on assumed-shape dummies needs
// b of a's shape (Note [conforming extents] in sema/conform_extents.go); forocl
// run refuses a b of another length before any launch, naming both.
func TestRunInplaceNonConforming(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")
	if err := npy.Write(a, &npy.Array{DType: npy.Float32, Shape: []int{10}, F32: make([]float32, 10)}); err != nil {
		t.Fatal(err)
	}
	if err := npy.Write(b, &npy.Array{DType: npy.Float32, Shape: []int{12}, F32: make([]float32, 12)}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(kernelsDir, "loop_inplace_update.f90")
	code, _, stderr := cli(t, "run", file, "--kernel", "axpy_inplace", "--device", testDevice(), "--in", "a="+a, "--in", "b="+b, "--set", "s=1")
	if code == 0 || !strings.Contains(stderr, `array "b" has shape (12)`) || !strings.Contains(stderr, `"a" or "b" has the wrong shape`) {
		t.Errorf("exit %d, want an error naming b's shape:\n%s", code, stderr)
	}
}

// TestRunModuleArrayInOut: module arrays a kernel uses are parameters
// that forocl run takes by their names (Note [module variables] in
// sema/modvars.go): accumulate reads weights and updates accum (0:25)
// in place; --out accum writes all 26 elements, those the kernel leaves
// (accum(25)) as given, and accum(0) is the new accum(1).
func TestRunModuleArrayInOut(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	seq := func(n int, f func(i int) float64) *npy.Array {
		a := &npy.Array{DType: npy.Float64, Shape: []int{n}, F64: make([]float64, n)}
		for i := range a.F64 {
			a.F64[i] = f(i)
		}
		return a
	}
	in := map[string]*npy.Array{
		"a":       seq(24, func(i int) float64 { return float64(i + 1) }),
		"weights": seq(24, func(int) float64 { return 0.5 }),
		"accum":   seq(26, func(i int) float64 { return float64(100 * i) }),
	}
	args := []string{"run", filepath.Join(kernelsDir, "loop_module_vars.f90"), "--kernel", "accumulate", "--device", testDevice()}
	for name, a := range in {
		path := filepath.Join(dir, name+".npy")
		if err := npy.Write(path, a); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--in", name+"="+path)
	}
	out := filepath.Join(dir, "out.npy")
	code, stdout, stderr := cli(t, append(args, "--out", "accum="+out)...)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	got := readNpy(t, out).F64
	if len(got) != 26 {
		t.Fatalf("accum has %d elements, want 26", len(got))
	}
	for i := 1; i <= 24; i++ {
		if want := float64(100*i) + 0.5*float64(i); got[i] != want {
			t.Errorf("accum(%d) = %g, want %g", i, got[i], want)
		}
	}
	if got[0] != got[1] || got[25] != 2500 {
		t.Errorf("accum(0) = %g (want accum(1) = %g), accum(25) = %g (want 2500)", got[0], got[1], got[25])
	}
}

// TestCheckModuleVariablesFromIncludeDir: the kernels of
// testdata/modfiles use module fields_data of another file; with -I its
// folder they are accepted, and dump --stage=host names temp as a
// variable of the module; without it the module is not found and the
// variables are refused at their references.
func TestCheckModuleVariablesFromIncludeDir(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "modfiles", "relax_fields.f90")
	lib := filepath.Join("..", "..", "testdata", "modfiles", "lib")
	code, stdout, stderr := cli(t, "dump", "--stage=host", "-I", lib, file, "--kernel", "relax")
	if code != 0 || !strings.Contains(stdout, "temp real(8) intent(inout): buffer (32, 22), lower bounds (0, 0), written to the device before the first launch and read back after the last; a variable of module fields_data") {
		t.Errorf("exit %d:\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = cli(t, "check", file, "--kernel", "relax")
	if code != 1 || !strings.Contains(stderr, `module "fields_data" not found`) {
		t.Errorf("without -I: exit %d, want 1 and module-not-found:\n%s", code, stderr)
	}
}

// TestCompareRank4LoopKernel: a loop kernel with a rank-4 array compares
// equal with gfortran (the oracle's driver reads up to 7 extents; it
// panicked on a fourth).
func TestCompareRank4LoopKernel(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := filepath.Join(t.TempDir(), "r4.f90")
	src := `subroutine pick(n, q, b)
  integer, intent(in) :: n
  real, intent(in) :: q(2, 3, 2, n)
  real, intent(out) :: b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    b(i) = q(1, 3, 2, i) - q(2, 1, 1, i)
  end do
end subroutine pick
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "pick", "--device", testDevice(), "--set", "n=5")
	if code != 0 || !regexp.MustCompile(`(?m)^b\s+real\(4\)\s+\(1:5\)\s+identical$`).MatchString(stdout) {
		t.Errorf("exit %d:\n%s%s", code, stdout, stderr)
	}
}

// TestCompareStandAloneAssumedShape: stand-alone subroutines with
// assumed-shape dummies (the a = a + s*b, a region kernel, and a
// loop kernel mixing a(0:n+1) with b(0:)) compare equal: the serial
// driver declares their explicit interface (Note [explicit interfaces]
// in internal/oracle; gfortran's run crashed without it).
func TestCompareStandAloneAssumedShape(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name, src string
		args      []string
		want      string
	}{
		{"axpy", `pure subroutine axpy(a, b, s)
  real, intent(inout) :: a(:)
  real, intent(in) :: b(:)
  real, intent(in) :: s
  a = a + s*b
end subroutine axpy
`, []string{"--grid", "101", "--set", "s=0.5"}, `(?m)^a\s+real\(4\)\s+\(1:101\)\s+identical$`},
		{"twice", `subroutine twice(a, b)
!$OFP PURE, KERNEL :: twice
  real, dimension(:), contiguous, intent(in) :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = 2.0*a
end subroutine twice
`, []string{"--grid", "33"}, `(?m)^b\s+real\(4\)\s+\(1:33\)\s+identical$`},
		{"mix", `subroutine mix(n, a, b)
  integer, intent(in) :: n
  real(8), intent(in) :: a(0:n+1)
  real(8), intent(inout) :: b(0:)
  integer :: i
  !$omp parallel do
  do i = 1, n
    b(i) = b(i) + a(i-1) + a(i+1)
  end do
end subroutine mix
`, []string{"--set", "n=20", "--shape", "b=22"}, `(?m)^b\s+real\(8\)\s+\(0:21\)\s+identical$`},
	} {
		file := filepath.Join(dir, c.name+".f90")
		if err := os.WriteFile(file, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := cli(t, append([]string{"compare", file, "--kernel", c.name, "--device", testDevice()}, c.args...)...)
		if code != 0 || !regexp.MustCompile(c.want).MatchString(stdout) {
			t.Errorf("%s: exit %d:\n%s%s", c.name, code, stdout, stderr)
		}
	}
}
