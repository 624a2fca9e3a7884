package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/npy"
)

// TestCompareCoarrayModule: the kernel's module has other procedures
// that use coarrays (sync all, this_image()), as modern-fortran/tsunami's
// mod_parallel does; gfortran compiles such a file only with
// -fcoarray=single, which compare passes, and the device's output is
// identical to the serial run's.
func TestCompareCoarrayModule(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := filepath.Join(t.TempDir(), "tiles.f90")
	src := `module tiles
  implicit none
contains
  pure function first_index(n) result(i)
    integer, intent(in) :: n
    integer :: i
    i = (this_image() - 1) * n + 1
  end function first_index

  subroutine barrier()
    sync all
  end subroutine barrier

  subroutine scale(n, a, b)
    integer, intent(in) :: n
    real, intent(in) :: a(n)
    real, intent(out) :: b(n)
    integer :: i
    do concurrent (i = 1:n)
      b(i) = 2 * a(i)
    end do
  end subroutine scale
end module tiles
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "compare", file, "--kernel", "scale", "--device", testDevice(), "--set", "n=9")
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	if !regexp.MustCompile(`(?m)^b\s+real\(4\)\s+\(1:9\)\s+identical$`).MatchString(stdout) {
		t.Errorf("no identical line for b in:\n%s", stdout)
	}
}

// TestComparePreprocessedF90: forocl preprocesses every file, gfortran a
// .f90 file only with -cpp; compare passes -cpp and the same -D to the
// serial build when a file has a directive line (tsunami's mod_kinds:
// #ifdef REAL64), so both runs see one kind, real(8) with -D REAL64 and
// real(4) without.
func TestComparePreprocessedF90(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	file := filepath.Join(t.TempDir(), "kinds.f90")
	src := `module kinds
  implicit none
#ifdef REAL64
  integer, parameter :: rk = 8
#else
  integer, parameter :: rk = 4
#endif
contains
  subroutine halve(n, a, b)
    integer, intent(in) :: n
    real(rk), intent(in) :: a(n)
    real(rk), intent(out) :: b(n)
    integer :: i
    do concurrent (i = 1:n)
      b(i) = a(i) / 3
    end do
  end subroutine halve
end module kinds
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flags []string
		kind  string
	}{{[]string{"-D", "REAL64"}, "real\\(8\\)"}, {nil, "real\\(4\\)"}} {
		args := append([]string{"compare", file, "--kernel", "halve", "--device", testDevice(), "--set", "n=11"}, tc.flags...)
		code, stdout, stderr := cli(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d:\n%s%s", tc.flags, code, stdout, stderr)
		}
		if !regexp.MustCompile(`(?m)^b\s+` + tc.kind + `\s+\(1:11\)\s+identical$`).MatchString(stdout) {
			t.Errorf("%v: no identical %s line for b in:\n%s", tc.flags, tc.kind, stdout)
		}
	}
}

// TestRunNonConformingAssumedShape: e = ke(u, v) over two assumed-shape
// dummies gives v the extents of u (Note [conforming extents] in
// sema/conform.go); forocl run with a v of another shape is an error
// before the run that names both arrays, and with one of u's shape it
// computes every element.
func TestRunNonConformingAssumedShape(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	file := filepath.Join(kernelsDir, "func_conform.f90")
	write := func(name string, shape []int, v float64) string {
		a := &npy.Array{DType: npy.Float64, Shape: shape, F64: make([]float64, shape[0]*shape[1])}
		for i := range a.F64 {
			a.F64[i] = v
		}
		path := filepath.Join(dir, name)
		if err := npy.Write(path, a); err != nil {
			t.Fatal(err)
		}
		return path
	}
	u, v, bad := write("u.npy", []int{5, 4}, 1), write("v.npy", []int{5, 4}, 2), write("bad.npy", []int{5, 3}, 2)
	out := filepath.Join(dir, "e.npy")
	code, stdout, stderr := cli(t, "run", file, "--kernel", "energy", "--device", testDevice(), "--in", "u="+u, "--in", "v="+bad, "--out", "e="+out)
	if code != 1 || !strings.Contains(stderr, `array "v" has shape (5, 3)`) || !strings.Contains(stderr, `"u" or "v" has the wrong shape`) {
		t.Errorf("non-conforming v: exit %d, want 1 and a shape error naming u and v:\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = cli(t, "run", file, "--kernel", "energy", "--device", testDevice(), "--in", "u="+u, "--in", "v="+v, "--out", "e="+out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	e, err := npy.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < e.Len(); i++ {
		if e.Float(i) != 2.5 {
			t.Fatalf("e[%d] = %g, want 0.5*(1+4) = 2.5 everywhere", i, e.Float(i))
		}
	}
}

// TestKernelBesideDerivedTypes: a kernel in a module whose other
// procedure declares a coarray, sizes a local by a component
// (buf(target % ub(1))) and assigns a component of a dummy named target,
// as modern-fortran/tsunami's mod_field does: forocl reads those
// statements' errors only when the procedure is translated (Note
// [errors in bodies] in parser/build.go), so the kernel compiles, and
// checking the other procedure names each construct at its line (the
// structure is taken apart into its components, Note [derived-type
// dummies], so the rules speak of target%ub).
func TestKernelBesideDerivedTypes(t *testing.T) {
	file := filepath.Join(t.TempDir(), "halo_tools.f90")
	src := `module halo_tools
  implicit none
  type :: tile
    integer :: lb(2), ub(2)
    real, allocatable :: data(:,:)
  end type tile
contains
  subroutine exchange(target)
    type(tile), intent(inout) :: target
    real, allocatable :: edge(:)[:]
    real :: buf(target % ub(1))
    target % data = 0
    buf = 0
  end subroutine exchange

  subroutine scale(n, a, b)
    integer, intent(in) :: n
    real, intent(in) :: a(n)
    real, intent(out) :: b(n)
    integer :: i
    do concurrent (i = 1:n)
      b(i) = 2 * a(i)
    end do
  end subroutine scale
end module halo_tools
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := cli(t, "check", file, "--kernel", "scale"); code != 0 {
		t.Fatalf("scale: exit %d:\n%s%s", code, stdout, stderr)
	}
	code, _, stderr := cli(t, "check", file, "--kernel", "exchange")
	for _, want := range []string{
		`:10:33: error: unexpected "[" [syntax-unexpected-token]`,
		`:11:17: error: upper bound 1 of automatic array "buf" is not affine in the kernel's integer scalar dummies: it has an element of array "target%ub"`,
	} {
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("exchange: exit %d, want 1 and %q in:\n%s", code, want, stderr)
		}
	}
}
