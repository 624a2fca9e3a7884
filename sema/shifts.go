package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [shifts]
// ~~~~~~~~~~~~~
// EOSHIFT(ARRAY, SHIFT [, BOUNDARY, DIM]) and CSHIFT(ARRAY, SHIFT [, DIM])
// in an array assignment (Note [array assignments]) shift the positions
// of ARRAY along dimension DIM: element p (0-based position along DIM in
// the assignment's shape of n) is ARRAY's element at position p + SHIFT,
// which for EOSHIFT is BOUNDARY when p + SHIFT is outside 0..n-1, and for
// CSHIFT is the position modulo(p + SHIFT, n). ARRAY may be any array
// expression of the assignment's shape (a whole array, a section, an
// expression of them): shiftCall lowers it with a shift recorded in the
// iteration (sectCtx.shift) for that dimension, so every array operand in
// it reads the shifted position:
//
//   - EOSHIFT moves the operand's subscript by SHIFT times the stride,
//     which stays affine (SHIFT is affine in integer scalars: a constant,
//     a dummy), and the value is merge(shifted, BOUNDARY, 0 <= p + SHIFT
//     < n). The generated C selects with ?:, so a shifted element outside
//     the array is never read; sema marks those reads (loopState.guarded)
//     so that Note [accesses that leave the array] does not warn of them.
//   - CSHIFT's subscript is lo + modulo(p + SHIFT, n) times the stride:
//     not affine, so its access is Computed (Note [small arrays] in
//     package ir), as a gather's; it is read in place, in range.
//
// BOUNDARY is a scalar (default zero, or .false.), converted to ARRAY's
// kind; DIM a constant from 1 to the rank (default 1). An array-valued
// SHIFT or BOUNDARY, and a shift along a dimension already shifted in the
// same operand, are shift-argument errors. Fortran evaluates the whole
// right-hand side first, so an assignment whose shifted operand is the
// array it assigns is refused as any overlapping section is
// (loop-section-overlap). A kernel that calls either is a loop kernel
// (arraySyntaxKernel): the region dialect has no shift.

// shiftDim is a shift of one dimension of the iteration (Note [shifts]).
type shiftDim struct {
	cyclic bool
	by     ir.Affine // SHIFT
	byX    ir.Expr
}

// shiftCall lowers EOSHIFT or CSHIFT call e in an array assignment (Note
// [shifts]).
func (l *lowerer) shiftCall(e *ast.Call) ir.Expr {
	ctx := l.loop.sect
	cyclic := e.Name.Name == "cshift"
	names := []string{"array", "shift", "boundary", "dim"}
	if cyclic {
		names = []string{"array", "shift", "dim"}
	}
	args := map[string]ast.Arg{}
	for i, a := range e.Args {
		name := ""
		switch {
		case a.Keyword != nil:
			name = a.Keyword.Name
		case i < len(names):
			name = names[i]
		}
		if _, dup := args[name]; dup || !contains(names, name) || a.Section {
			l.errorf(codeShiftArgument, a.Pos, "argument %d of %s is not one of its arguments %v, each given once", i+1, e.Name.Orig, names)
			return nil
		}
		args[name] = a
	}
	if _, ok := args["array"]; !ok {
		l.errorf(codeShiftArgument, e.Pos, "%s needs ARRAY and SHIFT", e.Name.Orig)
		return nil
	}
	sa, ok := args["shift"]
	if !ok {
		l.errorf(codeShiftArgument, e.Pos, "%s needs ARRAY and SHIFT", e.Name.Orig)
		return nil
	}
	dim := int64(1)
	if d, ok := args["dim"]; ok {
		if dim, ok = l.intConst(d.Value); !ok || dim < 1 || dim > int64(len(ctx.index)) {
			l.errorf(codeShiftArgument, d.Pos, "DIM of %s must be a constant from 1 to %d, the rank of %s", e.Name.Orig, len(ctx.index), ctx.lhs)
			return nil
		}
	}
	q := int(dim - 1)
	if q >= len(ctx.index) { // a section of rank 0, such as b()
		l.errorf(codeShiftArgument, e.Pos, "%s needs an array assignment of rank %d at least; %s has rank %d", e.Name.Orig, dim, ctx.lhs, len(ctx.index))
		return nil
	}
	if ctx.shift == nil {
		ctx.shift = make([]*shiftDim, len(ctx.index))
	}
	if ctx.shift[q] != nil || ctx.step[q] != 1 {
		l.errorf(codeShiftArgument, e.Pos, "%s along dimension %d of a shift along it, or of a strided section whose extent is not affine, is not supported", e.Name.Orig, dim).
			WithHint("assign the inner shift to an array first")
		return nil
	}
	sh := l.shiftBy(e, sa, cyclic)
	if sh == nil {
		return nil
	}
	ctx.shift[q] = sh
	guarded := len(l.loop.reads)
	x := l.expr(args["array"].Value)
	ctx.shift[q] = nil
	if x == nil {
		return nil
	}
	if cyclic {
		return x
	}
	for _, r := range l.loop.reads[guarded:] {
		l.loop.guarded[r] = true
	}
	return l.endOff(e, x, args, ctx, q, sh)
}

// shiftBy lowers the SHIFT argument sa of e: a scalar integer affine in
// integer scalars that every element sees alike.
func (l *lowerer) shiftBy(e *ast.Call, sa ast.Arg, cyclic bool) *shiftDim {
	ctx := l.loop.sect
	if l.arrayValued(sa.Value) {
		l.errorf(codeShiftArgument, sa.Pos, "SHIFT of %s must be a scalar integer, not the array %s", e.Name.Orig, spell(sa.Value)).
			WithHint("an array SHIFT, one per row or column, is not supported; write the loop")
		return nil
	}
	saved := l.loop.sect
	l.loop.sect = nil // a scalar: no implicit index
	x := l.expr(sa.Value)
	l.loop.sect = saved
	if x == nil {
		return nil
	}
	uniform := func(v *ir.Var) bool { return v.Rank == 0 && v.Kind.IsInt() && !contains(ctx.index, v) }
	a, why := l.affine(x, uniform)
	if x.Type().Rank != 0 || why != "" {
		l.errorf(codeShiftArgument, sa.Pos, "SHIFT of %s must be a scalar integer, affine in integer scalars (a constant, a dummy), not %s", e.Name.Orig, spell(sa.Value)).
			WithHint("an array SHIFT, one per row or column, is not supported; write the loop")
		return nil
	}
	return &shiftDim{cyclic: cyclic, by: a, byX: x}
}

// endOff is EOSHIFT's value: x, ARRAY at the shifted position, where that
// position lies in the shape, else BOUNDARY (Note [shifts]).
func (l *lowerer) endOff(e *ast.Call, x ir.Expr, args map[string]ast.Arg, ctx *sectCtx, q int, sh *shiftDim) ir.Expr {
	at := e.Pos
	k := x.Type().Kind
	var bnd ir.Expr
	if b, ok := args["boundary"]; ok {
		if l.arrayValued(b.Value) {
			l.errorf(codeShiftArgument, b.Pos, "BOUNDARY of %s must be a scalar, not the array %s", e.Name.Orig, spell(b.Value)).
				WithHint("an array BOUNDARY, one per row or column, is not supported")
			return nil
		}
		saved := l.loop.sect
		l.loop.sect = nil
		bnd = l.expr(b.Value)
		l.loop.sect = saved
		if bnd == nil {
			return nil
		}
		if bnd.Type().Rank != 0 || (bnd.Type().Kind == ir.Logical) != (k == ir.Logical) {
			l.errorf(codeShiftArgument, b.Pos, "BOUNDARY of %s must be a scalar of the kind of ARRAY (%s)", e.Name.Orig, k).
				WithHint("an array BOUNDARY, one per row or column, is not supported")
			return nil
		}
		bnd = l.conv(bnd, k)
	} else {
		bnd = &ir.Const{Pos: at, Kind: k}
	}
	// p + SHIFT, p the position along dimension q counted from 0.
	pos := ir.Affine{Terms: []ir.Term{{Coef: 1, Var: ctx.index[q]}}}.Add(ctx.base[q].Scale(-1)).Add(sh.by)
	b := ir.Type{Kind: ir.Logical}
	in := &ir.Binary{Pos: at, Op: ir.And, T: b,
		X: &ir.Binary{Pos: at, Op: ir.Ge, X: affineExpr(pos, at), Y: &ir.Const{Pos: at, Kind: ir.Int}, T: b},
		Y: &ir.Binary{Pos: at, Op: ir.Lt, X: affineExpr(pos, at), Y: affineExpr(ctx.count[q], at), T: b}}
	return &ir.Intrinsic{Pos: at, ID: ir.FnMerge, Args: []ir.Expr{x, bnd, in}, T: x.Type()}
}

// shifted is the subscript and access of triplet d of an operand over
// dimension q of the iteration, whose unshifted access is acc, under the
// shift of Note [shifts] in force there, if any.
func (l *lowerer) shifted(d secDim, acc ir.Affine, q int) (ir.Expr, ir.Affine) {
	ctx := l.loop.sect
	if ctx.shift == nil || ctx.shift[q] == nil {
		return affineExpr(acc, d.pos), acc
	}
	sh := ctx.shift[q]
	if !sh.cyclic {
		acc = acc.Add(sh.by.Scale(d.step))
		return affineExpr(acc, d.pos), acc
	}
	// lo + step*modulo(p + SHIFT, n)
	at, typ := d.pos, ir.Type{Kind: ir.Int}
	p := ir.Affine{Terms: []ir.Term{{Coef: 1, Var: ctx.index[q]}}}.Add(ctx.base[q].Scale(-1)).Add(sh.by)
	wrap := &ir.Intrinsic{Pos: at, ID: ir.FnModulo, Args: []ir.Expr{affineExpr(p, at), affineExpr(ctx.count[q], at)}, T: typ}
	var off ir.Expr = wrap
	if d.step != 1 && d.step != -1 {
		off = &ir.Binary{Pos: at, Op: ir.Mul, X: &ir.Const{Pos: at, Kind: ir.Int, Int: abs64(d.step)}, Y: wrap, T: typ}
	}
	op := ir.Add
	if d.step < 0 {
		op = ir.Sub
	}
	return &ir.Binary{Pos: at, Op: op, X: affineExpr(d.acc, at), Y: off, T: typ}, ir.Computed(at)
}

// arrayValued reports whether e names an array of the kernel whole or
// as a section.
func (l *lowerer) arrayValued(e ast.Expr) bool {
	found := false
	walkAST(e, func(x ast.Expr) {
		var name string
		switch x := x.(type) {
		case *ast.Ident:
			name = x.Name
		case *ast.Call:
			if isSectionRef(x) {
				name = x.Name.Name
			}
		}
		if sym := l.s.lookup(name).sym; name != "" && sym != nil && sym.rank() > 0 {
			found = true
		}
	})
	return found
}

// callsShift reports whether body calls EOSHIFT or CSHIFT.
func callsShift(body []ast.Stmt) bool {
	found := false
	walkStmtExprs(body, func(e ast.Expr) {
		walkAST(e, func(x ast.Expr) {
			if c, ok := x.(*ast.Call); ok && (c.Name.Name == "eoshift" || c.Name.Name == "cshift") {
				found = true
			}
		})
	})
	return found
}

func contains[T comparable](xs []T, x T) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
