package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [auto reductions]
//
// Under --auto-reduce (Options.AutoReduce) a DO nest with no directive
// whose body updates a scalar only in the form of a reduction clause's
// update (s = s + x, s = x*s, s = max(s, x), l = l .or. c, ...: the forms
// reduceUpdate takes), with one operator, and uses it nowhere else, is
// lowered as if "reduction(op:s)" named it: a parallel reduction (Note
// [loop reductions] in package ir). The folds then run in another order
// than the serial loop, so the last bits of a real result may differ.
// The nest is first lowered with the reductions found; if that gives an
// error (another use of the scalar, which checkReduceUses reports), the
// diagnostics are dropped and the nest is lowered without them, as
// without the flag: in order, with loop-serial.

// plainNest lowers a DO nest with no directive (Note [plain DO nests]),
// under --auto-reduce with the reductions its body has (Note [auto
// reductions]).
func (l *lowerer) plainNest(s *ast.DoStmt, plain string) ir.Stmt {
	if !l.c.autoReduce || s.Form != ast.DoCounted {
		return l.nest(s, nil, plain)
	}
	before := len(l.c.diags.Items)
	l.loop.auto = l.autoReductions(s.Body)
	n := l.nest(s, nil, plain)
	auto := len(l.loop.auto) > 0
	l.loop.auto = nil
	if !auto || !hasErrorSince(l.c.diags, before) {
		return n
	}
	l.c.diags.Items = l.c.diags.Items[:before]
	return l.nest(s, nil, plain)
}

func hasErrorSince(l diag.List, before int) bool {
	for _, d := range l.Items[before:] {
		if d.Severity == diag.Error {
			return true
		}
	}
	return false
}

// autoReductions returns the reduction clauses that body's updates imply
// (Note [auto reductions]), in source order.
func (l *lowerer) autoReductions(body []ast.Stmt) []redClause {
	ops := map[string]ir.ReduceOp{}
	bad := map[string]bool{}
	var order []ast.Ident
	var walk func([]ast.Stmt)
	walk = func(list []ast.Stmt) {
		for _, s := range list {
			switch s := s.(type) {
			case *ast.AssignStmt:
				id, sub := lhsName(s.LHS)
				if id == nil || sub != nil || s.Pointer {
					continue
				}
				op, ok := updateOp(s.RHS, id.Name)
				if prev, seen := ops[id.Name]; !seen {
					order = append(order, *id)
				} else if prev != op {
					ok = false
				}
				ops[id.Name], bad[id.Name] = op, bad[id.Name] || !ok
			case *ast.IfStmt:
				walk(s.Then)
				for _, e := range s.ElseIfs {
					walk(e.Body)
				}
				walk(s.Else)
			case *ast.DoStmt:
				walk(s.Body)
			case *ast.SelectCase:
				for _, c := range s.Cases {
					walk(c.Body)
				}
			}
		}
	}
	walk(body)
	var out []redClause
	for _, id := range order {
		if !bad[id.Name] && l.autoTarget(id.Name, ops[id.Name]) {
			out = append(out, redClause{op: ops[id.Name], name: id})
		}
	}
	return out
}

// updateOp returns the operator of the reduction whose update rhs is for
// the scalar name, when rhs has that form and reads name only once.
func updateOp(rhs ast.Expr, name string) (ir.ReduceOp, bool) {
	for _, op := range []ir.ReduceOp{ir.RSum, ir.RProduct, ir.RMax, ir.RMin, ir.RAll, ir.RAny} {
		if x := updateOther(rhs, name, op); x != nil && !mentions(x, name) {
			return op, true
		}
	}
	return 0, false
}

// autoTarget reports whether name is a scalar that a reduction clause
// with op may name (reductionVars): a local or an intent(out) dummy of
// the kernel, logical for .and. and .or.
func (l *lowerer) autoTarget(name string, op ir.ReduceOp) bool {
	ent := l.s.lookup(name)
	if ent.sym == nil || ent.sym.sc != l.s {
		return false
	}
	v := l.vars[ent.sym]
	if v == nil || v.Rank > 0 || l.isSize(v) || v.Role != ir.Local && !v.Result() {
		return false
	}
	return (op == ir.RAll || op == ir.RAny) == (v.Kind == ir.Logical)
}
