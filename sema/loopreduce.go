package sema

import (
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Reductions of loop nests: reduction(op:names) clauses of !$omp and !$acc
// loop directives. See Note [loop reductions] in package ir.

// redClause is one name of a reduction clause.
type redClause struct {
	op   ir.ReduceOp
	name ast.Ident
}

// reductionOps maps a clause's operator to the fold and the Fortran form
// of the update inside the nest.
var reductionOps = map[string]ir.ReduceOp{
	"+": ir.RSum, "*": ir.RProduct, "max": ir.RMax, "min": ir.RMin, ".and.": ir.RAll, ".or.": ir.RAny,
}

// reductionClause parses the argument of reduction(op:names).
func (l *lowerer) reductionClause(cl *ast.Clause) []redClause {
	op, names, ok := strings.Cut(cl.Arg, ":")
	o, known := reductionOps[strings.ToLower(strings.TrimSpace(op))]
	if !ok || !known {
		l.c.diags.Error(codeLoopReduction, cl.Pos, "reduction clause %q is not op:names with op one of +, *, max, min, .and., .or.", cl.Arg).
			WithHint("write reduction(+:s) or reduction(min:dt)")
		return nil
	}
	var out []redClause
	for _, n := range strings.Split(names, ",") {
		n = strings.TrimSpace(n)
		if n == "" || !isName(n) {
			l.c.diags.Error(codeLoopReduction, cl.Pos, "%q in reduction clause %q is not a name", n, cl.Arg).
				WithHint("name scalar variables, such as reduction(+:s, t)")
			return nil
		}
		out = append(out, redClause{op: o, name: ast.Ident{Pos: cl.Pos, Name: strings.ToLower(n), Orig: n}})
	}
	return out
}

func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c != '_' && (c < '0' || c > '9')) {
			return false
		}
	}
	return s != ""
}

// reduceLocality collects the reduce(op: names) specifiers of a DO
// CONCURRENT (Fortran 2023).
func (l *lowerer) reduceLocality(s *ast.DoStmt) []redClause {
	var out []redClause
	for _, loc := range s.Locality {
		if loc.Kind != "reduce" {
			continue
		}
		o, ok := reductionOps[strings.ToLower(loc.Op)]
		if !ok {
			l.c.diags.Error(codeLoopReduction, loc.Pos, "reduce operator %q is not one of +, *, max, min, .and., .or.", loc.Op).
				WithHint("write reduce(+: s) or reduce(min: dt)")
			continue
		}
		for _, id := range loc.Names {
			out = append(out, redClause{op: o, name: id})
		}
	}
	return out
}

// reductionVars resolves the names of a nest's reduction clauses: each
// must be a scalar local of the kernel or an intent(out) scalar dummy, of
// a type the operator folds. It returns the map from the scalar to its
// Reduction variable.
func (l *lowerer) reductionVars(list []redClause) ([]*ir.Var, map[*ir.Var]*ir.Var) {
	var vars []*ir.Var
	m := map[*ir.Var]*ir.Var{}
	for _, rc := range list {
		ent := l.s.lookup(rc.name.Name)
		var v *ir.Var
		if ent.sym != nil && ent.sym.sc == l.s {
			v = l.vars[ent.sym]
		}
		if v == nil || v.Rank > 0 || (v.Role == ir.Dummy && !v.Result()) || (v.Role != ir.Dummy && v.Role != ir.Local) || l.isSize(v) {
			l.c.diags.Error(codeLoopReduction, rc.name.Pos, "%q in a reduction clause is not a scalar local or an intent(out) scalar dummy of the kernel", rc.name.Orig).
				WithHint("reduce into a scalar local, or into a scalar dummy declared intent(out) to return the value")
			continue
		}
		logical := rc.op == ir.RAll || rc.op == ir.RAny
		if logical != (v.Kind == ir.Logical) {
			l.c.diags.Error(codeLoopReduction, rc.name.Pos, "reduction %s of %q, which is %s", rc.op, rc.name.Orig, v.Kind).
				WithHint(".and. and .or. reduce logicals; +, *, max and min reduce integers and reals")
			continue
		}
		if m[v] != nil {
			l.c.diags.Error(codeLoopReduction, rc.name.Pos, "%q is named by two reduction clauses of one loop", rc.name.Orig)
			continue
		}
		l.nreduce++
		r := &ir.Var{Name: v.Name, Kind: v.Kind, Role: ir.Reduction, Pos: rc.name.Pos,
			Reduce: &ir.Reduce{Op: rc.op, Result: v, Index: l.nreduce}}
		m[v] = r
		vars = append(vars, r)
	}
	return vars, m
}

func (l *lowerer) isSize(v *ir.Var) bool { return l.loop.sizes[v] }

// reduceUpdate lowers s = s op x (or x op s, max(s, x), min(x1, s, x2, ...))
// inside a nest whose reduction r names s: r folds x (min(x1, x2, ...)).
func (l *lowerer) reduceUpdate(s *ast.AssignStmt, v, r *ir.Var) []ir.Stmt {
	other := updateOther(s.RHS, v.Name, r.Reduce.Op)
	op := r.Reduce.Op
	if other == nil {
		l.c.diags.Error(codeLoopReduction, s.Pos, "assignment to %q does not have the form of its %s reduction", v.Name, op).
			WithHint("inside the loop write %s", updateForm(v.Name, op))
		return nil
	}
	rhs := l.expr(other)
	if rhs == nil {
		return nil
	}
	if rhs.Type().Rank > 0 {
		l.errorf(codeArrayToScalar, other.Span(), "cannot fold an array into %q", v.Name)
		return nil
	}
	rhs = l.assignConv(rhs, v, other.Span())
	if rhs == nil {
		return nil
	}
	return []ir.Stmt{&ir.Assign{Pos: s.Pos, LHS: &ir.Ref{Pos: s.LHS.Span(), Var: r}, RHS: rhs}}
}

// updateOther returns what rhs folds into the scalar name when rhs has
// the form of its op reduction (name op x, x op name, max(name, x), ...),
// or nil.
func updateOther(rhs ast.Expr, name string, op ir.ReduceOp) ast.Expr {
	isS := func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		return ok && id.Name == strings.ToLower(name)
	}
	switch x := rhs.(type) {
	case *ast.Binary:
		want := map[ir.ReduceOp]string{ir.RSum: "+", ir.RProduct: "*", ir.RAll: ".and.", ir.RAny: ".or."}[op]
		if x.Op == want {
			switch {
			case isS(x.X):
				return x.Y
			case isS(x.Y):
				return x.X
			}
		}
	case *ast.Call:
		want := map[ir.ReduceOp]string{ir.RMax: "max", ir.RMin: "min"}[op]
		if x.Name.Name == want {
			return foldOthers(x, isS)
		}
	}
	return nil
}

// foldOthers returns what max or min call c folds into s when one of its
// arguments is s: the other argument, or the call of the same intrinsic
// on the others (min(s, a, b) folds min(a, b)); nil when c has no plain
// argument s, or keywords or sections. Another use of s among the others
// stays a read of s, which checkReduceUses reports.
func foldOthers(c *ast.Call, isS func(ast.Expr) bool) ast.Expr {
	if len(c.Args) < 2 {
		return nil
	}
	var rest []ast.Arg
	found := false
	for _, a := range c.Args {
		if a.Keyword != nil || a.Section {
			return nil
		}
		if !found && isS(a.Value) {
			found = true
			continue
		}
		rest = append(rest, a)
	}
	switch {
	case !found:
		return nil
	case len(rest) == 1:
		return rest[0].Value
	}
	return &ast.Call{Pos: c.Pos, Name: c.Name, Args: rest}
}

// updateForm spells the update of s for op.
func updateForm(s string, op ir.ReduceOp) string {
	switch op {
	case ir.RSum:
		return s + " = " + s + " + expr"
	case ir.RProduct:
		return s + " = " + s + " * expr"
	case ir.RMax:
		return s + " = max(" + s + ", expr)"
	case ir.RMin:
		return s + " = min(" + s + ", expr)"
	case ir.RAll:
		return s + " = " + s + " .and. expr"
	}
	return s + " = " + s + " .or. expr"
}

// checkReduceUses reports every other use of a reduced scalar in the body
// of nest n: its value is not known until the nest ends.
func (l *lowerer) checkReduceUses(n *ir.Nest, m map[*ir.Var]*ir.Var) {
	seen := map[diag.Span]bool{}
	ir.VisitRefs(n.Body, func(ref *ir.Ref) {
		r := m[ref.Var]
		if r == nil || seen[ref.Pos] {
			return
		}
		seen[ref.Pos] = true
		l.c.diags.Error(codeLoopReduction, ref.Pos, "%q is reduced by this loop and cannot be used otherwise inside it", ref.Var.Name).
			WithNote(r.Pos, "named by this reduction clause").
			WithHint("only %s may use it inside the loop; read it after the loop", updateForm(ref.Var.Name, r.Reduce.Op))
	})
}
