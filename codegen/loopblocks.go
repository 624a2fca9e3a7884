package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// blockNest emits a nest whose work-items own blocks of points or read
// through __local tiles (Note [loop schedules] in package regions): the
// tiles are loaded by the whole work-group, then the points of the block
// run one after another, unchecked when the block lies inside the
// iteration space.
func (lg *loopGen) blockNest(n *ir.Nest, np *regions.NestPlan, l *abi.Launch, params []string, i, count int) {
	e := &lg.e
	strategy := "direct"
	if len(np.Tiles) > 0 {
		strategy = "local"
	}
	e.Line("// kernel %s (%s), launch %d of %d: %s (%s), strategy %s, work-group %s, %s points per work-item",
		lg.k.Name, where(lg.k.Pos), i+1, count, n.Source, where(n.Pos), strategy, regions.DimString(np.Local), regions.DimString(np.Coarsen))
	var m []string
	for g, d := range np.Dims {
		if g == 0 && np.Interleave {
			m = append(m, fmt.Sprintf("%s = %s + %d*(%d*get_group_id(0) + get_global_offset(0)) + get_local_id(0) + %d*(0..%d)", n.Index[d].Name, lg.bound(n.Lo[d]), np.Coarsen[0], np.Local[0], np.Local[0], np.Coarsen[0]-1))
			continue
		}
		m = append(m, fmt.Sprintf("%s = %s + %d*get_global_id(%d) + 0..%d", n.Index[d].Name, lg.bound(n.Lo[d]), np.Coarsen[g], g, np.Coarsen[g]-1))
	}
	e.Line("// each work-item owns the points %s; arrays are column-major in their declared bounds.", strings.Join(m, ", "))
	e.Line("__kernel %s", reqd(np.Local))
	e.Open("void %s(%s)", l.Symbol, strings.Join(params, ",\n    "))
	isIndex := map[*ir.Var]bool{}
	var first, last []string // the block's first point is past the end; its last is inside
	for g, d := range np.Dims {
		v := n.Index[d]
		isIndex[v] = true
		hi := lg.bound(n.Hi[d])
		if g == 0 && np.Interleave {
			// The group ids leave out the global work offset, at which a
			// host may launch part of the grid (Note [overlap] in runner).
			e.Line("const %s _p0 = %s + %s(%s)get_group_id(0) + %s(%s)get_global_offset(0) + (%s)get_local_id(0); // the block's first %s; its points are %d apart", indexT, lg.bound(n.Lo[d]), times(np.Coarsen[0]*np.Local[0]), indexT, times(np.Coarsen[0]), indexT, indexT, v.Name, np.Local[0])
		} else {
			e.Line("const %s _p%d = %s + %s(%s)get_global_id(%d); // the block's first %s", indexT, g, lg.bound(n.Lo[d]), times(np.Coarsen[g]), indexT, g, v.Name)
		}
		first = append(first, fmt.Sprintf("_p%d > %s", g, hi))
		last = append(last, fmt.Sprintf("%s <= %s", plus(fmt.Sprintf("_p%d", g), pointStep(np, g)*(np.Coarsen[g]-1)), hi))
	}
	reduces := len(n.Reduces) > 0
	// Work-items past the iteration space leave at once, unless the
	// work-group needs them for the tiles' loads or the reductions' fold.
	if !reduces && len(np.Tiles) == 0 {
		e.Open("if (%s)", strings.Join(first, " || "))
		e.Line("return;")
		e.Close("")
	}
	lg.locals(isIndex)
	lg.accumulators(n, np, "iterations")
	lg.loadTiles(n, np)
	if np.Coarse() {
		e.Open("if (%s)", strings.Join(last, " && "))
		e.Line("// the whole block is inside the iteration space")
		lg.points(n, np, nil)
		e.Close(" else {")
		e.Indent++
	}
	lg.points(n, np, isIndex)
	if np.Coarse() {
		e.Close("")
	}
	if reduces {
		lg.foldPartials(n, np)
	}
	e.Close("")
}

// points emits the body once per point of the work-item's block, each in
// a block of its own that defines the nest's indices (and, with tiles,
// the point's entry _v, _u). With checked set (the indices), a point
// outside the iteration space is skipped.
func (lg *loopGen) points(n *ir.Nest, np *regions.NestPlan, checked map[*ir.Var]bool) {
	e := &lg.e
	rank := len(np.Dims)
	off := make([]int, rank)
	var deferred []string
	if checked == nil && np.DeferStores {
		deferred = []string{}
		// the registers of the block's stored values, point by point
		points := 1
		for _, c := range np.Coarsen {
			points *= c
		}
		k := 0
		for p := 0; p < points; p++ {
			for _, s := range n.Body {
				if a, ok := s.(*ir.Assign); ok {
					if el, ok := a.LHS.(*ir.Elem); ok {
						e.Line("%s _st%d;", ctype(el.Var.Kind), k)
						k++
					}
				}
			}
		}
	}
	for {
		var at, cond []string
		for g := range off {
			at = append(at, fmt.Sprint(off[g]))
		}
		e.Line("{ // point +(%s)", strings.Join(at, ", "))
		e.Indent++
		for g, d := range np.Dims {
			v := n.Index[d]
			e.Line("const %s %s = %s;", indexDecl(v), sanitize(v.Name), plus(fmt.Sprintf("_p%d", g), pointStep(np, g)*off[g]))
			cond = append(cond, fmt.Sprintf("%s <= %s", sanitize(v.Name), lg.bound(n.Hi[d])))
		}
		if len(np.Tiles) > 0 {
			e.Line("const int _v = %s, _u = %s;", plus(times(np.Coarsen[0])+"(int)get_local_id(0)", off[0]), plus(times(np.Coarsen[1])+"(int)get_local_id(1)", off[1]))
		}
		if checked != nil {
			e.Open("if (%s)", strings.Join(cond, " && "))
		}
		if checked == nil && deferred != nil {
			lg.deferStores(n, np, off, &deferred)
		} else {
			lg.stmts(n.Body)
		}
		if checked != nil {
			e.Close("")
		}
		e.Close("")
		// the next offset, dimension 0 fastest
		g := 0
		for ; g < rank; g++ {
			if off[g]++; off[g] < np.Coarsen[g] {
				break
			}
			off[g] = 0
		}
		if g == rank {
			break
		}
	}
	if len(deferred) > 0 {
		e.Line("// the block's stores, after all its loads")
		for _, st := range deferred {
			e.Line("%s", st)
		}
	}
}

// deferStores emits the body of one point of a block whose stores wait
// (NestPlan.DeferStores): each value stored goes to a register and the store,
// with the point's indices, to *stores.
func (lg *loopGen) deferStores(n *ir.Nest, np *regions.NestPlan, off []int, stores *[]string) {
	e := &lg.e
	for _, s := range n.Body {
		a, isAssign := s.(*ir.Assign)
		el, isElem := (*ir.Elem)(nil), false
		if isAssign {
			el, isElem = a.LHS.(*ir.Elem)
		}
		if !isElem {
			lg.stmts([]ir.Stmt{s})
			continue
		}
		name := fmt.Sprintf("_st%d", len(*stores))
		e.Line("%s // %s", lg.x.assign(name, a.RHS), where(a.Pos)) // Note [long expressions]
		var idx []string
		for g, d := range np.Dims {
			idx = append(idx, fmt.Sprintf("const %s %s = %s;", indexDecl(n.Index[d]), sanitize(n.Index[d].Name), plus(fmt.Sprintf("_p%d", g), pointStep(np, g)*off[g])))
		}
		*stores = append(*stores, fmt.Sprintf("{ %s %s = %s; }", strings.Join(idx, " "), lg.elem(el), name))
	}
}

// loadTiles emits the cooperative loads of the nest's tiles and the
// barrier after them: entry [v][u] holds the tiled read at the point v
// along NDRange dimension 0 and u along dimension 1 of the work-group's
// block; neighbouring work-items take neighbouring u, which walks the
// array's first dimension. Elements outside the array's declared bounds
// are not loaded (no point of the block that is run reads them).
func (lg *loopGen) loadTiles(n *ir.Nest, np *regions.NestPlan) {
	if len(np.Tiles) == 0 {
		return
	}
	e := &lg.e
	V, U := np.Local[0]*np.Coarsen[0], np.Local[1]*np.Coarsen[1]
	items := groupItems(np.Local)
	flat, _ := groupIndex(np.Local)
	for _, tl := range np.Tiles {
		e.Line("__local %s %s[%d][%d]; // %s", ctype(tl.Elem.Var.Kind), tl.Name, V, U+1, ir.ExprString(tl.Elem))
	}
	g0, g1 := n.Index[np.Dims[0]], n.Index[np.Dims[1]]
	e.Line("// the work-group's block of %dx%d points reads these values: load them, walking the arrays' first dimension", V, U)
	e.Open("for (int _t = %s; _t < %d; _t += %d)", flat, V*U, items)
	e.Line("const int _u = _t %% %d, _v = _t / %d;", U, U)
	// (the group ids leave out the global work offset: Note [overlap] in
	// package runner)
	e.Line("const %s %s = %s + %d*(%s)get_group_id(0) + %s(%s)get_global_offset(0) + _v;", indexDecl(g0), sanitize(g0.Name), lg.bound(n.Lo[np.Dims[0]]), V, indexT, times(np.Coarsen[0]), indexT)
	e.Line("const %s %s = %s + %d*(%s)get_group_id(1) + %s(%s)get_global_offset(1) + _u;", indexDecl(g1), sanitize(g1.Name), lg.bound(n.Lo[np.Dims[1]]), U, indexT, times(np.Coarsen[1]), indexT)
	for _, tl := range np.Tiles {
		el := tl.Elem
		var in []string
		for d, x := range el.Index {
			sub := lg.x.paren(x, precRel+1)
			b := el.Var.Bounds[d]
			in = append(in, fmt.Sprintf("%s >= %s && %s <= %s", sub, lg.affine(b.Lo), sub, lg.affine(b.Hi)))
		}
		e.Open("if (%s)", strings.Join(in, " && "))
		e.Line("%s[_v][_u] = %s;", tl.Name, lg.elem(el))
		e.Close("")
	}
	e.Close("")
	e.Line("barrier(CLK_LOCAL_MEM_FENCE);")
	for _, tl := range np.Tiles {
		for _, el := range tl.Elems {
			lg.tiled[el] = tl.Name + "[_v][_u]"
		}
	}
}

// times spells c* (nothing for 1).
// pointStep is the distance between neighbouring points of a block along
// NDRange dimension g: a work-group's width when they are interleaved.
func pointStep(np *regions.NestPlan, g int) int {
	if g == 0 && np.Interleave {
		return np.Local[0]
	}
	return 1
}

func times(c int) string {
	if c == 1 {
		return ""
	}
	return fmt.Sprintf("%d*", c)
}
