package sema

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/depend"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Array assignments in loop kernels. See Note [array assignments].
//
// Note [array assignments]
//
// An array assignment of a loop kernel (a whole array, a section such as
// a(2:n-1, :) or h(1, :), or at the top level a single element) is lowered
// to the loop form the rest of the pipeline already knows, by one
// mechanism:
//
//   - The LHS fixes the shape: one implicit index _i1, _i2, ... per
//     triplet of its subscripts, in order (scalar subscripts drop their
//     dimension). A triplet lo:hi runs its index over lo..hi, so the
//     element written is a(_i1, ...); a strided triplet lo:hi:s runs it
//     over 0..extent-1 and writes a(lo + s*_i1, ...) when the extent is
//     affine (hi-lo a multiple of s but for a constant), else over lo..hi
//     with only every s-th value assigning (an IF on mod(_i1-lo, s) in a
//     launch, the loop's step inside a nest; operands then need the
//     same stride over the same distance). ":" means the declared
//     bounds.
//   - Every array operand of the RHS is lowered under that iteration
//     (sectCtx): its q-th triplet lo':hi':s' becomes the affine subscript
//     lo' + s'*(_iq - base_q), so each operand is an ir.Elem with an
//     ir.Access like any element a nest reads; whole arrays are triplets
//     over their declared bounds; elements with scalar subscripts are
//     scalar operands (broadcasts), as are scalar variables.
//   - Conformance: operands have the LHS's rank, and the extents of each
//     dimension, affine over integer scalars, must be provably equal; a
//     difference that is a non-zero constant, or not a constant, is an
//     error naming both operands (shape-mismatch).
//   - Fortran evaluates the whole RHS before it assigns any element. The
//     implicit iterations run in parallel (at the top level) or in an
//     order the source does not fix, so a read of the LHS array at
//     another element than the one written would see new values: the
//     assignment goes through inPlace with the implicit indices as its
//     parallel indices, and a read that is neither the element written
//     nor provably disjoint from the whole section (h(1, :) = h(2, :))
//     makes the assignment, at the top level, two launches through a
//     temporary (Note [updates through a temporary]); inside a nest it is
//     an error (loop-section-overlap) that suggests a second array.
//
// At the top level the result is an ir.Nest (Source "array assignment"):
// one launch, one work-item per element; a single element is a nest of
// one point. Inside a nest it is a nest of sequential ir.Loops, the first
// dimension innermost, run by each work-item.
//
// Which kernels are loop kernels (arraySyntaxKernel): besides those with
// a parallel loop, a kernel that uses nothing of the region dialect
// (region_cpy, region_ptr, pointers, WHERE) and whose top level assigns to
// an element or section of an array dummy (the region dialect has no such
// assignment), or that updates an intent(inout) array dummy (a = a + s*b:
// the region dialect takes intent(in) and intent(out) arrays only), or
// whose array dummies are all explicit-shape (the region dialect requires
// assumed shape). Every other kernel keeps the region
// rules, whose diagnostics say what is wrong with it.

// sectCtx is the implicit iteration of the array assignment being lowered
// (Note [array assignments]).
type sectCtx struct {
	lhs   string      // the LHS as written, for messages
	index []*ir.Var   // one implicit index per dimension of the shape
	base  []ir.Affine // the index's value at the first element
	count []ir.Affine // the extents of the shape
	ok    bool        // the shape is known (no error in the LHS)
	// open is true while the shape is still to be given by the first
	// array operand (a reduction's argument); lo and hi are then the
	// bounds of its implicit nest.
	open   bool
	lo, hi []ir.Affine
	// top is true when the iteration is a launch (a nest of the top
	// level), false when it is sequential loops inside a nest.
	top bool
	// step is, per dimension, 1, or the stride of an LHS triplet whose
	// extent is not affine: its index then runs over lo..hi and only
	// every step-th value assigns; hiLo is that triplet's hi - lo.
	step []int64
	hiLo []ir.Affine
	// shift holds, per dimension, the EOSHIFT or CSHIFT whose ARRAY is
	// being lowered (Note [shifts]); nil when none.
	shift []*shiftDim
}

// secDim is one subscript of a section reference: a scalar subscript
// (sub set) or a triplet lo:hi:step.
type secDim struct {
	sub       ir.Expr
	acc       ir.Affine // the scalar subscript's affine form, or lo
	hi        ir.Affine
	step      int64
	pos       diag.Span
	loX, hiX  ir.Expr // the triplet's bounds as lowered (nil for ":")
	isTriplet bool
}

// sectionIndex returns the implicit index of shape dimension p (created
// once per kernel; every array assignment uses the same ones).
func (l *lowerer) sectionIndex(p int) *ir.Var {
	return l.implicitIndex(fmt.Sprintf("_i%d", p+1))
}

// unitIndex returns the index of a launch of one work-item (a serial nest,
// a statement the device evaluates): a name of its own, since array
// assignments inside such a launch run their own loops over _i1, ....
func (l *lowerer) unitIndex() *ir.Var {
	return l.implicitIndex("_s1")
}

// implicitIndex returns the kernel's integer local name, created on first
// use.
func (l *lowerer) implicitIndex(name string) *ir.Var {
	for _, v := range l.kernel.Locals {
		if v.Name == name && v.Role == ir.Local {
			return v
		}
	}
	v := &ir.Var{Name: name, Kind: ir.Int, Role: ir.Local, Pos: l.sub.Pos}
	l.kernel.Locals = append(l.kernel.Locals, v)
	return v
}

// isArrayAssign reports whether s assigns to an array of the kernel as an
// array (whole, or with a triplet subscript), or, at the top level, to an
// element of an array dummy or automatic array; sym is the LHS array.
func (l *lowerer) isArrayAssign(s *ast.AssignStmt, top bool) (*symbol, *ir.Var, bool) {
	if s.Pointer {
		return nil, nil, false
	}
	id, sub := lhsName(s.LHS)
	if id == nil {
		return nil, nil, false
	}
	ent := l.s.lookup(id.Name)
	sym := ent.sym
	if sym == nil || l.foreign(sym) || sym.rank() == 0 || sym.param {
		return nil, nil, false
	}
	v := l.vars[sym]
	if v == nil || v.Rank == 0 {
		return nil, nil, false
	}
	if top && v.Role != ir.Dummy && v.Role != ir.Automatic {
		// Local arrays are private to a work-item (automatic ones are
		// shared: Note [automatic arrays]); dummies and module variables
		// are not.
		return nil, nil, false
	}
	if sub == nil || top {
		return sym, v, true
	}
	for _, a := range sub.Args {
		if a.Section {
			return sym, v, true
		}
	}
	return nil, nil, false
}

// sectionAssign lowers an array assignment (Note [array assignments]); ok
// is false when s is not one, for the caller to lower.
func (l *lowerer) sectionAssign(s *ast.AssignStmt, top bool) (out []ir.Stmt, ok bool) {
	sym, v, ok := l.isArrayAssign(s, top)
	if !ok {
		return nil, false
	}
	if l.broken[sym] {
		return nil, true
	}
	if v.Intent == ir.In {
		id, _ := lhsName(s.LHS)
		l.c.diags.Error(codeAssignIntentIn, id.Pos, "cannot assign to intent(in) array %q", v.Name).WithNote(v.Pos, "declared here")
		return nil, true
	}
	if len(v.Bounds) != v.Rank {
		l.noBounds(v, s.LHS.Span())
		return nil, true
	}
	if l.sectionLocs(s.RHS) {
		return nil, true
	}
	ls := l.loop
	if top {
		ls.index, ls.seq = map[*ir.Var]bool{}, map[*ir.Var]bool{}
		ls.reads, ls.writes = nil, nil
		ls.inNest = true
		defer func() { ls.inNest, ls.index = false, nil }()
	}
	_, call := lhsName(s.LHS)
	dims, good := l.secDims(call, v, s.LHS.Span(), top)
	ctx := &sectCtx{lhs: spell(s.LHS), ok: good, top: top}
	var lhs *ir.Elem
	var lo, hi []ir.Affine
	if good {
		lhs, lo, hi = l.sectionTarget(v, dims, ctx, s.LHS.Span())
	}
	if top && len(ctx.index) > maxNestDims {
		l.c.diags.Error(codeLoopConstruct, s.LHS.Span(), "array assignment to %s has %d dimensions; a parallel nest may have at most %d", ctx.lhs, len(ctx.index), maxNestDims)
		ctx.ok = false
	}
	reads := len(ls.reads)
	rhs := l.sectionRHS(s.RHS, ctx)
	if rhs == nil || !ctx.ok {
		return nil, true
	}
	if rhs.Type().Rank > 0 {
		l.errorf(codeArrayToScalar, s.RHS.Span(), "cannot assign an array to %s", ctx.lhs)
		return nil, true
	}
	if rhs = l.assignConv(rhs, v, s.RHS.Span()); rhs == nil {
		return nil, true
	}
	if ls.where != nil && top { // Note [WHERE in loop kernels]
		if rhs = l.maskedRHS(s, ls.where, ctx, rhs); rhs == nil {
			return nil, true
		}
	}
	if _, seen := ls.written[v]; !seen {
		ls.written[v] = lhs.Pos
	}
	mask := ls.where // Note [where in forall]
	if !top {
		ls.where = nil
	}
	iteration := func(a *ir.Assign) ir.Stmt {
		var assign ir.Stmt = a
		if mask != nil && !top {
			if assign = l.whereMask(mask, ctx, assign); assign == nil {
				return nil
			}
		}
		if top {
			// Strides whose extent is not affine: a launch over lo..hi whose
			// work-items off the stride do nothing.
			for p := len(ctx.index) - 1; p >= 0; p-- {
				if ctx.step[p] != 1 {
					assign = &ir.If{Pos: s.Pos, Cond: onStride(ctx.index[p], lo[p], ctx.step[p], s.Pos), Then: []ir.Stmt{assign}}
				}
			}
		}
		return sectionIteration(s.Pos, assign, ctx, lo, hi, l.sectionIndex)
	}
	c := l.sectionWrites(s.Pos, lhs, ctx, lo, hi, reads)
	switch {
	case c == nil && !(top && ls.forceTemp):
		it := iteration(&ir.Assign{Pos: s.Pos, LHS: lhs, RHS: rhs})
		if it == nil {
			return nil, true
		}
		return []ir.Stmt{it}, true
	case top && v.Role != ir.Temp:
		// Note [updates through a temporary]
		t := l.sectionTemp(v)
		in := &ir.Elem{Pos: lhs.Pos, Var: t, Index: lhs.Index, Access: lhs.Access}
		out := &ir.Elem{Pos: lhs.Pos, Var: t, Index: lhs.Index, Access: lhs.Access}
		return []ir.Stmt{iteration(&ir.Assign{Pos: s.Pos, LHS: in, RHS: rhs}), iteration(&ir.Assign{Pos: s.Pos, LHS: lhs, RHS: out})}, true
	}
	how := "in parallel"
	if !ctx.top {
		how = "one by one, in place"
	}
	l.c.diags.Error(codeLoopSectionOverlap, c.Read.Pos, "array assignment reads %q at %s while it writes it at %s: Fortran reads the whole right-hand side before it assigns, but forocl computes the elements %s", c.Read.Var.Name, pos(c.Read.Pos), pos(c.Write.Pos), how).
		WithNote(c.Write.Pos, "written here").
		WithHint("assign the result to a second array, or write the update as a loop whose order you choose")
	return nil, true
}

// Note [updates through a temporary]
//
// An array assignment of the top level whose right-hand side reads the
// array it assigns (a dummy, a module or automatic array) at other
// elements than the one written, as the stencil
// u(2:n-1) = u(2:n-1) + c*(u(1:n-2) - 2*u(2:n-1) + u(3:n)) or
// T = 0.5*(EOSHIFT(T, -1) + EOSHIFT(T, 1)) does, cannot run in place in
// parallel: Fortran reads the whole right-hand side first. It becomes two
// launches over the same iteration: the first writes the right-hand side
// into a temporary of the array's declared bounds (ir.Temp, a scratch buffer of the ABI that hosts allocate with
// the dummy's shape), the second copies the temporary's elements into
// the section. Inside a nest (sequential loops of one work-item) and for
// private arrays it stays an error (loop-section-overlap).

// sectionTemp returns a new temporary with the declared bounds of dummy v
// (Note [updates through a temporary]).
func (l *lowerer) sectionTemp(v *ir.Var) *ir.Var {
	t := &ir.Var{Name: fmt.Sprintf("_tmp%d", len(l.kernel.Temps)+1), Kind: v.Kind, Rank: v.Rank, Role: ir.Temp, Pos: v.Pos,
		Bounds: append([]ir.Bound(nil), v.Bounds...)}
	l.kernel.Temps = append(l.kernel.Temps, t)
	return t
}

// sectionTarget builds the element lhs that the array assignment to v
// writes, from the subscripts dims of its LHS (spanning at), and the
// implicit iteration it runs under: one index of ctx per triplet, running
// over lo..hi. A triplet whose extent is not affine in a way the
// iteration cannot follow is reported, clears ctx.ok and ends the walk.
func (l *lowerer) sectionTarget(v *ir.Var, dims []secDim, ctx *sectCtx, at diag.Span) (lhs *ir.Elem, lo, hi []ir.Affine) {
	lhs = &ir.Elem{Pos: at, Var: v}
	for _, d := range dims {
		if !d.isTriplet {
			lhs.Index = append(lhs.Index, d.sub)
			lhs.Access = append(lhs.Access, d.acc)
			continue
		}
		p := len(ctx.index)
		t := l.sectionIndex(p)
		cnt, exact := extent(d.acc, d.hi, d.step)
		step := int64(1)
		if !exact && d.step < 0 {
			l.c.diags.Error(codeLoopBound, d.pos, "the extent of section %s is not affine: %s is not a multiple of the stride %d", ctx.lhs, d.hi.Add(d.acc.Scale(-1)), d.step).
				WithHint("choose bounds whose difference is a multiple of the stride, such as n:1:-1")
			ctx.ok = false
			break
		}
		tv := ir.Affine{Terms: []ir.Term{{Coef: 1, Var: t}}}
		base, first, last := d.acc, d.acc, d.hi
		acc := tv
		switch {
		case !exact:
			step = d.step // lo..hi, every step-th value
		case d.step != 1:
			base, first, last = ir.Affine{}, ir.Affine{}, cnt.AddConst(-1)
			acc = d.acc.Add(tv.Scale(d.step))
		}
		ctx.index = append(ctx.index, t)
		ctx.base = append(ctx.base, base)
		ctx.count = append(ctx.count, cnt)
		ctx.step = append(ctx.step, step)
		ctx.hiLo = append(ctx.hiLo, d.hi.Add(d.acc.Scale(-1)))
		lo, hi = append(lo, first), append(hi, last)
		lhs.Index = append(lhs.Index, affineExpr(acc, d.pos))
		lhs.Access = append(lhs.Access, acc)
	}
	return lhs, lo, hi
}

// sectionRHS lowers the right-hand side rhs of an array assignment under
// its implicit iteration ctx: its indices are the nest's (at the top
// level) or sequential loops of the work-item while it is lowered.
func (l *lowerer) sectionRHS(rhs ast.Expr, ctx *sectCtx) ir.Expr {
	ls := l.loop
	for _, t := range ctx.index {
		if ctx.top {
			ls.index[t] = true
		} else {
			ls.seq[t] = true
		}
	}
	saved := ls.sect
	ls.sect = ctx
	x := l.expr(rhs)
	ls.sect = saved
	for _, t := range ctx.index {
		delete(ls.index, t)
		delete(ls.seq, t)
	}
	return x
}

// sectionWrites records that the array assignment writes lhs, and checks
// Fortran's semantics: the right-hand side (whose reads are those from
// index reads on, less the early ones of reductions) is read completely
// before any element is written. It returns the conflict when the
// iteration ctx over lo..hi would read an element it has written.
func (l *lowerer) sectionWrites(at diag.Span, lhs *ir.Elem, ctx *sectCtx, lo, hi []ir.Affine, reads int) *depend.Conflict {
	ls := l.loop
	if len(ctx.index) == 0 {
		if !isPrivate(lhs.Var) {
			ls.writes = append(ls.writes, lhs)
		}
		return nil
	}
	n := &ir.Nest{Pos: at, Source: "array assignment", Index: ctx.index, Lo: lo, Hi: hi}
	outer := ls.writes
	ls.writes = []*ir.Elem{lhs}
	var stmtReads []*ir.Elem
	for _, r := range ls.reads[reads:] {
		if !ls.early[r] {
			stmtReads = append(stmtReads, r)
		}
	}
	all := ls.reads
	ls.reads = stmtReads
	c := l.inPlace(n)
	ls.reads, ls.writes = all, outer
	if !isPrivate(lhs.Var) { // a private array is the work-item's own
		ls.writes = append(outer, lhs)
	}
	return c
}

// sectionIteration wraps the element assignment assign in the implicit
// iteration ctx over lo..hi: a nest at the top level (of one point, over
// index(0), when the LHS is one element), else sequential loops of the
// work-item, the first dimension innermost.
func sectionIteration(at diag.Span, assign ir.Stmt, ctx *sectCtx, lo, hi []ir.Affine, index func(p int) *ir.Var) ir.Stmt {
	if !ctx.top {
		body := assign
		for p := 0; p < len(ctx.index); p++ {
			lp := &ir.Loop{Pos: at, Var: ctx.index[p], Lo: affineExpr(lo[p], at), Hi: affineExpr(hi[p], at), Body: []ir.Stmt{body}}
			if ctx.step[p] != 1 {
				lp.Step = &ir.Const{Pos: at, Kind: ir.Int, Int: ctx.step[p]}
			}
			body = lp
		}
		return body
	}
	n := &ir.Nest{Pos: at, Source: "array assignment", Index: ctx.index, Lo: lo, Hi: hi, Body: []ir.Stmt{assign}}
	if len(ctx.index) == 0 {
		// One element: a nest of one point.
		n.Source = "element assignment"
		n.Index, n.Lo, n.Hi = []*ir.Var{index(0)}, []ir.Affine{{Const: 1}}, []ir.Affine{{Const: 1}}
	}
	return n
}

// onStride is mod(t - lo, step) == 0: index t of a strided triplet
// that starts at lo is on the stride.
func onStride(t *ir.Var, lo ir.Affine, step int64, at diag.Span) ir.Expr {
	typ := ir.Type{Kind: ir.Int}
	off := affineExpr(ir.Affine{Terms: []ir.Term{{Coef: 1, Var: t}}}.Add(lo.Scale(-1)), at)
	mod := &ir.Intrinsic{Pos: at, ID: ir.FnMod, Args: []ir.Expr{off, &ir.Const{Pos: at, Kind: ir.Int, Int: step}}, T: typ}
	return &ir.Binary{Pos: at, Op: ir.Eq, X: mod, Y: &ir.Const{Pos: at, Kind: ir.Int}, T: ir.Type{Kind: ir.Logical}}
}

// noBounds reports an array whose bounds sema does not know (one whose
// declaration was not lowered as a loop kernel's array): it cannot be
// a section. Arrays with a wrong declaration are broken and never get
// here.
func (l *lowerer) noBounds(v *ir.Var, at diag.Span) {
	l.c.diags.Error(codeLoopSubscript, at, "array %q cannot be used whole or as a section in a loop kernel", v.Name).
		WithHint("use one element at a time, inside a parallel loop")
}

// extent returns the number of elements of the triplet lo:hi:step when it
// is affine (hi-lo a multiple of step but for a constant).
func extent(lo, hi ir.Affine, step int64) (ir.Affine, bool) {
	d := hi.Add(lo.Scale(-1))
	if step == 1 {
		return d.AddConst(1), true
	}
	var x ir.Affine
	for _, t := range d.Terms {
		if t.Coef%step != 0 {
			return ir.Affine{}, false
		}
		x.Terms = append(x.Terms, ir.Term{Coef: t.Coef / step, Var: t.Var})
	}
	return x.AddConst(floorDiv(d.Const, step) + 1), true
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// secDims lowers the subscripts of an array reference (call nil: the
// whole array) into scalar subscripts and triplets. Triplet bounds of the
// LHS of a top-level assignment (lhsTop) are launch bounds: affine in the
// kernel's integer scalar dummies, which become sizes.
func (l *lowerer) secDims(call *ast.Call, v *ir.Var, at diag.Span, lhsTop bool) ([]secDim, bool) {
	name := v.Name
	if call == nil {
		var out []secDim
		for _, b := range v.Bounds {
			out = append(out, secDim{acc: b.Lo, hi: b.Hi, step: 1, pos: at, isTriplet: true})
		}
		return out, true
	}
	if len(call.Args) != v.Rank {
		l.errorf(codeLoopSubscript, call.Pos, "%q has rank %d but is given %d subscripts", name, v.Rank, len(call.Args))
		return nil, false
	}
	okVar := func(u *ir.Var) bool { return u.Kind.IsInt() && u.Rank == 0 }
	okSize := func(u *ir.Var) bool {
		return u.Role == ir.Dummy && u.Rank == 0 && u.Kind.IsInt() || l.loop.sizes[u] || // or an assumed-shape extent
			u.Kind.IsInt() && hostLocal(u) && !l.loop.host[u] // or a host variable (sema/hostvars.go)
	}
	affine := func(e ast.Expr, what string, launch bool) (ir.Expr, ir.Affine, bool) {
		x := l.expr(e)
		if x == nil {
			return nil, ir.Affine{}, false
		}
		if t := x.Type(); !t.Kind.IsInt() || t.Rank != 0 {
			l.c.diags.Error(codeLoopSubscript, e.Span(), "%s of %q is %s, expected a scalar integer", what, name, t.Kind)
			return nil, ir.Affine{}, false
		}
		x = l.quotSizes(x) // Note [quotient sizes]
		ok := okVar
		if launch {
			ok = okSize
		}
		a, why := l.affine(x, ok)
		if why != "" {
			if launch {
				l.c.diags.Error(codeLoopBound, e.Span(), "%s of %q is a bound of a launch and is not affine in the kernel's integer scalar dummies: it has %s", what, name, why).
					WithHint("write bounds such as n, x_max+2 or x_min-1")
			} else {
				l.c.diags.Error(codeLoopSubscript, e.Span(), "%s of %q is not affine in the loop indices: it has %s", what, name, why).
					WithHint("write subscripts such as j, j+1, 2*j-1 or x_min-j")
			}
			return nil, ir.Affine{}, false
		}
		if launch {
			for _, t := range a.Terms {
				if hostLocal(t.Var) && !l.loop.sizes[t.Var] {
					if _, ok := l.loop.hostVars[t.Var]; !ok {
						l.loop.hostVars[t.Var] = e.Span() // Note [host program] in package abi
					}
					continue
				}
				l.loop.sizes[t.Var] = true
			}
		}
		return x, a, true
	}
	var out []secDim
	ok := true
	for d, a := range call.Args {
		if a.Keyword != nil {
			l.c.diags.Error(codeLoopSubscript, a.Pos, "keyword subscript of %q", name)
			ok = false
			continue
		}
		if !a.Section {
			x, acc, good := affine(a.Value, "subscript", false)
			ok = ok && good
			out = append(out, secDim{sub: x, acc: acc, pos: a.Pos})
			continue
		}
		sd := secDim{acc: v.Bounds[d].Lo, hi: v.Bounds[d].Hi, step: 1, pos: a.Pos, isTriplet: true}
		if a.Lo != nil {
			x, acc, good := affine(a.Lo, "the lower bound of a section", lhsTop)
			ok = ok && good
			sd.loX, sd.acc = x, acc
		}
		if a.Hi != nil {
			x, acc, good := affine(a.Hi, "the upper bound of a section", lhsTop)
			ok = ok && good
			sd.hiX, sd.hi = x, acc
		}
		if a.Stride != nil {
			x := l.expr(a.Stride)
			if x == nil {
				ok = false
				continue
			}
			c, why := l.affine(x, func(*ir.Var) bool { return false })
			if why != "" || c.Const == 0 {
				l.c.diags.Error(codeLoopSubscript, a.Stride.Span(), "the stride of a section of %q must be a non-zero integer constant", name).
					WithHint("write a constant stride, such as a(1:n:2)")
				ok = false
				continue
			}
			sd.step = c.Const
		}
		out = append(out, sd)
	}
	return out, ok
}

// sectionOperand lowers an array operand of an array assignment's RHS
// (call nil: the whole array id) to the element the implicit iteration
// reads (Note [array assignments]).
func (l *lowerer) sectionOperand(id *ast.Ident, call *ast.Call, v *ir.Var) ir.Expr {
	if e, _ := l.sectionElem(id, call, v); e != nil {
		return e
	}
	return nil
}

// sectionElem is sectionOperand, with the operand's dimensions (its
// triplets and scalar subscripts) as secDims gave them.
func (l *lowerer) sectionElem(id *ast.Ident, call *ast.Call, v *ir.Var) (*ir.Elem, []secDim) {
	ctx := l.loop.sect
	at := id.Pos
	var what ast.Expr = id
	if call != nil {
		at, what = call.Pos, call
	}
	if len(v.Bounds) != v.Rank {
		l.noBounds(v, at)
		ctx.ok = false
		return nil, nil
	}
	dims, ok := l.secDims(call, v, at, ctx.open && ctx.top)
	if !ok {
		ctx.ok = false
		return nil, nil
	}
	if ctx.open && !l.openShape(ctx, dims, what) {
		return nil, nil
	}
	var trip []secDim
	for _, d := range dims {
		if d.isTriplet {
			trip = append(trip, d)
		}
	}
	if len(trip) != len(ctx.index) {
		if ctx.ok {
			l.c.diags.Error(codeShapeMismatch, at, "%s has rank %d but %s has rank %d", spell(what), len(trip), ctx.lhs, len(ctx.index)).
				WithHint("array assignments need operands of one shape; use a scalar subscript to drop a dimension, such as %s(:, k)", v.Name)
		}
		return nil, nil
	}
	e := &ir.Elem{Pos: at, Var: v}
	q := 0
	for _, d := range dims {
		if !d.isTriplet {
			e.Index = append(e.Index, d.sub)
			e.Access = append(e.Access, d.acc)
			continue
		}
		if ctx.ok && !l.conforms(d, ctx, q, what) {
			ctx.ok = false
			return nil, nil
		}
		// lo + step*(t - base), t counting elements from base; over a
		// strided LHS index, t - base counts ctx.step per element.
		acc := d.acc.Add(ir.Affine{Terms: []ir.Term{{Coef: 1, Var: ctx.index[q]}}}.Add(ctx.base[q].Scale(-1)).Scale(d.step / ctx.step[q]))
		ix, acc := l.shifted(d, acc, q) // Note [shifts]
		e.Index = append(e.Index, ix)
		e.Access = append(e.Access, acc)
		q++
	}
	l.loop.reads = append(l.loop.reads, e)
	if _, seen := l.loop.read[v]; !seen {
		l.loop.read[v] = e.Pos
	}
	return e, dims
}

// openShape gives an open implicit iteration the shape of its first
// array operand, whose triplets are launch bounds (Note [reductions of
// sections]).
func (l *lowerer) openShape(ctx *sectCtx, dims []secDim, what ast.Expr) bool {
	ctx.open = false
	for _, d := range dims {
		if !d.isTriplet {
			continue
		}
		cnt, exact := extent(d.acc, d.hi, d.step)
		if !exact {
			l.c.diags.Error(codeLoopBound, d.pos, "the extent of section %s is not affine: %s is not a multiple of the stride %d", spell(what), d.hi.Add(d.acc.Scale(-1)), d.step).
				WithHint("choose bounds whose difference is a multiple of the stride, such as 1:2*n-1:2")
			ctx.ok = false
			return false
		}
		first, last, base := d.acc, d.hi, d.acc
		if d.step != 1 {
			first, last, base = ir.Affine{}, cnt.AddConst(-1), ir.Affine{}
		}
		p := len(ctx.index)
		ctx.index = append(ctx.index, l.sectionIndex(p))
		ctx.base = append(ctx.base, base)
		ctx.count = append(ctx.count, cnt)
		ctx.lo, ctx.hi = append(ctx.lo, first), append(ctx.hi, last)
		ctx.step = append(ctx.step, 1)
		ctx.hiLo = append(ctx.hiLo, d.hi.Add(d.acc.Scale(-1)))
		if ctx.top {
			l.loop.index[ctx.index[p]] = true
		} else {
			l.loop.seq[ctx.index[p]] = true
		}
	}
	ctx.lhs = spell(what)
	if len(ctx.index) > maxNestDims {
		l.c.diags.Error(codeLoopConstruct, what.Span(), "%s has %d dimensions; a parallel nest may have at most %d", ctx.lhs, len(ctx.index), maxNestDims)
		ctx.ok = false
		return false
	}
	return true
}

// conforms checks that triplet d of an operand has the extent of shape
// dimension q.
func (l *lowerer) conforms(d secDim, ctx *sectCtx, q int, what ast.Expr) bool {
	if ctx.step[q] != 1 {
		// A strided LHS of no affine extent: the same stride over the
		// same distance.
		if d.step == ctx.step[q] && d.hi.Add(d.acc.Scale(-1)).Equal(ctx.hiLo[q]) {
			return true
		}
		l.c.diags.Error(codeShapeMismatch, d.pos, "cannot prove that %s and %s have the same shape in dimension %d", spell(what), ctx.lhs, q+1).
			WithHint("with a stride of %d, give every operand that stride and the same distance from its first to its last bound, such as a(1:n:2) = b(2:n+1:2)", ctx.step[q])
		return false
	}
	want := ctx.count[q]
	if got, ok := extent(d.acc, d.hi, d.step); ok {
		diff := got.Add(want.Scale(-1))
		switch {
		case diff.IsConst() && diff.Const == 0:
			return true
		case diff.IsConst():
			l.c.diags.Error(codeShapeMismatch, d.pos, "%s and %s have different shapes: extent %s against %s in dimension %d", spell(what), ctx.lhs, got, want, q+1).
				WithHint("make the sections the same size, such as a(2:n-1) = b(1:n-2)")
			return false
		case l.unifyExtent(got, want): // Note [conforming extents]
			return true
		}
		l.c.diags.Error(codeShapeMismatch, d.pos, "cannot prove that %s and %s have the same shape: extent %s against %s in dimension %d", spell(what), ctx.lhs, got, want, q+1).
			WithHint("write bounds whose difference the compiler can see, such as a(2:n-1) = b(1:n-2) over the same sizes")
		return false
	}
	// A strided operand: last element lo + step*(count-1) + r with r
	// between 0 and the stride.
	r := d.hi.Add(d.acc.Scale(-1)).Add(want.AddConst(-1).Scale(-d.step))
	if r.IsConst() && (d.step > 0 && r.Const >= 0 && r.Const < d.step || d.step < 0 && r.Const <= 0 && r.Const > d.step) {
		return true
	}
	l.c.diags.Error(codeShapeMismatch, d.pos, "cannot prove that %s and %s have the same shape in dimension %d (%s elements)", spell(what), ctx.lhs, q+1, want).
		WithHint("choose bounds whose difference is a multiple of the stride")
	return false
}

// sectionLocs reports maxloc and minloc in the RHS of an array
// assignment: their value is an index, which the implicit iteration does
// not give.
func (l *lowerer) sectionLocs(e ast.Expr) bool {
	found := false
	walkAST(e, func(x ast.Expr) {
		c, ok := x.(*ast.Call)
		if !ok || c.Name.Name != "maxloc" && c.Name.Name != "minloc" {
			return
		}
		if ent := l.s.lookup(c.Name.Name); ent.sym != nil || ent.proc != nil {
			return
		}
		l.c.diags.Error(codeLoopReduction, c.Name.Pos, "%q inside an array assignment of a loop kernel", c.Name.Orig).
			WithHint("compute it in a parallel loop, then use the scalar")
		found = true
	})
	return found
}

// walkAST calls f for e and every expression inside it.
func walkAST(e ast.Expr, f func(ast.Expr)) {
	if e == nil {
		return
	}
	f(e)
	switch e := e.(type) {
	case *ast.Unary:
		walkAST(e.X, f)
	case *ast.Binary:
		walkAST(e.X, f)
		walkAST(e.Y, f)
	case *ast.Paren:
		walkAST(e.X, f)
	case *ast.Call:
		for _, a := range e.Args {
			walkAST(a.Value, f)
			walkAST(a.Lo, f)
			walkAST(a.Hi, f)
			walkAST(a.Stride, f)
		}
	case *ast.ArrayCons:
		for _, x := range e.Elems {
			walkAST(x, f)
		}
	}
}

// affineExpr builds the integer expression of a: its terms in order,
// then its constant.
func affineExpr(a ir.Affine, at diag.Span) ir.Expr {
	typ := ir.Type{Kind: ir.Int}
	var x ir.Expr
	for _, t := range a.Terms {
		c := t.Coef
		if x != nil && c < 0 {
			c = -c
		}
		var term ir.Expr = &ir.Ref{Pos: at, Var: t.Var}
		if c == -1 {
			term = &ir.Unary{Pos: at, Op: ir.Neg, X: term, T: typ}
		} else if c != 1 {
			term = &ir.Binary{Pos: at, Op: ir.Mul, X: &ir.Const{Pos: at, Kind: ir.Int, Int: c}, Y: term, T: typ}
		}
		switch {
		case x == nil:
			x = term
		case t.Coef < 0:
			x = &ir.Binary{Pos: at, Op: ir.Sub, X: x, Y: term, T: typ}
		default:
			x = &ir.Binary{Pos: at, Op: ir.Add, X: x, Y: term, T: typ}
		}
	}
	switch {
	case x == nil:
		return &ir.Const{Pos: at, Kind: ir.Int, Int: a.Const}
	case a.Const > 0:
		return &ir.Binary{Pos: at, Op: ir.Add, X: x, Y: &ir.Const{Pos: at, Kind: ir.Int, Int: a.Const}, T: typ}
	case a.Const < 0:
		return &ir.Binary{Pos: at, Op: ir.Sub, X: x, Y: &ir.Const{Pos: at, Kind: ir.Int, Int: -a.Const}, T: typ}
	}
	return x
}

// isSectionRef reports whether a reference has a triplet subscript.
func isSectionRef(call *ast.Call) bool {
	for _, a := range call.Args {
		if a.Section {
			return true
		}
	}
	return false
}

// arraySyntaxKernel reports whether a kernel without parallel loops is
// a loop kernel of array assignments (Note [array assignments]): it uses
// nothing of the region dialect (regionDialect, pointers), and its top
// level assigns to an element or section of an array dummy, or it has an
// intent(inout) array dummy, or it names a module variable, or its array
// dummies are all explicit-shape, or it calls EOSHIFT or CSHIFT; its local
// pointers, if any, stand for sections (Note [section pointers]).
func arraySyntaxKernel(p *proc, s *scope) bool {
	secs, ok := sectionPointers(p.sub.Body, s)
	if !ok {
		return false // a pointer into a region (region_ptr)
	}
	body := withSectionPointers(p.sub.Body, secs) // Note [section pointers]
	if regionDialect(body, false) {
		return false
	}
	if callsShift(body) {
		return true // Note [shifts]: the region dialect has none
	}
	arrays, explicit, inout := dummyArrays(p, s)
	if regionDialect(body, true) {
		// WHERE: the region dialect's, unless the kernel breaks its rules
		// in a way a loop kernel keeps (Note [WHERE in loop kernels]).
		return inout || arrays > 0 && explicit == arrays || s.c.usesModuleVars(body, s)
	}
	for _, st := range body {
		if do, ok := st.(*ast.DoStmt); ok && do.Form == ast.DoCounted {
			return true // a DO nest with no directive (Note [plain DO nests])
		}
	}
	if s.c.usesModuleVars(body, s) {
		return true // Note [module variables] in sema/modvars.go
	}
	if inout || arrays > 0 && explicit == arrays {
		return true // an update in place, a = a + s*b (Note [array assignments])
	}
	var subscripted func(body []ast.Stmt) bool
	subscripted = func(body []ast.Stmt) bool {
		for _, st := range body {
			switch st := st.(type) {
			case *ast.AssignStmt:
				if call, ok := st.LHS.(*ast.Call); ok && !st.Pointer {
					if sym := s.syms[call.Name.Name]; sym != nil && sym.dummy && sym.rank() > 0 {
						return true
					}
				}
			case *ast.IfStmt:
				if subscripted(st.Then) || subscripted(st.Else) {
					return true
				}
				for _, ei := range st.ElseIfs {
					if subscripted(ei.Body) {
						return true
					}
				}
			}
		}
		return false
	}
	return subscripted(body)
}

// dummyArrays counts the array dummies of p and those of explicit shape,
// and reports whether one is intent(inout).
func dummyArrays(p *proc, s *scope) (arrays, explicit int, inout bool) {
	for _, a := range p.sub.Args {
		sym := s.syms[a.Name]
		if sym == nil || sym.rank() == 0 {
			continue
		}
		arrays++
		inout = inout || sym.intent == ast.IntentInOut
		if !assumedShape(sym) {
			explicit++
		}
	}
	return arrays, explicit, inout
}

// regionDialect reports whether body uses a construct of the paper's
// region dialect: region_cpy or region_ptr, a pointer assignment, and,
// with where, WHERE.
// Such a kernel stays a region kernel, whose rules explain what else is
// wrong with it (explicit-shape dummies, say).
func regionDialect(body []ast.Stmt, where bool) bool {
	found := false
	visit := func(e ast.Expr) {
		walkAST(e, func(x ast.Expr) {
			if c, ok := x.(*ast.Call); ok && (c.Name.Name == "region_cpy" || c.Name.Name == "region_ptr") {
				found = true
			}
		})
	}
	var stmts func([]ast.Stmt)
	stmts = func(list []ast.Stmt) {
		for _, st := range list {
			switch st := st.(type) {
			case *ast.WhereStmt:
				found = found || where
				visit(st.Mask)
				stmts(st.Body)
				for _, ew := range st.ElseWhere {
					visit(ew.Mask)
					stmts(ew.Body)
				}
			case *ast.AssignStmt:
				found = found || st.Pointer
				visit(st.LHS)
				visit(st.RHS)
			case *ast.IfStmt:
				visit(st.Cond)
				stmts(st.Then)
				for _, ei := range st.ElseIfs {
					stmts(ei.Body)
				}
				stmts(st.Else)
			case *ast.DoStmt:
				stmts(st.Body)
			}
		}
	}
	stmts(body)
	return found
}

// spell writes an expression of an array assignment as Fortran, for
// messages: a(2:n-1, :), b(j, k+1).
func spell(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Orig
	case *ast.IntLit:
		return e.Text
	case *ast.RealLit:
		return e.Text
	case *ast.LogicalLit:
		if e.Value {
			return ".true."
		}
		return ".false."
	case *ast.Unary:
		return e.Op + spell(e.X)
	case *ast.Binary:
		return spell(e.X) + e.Op + spell(e.Y)
	case *ast.Paren:
		return "(" + spell(e.X) + ")"
	case *ast.Call:
		var args []string
		for _, a := range e.Args {
			var b strings.Builder
			if a.Keyword != nil {
				b.WriteString(a.Keyword.Orig + "=")
			}
			if !a.Section {
				b.WriteString(spell(a.Value))
			} else {
				if a.Lo != nil {
					b.WriteString(spell(a.Lo))
				}
				b.WriteString(":")
				if a.Hi != nil {
					b.WriteString(spell(a.Hi))
				}
				if a.Stride != nil {
					b.WriteString(":" + spell(a.Stride))
				}
			}
			args = append(args, b.String())
		}
		return e.Name.Orig + "(" + strings.Join(args, ", ") + ")"
	}
	return "..."
}

// Note [reductions of sections]
//
// A reduction of an array expression in an assignment of a loop kernel
// (s = sum(h(2:n-1, :)), dt = minval(dx/abs(u)), mass(k) = sum(h(:, k)),
// b(:) = a(:)/sum(a)) is lowered by the same mechanism as an array
// assignment: its argument is lowered under an implicit iteration whose
// shape the first array operand gives (sectCtx.open), and the value
// folded per element goes into a scalar local _sum1, _maxval2, ... that
// starts at the operation's identity; the call reads that local. The
// statements that compute it are hoisted before the assignment
// (withHoisted):
//
//   - at the top level (also inside a top-level array assignment) a nest
//     that reduces (Note [loop reductions] in package ir): a launch and
//     a fold of its own, whose value later launches load;
//   - inside a nest, sequential loops of the work-item that fold in
//     Fortran's order.
//
// Either way the reduction reads its operands before the assignment
// writes anything, as Fortran's semantics want, so its reads (early) do
// not count in the assignment's overlap check. Reductions elsewhere (IF
// conditions, loop bounds) and with dim= or mask= are not translated.

// reducedArg is the array expression that reduction call e of a loop
// kernel folds: its one argument, or a*b for dot_product(a, b) (Fortran's
// sum(a*b) for numeric arrays); false for other arguments (keywords,
// sections, a second argument).
func reducedArg(e *ast.Call) (ast.Expr, bool) {
	for _, a := range e.Args {
		if a.Keyword != nil || a.Section {
			return nil, false
		}
	}
	switch {
	case e.Name.Name == "dot_product" && len(e.Args) == 2:
		return &ast.Binary{Pos: e.Pos, Op: "*", OpPos: e.Pos, X: e.Args[0].Value, Y: e.Args[1].Value}, true
	case e.Name.Name != "dot_product" && len(e.Args) == 1:
		return e.Args[0].Value, true
	}
	return nil, false
}

// loopReduction lowers a reduction call of a loop kernel (see Note
// [reductions of sections]).
func (l *lowerer) loopReduction(e *ast.Call, op ir.ReduceOp) ir.Expr {
	ls := l.loop
	name := e.Name.Name
	if !ls.hoist {
		l.errorf(codeLoopReduction, e.Name.Pos, "reduction %q of an array outside an assignment is not supported", e.Name.Orig).
			WithHint("compute it into a scalar first (s = %s(...)), then use the scalar", name)
		return nil
	}
	for _, a := range e.Args {
		if a.Keyword != nil && a.Keyword.Name == "dim" { // one rule in every form: reduction-dim
			l.errorf(codeReductionDim, a.Pos, "%s with dim= is not supported; forocl reduces over the whole array expression", e.Name.Orig).
				WithHint("reduce the whole expression, or write the reduction along one dimension as a loop")
			return nil
		}
	}
	arg, ok := reducedArg(e)
	switch {
	case name == "norm2":
		l.errorf(codeLoopReduction, e.Pos, "norm2 is not translated in a loop kernel").
			WithHint("write sqrt(sum(x*x)), or the reduction as a loop")
		return nil
	case !ok:
		// One rule in every form: arguments a reduction does not take here
		// are reduction-argument.
		what := "array expression"
		if name == "dot_product" {
			what = "a, b"
		}
		l.errorf(codeReductionArgument, e.Pos, "only %s(%s), with no other argument, is translated in a loop kernel", e.Name.Orig, what).
			WithHint("write the reduction as a loop")
		return nil
	}
	// A launch at the top level (of its own, before the statement, or
	// before the array assignment's launch), else loops in the nest.
	top := !ls.inNest
	if ls.sect != nil {
		top = ls.sect.top
	}
	ctx := &sectCtx{lhs: spell(arg), ok: true, open: true, top: top}
	saved := *ls
	if top {
		ls.index, ls.seq = map[*ir.Var]bool{}, map[*ir.Var]bool{}
		ls.reads, ls.writes = nil, nil
	}
	ls.inNest, ls.sect = true, ctx
	reads := len(ls.reads)
	seq := map[*ir.Var]bool{}
	for v := range ls.seq {
		seq[v] = true
	}
	x := l.expr(arg)
	for _, r := range ls.reads[reads:] {
		ls.early[r] = true // read before the statement (see sectionAssign)
	}
	ls.seq = seq
	if top {
		ls.index, ls.seq, ls.reads, ls.writes = saved.index, saved.seq, saved.reads, saved.writes
	}
	ls.inNest, ls.sect = saved.inNest, saved.sect
	if x == nil || !ctx.ok {
		return nil
	}
	if ctx.open {
		l.errorf(codeReductionArgument, e.Args[0].Value.Span(), "the argument of %s has no array in it", e.Name.Orig).
			WithHint("reduce an array expression, such as %s(a(2:n-1))", name)
		return nil
	}
	k := x.Type().Kind
	val := x
	switch name {
	case "count", "any", "all":
		if k != ir.Logical {
			l.errorf(codeReductionArgument, e.Args[0].Value.Span(), "%s takes a logical array, not %s", e.Name.Orig, k)
			return nil
		}
		if name == "count" {
			k = ir.Int
			val = &ir.Intrinsic{Pos: x.Span(), ID: ir.FnMerge, Args: []ir.Expr{
				&ir.Const{Pos: x.Span(), Kind: ir.Int, Int: 1}, &ir.Const{Pos: x.Span(), Kind: ir.Int, Int: 0}, x,
			}, T: ir.Type{Kind: ir.Int}}
		}
	default:
		if !isNumeric(k) {
			l.errorf(codeReductionArgument, e.Args[0].Value.Span(), "%s takes a numeric array, not %s", e.Name.Orig, k)
			return nil
		}
	}
	l.nreduce++
	res := &ir.Var{Name: fmt.Sprintf("_%s%d", name, l.nreduce), Kind: k, Role: ir.Local, Pos: e.Pos}
	l.kernel.Locals = append(l.kernel.Locals, res)
	start := &ir.Assign{Pos: e.Pos, LHS: &ir.Ref{Pos: e.Pos, Var: res}, RHS: ir.ReduceStart(op, k, e.Pos)}
	if !top {
		// Sequential loops of the work-item, the first dimension innermost.
		var body ir.Stmt = &ir.Assign{Pos: e.Pos, LHS: &ir.Ref{Pos: e.Pos, Var: res}, RHS: foldExpr(op, k, &ir.Ref{Pos: e.Pos, Var: res}, val)}
		for p := range ctx.index {
			body = &ir.Loop{Pos: e.Pos, Var: ctx.index[p], Lo: affineExpr(ctx.lo[p], e.Pos), Hi: affineExpr(ctx.hi[p], e.Pos), Body: []ir.Stmt{body}}
		}
		l.hoisted = append(l.hoisted, start, body)
		return emptyExtreme(op, &ir.Ref{Pos: e.Pos, Var: res}, nonEmpty(ctx, e.Pos))
	}
	r := &ir.Var{Name: res.Name, Kind: k, Role: ir.Reduction, Pos: e.Pos, Reduce: &ir.Reduce{Op: op, Intrinsic: name, Result: res, Index: l.nreduce}}
	n := &ir.Nest{Pos: e.Pos, Source: name, Index: ctx.index, Lo: ctx.lo, Hi: ctx.hi, Reduces: []*ir.Var{r},
		Body: []ir.Stmt{&ir.Assign{Pos: e.Pos, LHS: &ir.Ref{Pos: e.Pos, Var: r}, RHS: val}}}
	l.hoisted = append(l.hoisted, start, n)
	return emptyExtreme(op, &ir.Ref{Pos: e.Pos, Var: res}, nonEmpty(ctx, e.Pos))
}

// nonEmpty is the condition that the implicit iteration of ctx has an
// element: lo <= hi in every dimension.
func nonEmpty(ctx *sectCtx, at diag.Span) ir.Expr {
	var cond ir.Expr
	for p := range ctx.lo {
		c := &ir.Binary{Pos: at, Op: ir.Le, X: affineExpr(ctx.lo[p], at), Y: affineExpr(ctx.hi[p], at), T: ir.Type{Kind: ir.Logical}}
		if cond == nil {
			cond = c
			continue
		}
		cond = &ir.Binary{Pos: at, Op: ir.And, X: cond, Y: c, T: ir.Type{Kind: ir.Logical}}
	}
	return cond
}

// foldExpr is acc op x, as a sequential reduction folds.
func foldExpr(op ir.ReduceOp, k ir.Kind, acc, x ir.Expr) ir.Expr {
	t := ir.Type{Kind: k}
	at := x.Span()
	switch op {
	case ir.RProduct:
		return &ir.Binary{Pos: at, Op: ir.Mul, X: acc, Y: x, T: t}
	case ir.RMax:
		return &ir.Intrinsic{Pos: at, ID: ir.FnMax, Args: []ir.Expr{acc, x}, T: t}
	case ir.RMin:
		return &ir.Intrinsic{Pos: at, ID: ir.FnMin, Args: []ir.Expr{acc, x}, T: t}
	case ir.RAny:
		return &ir.Binary{Pos: at, Op: ir.Or, X: acc, Y: x, T: t}
	case ir.RAll:
		return &ir.Binary{Pos: at, Op: ir.And, X: acc, Y: x, T: t}
	}
	return &ir.Binary{Pos: at, Op: ir.Add, X: acc, Y: x, T: t}
}

// withHoisted lowers one assignment with lower, placing before it the
// statements its reductions of arrays hoisted (Note [reductions of
// sections]).
func (l *lowerer) withHoisted(lower func() []ir.Stmt) []ir.Stmt {
	saved := l.loop.hoist
	l.loop.hoist = true
	out := lower()
	l.loop.hoist = saved
	out, l.hoisted = append(l.hoisted, out...), nil
	return out
}
