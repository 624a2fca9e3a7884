package parser

import (
	"strings"
	"testing"
)

// TestStandardLimits: names over 63 characters and free-form code past
// column 132 are warnings (gfortran rejects both); comments may run past
// column 132, a name is reported once per file, and fixed form keeps its own
// column-72 rule.
func TestStandardLimits(t *testing.T) {
	n63, n64 := strings.Repeat("a", 63), strings.Repeat("b", 64)
	code := "  x = 1.0" + strings.Repeat(" + 1.0", 21) // 135 columns
	rows := []struct {
		name, file, src string
		want            []string // codes, in order
	}{
		{"63-character name", "t.f90", "subroutine s(x)\n  real :: x, " + n63 + "\n  " + n63 + " = x\nend subroutine s\n", nil},
		{"64-character name, once", "t.f90", "subroutine s(x)\n  real :: x, " + n64 + "\n  " + n64 + " = x\nend subroutine s\n", []string{"name-too-long"}},
		{"code past 132", "t.f90", "subroutine s(x)\n  real :: x\n" + code + "\nend subroutine s\n", []string{"line-too-long"}},
		{"comment past 132", "t.f90", "subroutine s(x)\n  real :: x\n  x = 1.0 ! " + strings.Repeat("c", 140) + "\nend subroutine s\n", nil},
		{"continued before 132", "t.f90", "subroutine s(x)\n  real :: x\n" + code[:100] + " &\n  " + code[100:] + "\nend subroutine s\n", nil},
		{"string continued past 132", "t.f90", "subroutine s(x)\n  character(len=200) :: x\n  x = '" + strings.Repeat("s", 140) + "&\n  &t'\nend subroutine s\n", []string{"line-too-long"}},
		{"fixed form", "t.f", "      subroutine s(x)\n      real x\nC " + strings.Repeat("c", 140) + "\n      x = 1.0\n      end\n", nil},
		{"preprocessed free form", "t.F90", "#define ONE 1.0\nsubroutine s(x)\n  real :: x\n" + code + "\nend subroutine s\n", []string{"line-too-long"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			_, d, _ := ParseFile(r.file, []byte(r.src), Options{})
			var got []string
			for _, x := range d.Items {
				got = append(got, string(x.Code))
			}
			if strings.Join(got, " ") != strings.Join(r.want, " ") {
				t.Errorf("diagnostics %v, want %v:\n%v", got, r.want, d.Items)
			}
			for _, x := range d.Items {
				if x.Code == "line-too-long" && x.Span.Start.Col != 133 {
					t.Errorf("line-too-long at column %d, want 133", x.Span.Start.Col)
				}
			}
		})
	}
}
