package parser

import (
	"os"
	"testing"
)

// __LINE__ and __FILE__ expand as gfortran -cpp expands them (the wanted
// text is gfortran -E's output for the same files): the line of the use,
// also through a macro and in #if; the file as named on the command line,
// an #include'd file by the includer's folder or the -I directory as
// given; #line and "# N" markers renumber and rename (Note [line and
// file]).
func TestCppLineAndFile(t *testing.T) {
	files := map[string]string{
		"src/inc.h":      "  integer, parameter :: l3 = __LINE__\n  character(len=*), parameter :: f2 = __FILE__\n",
		"incdir/other.h": "\n  character(len=*), parameter :: f3 = __FILE__, f4 = \"__LINE__\"\n  integer, parameter :: l4 = __LINE__\n",
	}
	src := `#define HERE __LINE__
module m
  integer, parameter :: l1 = __LINE__, l2 = HERE
  character(len=*), parameter :: f1 = __FILE__
#include "inc.h"
#include "other.h"
#if __LINE__ == 7
  integer, parameter :: seven = 7
#endif
#line 100 "gen.F90"
  integer, parameter :: l100 = __LINE__
  character(len=*), parameter :: f100 = __FILE__
# 20 "marker.F90"
  integer, parameter :: l20 = __LINE__
  character(len=*), parameter :: f20 = __FILE__, s = '__FILE__'
end module m
`
	want := `module m
  integer, parameter :: l1 = 3, l2 = 3
  character(len=*), parameter :: f1 = "src/k.F90"
  integer, parameter :: l3 = 1
  character(len=*), parameter :: f2 = "src/inc.h"
  character(len=*), parameter :: f3 = "incdir/other.h", f4 = "__LINE__"
  integer, parameter :: l4 = 3
  integer, parameter :: seven = 7
  integer, parameter :: l100 = 100
  character(len=*), parameter :: f100 = "gen.F90"
  integer, parameter :: l20 = 20
  character(len=*), parameter :: f20 = "marker.F90", s = '__FILE__'
end module m
`
	got := astText(parseAs(t, "src/k.F90", src, Options{IncludeDirs: []string{"incdir/"}, ReadFile: memFS(files)}))
	if exp := astText(parseAs(t, "want.f90", want, Options{})); got != exp {
		t.Errorf("got:\n%s\nwant:\n%s", got, exp)
	}
}

// A #line without a number is an error at its argument, never ignored.
func TestCppLineMalformed(t *testing.T) {
	for _, src := range []string{"#line\n", "#line x\n", "#line 3 gen.F90\n", "#line 3 \"gen.F90\n"} {
		_, d, _ := ParseFile("k.F90", []byte(src), Options{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }})
		if len(d.Items) != 1 || d.Items[0].Code != codeCppDirectiveMalformed || d.Items[0].Span.Start.Line != 1 {
			t.Errorf("%q: got %v", src, d.Items)
		}
	}
}
