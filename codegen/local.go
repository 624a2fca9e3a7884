package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// The local strategy: tiles in __local memory, cooperative loops, barriers.

func (kg *kernelGen) tileSize(v *ir.Var, d int) int { return kg.kp.TileSize(v, d) }

// tileIndex spells the index into v's tile of relative position rel+s.
func (kg *kernelGen) tileIndex(v *ir.Var, rel []string, s regions.Shift) string {
	box := kg.kp.Tiles[v]
	r := kg.rank()
	idx := plus(rel[r-1], s[r-1]-box.Lo[r-1])
	for d := r - 2; d >= 0; d-- {
		idx = fmt.Sprintf("%s + %d * (%s)", plus(rel[d], s[d]-box.Lo[d]), kg.tileSize(v, d), idx)
	}
	return idx
}

// groupSize is the number of work-items of a work-group.
func (kg *kernelGen) groupSize() int {
	n := 1
	for _, l := range kg.kp.Local {
		n *= l
	}
	return n
}

func (kg *kernelGen) emitLocal() {
	e := &kg.e
	r := kg.rank()
	loc := kg.kp.Local
	lid := make([]string, r)
	for d := 0; d < r; d++ {
		e.Line("const int _l%d = get_local_id(%d);", d, d)
		lid[d] = fmt.Sprintf("_l%d", d)
	}
	for d := 0; d < r; d++ {
		// The group ids leave out the global work offset, at which a host
		// may launch part of the grid (Note [overlap] in package runner).
		e.Line("const %s _b%d = get_group_id(%d) * %d + get_global_offset(%d) + %d; // grid position of work-item 0 of this group", indexT, d, d, loc[d], d, kg.kp.Origin[d])
	}
	for d := 0; d < r; d++ {
		e.Line("const %s _a%d = _b%d + _l%d; // this work-item's grid position", indexT, d, d, d)
	}
	flat := lid[r-1]
	for d := r - 2; d >= 0; d-- {
		flat = fmt.Sprintf("_l%d + %d * (%s)", d, loc[d], flat)
	}
	e.Line("const int _lid = %s;", flat)

	tiled := kg.kp.TiledVars()
	for _, v := range tiled {
		box := kg.kp.Tiles[v]
		what := "input"
		if v.Role == ir.Temp {
			what = "temporary"
		}
		sizes := make([]string, r)
		span := make([]string, r)
		for d := 0; d < r; d++ {
			sizes[d] = fmt.Sprint(kg.tileSize(v, d))
			span[d] = fmt.Sprintf("[%s, %s]", plus(fmt.Sprintf("_b%d", d), box.Lo[d]), plus(fmt.Sprintf("_b%d", d), loc[d]-1+box.Hi[d]))
		}
		e.Line("__local %s %s[%s]; // %s %s at grid positions %s", ctype(v.Kind), prefixed("_tile_", v.Name), strings.Join(sizes, " * "), what, v.Name, strings.Join(span, " x "))
	}
	for _, v := range kg.k.Temps {
		if kg.kp.Private[v] {
			e.Line("%s %s = %s; // temporary %s, one element per work-item", ctype(v.Kind), sanitize(v.Name), constant(v.Kind, 0, 0, false), v.Name)
		}
	}

	// Load input tiles; inputs with the same box share one loop.
	type group struct {
		box  regions.Box
		vars []*ir.Var
	}
	var groups []*group
	for _, v := range tiled {
		if v.Role == ir.Temp {
			continue
		}
		var gr *group
		for _, x := range groups {
			if x.box == kg.kp.Tiles[v] {
				gr = x
			}
		}
		if gr == nil {
			gr = &group{box: kg.kp.Tiles[v]}
			groups = append(groups, gr)
		}
		gr.vars = append(gr.vars, v)
	}
	for _, gr := range groups {
		names := make([]string, len(gr.vars))
		for i, v := range gr.vars {
			names[i] = v.Name
		}
		e.Line("")
		e.Line("// load %s with their halos", strings.Join(names, ", "))
		kg.loop(gr.box, func(rel, pos []string) {
			var conds []string
			for d := 0; d < r; d++ {
				conds = append(conds, fmt.Sprintf("%s >= 0 && %s < _n%d", pos[d], pos[d], d+1))
			}
			e.Open("if (%s)", strings.Join(conds, " && "))
			e.Line("const %s _g = %s;", indexT, kg.globalIndex(pos))
			for _, v := range gr.vars {
				e.Line("%s[_t] = %s[_g];", prefixed("_tile_", v.Name), sanitize(v.Name))
			}
			e.Close("")
		})
	}
	kg.localStmts(kg.k.Body, lid)
}

// loop emits a cooperative loop over box (relative to the group base):
// body sees the relative and absolute positions as C expressions, and
// "_t", the position's index in any tile whose box is this box.
func (kg *kernelGen) loop(box regions.Box, body func(rel, pos []string)) {
	e := &kg.e
	r := kg.rank()
	loc := kg.kp.Local
	groupSize := kg.groupSize()
	sizes := make([]int, r)
	total := 1
	for d := 0; d < r; d++ {
		sizes[d] = box.Size(d, loc[d])
		total *= sizes[d]
	}
	e.Open("for (int _i = _lid; _i < %d; _i += %d)", total, groupSize)
	rest := "_i"
	rel := make([]string, r)
	pos := make([]string, r)
	for d := 0; d < r; d++ {
		var coord string
		if d == r-1 {
			coord = rest
		} else {
			coord = fmt.Sprintf("%s %% %d", rest, sizes[d])
			rest = fmt.Sprintf("%s / %d", rest, sizes[d])
			if strings.Contains(rest, "/") && d > 0 {
				rest = "(" + rest + ")"
			}
		}
		e.Line("const int _r%d = %s;", d, plus("("+coord+")", box.Lo[d]))
		rel[d] = fmt.Sprintf("_r%d", d)
		pos[d] = fmt.Sprintf("_p%d", d)
	}
	for d := 0; d < r; d++ {
		e.Line("const %s _p%d = _b%d + _r%d;", indexT, d, d, d)
	}
	e.Line("const int _t = _i;")
	body(rel, pos)
	e.Close("")
}

func (kg *kernelGen) localStmts(stmts []ir.Stmt, lid []string) {
	e := &kg.e
	scalar := &exprGen{funcs: kg.funcs, ref: kg.scalarRef, window: func(w *ir.Window) string {
		panic("internal error: codegen: window in scalar statement")
	}}
	for i := 0; i < len(stmts); i++ {
		switch s := stmts[i].(type) {
		case *ir.Assign:
			if _, ok := s.LHS.(*ir.Window); !ok {
				e.Line("%s // %s", scalar.assign(scalar.expr(s.LHS), s.RHS), where(s.Pos))
				continue
			}
			if _, live := kg.kp.Eval[s]; !live {
				e.Line("// %s: value never read; not computed", where(s.Pos))
				continue
			}
			e.Line("")
			group, coop := kg.kp.Groups[s]
			if !coop {
				e.Line("// %s", where(s.Pos))
				kg.barrier(s)
				apos := make([]string, kg.rank())
				for d := range apos {
					apos[d] = fmt.Sprintf("_a%d", d)
				}
				emitGuarded(&kg.e, []guarded{kg.localAssign(s, lid, apos, false)})
				continue
			}
			// Consecutive independent statements over the same box share
			// one loop (the schedule grouped them).
			i += len(group) - 1
			lines := make([]string, len(group))
			for j, a := range group {
				lines[j] = where(a.Pos)
			}
			e.Line("// %s", strings.Join(lines, ", "))
			kg.barrier(s)
			box := regions.BoxOf(kg.kp.Eval[s])
			kg.loop(box, func(rel, pos []string) {
				var gs []guarded
				for _, a := range group {
					v := kg.kp.TiledLHS(a)
					gs = append(gs, kg.localAssign(a, rel, pos, v != nil && kg.kp.Tiles[v] == box))
				}
				emitGuarded(&kg.e, gs)
			})
		case *ir.If:
			// The condition is uniform across the work-group, so barriers
			// inside the branches are reached by all work-items or none.
			kg.gen.ifChain(s, scalar, func(b []ir.Stmt) { kg.localStmts(b, lid) })
		case *ir.Return:
			e.Line("return;")
		}
	}
}

// barrier emits the barrier the schedule put before s, if any.
func (kg *kernelGen) barrier(s *ir.Assign) {
	if kg.kp.Barrier[s] {
		kg.e.Line("barrier(CLK_LOCAL_MEM_FENCE);")
	}
}

// localAssign emits one array assignment evaluated at relative position
// rel (absolute pos), local strategy. inLoop says the enclosing
// cooperative loop's "_t" indexes the LHS tile (its box is the loop's).
func (kg *kernelGen) localAssign(a *ir.Assign, rel, pos []string, inLoop bool) guarded {
	x := &exprGen{funcs: kg.funcs, ref: kg.scalarRef, window: func(w *ir.Window) string {
		s := kg.kp.WindowShift(a, w)
		if _, tiled := kg.kp.Tiles[w.Var]; tiled {
			return prefixed("_tile_", w.Var.Name) + "[" + kg.tileIndex(w.Var, rel, s) + "]"
		}
		if kg.kp.Private[w.Var] {
			return sanitize(w.Var.Name)
		}
		p := make([]string, kg.rank())
		for d := range p {
			p[d] = plus(pos[d], s[d])
		}
		return sanitize(w.Var.Name) + "[" + kg.globalIndex(p) + "]"
	}}
	lhs := a.LHS.(*ir.Window)
	var target string
	switch {
	case lhs.Var.Role == ir.Reduction:
		target = ""
	case lhs.Var.Role == ir.Dummy:
		target = sanitize(lhs.Var.Name) + "[" + kg.globalIndex(pos) + "]"
	case kg.kp.Private[lhs.Var]:
		target = sanitize(lhs.Var.Name)
	case inLoop:
		target = prefixed("_tile_", lhs.Var.Name) + "[_t]"
	default:
		target = prefixed("_tile_", lhs.Var.Name) + "[" + kg.tileIndex(lhs.Var, rel, regions.Shift{}) + "]"
	}
	cond := kg.frameCheck(a, pos, regions.Shift{}, false)
	if a.Mask != nil {
		m := x.paren(a.Mask, precAnd)
		if cond == "" {
			cond = m
		} else {
			cond += " && " + m
		}
	}
	if lhs.Var.Role == ir.Reduction {
		return guarded{cond: cond, line: kg.accumulateAt(a, pos, x.expr(a.RHS))}
	}
	return guarded{cond: cond, line: x.assign(target, a.RHS)}
}
