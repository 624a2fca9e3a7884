package driver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/diag"
)

func compileText(paths []string, opts Options) (*Result, string) {
	res := Compile(paths, opts)
	return res, res.Diags.String(res.Sources)
}

// Issue 11: "check /dev/zero" read without limit.
func TestRefusesSpecialFiles(t *testing.T) {
	for path, kind := range map[string]string{"/dev/zero": "a character device", t.TempDir(): "a directory"} {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		_, text := compileText([]string{path}, Options{})
		want := path + ": error: not a regular file but " + kind + "; forocl reads source files only [input-not-regular]"
		if !strings.Contains(text, want) {
			t.Errorf("got %q, want %q", text, want)
		}
	}
}

func TestRefusesHugeFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.f90")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxSourceBytes + 1); err != nil { // sparse: costs no disk
		t.Fatal(err)
	}
	f.Close()
	res, text := compileText([]string{path}, Options{})
	if !strings.Contains(text, path+": error: file is larger than 16 MiB, the most forocl reads [input-too-large]") {
		t.Errorf("got %q", text)
	}
	if res.Sources[path] != nil {
		t.Errorf("the file was kept")
	}
	os.Truncate(path, MaxSourceBytes)
	if _, text := compileText([]string{path}, Options{}); strings.Contains(text, "larger") {
		t.Errorf("a file of exactly the limit is refused: %q", text)
	}
}

func TestNoKernelsSeverity(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.f90")
	os.WriteFile(path, []byte("module m\n  real, parameter :: g = 9.8\nend module m\n"), 0o644)
	res, _ := compileText([]string{path}, Options{})
	if res.Diags.Count(diag.Warning) != 1 || res.Diags.HasErrors() || res.Program == nil {
		t.Errorf("check: want one warning and a program, got %+v", res.Diags.Items)
	}
	res, _ = compileText([]string{path}, Options{RequireKernels: true})
	if !res.Diags.HasErrors() || res.Diags.Items[0].Code != "no-kernels-to-build" {
		t.Errorf("build: want the no-kernels error, got %+v", res.Diags.Items)
	}
}

// TestNoKernelsCandidates: a file of unmarked subroutines gets a hint that
// names those --kernel would take and those it refuses, in source order,
// for check (a warning) and for build (an error).
func TestNoKernelsCandidates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "legacy.f90")
	os.WriteFile(path, []byte(`module legacy
contains
  subroutine scale(n, a, b)
    integer :: n, i
    real :: a(n), b(n)
    do i = 1, n
      b(i) = 2.0 * a(i)
    end do
  end subroutine scale
  subroutine report(n, a)
    integer :: n
    real :: a(n)
    write(*,*) a
  end subroutine report
  subroutine shift(n, a)
    integer :: n, i
    real :: a(n)
    !$omp parallel do
    do i = 1, n
      a(i) = a(i) + 1.0
    end do
  end subroutine shift
end module legacy
`), 0o644)
	for _, require := range []bool{false, true} {
		res, _ := compileText([]string{path}, Options{RequireKernels: require})
		if len(res.Diags.Items) != 1 {
			t.Fatalf("require=%v: want one diagnostic, got %+v", require, res.Diags.Items)
		}
		want := "forocl takes scale, shift with --kernel NAME, and refuses report"
		if d := res.Diags.Items[0]; !strings.Contains(d.Hint, want) {
			t.Errorf("require=%v: hint %q does not say %q", require, d.Hint, want)
		}
	}
}

// TestNoKernelsCandidateFunctions: the hint lists the functions --kernel
// could name (Note [function kernels]): an array-valued one, an
// elemental one and one of an array dummy, taken, and one that uses an
// undefined name, refused; a function of scalars only is a helper and is
// not listed.
func TestNoKernelsCandidateFunctions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ops.f90")
	os.WriteFile(path, []byte(`module ops
  implicit none
contains
  pure function twice(x) result(y)
    real, intent(in) :: x(:)
    real :: y(size(x))
    y = 2 * x
  end function twice
  pure real function half(a)
    real, intent(in) :: a
    half = a / 2
  end function half
  pure elemental real function norm(u, v)
    real, intent(in) :: u, v
    norm = sqrt(u*u + v*v)
  end function norm
  pure real function total(x)
    real, dimension(:), intent(in) :: x
    total = sum(x)
  end function total
  pure real function image_share(x)
    real, intent(in) :: x(:)
    image_share = sum(x) / num_images()
  end function image_share
end module ops
`), 0o644)
	res, _ := compileText([]string{path}, Options{})
	if len(res.Diags.Items) != 1 {
		t.Fatalf("want one diagnostic, got %+v", res.Diags.Items)
	}
	want := "forocl takes twice, norm, total with --kernel NAME, and refuses image_share"
	if d := res.Diags.Items[0]; !strings.Contains(d.Hint, want) {
		t.Errorf("hint %q does not say %q", d.Hint, want)
	}
}
