package sema

import (
	"strings"
	"testing"
)

// elem is an elemental kernel with the given declarations and body: two
// inputs x, y and an output r.
func elem(implicitNone bool, decls, body string) string {
	var b strings.Builder
	b.WriteString("module m\n")
	if implicitNone {
		b.WriteString("  implicit none\n")
	}
	b.WriteString("contains\n  pure elemental subroutine e(x, y, r)\n    real, intent(in) :: x, y\n    real, intent(out) :: r\n")
	for _, l := range lines(decls) {
		b.WriteString("    " + l + "\n")
	}
	for _, l := range lines(body) {
		b.WriteString("    " + l + "\n")
	}
	b.WriteString("  end subroutine e\nend module m\n")
	return b.String()
}

// TestWarnings has one row per warning of Note [warnings]: the pieces of
// rendered text it must contain, and what it must not.
func TestWarnings(t *testing.T) {
	rows := []struct {
		name string
		src  string
		want []string
		not  []string
	}{
		// issue 11: "dt" typed as "dtt" in a kernel without implicit none
		{"typo_implicit", elem(false, "real :: dt", "dt = 0.1\nr = x*dtt + y"),
			[]string{`t.f90:8:11: warning: "dtt" is not declared; it is implicitly typed real(4) [implicit-type]`,
				`hint: it is read before it is set, so its value is undefined: did you mean "dt"? add "implicit none" to catch typos`},
			[]string{"used before"}},
		{"implicit_set_first", elem(false, "", "t = x*2.0\nr = t + y"),
			[]string{`t.f90:6:5: warning: "t" is not declared; it is implicitly typed real(4) [implicit-type]`,
				`hint: declare it, and add "implicit none" to catch typos`},
			[]string{"used before"}},
		{"implicit_dummy", "module m\ncontains\n  pure elemental subroutine e(x, r)\n    intent(in) :: x\n    real, intent(out) :: r\n    r = x\n  end subroutine e\nend module m\n",
			[]string{`t.f90:4:19: warning: "x" is not declared; it is implicitly typed real(4) [implicit-type]`}, nil},
		{"used_before_set", elem(true, "real :: t", "r = t + x + y\nt = 1.0"),
			[]string{`t.f90:8:9: warning: "t" is used before it is set [used-before-set]`,
				`hint: assign "t" before this read; until then its value is undefined`,
				`t.f90:7:13: note: declared here`}, nil},
		{"maybe_used_before_set", elem(true, "real :: t", "if (x > 0.0) then\nt = 1.0\nend if\nr = t + x + y"),
			[]string{`t.f90:11:9: warning: "t" may be used before it is set [maybe-used-before-set]`}, nil},
		{"set_in_both_branches", elem(true, "real :: t", "if (x > 0.0) then\nt = 1.0\nelse\nt = 2.0\nend if\nr = t + x + y"),
			nil, []string{"warning"}},
		{"set_or_returned", elem(true, "real :: t", "r = 0.0\nif (x > 0.0) then\nt = 1.0\nelse\nreturn\nend if\nr = t + x + y"),
			nil, []string{"warning"}},
		{"read_in_condition", elem(true, "real :: t", "if (t > 0.0) t = 1.0\nr = x + y"),
			[]string{`warning: "t" is used before it is set`}, nil},
		{"unused_dummy", elem(true, "", "r = x*2.0"),
			[]string{`t.f90:5:28: warning: dummy "y" is never used [unused-dummy]`}, []string{`"x"`}},
		{"out_never_set", elem(true, "real :: t", "t = x + y"),
			[]string{`t.f90:6:26: warning: intent(out) dummy "r" is never assigned [out-not-set]`,
				`hint: its element keeps the value it had before the launch; assign it, or make it intent(in) if it is an input`}, nil},
		{"out_not_on_every_path", elem(true, "", "if (x > 0.0) then\nr = x + y\nend if"),
			[]string{`t.f90:6:26: warning: intent(out) dummy "r" is not assigned on every path [out-not-set]`,
				`note: not assigned on some path that reaches the end`}, nil},
		{"out_not_before_return", elem(true, "", "if (x > 0.0) return\nr = x + y"),
			[]string{`warning: intent(out) dummy "r" is not assigned on every path`,
				`t.f90:7:18: note: not assigned on a path that returns here`}, nil},
		{"kernel_out_in_if", kern("", "pA => region_ptr(oA, halo)\nif (s > 0.0) then\npA = region_cpy(A, halo) + region_cpy(B, halo)\nend if"),
			[]string{`warning: intent(out) dummy "oA" is not assigned on every path`,
				`hint: its elements not assigned keep the values they had before the launch`}, nil},
		{"kernel_all_used", kern("", "pA => region_ptr(oA, halo)\npA = s*region_cpy(A, west) + region_cpy(B, east)"),
			nil, []string{"warning"}},
		{"function_result", "module m\n  implicit none\ncontains\n  pure elemental real function f(a)\n    real, intent(in) :: a\n    if (a > 0.0) f = a\n  end function f\n" +
			"  pure elemental subroutine e(x, r)\n    real, intent(in) :: x\n    real, intent(out) :: r\n    r = f(x)\n  end subroutine e\nend module m\n",
			[]string{`t.f90:4:32: warning: result "f" is not assigned on every path [out-not-set]`,
				`hint: the function returns an undefined value; assign it before every return and in every branch`}, nil},
		{"temp_maybe_unset", kern("real, allocatable, dimension(:,:) :: T", "T = region_cpy(A, halo)\nif (s > 0.0) then\nT = region_cpy(B, halo)\nend if\npA => region_ptr(oA, halo)\npA = T"),
			nil, []string{"warning"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			_, text := expectOK(t, r.src)
			for _, w := range r.want {
				if !strings.Contains(text, w) {
					t.Errorf("missing %q in:\n%s", w, text)
				}
			}
			for _, w := range r.not {
				if strings.Contains(text, w) {
					t.Errorf("unexpected %q in:\n%s", w, text)
				}
			}
		})
	}
}

// TestUndefinedSuggestion: an undefined name under implicit none stays an
// error and suggests the closest declared name.
func TestUndefinedSuggestion(t *testing.T) {
	expectErr(t, elem(true, "real :: alpha", "alpha = 2.0\nr = alpah*x + y"),
		`t.f90:9:9: error: undefined name "alpah"`, `hint: did you mean "alpha"?`)
	expectErr(t, elem(true, "", "r = sqtr(x) + y"),
		`error: undefined function "sqtr"`, `hint: did you mean "sqrt"?`)
	text := expectErr(t, elem(true, "", "r = zzz + x + y"), `error: undefined name "zzz"`)
	if strings.Contains(text, "did you mean") {
		t.Errorf("a suggestion for a name nothing resembles:\n%s", text)
	}
}

// TestIfNesting: if blocks nested deeper than maxIfDepth are an error (an
// OpenCL compiler would reject the generated code).
func TestIfNesting(t *testing.T) {
	nest := func(n int) string {
		return strings.Repeat("if (x > 0.0) then\n", n) + "r = x + y\n" + strings.Repeat("end if\n", n)
	}
	expectOK(t, elem(true, "", "r = 0.0\n"+nest(maxIfDepth)))
	text := expectErr(t, elem(true, "", "r = 0.0\n"+nest(1000)),
		`error: if blocks nest 65 deep here; forocl allows at most 64 [if-nesting]`)
	if n := strings.Count(text, "[if-nesting]"); n != 1 {
		t.Errorf("%d nesting errors, want 1:\n%s", n, text)
	}
}

// TestModuleTwice: two files defining one module are an error naming both.
func TestModuleTwice(t *testing.T) {
	mod := "module consts\n  implicit none\n  real, parameter :: g = 9.8\nend module consts\n"
	_, list, text := run(t, []string{"a.f90", "b.f90"}, map[string][]byte{"a.f90": []byte(mod), "b.f90": []byte(mod)}, Options{})
	if !list.HasErrors() {
		t.Fatalf("no error:\n%s", text)
	}
	for _, w := range []string{`b.f90:1:8: error: module "consts" is defined twice [module-twice]`, `a.f90:1:8: note: first defined here`} {
		if !strings.Contains(text, w) {
			t.Errorf("missing %q in:\n%s", w, text)
		}
	}
}
