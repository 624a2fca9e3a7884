package codegen

import (
	"fmt"
	"path/filepath"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// splitOf works out whether loop kernel k runs on slabs of its last
// dimension and how (abi.Split, Note [slabs] in package runner). nests
// maps each of ak's launches that runs a nest to it.
func splitOf(k *ir.Kernel, ak *abi.Kernel, nests map[*abi.Launch]*ir.Nest) *abi.Split {
	c := &splitCheck{k: k, cut: map[*ir.Var]*abi.SplitArray{}}
	sp, why := c.split(ak, nests)
	if why != "" {
		return &abi.Split{Refused: why}
	}
	return sp
}

// splitCheck holds what splitOf has found.
type splitCheck struct {
	k      *ir.Kernel
	size   *ir.Var                     // the split size
	index  *ir.Var                     // the split index of the nest being checked
	cut    map[*ir.Var]*abi.SplitArray // the arrays the slabs cut
	arrays []*ir.Var                   // those, in parameter order
	launch *abi.SplitLaunch            // what the nest being checked reads and writes
	why    string
}

func (c *splitCheck) refuse(format string, args ...any) {
	if c.why == "" {
		c.why = fmt.Sprintf(format, args...)
	}
}

// split checks the kernel as a whole, then every launch.
func (c *splitCheck) split(ak *abi.Kernel, nests map[*abi.Launch]*ir.Nest) (*abi.Split, string) {
	if why := c.arraysOf(); why != "" {
		return nil, why
	}
	c.hostReads(c.k.Body)
	if c.why != "" {
		return nil, c.why
	}
	sp := &abi.Split{Size: c.size.Name}
	var first, last *ir.Affine
	for _, l := range ak.Launches {
		n := nests[l]
		if n == nil {
			if l.Strategy == "fold-loc" {
				return nil, fmt.Sprintf("launch %q folds maxloc or minloc positions, which are per slab", l.Symbol)
			}
			// A fold of partials, or the launch that writes the results:
			// neither touches the arrays.
			sp.Launches = append(sp.Launches, abi.SplitLaunch{})
			continue
		}
		d := c.splitDim(n)
		if c.why != "" {
			return nil, c.why
		}
		if first == nil {
			first, last = &n.Lo[d], &n.Hi[d]
		} else if !first.Equal(n.Lo[d]) || !last.Equal(n.Hi[d]) {
			return nil, fmt.Sprintf("the nest at %s runs %s from %s to %s, another nest from %s to %s: slabs need one range along the split dimension", at(n.Pos), n.Index[d].Name, n.Lo[d], n.Hi[d], *first, *last)
		}
		c.index, c.launch = n.Index[d], &abi.SplitLaunch{}
		c.stmts(n.Body)
		if c.why != "" {
			return nil, c.why
		}
		sp.Launches = append(sp.Launches, *c.launch)
	}
	if first == nil {
		return nil, "it has no nests"
	}
	f, l := abiAffine(*first), abiAffine(*last)
	sp.First, sp.Last = &f, &l
	for _, v := range c.arrays {
		a := c.cut[v]
		sp.Arrays = append(sp.Arrays, *a)
		if a.Read {
			sp.Halo.Lo, sp.Halo.Hi = max(sp.Halo.Lo, a.Reach.Lo), max(sp.Halo.Hi, a.Reach.Hi)
		}
	}
	return sp, ""
}

// hostReads refuses host statements (those outside the nests) that read
// an array element: each slab holds only its own planes.
func (c *splitCheck) hostReads(list []ir.Stmt) {
	elems := func(x ir.Expr) {
		ir.Walk(x, func(e ir.Expr) {
			if el, ok := e.(*ir.Elem); ok {
				c.refuse("the host statement at %s reads an element of %s, which slabs do not gather", at(el.Pos), el.Var.Name)
			}
		})
	}
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Assign:
			elems(s.RHS)
			elems(s.LHS)
		case *ir.If:
			elems(s.Cond)
			c.hostReads(s.Then)
			c.hostReads(s.Else)
		case *ir.Loop:
			elems(s.Lo)
			elems(s.Hi)
			elems(s.Step)
			c.hostReads(s.Body)
		case *ir.Print:
			for _, it := range s.Items {
				elems(it.X)
			}
		}
	}
}

// arraysOf finds the split size (the last extent of the first array of
// the largest rank: its one size of coefficient 1) and the arrays it bounds,
// which must have it in their last extent alone; the others must be
// intent(in), as every slab holds them whole.
func (c *splitCheck) arraysOf() string {
	var grid *ir.Var
	for _, v := range c.k.Params {
		if len(v.Bounds) > 0 && (grid == nil || len(v.Bounds) > len(grid.Bounds)) {
			grid = v
		}
	}
	if grid == nil {
		return "it has no arrays to split"
	}
	ext := grid.Bounds[len(grid.Bounds)-1].Extent()
	for _, t := range ext.Terms {
		if t.Coef == 1 && c.isSize(t.Var) {
			if c.size != nil {
				return fmt.Sprintf("the last extent of %s is %s, with two sizes that could be the split one", grid.Name, ext)
			}
			c.size = t.Var
		}
	}
	if c.size == nil {
		return fmt.Sprintf("the last extent of %s is %s, with no size of coefficient 1 to split", grid.Name, ext)
	}
	for _, v := range append(append(append([]*ir.Var(nil), c.k.Params...), c.k.Automatic...), c.k.Temps...) {
		if len(v.Bounds) == 0 {
			continue
		}
		uses := false
		for d, b := range v.Bounds {
			if !has(b.Lo, c.size) && !has(b.Hi, c.size) {
				continue
			}
			uses = true
			e := b.Extent()
			if !isParam(c.k, v) || d != len(v.Bounds)-1 || has(b.Lo, c.size) || coef(e, c.size) != 1 {
				return fmt.Sprintf("%s (declared at %s) has %s in its bounds other than its last upper bound, so slabs cannot cut it", v.Name, at(v.Pos), c.size.Name)
			}
		}
		if uses {
			c.cut[v] = &abi.SplitArray{Name: v.Name}
			c.arrays = append(c.arrays, v)
		} else if isParam(c.k, v) && v.Intent != ir.In {
			return fmt.Sprintf("%s (declared at %s) is written but not cut along %s: every slab would write its own copy", v.Name, at(v.Pos), c.size.Name)
		}
	}
	return ""
}

func (c *splitCheck) isSize(v *ir.Var) bool {
	for _, s := range c.k.Sizes {
		if s == v {
			return true
		}
	}
	return false
}

func has(a ir.Affine, v *ir.Var) bool { return coef(a, v) != 0 }

// coef is v's coefficient in a.
func coef(a ir.Affine, v *ir.Var) int64 {
	var n int64
	for _, t := range a.Terms {
		if t.Var == v {
			n += t.Coef
		}
	}
	return n
}

// splitDim returns the dimension of nest n whose index runs along the
// split size: from a first value without it to the size (coefficient 1)
// plus other sizes and a constant.
func (c *splitCheck) splitDim(n *ir.Nest) int {
	dim := -1
	for d := range n.Index {
		if !has(n.Lo[d], c.size) && !has(n.Hi[d], c.size) {
			continue
		}
		hi := n.Hi[d]
		if dim >= 0 || has(n.Lo[d], c.size) || coef(hi, c.size) != 1 {
			c.refuse("the nest at %s runs %s from %s to %s: slabs need one index from a bound without %s to one with %s once", at(n.Pos), n.Index[d].Name, n.Lo[d], hi, c.size.Name, c.size.Name)
			return 0
		}
		dim = d
	}
	if dim < 0 {
		c.refuse("the nest at %s is not parallel along the split dimension (no index of it runs to %s): it works on fixed planes, or serially across the slabs", at(n.Pos), c.size.Name)
		return 0
	}
	return dim
}

// stmts checks a nest's body: the split index and size are seen only in
// subscripts of the cut arrays along their last dimension.
func (c *splitCheck) stmts(list []ir.Stmt) {
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Assign:
			switch l := s.LHS.(type) {
			case *ir.Elem:
				c.elem(l, true)
			case *ir.Ref:
				c.ref(l)
			default:
				c.refuse("the assignment at %s writes what slabs do not know", at(s.Pos))
			}
			c.expr(s.RHS)
			c.expr(s.Mask)
		case *ir.If:
			c.expr(s.Cond)
			c.stmts(s.Then)
			c.stmts(s.Else)
		case *ir.Loop:
			c.expr(s.Lo)
			c.expr(s.Hi)
			c.expr(s.Step)
			c.stmts(s.Body)
		case *ir.Return:
		default:
			c.refuse("the statement at %s is one slabs do not know", at(s.Span()))
		}
	}
}

func (c *splitCheck) expr(x ir.Expr) {
	switch x := x.(type) {
	case nil, *ir.Const:
	case *ir.Elem:
		c.elem(x, false)
	case *ir.Ref:
		c.ref(x)
	case *ir.Unary:
		c.expr(x.X)
	case *ir.Binary:
		c.expr(x.X)
		c.expr(x.Y)
	case *ir.Convert:
		c.expr(x.X)
	case *ir.Intrinsic:
		for _, a := range x.Args {
			c.expr(a)
		}
	case *ir.Call:
		for _, a := range x.Args {
			c.expr(a)
		}
	default:
		c.refuse("the expression at %s is one slabs do not know", at(x.Span()))
	}
}

func (c *splitCheck) ref(r *ir.Ref) {
	switch r.Var {
	case c.index:
		c.refuse("the split index %s is used as a value at %s, which each slab would shift", r.Var.Name, at(r.Pos))
	case c.size:
		c.refuse("%s uses the split size %s as a value, which each slab would change", at(r.Pos), r.Var.Name)
	}
}

// elem checks one array element: along the last dimension of a cut array
// the subscript is the split index plus a constant (the index itself for
// a write); elsewhere neither the index nor the size appears.
func (c *splitCheck) elem(e *ir.Elem, write bool) {
	cut := c.cut[e.Var]
	for d, ix := range e.Index {
		var a ir.Affine
		affine := len(e.Access) == len(e.Index) && !e.Access[d].IsComputed()
		if affine {
			a = e.Access[d]
		}
		if cut != nil && d == len(e.Index)-1 {
			if !affine || len(a.Terms) != 1 || a.Terms[0].Var != c.index || a.Terms[0].Coef != 1 {
				c.refuse("the subscript %d of %s at %s is not %s plus a constant: a gather along the split dimension, which reads other slabs' planes", d+1, e.Var.Name, at(e.Pos), c.index.Name)
				return
			}
			off := int(a.Const)
			if write && off != 0 {
				c.refuse("%s at %s is written at %s%+d: another slab owns that plane", e.Var.Name, at(e.Pos), c.index.Name, off)
				return
			}
			c.note(e.Var, cut, off, write)
			continue
		}
		if !affine {
			c.expr(ix)
			continue
		}
		if has(a, c.index) || has(a, c.size) {
			c.refuse("the subscript %d of %s at %s uses %s or %s, which run along the split dimension: each slab holds only its own part of it", d+1, e.Var.Name, at(e.Pos), c.index.Name, c.size.Name)
			return
		}
	}
}

// note records a read or write of cut array v at offset off.
func (c *splitCheck) note(v *ir.Var, a *abi.SplitArray, off int, write bool) {
	add := func(list *[]string) {
		for _, n := range *list {
			if n == v.Name {
				return
			}
		}
		*list = append(*list, v.Name)
	}
	if write {
		add(&c.launch.Writes)
		return
	}
	a.Read = true
	a.Reach.Lo, a.Reach.Hi = max(a.Reach.Lo, -off), max(a.Reach.Hi, off)
	if off != 0 {
		add(&c.launch.Reads)
	}
}

// at is a position for a refusal, file:line:col, with the file's base name
// as abi.Reduction.Where has it.
func at(sp diag.Span) string {
	return fmt.Sprintf("%s:%d:%d", filepath.Base(sp.Start.File), sp.Start.Line, sp.Start.Col)
}
