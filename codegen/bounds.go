package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ir"
)

// nestAccesses returns the index ranges of the subscripts of array dummies
// that nest n of loop kernel k touches at every point of its iteration
// space, for hosts to check before a run (Note [access ranges] in package
// abi): none when the nest runs under an IF or its space is not
// rectangular in the sizes.
func nestAccesses(k *ir.Kernel, n *ir.Nest) []abi.Access {
	if n.Guard != nil {
		return nil
	}
	c := &accessCollector{k: k, n: n, size: map[*ir.Var]bool{}, index: map[*ir.Var]int{}, seen: map[string]bool{}}
	for _, s := range k.Sizes {
		c.size[s] = true
	}
	for _, s := range k.HostVars {
		c.size[s] = true // checked with the launch's values (abi.Kernel.CheckHostAccesses)
	}
	for d, v := range n.Index {
		if !c.sizesOnly(n.Lo[d]) || !c.sizesOnly(n.Hi[d]) {
			return nil
		}
		c.index[v] = d
		w := n.Hi[d].Add(n.Lo[d].Scale(-1))
		if w.IsConst() && w.Const < 0 {
			return nil // never runs
		}
		if !w.IsConst() {
			c.when = append(c.when, abiAffine(w))
		}
	}
	c.stmts(n.Body)
	return c.out
}

type accessCollector struct {
	k     *ir.Kernel
	n     *ir.Nest
	size  map[*ir.Var]bool
	index map[*ir.Var]int // the nest's indices, by dimension
	when  []abi.Affine
	seen  map[string]bool
	out   []abi.Access
}

func (c *accessCollector) sizesOnly(a ir.Affine) bool {
	for _, t := range a.Terms {
		if !c.size[t.Var] {
			return false
		}
	}
	return true
}

// stmts collects the accesses of list that happen on every path, up to
// the first statement after which the rest may not run (a RETURN, or an
// IF or DO that holds one).
func (c *accessCollector) stmts(list []ir.Stmt) {
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Assign:
			if s.Mask != nil {
				c.expr(s.Mask)
				continue
			}
			c.expr(s.RHS)
			if e, ok := s.LHS.(*ir.Elem); ok {
				c.elem(e, true)
			}
		case *ir.If:
			c.expr(s.Cond)
			if hasReturn(s.Then) || hasReturn(s.Else) {
				return
			}
		case *ir.Loop:
			c.expr(s.Lo)
			c.expr(s.Hi)
			if s.Step != nil {
				c.expr(s.Step)
			}
			if hasReturn(s.Body) {
				return
			}
		case *ir.Return:
			return
		}
	}
}

func hasReturn(list []ir.Stmt) bool {
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Return:
			return true
		case *ir.If:
			if hasReturn(s.Then) || hasReturn(s.Else) {
				return true
			}
		case *ir.Loop:
			if hasReturn(s.Body) {
				return true
			}
		}
	}
	return false
}

// expr collects the accesses x makes whenever it is evaluated: not those
// of the second operand of .and. and .or., or of merge's values, which
// the generated C may skip.
func (c *accessCollector) expr(x ir.Expr) {
	switch x := x.(type) {
	case *ir.Elem:
		c.elem(x, false)
	case *ir.Unary:
		c.expr(x.X)
	case *ir.Binary:
		c.expr(x.X)
		if x.Op != ir.And && x.Op != ir.Or {
			c.expr(x.Y)
		}
	case *ir.Convert:
		c.expr(x.X)
	case *ir.Intrinsic:
		if x.ID == ir.FnMerge {
			c.expr(x.Args[2])
			return
		}
		for _, a := range x.Args {
			c.expr(a)
		}
	case *ir.Call:
		for _, a := range x.Args {
			c.expr(a)
		}
	}
}

// elem records the range of each affine subscript of e, an element of an
// array dummy, whose terms are sizes and the nest's indices.
func (c *accessCollector) elem(e *ir.Elem, write bool) {
	for _, ix := range e.Index {
		c.expr(ix)
	}
	if !isParam(c.k, e.Var) || len(e.Access) != len(e.Var.Bounds) {
		return
	}
	for d, a := range e.Access {
		b := e.Var.Bounds[d]
		if a.IsComputed() || !c.sizesOnly(b.Lo) || !c.sizesOnly(b.Hi) {
			continue
		}
		lo, hi, ok := c.span(a)
		if !ok {
			continue
		}
		if inside(b.Lo, lo) && inside(hi, b.Hi) {
			continue // within the bounds for every size
		}
		acc := abi.Access{Param: e.Var.Name, Dim: d + 1, Write: write, Min: abiAffine(lo), Max: abiAffine(hi),
			Lo: abiAffine(b.Lo), Hi: abiAffine(b.Hi), When: c.when, At: where(e.Pos)}
		key := fmt.Sprintf("%s %d %v %v %v", acc.Param, acc.Dim, acc.Write, acc.Min, acc.Max)
		if c.seen[key] {
			continue
		}
		c.seen[key] = true
		c.out = append(c.out, acc)
	}
}

// span returns the smallest and largest value of a over the nest's
// iteration space, affine in the sizes, and false when a has a term that
// is neither a size nor an index of the nest.
func (c *accessCollector) span(a ir.Affine) (lo, hi ir.Affine, ok bool) {
	lo, hi = ir.Affine{Const: a.Const}, ir.Affine{Const: a.Const}
	for _, t := range a.Terms {
		if c.size[t.Var] {
			term := ir.Affine{Terms: []ir.Term{t}}
			lo, hi = lo.Add(term), hi.Add(term)
			continue
		}
		d, isIndex := c.index[t.Var]
		if !isIndex {
			return lo, hi, false
		}
		from, to := c.n.Lo[d].Scale(t.Coef), c.n.Hi[d].Scale(t.Coef)
		if t.Coef < 0 {
			from, to = to, from
		}
		lo, hi = lo.Add(from), hi.Add(to)
	}
	return lo, hi, true
}

// inside reports whether a <= b for every value of the sizes: b - a is a
// constant >= 0.
func inside(a, b ir.Affine) bool {
	d := b.Add(a.Scale(-1))
	return d.IsConst() && d.Const >= 0
}

// goAccessChecks writes the general harness's checks of the subscripts
// whose index ranges the ABI lists (abi.Kernel.AccessChecks, the rule
// abi.Kernel.CheckAccesses applies for runner), after the sizes: an
// access that would leave its array is an error before anything runs.
func goAccessChecks(e *emitter, k *abi.Kernel) {
	checks := k.AccessChecks()
	if len(checks) == 0 {
		return
	}
	var names, vals []string
	for _, s := range k.Sizes {
		names = append(names, s.Name+"=%d")
		vals = append(vals, newGoNames(k).size(s.Name))
	}
	sizes := fmt.Sprintf("fmt.Sprintf(%q, %s)", strings.Join(names, ", "), strings.Join(vals, ", "))
	e.line("// Subscripts that leave their arrays for these sizes (Note [access ranges] in package abi).")
	for _, a := range checks {
		var conds []string
		for _, w := range a.When {
			conds = append(conds, newGoNames(k).affine(w)+" >= 0")
		}
		min, max, lo, hi := newGoNames(k).affine(a.Min), newGoNames(k).affine(a.Max), newGoNames(k).affine(a.Lo), newGoNames(k).affine(a.Hi)
		var fails []string
		low, high := a.Sides()
		if !low && !high {
			continue
		}
		if low {
			fails = append(fails, min+" < "+lo)
		}
		if high {
			fails = append(fails, max+" > "+hi)
		}
		conds = append(conds, "("+strings.Join(fails, " || ")+")")
		e.open("if %s", strings.Join(conds, " && "))
		e.line("err = fmt.Errorf(%q, %s, %s, %s, %s, %s)", fmt.Sprintf("kernel %q ", k.Name)+a.ProblemFormat(), min, max, lo, hi, sizes)
		e.line("return")
		e.close("")
	}
}

// fortranAccessChecks writes the Fortran host's checks of the subscripts
// whose index ranges the ABI lists, as goAccessChecks does.
func fortranAccessChecks(e *fortEmitter, k *abi.Kernel, n *fortNames) {
	fortranChecks(e, n, k.AccessChecks())
}

// fortranChecks writes the checks of accesses (fortranAccessChecks).
func fortranChecks(e *fortEmitter, n *fortNames, accesses []abi.Access) {
	for _, a := range accesses {
		var conds []string
		for _, w := range a.When {
			conds = append(conds, n.affine(w)+" >= 0")
		}
		prefix := ""
		if len(conds) > 0 {
			prefix = "if (" + strings.Join(conds, " .and. ") + ") "
		}
		verb := "reads"
		if a.Write {
			verb = "writes"
		}
		e.call(prefix, "forocl_check_access", "fcl_name", fmt.Sprintf("'%s array \"%s\"'", verb, a.Param), fmt.Sprint(a.Dim), "'"+strings.ReplaceAll(a.At, "'", "''")+"'",
			n.affine(a.Min), n.affine(a.Max), n.affine(a.Lo), n.affine(a.Hi), "fcl_st", "fcl_msg")
		e.line("if (fcl_st /= 0) exit fcl_run")
	}
}

// Note [checked subscripts]
//
// With Options.CheckBounds (forocl run --check-bounds, forocl build
// --check-bounds, like gfortran's -fcheck=bounds) every subscript of an
// array dummy in a loop kernel's nests is checked where it is used,
// affine or computed (a gather a(idx(i))): the element's offset becomes
// `_fo_in(...) && ... ? offset : 0`, where _fo_in compares one subscript
// with its dimension's declared bounds and, on the first bad one of the
// run, records its site (abi.Kernel.BoundsSites, numbered from 1), and
// the index, in the kernel's abi.BoundsBuffer through an atomic
// compare-and-swap. A bad access then reads or writes the array's first
// element instead of memory outside it, and the host, which reads the
// buffer after the launches, reports the site as an error and commits no
// output. Reads through __local tiles (the local strategy's cooperative
// loads) are not checked. Without the option nothing of this is emitted.

// hasLoopKernel reports whether one of kernels is a loop kernel.
func hasLoopKernel(kernels []*ir.Kernel) bool {
	for _, k := range kernels {
		if k.Loops {
			return true
		}
	}
	return false
}

// boundsHelper emits _fo_in, the check of one subscript.
func boundsHelper(e *emitter) {
	e.line("// _fo_in checks subscript v against its bounds lo:hi; the first bad one of a run")
	e.line("// records its site and value in the bounds buffer (forocl --check-bounds).")
	e.open("inline int _fo_in(__global int* b, int site, long v, long lo, long hi)")
	e.line("if (v >= lo && v <= hi) return 1;")
	e.open("if (atomic_cmpxchg((volatile __global int*)b, 0, site) == 0)")
	e.line("b[1] = (int)v;")
	e.line("b[2] = (int)(v >> 32);")
	e.close("")
	e.line("return 0;")
	e.close("")
}

// checked returns the offset off of element e guarded by the checks of
// its subscripts (Note [checked subscripts]).
func (lg *loopGen) checked(e *ir.Elem, off string) string {
	var conds []string
	for d := range e.Index {
		b := e.Var.Bounds[d]
		lg.ak.BoundsSites = append(lg.ak.BoundsSites, abi.Site{Param: e.Var.Name, Dim: d + 1, Lo: abiAffine(b.Lo), Hi: abiAffine(b.Hi), At: where(e.Pos)})
		conds = append(conds, fmt.Sprintf("_fo_in(%s, %d, (long)(%s), (long)(%s), (long)(%s))", abi.BoundsBuffer, len(lg.ak.BoundsSites), lg.x.expr(e.Index[d]), lg.affine(b.Lo), lg.affine(b.Hi)))
	}
	return fmt.Sprintf("(%s) ? %s : 0", strings.Join(conds, " && "), off)
}

// goZeroBounds writes, after scratch buffer b is made, the zeros that a
// bounds buffer starts from (Note [checked subscripts]).
func goZeroBounds(e *emitter, b abi.Buffer) {
	if b.Name != abi.BoundsBuffer {
		return
	}
	e.open("if err = k.ctx.WriteInt32(scratch%s, make([]int32, %d)); err != nil", goName(b.Name), b.Elements.Const)
	e.line("return")
	e.close("")
}

// goBoundsError writes, after the launches of a kernel generated with
// --check-bounds, the read of its bounds buffer and the error of the
// first subscript out of bounds (abi.Kernel.BoundsError's message).
func goBoundsError(e *emitter, k *abi.Kernel) {
	if len(k.BoundsSites) == 0 {
		return
	}
	v := "scratch" + goName(abi.BoundsBuffer)
	e.line("// The first subscript out of its bounds, if any (forocl --check-bounds).")
	// _bounds and _index cannot be a dummy's Go name: no Fortran name starts with "_".
	e.line("_bounds := make([]int32, 4)")
	e.open("if err = k.ctx.ReadContext(ctx, %s, _bounds); err != nil", v)
	e.line("return")
	e.close("")
	e.line("_index := int64(uint32(_bounds[1])) | int64(_bounds[2])<<32")
	e.open("switch _bounds[0]")
	for i, s := range k.BoundsSites {
		e.line("case %d:", i+1)
		e.line("\terr = fmt.Errorf(%q, _index, %s, %s)", abi.BoundsFormat(k.Name, s), newGoNames(k).affine(s.Lo), newGoNames(k).affine(s.Hi))
		e.line("\treturn")
	}
	e.close("")
}

// unitChecksBounds reports whether a kernel of u was generated with
// --check-bounds, whose Fortran host reads its bounds buffer's index into
// an integer(c_int64_t).
func unitChecksBounds(u *abi.Unit) bool {
	for _, k := range u.Kernels {
		if len(k.BoundsSites) > 0 {
			return true
		}
	}
	return false
}

// fortranBoundsLocals declares the variables that fortranBoundsError
// reads the bounds buffer into. Their two underscores keep them apart
// from fcl_NAME, the sizes and loop variables, whose names start with a
// letter.
func fortranBoundsLocals(e *fortEmitter, k *abi.Kernel) {
	if len(k.BoundsSites) == 0 {
		return
	}
	e.line("integer :: fcl__site  ! forocl --check-bounds: the first bad subscript's site")
	e.line("integer(c_int64_t) :: fcl__index  ! and its value")
}

// fortranBoundsError writes, after the launches of a kernel generated
// with --check-bounds, the read of its bounds buffer and the error of the
// first subscript out of bounds (abi.Kernel.BoundsError's message), as
// goBoundsError does for the Go harness.
func fortranBoundsError(e *fortEmitter, n *fortNames, k *abi.Kernel) {
	if len(k.BoundsSites) == 0 {
		return
	}
	e.line("! The first subscript out of its bounds, if any (forocl --check-bounds).")
	e.call("", "forocl_bounds_read", "fcl_name", fmt.Sprintf("fcl_s%d", scratchIndex(k, abi.BoundsBuffer)+1), fmt.Sprint(len(k.BoundsSites)),
		"fcl__site", "fcl__index", "fcl_st", "fcl_msg")
	e.line("if (fcl_st /= 0) exit fcl_run")
	e.line("select case (fcl__site)")
	for i, s := range k.BoundsSites {
		e.line("case (%d)", i+1)
		e.indent++
		e.call("", "forocl_bounds_error", "fcl_name", "'"+s.Param+"'", fmt.Sprint(s.Dim), "'"+strings.ReplaceAll(s.At, "'", "''")+"'",
			"fcl__index", n.affine(s.Lo), n.affine(s.Hi), "fcl_st", "fcl_msg")
		e.indent--
	}
	e.line("end select")
	e.line("if (fcl_st /= 0) exit fcl_run")
}
