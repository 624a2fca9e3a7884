package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// charsArgs are forocl run's arguments for testdata/kernels/loop_chars.f90's
// copy_tile (Note [host characters] in ir/chars.go), with more --set
// values; a value of sets replaces the one of its name.
func charsArgs(sets ...string) []string {
	all := []string{"target%data%lb1=0", "target%data%lb2=1", "source%data%lb1=0", "source%data%lb2=1",
		"source%steps=3", "target%steps=0", "scale=1.5", "source%name=height", "target%name=x",
		"source%unit=m", "target%unit=abc", "label=west", "tag=ab"}
	args := []string{"../../testdata/kernels/loop_chars.f90", "--kernel", "copy_tile", "--grid", "7x5"}
	for _, s := range all {
		name, _, _ := strings.Cut(s, "=")
		for _, o := range sets {
			if strings.HasPrefix(o, name+"=") {
				s = o
			}
		}
		args = append(args, "--set", s)
	}
	return args
}

// TestCompareCharacters: forocl compare compares each character output
// with gfortran's, value and length; forocl run prints them.
func TestCompareCharacters(t *testing.T) {
	requireGfortran(t)
	requireOpenCL(t)
	code, stdout, stderr := cli(t, append([]string{"compare", "--device", testDevice()}, charsArgs()...)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		`tag  character  match: "westab" (len 6)`,
		`target%name  character  match: "height_west" (len 11)`,
		`target%unit  character  match: "m     " (len 6)`,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no line %q in\n%s", want, stdout)
		}
	}
	// The IFs between nests compare characters: each branch in turn.
	for _, sets := range [][]string{{"label=apple", "source%unit=km"}, {"source%name=key", "label=x"}} {
		if code, stdout, stderr := cli(t, append([]string{"compare", "--device", testDevice()}, charsArgs(sets...)...)...); code != 0 {
			t.Errorf("%v: exit %d\n%s%s", sets, code, stdout, stderr)
		}
	}
	// Two dummies of one declaration, and one without intent.
	code, stdout, stderr = cli(t, "compare", "--device", testDevice(), "testdata/chars_multi.f90", "--grid", "5",
		"--set", "first=ab", "--set", "second=cdef", "--set", "third=zz")
	if code != 0 || !strings.Contains(stdout, `third  character  match: "abcde" (len 5)`) {
		t.Errorf("chars_multi: exit %d\n%s%s", code, stdout, stderr)
	}
	// Passed on to a callee written out in the kernel.
	code, stdout, stderr = cli(t, "compare", "--device", testDevice(), "testdata/chars_callee.f90", "--kernel", "k6", "--grid", "5",
		"--set", "f%name=x", "--set", "mode=west")
	if code != 0 || !strings.Contains(stdout, `f%name  character  match: "west!" (len 5)`) {
		t.Errorf("chars_callee: exit %d\n%s%s", code, stdout, stderr)
	}
	// A component only compared: a parameter all the same.
	for _, unit := range []string{"m", "km"} {
		code, stdout, stderr = cli(t, "compare", "--device", testDevice(), "testdata/chars_compare_only.f90", "--grid", "5",
			"--set", "n=5", "--set", "f%unit="+unit)
		if code != 0 || !strings.Contains(stdout, "f%unit  character  match") {
			t.Errorf("chars_compare_only, unit %s: exit %d\n%s%s", unit, code, stdout, stderr)
		}
	}
	code, stdout, stderr = cli(t, append([]string{"run", "--device", testDevice()}, charsArgs()...)...)
	if code != 0 || !strings.Contains(stdout, "target%name = \"height_west\"\n") || !strings.Contains(stdout, "tag = \"westab\"\n") {
		t.Errorf("run: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestSetCharacterTooLong: a --set value longer than a len=N dummy is
// an error, as a value out of a number's range is, not cut short in
// silence; text for a number is a usage error.
func TestSetCharacterTooLong(t *testing.T) {
	for _, tc := range []struct {
		set  string
		code int
		want string
	}{
		{"tag=abcdefg", 1, `--set tag=abcdefg: "tag" is character(len=6), and the value has 7 characters; give at most 6`},
		{"source%steps=fast", 2, `--set source%steps=fast: "fast" is not a number`},
	} {
		code, _, stderr := cli(t, append([]string{"run"}, charsArgs(tc.set)...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("--set %s: exit %d, want %d with %q:\n%s", tc.set, code, tc.code, tc.want, stderr)
		}
	}
}

// TestCompareStructResultCharacter: a function whose result is a
// structure returns its character component (res = self copies
// self%name), and compare compares it with gfortran's.
func TestCompareStructResultCharacter(t *testing.T) {
	requireGfortran(t)
	requireOpenCL(t)
	code, stdout, stderr := cli(t, "compare", "--device", testDevice(), filepath.Join(kernelsDir, "loop_field_ops.f90"),
		"--kernel", "field_div_real", "--grid", "5x4", "--set", "self%data%lb1=0", "--set", "self%data%lb2=0",
		"--set", "self%edge_size=5", "--set", "x=4", "--set", "self%name=water_height")
	if code != 0 || !strings.Contains(stdout, `res%name  character  match: "water_height" (len 12)`) {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestRunCharacterSteps: with --steps, each step's intent(inout)
// characters are the step before's; a kernel that compares a character
// it assigns runs one step at a time.
func TestRunCharacterSteps(t *testing.T) {
	requireOpenCL(t)
	code, stdout, stderr := cli(t, append([]string{"run", "--device", testDevice(), "--steps", "3"}, charsArgs("label=w")...)...)
	if code != 0 || !strings.Contains(stdout, "tag = \"wwwab \"\n") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = cli(t, "run", "--device", testDevice(), "--steps", "2", "testdata/chars_steps.f90", "--grid", "4", "--set", "mode=up")
	if want := `--steps 2: kernel "flip" compares character mode at line 9, which it assigns`; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, want 1 with %q:\n%s", code, want, stderr)
	}
	code, stdout, stderr = cli(t, "run", "--device", testDevice(), "testdata/chars_steps.f90", "--grid", "4", "--set", "mode=up")
	if code != 0 || !strings.Contains(stdout, "mode = \"down\"\n") {
		t.Errorf("one step: exit %d\n%s%s", code, stdout, stderr)
	}
}
