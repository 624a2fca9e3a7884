package sema

import (
	"github.com/forocl/forocl/ir"
)

// The host procedure (Note [host program] in package abi): the host runs
// a loop kernel's scalar statements outside its nests (at the top level,
// under IFs and in host loops), with gfortran's results (Note [host
// values] in package abi). checkHostProc reports, with host-expr, an
// operation in them that the host does not evaluate exactly.

// hostFns are the intrinsics the host evaluates.
var hostFns = map[ir.IntrinsicID]bool{ir.FnAbs: true, ir.FnMin: true, ir.FnMax: true, ir.FnMod: true,
	ir.FnModulo: true, ir.FnSign: true, ir.FnSqrt: true, ir.FnInt: true, ir.FnNint: true,
	ir.FnReal: true, ir.FnDble: true, ir.FnFloat: true, ir.FnMerge: true}

// checkHostProc checks the statements of body outside nests.
func (l *lowerer) checkHostProc(body []ir.Stmt) {
	for _, s := range body {
		switch s := s.(type) {
		case *ir.Assign:
			l.hostExpr(s.RHS)
		case *ir.If:
			l.hostExpr(s.Cond)
			l.checkHostProc(s.Then)
			l.checkHostProc(s.Else)
		case *ir.Loop:
			l.checkHostProc(s.Body)
		}
	}
}

// hostExpr reports the first part of e the host does not evaluate.
func (l *lowerer) hostExpr(e ir.Expr) {
	why := ""
	var at ir.Expr
	ir.Walk(e, func(x ir.Expr) {
		if why != "" {
			return
		}
		switch x := x.(type) {
		case *ir.Const, *ir.Ref, *ir.Convert, *ir.Unary:
		case *ir.Binary:
			if x.Op == ir.Pow && !hostPow(x) {
				why = "** whose exponent is not an integer (of a real base: a constant from -4 to 4)"
			}
		case *ir.Intrinsic:
			if !hostFns[x.ID] {
				why = "a call of " + ir.Intrinsics[x.ID].Name
			}
		case *ir.Elem:
			why = "an element of array \"" + x.Var.Name + "\""
		default:
			why = "an expression the host does not evaluate"
		}
		if why != "" {
			at = x
		}
	})
	if why != "" {
		l.c.diags.Error(codeHostExpr, at.Span(), "the host runs this statement outside the parallel loops, but it has %s, which the host does not evaluate exactly", why).
			WithHint("compute it inside a parallel loop, or pass the value as a dummy")
	}
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
