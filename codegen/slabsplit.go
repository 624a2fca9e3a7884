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
	c := &splitCheck{k: k, cut: map[*ir.Var]bool{}, window: map[*ir.Var][2]int64{}, shift: map[*ir.Var][2]int64{}}
	sp, why := c.split(ak, nests)
	if why != "" {
		return &abi.Split{Refused: why}
	}
	return sp
}

// splitCheck holds what splitOf has found.
type splitCheck struct {
	k      *ir.Kernel
	size   *ir.Var          // the split size
	index  *ir.Var          // the split index of the nest being checked
	cut    map[*ir.Var]bool // the arrays the slabs cut
	arrays []*ir.Var        // those, in parameter order
	use    *nestUse         // what the nest being checked reads and writes
	// window and shift hold the sequential loops' variables of the nest
	// being checked that run over constants, and along the split index
	// (their offsets from it), with their ranges.
	window, shift map[*ir.Var][2]int64
	why           string
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
	var uses []*nestUse // per launch; nil for folds and results
	for _, l := range ak.Launches {
		n := nests[l]
		if n == nil {
			if l.Strategy == "fold-loc" {
				return nil, fmt.Sprintf("launch %q folds maxloc or minloc positions, which are per slab", l.Symbol)
			}
			// A fold of partials, or the launch that writes the results:
			// neither touches the arrays.
			uses = append(uses, nil)
			continue
		}
		d := c.splitDim(n)
		if c.why != "" {
			return nil, c.why
		}
		if d < 0 { // on fixed planes (see fixedSides)
			if len(n.Reduces) > 0 {
				return nil, fmt.Sprintf("the nest at %s works on fixed planes of the split dimension (no index of it runs to %s) and reduces: each slab running it would fold its own part", at(n.Pos), c.size.Name)
			}
			c.index, c.use = nil, &nestUse{fixed: true, pos: n.Pos, stmt: -1, reach: map[*ir.Var]*[2]int{}}
		} else {
			c.index, c.use = n.Index[d], &nestUse{lo: n.Lo[d], hi: n.Hi[d], reach: map[*ir.Var]*[2]int{}}
		}
		c.stmts(n.Body)
		if c.why != "" {
			return nil, c.why
		}
		uses = append(uses, c.use)
	}
	return c.assemble(sp, uses)
}

// nestUse is what one nest does along the split dimension.
type nestUse struct {
	lo, hi ir.Affine // its split index's range
	// reach holds, per cut array it reads, the smallest and largest
	// offset from the index; reads lists those arrays in order.
	reach  map[*ir.Var]*[2]int
	reads  []*ir.Var
	writes []string
	// fixed marks a nest on fixed planes (no index along the split): at
	// holds its cut arrays' accesses along the split dimension, stmt
	// numbers its assignments (-1 outside one), pos is the nest's.
	fixed bool
	at    []fixedAccess
	stmt  int
	stmts int
	pos   diag.Span
}

// fixedAccess is one access of a cut array along the split dimension in a
// nest on fixed planes: subscript a, in assignment stmt (-1: a condition
// or a loop bound).
type fixedAccess struct {
	v     *ir.Var
	a     ir.Affine
	write bool
	stmt  int
	pos   diag.Span
}

// assemble works out the planes every slab owns, the nests' common range
// of the split index (the largest first and smallest last index: nests
// whose ranges differ by constants compute a few planes around the owned
// ones too, which their own reads make exact), and how far beyond the
// owned planes each launch reads each array: the halos to exchange.
func (c *splitCheck) assemble(sp *abi.Split, uses []*nestUse) (*abi.Split, string) {
	var ref *nestUse
	for _, u := range uses {
		if u != nil && !u.fixed && ref == nil {
			ref = u
		}
	}
	if ref == nil {
		return nil, fmt.Sprintf("it has no nest along the split dimension (no index of a nest runs to %s)", c.size.Name)
	}
	lo, hi := int64(0), int64(0) // the common range: ref's, shifted by these
	for _, u := range uses {
		if u == nil || u.fixed {
			continue
		}
		dl, dh := u.lo.Add(ref.lo.Scale(-1)), u.hi.Add(ref.hi.Scale(-1))
		if !dl.IsConst() || !dh.IsConst() {
			return nil, fmt.Sprintf("its nests run the split index from %s to %s and from %s to %s: slabs need ranges that differ by constants", ref.lo, ref.hi, u.lo, u.hi)
		}
		lo, hi = max(lo, dl.Const), min(hi, dh.Const)
	}
	first, last := abiAffine(ref.lo.AddConst(lo)), abiAffine(ref.hi.AddConst(hi))
	sp.First, sp.Last = &first, &last
	reach := map[*ir.Var]*abi.Halo{}
	for _, u := range uses {
		if u == nil {
			sp.Launches = append(sp.Launches, abi.SplitLaunch{})
			continue
		}
		if u.fixed {
			sl, why := c.fixedSides(u, ref.lo.AddConst(lo), ref.hi.AddConst(hi), sp)
			if why != "" {
				return nil, why
			}
			sp.Launches = append(sp.Launches, sl)
			continue
		}
		below, above := int(ref.lo.AddConst(lo).Add(u.lo.Scale(-1)).Const), int(u.hi.Add(ref.hi.AddConst(hi).Scale(-1)).Const)
		sl := abi.SplitLaunch{Writes: u.writes}
		for _, v := range u.reads {
			r := u.reach[v]
			wl, wh := below-r[0], above+r[1]
			if h := reach[v]; h == nil {
				reach[v] = &abi.Halo{Lo: wl, Hi: wh}
			} else {
				h.Lo, h.Hi = max(h.Lo, wl), max(h.Hi, wh)
			}
			if wl > 0 || wh > 0 {
				sl.Reads = append(sl.Reads, v.Name)
			}
		}
		sp.Launches = append(sp.Launches, sl)
	}
	for _, v := range c.arrays {
		a := abi.SplitArray{Name: v.Name}
		if h := reach[v]; h != nil {
			a.Read, a.Reach = true, *h
			sp.Halo.Lo, sp.Halo.Hi = max(sp.Halo.Lo, h.Lo), max(sp.Halo.Hi, h.Hi)
		}
		sp.Arrays = append(sp.Arrays, a)
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
	if q := c.size.Quot; q != nil {
		return fmt.Sprintf("the split size %s is the quotient (%s)/%d, which a slab cannot cut alone", c.size.Name, q.Of, q.Div)
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
			c.cut[v] = true
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
// plus other sizes and a constant; -1 when none does.
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
	return dim // -1: a nest on fixed planes
}

// stmts checks a nest's body: the split index and size are seen only in
// subscripts of the cut arrays along their last dimension.
func (c *splitCheck) stmts(list []ir.Stmt) {
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Assign:
			if c.use.fixed {
				c.use.stmt, c.use.stmts = c.use.stmts, c.use.stmts+1
			}
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
			c.use.stmt = -1
		case *ir.If:
			c.expr(s.Cond)
			c.stmts(s.Then)
			c.stmts(s.Else)
		case *ir.Loop:
			c.loop(s)
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

// loop checks a sequential loop of a nest's body. Its variable may run a
// small window along the split index: over constants (do m = 0, 1, and
// then xvel(j, k+m)) or from the index plus a constant to the index plus
// another (do kv = k, k+1), as the subscripts that use it say.
func (c *splitCheck) loop(s *ir.Loop) {
	if c.use.fixed && (mentions(s.Lo, c.size) || mentions(s.Hi, c.size)) {
		c.refuse("the nest at %s sweeps the split dimension serially (the loop of %s at %s runs with %s): each slab would sweep its own part", at(c.use.pos), s.Var.Name, at(s.Pos), c.size.Name)
		return
	}
	step, stepOK := intConst(s.Step)
	if s.Step == nil {
		step, stepOK = 1, true
	}
	lo, loOK := intConst(s.Lo)
	hi, hiOK := intConst(s.Hi)
	switch {
	case stepOK && step != 0 && loOK && hiOK:
		c.window[s.Var] = [2]int64{min(lo, hi), max(lo, hi)}
		defer delete(c.window, s.Var)
	case stepOK && step != 0:
		lo, loOK = c.shiftOf(s.Lo)
		hi, hiOK = c.shiftOf(s.Hi)
		if !loOK || !hiOK {
			c.expr(s.Lo)
			c.expr(s.Hi)
			break
		}
		c.shift[s.Var] = [2]int64{min(lo, hi), max(lo, hi)}
		defer delete(c.shift, s.Var)
	default:
		c.expr(s.Lo)
		c.expr(s.Hi)
		c.expr(s.Step)
	}
	c.stmts(s.Body)
}

// intConst is x's value when x is an integer constant (nil: false).
func intConst(x ir.Expr) (int64, bool) {
	if k, ok := x.(*ir.Const); ok && k.Kind == ir.Int {
		return k.Int, true
	}
	return 0, false
}

// shiftOf is c when x is the split index plus the constant c.
func (c *splitCheck) shiftOf(x ir.Expr) (int64, bool) {
	switch x := x.(type) {
	case *ir.Ref:
		return 0, x.Var == c.index
	case *ir.Binary:
		r, isRef := x.X.(*ir.Ref)
		k, isConst := intConst(x.Y)
		if !isRef || !isConst || r.Var != c.index {
			return 0, false
		}
		switch x.Op {
		case ir.Add:
			return k, true
		case ir.Sub:
			return -k, true
		}
	}
	return 0, false
}

// offsets returns the offsets from the split index that subscript a takes:
// the index, or a loop variable that runs along it (shift), plus a
// constant and the window loops' variables.
func (c *splitCheck) offsets(a ir.Affine) (lo, hi int64, ok bool) {
	lo, hi = a.Const, a.Const
	along := 0
	for _, t := range a.Terms {
		if w, isWindow := c.window[t.Var]; isWindow {
			lo, hi = lo+min(t.Coef*w[0], t.Coef*w[1]), hi+max(t.Coef*w[0], t.Coef*w[1])
			continue
		}
		sh, isShift := c.shift[t.Var]
		switch {
		case t.Coef == 1 && t.Var == c.index:
		case t.Coef == 1 && isShift:
			lo, hi = lo+sh[0], hi+sh[1]
		default:
			return 0, 0, false
		}
		along++
	}
	return lo, hi, along == 1
}

func (c *splitCheck) ref(r *ir.Ref) {
	if _, ok := c.shift[r.Var]; ok {
		c.refuse("%s, which runs along the split index, is used as a value at %s, which each slab would shift", r.Var.Name, at(r.Pos))
		return
	}
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
	if write && !cut && (e.Var.Role == ir.Automatic || e.Var.Role == ir.Temp) {
		c.refuse("%s at %s is a device array that every slab would hold and write its own copy of", e.Var.Name, at(e.Pos))
		return
	}
	for d, ix := range e.Index {
		var a ir.Affine
		affine := len(e.Access) == len(e.Index) && !e.Access[d].IsComputed()
		if affine {
			a = e.Access[d]
		}
		if cut && d == len(e.Index)-1 && c.use.fixed {
			if !affine || c.alongSplit(a) {
				c.refuse("the subscript %d of %s at %s, in a nest on fixed planes of the split dimension, is not a plane fixed by the sizes and constants", d+1, e.Var.Name, at(e.Pos))
				return
			}
			c.use.at = append(c.use.at, fixedAccess{v: e.Var, a: a, write: write, stmt: c.use.stmt, pos: e.Pos})
			if write {
				c.note(e.Var, 0, true)
			}
			continue
		}
		if cut && d == len(e.Index)-1 {
			lo, hi, ok := c.offsets(a)
			if !affine || !ok {
				c.refuse("the subscript %d of %s at %s is not %s plus a constant: a gather along the split dimension, which reads other slabs' planes", d+1, e.Var.Name, at(e.Pos), c.index.Name)
				return
			}
			if write && (lo != 0 || hi != 0 || len(a.Terms) != 1) {
				c.refuse("%s at %s is written at %s%+d: another slab owns that plane", e.Var.Name, at(e.Pos), c.index.Name, max(lo, hi))
				return
			}
			c.note(e.Var, int(lo), write)
			c.note(e.Var, int(hi), write)
			continue
		}
		if !affine {
			c.expr(ix)
			continue
		}
		if has(a, c.index) || has(a, c.size) || c.alongSplit(a) {
			c.refuse("the subscript %d of %s at %s uses %s or %s, which run along the split dimension: each slab holds only its own part of it", d+1, e.Var.Name, at(e.Pos), c.index.Name, c.size.Name)
			return
		}
	}
}

// alongSplit reports whether a uses a loop variable that runs along the
// split index.
func (c *splitCheck) alongSplit(a ir.Affine) bool {
	for _, t := range a.Terms {
		if _, ok := c.shift[t.Var]; ok {
			return true
		}
	}
	return false
}

// note records a read or write of cut array v at offset off.
func (c *splitCheck) note(v *ir.Var, off int, write bool) {
	u := c.use
	if write {
		for _, n := range u.writes {
			if n == v.Name {
				return
			}
		}
		u.writes = append(u.writes, v.Name)
		return
	}
	r := u.reach[v]
	if r == nil {
		r = &[2]int{off, off}
		u.reach[v] = r
		u.reads = append(u.reads, v)
	}
	r[0], r[1] = min(r[0], off), max(r[1], off)
}

// at is a position for a refusal, file:line:col, with the file's base name
// as abi.Reduction.Where has it.
func at(sp diag.Span) string {
	return fmt.Sprintf("%s:%d:%d", filepath.Base(sp.Start.File), sp.Start.Line, sp.Start.Col)
}

// fixedSides works out which slabs run nest u on fixed planes of the split
// dimension (abi.SplitLaunch.Fixed), first and last being the nests'
// common range of the split index. Each plane u reads or writes is at a
// constant distance from first (a subscript without the split size: the
// low end) or from last (with it: the high end). A nest at one end runs
// on the slab that owns that end; the slabs' least planes (the split's
// halo) widen so that the owner holds every plane it touches within the
// range as its own. A nest at both ends runs on the first and the last
// slab, so each statement must stay at one end, and every write lie
// beyond the range, where what the other end's slab writes lands in
// planes it does not own.
func (c *splitCheck) fixedSides(u *nestUse, first, last ir.Affine, sp *abi.Split) (abi.SplitLaunch, string) {
	sl := abi.SplitLaunch{Writes: u.writes}
	type end struct{ low, high bool }
	ends := map[int]*end{}
	var any end
	depth := func(f fixedAccess) (high bool, d int64, ok bool) {
		high = has(f.a, c.size)
		diff := f.a.Add(first.Scale(-1)) // the low end: its depth into the range
		if high {
			diff = last.Add(f.a.Scale(-1))
		}
		return high, diff.Const, diff.IsConst()
	}
	var inside []fixedAccess // writes within the range
	for _, f := range u.at {
		high, d, ok := depth(f)
		if !ok {
			return sl, fmt.Sprintf("%s at %s, in the nest at %s on fixed planes of the split dimension, is at %s: not a constant number of planes from the nests' first plane (%s) or last (%s)", f.v.Name, at(f.pos), at(u.pos), f.a, first, last)
		}
		e := ends[f.stmt]
		if e == nil {
			e = &end{}
			ends[f.stmt] = e
		}
		e.low, e.high = e.low || !high, e.high || high
		any.low, any.high = any.low || !high, any.high || high
		if d >= 0 {
			if high {
				sp.Halo.Hi = max(sp.Halo.Hi, int(d)+1)
			} else {
				sp.Halo.Lo = max(sp.Halo.Lo, int(d)+1)
			}
			if f.write {
				inside = append(inside, f)
			}
		}
	}
	switch {
	case any.low && any.high:
		for stmt, e := range ends {
			if e.low && e.high {
				where := "a condition or loop bound"
				if stmt >= 0 {
					where = fmt.Sprintf("statement %d", stmt+1)
				}
				return sl, fmt.Sprintf("the nest at %s works on fixed planes at both ends of the split dimension, and its %s takes planes at both: no one slab holds them", at(u.pos), where)
			}
		}
		if len(inside) > 0 {
			f := inside[0]
			return sl, fmt.Sprintf("the nest at %s works on fixed planes at both ends of the split dimension and writes %s at %s within the nests' planes, which the slab at the other end owns too", at(u.pos), f.v.Name, at(f.pos))
		}
		sl.Fixed = abi.FixedBoth
	case any.high:
		sl.Fixed = abi.FixedHigh
	default:
		sl.Fixed = abi.FixedLow
	}
	return sl, ""
}

// mentions reports whether x uses variable v.
func mentions(x ir.Expr, v *ir.Var) bool {
	found := false
	if x != nil {
		ir.Walk(x, func(e ir.Expr) {
			if r, ok := e.(*ir.Ref); ok && r.Var == v {
				found = true
			}
		})
	}
	return found
}
