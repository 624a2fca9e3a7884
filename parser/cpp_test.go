package parser

import (
	"bytes"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// astText prints f without positions, so that a preprocessed or fixed-form
// file can be compared with the free-form file it stands for.
func astText(f *ast.File) string {
	var b bytes.Buffer
	ast.Fprint(&b, f)
	s := regexp.MustCompile(` \d+:\d+`).ReplaceAllString(b.String(), "")
	_, rest, _ := strings.Cut(s, "\n") // the first line names the file
	return rest
}

// memFS serves #include files from a map.
func memFS(files map[string]string) func(string) ([]byte, error) {
	return func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, &fs.PathError{Op: "open", Path: p, Err: os.ErrNotExist}
	}
}

// parseAs parses src as name with opts and fails on any diagnostic.
func parseAs(t *testing.T, name, src string, opts Options) *ast.File {
	t.Helper()
	f, d, inc := ParseFile(name, []byte(src), opts)
	if len(d.Items) > 0 {
		if inc == nil {
			inc = diag.Sources{}
		}
		inc[name] = []byte(src)
		t.Fatalf("%s: unexpected diagnostics:\n%s", name, d.String(inc))
	}
	return f
}

func TestCppExpandsLikeTheHandWrittenFile(t *testing.T) {
	opts := Options{
		Defines:  []Define{{Name: "NX", Value: "8"}, {Name: "DEBUG", Value: "1"}, {Name: "DEBUG", Undef: true}},
		ReadFile: memFS(map[string]string{"src/consts.h": "real, parameter :: c = C0\n"}),
	}
	src := `#define C0 0.5
#define SQ(x) ((x)*(x))
#define AVG(a, b) (0.5*((a) + (b)))
module m
#include "consts.h"
contains
#if defined(DEBUG) || NX < 4
  this line is dropped
#elif NX == 8 && !defined(NY)
  elemental subroutine k(a, b, z)
    real, intent(in) :: a, b
    real, intent(out) :: z
    z = AVG(SQ(a), b*C0) + 1.0e-3 + 'C0' ! C0 in a comment
  end subroutine k
#else
  nor this one
#endif
end module m
`
	want := `module m
real, parameter :: c = 0.5
contains
  elemental subroutine k(a, b, z)
    real, intent(in) :: a, b
    real, intent(out) :: z
    z = (0.5*((((a)*(a))) + (b*0.5))) + 1.0e-3 + 'C0'
  end subroutine k
end module m
`
	got := astText(parseAs(t, "src/k.F90", src, opts))
	if exp := astText(parseAs(t, "want.f90", want, Options{})); got != exp {
		t.Errorf("got:\n%s\nwant:\n%s", got, exp)
	}
}

// Expressions of #if, each true.
func TestCppIfExpressions(t *testing.T) {
	for _, e := range []string{
		"1", "N == 3", "N*2+1 == 7", "(N-1)/2 == 1", "N % 2", "!UNDEFINED_NAME", "defined N && defined(N)",
		"!defined(M)", "N > 2 ? 1 : 0", "0x10 == 16", "1 << 4 == 16", "-N < 0", "~0 == -1", "(3 & 1) | 0", "TWICE(N) == 6",
		"N >= 3 && N <= 3 && N != 4", "0 || 2",
	} {
		src := "#define N 3\n#define TWICE(x) (2*(x))\n#if " + e + "\nmodule yes\nend module\n#else\nmodule no\nend module\n#endif\n"
		f := parseAs(t, "t.F90", src, Options{})
		if len(f.Units) != 1 || f.Units[0].(*ast.Module).Name.Name != "yes" {
			t.Errorf("#if %s: took the wrong branch", e)
		}
	}
}

// A file with a line starting with "#" is preprocessed whatever its
// extension; one without such a line, or a .F90 one, keeps its "#" errors
// and macros as they are.
func TestCppWhichFiles(t *testing.T) {
	if !needsCpp("a.f90", []byte("x\n  #define A\n")) || needsCpp("a.f90", []byte("x = 'a#b'\n")) || !needsCpp("a.F", nil) || needsCpp("a.f", nil) {
		t.Error("needsCpp picks the wrong files")
	}
}

// Diagnostics point at the original file, line and column: after a macro
// expansion on the same line, inside an #include'd file, and at a macro use.
func TestCppPositions(t *testing.T) {
	opts := Options{ReadFile: memFS(map[string]string{"dir/inc.h": "\n  y = 1 $ 2\n"}), IncludeDirs: []string{"other"}}
	src := "#define LONGER_NAME_EXPANSION (1.0 + 2.0)\nsubroutine s(x)\n  x = LONGER_NAME_EXPANSION + $\n#include \"inc.h\"\n  x = SQ(x\n#include \"none.h\"\nend subroutine\n"
	src = "#define SQ(a) a*a\n" + src
	_, d, inc := ParseFile("dir/s.F90", []byte(src), opts)
	inc["dir/s.F90"] = []byte(src)
	got := d.String(inc)
	want := `dir/inc.h:2:9: error: invalid character "$" [invalid-character]
    2 |   y = 1 $ 2
      |         ^
dir/s.F90:4:31: error: invalid character "$" [invalid-character]
    4 |   x = LONGER_NAME_EXPANSION + $
      |                               ^
dir/s.F90:6:7: error: macro "SQ": the argument list is not closed on this line [cpp-macro-call]
    6 |   x = SQ(x
      |       ^
hint: check the macro's #define and this use
dir/s.F90:7:10: error: #include file "none.h" not found [cpp-include-not-found]
    7 | #include "none.h"
      |          ^
hint: #include looks in the folder of the file that includes, then in the -I directories ("other"); add the file's folder with -I DIR
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// The -I directories are searched after the including file's folder.
func TestCppIncludeSearchOrder(t *testing.T) {
	files := map[string]string{"inc/a.h": "module from_inc\nend module\n", "src/a.h": "module from_src\nend module\n", "inc/b.h": "module b_from_inc\nend module\n"}
	f := parseAs(t, "src/k.F90", "#include \"a.h\"\n#include \"b.h\"\n", Options{IncludeDirs: []string{"inc"}, ReadFile: memFS(files)})
	if got := astText(f); !strings.Contains(got, "module from_src") || !strings.Contains(got, "module b_from_inc") || strings.Contains(got, "module from_inc\n") {
		t.Errorf("got:\n%s", got)
	}
}

// An #include of something that is not a regular file is an error, not
// a hang.
func TestCppIncludeDevice(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, d, _ := ParseFile("k.F90", []byte("#include \"/dev/zero\"\n"), Options{})
	if len(d.Items) != 1 || d.Items[0].Code != codeCppIncludeNotRegular || !strings.Contains(d.Items[0].Msg, "is a character device") {
		t.Errorf("got %v", d.Items)
	}
}

func TestParseDefine(t *testing.T) {
	for arg, want := range map[string]Define{"N": {Name: "N", Value: "1"}, "N=4": {Name: "N", Value: "4"}, "F=a=b": {Name: "F", Value: "a=b"}, "E=": {Name: "E"}} {
		if got, err := ParseDefine(arg); err != nil || got != want {
			t.Errorf("ParseDefine(%q) = %+v, %v; want %+v", arg, got, err, want)
		}
	}
	for _, bad := range []string{"", "1N", "A-B=2"} {
		if _, err := ParseDefine(bad); err == nil {
			t.Errorf("ParseDefine(%q): no error", bad)
		}
	}
}
