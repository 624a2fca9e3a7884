package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/emit"
	"github.com/forocl/forocl/ir"
)

// nestAccesses returns the index ranges of the subscripts of array dummies
// that nest n of loop kernel k touches at every point of its iteration
// space, for hosts to check before a run (Note [access ranges] in package
// abi): none when the nest runs under an IF or its space is not
// rectangular in the sizes.
func nestAccesses(k *ir.Kernel, n *ir.Nest, underIf bool) []abi.Access {
	if underIf {
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
// array dummy or automatic array, whose terms are sizes and the nest's indices.
func (c *accessCollector) elem(e *ir.Elem, write bool) {
	for _, ix := range e.Index {
		c.expr(ix)
	}
	if !isParam(c.k, e.Var) && e.Var.Role != ir.Automatic || len(e.Access) != len(e.Var.Bounds) {
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
		if !k.FrameForm() {
			return true
		}
	}
	return false
}

// boundsHelper emits _fo_in, the check of one subscript.
func boundsHelper(e *emit.Writer) {
	e.Line("// _fo_in checks subscript v against its bounds lo:hi; the first bad one of a run")
	e.Line("// records its site and value in the bounds buffer (forocl --check-bounds).")
	e.Open("inline int _fo_in(__global int* b, int site, long v, long lo, long hi)")
	e.Line("if (v >= lo && v <= hi) return 1;")
	e.Open("if (atomic_cmpxchg((volatile __global int*)b, 0, site) == 0)")
	e.Line("b[1] = (int)v;")
	e.Line("b[2] = (int)(v >> 32);")
	e.Close("")
	e.Line("return 0;")
	e.Close("")
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
