package porting

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/forocl/forocl/internal/cltest"
)

// The build systems' tests (cmake/forocl.cmake, make/forocl.mk): each
// builds the mini-application from a copy of this folder in a temporary
// one, with the example build (CMakeLists.txt, Makefile), runs the ported
// program on the test device and compares its output with the CPU
// build's; then it edits a kernel file and checks that the build ports it
// again, and only then.

// needTool returns the path of tool, or skips t when it is missing unless
// FOROCL_REQUIRE_TOOLS is set (scripts/test.sh sets it; setup.sh installs
// the tools).
func needTool(t *testing.T, tool string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		if os.Getenv("FOROCL_REQUIRE_TOOLS") != "" {
			t.Fatalf("FOROCL_REQUIRE_TOOLS is set but %s is missing (bash scripts/setup.sh installs it)", tool)
		}
		t.Skipf("%s is missing (bash scripts/setup.sh installs it); set FOROCL_REQUIRE_TOOLS=1 to fail instead", tool)
	}
	return p
}

// buildSystemSetup checks the tools, builds forocl (once per test binary)
// and copies this folder's example builds and app/ into a temporary
// folder; it returns the forocl binary and the copy.
func buildSystemSetup(t *testing.T, tool string) (forocl, src string) {
	t.Helper()
	needTool(t, tool)
	cltest.Gfortran(t)
	cltest.Context(t) // the ported program runs on OpenCL
	tools.once.Do(func() {
		dir, err := os.MkdirTemp("", "forocl-porting-build")
		if err != nil {
			tools.err = err
			return
		}
		tools.forocl = filepath.Join(dir, "forocl")
		if out, err := exec.Command("go", "build", "-o", tools.forocl, "../../cmd/forocl").CombinedOutput(); err != nil {
			tools.err = errorString("go build: " + err.Error() + "\n" + string(out))
		}
	})
	if tools.err != nil {
		t.Fatal(tools.err)
	}
	src = filepath.Join(t.TempDir(), "src")
	copyFiles(t, ".", src, "app/*", "CMakeLists.txt", "Makefile")
	return tools.forocl, src
}

// copyFiles copies the files (not folders) of from that the patterns
// match into to, keeping their paths.
func copyFiles(t *testing.T, from, to string, patterns ...string) {
	t.Helper()
	for _, pat := range patterns {
		files, err := filepath.Glob(filepath.Join(from, pat))
		if err != nil || len(files) == 0 {
			t.Fatalf("no file matches %s in %s (%v)", pat, from, err)
		}
		for _, f := range files {
			if fi, err := os.Stat(f); err == nil && fi.IsDir() {
				continue
			}
			rel, err := filepath.Rel(from, f)
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Dir(filepath.Join(to, rel)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(to, rel), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

var tools struct {
	once   sync.Once
	forocl string
	err    error
	cpu    map[string]string // the CPU build's output by arguments
}

// command runs name with args in dir and returns its combined output,
// failing t if it fails.
func command(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// commandFails runs name with args in dir, fails t unless it fails, and
// returns its combined output.
func commandFails(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Errorf("%s %s succeeded; want it to fail:\n%s", name, strings.Join(args, " "), out)
	}
	return string(out)
}

// breakKernel writes a syntax error into the copy's kernel file name; the
// build must then fail, on every try, with forocl's diagnostic (never
// build from the ported files of before).
func breakKernel(t *testing.T, src, name string, build func() string) {
	t.Helper()
	path := filepath.Join(src, name)
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(text), "contains\n")
	if i < 0 {
		t.Fatalf("%s has no contains line", name)
	}
	broken := string(text[:i]) + "contains\n  subroutine broken(n\n  end subroutine\n" + string(text[i+len("contains\n"):])
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	for try := 1; try <= 2; try++ {
		if out := build(); !strings.Contains(out, filepath.Base(name)+":") || !strings.Contains(out, "error:") {
			t.Errorf("build %d after a syntax error in %s: want forocl's diagnostic:\n%s", try, name, out)
		}
	}
}

// checkPortedApp runs the ported program exe and compares what it prints
// with the CPU build's output (TestAppCPU's build); FOROCL_PROFILE=1 shows
// that the ported eos_kernel launched once per step.
func checkPortedApp(t *testing.T, exe string) {
	t.Helper()
	args := []string{"40", "30", "50"}
	key := strings.Join(args, " ")
	want, ok := tools.cpu[key]
	if !ok {
		out, err := exec.Command(buildApp(t, false), args...).Output()
		if err != nil {
			t.Fatalf("the CPU build: %v", err)
		}
		if tools.cpu == nil {
			tools.cpu = map[string]string{}
		}
		want, tools.cpu[key] = string(out), string(out)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice(), "FOROCL_RESIDENT=", "FOROCL_CHECK=", "FOROCL_PROFILE=1")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", exe, err, e.String())
	}
	sameValues(t, filepath.Base(exe), o.String(), want)
	rows := map[string]string{}
	for _, m := range profileRow.FindAllStringSubmatch(e.String(), -1) {
		rows[m[3]] = m[1]
	}
	if rows["eos_kernel"] != "50" {
		t.Errorf("%s: eos_kernel launched %q times on the device, want 50 (one per step):\n%s", exe, rows["eos_kernel"], e.String())
	}
}

// editKernel appends a comment line to the copy's eos_kernel.f90 and
// returns it.
func editKernel(t *testing.T, src string) string {
	t.Helper()
	const line = "! edited by the build-system test"
	f, err := os.OpenFile(filepath.Join(src, "app", "eos_kernel.f90"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(line + "\n"); err != nil {
		t.Fatal(err)
	}
	return line
}

// checkReported fails unless the ported eos_kernel.f90 in dir ends with
// line, the edit of editKernel.
func checkReported(t *testing.T, dir, line string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "eos_kernel.f90"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(strings.TrimSpace(string(b)), line) {
		t.Errorf("after an edit of eos_kernel.f90 the build did not port it again:\n%s", b)
	}
}

// TestBuildCMake: examples/porting/CMakeLists.txt, through forocl_port,
// builds blast_cl from the ported kernel files, which prints the CPU
// build's values; a build with nothing changed ports nothing, and an
// edited kernel file is ported again.
func TestBuildCMake(t *testing.T) {
	forocl, src := buildSystemSetup(t, "cmake")
	b := filepath.Join(filepath.Dir(src), "build")
	command(t, src, "cmake", "-S", src, "-B", b, "-DCMAKE_BUILD_TYPE=Release",
		"-DFOROCL_EXECUTABLE="+forocl, "-DFOROCL_CMAKE_DIR="+abs("../../cmake"))
	if out := command(t, src, "cmake", "--build", b); !strings.Contains(out, "forocl port: blast_cl's kernel files") {
		t.Fatalf("the build ran no forocl port:\n%s", out)
	}
	checkPortedApp(t, filepath.Join(b, "blast_cl"))
	if out := command(t, src, "cmake", "--build", b); strings.Contains(out, "forocl port:") {
		t.Errorf("a build with nothing changed ported again:\n%s", out)
	}
	line := editKernel(t, src)
	command(t, src, "cmake", "--build", b)
	checkReported(t, filepath.Join(b, "forocl_blast_cl"), line)
}

// TestBuildMake: examples/porting/Makefile, through make/forocl.mk, builds
// blast_cl from $(FOROCL_SOURCES) and blast_cl_objects from
// $(FOROCL_OBJECTS) with make -j2, both printing the CPU build's values; a
// make with nothing changed ports nothing, an edited kernel file or other
// FOROCL_FLAGS port again, and make clean ports nothing.
func TestBuildMake(t *testing.T) {
	forocl, src := buildSystemSetup(t, "make")
	b := filepath.Join(filepath.Dir(src), "build")
	if err := os.Mkdir(b, 0o755); err != nil {
		t.Fatal(err)
	}
	mk := []string{"-f", filepath.Join(src, "Makefile"), "FOROCL=" + forocl, "FOROCL_MK=" + abs("../../make/forocl.mk")}
	// (one after the other: both write the ported modules to forocl_port)
	command(t, b, "make", append(mk, "-j2", "blast_cl_objects")...)
	command(t, b, "make", append(mk, "blast_cl")...)
	for _, exe := range []string{"blast_cl", "blast_cl_objects"} {
		checkPortedApp(t, filepath.Join(b, exe))
	}
	if out := command(t, b, "make", append(mk, "blast_cl")...); strings.Contains(out, " port ") {
		t.Errorf("a make with nothing changed ported again:\n%s", out)
	}
	line := editKernel(t, src)
	command(t, b, "make", append(mk, "blast_cl")...)
	checkReported(t, filepath.Join(b, "forocl_port"), line)
	if out := command(t, b, "make", append(mk, "FOROCL_FLAGS=--auto-reduce", "blast_cl")...); !strings.Contains(out, " port --auto-reduce ") {
		t.Errorf("other FOROCL_FLAGS did not port again:\n%s", out)
	}
	breakKernel(t, src, "app/eos_kernel.f90", func() string { return commandFails(t, b, "make", append(mk, "blast_cl")...) })
	if out := command(t, b, "make", append(mk, "clean")...); strings.Contains(out, " port ") {
		t.Errorf("make clean ported:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(b, "forocl_port")); !os.IsNotExist(err) {
		t.Errorf("make clean left forocl_port (%v)", err)
	}
}

// TestBuildCMakeForms: forocl_port over testdata/forms, a preprocessed
// .F90 (DEFINES, INCLUDE), a fixed-form file with a kernel and one with
// nothing to port, whose NAME_cl.f90 forocl port does not write: the build
// writes a placeholder, the program prints what its CPU build prints with
// both kernels launched on the device, and once the file gains a kernel
// the placeholder becomes its host module; an edit of a DEPENDS file ports
// again, and a syntax error fails every build.
func TestBuildCMakeForms(t *testing.T) {
	forocl, src := buildSystemSetup(t, "cmake")
	copyFiles(t, "testdata/forms", src, "*", "inc/*")
	b := filepath.Join(filepath.Dir(src), "build")
	command(t, src, "cmake", "-S", src, "-B", b, "-DFOROCL_EXECUTABLE="+forocl, "-DFOROCL_CMAKE_DIR="+abs("../../cmake"))
	command(t, src, "cmake", "--build", b)
	want := command(t, b, filepath.Join(b, "forms_cpu"))
	run := exec.Command(filepath.Join(b, "forms_cl"))
	run.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice(), "FOROCL_RESIDENT=", "FOROCL_PROFILE=1")
	var o, e bytes.Buffer
	run.Stdout, run.Stderr = &o, &e
	if err := run.Run(); err != nil {
		t.Fatalf("forms_cl: %v\n%s", err, e.String())
	}
	sameValues(t, "forms_cl", o.String(), want)
	rows := map[string]string{}
	for _, m := range profileRow.FindAllStringSubmatch(e.String(), -1) {
		rows[m[3]] = m[1]
	}
	if rows["scale"] != "1" || rows["twice"] != "1" {
		t.Errorf("want scale and twice launched once on the device:\n%s", e.String())
	}
	ported := filepath.Join(b, "forocl_forms_cl")
	if mod, err := os.ReadFile(filepath.Join(ported, "square_cl.f90")); err != nil || strings.Contains(strings.ToLower(string(mod)), "module") {
		t.Errorf("square_cl.f90 (%v) should be the placeholder:\n%s", err, mod)
	}
	sq := filepath.Join(src, "square.f")
	text, err := os.ReadFile(sq)
	if err != nil {
		t.Fatal(err)
	}
	kernel := "      SUBROUTINE sqall(n, a)\n      INTEGER n\n      REAL*8 a(n)\n      INTEGER i\n" +
		"      DO i = 1, n\n        a(i) = a(i)*a(i)\n      END DO\n      END SUBROUTINE\n"
	edited := strings.Replace(string(text), "      END MODULE", kernel+"      END MODULE", 1)
	if err := os.WriteFile(sq, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	command(t, src, "cmake", "--build", b)
	if mod, err := os.ReadFile(filepath.Join(ported, "square_cl.f90")); err != nil || !strings.Contains(strings.ToLower(string(mod)), "sqall") {
		t.Errorf("after square.f gained a kernel, square_cl.f90 (%v) does not launch it:\n%s", err, mod)
	}
	if err := os.WriteFile(filepath.Join(src, "inc", "scale.h"), []byte("      b(i) = FACTOR * a(i) + 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	command(t, src, "cmake", "--build", b)
	if text, err := os.ReadFile(filepath.Join(ported, "scale.f90")); err != nil || !strings.Contains(string(text), "3 * a(i) + 2") {
		t.Errorf("after an edit of inc/scale.h (DEPENDS), scale.f90 (%v) was not ported again:\n%s", err, text)
	}
	breakKernel(t, src, "scale.F90", func() string {
		out := commandFails(t, src, "cmake", "--build", b, "--target", "forms_cl")
		if !strings.Contains(out, "forocl port failed") {
			t.Errorf("want forocl_port's message:\n%s", out)
		}
		return out
	})
}

// TestBuildMisuse: the build files say what is missing: forocl for
// forocl_port (CMake fails at configure time), FOROCL_KERNELS for
// forocl.mk.
func TestBuildMisuse(t *testing.T) {
	t.Run("cmake", func(t *testing.T) {
		_, src := buildSystemSetup(t, "cmake")
		b := filepath.Join(filepath.Dir(src), "build")
		out := commandFails(t, src, "cmake", "-S", src, "-B", b, "-DFOROCL_EXECUTABLE="+filepath.Join(src, "no-forocl"),
			"-DFOROCL_CMAKE_DIR="+abs("../../cmake"))
		if !strings.Contains(out, "forocl_port: forocl not found") || !strings.Contains(out, "FOROCL_EXECUTABLE") {
			t.Errorf("want forocl_port's message on a missing forocl:\n%s", out)
		}
	})
	t.Run("make", func(t *testing.T) {
		needTool(t, "make")
		out := commandFails(t, t.TempDir(), "make", "-f", abs("../../make/forocl.mk"))
		if !strings.Contains(out, "set FOROCL_KERNELS") {
			t.Errorf("want forocl.mk's message on a missing FOROCL_KERNELS:\n%s", out)
		}
	})
}
