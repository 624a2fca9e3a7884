package parser

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// checkDiags fails if a diagnostic (or note) points outside src.
func checkDiags(t testing.TB, src []byte, d diag.List) {
	t.Helper()
	ok := func(s diag.Span) bool {
		p := s.Start
		if !p.IsValid() {
			return false
		}
		if p.Offset < 0 || p.Offset > len(src) || p.Col < 1 || p.File != "t.f90" {
			return false
		}
		// Line and column agree with the offset.
		line := 1 + strings.Count(string(src[:p.Offset]), "\n")
		col := p.Offset - (strings.LastIndexByte(string(src[:p.Offset]), '\n') + 1) + 1
		return line == p.Line && col == p.Col
	}
	for _, x := range d.Items {
		if !ok(x.Span) {
			t.Errorf("diagnostic %q has a bad position %+v", x.Msg, x.Span.Start)
		}
		for _, n := range x.Notes {
			if !ok(n.Span) {
				t.Errorf("note %q has a bad position %+v", n.Msg, n.Span.Start)
			}
		}
		if strings.Contains(x.Msg, "internal error") {
			t.Errorf("internal error: %s", x.Msg)
		}
	}
}

func timedParse(t *testing.T, src string) (*ast.File, diag.List, time.Duration) {
	t.Helper()
	t0 := time.Now()
	f, d := Parse("t.f90", []byte(src))
	el := time.Since(t0)
	if f == nil {
		t.Fatal("nil file")
	}
	checkDiags(t, []byte(src), d)
	return f, d, el
}

// firstMsg returns the first error's message, or without errors the first
// warning's (such as line-too-long).
func firstMsg(d diag.List) string {
	for _, x := range d.Items {
		if x.Severity == diag.Error {
			return x.Msg
		}
	}
	if len(d.Items) == 0 {
		return ""
	}
	return d.Items[0].Msg
}

func TestPathological(t *testing.T) {
	deep := "program p\nx = " + strings.Repeat("(", 10000) + "a" + strings.Repeat(")", 10000) + "\nend\n"
	var long strings.Builder
	long.WriteString("program p\nx = a0")
	for i := 1; long.Len() < 100000; i++ {
		fmt.Fprintf(&long, " + a%d*b(%d)", i, i)
	}
	long.WriteString("\nend\n")
	var many strings.Builder
	many.WriteString("subroutine s(a, x)\n  real, intent(in) :: a(:)\n  real :: x(:)\n")
	for i := 0; i < 50000; i++ {
		fmt.Fprintf(&many, "  x(%d) = a(%d)*2.0 + b - c/d ! comment\n", i, i+1)
	}
	many.WriteString("end subroutine s\n")

	tests := []struct {
		name, src string
		msg       string // first diagnostic; "" for none
		limit     time.Duration
	}{
		{"empty", "", "", 2 * time.Second},
		{"blank", "\n\n   \n\t\n", "", 2 * time.Second},
		{"deep parens", deep, "expression nested too deeply", 2 * time.Second},
		{"deep constructor", "program p\nx = " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "\nend\n", "expression nested too deeply", 2 * time.Second},
		{"deep signs", "program p\nx = " + strings.Repeat("- ", 20000) + "a\nend\n", "expression nested too deeply", 10 * time.Second},
		{"deep power", "program p\nx = a" + strings.Repeat("**a", 20000) + "\nend\n", "expression nested too deeply", 10 * time.Second},
		{"long line", long.String(), "this line has code up to column 100000; free-form Fortran lines end at column 132", 10 * time.Second},
		{"many lines", many.String(), "", 60 * time.Second},
		{"nul bytes", "program p\n x = \x00\x00 1\nend\n", "invalid character U+0000", 2 * time.Second},
		{"invalid utf8", "program p\n x = \xff\xfe\nend\n", "invalid byte 0xff (the file is not valid UTF-8)", 2 * time.Second},
		{"unterminated string", "program p\n s = 'abc\n", "program \"p\" is never closed", 2 * time.Second},
		{"lone ampersand", "&", "statement continues past the end of the file", 2 * time.Second},
		{"ampersand at eof", "program p\nx = 1 &", "program \"p\" is never closed", 2 * time.Second},
		{"string continued at eof", "program p\nx = 'a&\n", "program \"p\" is never closed", 2 * time.Second},
		{"only end", "end", "unexpected \"end\": no program unit is open", 2 * time.Second},
		{"only directive", "!$OFP PURE, KERNEL :: k\n", "", 2 * time.Second},
		{"bad directive", "!$OFP PURE KERNEL k\n", "malformed !$OFP directive: expected \",\" or \"::\"", 2 * time.Second},
		{"garbage", "\x01\x02)))(((", "invalid character U+0001", 2 * time.Second},
		{"deep where", strings.Repeat("where (a > 0)\n", 10000) + "end\n", "", 10 * time.Second},
		{"huge integer", "program p\nx = 99999999999999999999999\nend\n", "", 2 * time.Second},
		{"byte order mark", "\xef\xbb\xbfprogram p\nx = 1\nend\n", "", 2 * time.Second},
		{"byte order mark, error on line 1", "\xef\xbb\xbfprogram p $\nend\n", `invalid character "$"`, 2 * time.Second},
		{"only a byte order mark", "\xef\xbb\xbf", "", 2 * time.Second},
		{"binary header", "PK\x03\x04\x14\x00\x00\x00\x08\x00!\x00", "invalid character U+0003", 2 * time.Second},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, d, el := timedParse(t, tc.src)
			if got := firstMsg(d); tc.msg != "" && got != tc.msg || tc.msg == "" && got != "" && tc.name != "deep where" && tc.name != "only directive" {
				t.Errorf("first diagnostic %q, want %q", got, tc.msg)
			}
			if el > tc.limit {
				t.Errorf("took %v (limit %v)", el, tc.limit)
			}
			t.Logf("%s: %v, %d diagnostics", tc.name, el, len(d.Items))
		})
	}
}
