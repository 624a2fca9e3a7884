package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildFortran: --fortran writes FILE_cl.f90 beside each .cl, a module
// named after the file with one procedure per kernel in the kernel's
// argument order, embedding the .cl's text.
func TestBuildFortran(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := cli(t, "build", "--fortran", "--strategy", "direct", "-I", regionsDir, "-o", dir,
		filepath.Join(kernelsDir, "jacobi5.f90"), filepath.Join(kernelsDir, "saxpy_elemental.f90"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, c := range []struct {
		stem  string
		procs []string
	}{
		{"jacobi5", []string{"subroutine jacobi5_step_cl(h, A, F, oA, stat, errmsg)", "subroutine residual5_cl(h, A, F, oR, stat, errmsg)"}},
		{"saxpy_elemental", []string{"subroutine axpby_cl(x, y, z, stat, errmsg)"}},
	} {
		b, err := os.ReadFile(filepath.Join(dir, c.stem+"_cl.f90"))
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		if !strings.Contains(src, "\nmodule "+c.stem+"_cl\n") {
			t.Errorf("%s_cl.f90 does not define module %s_cl", c.stem, c.stem)
		}
		for _, p := range c.procs {
			if !strings.Contains(src, p) {
				t.Errorf("%s_cl.f90 lacks %q", c.stem, p)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, c.stem+".cl")); err != nil {
			t.Error(err)
		}
	}
}

// TestBuildFortranNameTooLong: a kernel whose host procedure name would
// pass Fortran's 63 characters is an error naming it, and nothing is
// written.
func TestBuildFortranNameTooLong(t *testing.T) {
	dir := t.TempDir()
	name := "k" + strings.Repeat("x", 61) // 62 characters: valid Fortran, but k..._cl is 65
	src := "module m\ncontains\n  pure elemental subroutine " + name + "(a, b)\n    real, intent(in) :: a\n    real, intent(out) :: b\n    b = a\n  end subroutine\nend module\n"
	in := filepath.Join(dir, "long.f90")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, _, errOut := cli(t, "build", "--fortran", "-o", out, in)
	if code == 0 {
		t.Fatalf("build succeeded; want an error")
	}
	// check refuses it first now (Note [host names]): its OpenCL symbols too would pass 63.
	want := `kernel name "` + name + `" has 62 characters; forocl takes at most 55 [kernel-name-too-long]`
	if !strings.Contains(errOut, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errOut)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("files were written: %v", entries)
	}
}
