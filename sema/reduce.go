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

// reduction lowers a call of the reduction in (a ClassReduction row of
// ir.Intrinsics).
func (l *lowerer) reduction(e *ast.Call, in *ir.IntrinsicInfo) ir.Expr {
	op := in.Reduce
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
	args, maskArg, ok := l.reductionArgs(e, in)
	if !ok {
		return nil
	}
	xs, mask, ok := l.reductionOperands(e, args, maskArg)
	if !ok {
		return nil
	}
	val := l.reducedValue(e, args, xs)
	if val == nil {
		return nil
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
	kind := val.Type().Kind
	res, rv := l.hoistReduction(e.Pos, e.Name.Name, kind, ref.shrink, ir.Reduce{Op: op, Intrinsic: e.Name.Name}, val, mask)
	out := l.emptyGuard(e.Pos, op, &ir.Ref{Pos: e.Pos, Var: res}, rv, ref.shrink, mask)
	if e.Name.Name == "norm2" {
		out = &ir.Intrinsic{Pos: e.Pos, ID: ir.FnSqrt, Args: []ir.Expr{out}, T: ir.Type{Kind: kind}}
	}
	return out
}

// reductionArgs sorts the arguments of the call e of reduction in into its array
// arguments (as many as its row of ir.Intrinsics says: one, or two for
// dot_product) and its mask= argument, where the row takes one, and
// rejects sections, dim= and unknown keywords.
func (l *lowerer) reductionArgs(e *ast.Call, in *ir.IntrinsicInfo) (args []ast.Expr, maskArg ast.Expr, ok bool) {
	want := in.Max
	for _, a := range e.Args {
		switch {
		case a.Section:
			l.errorf(codeReductionArgument, a.Pos, "array sections are not supported in reductions; use region_cpy")
			return nil, nil, false
		case a.Keyword == nil:
			args = append(args, a.Value)
		case a.Keyword.Name == "mask" && in.Mask:
			maskArg = a.Value
		case a.Keyword.Name == "dim":
			l.errorf(codeReductionDim, a.Pos, "%s with dim= is not supported; forocl reduces over the whole array expression", e.Name.Orig).
				WithHint("reduce the whole expression, or write the reduction along one dimension as array syntax")
			return nil, nil, false
		case a.Keyword.Name == "array" || a.Keyword.Name == "mask" || a.Keyword.Name == "x" || a.Keyword.Name == "vector_a" || a.Keyword.Name == "vector_b":
			args = append(args, a.Value)
		default:
			l.errorf(codeReductionArgument, a.Pos, "%s has no argument %q", e.Name.Orig, a.Keyword.Orig)
			return nil, nil, false
		}
	}
	if len(args) != want {
		l.errorf(codeReductionArgument, e.Pos, "%s takes %d array argument%s, got %d", e.Name.Orig, want, plural(want), len(args))
		return nil, nil, false
	}
	return args, maskArg, true
}

// reductionOperands lowers the array arguments and the mask of the
// reduction call e; each must be an array expression, and the mask
// logical.
func (l *lowerer) reductionOperands(e *ast.Call, args []ast.Expr, maskArg ast.Expr) (xs []ir.Expr, mask ir.Expr, ok bool) {
	for _, a := range args {
		x := l.expr(a)
		if x == nil {
			return nil, nil, false
		}
		xs = append(xs, x)
	}
	if maskArg != nil {
		if mask = l.expr(maskArg); mask == nil {
			return nil, nil, false
		}
		if mask.Type().Kind != ir.Logical {
			l.errorf(codeReductionArgument, maskArg.Span(), "mask= of %s must be logical, not %s", e.Name.Orig, mask.Type().Kind)
			return nil, nil, false
		}
	}
	for _, a := range append(append([]ir.Expr(nil), xs...), mask) {
		if a != nil && a.Type().Rank == 0 {
			l.errorf(codeReductionArgument, a.Span(), "the argument of %s is a scalar; it reduces an array expression", e.Name.Orig).
				WithHint("reduce an array or region_cpy(...) expression")
			return nil, nil, false
		}
	}
	return xs, mask, true
}

// reducedValue is the value the reduction call e folds per element, given
// its lowered array arguments xs (args are their sources): the argument
// itself, merge(1, 0, x) for count, x*y for dot_product and x*x for norm2.
// It is nil, reported, when the arguments have the wrong type.
func (l *lowerer) reducedValue(e *ast.Call, args []ast.Expr, xs []ir.Expr) ir.Expr {
	x := xs[0]
	switch name := e.Name.Name; name {
	case "count", "any", "all":
		if x.Type().Kind != ir.Logical {
			l.errorf(codeReductionArgument, args[0].Span(), "%s takes a logical array, not %s", e.Name.Orig, x.Type().Kind)
			return nil
		}
		if name == "count" {
			return &ir.Intrinsic{Pos: x.Span(), ID: ir.FnMerge, Args: []ir.Expr{
				&ir.Const{Pos: x.Span(), Kind: ir.Int, Int: 1}, &ir.Const{Pos: x.Span(), Kind: ir.Int, Int: 0}, x,
			}, T: ir.Type{Kind: ir.Int, Rank: x.Type().Rank}}
		}
		return x
	case "dot_product":
		k := commonKind(xs[0].Type().Kind, xs[1].Type().Kind)
		if !isNumeric(xs[0].Type().Kind) || !isNumeric(xs[1].Type().Kind) {
			l.errorf(codeReductionArgument, e.Pos, "dot_product takes numeric arrays")
			return nil
		}
		return &ir.Binary{Pos: e.Pos, Op: ir.Mul, X: l.conv(xs[0], k), Y: l.conv(xs[1], k), T: ir.Type{Kind: k, Rank: x.Type().Rank}}
	case "norm2":
		if !x.Type().Kind.IsReal() {
			l.errorf(codeReductionArgument, args[0].Span(), "norm2 takes a real array, not %s", x.Type().Kind)
			return nil
		}
		return &ir.Binary{Pos: e.Pos, Op: ir.Mul, X: x, Y: cloneExpr(x), T: x.Type()}
	}
	if !isNumeric(x.Type().Kind) {
		l.errorf(codeReductionArgument, args[0].Span(), "%s takes a numeric array, not %s", e.Name.Orig, x.Type().Kind)
		return nil
	}
	return x
}

// hoistReduction numbers a new reduction and hoists it before the
// statement: a scalar local res named _<prefix><n> receives the fold, and
// the reduction variable rv (red, completed with res and the number) folds
// rhs over the frame of these shrinks where mask holds.
func (l *lowerer) hoistReduction(at diag.Span, prefix string, kind ir.Kind, shrink []int, red ir.Reduce, rhs, mask ir.Expr) (res, rv *ir.Var) {
	l.nreduce++
	label := fmt.Sprintf("_%s%d", prefix, l.nreduce)
	res = &ir.Var{Name: label, Kind: kind, Role: ir.Local, Pos: at}
	l.addLocal(res)
	red.Result, red.Index = res, l.nreduce
	rv = &ir.Var{Name: label, Kind: kind, Rank: l.rank, Role: ir.Reduction, Pos: at,
		Shrink: append([]int(nil), shrink...), Reduce: &red}
	l.hoisted = append(l.hoisted, &ir.Assign{Pos: at, LHS: l.window(rv, nil, nil, at), RHS: rhs, Mask: mask, Shrink: rv.Shrink})
	return res, rv
}

// emptyGuard is out, the value of the reduction rv (of op, over the frame
// of these shrinks, where mask holds), guarded for an empty set of values
// when op is a max or min of reals (Note [maxval and NaN]): without a mask
// the grid extents tell whether the window is empty, with one a second
// reduction any(mask) over rv's frame does.
func (l *lowerer) emptyGuard(at diag.Span, op ir.ReduceOp, out ir.Expr, rv *ir.Var, shrink []int, mask ir.Expr) ir.Expr {
	if (op != ir.RMax && op != ir.RMin) || !rv.Kind.IsReal() {
		return out
	}
	if mask == nil {
		if !mayBeEmpty(shrink) {
			return out
		}
		// a window is empty where a grid extent is within its halo: known
		// from the extents, no second reduction
		var some ir.Expr
		for d, sh := range shrink {
			if sh == 0 {
				continue
			}
			x := &ir.Binary{Pos: at, Op: ir.Gt, X: &ir.GridExtent{Pos: at, Dim: d}, Y: &ir.Const{Pos: at, Kind: ir.Int, Int: int64(sh)}, T: ir.Type{Kind: ir.Logical}}
			if some == nil {
				some = x
			} else {
				some = &ir.Binary{Pos: at, Op: ir.And, X: some, Y: x, T: ir.Type{Kind: ir.Logical}}
			}
		}
		return emptyExtreme(op, out, some)
	}
	// any(mask) tells an empty mask or frame from only NaNs; it folds the
	// reduction's own frame (Counts)
	cres, _ := l.hoistReduction(at, "some", ir.Logical, shrink, ir.Reduce{Op: ir.RAny, Intrinsic: "any", Counts: rv}, cloneExpr(mask), nil)
	return emptyExtreme(op, out, &ir.Ref{Pos: at, Var: cres})
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
// (codegen's identity, ir.ReduceStart): the fold is a NaN exactly when no
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
