package parser

import (
	"strings"
	"testing"
)

// Fortran INCLUDE lines (Note [INCLUDE lines]) take the file's text, in a
// file that needs no preprocessor too, where -D expands nothing; a name
// in a comment, a string or an assignment is no INCLUDE line; a missing
// file is an error at the line. A fixed-form file's included text is
// fixed form too, as gfortran reads it.
func TestIncludeLines(t *testing.T) {
	files := map[string]string{
		"src/halve.h": "interface\n  elemental real function halve(x)\n    real, intent(in) :: x\n  end function halve\nend interface\n",
		"inc/n.h":     "integer, parameter :: N = 4\n",
		"src/deep.h":  "  INCLUDE \"n.h\" ! nested\n",
		"src/f.h":     "      real b(2)\n",
	}
	src := "subroutine s(a)\n  include 'halve.h'\n  Include \"deep.h\"\n  real :: a(N)\n  ! include 'no.h'\n  a = halve(a) ! N\nend subroutine s\n"
	opts := Options{IncludeDirs: []string{"inc"}, ReadFile: memFS(files), Defines: []Define{{Name: "N", Value: "7"}}}
	got := astText(parseAs(t, "src/k.f90", src, opts))
	for _, want := range []string{"function halve", "n = 4", "a(n)"} {
		if !strings.Contains(strings.ToLower(got), want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "7") {
		t.Errorf("-D N=7 expanded in a file that needs no preprocessor:\n%s", got)
	}
	fixed := astText(parseAs(t, "src/k.f", "      subroutine s(a)\n      include 'f.h'\n      real a(3)\n      end\n", Options{ReadFile: memFS(files)}))
	if !strings.Contains(fixed, "b(2)") {
		t.Errorf("fixed form: no INCLUDE:\n%s", fixed)
	}
	for _, line := range []string{"include = 3", "x = 'include \"a.h\"'", "include 'a.h' x"} {
		if _, _, ok := includeLine([]byte(line), 0, len(line)); ok {
			t.Errorf("%q read as an INCLUDE line", line)
		}
	}
	_, d, _ := ParseFile("k.f90", []byte("subroutine s\n  include 'gone.h'\nend subroutine s\n"), Options{ReadFile: memFS(files)})
	if len(d.Items) != 1 || d.Items[0].Code != codeCppIncludeNotFound || d.Items[0].Span.Start.Line != 2 {
		t.Errorf("missing file: %v", d.Items)
	}
}
