package oracle

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestWrapSourceGfortran holds that wrapped lines mean what the long line
// meant: a character literal with commas and a doubled quote, broken
// inside the literal, and a 63-character name, print the same text under
// gfortran, and every line fits 132 columns.
func TestWrapSourceGfortran(t *testing.T) {
	if _, err := exec.LookPath("gfortran"); err != nil {
		t.Skipf("gfortran not found: %v", err)
	}
	name := strings.Repeat("n", 60) + "_63"
	text := strings.Repeat("a, b,c  it''s ", 25) // 350 characters, commas inside
	want := strings.ReplaceAll(text, "''", "'")
	src := "program w\n  implicit none\n  character(len=*), parameter :: " + name + " = '" + text + "'\n" +
		"  print '(a)', " + name + "\nend program w\n"
	wrapped := wrapSource(src)
	for i, l := range strings.Split(wrapped, "\n") {
		if len(l) > maxLine {
			t.Errorf("line %d has %d columns: %s", i+1, len(l), l)
		}
	}
	if strings.Count(wrapped, "\n") < strings.Count(src, "\n")+2 {
		t.Fatalf("the long line was not broken:\n%s", wrapped)
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "w.f90")
	if err := os.WriteFile(f, []byte(wrapped), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "w")
	if out, err := exec.Command("gfortran", "-o", exe, f).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s\n%s", err, out, wrapped)
	}
	out, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSuffix(string(out), "\n"); got != want {
		t.Errorf("wrapped program prints\n%q\nwant\n%q\nsource:\n%s", got, want, wrapped)
	}
}

// TestWrapLineShort leaves lines within the limit alone and breaks after
// commas outside literals where one fits.
func TestWrapLineShort(t *testing.T) {
	if got := wrapLine("  call k(a, b)", 132); len(got) != 1 || got[0] != "  call k(a, b)" {
		t.Errorf("short line: %q", got)
	}
	got := wrapLine("  call k(aaaa, bbbb, 'x,y', cccc)", 20)
	for _, l := range got {
		if len(l) > 20 {
			t.Errorf("%q is longer than 20", l)
		}
	}
	if len(got) < 2 || !strings.HasSuffix(got[0], ", &") || !strings.HasPrefix(strings.TrimLeft(got[1], " "), "& ") {
		t.Errorf("want a break after a comma: %q", got)
	}
}
