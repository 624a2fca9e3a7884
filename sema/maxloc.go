package sema

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// maxloc and minloc.
//
// In Fortran maxloc(A [, mask]) over an array of rank r is an integer
// array of r positions; forocl accepts it only as the whole right-hand
// side of an assignment to an integer array of r elements off the grid:
// an intent(out) dummy such as loc(2), a result of the kernel, or a local
// one, whose elements later scalar statements may read as loc(1) (both
// are Vars with Elems). maxloc(A, dim=1) over a rank-1 array is a scalar,
// usable wherever another reduction is. Either is hoisted like the other
// reductions: a Reduction variable of A's kind whose Reduce.Positions are
// integer locals, one per dimension, which the assignment copies into the
// target's elements. Positions count from 1 in the array expression's own
// bounds, which for a whole assumed-shape dummy, a region_cpy window or an
// expression start at 1: they are the frame index plus one. codegen folds
// (value, index) pairs (Note [maxloc] in codegen/reduce.go).

// locArgList is a maxloc or minloc call's arguments, sorted.
type locArgList struct {
	array, dim, mask ast.Expr
}

// intConst reports whether e is a constant default integer, and its
// value. It only asks: a halo that is not known here is not reported (or
// marked as reported), so the argument's own lowering still reports it.
func (l *lowerer) intConst(e ast.Expr) (int64, bool) {
	quiet := func(sym *symbol, at diag.Span) (cval, *constErr, bool) {
		if st, ok := l.halos[sym]; ok && (st.failed || st.bad != "" || !st.ever) {
			return cval{}, &constErr{span: at, silent: true}, true
		}
		return l.env(sym, at)
	}
	v, err := l.c.evalConst(l.s, quiet, e)
	if err != nil || v.isArr || v.kind != ir.Int {
		return 0, false
	}
	return v.i, true
}

// locArgs sorts the arguments of maxloc or minloc: the array, then dim (a
// constant integer) or mask, then by keyword, as MAXLOC(ARRAY, DIM [,
// MASK]) and MAXLOC(ARRAY [, MASK]) take them. back= and kind= are
// reported. ok is false when something was reported.
func (l *lowerer) locArgs(e *ast.Call, report bool) (a locArgList, ok bool) {
	fail := func() (locArgList, bool) { return a, false }
	var pos []ast.Arg
	for _, arg := range e.Args {
		switch {
		case arg.Section:
			if report {
				l.errorf(codeReductionArgument, arg.Pos, "array sections are not supported in reductions; use region_cpy")
			}
			return fail()
		case arg.Keyword == nil:
			pos = append(pos, arg)
		case arg.Keyword.Name == "array":
			a.array = arg.Value
		case arg.Keyword.Name == "dim":
			a.dim = arg.Value
		case arg.Keyword.Name == "mask":
			a.mask = arg.Value
		case arg.Keyword.Name == "back" || arg.Keyword.Name == "kind":
			if report {
				l.locUnsupported(e, arg.Keyword.Name, arg)
			}
			return fail()
		default:
			if report {
				l.errorf(codeReductionArgument, arg.Pos, "%s has no argument %q", e.Name.Orig, arg.Keyword.Orig)
			}
			return fail()
		}
	}
	slots := []string{"array", "mask", "kind", "back"}
	if len(pos) > 1 && a.dim == nil {
		if _, isInt := l.intConst(pos[1].Value); isInt {
			slots = []string{"array", "dim", "mask", "kind", "back"}
		}
	}
	for i, arg := range pos {
		if i >= len(slots) {
			if report {
				l.errorf(codeReductionArgument, arg.Pos, "%s takes at most %d arguments", e.Name.Orig, len(slots))
			}
			return fail()
		}
		switch slots[i] {
		case "array":
			a.array = arg.Value
		case "dim":
			a.dim = arg.Value
		case "mask":
			a.mask = arg.Value
		default:
			if report {
				l.locUnsupported(e, slots[i], arg)
			}
			return fail()
		}
	}
	return a, true
}

func (l *lowerer) locUnsupported(e *ast.Call, name string, arg ast.Arg) {
	d := l.errorf(codeLocArgument, arg.Pos, "%s with %s= is not supported by forocl", e.Name.Orig, name)
	if name == "back" {
		d.WithHint("remove back=; forocl gives the first position of the extreme value, as back=.false. does")
	} else {
		d.WithHint("remove kind=; positions are default integers")
	}
}

// wholeLoc reports whether e is a call of the intrinsic maxloc or minloc
// without dim=: an array of positions.
func (l *lowerer) wholeLoc(e ast.Expr) (*ast.Call, ir.ReduceOp, bool) {
	call, ok := e.(*ast.Call)
	if !ok {
		return nil, 0, false
	}
	in, ok := ir.Lookup(call.Name.Name, ir.ClassReduction)
	if !ok || !in.Reduce.Loc() {
		return nil, 0, false
	}
	if ent := l.s.lookup(call.Name.Name); ent.found() {
		return nil, 0, false // a user's name hides the intrinsic
	}
	a, ok := l.locArgs(call, false)
	if ok && a.dim != nil {
		return nil, 0, false
	}
	return call, in.Reduce, true
}

// locAssign lowers "loc = maxloc(...)" (no dim=) into the hoisted
// reduction and one scalar assignment per position.
func (l *lowerer) locAssign(s *ast.AssignStmt, id *ast.Ident, sym *symbol, call *ast.Call, op ir.ReduceOp) []ir.Stmt {
	if st, ok := l.halos[sym]; ok && sym.init == nil && !st.ever && l.lowerOne(sym) {
		// integer :: loc(2) is a halo until maxloc assigns it.
		v := &ir.Var{Name: sym.orig, Kind: ir.Int, Role: ir.Local, Pos: sym.pos, Elems: int(st.size)}
		delete(l.halos, sym)
		l.vars[sym] = v
		l.addLocal(v)
	}
	_, pos := l.locReduction(call, op, true)
	if pos == nil {
		return nil
	}
	v := l.vars[sym]
	if v == nil || v.Elems == 0 {
		l.errorf(codeLocArray, id.Pos, "%s without dim= gives an array of %d position%s; %q is not an integer array of %d elements", call.Name.Orig, len(pos), plural(len(pos)), id.Orig, len(pos)).
			WithHint("assign it to an integer array declared as \"integer :: %s(%d)\" (or an intent(out) dummy of that shape)", id.Orig, len(pos)).
			WithNote(sym.pos, "declared here")
		return nil
	}
	if v.Elems != len(pos) {
		l.errorf(codeLocArray, id.Pos, "%s of a rank-%d array gives %d position%s but %q has %d element%s", call.Name.Orig, len(pos), len(pos), plural(len(pos)), id.Orig, v.Elems, plural(v.Elems)).
			WithNote(sym.pos, "declared here")
		return nil
	}
	var out []ir.Stmt
	for d, p := range pos {
		out = append(out, &ir.Assign{Pos: s.Pos, LHS: &ir.Ref{Pos: id.Pos, Var: v, Elem: d + 1}, RHS: &ir.Ref{Pos: call.Pos, Var: p}})
	}
	return out
}

// lowerOne reports whether sym is declared with lower bound 1 (or none).
func (l *lowerer) lowerOne(sym *symbol) bool {
	if len(sym.dims) != 1 || sym.dims[0].Lo == nil {
		return len(sym.dims) == 1
	}
	lo, ok := l.intConst(sym.dims[0].Lo)
	return ok && lo == 1
}

// elemIndex checks a subscript of a fixed-size array (Var.Elems): one
// constant from 1 to Elems.
func (l *lowerer) elemIndex(call *ast.Call, v *ir.Var) (int, bool) {
	if len(call.Args) == 1 && !call.Args[0].Section && call.Args[0].Keyword == nil {
		if i, ok := l.intConst(call.Args[0].Value); ok && i >= 1 && i <= int64(v.Elems) {
			return int(i), true
		}
	}
	l.errorf(codeFixedSubscript, call.Pos, "%q has %d elements; a reference to it needs one constant subscript from 1 to %d", v.Name, v.Elems, v.Elems).
		WithHint("write %s(1) ... %s(%d)", v.Name, v.Name, v.Elems)
	return 0, false
}

// elemRef lowers a read of loc(i).
func (l *lowerer) elemRef(call *ast.Call, v *ir.Var) ir.Expr {
	i, ok := l.elemIndex(call, v)
	if !ok {
		return nil
	}
	return &ir.Ref{Pos: call.Pos, Var: v, Elem: i}
}

// elemAssign lowers "loc(i) = scalar".
func (l *lowerer) elemAssign(s *ast.AssignStmt, sub *ast.Call, v *ir.Var) []ir.Stmt {
	i, ok := l.elemIndex(sub, v)
	if !ok {
		return nil
	}
	rhs := l.expr(s.RHS)
	if rhs == nil {
		return nil
	}
	if rhs.Type().Rank > 0 {
		l.errorf(codeArrayToScalar, s.RHS.Span(), "cannot assign an array to element %d of %q", i, v.Name)
		return nil
	}
	if rhs = l.assignConv(rhs, v, s.RHS.Span()); rhs == nil {
		return nil
	}
	return []ir.Stmt{&ir.Assign{Pos: s.Pos, LHS: &ir.Ref{Pos: sub.Pos, Var: v, Elem: i}, RHS: rhs}}
}

// locReduction lowers maxloc or minloc: the hoisted reduction, and the
// scalar it gives (dim=1 over a rank-1 array) or, with whole, the
// positions for locAssign. It returns nil positions after an error.
func (l *lowerer) locReduction(e *ast.Call, op ir.ReduceOp, whole bool) (ir.Expr, []*ir.Var) {
	if !l.reductionContext(e) {
		return nil, nil
	}
	a, ok := l.locArgs(e, true)
	if !ok {
		return nil, nil
	}
	if a.array == nil {
		l.errorf(codeReductionArgument, e.Pos, "%s takes an array argument", e.Name.Orig)
		return nil, nil
	}
	x := l.expr(a.array)
	if x == nil {
		return nil, nil
	}
	if x.Type().Rank == 0 {
		l.errorf(codeReductionArgument, x.Span(), "the argument of %s is a scalar; it reduces an array expression", e.Name.Orig).
			WithHint("reduce an array or region_cpy(...) expression")
		return nil, nil
	}
	if !isNumeric(x.Type().Kind) {
		l.errorf(codeReductionArgument, a.array.Span(), "%s takes a numeric array, not %s", e.Name.Orig, x.Type().Kind)
		return nil, nil
	}
	rank := x.Type().Rank
	switch {
	case a.dim != nil:
		d, isInt := l.intConst(a.dim)
		switch {
		case !isInt:
			l.errorf(codeReductionDim, a.dim.Span(), "dim= of %s must be a constant integer", e.Name.Orig)
			return nil, nil
		case rank > 1:
			l.errorf(codeReductionDim, a.dim.Span(), "%s with dim= over a rank-%d array is not supported; it would give an array", e.Name.Orig, rank).
				WithHint("drop dim= and assign the %d positions to an integer array of %d elements", rank, rank)
			return nil, nil
		case d != 1:
			l.errorf(codeReductionDim, a.dim.Span(), "dim=%d of %s is out of range for a rank-1 array", d, e.Name.Orig)
			return nil, nil
		}
	case !whole:
		d := l.errorf(codeLocArray, e.Pos, "%s without dim= gives an array of %d position%s, which forocl cannot use in an expression", e.Name.Orig, rank, plural(rank))
		if rank == 1 {
			d.WithHint("use %s(..., dim=1) for a scalar, or assign it alone to an integer array of 1 element", e.Name.Name)
		} else {
			d.WithHint("assign it alone to an integer array of %d elements, \"loc = %s(...)\", and use loc(1) ... loc(%d)", rank, e.Name.Name, rank)
		}
		return nil, nil
	}
	var mask ir.Expr
	if a.mask != nil {
		if mask = l.expr(a.mask); mask == nil {
			return nil, nil
		}
		if mask.Type().Kind != ir.Logical {
			l.errorf(codeReductionArgument, a.mask.Span(), "mask= of %s must be logical, not %s", e.Name.Orig, mask.Type().Kind)
			return nil, nil
		}
		if mask.Type().Rank == 0 {
			l.errorf(codeReductionArgument, mask.Span(), "the mask of %s is a scalar; it must be an array of the argument's shape", e.Name.Orig)
			return nil, nil
		}
	}
	ops := l.operands(x)
	if mask != nil {
		ops = append(ops, l.operands(mask)...)
	}
	ref, ok := l.conform(ops)
	if !ok {
		return nil, nil
	}
	if ref == nil {
		l.errorf(codeReductionArgument, e.Pos, "cannot tell the shape of the argument of %s: it has no array operand", e.Name.Orig)
		return nil, nil
	}
	l.nreduce++
	label := fmt.Sprintf("_%s%d", e.Name.Name, l.nreduce)
	var pos []*ir.Var
	for d := 0; d < rank; d++ {
		name := label
		if rank > 1 {
			name = fmt.Sprintf("%s_%d", label, d+1)
		}
		p := &ir.Var{Name: name, Kind: ir.Int, Role: ir.Local, Pos: e.Pos}
		l.addLocal(p)
		pos = append(pos, p)
	}
	rv := &ir.Var{Name: label, Kind: x.Type().Kind, Rank: l.rank, Role: ir.Reduction, Pos: e.Pos,
		Shrink: append([]int(nil), ref.shrink...), Reduce: &ir.Reduce{Op: op, Intrinsic: e.Name.Name, Result: pos[0], Index: l.nreduce, Positions: pos}}
	l.hoisted = append(l.hoisted, &ir.Assign{Pos: e.Pos, LHS: l.window(rv, nil, nil, e.Pos), RHS: x, Mask: mask, Shrink: rv.Shrink})
	return &ir.Ref{Pos: e.Pos, Var: pos[0]}, pos
}
