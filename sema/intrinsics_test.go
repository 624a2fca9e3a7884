package sema

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/ir"
)

// paramSrc declares "typ, parameter :: p = expr" and an elemental kernel
// whose one statement is "y = rhs", y of type typ.
func paramSrc(typ, expr, rhs string) string {
	return fmt.Sprintf(`module m
  implicit none
  %s, parameter :: p = %s
contains
  pure elemental subroutine k(x, i, y)
    real, intent(in) :: x
    integer, intent(in) :: i
    %s, intent(out) :: y
    y = %s
  end subroutine k
end module m
`, typ, expr, typ, rhs)
}

// TestIntrinsicsFoldInConstants: intrinsics in a named constant fold to
// Fortran's values, through the table's folding.
func TestIntrinsicsFoldInConstants(t *testing.T) {
	for _, c := range []struct {
		typ, expr string
		want      float64
	}{
		{"integer", "mod(-7, 3)", -1},
		{"integer", "modulo(-7, 3)", 2},
		{"integer", "modulo(7, -3)", -2},
		{"integer", "sign(3, -2)", -3},
		{"integer", "dim(5, 3) + dim(3, 5)", 2},
		{"integer", "min(3, 1, 2) + max(4, 9)", 10},
		{"integer", "nint(2.5) + int(-2.7) + floor(-2.5) + ceiling(2.1)", 1},
		{"integer", "abs(-4) + huge(1) - huge(1)", 4},
		{"integer", "merge(1, 2, 3 > 2)", 1},
		{"integer", "kind(1.0d0) + selected_real_kind(3) + selected_int_kind(5)", 16},
		{"real", "float(3)/2", 1.5},
		{"real", "float(3) + real(2, 4) + dble(1)", 6},
		{"real", "sign(2.5, -1.0) + dim(2.5, 1.0)", -1},
		{"real", "modulo(-7.5, 2.0)", 0.5},
		{"real(8)", "dprod(0.5, 3.0)", 1.5},
		{"real(8)", "atan(1.0d0, 1.0d0)*4", 3.141592653589793},
		{"real(8)", "aint(2.7, 8) + anint(-2.5d0)", -1},
	} {
		t.Run(c.expr, func(t *testing.T) {
			prog, _, text := checkSrc(t, paramSrc(c.typ, c.expr, "p"))
			if prog == nil {
				t.Fatalf("errors:\n%s", text)
			}
			v, ok := body(prog.Kernels[0])[0].(*ir.Assign).RHS.(*ir.Const)
			if !ok {
				t.Fatalf("p is not folded to a constant")
			}
			got := v.Float
			if v.Kind == ir.Int {
				got = float64(v.Int)
			}
			if got != c.want {
				t.Errorf("%s = %v, want %v", c.expr, got, c.want)
			}
		})
	}
}

// TestIntrinsicConstErrors pins the diagnostics of intrinsics in constant
// expressions that the table's typing or folding rejects.
func TestIntrinsicConstErrors(t *testing.T) {
	for _, c := range []struct{ typ, expr, want string }{
		{"integer", "mod(1, 0)", `3:29: error: mod by zero in a constant`},
		{"integer", "modulo(1, 0)", `3:29: error: modulo by zero in a constant`},
		{"real", "float(2.5)", `3:26: error: argument 1 of "float" is real(4), expected integer`},
		{"real(8)", "dprod(1d0, 2.0)", `3:29: error: argument 1 of "dprod" is real(8), expected real(4)`},
		{"integer", "abs(.true.)", `3:29: error: argument 1 of "abs" is logical, expected a number`},
		{"integer", "min(1)", `3:29: error: "min" needs at least two arguments`},
		{"integer", "dim(1)", `3:29: error: wrong number of arguments to "dim"`},
		{"integer", "int(2.5, kind=2)", `3:29: error: integer kind 2 is not supported; forocl knows integer kinds 4 and 8`},
		{"integer", "selected_real_kind(20)", `3:29: error: selected_real_kind(20, 0) asks for more precision than real(8) has`},
		{"integer", "cshift(1, 1)", `3:29: error: "cshift" cannot be evaluated in a constant expression`},
	} {
		t.Run(c.expr, func(t *testing.T) {
			expectErr(t, paramSrc(c.typ, c.expr, "p"), c.want)
		})
	}
}

// TestFloatInKernel: float, which folds in a parameter, is accepted in a
// kernel too (as real of default kind), with the same typing.
func TestFloatInKernel(t *testing.T) {
	out, _ := expectOK(t, paramSrc("real", "float(3)", "float(3) + float(i)*x"))
	if want := "y(_i1) = (real<real(4)>(3) + (real<real(4)>(i(_i1)) * x(_i1)))"; !strings.Contains(out, want) {
		t.Errorf("missing %q in\n%s", want, out)
	}
	expectErr(t, paramSrc("real", "1.0", "float(x)"), `9:15: error: argument 1 of "float" is real(4), expected integer`)
}

// TestIntegerIntrinsicInRealContext: an integer intrinsic in a real
// expression is computed in integers and converted as a whole.
func TestIntegerIntrinsicInRealContext(t *testing.T) {
	out, _ := expectOK(t, paramSrc("real", "1.0", "0.5 + mod(i, 3) + dim(i, 2)*sign(2, i)"))
	if want := "y(_i1) = ((0.5 + real(4)(mod(i(_i1), 3))) + real(4)((dim(i(_i1), 2) * sign(2, i(_i1)))))"; !strings.Contains(out, want) {
		t.Errorf("missing %q in\n%s", want, out)
	}
}

// TestKernelAndConstantAgree types each call both in a named constant and
// in a kernel: one table types both, so both accept it with the same result
// kind or both reject it with the same message.
func TestKernelAndConstantAgree(t *testing.T) {
	msg := regexp.MustCompile(`error: (.*)`)
	for _, expr := range []string{
		"float(3)", "float(2.5)", "mod(7, 3)", "mod(7, 2.0)", "modulo(7.0d0, 2)", "sign(1, 2.0)",
		"dim(3, 1)", "dprod(2.0, 3.0)", "dprod(2, 3.0)", "abs(.true.)", "sqrt(4)", "real(3, 8)",
		"real(3, 16)", "int(2.5, 8)", "nint(2.5)", "aint(2.5, 8)", "merge(1, 2.0, .true.)",
		"merge(1, .true., .true.)", "merge(1, 2, 3)", "epsilon(1)", "huge(1)", "tiny(1.0d0)", "atan(1.0, 2.0)",
		"max(1, 2, 3.0d0)", "exp(1.0)",
	} {
		t.Run(expr, func(t *testing.T) {
			cp, _, ctext := checkSrc(t, paramSrc("real(8)", expr, "p"))
			kp, _, ktext := checkSrc(t, paramSrc("real(8)", "1.0", expr))
			if (cp == nil) != (kp == nil) {
				t.Fatalf("constant and kernel disagree:\nconstant:\n%s\nkernel:\n%s", ctext, ktext)
			}
			if cp == nil {
				cm, km := msg.FindStringSubmatch(ctext), msg.FindStringSubmatch(ktext)
				if cm == nil || km == nil || cm[1] != km[1] {
					t.Errorf("different messages:\nconstant:\n%s\nkernel:\n%s", ctext, ktext)
				}
				return
			}
			rhs := body(kp.Kernels[0])[0].(*ir.Assign).RHS
			if cv, ok := rhs.(*ir.Convert); ok {
				rhs = cv.X
			}
			if _, ok := rhs.(*ir.Const); ok {
				return // an inquiry, folded in the kernel too
			} else if in, ok := rhs.(*ir.Intrinsic); ok {
				v, err := ir.Fold(in)
				if err != nil {
					t.Fatalf("kernel call %s does not fold: %v", ir.ExprString(in), err)
				}
				want := body(cp.Kernels[0])[0].(*ir.Assign).RHS.(*ir.Const)
				got := v.Float
				if v.Kind.IsInt() {
					got = float64(v.Int)
				}
				if got != want.Float {
					t.Errorf("kernel call folds to %v, the constant is %v", got, want.Float)
				}
			} else {
				t.Fatalf("kernel: %s is not a call", ir.ExprString(rhs))
			}
		})
	}
}

// TestIntrinsicBadCalls: malformed calls are errors, not panics, in a
// constant and in a kernel.
func TestIntrinsicBadCalls(t *testing.T) {
	for _, expr := range []string{
		"merge()", "merge(1, 2)", "selected_real_kind(1, 2, 3)", "kind()", "huge()", "epsilon(.true.)",
		"real(1, kind=.true.)", "real(1, kind=3)", "int(1.0, 2.0)", "atan()", "atan(1.0, 2.0, 3.0)",
		"dprod(1.0)", "float()", "dim(1, 2, 3)", "min()", "sign(1)", "aint(1)", "mod(1, .false.)",
		"anint(1.5, kind=16)", "float(.true.)", "kind(1, 2)", "selected_int_kind(19)",
	} {
		t.Run(expr, func(t *testing.T) {
			expectErr(t, paramSrc("real(8)", expr, "p"))
			expectErr(t, paramSrc("real(8)", "1.0", expr))
		})
	}
}

// TestREADMEReductions: the reductions README.md lists are exactly those
// kernels may call (the ClassReduction rows of ir.Intrinsics).
func TestREADMEReductions(t *testing.T) {
	src, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)- Reductions: `([^`]*)`").FindSubmatch(src)
	if m == nil {
		t.Fatal("README.md has no \"- Reductions: `...`\" entry")
	}
	listed := map[string]bool{}
	for _, name := range strings.Fields(string(m[1])) {
		listed[name] = true
		if _, ok := ir.Lookup(name, ir.ClassReduction); !ok {
			t.Errorf("README lists %q, which is not a reduction kernels may call", name)
		}
	}
	for _, id := range ir.IntrinsicIDs() {
		if in := &ir.Intrinsics[id]; in.Class == ir.ClassReduction && !listed[in.Name] {
			t.Errorf("README does not list reduction %q", in.Name)
		}
	}
}

// TestKnownIntrinsicsRefused: a call of an intrinsic of the table that
// cannot be lowered where it stands (kind in a kernel, size of a scalar in
// an elemental kernel), or of one forocl knows but does not implement, is
// "not supported"; a call of an intrinsic module's constant, or of an
// unknown name, is an undefined function.
func TestKnownIntrinsicsRefused(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{"kind(x)", `9:9: error: function "kind" is not supported by forocl`},
		{"selected_real_kind(6)", `9:9: error: function "selected_real_kind" is not supported by forocl`},
		{"size(x)", `9:9: error: function "size" is not supported by forocl`},
		{"ubound(x, 1)", `9:9: error: function "ubound" is not supported by forocl`},
		{"cshift(x, 1)", `9:9: error: function "cshift" is not supported by forocl`},
		{"real32(x)", `9:9: error: undefined function "real32"`},
		{"sizes(x)", `9:9: error: undefined function "sizes"`},
	} {
		t.Run(c.call, func(t *testing.T) {
			expectErr(t, paramSrc("real", "1.0", c.call), c.want)
		})
	}
}
