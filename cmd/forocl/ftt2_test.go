package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// compare on a file that holds a main program beside the kernel (Note
// [main programs] in internal/oracle), whose kernel takes an interface
// from an INCLUDE line (Note [INCLUDE lines] in package parser) and
// shifts its array with EOSHIFT in place (Notes [shifts] and [assignment
// temporaries] in package sema): the heat step of the ftt-research tests,
// in a form of our own.
func TestCompareMainProgramInclude(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	dir := t.TempDir()
	files := map[string]string{
		"third.h": "interface\n  elemental real function third(x)\n    real, intent(in) :: x\n  end function third\nend interface\n",
		"smooth.f90": `program driver
  real :: u(6)
  u = 1.0
  call smooth(u, 3.0)
  print *, u
end program driver

elemental real function third(x)
  real, intent(in) :: x
  third = x/3.0
end function third

pure subroutine smooth(u, edge)
  include 'third.h'
  real, dimension(:), intent(inout) :: u
  real, intent(in) :: edge
  u = third(eoshift(u, -1, edge) + u + cshift(u, 1))
end subroutine smooth
`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := cli(t, "compare", filepath.Join(dir, "smooth.f90"), "--kernel", "smooth", "--device", testDevice(), "--shape", "u=29", "--set", "edge=2.5")
	if want := `(?m)^u\s+real\(4\)\s+\(1:29\)\s+identical$`; code != 0 || !regexp.MustCompile(want).MatchString(stdout) {
		t.Errorf("exit %d, want a line matching %s:\n%s%s", code, want, stdout, stderr)
	}
}
