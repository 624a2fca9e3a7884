package hostgen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/internal/cltest"
)

// joinFortran undoes continuation lines as a Fortran compiler reads them:
// a line ending in & goes on at the next line, after its leading & if it
// has one (then exactly, blanks before the first & included), else after
// one blank.
func joinFortran(lines []string) string {
	var out strings.Builder
	pending := "" // the line before, without its final &
	cont := false
	for _, ln := range lines {
		s := strings.TrimLeft(ln, " ")
		if cont {
			if rest, ok := strings.CutPrefix(s, "&"); ok {
				out.WriteString(pending)
				s = rest
			} else {
				out.WriteString(strings.TrimRight(pending, " ") + " ")
			}
		}
		cont = strings.HasSuffix(s, "&")
		if !cont {
			out.WriteString(s)
			continue
		}
		pending = strings.TrimSuffix(s, "&")
	}
	if cont {
		out.WriteString(pending + "&")
	}
	return out.String()
}

// TestFortranLines: a statement longer than 132 characters becomes lines
// of at most 132 that read back as the same statement, breaking outside
// literals where it can and inside a token or literal (with & on both
// sides) where it cannot; comments become comment lines.
func TestFortranLines(t *testing.T) {
	names := make([]string, 20)
	for i := range names {
		names[i] = "fcl_a_rather_long_dummy_name_" + string(rune('a'+i))
	}
	list := "call forocl_ndrange(fcl_name, [" + strings.Join(names, ", ") + "], fcl_st, fcl_msg)"
	quoted := "fcl_msg = '" + strings.Repeat("it''s, a ", 30) + "' // \"say \"\"no\"\"\""
	token := "x = " + strings.Repeat("y", 300) + " + 1"
	for _, c := range []struct {
		name, line string
		lines      int // at least
	}{
		{"list", "      " + list, 3},
		{"list going on", "    " + list[:len(list)-1] + ", &", 3},
		{"literal", "  " + quoted, 3},
		{"token", "  " + token, 3},
		{"deep", strings.Repeat(" ", 200) + list, 3},
	} {
		out := fortranLines(c.line)
		for i, ln := range out {
			if len(ln) > fortMaxLine {
				t.Errorf("%s: line %d has %d characters", c.name, i+1, len(ln))
			}
		}
		if len(out) < c.lines {
			t.Errorf("%s: %d lines, want at least %d", c.name, len(out), c.lines)
		}
		want := strings.TrimLeft(c.line, " ")
		if w, ok := strings.CutSuffix(want, " &"); ok { // the statement goes on at x
			out = append(out, "x")
			want = w + " x"
		}
		if got := joinFortran(out); got != want {
			t.Errorf("%s: reads back as\n%s\nwant\n%s\nlines:\n%s", c.name, got, want, strings.Join(out, "\n"))
		}
	}

	// A trailing comment moves above its statement; a long comment is
	// split into comment lines with every word kept.
	words := strings.Repeat("word ", 40)
	out := fortranLines("  type(forocl_kernel), save :: fcl_k1  ! " + words)
	if last := out[len(out)-1]; last != "  type(forocl_kernel), save :: fcl_k1" {
		t.Errorf("the statement is %q", last)
	}
	for _, ln := range out[:len(out)-1] {
		if !strings.HasPrefix(ln, "  ! ") || len(ln) > fortMaxLine {
			t.Errorf("comment line %q", ln)
		}
	}
	if n := strings.Count(strings.Join(out, " "), "word"); n != 40 {
		t.Errorf("%d words kept, want 40", n)
	}
	if out := fortranLines("! " + strings.Repeat("z", 300)); len(out) != 3 || strings.Join(out, "") != "! "+strings.Repeat("z", 130)+"! "+strings.Repeat("z", 130)+"! "+strings.Repeat("z", 40) {
		t.Errorf("a long word in a comment: %q", out)
	}
	// A "!" inside a literal starts no comment.
	if out := fortranLines("  msg = '" + strings.Repeat("!", 200) + "'"); joinFortran(out) != "msg = '"+strings.Repeat("!", 200)+"'" {
		t.Errorf("a literal of !: %q", out)
	}
}

// TestFortranLinesGfortran: gfortran reads the broken lines as the
// statements they were: a literal broken inside (next to blanks and
// doubled quotes) prints as written, and a broken array constructor of
// long names sums as written.
func TestFortranLinesGfortran(t *testing.T) {
	cltest.Gfortran(t)
	text := strings.Repeat("it''s,  a ", 30)
	names := make([]string, 12)
	for i := range names {
		names[i] = fmt.Sprintf("a_rather_long_variable_name_number_%02d", i+1)
	}
	var src []string
	src = append(src, "program p", "  implicit none", "  character(len=:), allocatable :: m")
	src = append(src, fortranLines("  integer :: "+strings.Join(names, ", "))...)
	for i, n := range names {
		src = append(src, fmt.Sprintf("  %s = %d", n, i+1))
	}
	src = append(src, fortranLines("  m = '"+text+"' // \"!\"\"\"")...)
	src = append(src, fortranLines("  print '(i0)', sum(["+strings.Join(names, ", ")+"])")...)
	src = append(src, "  print '(a)', m", "end program p")
	dir := t.TempDir()
	f := filepath.Join(dir, "p.f90")
	if err := os.WriteFile(f, []byte(strings.Join(src, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "p")
	if out, err := exec.Command("gfortran", "-std=f2008", "-Wall", "-Werror", "-o", exe, f).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s\n%s", err, out, strings.Join(src, "\n"))
	}
	out, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "78\n" + strings.ReplaceAll(text, "''", "'") + "!\"\n"; string(out) != want {
		t.Errorf("printed %q, want %q", out, want)
	}
}
