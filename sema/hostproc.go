package sema

import (
	"fmt"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// The host procedure (Note [host program] in package abi): the host runs
// a loop kernel's scalar statements outside its nests (at the top level,
// under IFs and in host loops), with gfortran's results (Note [host
// values] in package abi). checkHostProc sends a statement with an
// operation the host does not evaluate exactly to the device (Note
// [device scalars]).

// hostFns are the intrinsics the host evaluates.
var hostFns = map[ir.IntrinsicID]bool{ir.FnAbs: true, ir.FnMin: true, ir.FnMax: true, ir.FnMod: true,
	ir.FnModulo: true, ir.FnSign: true, ir.FnSqrt: true, ir.FnInt: true, ir.FnNint: true,
	ir.FnReal: true, ir.FnDble: true, ir.FnFloat: true, ir.FnMerge: true}

// checkHostProc checks the statements of body outside nests, and returns
// body with each assignment whose value the host does not compute exactly
// (a call of exp, sin, ...) run on the device instead (Note [device
// scalars]).
func (l *lowerer) checkHostProc(body []ir.Stmt) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range body {
		switch s := s.(type) {
		case *ir.Assign:
			if r, ok := s.LHS.(*ir.Ref); ok && l.deviceOnly(s.RHS) && l.deviceTarget(r.Var) {
				out = append(out, l.deviceScalar(s, r.Var)...)
				continue
			}
			l.hostExpr(s.RHS)
		case *ir.If:
			s.Cond = l.onHost(s.Cond, &out)
			s.Then = l.checkHostProc(s.Then)
			s.Else = l.checkHostProc(s.Else)
		case *ir.Loop:
			s.Body = l.checkHostProc(s.Body)
		case *ir.Print:
			for i := range s.Items {
				if s.Items[i].X != nil {
					s.Items[i].X = l.onHost(s.Items[i].X, &out)
				}
			}
		}
		out = append(out, s)
	}
	return out
}

// onHost returns e for the host to evaluate: e itself, or, when e needs
// the device, a new local that a device scalar (Note [device scalars])
// appended to out sets to e's value.
func (l *lowerer) onHost(e ir.Expr, out *[]ir.Stmt) ir.Expr {
	if !l.deviceOnly(e) {
		l.hostExpr(e)
		return e
	}
	t := &ir.Var{Name: fmt.Sprintf("_dev%d", l.nreduce+1), Kind: e.Type().Kind, Role: ir.Local, Pos: e.Span()}
	l.kernel.Locals = append(l.kernel.Locals, t)
	*out = append(*out, l.deviceScalar(&ir.Assign{Pos: e.Span(), LHS: &ir.Ref{Pos: e.Span(), Var: t}, RHS: e}, t)...)
	return &ir.Ref{Pos: e.Span(), Var: t}
}

// Note [device scalars]
//
// An assignment outside the nests (or an IF condition or WRITE item, first
// assigned to a local of its own) whose value the host does not compute
// as gfortran does (a call of exp, log, sin, ..., or ** of a real with a
// real exponent) runs on the device, as the same statement in a nest
// would: it becomes a nest of one iteration that folds the value into
// the variable with a product reduction (.and. for a logical), after the
// host has set the variable to the identity, 1 (.true.). 1*x is x
// exactly, for every x, so the host's Combine step leaves the variable
// with the device's value, which later statements and launches read.
// What the statement reads comes from the host as the arguments of any
// nest do, and array elements from the device's arrays.

// deviceOnly reports whether e needs the device: an operation the host
// does not evaluate exactly. The device reads array elements too.
func (l *lowerer) deviceOnly(e ir.Expr) bool {
	why, _ := hostBlocker(e)
	return why != ""
}

// deviceTarget reports whether v may receive a device scalar's value: a
// scalar local or an intent(out) scalar dummy that is not a size. A host
// variable that a launch's bounds read may: the host sizes that launch
// when it reaches it (Note [late launches] in package abi).
func (l *lowerer) deviceTarget(v *ir.Var) bool {
	return v.Rank == 0 && v.Elems == 0 && !l.isSize(v) && (v.Role == ir.Local || v.Result())
}

// deviceScalar rewrites v = e (Note [device scalars]).
func (l *lowerer) deviceScalar(s *ir.Assign, v *ir.Var) []ir.Stmt {
	r, one := l.scalarFold(v, s.Pos)
	idx := l.sectionIndex(0)
	nest := &ir.Nest{Pos: s.Pos, Source: "a host statement the device evaluates", Index: []*ir.Var{idx},
		Lo: []ir.Affine{{Const: 1}}, Hi: []ir.Affine{{Const: 1}},
		Body:    []ir.Stmt{&ir.Assign{Pos: s.Pos, LHS: &ir.Ref{Pos: s.Pos, Var: r}, RHS: s.RHS}},
		Reduces: []*ir.Var{r}}
	return []ir.Stmt{&ir.Assign{Pos: s.Pos, LHS: &ir.Ref{Pos: s.Pos, Var: v}, RHS: one}, nest}
}

// scalarFold returns a new reduction that leaves a value the device
// computes in v: a product (.and. for a logical), and its identity, which
// the host assigns to v before the nest (Note [device scalars]).
func (l *lowerer) scalarFold(v *ir.Var, at diag.Span) (*ir.Var, *ir.Const) {
	op, one := ir.RProduct, &ir.Const{Pos: at, Kind: v.Kind, Int: 1, Float: 1}
	if v.Kind == ir.Logical {
		op, one = ir.RAll, &ir.Const{Pos: at, Kind: ir.Logical, Bool: true}
	}
	l.nreduce++
	return &ir.Var{Name: v.Name, Kind: v.Kind, Role: ir.Reduction, Pos: at, Reduce: &ir.Reduce{Op: op, Result: v, Index: l.nreduce}}, one
}

// hostExpr reports a part of e that neither the host evaluates nor the
// device can take (Note [device scalars]): none reaches here from the
// source today, so it is an internal error.
func (l *lowerer) hostExpr(e ir.Expr) {
	if why, at := hostBlocker(e); why != "" {
		l.c.diags.Error(codeLoopConstruct, at.Span(), "internal error: the host runs this statement outside the parallel loops, but it has %s, which the host does not evaluate exactly and the device cannot take here", why).
			WithHint("please report it; compute the value inside a parallel loop meanwhile")
	}
}

// hostBlocker returns the first part of e the host does not evaluate,
// and why; "" when the host evaluates all of e.
func hostBlocker(e ir.Expr) (string, ir.Expr) {
	why := ""
	var at ir.Expr
	ir.Walk(e, func(x ir.Expr) {
		if why != "" {
			return
		}
		switch x := x.(type) {
		case *ir.Const, *ir.Ref, *ir.Convert, *ir.Unary, *ir.Elem: // an element: Note [host elements] in package abi
		case *ir.Binary:
			if x.Op == ir.Pow && !hostPow(x) {
				why = "** whose exponent is not an integer (of a real base: a constant from -4 to 4)"
			}
		case *ir.Intrinsic:
			if !hostFns[x.ID] {
				why = "a call of " + ir.Intrinsics[x.ID].Name
			}
		default:
			why = "an expression the host does not evaluate"
		}
		if why != "" {
			at = x
		}
	})
	return why, at
}

// hostPow reports whether the host evaluates x = a**n exactly: n an
// integer, and when a is real a constant from -4 to 4 (where gfortran's
// multiplies agree with repeated squaring).
func hostPow(x *ir.Binary) bool {
	if !x.Y.Type().Kind.IsInt() {
		return false
	}
	if x.X.Type().Kind.IsInt() {
		return true
	}
	c, ok := x.Y.(*ir.Const)
	return ok && c.Int >= -4 && c.Int <= 4
}
