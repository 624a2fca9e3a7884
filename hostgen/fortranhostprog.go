package hostgen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
)

// The Fortran host's host program (Note [host program] in package abi).
// Its host variables are default integers, fcl_NAME (Note [Fortran host
// names]). Each Set and IF condition is computed one operation at a time
// in integer(c_int64_t) temporaries fcl_hN, with abi.Expr.Eval's rules
// spelled in Fortran: every result outside the default integer's range,
// and every division or MOD by zero, ends the call with an error instead
// of a wrapped value; division truncates toward zero, and MOD is
// a - (a/b)*b, which has the dividend's sign; comparisons and
// .and./.or./.not. give 0 or 1. No intrinsic is called, so no dummy's
// name can hide one.
//
// The procedure runs the program twice. The first run launches nothing:
// at each launch's first arrival it computes the launch's NDRange and
// checks the accesses that name host variables (abi.Kernel.HostAccesses),
// with the values the launch sees; a launch never reached gets them with
// the values at the end, as abi.Kernel.LaunchVals gives them. Scratch
// buffers are then sized, and the second run launches.

// fortHost writes the Fortran of a kernel's host statements.
type fortHost struct {
	e    *fortEmitter
	n    *fortNames
	k    *abi.Kernel
	next int // the next temporary, fcl_hN
}

// exprTemps is the number of temporaries x needs: one per operation.
func exprTemps(x *abi.Expr) int {
	t := 1
	for i := range x.Args {
		t += exprTemps(&x.Args[i])
	}
	return t
}

// hostTemps is the number of temporaries the largest expression of the
// program needs.
func hostTemps(steps []abi.Step) int {
	m := 0
	for _, s := range steps {
		switch {
		case s.Set != nil:
			m = max(m, exprTemps(&s.Set.X))
		case s.If != nil:
			m = max(m, exprTemps(&s.If.Cond), hostTemps(s.If.Then), hostTemps(s.If.Else))
		case s.Loop != nil:
			m = max(m, hostTemps(s.Body))
		}
	}
	return m
}

// name spells a name an expression reads: a size, host or loop variable
// (fcl_NAME), or an integer or logical scalar dummy (a logical as 0 or 1).
func (h *fortHost) name(nm string) string {
	if _, ok := h.n.local[strings.ToLower(nm)]; ok {
		return h.n.v(nm)
	}
	if p := h.k.Param(nm); p != nil && p.Kind == abi.Logical {
		return h.n.flag(p.Name)
	}
	return nm
}

// fail writes the error that ends the call when cond holds.
func (h *fortHost) fail(cond, what, why string) {
	e := h.e
	e.Line("if (%s) then", cond)
	e.Line("  fcl_st = 1")
	e.Line("  fcl_msg = '%s: %s'", what, why)
	e.Line("  exit fcl_run")
	e.Line("end if")
}

// expr writes the statements that compute x into a new temporary and
// returns it; what names the statement in messages.
func (h *fortHost) expr(x *abi.Expr, what string) string {
	var a []string
	for i := range x.Args {
		a = append(a, h.expr(&x.Args[i], what))
	}
	h.next++
	t := fmt.Sprintf("fcl_h%d", h.next)
	e := h.e
	flag := func(cond string) {
		e.Line("%s = 0", t)
		e.Line("if (%s) %s = 1", cond, t)
	}
	checked := true
	switch x.Op {
	case "const":
		e.Line("%s = %d", t, x.Value)
		checked = false
	case "name":
		e.Line("%s = %s", t, h.name(x.Name))
		checked = false
	case "neg":
		e.Line("%s = -%s", t, a[0])
	case "abs":
		e.Line("%s = %s", t, a[0])
		e.Line("if (%s < 0) %s = -%s", t, t, t)
	case "not":
		flag(a[0] + " == 0")
		checked = false
	case "+", "-", "*":
		e.Line("%s = %s %s %s", t, a[0], x.Op, a[1])
	case "/", "mod":
		h.fail(a[1]+" == 0", what, "division by zero")
		if x.Op == "/" {
			e.Line("%s = %s / %s", t, a[0], a[1])
		} else {
			e.Line("%s = %s - (%s / %s) * %s", t, a[0], a[0], a[1], a[1])
		}
	case "==", "/=", "<", "<=", ">", ">=":
		flag(a[0] + " " + x.Op + " " + a[1])
		checked = false
	case "and", "or":
		flag(a[0] + " /= 0 ." + x.Op + ". " + a[1] + " /= 0")
		checked = false
	case "min", "max":
		cmp := "<"
		if x.Op == "max" {
			cmp = ">"
		}
		e.Line("%s = %s", t, a[0])
		for _, b := range a[1:] {
			e.Line("if (%s %s %s) %s = %s", b, cmp, t, t, b)
		}
		checked = false
	default:
		panic("internal error: codegen: host operator " + x.Op)
	}
	if checked {
		h.fail(fmt.Sprintf("%s < -2147483647 - 1 .or. %s > 2147483647", t, t), what, "a result overflows a default integer")
	}
	return t
}

// set writes a Set step.
func (h *fortHost) set(s *abi.Set) {
	h.next = 0
	t := h.expr(&s.X, "setting "+s.Var)
	if s.Kind == abi.Logical {
		h.e.Line("if (%s /= 0) %s = 1", t, t)
	}
	h.e.Line("%s = %s", h.n.v(s.Var), h.n.toInt(t))
}

// cond writes an IF step's test and returns the temporary holding it.
func (h *fortHost) cond(s *abi.If) string {
	h.next = 0
	return h.expr(&s.Cond, "an IF of the host program")
}
