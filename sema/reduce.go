package sema

import (
	"fmt"
	"math"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Reductions in kernels.
//
// A call such as sum(region_cpy(H, halo), mask=...) in a kernel statement
// is hoisted into a statement of its own, placed before the statement
// that contains it: an Assign to a new Reduction variable over the
// argument's frame (with the mask as its Mask), whose folded value is a
// new scalar local that the call is replaced by. regions then splits the
// kernel into launches after each reduction (Note [phases]). The rules
// below keep that split exact: reductions sit at the top level of the
// body, the kernel has no RETURN, and no temporary or IF-assigned scalar
// carries a value across a reduction (checkPhases).

// reductionFuncs are the reductions kernels may call, with their fold.
var reductionFuncs = map[string]ir.ReduceOp{
	"sum": ir.RSum, "product": ir.RProduct, "maxval": ir.RMax, "minval": ir.RMin,
	"count": ir.RSum, "any": ir.RAny, "all": ir.RAll, "dot_product": ir.RSum, "norm2": ir.RSum,
	"maxloc": ir.RMaxLoc, "minloc": ir.RMinLoc, // sema/maxloc.go
}

// reduction lowers a call of one of reductionFuncs.
func (l *lowerer) reduction(e *ast.Call, op ir.ReduceOp) ir.Expr {
	if l.loop != nil && l.kernel != nil && !l.scalar { // Note [reductions of sections] in sema/sections.go
		if op.Loc() {
			l.errorf(codeLoopReduction, e.Name.Pos, "%q is not supported in a loop kernel", e.Name.Orig).
				WithHint("compute the position in a kernel written with array syntax, or with a reduction(max:...) clause and a second loop that finds the first position")
			return nil
		}
		return l.loopReduction(e, op)
	}
	if op.Loc() {
		x, _ := l.locReduction(e, op, false)
		return x
	}
	if !l.reductionContext(e) {
		return nil
	}
	name := e.Name.Name
	want := 1
	if name == "dot_product" {
		want = 2
	}
	var args []ast.Expr
	var maskArg ast.Expr
	for _, a := range e.Args {
		switch {
		case a.Section:
			l.errorf(codeReductionArgument, a.Pos, "array sections are not supported in reductions; use region_cpy")
			return nil
		case a.Keyword == nil:
			args = append(args, a.Value)
		case a.Keyword.Name == "mask" && name != "count" && name != "any" && name != "all" && name != "dot_product" && name != "norm2":
			maskArg = a.Value
		case a.Keyword.Name == "dim":
			l.errorf(codeReductionDim, a.Pos, "%s with dim= is not supported; forocl reduces over the whole array expression", e.Name.Orig).
				WithHint("reduce the whole expression, or write the reduction along one dimension as array syntax")
			return nil
		case a.Keyword.Name == "array" || a.Keyword.Name == "mask" || a.Keyword.Name == "x" || a.Keyword.Name == "vector_a" || a.Keyword.Name == "vector_b":
			args = append(args, a.Value)
		default:
			l.errorf(codeReductionArgument, a.Pos, "%s has no argument %q", e.Name.Orig, a.Keyword.Orig)
			return nil
		}
	}
	if len(args) != want {
		l.errorf(codeReductionArgument, e.Pos, "%s takes %d array argument%s, got %d", e.Name.Orig, want, plural(want), len(args))
		return nil
	}
	x := l.expr(args[0])
	if x == nil {
		return nil
	}
	xs := []ir.Expr{x}
	if want == 2 {
		y := l.expr(args[1])
		if y == nil {
			return nil
		}
		xs = append(xs, y)
	}
	var mask ir.Expr
	if maskArg != nil {
		if mask = l.expr(maskArg); mask == nil {
			return nil
		}
		if mask.Type().Kind != ir.Logical {
			l.errorf(codeReductionArgument, maskArg.Span(), "mask= of %s must be logical, not %s", e.Name.Orig, mask.Type().Kind)
			return nil
		}
	}
	for _, a := range append(append([]ir.Expr(nil), xs...), mask) {
		if a != nil && a.Type().Rank == 0 {
			l.errorf(codeReductionArgument, a.Span(), "the argument of %s is a scalar; it reduces an array expression", e.Name.Orig).
				WithHint("reduce an array or region_cpy(...) expression")
			return nil
		}
	}
	// The value folded per element, and its kind.
	var val ir.Expr
	switch name {
	case "count", "any", "all":
		if x.Type().Kind != ir.Logical {
			l.errorf(codeReductionArgument, args[0].Span(), "%s takes a logical array, not %s", e.Name.Orig, x.Type().Kind)
			return nil
		}
		val = x
		if name == "count" {
			val = &ir.Intrinsic{Pos: x.Span(), ID: ir.FnMerge, Args: []ir.Expr{
				&ir.Const{Pos: x.Span(), Kind: ir.Int, Int: 1}, &ir.Const{Pos: x.Span(), Kind: ir.Int, Int: 0}, x,
			}, T: ir.Type{Kind: ir.Int, Rank: x.Type().Rank}}
		}
	case "dot_product":
		k := commonKind(xs[0].Type().Kind, xs[1].Type().Kind)
		if !isNumeric(xs[0].Type().Kind) || !isNumeric(xs[1].Type().Kind) {
			l.errorf(codeReductionArgument, e.Pos, "dot_product takes numeric arrays")
			return nil
		}
		val = &ir.Binary{Pos: e.Pos, Op: ir.Mul, X: l.conv(xs[0], k), Y: l.conv(xs[1], k), T: ir.Type{Kind: k, Rank: x.Type().Rank}}
	case "norm2":
		if !x.Type().Kind.IsReal() {
			l.errorf(codeReductionArgument, args[0].Span(), "norm2 takes a real array, not %s", x.Type().Kind)
			return nil
		}
		val = &ir.Binary{Pos: e.Pos, Op: ir.Mul, X: x, Y: cloneExpr(x), T: x.Type()}
	default:
		if !isNumeric(x.Type().Kind) {
			l.errorf(codeReductionArgument, args[0].Span(), "%s takes a numeric array, not %s", e.Name.Orig, x.Type().Kind)
			return nil
		}
		val = x
	}
	ops := l.operands(val)
	if mask != nil {
		ops = append(ops, l.operands(mask)...)
	}
	ref, ok := l.conform(ops)
	if !ok {
		return nil
	}
	if ref == nil {
		l.errorf(codeReductionArgument, e.Pos, "cannot tell the shape of the argument of %s: it has no array operand", e.Name.Orig)
		return nil
	}
	l.nreduce++
	kind := val.Type().Kind
	label := fmt.Sprintf("_%s%d", name, l.nreduce)
	res := &ir.Var{Name: label, Kind: kind, Role: ir.Local, Pos: e.Pos}
	l.addLocal(res)
	rv := &ir.Var{Name: label, Kind: kind, Rank: l.rank, Role: ir.Reduction, Pos: e.Pos,
		Shrink: append([]int(nil), ref.shrink...), Reduce: &ir.Reduce{Op: op, Intrinsic: name, Result: res, Index: l.nreduce}}
	l.hoisted = append(l.hoisted, &ir.Assign{Pos: e.Pos, LHS: l.window(rv, nil, nil, e.Pos), RHS: val, Mask: mask, Shrink: rv.Shrink})
	var out ir.Expr = &ir.Ref{Pos: e.Pos, Var: res}
	if mask == nil && mayBeEmpty(ref.shrink) && (op == ir.RMax || op == ir.RMin) && kind.IsReal() {
		// a window is empty where a grid extent is within its halo (Note
		// [maxval and NaN]): known from the extents, no second reduction
		var some ir.Expr
		for d, sh := range ref.shrink {
			if sh == 0 {
				continue
			}
			x := &ir.Binary{Pos: e.Pos, Op: ir.Gt, X: &ir.GridExtent{Pos: e.Pos, Dim: d}, Y: &ir.Const{Pos: e.Pos, Kind: ir.Int, Int: int64(sh)}, T: ir.Type{Kind: ir.Logical}}
			if some == nil {
				some = x
			} else {
				some = &ir.Binary{Pos: e.Pos, Op: ir.And, X: some, Y: x, T: ir.Type{Kind: ir.Logical}}
			}
		}
		out = emptyExtreme(op, out, some)
	} else if mask != nil && (op == ir.RMax || op == ir.RMin) && kind.IsReal() {
		// any(mask) tells an empty mask or frame from only NaNs (Note
		// [maxval and NaN]); it folds the reduction's own frame (Counts)
		l.nreduce++
		clabel := fmt.Sprintf("_some%d", l.nreduce)
		cres := &ir.Var{Name: clabel, Kind: ir.Logical, Role: ir.Local, Pos: e.Pos}
		l.addLocal(cres)
		cv := &ir.Var{Name: clabel, Kind: ir.Logical, Rank: l.rank, Role: ir.Reduction, Pos: e.Pos,
			Shrink: append([]int(nil), ref.shrink...), Reduce: &ir.Reduce{Op: ir.RAny, Intrinsic: "any", Result: cres, Index: l.nreduce, Counts: rv}}
		var some ir.Expr = &ir.Const{Pos: e.Pos, Kind: ir.Logical, Bool: true}
		if mask != nil {
			some = cloneExpr(mask)
		}
		l.hoisted = append(l.hoisted, &ir.Assign{Pos: e.Pos, LHS: l.window(cv, nil, nil, e.Pos), RHS: some, Shrink: cv.Shrink})
		out = emptyExtreme(op, out, &ir.Ref{Pos: e.Pos, Var: cres})
	}
	if name == "norm2" {
		out = &ir.Intrinsic{Pos: e.Pos, ID: ir.FnSqrt, Args: []ir.Expr{out}, T: ir.Type{Kind: kind}}
	}
	return out
}

// Note [maxval and NaN]
//
// maxval and minval give what gfortran gives: the largest (smallest)
// value that is not a NaN, infinities included; a NaN when every value
// counted is a NaN; and -huge (huge) when no value is counted (an empty
// mask or section). Integers start from the kind's least (greatest)
// value, which is also gfortran's result for an empty integer array
// (-huge-1 for maxval). Reals fold with OpenCL's fmax and fmin, which
// return the other argument when one is a NaN, starting from a NaN
// (codegen's identity, reduceStart): the fold is a NaN exactly when no
// value but NaNs was folded. Where the set can be empty, the value is
// then merge(v, -huge, some), with some the any() of the mask (a second
// reduction in the same launch), or for a window without a mask the grid
// extents beyond its halo (n1 > 2 .and. n2 > 2: ir.GridExtent), or the
// section's bounds (lo <= hi) in a loop kernel. The
// loop form s = max(s, x) of a reduction clause folds the nest's value
// into s with fmax after the nest, so NaNs are dropped there too.

// mayBeEmpty reports whether a frame of these shrinks can have no
// element: a grid extent may equal the halos a window leaves out.
func mayBeEmpty(shrink []int) bool {
	for _, s := range shrink {
		if s > 0 {
			return true
		}
	}
	return false
}

// emptyExtreme is v, the value of a max or min reduction of reals, or
// -huge (huge) where some is false: the result of maxval (minval) over no
// values (Note [maxval and NaN]). Other reductions, integers and a nil
// some give v.
func emptyExtreme(op ir.ReduceOp, v, some ir.Expr) ir.Expr {
	k := v.Type().Kind
	if (op != ir.RMax && op != ir.RMin) || !k.IsReal() || some == nil {
		return v
	}
	huge := math.MaxFloat32
	if k == ir.Real8 {
		huge = math.MaxFloat64
	}
	if op == ir.RMax {
		huge = -huge
	}
	at := v.Span()
	return &ir.Intrinsic{Pos: at, ID: ir.FnMerge, Args: []ir.Expr{v, &ir.Const{Pos: at, Kind: k, Float: huge}, some}, T: ir.Type{Kind: k}}
}

// reductionContext reports (and rejects) a reduction where its value
// cannot be known in time: in scalar code, an if block or a where block.
func (l *lowerer) reductionContext(e *ast.Call) bool {
	name := e.Name.Name
	switch {
	case l.kernel == nil || l.scalar:
		l.errorf(codeReductionInScalarCode, e.Name.Pos, "reduction %q is not allowed in %s; its code runs on one element", e.Name.Orig, l.where).
			WithHint("reduce in a kernel over array expressions, e.g. \"s = %s(region_cpy(a, halo))\"", name)
		return false
	case l.depth > 0:
		l.errorf(codeReductionInBranch, e.Name.Pos, "reduction %q inside an if block: its value is needed before the branch is known", e.Name.Orig).
			WithHint("compute it before the if block into a scalar, then use the scalar")
		return false
	case l.inWhere > 0:
		l.errorf(codeReductionInBranch, e.Name.Pos, "reduction %q inside a where block: its value is needed before the mask is applied", e.Name.Orig).
			WithHint("compute it before the where block into a scalar, then use the scalar")
		return false
	}
	return true
}

// checkPhases enforces the rules that let regions split a kernel with
// reductions or scalar results into launches (see the comment at the top
// of this file): no RETURN; no temporary assigned before a reduction and
// read after it; no scalar assigned inside an IF before a reduction and
// read after it (or, for a result dummy, assigned only there).
func (l *lowerer) checkPhases(k *ir.Kernel) {
	hasReduce, hasResult := false, false
	for _, s := range k.Body {
		if a, ok := s.(*ir.Assign); ok && isReduce(a) {
			hasReduce = true
		}
	}
	for _, v := range k.Params {
		if v.Rank == 0 && v.Intent == ir.Out {
			hasResult = true
		}
	}
	if !hasReduce && !hasResult {
		return
	}
	// Walk the phases: before[v] says where v was last set in an earlier
	// phase (temps, and scalars set inside an IF).
	type setAt struct {
		pos  diag.Span
		temp bool
	}
	earlier := map[*ir.Var]setAt{} // set in an earlier phase
	current := map[*ir.Var]setAt{} // set in this phase
	var reduceAt diag.Span
	var visit func(ss []ir.Stmt, inIf bool)
	reads := func(e ir.Expr, at diag.Span) {
		ir.Walk(e, func(x ir.Expr) {
			var v *ir.Var
			switch x := x.(type) {
			case *ir.Window:
				v = x.Var
			case *ir.Ref:
				v = x.Var
			}
			if s, ok := earlier[v]; ok {
				what := "scalar"
				if s.temp {
					what = "temporary"
				}
				l.errorf(codeReductionCrossing, at, "%s %q is set before the reduction at line %d and read after it; forocl splits the kernel into launches at a reduction", what, v.Name, reduceAt.Start.Line).
					WithHint("compute %q after the reduction, or set it outside if blocks", v.Name).
					WithNote(s.pos, "set here")
				delete(earlier, v)
			}
		})
	}
	visit = func(ss []ir.Stmt, inIf bool) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.Assign:
				reads(s.RHS, s.Pos)
				reads(s.Mask, s.Pos)
				switch lhs := s.LHS.(type) {
				case *ir.Window:
					if lhs.Var.Role == ir.Temp {
						current[lhs.Var] = setAt{s.Pos, true}
					}
				case *ir.Ref:
					// A top-level scalar statement is run again in every
					// later launch; one that reads a scalar set inside an
					// IF carries that value as if set there too.
					delete(earlier, lhs.Var)
					if inIf || readsAnyOf(s.RHS, current) {
						current[lhs.Var] = setAt{s.Pos, false}
					} else {
						delete(current, lhs.Var)
					}
				}
				if isReduce(s) {
					for v, at := range current {
						earlier[v] = at
					}
					current = map[*ir.Var]setAt{}
					reduceAt = s.Pos
				}
			case *ir.If:
				reads(s.Cond, s.Pos)
				visit(s.Then, true)
				visit(s.Else, true)
			case *ir.Return:
				l.errorf(codeReductionReturn, s.Pos, "return in a kernel with reductions or scalar results is not supported").
					WithHint("use if blocks around the statements instead")
			}
		}
	}
	visit(k.Body, false)
	for _, v := range k.Params {
		if s, ok := earlier[v]; ok && v.Rank == 0 && v.Intent == ir.Out {
			l.errorf(codeReductionCrossing, s.pos, "result %q is set inside an if block before the reduction at line %d and not after it; forocl splits the kernel into launches at a reduction", v.Name, reduceAt.Start.Line).
				WithHint("set %q after the last reduction, or outside if blocks", v.Name)
		}
	}
}

func readsAnyOf[T any](e ir.Expr, vars map[*ir.Var]T) bool {
	found := false
	ir.Walk(e, func(x ir.Expr) {
		if r, ok := x.(*ir.Ref); ok {
			if _, in := vars[r.Var]; in {
				found = true
			}
		}
	})
	return found
}

// isReduce reports whether a is a reduction's assignment.
func isReduce(a *ir.Assign) bool {
	w, ok := a.LHS.(*ir.Window)
	return ok && w.Var.Role == ir.Reduction
}
