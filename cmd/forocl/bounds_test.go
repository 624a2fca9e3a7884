package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/npy"
)

// boundsSource has loop kernels whose subscripts leave an array for some
// sizes: a write and a read over 1:n of arrays of m elements, the same
// write under an IF, and a nest inside a host loop.
const boundsSource = `module bounds
  implicit none
contains
  subroutine wr(n, m, a, b)
    integer, intent(in) :: n, m
    real, intent(in) :: a(n)
    real, intent(out) :: b(m)
    integer :: i
    do concurrent (i = 1:n)
      b(i) = a(i) + 1.0
    end do
  end subroutine wr

  subroutine rd(n, m, a, b)
    integer, intent(in) :: n, m
    real, intent(in) :: a(m)
    real, intent(out) :: b(n)
    integer :: i
    do concurrent (i = 1:n)
      b(i) = 2.0*a(i + 1)
    end do
  end subroutine rd

  subroutine guarded(n, m, a, b)
    integer, intent(in) :: n, m
    real, intent(in) :: a(n)
    real, intent(out) :: b(m)
    integer :: i
    do concurrent (i = 1:n)
      if (i <= m) b(i) = a(i)
    end do
  end subroutine guarded

  subroutine steps(n, m, nt, a, b)
    integer, intent(in) :: n, m, nt
    real, intent(in) :: a(n)
    real, intent(inout) :: b(m)
    integer :: i, t
    do t = 1, nt
      do concurrent (i = 1:n)
        b(i) = b(i) + a(i)
      end do
    end do
  end subroutine steps
end module bounds
`

// TestRunRefusesOutOfBounds: an affine subscript that provably leaves its
// array for the sizes given is refused before anything runs (it wrote
// past the buffer and crashed), naming the array, the dimension, the
// indices and the bounds; one under an IF, or in a loop of no trips, runs.
func TestRunRefusesOutOfBounds(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "bounds.f90")
	if err := os.WriteFile(file, []byte(boundsSource), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "b.npy")
	for _, c := range []struct {
		kernel string
		sets   []string
		want   string // "" for success
	}{
		{"wr", []string{"n=12", "m=10"}, `forocl: kernel "wr" writes array "b" at indices 1:12 of dimension 1 (bounds.f90:10), outside its declared bounds 1:10 (with n=12, m=10); give sizes that keep the loop inside the array`},
		{"wr", []string{"n=10", "m=12"}, ""},
		{"rd", []string{"n=10", "m=10"}, `forocl: kernel "rd" reads array "a" at indices 2:11 of dimension 1 (bounds.f90:20), outside its declared bounds 1:10 (with n=10, m=10)`},
		{"rd", []string{"n=10", "m=11"}, ""},
		{"guarded", []string{"n=12", "m=10"}, ""},
		{"steps", []string{"n=12", "m=10", "nt=2"}, `forocl: kernel "steps" reads array "b" at indices 1:12 of dimension 1 (bounds.f90:41), outside its declared bounds 1:10`},
		{"steps", []string{"n=12", "m=10", "nt=0"}, ""},
	} {
		grid := strings.TrimPrefix(c.sets[0], "n=") // a's shape: a(n)
		if c.kernel == "rd" {
			grid = strings.TrimPrefix(c.sets[1], "m=") // a(m)
		}
		args := []string{"run", file, "--kernel", c.kernel, "--device", testDevice(), "--grid", grid, "--out", "b=" + out}
		for _, s := range c.sets {
			args = append(args, "--set", s)
		}
		os.Remove(out)
		code, _, stderr := cli(t, args...)
		if c.want == "" {
			if code != 0 {
				t.Errorf("%s %v: exit %d:\n%s", c.kernel, c.sets, code, stderr)
			}
			continue
		}
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s %v: exit %d, want 1 and %q; stderr:\n%s", c.kernel, c.sets, code, c.want, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s %v: refused, yet %s was written", c.kernel, c.sets, out)
		}
	}
}

// gatherSource reads a(idx(i)): a gather whose index array may hold a bad
// value, which only --check-bounds catches.
const gatherSource = `!$OFP PURE, KERNEL :: gather
subroutine gather(n, m, idx, a, b)
  integer, intent(in) :: n, m
  integer, intent(in) :: idx(n)
  real, intent(in) :: a(m)
  real, intent(out) :: b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(idx(i))
  end do
end subroutine gather
`

// TestRunCheckBounds: with --check-bounds a gather through an index out
// of bounds is an error naming the array, the dimension, the index, the
// bounds and the kernel, and no output is written; a good run gives the
// results it gives without the flag.
func TestRunCheckBounds(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "gather.f90")
	if err := os.WriteFile(file, []byte(gatherSource), 0o644); err != nil {
		t.Fatal(err)
	}
	a := &npy.Array{DType: npy.Float32, Shape: []int{10}, F32: []float32{10, 11, 12, 13, 14, 15, 16, 17, 18, 19}}
	writeNpy(t, filepath.Join(dir, "a.npy"), a, false)
	run := func(idx []int32, out string, flags ...string) (int, string) {
		writeNpy(t, filepath.Join(dir, "idx.npy"), &npy.Array{DType: npy.Int32, Shape: []int{len(idx)}, I32: idx}, false)
		args := append([]string{"run", file, "--device", testDevice(), "--in", "a=" + filepath.Join(dir, "a.npy"),
			"--in", "idx=" + filepath.Join(dir, "idx.npy"), "--out", "b=" + filepath.Join(dir, out)}, flags...)
		code, _, stderr := cli(t, args...)
		return code, stderr
	}
	code, stderr := run([]int32{1, 3, 11, 2, 4}, "bad.npy", "--check-bounds")
	want := `forocl: index 11 of dimension 1 of array "a" out of bounds 1:10 in kernel "gather" (gather.f90:9)`
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("bad index: exit %d, want 1 and %q; stderr:\n%s", code, want, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.npy")); err == nil {
		t.Errorf("bad index: the output was written")
	}
	good := []int32{10, 3, 1, 2, 4}
	if code, stderr := run(good, "checked.npy", "--check-bounds"); code != 0 {
		t.Fatalf("good run with --check-bounds: exit %d:\n%s", code, stderr)
	}
	if code, stderr := run(good, "plain.npy"); code != 0 {
		t.Fatalf("good run: exit %d:\n%s", code, stderr)
	}
	checked, plain := readNpy(t, filepath.Join(dir, "checked.npy")), readNpy(t, filepath.Join(dir, "plain.npy"))
	if fmt.Sprint(checked.F32) != fmt.Sprint(plain.F32) || fmt.Sprint(plain.F32) != "[19 12 10 11 13]" {
		t.Errorf("with --check-bounds %v, without %v, want [19 12 10 11 13]", checked.F32, plain.F32)
	}
}

// TestBuildCheckBoundsFortran: build --check-bounds --fortran writes a
// Fortran host that reads the bounds buffer after the launches and
// reports the first bad subscript (run by golden's
// TestFortranHostCheckBounds); without the option the host has none of
// it.
func TestBuildCheckBoundsFortran(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "gather.f90")
	if err := os.WriteFile(file, []byte(gatherSource), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, checked := range []bool{true, false} {
		out := filepath.Join(dir, fmt.Sprint(checked))
		args := []string{"build", file, "-o", out, "--fortran"}
		if checked {
			args = append(args, "--check-bounds")
		}
		if code, _, stderr := cli(t, args...); code != 0 {
			t.Fatalf("build %v: exit %d:\n%s", args, code, stderr)
		}
		host, err := os.ReadFile(filepath.Join(out, "gather_cl.f90"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"call forocl_bounds_read(fcl_name, fcl_s1, 4, fcl__site, fcl__index, fcl_st, fcl_msg)",
			"call forocl_bounds_error(fcl_name, 'a', 1, 'gather.f90:9', fcl__index, 1, fcl_m, fcl_st, &"} {
			if strings.Contains(string(host), want) != checked {
				t.Errorf("--check-bounds %v: the host has %q: %v, want %v", checked, want, !checked, checked)
			}
		}
	}
	if code, _, stderr := cli(t, "build", file, "-o", filepath.Join(dir, "go"), "--check-bounds", "--go-package", "g"); code != 0 {
		t.Errorf("build --check-bounds --go-package: exit %d:\n%s", code, stderr)
	}
}
