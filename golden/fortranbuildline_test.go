package golden

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/cltest"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/regions"
)

// TestFortranBuildLine (issue 26): the build command in the header of a
// generated Fortran host module compiles and links a program that uses
// the module, run as written with its placeholders filled in (FOROCL, DIR,
// app.f90, the kernel's source): for a kernel of dummies only and for
// kernels that use module variables, whose source must come before the
// host module. The header gave "gfortran app.f90 DIR/*.f90
// fortran/forocl_cl.f90", which fails: the program came before the
// modules it uses.
func TestFortranBuildLine(t *testing.T) {
	cltest.Gfortran(t)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^!   (gfortran .*)$`)
	for _, f := range []string{"../testdata/kernels/saxpy_elemental.f90", "../testdata/kernels/loop_module_vars.f90"} {
		u := compile(t, f).units[regions.Direct]
		src, err := hostgen.FortranHost(u, stem(f))
		if err != nil {
			t.Fatal(err)
		}
		m := line.FindSubmatch(src)
		if m == nil {
			t.Fatalf("%s: the header has no build line:\n%s", f, src[:min(len(src), 800)])
		}
		work, gen := t.TempDir(), t.TempDir()
		file := hostgen.FortranModuleName(stem(f)) + ".f90"
		if err := os.WriteFile(filepath.Join(gen, file), src, 0o644); err != nil {
			t.Fatal(err)
		}
		app := "program app\n  use forocl_cl\n  use " + hostgen.FortranModule(u, stem(f)) + "\n  implicit none\n  call forocl_init()\nend program app\n"
		if err := os.WriteFile(filepath.Join(work, "app.f90"), []byte(app), 0o644); err != nil {
			t.Fatal(err)
		}
		kernelSrc, _ := filepath.Abs(f)
		var args []string
		for _, w := range strings.Fields(string(m[1]))[1:] {
			switch {
			case w == "-lOpenCL":
				args = append(args, oracle.OpenCLLink()...) // -l:libOpenCL.so.1 without the dev link
			case w == filepath.Base(f):
				args = append(args, kernelSrc)
			default:
				w = strings.Replace(w, "FOROCL/", root+"/", 1)
				args = append(args, strings.Replace(w, "DIR/", gen+"/", 1))
			}
		}
		cmd := exec.Command("gfortran", append(args, "-o", "app")...)
		cmd.Dir = work
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: the header's %q fails: %v\n%s", f, m[1], err, out)
		}
	}
}
