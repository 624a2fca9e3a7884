package robust

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/regions"
)

// kernel1d wraps body (lines of statements) in a stand-alone 1-D kernel
// k(a, b), a intent(in) and b intent(out).
func kernel1d(body string) string {
	return "subroutine k(a, b)\n" +
		"!$OFP PURE, KERNEL :: k\n" +
		"  real, dimension(:), contiguous, intent(in)  :: a\n" +
		"  real, dimension(:), contiguous, intent(out) :: b\n" +
		body +
		"end subroutine k\n"
}

// manyFunctions is a valid module of about 50,000 lines: 12,497 elemental
// functions and one kernel that calls three of them.
func manyFunctions() []byte {
	var b bytes.Buffer
	b.WriteString("module big\n  implicit none\ncontains\n")
	for i := 0; i < 12497; i++ {
		fmt.Fprintf(&b, "  pure elemental real function f%d(x)\n    real, intent(in) :: x\n    f%d = x*%d.0 + 1.0\n  end function f%d\n", i, i, i%97, i)
	}
	b.WriteString("  subroutine k(a, b)\n  !$OFP PURE, KERNEL :: k\n" +
		"    real, dimension(:), contiguous, intent(in) :: a\n" +
		"    real, dimension(:), contiguous, intent(out) :: b\n" +
		"    b = f0(a) + f6000(a) + f12496(a)\n  end subroutine k\nend module big\n")
	return b.Bytes()
}

// longKernel is one kernel of 50,000 lines, each an assignment to b.
func longKernel() []byte {
	var b strings.Builder
	for i := 0; i < 49995; i++ {
		fmt.Fprintf(&b, "  b = a*%d.0 + 1.0\n", i)
	}
	return []byte(kernel1d(b.String()))
}

// longLine is a kernel whose one assignment is a line of 100,000
// characters.
func longLine() []byte {
	var b strings.Builder
	b.WriteString("  b = a")
	for i := 1; b.Len() < 100000; i++ {
		fmt.Fprintf(&b, " + a*%d.0", i%10)
	}
	b.WriteString("\n")
	return []byte(kernel1d(b.String()))
}

// withoutEnd cuts src before its last "end" statement.
func withoutEnd(src string) []byte {
	return []byte(src[:strings.LastIndex(src, "end ")])
}

// garbage is n random bytes from a fixed seed.
func garbage(seed int64, n int) []byte {
	r := rand.New(rand.NewSource(seed))
	b := make([]byte, n)
	r.Read(b)
	return b
}

// TestPathological runs awkward files through driver.Compile (and the
// OpenCL emitter when the driver accepts them). Each must finish in time,
// without a panic, with diagnostics that point into the file, and with the
// expected outcome: success with the given number of kernels, or an error
// ending in want (not always the first: a top-level statement outside any
// unit opens a main program, and "program is never closed" sorts at 1:1).
func TestPathological(t *testing.T) {
	comment := kernel1d("  ! é ü ñ 日本語 — ∇·u = 0, comments may hold any UTF-8\n  b = a ! ¡fine!\n")
	tests := []struct {
		name    string
		src     func() []byte
		want    string // "" for success; else an error, without "file:"
		also    string // a second error that must be there too
		kernels int    // on success
		limit   time.Duration
	}{
		{name: "empty file", src: func() []byte { return nil }},
		{name: "only blank lines and comments", src: func() []byte { return []byte("\n\n   ! nothing here\n\t\n") }},
		{name: "random bytes", src: func() []byte { return garbage(1, 4096) }, want: "3:1: error: invalid byte 0xfe (the file is not valid UTF-8)"},
		{name: "random printable", src: func() []byte {
			b := garbage(2, 8192)
			for i := range b {
				b[i] = ' ' + b[i]%95
			}
			return b
		}, want: `1:162: error: invalid character "~"`},
		{name: "NUL bytes", src: func() []byte { return make([]byte, 1000) }, want: "1:1: error: invalid character U+0000"},
		{name: "NUL in a kernel", src: func() []byte { return []byte(kernel1d("  b = a\x00\n")) }, want: "5:8: error: invalid character U+0000"},
		// The three big inputs take 1 to 5 s here: parsing costs about 50µs
		// a declaration or header (participle; assignments take a few µs in
		// the hand-written expression parser, see parser's Note
		// [expressions]), and the OpenCL emitter builds
		// long expressions by repeated string concatenation (quadratic; 3 s
		// of the 100,000-character line). The limit catches hangs and
		// blow-ups, not slowness.
		{name: "50,000 lines of elemental functions", src: manyFunctions, kernels: 1, limit: 20 * time.Second},
		{name: "50,000-line kernel", src: longKernel, kernels: 1, limit: 20 * time.Second},
		{name: "line of 100,000 characters", src: longLine, kernels: 1, limit: 20 * time.Second},
		{name: "10,000 nested parentheses", src: func() []byte {
			return []byte(kernel1d("  b = " + strings.Repeat("(", 10000) + "a" + strings.Repeat(")", 10000) + "\n"))
		}, want: "5:207: error: expression nested too deeply"},
		{name: "10,000 nested parentheses, unbalanced", src: func() []byte {
			return []byte(kernel1d("  b = " + strings.Repeat("(", 10000) + "a\n"))
		}, want: "5:207: error: expression nested too deeply"},
		{name: "unterminated module", src: func() []byte { return []byte("module m\n  implicit none\ncontains\n") }, want: `1:1: error: module "m" is never closed`},
		{name: "unterminated subroutine", src: func() []byte { return withoutEnd(kernel1d("  b = a\n")) }, want: `1:1: error: subroutine "k" is never closed`},
		{name: "unterminated where", src: func() []byte { return withoutEnd(kernel1d("  where (a > 0.0)\n    b = a\n")) },
			want: `1:1: error: subroutine "k" is never closed`, also: `5:3: error: "where" construct is never closed`},
		{name: "unterminated if", src: func() []byte {
			return withoutEnd("module m\ncontains\n" + kernel1d("  if (a(1) > 0.0) then\n    b = a\n"))
		},
			want: `1:1: error: module "m" is never closed`, also: `7:3: error: "if" construct is never closed`},
		{name: "where closed by end subroutine", src: func() []byte { return []byte(kernel1d("  where (a > 0.0)\n    b = a\n")) }, want: `5:3: error: "where" construct is never closed`},
		{name: "if closed by end subroutine", src: func() []byte { return []byte(kernel1d("  if (a(1) > 0.0) then\n    b = a\n")) }, want: `5:3: error: "if" construct is never closed`},
		{name: "string at end of file", src: func() []byte { return []byte("x = 'abc") }, want: "1:5: error: unterminated string"},
		{name: "continuation at end of file", src: func() []byte { return []byte("x = 1 + &\n") }, want: "1:9: error: statement continues past the end of the file"},
		{name: "directive naming a function", src: func() []byte {
			return []byte("module m\ncontains\n  pure real function f(x)\n  !$OFP PURE, KERNEL :: f\n    real, intent(in) :: x\n    f = x\n  end function f\nend module m\n")
		}, want: `3:22: error: kernel "f" has no array arguments`},
		{name: "non-ASCII in comments", src: func() []byte { return []byte(comment) }, kernels: 1},
		{name: "non-ASCII identifier", src: func() []byte { return []byte(kernel1d("  real :: café\n  b = a\n")) }, want: `5:14: error: invalid character "é" (U+00E9)`},
		{name: "non-ASCII operator", src: func() []byte { return []byte(kernel1d("  b = a × 2.0\n")) }, want: `5:9: error: invalid character "×" (U+00D7)`},
		// gfortran accepts a UTF-8 byte order mark (Windows editors write
		// one), and so does the lexer, at the start of the file only.
		{name: "byte order mark", src: func() []byte { return append([]byte("\xef\xbb\xbf"), kernel1d("  b = a\n")...) }, kernels: 1},
		{name: "byte order mark inside", src: func() []byte { return []byte(kernel1d("  b = a\n  \xef\xbb\xbf\n")) }, want: `6:3: error: invalid character "\ufeff" (U+FEFF)`},
		{name: "CR only line endings", src: func() []byte { return []byte(strings.ReplaceAll(kernel1d("  b = a\n"), "\n", "\r")) }, want: `1:1: error: subroutine "k" is never closed`},
	}
	dir := t.TempDir()
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src()
			path := filepath.Join(dir, fmt.Sprintf("case%d.f90", i))
			if err := os.WriteFile(path, src, 0o644); err != nil {
				t.Fatal(err)
			}
			limit := tc.limit
			if limit == 0 {
				limit = 5 * time.Second
			}
			var (
				res  = new(struct{ diags diag.List })
				cl   map[regions.Strategy]string
				kern int
			)
			el := within(t, limit, func() {
				r, c := compileFile(path)
				res.diags, cl = r.Diags, c
				if r.Program != nil {
					kern = len(r.Program.Kernels)
				}
			})
			checkDiags(t, path, src, res.diags)
			got := firstError(res.diags)
			switch {
			case tc.want == "" && got != "":
				t.Errorf("want success, got %s", got)
			case tc.want != "" && !hasError(res.diags, tc.want):
				t.Errorf("no error ending in %q; first error: %s", tc.want, got)
			case tc.also != "" && !hasError(res.diags, tc.also):
				t.Errorf("no error ending in %q; first error: %s", tc.also, got)
			case tc.want == "" && kern != tc.kernels:
				t.Errorf("%d kernels, want %d", kern, tc.kernels)
			case tc.want == "" && tc.kernels > 0 && (cl[regions.Local] == "" || cl[regions.Direct] == ""):
				t.Errorf("no OpenCL generated")
			}
			t.Logf("%v, %d bytes, %d diagnostics", el.Round(time.Millisecond), len(src), len(res.diags.Items))
		})
	}
}
