package port

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/forocl/forocl"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
)

// appDir holds the test application: kernel files in CloverLeaf's idioms
// and the driver program that calls them.
const appDir = "testdata/app"

func appKernels(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, pat := range []string{"*_kernel.f90", "*_kernel.f"} {
		m, err := filepath.Glob(filepath.Join(appDir, pat))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	return out
}

func options(include ...string) Options {
	return Options{
		Front:    driver.Options{IncludeDirs: include},
		Schedule: regions.Options{Strategy: regions.Direct},
		Code:     codegen.Options{Version: driver.Version},
	}
}

// portAll ports paths and fails on errors.
func portAll(t *testing.T, paths []string, o Options) *Result {
	t.Helper()
	res := Port(paths, o, forocl.FortranRuntime)
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags.String(res.Sources))
	}
	return res
}

func file(t *testing.T, res *Result, name string) []byte {
	t.Helper()
	for _, f := range res.Files {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("no output %s among %v", name, names(res))
	return nil
}

func names(res *Result) []string {
	var out []string
	for _, f := range res.Files {
		out = append(out, f.Name)
	}
	return out
}

// keeps reports whether ported holds every line of orig, in order: the
// port inserts and never removes.
func keeps(orig, ported []byte) bool {
	want := splitLines(orig)
	i := 0
	for _, l := range splitLines(ported) {
		if i < len(want) && l == want[i] {
			i++
		}
	}
	return i == len(want)
}

// TestPortApp: every accepted procedure of the application's kernel files
// is ported, the one that prints stays host code with a warning naming it
// and why, the original text is kept whole, the runtime comes first and
// the fixed-form file's host module before it.
func TestPortApp(t *testing.T) {
	res := portAll(t, appKernels(t), options())
	want := map[string][]string{
		"damp_kernel.f": {"damp_kernel"}, "eos_kernel.f90": {"eos_kernel"}, "flux_kernel.f90": {"flux_kernel"},
		"halo_kernel.f90": {"halo_kernel"}, "scale_kernel.f90": {"scaled"}, "summary_kernel.f90": {"summary_kernel"},
	}
	for path, got := range res.Ported {
		if w := want[filepath.Base(path)]; !reflect.DeepEqual(got, w) {
			t.Errorf("%s: ported %v, want %v", path, got, w)
		}
	}
	if n := res.Diags.Count(diag.Warning); n != 1 {
		t.Errorf("%d warnings, want 1:\n%s", n, res.Diags.String(res.Sources))
	}
	msg := res.Diags.String(res.Sources)
	if !strings.Contains(msg, `procedure "flux_report" stays host code: forocl refuses it as a kernel: "print" is not allowed`) {
		t.Errorf("no warning for flux_report:\n%s", msg)
	}
	order := strings.Join(names(res), " ")
	if !strings.HasPrefix(order, RuntimeName+" ") || !strings.Contains(order, " damp_kernel_cl.f90 damp_kernel.f") {
		t.Errorf("compile order %s: want the runtime first, damp_kernel_cl.f90 just before damp_kernel.f", order)
	}
	for _, p := range appKernels(t) {
		orig, _ := os.ReadFile(p)
		if !keeps(orig, file(t, res, filepath.Base(p))) {
			t.Errorf("%s: the ported file lost lines of the original", p)
		}
	}
	if !bytes.Equal(file(t, res, RuntimeName), forocl.FortranRuntime) {
		t.Errorf("%s is not the runtime", RuntimeName)
	}
}

// TestPortGolden: the ported text (after the host module) of one
// free-form and one fixed-form file.
func TestPortGolden(t *testing.T) {
	res := portAll(t, appKernels(t), options())
	g := goldie.New(t, goldie.WithFixtureDir("testdata/golden"), goldie.WithNameSuffix(".golden"))
	free := string(file(t, res, "summary_kernel.f90"))
	_, body, ok := strings.Cut(free, "\nend module summary_kernel_cl_mod\n\n")
	if !ok {
		t.Fatalf("summary_kernel.f90 does not start with its host module:\n%.400s", free)
	}
	g.Assert(t, "summary_kernel.f90", []byte(body))
	g.Assert(t, "damp_kernel.f", file(t, res, "damp_kernel.f"))
}

// TestPortKeepsRefused: what port cannot keep on the device stays host
// code with a warning that says why, and the file still ports.
func TestPortKeepsRefused(t *testing.T) {
	dir := t.TempDir()
	src := `module m
  real(8) :: shared(10)
  type pt
    real(8) :: x
  end type pt
contains
  subroutine ok(n, a)
    integer :: n
    real(8) :: a(n)
    integer :: i
    do i = 1, n
      a(i) = 2*a(i)
    end do
  end subroutine ok
  pure subroutine pur(n, a)
    integer, intent(in) :: n
    real(8), intent(inout) :: a(n)
    integer :: i
    do i = 1, n
      a(i) = 2*a(i)
    end do
  end subroutine pur
  subroutine opt(n, a, s)
    integer :: n
    real(8) :: a(n)
    real(8), optional :: s
    integer :: i
    do i = 1, n
      a(i) = 2*a(i)
    end do
  end subroutine opt
  subroutine asz(n, a)
    integer :: n
    real(8) :: a(*)
    integer :: i
    do i = 1, n
      a(i) = 2*a(i)
    end do
  end subroutine asz
  subroutine own(n, a)
    integer :: n
    real(8) :: a(n)
    integer :: i
    do i = 1, n
      a(i) = shared(i)
    end do
  end subroutine own
  subroutine typ(n, p)
    integer :: n
    type(pt) :: p(n)
    integer :: i
    do i = 1, n
      p(i)%x = 2*p(i)%x
    end do
  end subroutine typ
end module m
`
	in := filepath.Join(dir, "mixed.f90")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := portAll(t, []string{in}, options())
	if got := res.Ported[in]; !reflect.DeepEqual(got, []string{"ok"}) {
		t.Errorf("ported %v, want [ok]", got)
	}
	msg := res.Diags.String(res.Sources)
	for _, w := range []string{
		`procedure "pur" stays host code: it is pure`,
		`procedure "opt" stays host code: dummy "s" is optional`,
		`procedure "own" stays host code: it uses "shared" of module m in its own file`,
		`procedure "asz" stays host code: dummy "a" is assumed-size`,
		`procedure "typ" stays host code: it takes the derived-type dummy "p"`,
	} {
		if !strings.Contains(msg, w) {
			t.Errorf("no warning %q in:\n%s", w, msg)
		}
	}
}

// TestPortNameTooLong: a procedure whose host module name would pass
// Fortran's 63 characters stays host code, and the file is copied as it
// is.
func TestPortNameTooLong(t *testing.T) {
	dir := t.TempDir()
	src := "module m\ncontains\n  subroutine k(n, a)\n    integer :: n\n    real :: a(n)\n    integer :: i\n    do i = 1, n\n      a(i) = 1\n    end do\n  end subroutine\nend module\n"
	in := filepath.Join(dir, strings.Repeat("f", 62)+".f90")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := portAll(t, []string{in}, options())
	if !bytes.Equal(file(t, res, filepath.Base(in)), []byte(src)) {
		t.Error("the file was not copied as it is")
	}
	if msg := res.Diags.String(res.Sources); !strings.Contains(msg, `procedure "k" stays host code: the Fortran host module name`) {
		t.Errorf("no port-kept-on-host warning:\n%s", msg)
	}
}

// gfortranCompile checks the files with gfortran in order, modules in
// dir, and fails with gfortran's message. -fsyntax-only does every check
// a compile does and writes the module files, without generating code
// (cmd/forocl's TestPortCLI builds and runs the application).
func gfortranCompile(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, f := range files {
		cmd := exec.Command("gfortran", "-std=f2008", "-fopenmp", "-fsyntax-only", "-J", dir, "-I", dir, f)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("gfortran %s: %v\n%s", filepath.Base(f), err, out)
		}
	}
}

// writeAll writes res's files into dir and returns their paths in order.
func writeAll(t *testing.T, res *Result, dir string) []string {
	t.Helper()
	var out []string
	for _, f := range res.Files {
		p := filepath.Join(dir, f.Name)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestPortAppCompiles: every ported file of the application compiles
// with gfortran against the runtime, in the printed order.
func TestPortAppCompiles(t *testing.T) {
	if _, err := exec.LookPath("gfortran"); err != nil {
		t.Skip("gfortran not found")
	}
	dir := t.TempDir()
	gfortranCompile(t, dir, writeAll(t, portAll(t, appKernels(t), options()), dir)...)
}

// TestPortCloverLeaf: CloverLeaf_ref's kernel files (public code, not in
// the repository; skipped without /work/survey/cl) all port and compile
// with gfortran against the runtime and CloverLeaf's data module. The
// tile-halo kernels stay host code: their Fortran host modules would have
// lines over 132 characters (hostgen's wrapping of array constructors).
func TestPortCloverLeaf(t *testing.T) {
	const cl = "/work/survey/cl"
	kernels, _ := filepath.Glob(filepath.Join(cl, "kernels", "*.f90"))
	if len(kernels) == 0 {
		t.Skip("CloverLeaf_ref is not at " + cl)
	}
	if _, err := exec.LookPath("gfortran"); err != nil {
		t.Skip("gfortran not found")
	}
	res := portAll(t, kernels, options(cl))
	for _, k := range kernels {
		if n := len(res.Ported[k]); n == 0 && filepath.Base(k) != "update_tile_halo_kernel.f90" {
			t.Errorf("%s: nothing ported", filepath.Base(k))
		}
	}
	if got := len(res.Ported[filepath.Join(cl, "kernels", "pack_kernel.f90")]); got != 8 {
		t.Errorf("pack_kernel.f90: %d procedures ported, want 8", got)
	}
	dir := t.TempDir()
	files := writeAll(t, res, dir)
	gfortranCompile(t, dir, append([]string{files[0], filepath.Join(cl, "data.f90")}, files[1:]...)...)
}

func write(t *testing.T, dir, name, src string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPortPreprocessed: a .F90 file is ported from its preprocessed text
// (-D as given) into NAME.f90, which gfortran compiles without -cpp.
func TestPortPreprocessed(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "pp.F90", `module pp
contains
  subroutine scale(n, a)
    integer :: n
#ifdef DOUBLE
    real(8) :: a(n)
#else
    real :: a(n)
#endif
    integer :: i
    do i = 1, n
      a(i) = FACTOR*a(i)
    end do
  end subroutine scale
end module pp
`)
	o := options()
	o.Front.Defines = []parser.Define{{Name: "DOUBLE", Value: "1"}, {Name: "FACTOR", Value: "3"}}
	res := portAll(t, []string{in}, o)
	if got := res.Ported[in]; !reflect.DeepEqual(got, []string{"scale"}) {
		t.Fatalf("ported %v, want [scale]", got)
	}
	_, text, _ := strings.Cut(string(file(t, res, "pp.f90")), "\nend module pp_cl\n")
	for _, w := range []string{"    real(8) :: a(n)\n", "a(i) = 3*a(i)", "call forocl_port_enter(fcl_a, a, forocl_inout, 'scale', 'a')"} {
		if !strings.Contains(text, w) {
			t.Errorf("pp.f90 lacks %q", w)
		}
	}
	if strings.Contains(text, "#") || strings.Contains(text, "real :: a(n)") {
		t.Errorf("pp.f90 is not the preprocessed text:\n%s", text)
	}
	if _, err := exec.LookPath("gfortran"); err == nil {
		out := t.TempDir()
		gfortranCompile(t, out, writeAll(t, res, out)...)
	}
}

// TestPortCompileOrder: a file comes after the inputs whose modules it
// uses, whatever the order given.
func TestPortCompileOrder(t *testing.T) {
	dir := t.TempDir()
	user := write(t, dir, "user.f90", "module user\n  use base, only: c\ncontains\n  subroutine k(n, a)\n    integer :: n\n    real :: a(n)\n    integer :: i\n    do i = 1, n\n      a(i) = c*a(i)\n    end do\n  end subroutine\nend module\n")
	base := write(t, dir, "base.f90", "module base\n  real, parameter :: c = 2.0\nend module\n")
	res := portAll(t, []string{user, base}, options())
	if got, want := strings.Join(names(res), " "), RuntimeName+" base.f90 user.f90"; got != want {
		t.Errorf("order %s, want %s", got, want)
	}
	if got := res.Ported[user]; !reflect.DeepEqual(got, []string{"k"}) {
		t.Errorf("ported %v, want [k]", got)
	}
}

// TestPortFixedColumns: in fixed form, a procedure whose inserted lines
// could not stay within column 72 stays host code (gfortran would cut
// them silently).
func TestPortFixedColumns(t *testing.T) {
	dir := t.TempDir()
	name := "k" + strings.Repeat("x", 41) // the header fits; "only: forocl_k => NAME_cl" does not
	in := write(t, dir, "fx.f", "      MODULE fx\n      CONTAINS\n      SUBROUTINE "+name+"(n, a)\n      INTEGER n\n      REAL a(n)\n      INTEGER i\n      DO i = 1, n\n        a(i) = 2*a(i)\n      END DO\n      END SUBROUTINE\n      END MODULE\n")
	res := portAll(t, []string{in}, options())
	if len(res.Ported[in]) != 0 {
		t.Errorf("ported %v, want none", res.Ported[in])
	}
	if msg := res.Diags.String(res.Sources); !strings.Contains(msg, "would pass fixed form's column 72") {
		t.Errorf("no warning about column 72:\n%s", msg)
	}
}

// TestPortSharedLines: a procedure whose statements share lines with its
// procedure statement stays host code: the insertions go between lines.
func TestPortSharedLines(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "semi.f90", "module semi\ncontains\n  subroutine k(n, a); implicit none\n    integer :: n\n    real :: a(n)\n    integer :: i\n    do i = 1, n\n      a(i) = 1\n    end do\n  end subroutine\nend module\n")
	res := portAll(t, []string{in}, options())
	if len(res.Ported[in]) != 0 {
		t.Errorf("ported %v, want none", res.Ported[in])
	}
	if msg := res.Diags.String(res.Sources); !strings.Contains(msg, `procedure "k" stays host code: its procedure statement shares a line with another statement`) {
		t.Errorf("no warning:\n%s", msg)
	}
}

// TestPortCorpus ports every file of the numeric corpus (testdata/kernels)
// alone and checks what it writes with gfortran: region, loop, elemental
// and function kernels, fixed form and preprocessed files. A file that
// does not compile alone (it needs another) is left out by its port
// errors.
func TestPortCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("ports and checks 130 files")
	}
	if _, err := exec.LookPath("gfortran"); err != nil {
		t.Skip("gfortran not found")
	}
	const kernels, regions = "../testdata/kernels", "../fortran"
	shared := t.TempDir()
	regionsMod, _ := filepath.Abs(filepath.Join(regions, "forocl_regions.f90"))
	gfortranCompile(t, shared, write(t, shared, RuntimeName, string(forocl.FortranRuntime)), regionsMod)
	var files []string
	for _, pat := range []string{"*.f90", "*.F90", "*.f"} {
		m, _ := filepath.Glob(filepath.Join(kernels, pat))
		files = append(files, m...)
	}
	ported := 0
	for _, f := range files {
		res := Port([]string{f}, options(regions, kernels), forocl.FortranRuntime)
		if res.Diags.HasErrors() {
			continue
		}
		for _, names := range res.Ported {
			ported += len(names)
		}
		dir := t.TempDir()
		for _, p := range writeAll(t, res, dir)[1:] { // the runtime's module is shared
			cmd := exec.Command("gfortran", "-fsyntax-only", "-J", dir, "-I", dir, "-I", shared, p) // some originals are no OpenMP gfortran takes
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s: gfortran %s: %v\n%s", filepath.Base(f), filepath.Base(p), err, out)
				break
			}
		}
	}
	if ported < 100 {
		t.Errorf("%d procedures ported from %d files, want at least 100", ported, len(files))
	}
}

// TestPortFreeColumns: in free form too, a procedure whose inserted lines
// would pass column 132 (here from its own deep indentation) stays host
// code.
func TestPortFreeColumns(t *testing.T) {
	dir := t.TempDir()
	name := "k" + strings.Repeat("x", 40)
	ind := strings.Repeat(" ", 90)
	src := "module deep\ncontains\n" + ind + "subroutine " + name + "(n, a)\n" + ind + "integer :: n\n" + ind + "real :: a(n)\n" + ind + "integer :: i\n" +
		ind + "do i = 1, n\n" + ind + "a(i) = 2*a(i)\n" + ind + "end do\n" + ind + "end subroutine\nend module\n"
	in := write(t, dir, "deep.f90", src)
	res := portAll(t, []string{in}, options())
	if len(res.Ported[in]) != 0 {
		t.Errorf("ported %v, want none", res.Ported[in])
	}
	if msg := res.Diags.String(res.Sources); !strings.Contains(msg, "would pass free form's column 132") {
		t.Errorf("no warning about column 132:\n%s", msg)
	}
}

// TestPortDirectiveBeforeDeclarations: an OpenMP line among the
// declarations (!$omp declare target) is no executable statement: the
// device branch goes after the declarations that follow it.
func TestPortDirectiveBeforeDeclarations(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "dt.f90", `module dt
contains
  subroutine k(n, a)
    implicit none
    !$omp declare target
    integer :: n
    real :: a(n)
    integer :: i
    !$omp parallel do
    do i = 1, n
      a(i) = 2*a(i)
    end do
  end subroutine k
end module dt
`)
	res := portAll(t, []string{in}, options())
	if got := res.Ported[in]; !reflect.DeepEqual(got, []string{"k"}) {
		t.Fatalf("ported %v, want [k]", got)
	}
	text := string(file(t, res, "dt.f90"))
	if !strings.Contains(text, "    integer :: i\n    if (forocl_port_device()) then\n") {
		t.Errorf("the device branch is not right after the declarations:\n%s", text[strings.Index(text, "subroutine k("):])
	}
	if _, err := exec.LookPath("gfortran"); err == nil {
		out := t.TempDir()
		gfortranCompile(t, out, writeAll(t, res, out)...)
	}
}
