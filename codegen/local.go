package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// The local strategy: tiles in __local memory, cooperative loops, barriers.

// owner reports whether a is evaluated only at the owning work-item's own
// position (no cooperative loop).
func (kg *kernelGen) owner(a *ir.Assign) bool {
	ev := kg.kp.Eval[a]
	return len(ev) == 1 && ev[0] == regions.Shift{}
}

// planLocal decides which inputs and temporaries live in __local tiles.
// Inputs read at more than one shift are tiled (read once from global
// memory, then shared). A temporary stays in a register when every
// statement that writes or reads it is evaluated at the owner's position
// only; otherwise it is tiled.
func (kg *kernelGen) planLocal() {
	kp := kg.kp
	for v, shifts := range kp.Inputs {
		if len(shifts) > 1 {
			kg.tiles[v] = regions.BoxOf(shifts)
		}
	}
	shared := map[*ir.Var]bool{}
	regions.ForEachAssign(kg.k.Body, func(a *ir.Assign) {
		if _, live := kp.Eval[a]; !live {
			return
		}
		own := kg.owner(a)
		if w, ok := a.LHS.(*ir.Window); ok && w.Var.Role == ir.Temp && !own {
			shared[w.Var] = true
		}
		visit := func(x ir.Expr) {
			ir.Walk(x, func(x ir.Expr) {
				if w, ok := x.(*ir.Window); ok && w.Var.Role == ir.Temp && (!own || kp.WindowShift(a, w) != regions.Shift{}) {
					shared[w.Var] = true
				}
			})
		}
		visit(a.RHS)
		visit(a.Mask)
	})
	for _, v := range kg.k.Temps {
		shifts, live := kp.Temps[v]
		if !live {
			continue
		}
		if shared[v] {
			kg.tiles[v] = regions.BoxOf(shifts)
		} else {
			kg.private[v] = true
		}
	}
}

func (kg *kernelGen) tileSize(v *ir.Var, d int) int {
	return kg.tiles[v].Size(d, kg.abi.Local[d])
}

func (kg *kernelGen) tileElems(v *ir.Var) int {
	n := 1
	for d := 0; d < kg.rank(); d++ {
		n *= kg.tileSize(v, d)
	}
	return n
}

// tileIndex spells the index into v's tile of relative position rel+s.
func (kg *kernelGen) tileIndex(v *ir.Var, rel []string, s regions.Shift) string {
	box := kg.tiles[v]
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
	for _, l := range kg.abi.Local {
		n *= l
	}
	return n
}

func (kg *kernelGen) emitLocal() {
	e := &kg.e
	r := kg.rank()
	loc := kg.abi.Local
	lid := make([]string, r)
	for d := 0; d < r; d++ {
		e.line("const int _l%d = get_local_id(%d);", d, d)
		lid[d] = fmt.Sprintf("_l%d", d)
	}
	for d := 0; d < r; d++ {
		e.line("const int _b%d = get_group_id(%d) * %d + %d; // grid position of work-item 0 of this group", d, d, loc[d], kg.kp.Origin[d])
	}
	for d := 0; d < r; d++ {
		e.line("const int _a%d = _b%d + _l%d; // this work-item's grid position", d, d, d)
	}
	flat := lid[r-1]
	for d := r - 2; d >= 0; d-- {
		flat = fmt.Sprintf("_l%d + %d * (%s)", d, loc[d], flat)
	}
	e.line("const int _lid = %s;", flat)

	tiled := sortedVars(kg.tiles)
	for _, v := range tiled {
		box := kg.tiles[v]
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
		e.line("__local %s _tile_%s[%s]; // %s %s at grid positions %s", ctype(v.Kind), v.Name, strings.Join(sizes, " * "), what, v.Name, strings.Join(span, " x "))
	}
	for _, v := range kg.k.Temps {
		if kg.private[v] {
			e.line("%s %s = %s; // temporary %s, one element per work-item", ctype(v.Kind), sanitize(v.Name), constant(v.Kind, 0, 0, false), v.Name)
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
			if x.box == kg.tiles[v] {
				gr = x
			}
		}
		if gr == nil {
			gr = &group{box: kg.tiles[v]}
			groups = append(groups, gr)
		}
		gr.vars = append(gr.vars, v)
		kg.dirty[v] = true
	}
	for _, gr := range groups {
		names := make([]string, len(gr.vars))
		for i, v := range gr.vars {
			names[i] = v.Name
		}
		e.line("")
		e.line("// load %s with their halos", strings.Join(names, ", "))
		kg.loop(gr.box, func(rel, pos []string) {
			var conds []string
			for d := 0; d < r; d++ {
				conds = append(conds, fmt.Sprintf("%s >= 0 && %s < _n%d", pos[d], pos[d], d+1))
			}
			e.open("if (%s)", strings.Join(conds, " && "))
			e.line("const int _g = %s;", kg.globalIndex(pos))
			for _, v := range gr.vars {
				e.line("_tile_%s[_t] = %s[_g];", v.Name, sanitize(v.Name))
			}
			e.close("")
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
	loc := kg.abi.Local
	groupSize := kg.groupSize()
	sizes := make([]int, r)
	total := 1
	for d := 0; d < r; d++ {
		sizes[d] = box.Size(d, loc[d])
		total *= sizes[d]
	}
	e.open("for (int _i = _lid; _i < %d; _i += %d)", total, groupSize)
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
		e.line("const int _r%d = %s;", d, plus("("+coord+")", box.Lo[d]))
		rel[d] = fmt.Sprintf("_r%d", d)
		pos[d] = fmt.Sprintf("_p%d", d)
	}
	for d := 0; d < r; d++ {
		e.line("const int _p%d = _b%d + _r%d;", d, d, d)
	}
	e.line("const int _t = _i;")
	body(rel, pos)
	e.close("")
}

// reads returns the tiled variables an assignment reads.
func (kg *kernelGen) tileReads(a *ir.Assign) []*ir.Var {
	var out []*ir.Var
	seen := map[*ir.Var]bool{}
	visit := func(x ir.Expr) {
		ir.Walk(x, func(x ir.Expr) {
			if w, ok := x.(*ir.Window); ok {
				if _, tiled := kg.tiles[w.Var]; tiled && !seen[w.Var] {
					seen[w.Var] = true
					out = append(out, w.Var)
				}
			}
		})
	}
	visit(a.RHS)
	visit(a.Mask)
	return out
}

// barrierBefore emits a barrier before the assignments group (evaluated
// together, with no dependence among them) when one of them reads a tile
// written since the last barrier, or writes a tile read or written since.
func (kg *kernelGen) barrierBefore(group []*ir.Assign) {
	need := false
	for _, a := range group {
		for _, v := range kg.tileReads(a) {
			if kg.dirty[v] {
				need = true
			}
		}
		if v := kg.tiledLHS(a); v != nil && (kg.read[v] || kg.dirty[v]) {
			need = true
		}
	}
	if need {
		kg.e.line("barrier(CLK_LOCAL_MEM_FENCE);")
		kg.dirty, kg.read = map[*ir.Var]bool{}, map[*ir.Var]bool{}
	}
	for _, a := range group {
		for _, v := range kg.tileReads(a) {
			kg.read[v] = true
		}
		if v := kg.tiledLHS(a); v != nil {
			kg.dirty[v] = true
		}
	}
}

// tiledLHS returns the tiled variable a assigns, or nil.
func (kg *kernelGen) tiledLHS(a *ir.Assign) *ir.Var {
	if w, ok := a.LHS.(*ir.Window); ok {
		if _, tiled := kg.tiles[w.Var]; tiled {
			return w.Var
		}
	}
	return nil
}

// cooperative reports whether s is a live array assignment evaluated by a
// cooperative loop (not only at the owner's position).
func (kg *kernelGen) cooperative(s ir.Stmt) (*ir.Assign, bool) {
	a, ok := s.(*ir.Assign)
	if !ok {
		return nil, false
	}
	if _, arr := a.LHS.(*ir.Window); !arr {
		return nil, false
	}
	if _, live := kg.kp.Eval[a]; !live || kg.owner(a) {
		return nil, false
	}
	return a, true
}

// fusible returns how many statements from stmts[i] on can share one
// cooperative loop: same evaluation box, and none reads or writes a tile
// that an earlier one of the run writes (so no barrier is needed between
// them).
func (kg *kernelGen) fusible(stmts []ir.Stmt, i int) []*ir.Assign {
	first, _ := kg.cooperative(stmts[i])
	box := regions.BoxOf(kg.kp.Eval[first])
	group := []*ir.Assign{first}
	written := map[*ir.Var]bool{}
	if v := kg.tiledLHS(first); v != nil {
		written[v] = true
	}
	for _, s := range stmts[i+1:] {
		a, ok := kg.cooperative(s)
		if !ok || regions.BoxOf(kg.kp.Eval[a]) != box {
			break
		}
		clash := false
		for _, v := range kg.tileReads(a) {
			clash = clash || written[v]
		}
		if v := kg.tiledLHS(a); v != nil && written[v] {
			clash = true
		}
		if clash {
			break
		}
		if v := kg.tiledLHS(a); v != nil {
			written[v] = true
		}
		group = append(group, a)
	}
	return group
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
				e.line("%s = %s; // %s", scalar.expr(s.LHS), scalar.expr(s.RHS), where(s.Pos))
				continue
			}
			if _, live := kg.kp.Eval[s]; !live {
				e.line("// %s: value never read; not computed", where(s.Pos))
				continue
			}
			e.line("")
			if kg.owner(s) {
				e.line("// %s", where(s.Pos))
				kg.barrierBefore([]*ir.Assign{s})
				apos := make([]string, kg.rank())
				for d := range apos {
					apos[d] = fmt.Sprintf("_a%d", d)
				}
				kg.e.emitGuarded([]guarded{kg.localAssign(s, lid, apos, false)})
				continue
			}
			// Consecutive independent statements over the same box share
			// one loop.
			group := kg.fusible(stmts, i)
			i += len(group) - 1
			lines := make([]string, len(group))
			for j, a := range group {
				lines[j] = where(a.Pos)
			}
			e.line("// %s", strings.Join(lines, ", "))
			kg.barrierBefore(group)
			box := regions.BoxOf(kg.kp.Eval[s])
			kg.loop(box, func(rel, pos []string) {
				var gs []guarded
				for _, a := range group {
					gs = append(gs, kg.localAssign(a, rel, pos, kg.tiledLHS(a) != nil && kg.tiles[kg.tiledLHS(a)] == box))
				}
				kg.e.emitGuarded(gs)
			})
		case *ir.If:
			// The condition is uniform across the work-group, so barriers
			// inside the branches are reached by all work-items or none.
			before := kg.snapshot()
			g := kg.gen
			g.ifChain(s, scalar, func(b []ir.Stmt) {
				kg.restore(before)
				kg.localStmts(b, lid)
				before = kg.merge(before)
			})
			kg.restore(before)
		case *ir.Return:
			e.line("return;")
		}
	}
}

type barrierSnap struct{ dirty, read map[*ir.Var]bool }

func (kg *kernelGen) snapshot() barrierSnap {
	c := barrierSnap{dirty: map[*ir.Var]bool{}, read: map[*ir.Var]bool{}}
	for v := range kg.dirty {
		c.dirty[v] = true
	}
	for v := range kg.read {
		c.read[v] = true
	}
	return c
}

func (kg *kernelGen) restore(s barrierSnap) {
	kg.dirty, kg.read = map[*ir.Var]bool{}, map[*ir.Var]bool{}
	for v := range s.dirty {
		kg.dirty[v] = true
	}
	for v := range s.read {
		kg.read[v] = true
	}
}

// merge returns s united with the current state (conservative after a
// branch).
func (kg *kernelGen) merge(s barrierSnap) barrierSnap {
	out := kg.snapshot()
	for v := range s.dirty {
		out.dirty[v] = true
	}
	for v := range s.read {
		out.read[v] = true
	}
	return out
}

// localAssign emits one array assignment evaluated at relative position
// rel (absolute pos), local strategy. inLoop says the enclosing
// cooperative loop's "_t" indexes the LHS tile (its box is the loop's).
func (kg *kernelGen) localAssign(a *ir.Assign, rel, pos []string, inLoop bool) guarded {
	x := &exprGen{funcs: kg.funcs, ref: kg.scalarRef, window: func(w *ir.Window) string {
		s := kg.kp.WindowShift(a, w)
		if _, tiled := kg.tiles[w.Var]; tiled {
			return "_tile_" + w.Var.Name + "[" + kg.tileIndex(w.Var, rel, s) + "]"
		}
		if kg.private[w.Var] {
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
	case lhs.Var.Role == ir.Dummy:
		target = sanitize(lhs.Var.Name) + "[" + kg.globalIndex(pos) + "]"
	case kg.private[lhs.Var]:
		target = sanitize(lhs.Var.Name)
	case inLoop:
		target = "_tile_" + lhs.Var.Name + "[_t]"
	default:
		target = "_tile_" + lhs.Var.Name + "[" + kg.tileIndex(lhs.Var, rel, regions.Shift{}) + "]"
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
	return guarded{cond: cond, line: fmt.Sprintf("%s = %s;", target, x.expr(a.RHS))}
}
