package sema

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Small arrays of loop kernels: named constant arrays (tables), private
// local arrays, and subscripts that are not affine (gathers, computed
// writes). See Note [small arrays] in package ir.

// maxPrivateBytes is the most bytes the private arrays of a loop kernel
// may hold together: each work-item has its own copies in registers or
// private memory, and CPU drivers keep a work-group's copies on a thread's
// stack (PoCL fails past 16 KiB per work-item with 256 work-items a
// group). Past fastPrivateElements an array no longer fits in registers
// on GPUs, and sema warns (loop-private-large).
const (
	maxPrivateBytes     = 8192
	maxPrivateElements  = maxPrivateBytes // a bound on elements while they are counted
	fastPrivateElements = 64
)

// fitArray converts the value of an array constant to the declared type
// and bounds of sym: integer or real, constant bounds, as many elements
// as the bounds say (a scalar value fills them all; an array of rank 2 or
// more takes its value from reshape). A real(4) element widened to
// real(8) keeps its real(4) rounding, as gfortran converts it.
func (c *checker) fitArray(sym *symbol, k ir.Kind, v cval) (cval, bool) {
	if k == ir.Logical || (v.isArr && v.kind == ir.Logical) {
		c.diags.Error(codeArrayConstantType, sym.init.Span(), "%q: forocl supports integer and real array constants", sym.orig)
		return cval{}, false
	}
	lo, hi, known := c.constBounds(sym)
	filled := !v.isArr
	n := int64(1)
	for d := range lo {
		n *= max(hi[d]-lo[d]+1, 0)
	}
	if !v.isArr {
		if !known || n > 1<<20 {
			c.diags.Error(codeArrayConstantType, sym.init.Span(), "%q is an array; give it an array value such as [1, 2, 1]", sym.orig)
			return cval{}, false
		}
		fill := make([]cval, n)
		for i := range fill {
			fill[i] = v
		}
		v = arrayOf(v.kind, fill)
	}
	if sym.rank() > 1 && v.shape == nil && !filled {
		c.diags.Error(codeArrayConstantType, sym.init.Span(), "%q has rank %d; give it its value with reshape([...], [%s])", sym.orig, sym.rank(), extentsText(lo, hi))
		return cval{}, false
	}
	if v.shape != nil && known && !sameExtents(v.shape, lo, hi) {
		c.diags.Error(codeArrayConstantSize, sym.init.Span(), "%q has shape [%s] but its value has shape [%s]", sym.orig, extentsText(lo, hi), joinInts(v.shape))
		return cval{}, false
	}
	if known && n != int64(v.size()) {
		c.diags.Error(codeArrayConstantSize, sym.init.Span(), "%q has %d elements but its value has %d", sym.orig, n, v.size())
		return cval{}, false
	}
	elems := make([]cval, v.size())
	for i := range elems {
		e := v.at(i)
		if e.kind == ir.Real4 {
			e.f = float64(float32(e.f))
		}
		e = e.convert(k)
		if k == ir.Real4 {
			e.f = float64(float32(e.f))
		}
		elems[i] = e
	}
	out := arrayOf(k, elems)
	if known {
		out.lo, out.hi = lo, hi
	}
	out.name = sym.orig
	return out, true
}

// constBounds returns the constant bounds of every dimension of sym, if
// it has them.
func (c *checker) constBounds(sym *symbol) (lo, hi []int64, ok bool) {
	return c.constBoundsIn(sym, nil)
}

// constBoundsIn is constBounds with env's values of names.
func (c *checker) constBoundsIn(sym *symbol, env constEnv) (lo, hi []int64, ok bool) {
	for _, ds := range sym.dims {
		if ds.Deferred || ds.Hi == nil {
			return nil, nil, false
		}
		h, err := c.evalConst(sym.sc, env, ds.Hi)
		if err != nil || h.isArr || h.kind != ir.Int {
			return nil, nil, false
		}
		l := int64(1)
		if ds.Lo != nil {
			v, err := c.evalConst(sym.sc, env, ds.Lo)
			if err != nil || v.isArr || v.kind != ir.Int {
				return nil, nil, false
			}
			l = v.i
		}
		lo, hi = append(lo, l), append(hi, h.i)
	}
	return lo, hi, len(lo) > 0
}

func sameExtents(shape, lo, hi []int64) bool {
	if len(shape) != len(lo) {
		return false
	}
	for d := range shape {
		if shape[d] != max(hi[d]-lo[d]+1, 0) {
			return false
		}
	}
	return true
}

func extentsText(lo, hi []int64) string {
	ext := make([]int64, len(lo))
	for d := range lo {
		ext[d] = max(hi[d]-lo[d]+1, 0)
	}
	return joinInts(ext)
}

func joinInts(xs []int64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(parts, ", ")
}

// bounds returns the bounds of an array value: its declared ones, else
// 1:extent per dimension of its shape, else one dimension 1:size.
func (v cval) bounds() (lo, hi []int64) {
	switch {
	case v.lo != nil:
		return v.lo, v.hi
	case v.shape != nil:
		lo, hi = make([]int64, len(v.shape)), make([]int64, len(v.shape))
		for d, n := range v.shape {
			lo[d], hi[d] = 1, n
		}
		return lo, hi
	}
	return []int64{1}, []int64{int64(v.size())}
}

// constElement evaluates an element of a named array constant with
// constant subscripts.
func (c *checker) constElement(s *scope, env constEnv, e *ast.Call, arr cval) (cval, *constErr) {
	lo, hi := arr.bounds()
	if len(e.Args) != len(lo) {
		if len(lo) == 1 {
			return cval{}, cerr(codeSubscriptCount, e.Pos, "%q takes one subscript", e.Name.Orig)
		}
		return cval{}, cerr(codeSubscriptCount, e.Pos, "%q takes %d subscripts", e.Name.Orig, len(lo))
	}
	off, stride := int64(0), int64(1)
	var subs []string
	for d, a := range e.Args {
		if a.Section || a.Keyword != nil {
			return cval{}, cerr(codeConstArraySection, a.Pos, "sections of array constant %q are not supported; give one subscript per dimension", e.Name.Orig)
		}
		iv, err := c.evalConst(s, env, a.Value)
		if err != nil {
			return iv, err
		}
		if iv.isArr || iv.kind != ir.Int {
			return cval{}, cerr(codeSubscriptNotInteger, a.Pos, "subscript must be an integer")
		}
		if iv.i < lo[d] || iv.i > hi[d] {
			return cval{}, cerr(codeSubscriptOutOfBounds, a.Pos, "subscript %d is out of bounds %d:%d of %q", iv.i, lo[d], hi[d], e.Name.Orig)
		}
		off += (iv.i - lo[d]) * stride
		stride *= hi[d] - lo[d] + 1
		subs = append(subs, strconv.FormatInt(iv.i, 10))
	}
	v := arr.at(int(off))
	v.name = fmt.Sprintf("%s(%s)", arr.name, strings.Join(subs, ","))
	return v, nil
}

// constReshape evaluates reshape(source, shape) of constants: the same
// elements in the same (column-major) order, with the given shape; pad
// and order are not supported.
func constReshape(e *ast.Call, args []cval) (cval, *constErr) {
	if len(args) != 2 {
		return cval{}, cerr(codeIntrinsicArgumentCount, e.Pos, "forocl supports reshape(source, shape) with two arguments in constants")
	}
	src, shp := args[0], args[1]
	if !src.isArr || !shp.isArr || !shp.kind.IsInt() {
		return cval{}, cerr(codeConstArrayShape, e.Pos, "reshape takes an array and an integer array of extents")
	}
	n := int64(1)
	for _, x := range shp.ints {
		if x < 0 || x > 1<<20 {
			return cval{}, cerr(codeConstArrayShape, e.Pos, "reshape extent %d is not supported", x)
		}
		n *= x
	}
	if n != int64(src.size()) {
		return cval{}, cerr(codeConstArrayShape, e.Pos, "reshape: the source has %d elements but the shape [%s] has %d", src.size(), joinInts(shp.ints), n)
	}
	out := src
	out.shape = append([]int64(nil), shp.ints...)
	out.lo, out.hi, out.name = nil, nil, ""
	return out, nil
}

// tableElem lowers a subscripted named constant array in a loop kernel:
// a constant when every subscript is one, else an element of the table (a
// __constant array in OpenCL) with any integer subscripts, which the
// kernel's own expressions type and report.
func (l *lowerer) tableElem(e *ast.Call, sym *symbol) ir.Expr {
	constant := true
	for _, a := range e.Args {
		if !a.Section && a.Keyword == nil {
			if _, err := l.c.evalConst(l.s, l.env, a.Value); err != nil {
				constant = false
			}
		}
	}
	if constant {
		v, err := l.c.evalConst(l.s, l.env, e)
		if err != nil {
			l.c.reportConst(err) // a subscript out of bounds, a wrong table
			return nil
		}
		if v.isArr {
			l.errorf(codeHaloMisuse, e.Pos, "array values can only be used as halos")
			return nil
		}
		return constIR(v, e.Pos)
	}
	arr, ok := l.c.paramValue(sym)
	if !ok {
		return nil
	}
	if !arr.isArr {
		l.errorf(codeNotAnArray, e.Pos, "%q is not an array", e.Name.Orig)
		return nil
	}
	if arr.size() == 0 {
		l.errorf(codeSubscriptOutOfBounds, e.Pos, "%q has no elements", e.Name.Orig)
		return nil
	}
	t := l.table(sym, arr)
	if len(e.Args) != t.Rank {
		l.errorf(codeLoopSubscript, e.Pos, "%q has rank %d but is given %d subscripts", t.Name, t.Rank, len(e.Args))
		return nil
	}
	x := &ir.Elem{Pos: e.Pos, Var: t}
	for _, a := range e.Args {
		if a.Section || a.Keyword != nil {
			l.errorf(codeLoopSubscript, a.Pos, "array sections such as %s(...) are not supported inside a parallel loop", e.Name.Orig).
				WithHint("subscript every dimension with one index")
			return nil
		}
		sub := l.subscript(t, a.Value)
		if sub == nil {
			return nil
		}
		x.Index = append(x.Index, sub)
		x.Access = append(x.Access, l.anyAccess(sub))
	}
	return x
}

// table returns the Table variable of the named constant array sym, made
// on first use.
func (l *lowerer) table(sym *symbol, arr cval) *ir.Var {
	for _, t := range l.kernel.Tables {
		if t.Pos == sym.pos && t.Name == sym.orig {
			return t
		}
	}
	lo, hi := arr.bounds()
	t := &ir.Var{Name: sym.orig, Kind: arr.kind, Rank: len(lo), Role: ir.Table, Pos: sym.pos}
	for d := range lo {
		t.Bounds = append(t.Bounds, ir.Bound{Lo: ir.Affine{Const: lo[d]}, Hi: ir.Affine{Const: hi[d]}})
	}
	for i := 0; i < arr.size(); i++ {
		t.Data = append(t.Data, constIR(arr.at(i), sym.pos))
	}
	l.kernel.Tables = append(l.kernel.Tables, t)
	return t
}

// subscript lowers one subscript of v: a scalar integer.
func (l *lowerer) subscript(v *ir.Var, a ast.Expr) ir.Expr {
	x := l.expr(a)
	if x == nil {
		return nil
	}
	if t := x.Type(); !t.Kind.IsInt() || t.Rank != 0 {
		l.errorf(codeLoopSubscript, a.Span(), "subscript of %q is %s, expected a scalar integer", v.Name, t.Kind)
		return nil
	}
	return x
}

// anyAccess is the access of a subscript of a table or a private array:
// its affine form when it has one, else Computed. Neither enters the
// in-place check; the form only orders the NDRange (regions).
func (l *lowerer) anyAccess(x ir.Expr) ir.Affine {
	a, why := l.affine(x, func(u *ir.Var) bool { return u.Kind.IsInt() && u.Rank == 0 })
	if why != "" {
		return ir.Computed(x.Span())
	}
	return a
}

// privateArray declares a local array of a loop kernel: constant bounds,
// at most maxPrivateElements elements, private to each work-item; a
// warning past fastPrivateElements.
func (l *lowerer) privateArray(sym *symbol) {
	if !l.typed(sym) {
		return
	}
	k := l.c.symKind(sym)
	if k == ir.Invalid {
		return
	}
	bad := func(format string, args ...any) {
		l.errorf(codeLoopLocalArray, sym.pos, format, args...).
			WithHint("pass a larger work array as a dummy argument, with bounds such as dimension(m, n), and give each iteration its own part of it")
		l.broken[sym] = true
	}
	if sym.pointer || sym.alloc || sym.init != nil || sym.save {
		bad("local array %q of a loop kernel must be a plain array with constant bounds (no allocatable, pointer, save or initial value)", sym.orig)
		return
	}
	if _, _, ok := l.c.constBounds(sym); (!ok || l.loop.shared[sym]) && l.kernel != nil && !anyDeferred(sym) {
		l.automaticArray(sym, k, bad) // Note [automatic arrays]
		return
	}
	if v := l.privateVar(sym, k, nil, bad); v != nil {
		l.vars[sym] = v
		l.addLocal(v)
	}
}

// privateVar is the private array of kind k that local array sym is, its
// bounds evaluated with env (nil: named constants only), counted against
// the kernel's private bytes, or nil (reported by bad).
func (l *lowerer) privateVar(sym *symbol, k ir.Kind, env constEnv, bad func(string, ...any)) *ir.Var {
	v := &ir.Var{Name: sym.orig, Kind: k, Rank: sym.rank(), Role: ir.Local, Pos: sym.pos}
	n := int64(1)
	for d, ds := range sym.dims {
		if ds.Deferred || ds.Hi == nil {
			bad("local array %q needs constant bounds in a loop kernel", sym.orig)
			return nil
		}
		lo := int64(1)
		if ds.Lo != nil {
			c, ok := l.constBoundIn(ds.Lo, env)
			if !ok {
				bad("bound %d of local array %q is not a constant; a loop kernel's local arrays have constant bounds", d+1, sym.orig)
				return nil
			}
			lo = c
		}
		hi, ok := l.constBoundIn(ds.Hi, env)
		if !ok {
			bad("bound %d of local array %q is not a constant; a loop kernel's local arrays have constant bounds", d+1, sym.orig)
			return nil
		}
		ext := max(hi-lo+1, 0)
		if ext > maxPrivateElements || n*ext > maxPrivateElements {
			n = math.MaxInt32
		} else {
			n *= ext
		}
		v.Bounds = append(v.Bounds, ir.Bound{Lo: ir.Affine{Const: lo}, Hi: ir.Affine{Const: hi}})
	}
	bytes := n * int64(k.Bytes())
	if n > maxPrivateElements || l.loop.privateBytes+bytes > maxPrivateBytes {
		bad("local array %q takes the kernel's private arrays past %d bytes (%d before it); each work-item holds its own copy in private memory", sym.orig, maxPrivateBytes, l.loop.privateBytes)
		return nil
	}
	l.loop.privateBytes += bytes
	if n > fastPrivateElements {
		l.c.diags.Warn(codeLargePrivate, sym.pos, "local array %q has %d elements: each work-item holds its own copy in private memory, which is slow on GPUs", sym.orig, n).
			WithHint("pass it as a dummy argument if every iteration may share it")
	}
	return v
}

// constBound evaluates a constant integer bound.
func (l *lowerer) constBound(e ast.Expr) (int64, bool) { return l.constBoundIn(e, nil) }

// constBoundIn is constBound with env's values of names.
func (l *lowerer) constBoundIn(e ast.Expr, env constEnv) (int64, bool) {
	v, err := l.c.evalConst(l.s, env, e)
	if err != nil || v.isArr || v.kind != ir.Int {
		return 0, false
	}
	return v.i, true
}

// isPrivate reports whether v is a private array of a loop kernel.
func isPrivate(v *ir.Var) bool { return v.Role == ir.Local && v.Rank > 0 }

// computedSubscript returns the access of dimension d's subscript x (at
// a) of e that is not affine (why says what it has): fine in a private
// array and in reads (a gather); a write is remembered, and the nest
// accepts it only where it proves the write injective anyway or under DO
// CONCURRENT (see tableInjective in package depend, and computedConflict).
func (l *lowerer) computedSubscript(e *ir.Elem, d int, x ir.Expr, a ast.Expr, why string, isLHS bool) ir.Affine {
	if isLHS && !isPrivate(e.Var) {
		if l.loop.computed == nil {
			l.loop.computed = map[*ir.Elem]*computedWrite{}
		}
		w := l.loop.computed[e]
		if w == nil {
			w = &computedWrite{at: a.Span(), why: why, through: map[int]ir.Affine{}}
			l.loop.computed[e] = w
		}
		if t, ok := x.(*ir.Elem); ok && t.Var.Role == ir.Table && len(t.Access) == 1 && !t.Access[0].IsComputed() && distinct(t.Var.Data) {
			w.through[d] = t.Access[0]
		}
	}
	return ir.Computed(a.Span())
}

// distinct reports whether the integer constants cs are all different.
func distinct(cs []*ir.Const) bool {
	seen := map[int64]bool{}
	for _, c := range cs {
		if seen[c.Int] {
			return false
		}
		seen[c.Int] = true
	}
	return true
}

// computedWrite is where a write's first computed subscript is, what made
// it one, and the dimensions whose subscript is a table of distinct
// values (a permutation) looked up at an affine subscript: through[d].
type computedWrite struct {
	at      diag.Span
	why     string
	through map[int]ir.Affine
}

// checkPrivateFlow reports a private array that a nest reads but does not
// assign: each nest is a launch of its own and each iteration has its own
// copy, so values an earlier nest stored do not reach it (the rule
// checkScalarFlow applies to scalars).
func (l *lowerer) checkPrivateFlow(body []ir.Stmt) {
	for _, s := range body {
		n, ok := s.(*ir.Nest)
		if !ok {
			continue
		}
		set := map[*ir.Var]bool{}
		ir.VisitAssigns(n.Body, func(a *ir.Assign) {
			if e, ok := a.LHS.(*ir.Elem); ok && isPrivate(e.Var) {
				set[e.Var] = true
			}
		})
		reported := map[*ir.Var]bool{}
		visitElemReads(n.Body, func(e *ir.Elem) {
			if isPrivate(e.Var) && !set[e.Var] && !reported[e.Var] {
				reported[e.Var] = true
				l.errorf(codeLoopConstruct, e.Pos, "local array %q is read in this parallel loop but no assignment in it sets it; values do not pass from one parallel loop to the next", e.Var.Name).
					WithHint("assign its elements in this loop before reading them")
			}
		})
	}
}

// visitElemReads calls f for every array element that stmts read
// (subscripts of written elements included).
func visitElemReads(stmts []ir.Stmt, f func(*ir.Elem)) {
	expr := func(x ir.Expr) {
		ir.Walk(x, func(x ir.Expr) {
			if e, ok := x.(*ir.Elem); ok {
				f(e)
			}
		})
	}
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			expr(s.RHS)
			if e, ok := s.LHS.(*ir.Elem); ok {
				for _, x := range e.Index {
					expr(x)
				}
			}
		case *ir.If:
			expr(s.Cond)
			visitElemReads(s.Then, f)
			visitElemReads(s.Else, f)
		case *ir.Loop:
			expr(s.Lo)
			expr(s.Hi)
			expr(s.Step)
			visitElemReads(s.Body, f)
		}
	}
}

// Note [automatic arrays]
//
// A local array of a loop kernel whose bounds are not constant but affine
// in the kernel's integer scalar dummies, real(8) :: tb(tile, tile) or
// real :: work(n), is Fortran's automatic array: it exists for the call,
// at the size the dummies give on entry, its contents undefined. forocl
// makes it a Var of Role Automatic (Kernel.Automatic) with those bounds:
// a device buffer that the host allocates before the first launch at the
// product of its extents (abi.Buffer.Shape), passed to every launch like
// a dummy array, indexed by its declared bounds, and shared by the
// work-items, so the dependence analysis checks its accesses as a
// dummy's: a nest that writes it where iterations could collide runs
// serially, DO CONCURRENT too (sharedAutomatic: Fortran lets each
// iteration use it as its own scratch, written before it is read, which
// one shared buffer cannot give in parallel). Elements are read and written in nests and in array
// assignments (which are nests), never by the host. Its contents are
// never copied from or to the host, as a caller never sees them.
// Ranks up to 3 (what the Fortran host allocates). A local array with
// constant bounds that the nests share is one too (Note [local arrays
// shared across nests] in sema/sharedlocals.go).

// automaticArray declares sym, a local array of kind k with bounds that
// are not all constant, as an automatic array (Note [automatic arrays]);
// bad reports why it cannot be one.
func (l *lowerer) automaticArray(sym *symbol, k ir.Kind, bad func(string, ...any)) {
	if sym.rank() > 3 {
		bad("automatic array %q has rank %d; forocl's automatic arrays have rank 1 to 3", sym.orig, sym.rank())
		return
	}
	v := &ir.Var{Name: sym.orig, Kind: k, Rank: sym.rank(), Role: ir.Automatic, Pos: sym.pos}
	for d, ds := range sym.dims {
		b := ir.Bound{Lo: ir.Affine{Const: 1}}
		ok := true
		if ds.Lo != nil {
			b.Lo, ok = l.boundAffine(ds.Lo, fmt.Sprintf("lower bound %d of automatic array %q", d+1, sym.orig))
		}
		if ok {
			b.Hi, ok = l.boundAffine(ds.Hi, fmt.Sprintf("upper bound %d of automatic array %q", d+1, sym.orig))
		}
		if !ok {
			l.broken[sym] = true
			return
		}
		v.Bounds = append(v.Bounds, b)
	}
	l.vars[sym] = v
	l.kernel.Automatic = append(l.kernel.Automatic, v)
}

// anyDeferred reports whether a dimension of sym has no upper bound (an
// allocatable's or pointer's, or an assumed size).
func anyDeferred(sym *symbol) bool {
	for _, ds := range sym.dims {
		if ds.Deferred || ds.Hi == nil {
			return true
		}
	}
	return false
}
