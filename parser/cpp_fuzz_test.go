package parser

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/internal/fsutil"
)

// FuzzSourceForms runs the preprocessor and the fixed-form reader over
// arbitrary text: no panic, and every diagnostic's position agrees with
// the file it names (the source itself or the one #include file there is).
func FuzzSourceForms(f *testing.F) {
	for _, pat := range []string{"../testdata/kernels/*.F90", "../testdata/kernels/*.f", "../testdata/kernels/*.F", "../robust/testdata/errors/cpp-*.f90"} {
		m, _ := filepath.Glob(pat)
		for _, fn := range m {
			if src, err := os.ReadFile(fn); err == nil {
				f.Add(src, false)
				f.Add(src, true)
			}
		}
	}
	for _, s := range []string{
		"#define F(a,b) a+b\nx = F(1,\n", "#if (1\n#elif\n#else\n#else\n#endif\n#endif", "#include \"inc.h\"\n#include \"inc.h\"",
		"     &x\n      X = 'A\n     &B'\n", "\t1 x\n   10 Y = 1 +\nC\n     1 2", "#define A A B\n#define B A\nx = A\n",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	inc := []byte("#define N 3\n  y = N $\n#include \"inc.h\"\n")
	f.Fuzz(func(t *testing.T, src []byte, fixed bool) {
		form := FormFree
		if fixed {
			form = FormFixed
		}
		name := "t.F90"
		file, d, _ := ParseFile(name, src, Options{Form: form, ReadFile: func(p string) ([]byte, error) {
			if filepath.Base(p) == "inc.h" {
				return inc, nil
			}
			return nil, os.ErrNotExist
		}})
		if file == nil {
			t.Fatal("nil file")
		}
		for _, x := range d.Items {
			text := src
			if x.Span.Start.File != name {
				text = inc
			}
			checkDiags(t, text, diag.List{Items: []diag.Diagnostic{renamed(x, name)}})
		}
	})
}

// renamed returns d with its file named name (checkDiags wants "t.f90").
func renamed(d diag.Diagnostic, name string) diag.Diagnostic {
	set := func(s diag.Span) diag.Span {
		if s.Start.File != "" {
			s.Start.File = "t.f90"
		}
		if s.End.File != "" {
			s.End.File = "t.f90"
		}
		return s
	}
	d.Span = set(d.Span)
	notes := make([]diag.NoteMsg, len(d.Notes))
	for i, n := range d.Notes {
		notes[i] = diag.NoteMsg{Span: set(n.Span), Msg: n.Msg}
	}
	d.Notes = notes
	return d
}

// fuzzLimits are the lowered limits of FuzzCppLimits: small enough that an
// input that reaches them costs a millisecond, not a second.
var fuzzLimits = cppLimits{size: 64 << 10, work: 256 << 10, include: 4 << 10}

// FuzzCppLimits runs the preprocessor with lowered limits (Note
// [preprocessor limits]) over a file and one include file that every
// "*.h" names (so "#include \"a.h\"" twice in it doubles at each level),
// and three real files that an #include may name: /proc/self/pagemap,
// /dev/zero and /dev/null. A watchdog fails an input that takes more than
// two seconds or allocates more than 64 MiB: a limit that is counted after
// the fact, or not at all, shows as one of those. Every run that passes a
// limit reports it with its code.
func FuzzCppLimits(f *testing.F) {
	self := "#include \"a.h\"\n#include \"a.h\"\n"
	big := "#define BIG " + strings.Repeat("x+", 500) + "x\n" + strings.Repeat("y = BIG\n", 200)
	nested := "#define F(x)\n#define E\n#define A0 F(E E E E E E E E E E)\n#define A1 F(A0 A0 A0 A0 A0 A0 A0 A0 A0 A0)\n" +
		"#define A2 F(A1 A1 A1 A1 A1 A1 A1 A1 A1 A1)\n#define A3 F(A2 A2 A2 A2 A2 A2 A2 A2 A2 A2)\n#define A4 F(A3 A3 A3 A3 A3 A3 A3 A3 A3 A3)\nx = A4\n"
	for _, s := range [][2]string{
		{self, self},                              // a file that includes itself twice
		{self, "! one level\n" + self},            // each level includes the next twice
		{"#include \"/proc/self/pagemap\"\n", ""}, // reads without end
		{big, ""},    // 2000 uses of a large macro
		{nested, ""}, // work without output
		{"#include \"/dev/zero\"\n#include \"/dev/null\"\n", ""},
		{"#define M(a) a a a a\n#include \"a.h\"\n", "x = M(M(M(M(M(M(M(M(1))))))))\n#include \"a.h\"\n"},
	} {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	lim := &fuzzLimits
	real := map[string]bool{"/proc/self/pagemap": true, "/dev/zero": true, "/dev/null": true}
	f.Fuzz(func(t *testing.T, src, inc []byte) {
		read := func(p string) ([]byte, error) {
			if real[p] {
				return fsutil.ReadRegular(p, lim.include)
			}
			if strings.HasSuffix(p, ".h") {
				return inc, nil
			}
			return nil, os.ErrNotExist
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		done := make(chan diag.List, 1)
		go func() {
			_, d, _ := ParseFile("t.F90", src, Options{ReadFile: read, limits: lim})
			done <- d
		}()
		var d diag.List
		select {
		case d = <-done:
		case <-time.After(2 * time.Second):
			t.Fatalf("still running after 2s")
		}
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
			t.Errorf("allocated %d MiB", alloc>>20)
		}
		for _, x := range d.Items {
			if x.Code == codeCppOutputTooLarge || x.Code == codeCppExpansionWork || x.Code == codeCppIncludeTooLarge || x.Code == codeCppIncludeNotRegular {
				if !x.Span.Start.IsValid() {
					t.Errorf("%s has no position", x.Code)
				}
			}
		}
	})
}

// TestCppLimitsFuzzSeeds: the seeds of FuzzCppLimits that pass a limit
// report it, with the lowered limits.
func TestCppLimitsFuzzSeeds(t *testing.T) {
	lim := &fuzzLimits
	self := "#include \"a.h\"\n#include \"a.h\"\n"
	for _, c := range []struct {
		src, inc string
		want     diag.Code
	}{
		{self, self, codeCppIncludeTooDeep},
		{self, "! one level\n" + self, codeCppIncludeTooDeep},
		{"#define BIG " + strings.Repeat("x+", 500) + "x\n" + strings.Repeat("y = BIG\n", 200), "", codeCppOutputTooLarge},
		{strings.Repeat("#include \"a.h\"\n", 80), "x = 1\n", codeCppOutputTooLarge},
		{"#include \"b.h\"\n", strings.Repeat("x", 5<<10), codeCppIncludeTooLarge},
		{"#define M(a) a a a a\nx = M(M(M(M(M(M(M(M(M(M(1))))))))))\n", "", codeCppExpansionWork},
	} {
		read := func(p string) ([]byte, error) { return []byte(c.inc), nil }
		_, d, _ := ParseFile("t.F90", []byte(c.src), Options{ReadFile: read, limits: lim})
		if len(d.Items) != 1 || d.Items[0].Code != c.want {
			t.Errorf("%.40q: want one [%s], got %v", c.src, c.want, d.Items)
		}
	}
}
