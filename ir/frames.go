package ir

import (
	"fmt"
	"math"

	"github.com/forocl/forocl/diag"
)

// Frames as nests. See Note [frames as nests].
//
// Note [frames as nests]
//
// A region kernel's frame statements (an Assign over Windows with a
// Shrink, Note [frames] in regions) are parallel nests of a particular
// shape, and FramesToNests writes them so, for the one kernel model of a
// host procedure with parallel nests (Note [loop kernels]):
//
//   - the grid's extents become integer locals _n1.._nr, the kernel's
//     Sizes, and the kernel keeps its Rank: a nest kernel of Rank r > 0 has
//     a grid, Sizes[:r], that bounds every array (Kernel.Grid);
//   - every array gets explicit bounds: a dummy 1:_n_d, a temporary
//     1:_n_d-Shrink[d] (a fresh Var, so the frame form is not changed);
//   - a frame statement of Shrink s is a nest over _i1.._ir (locals), each
//     1:_n_d-s[d], whose body is the one assignment, under an IF on the
//     mask when it has one; a window W[Lo|Hi] is the element
//     W(_i1+Lo[1], ...) (Hi follows from the frame's extent);
//   - a reduction is a nest that reduces into a scalar Reduction var whose
//     Reduce is the frame's (its result starts at the operator's identity
//     just before the nest, Note [loop reductions]; maxloc and minloc
//     assign their positions and have no start);
//   - GridExtent is a Ref of its size; scalar statements, IFs (around
//     nests too: host IFs) and RETURN stay as they are.
//
// NestsToFrames recognises that shape and gives the frame form back, which
// the region schedule and emitter take (shift analysis, faces computed
// once, tiles, phases). It refuses, with the reason, any nest kernel that
// is not frame-shaped. The two are inverse: driver's TestFramesRoundTrip
// converts every region kernel of the corpus both ways and compares the
// printed IR, and verifies the nest form.

// FrameForm reports whether k is in the frame form (frame statements over
// a grid: Note [frames as nests]), which only the region schedule makes,
// from a kernel with a grid (NestsToFrames); sema returns nests.
func (k *Kernel) FrameForm() bool { return k.Rank > 0 && len(k.Sizes) == 0 }

// Grid returns the sizes that are a nest kernel's grid extents (Note
// [frames as nests]): Sizes[:Rank]; nil for a kernel without a grid and
// for a region kernel in frame form.
func (k *Kernel) Grid() []*Var {
	if k.Rank == 0 || len(k.Sizes) < k.Rank {
		return nil
	}
	return k.Sizes[:k.Rank]
}

// ReduceStart is the value a reduction starts from: the identity of op;
// for max and min the kind's least or greatest integer, or a NaN for
// reals (Note [maxval and NaN] in sema/reduce.go).
func ReduceStart(op ReduceOp, k Kind, at diag.Span) Expr {
	c := &Const{Pos: at, Kind: k}
	lo := map[Kind]int64{Int: math.MinInt32, Long: math.MinInt64}[k]
	hi := map[Kind]int64{Int: math.MaxInt32, Long: math.MaxInt64}[k]
	switch op {
	case RProduct:
		c.Float, c.Int = 1, 1
	case RAll:
		c.Bool = true
	case RMax:
		c.Float, c.Int = math.NaN(), lo
	case RMin:
		c.Float, c.Int = math.NaN(), hi
	}
	return c
}

// Rewrite returns e with every sub-expression x for which f returns
// (y, true) replaced by y (x's own sub-expressions are not visited then);
// every other node is copied with its rewritten operands. f sees parents
// first.
func Rewrite(e Expr, f func(Expr) (Expr, bool)) Expr {
	if e == nil {
		return nil
	}
	if y, ok := f(e); ok {
		return y
	}
	list := func(xs []Expr) []Expr {
		out := make([]Expr, len(xs))
		for i, x := range xs {
			out[i] = Rewrite(x, f)
		}
		return out
	}
	switch e := e.(type) {
	case *Unary:
		c := *e
		c.X = Rewrite(e.X, f)
		return &c
	case *Binary:
		c := *e
		c.X, c.Y = Rewrite(e.X, f), Rewrite(e.Y, f)
		return &c
	case *Intrinsic:
		c := *e
		c.Args = list(e.Args)
		return &c
	case *Call:
		c := *e
		c.Args = list(e.Args)
		return &c
	case *Convert:
		c := *e
		c.X = Rewrite(e.X, f)
		return &c
	case *Elem:
		c := *e
		c.Index = list(e.Index)
		return &c
	}
	return e
}

// rerank sets the rank of every operation of e, a tree that Rewrite
// copied, to the largest of its operands' (element-wise operations are
// arrays where any operand is one) and returns e's rank.
func rerank(e Expr) int {
	r := 0
	sub := func(xs ...Expr) int {
		for _, x := range xs {
			r = max(r, rerank(x))
		}
		return r
	}
	switch e := e.(type) {
	case *Unary:
		e.T.Rank = sub(e.X)
	case *Binary:
		e.T.Rank = sub(e.X, e.Y)
	case *Intrinsic:
		e.T.Rank = sub(e.Args...)
	case *Call:
		e.T.Rank = sub(e.Args...)
	case *Convert:
		e.T.Rank = sub(e.X)
	case nil:
		return 0
	}
	return e.Type().Rank
}

// toNests carries FramesToNests's state: the nest form's variables for
// the frame form's arrays and reductions.
type toNests struct {
	k, out *Kernel
	vars   map[*Var]*Var
	index  []*Var
	err    error
}

// FramesToNests returns the nest form of a region kernel k (Note [frames
// as nests]). k is not changed; scalars are shared with it, arrays are
// not.
func FramesToNests(k *Kernel) (*Kernel, error) {
	if !k.FrameForm() {
		return nil, fmt.Errorf("kernel %s has no frames", k.Name)
	}
	c := &toNests{k: k, vars: map[*Var]*Var{}}
	out := &Kernel{Name: k.Name, File: k.File, Module: k.Module, Pos: k.Pos, Rank: k.Rank,
		Locals: append([]*Var(nil), k.Locals...), Chars: k.Chars, CharSets: k.CharSets, CharTests: k.CharTests}
	c.out = out
	for d := 1; d <= k.Rank; d++ {
		out.Sizes = append(out.Sizes, &Var{Name: fmt.Sprintf("_n%d", d), Kind: Int, Role: Local, Pos: k.Pos})
	}
	for d := 1; d <= k.Rank; d++ {
		c.index = append(c.index, &Var{Name: fmt.Sprintf("_i%d", d), Kind: Int, Role: Local, Pos: k.Pos})
	}
	out.Locals = append(append(out.Locals, out.Sizes...), c.index...)
	for _, v := range k.Params {
		if v.Rank > 0 {
			v = c.array(v, make([]int, v.Rank))
		}
		out.Params = append(out.Params, v)
	}
	for _, v := range k.Temps {
		out.Temps = append(out.Temps, c.array(v, v.Shrink))
	}
	out.Body = c.stmts(k.Body)
	for _, v := range c.vars { // a maxval's count may come after it
		if v.Reduce != nil && v.Reduce.Counts != nil {
			if v.Reduce.Counts = c.vars[v.Reduce.Counts]; v.Reduce.Counts == nil {
				c.fail(v.Pos, "reduction %s counts a reduction that is not assigned", v.Name)
			}
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	return out, nil
}

// array gives v explicit bounds 1:_n_d-shrink[d] in a copy.
func (c *toNests) array(v *Var, shrink []int) *Var {
	nv := *v
	nv.Shrink = nil
	nv.Bounds = make([]Bound, v.Rank)
	for d := range nv.Bounds {
		hi := Affine{Const: -int64(shrink[d]), Terms: []Term{{Coef: 1, Var: c.out.Sizes[d]}}}
		nv.Bounds[d] = Bound{Lo: Affine{Const: 1}, Hi: hi}
	}
	c.vars[v] = &nv
	return &nv
}

func (c *toNests) stmts(list []Stmt) []Stmt {
	var out []Stmt
	for _, s := range list {
		switch s := s.(type) {
		case *Assign:
			if _, frame := s.LHS.(*Window); frame {
				out = append(out, c.nest(s)...)
				continue
			}
			out = append(out, &Assign{Pos: s.Pos, LHS: c.expr(s.LHS), RHS: c.expr(s.RHS)})
		case *If:
			out = append(out, &If{Pos: s.Pos, Cond: c.expr(s.Cond), Then: c.stmts(s.Then), Else: c.stmts(s.Else)})
		case *Return:
			out = append(out, s)
		default:
			c.fail(s.Span(), "a %T in a region kernel", s)
		}
	}
	return out
}

func (c *toNests) fail(at diag.Span, format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%s: %s", at, fmt.Sprintf(format, args...))
	}
}

// expr rewrites a frame expression: windows as elements, grid extents as
// sizes.
func (c *toNests) expr(e Expr) Expr {
	defer func() { rerank(e) }()
	e = Rewrite(e, func(x Expr) (Expr, bool) {
		switch x := x.(type) {
		case *GridExtent:
			return &Ref{Pos: x.Pos, Var: c.out.Sizes[x.Dim]}, true
		case *Window:
			return c.elem(x), true
		}
		return nil, false
	})
	return e
}

// elem is window w as the element W(_i1+Lo[1], ...).
func (c *toNests) elem(w *Window) Expr {
	v := c.vars[w.Var]
	if v == nil || len(w.Lo) != c.k.Rank {
		c.fail(w.Pos, "window of %s, which is not an array of the grid", w.Var.Name)
		return w
	}
	e := &Elem{Pos: w.Pos, Var: v}
	for d, lo := range w.Lo {
		var ix Expr = &Ref{Pos: w.Pos, Var: c.index[d]}
		if lo != 0 {
			ix = &Binary{Pos: w.Pos, Op: Add, X: ix, Y: &Const{Pos: w.Pos, Kind: Int, Int: int64(lo)}, T: Type{Kind: Int}}
		}
		e.Index = append(e.Index, ix)
		e.Access = append(e.Access, Affine{Const: int64(lo), Terms: []Term{{Coef: 1, Var: c.index[d]}}})
	}
	return e
}

// nest writes the frame statement a as a nest, after the start of its
// reduction's result.
func (c *toNests) nest(a *Assign) []Stmt {
	w := a.LHS.(*Window)
	n := &Nest{Pos: a.Pos, Source: "array assignment", Index: c.index}
	for d, s := range a.Shrink {
		n.Lo = append(n.Lo, Affine{Const: 1})
		n.Hi = append(n.Hi, Affine{Const: -int64(s), Terms: []Term{{Coef: 1, Var: c.out.Sizes[d]}}})
	}
	if a.Mask != nil {
		n.Source = "where"
	}
	var out []Stmt
	var lhs Expr
	if w.Var.Role == Reduction {
		r := c.reduction(a, w)
		n.Source, n.Reduces = r.Reduce.Intrinsic, []*Var{r}
		lhs = &Ref{Pos: w.Pos, Var: r}
		if !r.Reduce.Op.Loc() {
			res := r.Reduce.Result
			out = append(out, &Assign{Pos: a.Pos, LHS: &Ref{Pos: a.Pos, Var: res}, RHS: ReduceStart(r.Reduce.Op, res.Kind, a.Pos)})
		}
	} else {
		lhs = c.elem(w)
	}
	var body Stmt = &Assign{Pos: a.Pos, LHS: lhs, RHS: c.expr(a.RHS)}
	if a.Mask != nil {
		body = &If{Pos: a.Mask.Span(), Cond: c.expr(a.Mask), Then: []Stmt{body}}
	}
	n.Body = []Stmt{body}
	return append(out, n)
}

// reduction is the scalar Reduction var of the nest form for the
// frame's Reduction w.Var, which covers a's frame.
func (c *toNests) reduction(a *Assign, w *Window) *Var {
	for d := range w.Lo {
		if w.Lo[d] != 0 || w.Hi[d] != 0 || d >= len(w.Var.Shrink) || w.Var.Shrink[d] != a.Shrink[d] {
			c.fail(a.Pos, "reduction %s does not cover its frame", w.Var.Name)
		}
	}
	r := *w.Var
	red := *w.Var.Reduce
	r.Rank, r.Shrink, r.Reduce = 0, nil, &red
	c.vars[w.Var] = &r
	return &r
}

// toFrames carries NestsToFrames's state.
type toFrames struct {
	k      *Kernel
	grid   map[*Var]int  // the grid's sizes, by dimension
	index  map[*Var]bool // the nests' indices
	vars   map[*Var]*Var // the frame form's arrays and reductions
	shrink map[*Var][]int
	start  *Var // the result the statement before started, if any
	err    error
}

// NestsToFrames returns the frame form of a nest kernel with a grid whose
// nests are all frame-shaped (Note [frames as nests]), or an error that
// says which part is not. k is not changed.
func NestsToFrames(k *Kernel) (*Kernel, error) {
	grid := k.Grid()
	if grid == nil || len(k.Sizes) != k.Rank || len(k.HostVars) > 0 || len(k.Tables) > 0 || len(k.Automatic) > 0 {
		return nil, fmt.Errorf("kernel %s is not a kernel of a grid", k.Name)
	}
	c := &toFrames{k: k, grid: map[*Var]int{}, index: map[*Var]bool{}, vars: map[*Var]*Var{}, shrink: map[*Var][]int{}}
	for d, v := range grid {
		c.grid[v] = d
	}
	walkStmts(k.Body, func(s Stmt) {
		if n, ok := s.(*Nest); ok {
			for _, x := range n.Index {
				c.index[x] = true
			}
		}
	})
	out := &Kernel{Name: k.Name, File: k.File, Module: k.Module, Pos: k.Pos, Rank: k.Rank, Chars: k.Chars, CharSets: k.CharSets, CharTests: k.CharTests}
	for _, v := range k.Params {
		if v.Rank > 0 {
			v = c.array(v, false)
		}
		out.Params = append(out.Params, v)
	}
	for _, v := range k.Locals {
		if _, size := c.grid[v]; !size && !c.index[v] {
			out.Locals = append(out.Locals, v)
		}
	}
	for _, v := range k.Temps {
		out.Temps = append(out.Temps, c.array(v, true))
	}
	out.Body = c.stmts(k.Body)
	for _, v := range c.vars {
		if v.Reduce != nil && v.Reduce.Counts != nil {
			if v.Reduce.Counts = c.vars[v.Reduce.Counts]; v.Reduce.Counts == nil {
				c.fail(v.Pos, "reduction %s counts a reduction that is not assigned", v.Name)
			}
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	return out, nil
}

func (c *toFrames) fail(at diag.Span, format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%s: %s", at, fmt.Sprintf(format, args...))
	}
}

// gridBound returns d's shrink when b is 1:_n_d-shrink.
func (c *toFrames) gridBound(lo, hi Affine, d int) (int, bool) {
	if !lo.IsConst() || lo.Const != 1 || len(hi.Terms) != 1 || hi.Terms[0].Coef != 1 {
		return 0, false
	}
	if g, ok := c.grid[hi.Terms[0].Var]; !ok || g != d {
		return 0, false
	}
	return int(-hi.Const), true
}

// array is v without bounds: a dummy of the grid's extent, or a temporary
// with its Shrink.
func (c *toFrames) array(v *Var, temp bool) *Var {
	nv := *v
	nv.Bounds = nil
	shrink := make([]int, v.Rank)
	if v.Rank != c.k.Rank || len(v.Bounds) != v.Rank {
		c.fail(v.Pos, "array %s is not of the grid's rank", v.Name)
	}
	for d := 0; d < len(v.Bounds) && d < len(shrink); d++ {
		s, ok := c.gridBound(v.Bounds[d].Lo, v.Bounds[d].Hi, d)
		if !ok || (!temp && s != 0) {
			c.fail(v.Pos, "array %s has bounds other than the grid's", v.Name)
		}
		shrink[d] = s
	}
	if temp {
		nv.Shrink = shrink
	}
	c.vars[v], c.shrink[&nv] = &nv, shrink
	return &nv
}

func (c *toFrames) stmts(list []Stmt) []Stmt {
	var out []Stmt
	for i, s := range list {
		start := c.start
		c.start = nil
		switch s := s.(type) {
		case *Assign:
			if c.isStart(s, list[i+1:]) {
				c.start = s.LHS.(*Ref).Var
				continue
			}
			if _, ok := s.LHS.(*Ref); !ok || s.Mask != nil || s.Shrink != nil {
				c.fail(s.Pos, "an assignment to an array outside a nest")
				continue
			}
			out = append(out, &Assign{Pos: s.Pos, LHS: c.scalar(s.LHS), RHS: c.scalar(s.RHS)})
		case *If:
			out = append(out, &If{Pos: s.Pos, Cond: c.scalar(s.Cond), Then: c.stmts(s.Then), Else: c.stmts(s.Else)})
		case *Return:
			out = append(out, s)
		case *Nest:
			c.start = start
			out = append(out, c.frame(s))
			c.start = nil
		default:
			c.fail(s.Span(), "a %T is no frame statement", s)
		}
	}
	return out
}

// isStart reports whether a starts the result of the reduction of the
// nest after it at its identity.
func (c *toFrames) isStart(a *Assign, rest []Stmt) bool {
	r, ok := a.LHS.(*Ref)
	if !ok || len(rest) == 0 || r.Elem != 0 {
		return false
	}
	n, ok := rest[0].(*Nest)
	if !ok || len(n.Reduces) != 1 || n.Reduces[0].Reduce == nil {
		return false
	}
	red := n.Reduces[0].Reduce
	return red.Result == r.Var && !red.Op.Loc() && ExprString(a.RHS) == ExprString(ReduceStart(red.Op, r.Var.Kind, a.Pos))
}

// scalar rewrites scalar code: sizes of the grid as grid extents.
func (c *toFrames) scalar(e Expr) Expr {
	return c.rewrite(e, nil, nil)
}

// rewrite turns the elements of nest n (nil outside nests) of the given
// frame into windows and grid sizes into grid extents.
func (c *toFrames) rewrite(e Expr, n *Nest, shrink []int) Expr {
	e = Rewrite(e, func(x Expr) (Expr, bool) {
		switch x := x.(type) {
		case *Elem:
			if n == nil {
				c.fail(x.Pos, "an element of %s outside a nest", x.Var.Name)
				return x, true
			}
			return c.window(x, n, shrink), true
		case *Ref:
			if d, ok := c.grid[x.Var]; ok {
				return &GridExtent{Pos: x.Pos, Dim: d}, true
			}
			if c.index[x.Var] || c.vars[x.Var] != nil {
				c.fail(x.Pos, "%s is read other than as an element's subscript", x.Var.Name)
			}
		}
		return nil, false
	})
	rerank(e)
	return e
}

// window is element e of nest n as a window of the nest's frame.
func (c *toFrames) window(e *Elem, n *Nest, shrink []int) Expr {
	v := c.vars[e.Var]
	if v == nil || v.Role == Reduction || len(e.Access) != len(n.Index) {
		c.fail(e.Pos, "%s is not an array of the grid", e.Var.Name)
		return e
	}
	w := &Window{Pos: e.Pos, Var: v, Lo: make([]int, len(n.Index)), Hi: make([]int, len(n.Index))}
	for d, a := range e.Access {
		w.Lo[d] = int(a.Const)
		w.Hi[d] = shrink[d] - c.shrink[v][d] - w.Lo[d]
		if len(a.Terms) != 1 || a.Terms[0].Coef != 1 || a.Terms[0].Var != n.Index[d] || w.Lo[d] < 0 || w.Hi[d] < 0 {
			c.fail(e.Pos, "subscript %d of %s is not the nest's index %d plus an offset within the array", d+1, e.Var.Name, d+1)
		}
	}
	return w
}

// frame is the frame statement of a frame-shaped nest.
func (c *toFrames) frame(n *Nest) Stmt {
	shrink := make([]int, c.k.Rank)
	ok := len(n.Index) == c.k.Rank && len(n.Reduces) <= 1 && len(n.Body) == 1
	for d := 0; ok && d < len(n.Index); d++ {
		shrink[d], ok = c.gridBound(n.Lo[d], n.Hi[d], d)
	}
	var mask Expr
	body := Stmt(nil)
	if ok {
		body = n.Body[0]
		if f, isIf := body.(*If); isIf && len(f.Then) == 1 && len(f.Else) == 0 {
			mask, body = f.Cond, f.Then[0]
		}
	}
	a, isAssign := body.(*Assign)
	if !ok || !isAssign || a.Mask != nil || a.Shrink != nil {
		c.fail(n.Pos, "nest is not one assignment over a frame of the grid")
		return n
	}
	out := &Assign{Pos: n.Pos, Shrink: shrink}
	switch l := a.LHS.(type) {
	case *Ref:
		if len(n.Reduces) != 1 || l.Var != n.Reduces[0] {
			c.fail(a.Pos, "nest assigns the scalar %s", l.Var.Name)
			return n
		}
		out.LHS = &Window{Pos: l.Pos, Var: c.reduction(l.Var, shrink), Lo: make([]int, len(shrink)), Hi: make([]int, len(shrink))}
	case *Elem:
		if len(n.Reduces) != 0 {
			c.fail(n.Pos, "nest reduces and assigns an array")
		}
		out.LHS = c.window(l, n, shrink)
	default:
		c.fail(a.Pos, "nest assigns a %T", a.LHS)
		return n
	}
	out.RHS, out.Mask = c.rewrite(a.RHS, n, shrink), c.rewrite(mask, n, shrink)
	return out
}

// reduction is the frame's Reduction var of the given frame for the nest
// reduction r; its result must have been started before the nest unless
// it folds a position.
func (c *toFrames) reduction(r *Var, shrink []int) *Var {
	if r.Reduce == nil || c.vars[r] != nil || !r.Reduce.Op.Loc() && c.start != r.Reduce.Result {
		c.fail(r.Pos, "reduction %s is not started at its identity just before its nest", r.Name)
		return r
	}
	fr := *r
	red := *r.Reduce
	fr.Rank, fr.Shrink, fr.Reduce = c.k.Rank, append([]int(nil), shrink...), &red
	c.vars[r] = &fr
	return &fr
}
