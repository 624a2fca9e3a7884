package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// The direct strategy: no local memory, one register per temporary and
// shift, optional coarsening (a block of positions per work-item).

func (kg *kernelGen) emitDirect() {
	e := &kg.e
	r := kg.rank()
	kp := kg.kp
	var conds []string
	for d := 0; d < r; d++ {
		if c := kg.kp.Coarsen[d]; c > 1 {
			e.Line("const %s _a%d = get_global_id(%d) * %d + %d; // this work-item owns grid positions _a%d .. _a%d + %d", indexT, d, d, c, kp.Origin[d], d, d, c-1)
		} else {
			e.Line("const %s _a%d = get_global_id(%d) + %d; // this work-item's grid position", indexT, d, d, kp.Origin[d])
		}
		conds = append(conds, fmt.Sprintf("_a%d >= %s", d, plus(fmt.Sprintf("_n%d", d+1), -(kp.Shrink[d]-kp.Origin[d]))))
	}
	if kg.ph != nil && len(kg.ph.Reduces) > 0 {
		// Every work-item takes part in the reduction's tree (barriers),
		// so those outside the launch skip the statements instead.
		e.Open("if (!(%s))", strings.Join(conds, " || "))
		defer e.Close("")
	} else {
		e.Line("if (%s) return;", strings.Join(conds, " || "))
	}
	// One register per temporary and shift.
	for _, v := range kg.k.Temps {
		for _, s := range kp.Temps[v] {
			e.Line("%s %s = %s;", ctype(v.Kind), kg.shiftVar(v, s), constant(v.Kind, 0, 0, false))
		}
	}
	// A coarsened work-item whose whole block lies inside the launch (all
	// but the last work-items along each coarsened dimension) runs without
	// bound checks; the others take the checked path.
	var fast []string
	for d := 0; d < r; d++ {
		if c := kg.kp.Coarsen[d]; c > 1 {
			fast = append(fast, fmt.Sprintf("_a%d + %d < _n%d - %d", d, c-1, d+1, kp.Shrink[d]-kp.Origin[d]))
		}
	}
	if len(fast) == 0 {
		kg.directStmts(kg.k.Body)
		return
	}
	e.Open("if (%s)", strings.Join(fast, " && "))
	for d := 0; d < r; d++ {
		kg.slack[d] = kg.kp.Coarsen[d] - 1
	}
	kg.directStmts(kg.k.Body)
	kg.slack = regions.Shift{}
	kg.e.Indent--
	e.Line("} else {")
	kg.e.Indent++
	kg.directStmts(kg.k.Body)
	e.Close("")
}

func (kg *kernelGen) shiftVar(v *ir.Var, s regions.Shift) string {
	return prefixed("_", v.Name) + "_" + shiftName(s, kg.rank())
}

func (kg *kernelGen) directStmts(stmts []ir.Stmt) {
	e := &kg.e
	r := kg.rank()
	scalar := &exprGen{funcs: kg.funcs, ref: kg.scalarRef, window: func(w *ir.Window) string {
		panic("internal error: codegen: window in scalar statement")
	}}
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			if _, ok := s.LHS.(*ir.Window); !ok {
				e.Line("%s // %s", scalar.assign(scalar.expr(s.LHS), s.RHS), where(s.Pos))
				continue
			}
			shifts, live := kg.kp.Eval[s]
			if !live {
				e.Line("// %s: value never read; not computed", where(s.Pos))
				continue
			}
			e.Line("// %s", where(s.Pos))
			for _, at := range shifts {
				pos := make([]string, r)
				for d := range pos {
					pos[d] = plus(fmt.Sprintf("_a%d", d), at[d])
				}
				kg.directAssign(s, at, pos)
			}
		case *ir.If:
			kg.gen.ifChain(s, scalar, kg.directStmts)
		case *ir.Return:
			e.Line("return;")
		}
	}
}

func (kg *kernelGen) directAssign(a *ir.Assign, at regions.Shift, pos []string) {
	e := &kg.e
	x := &exprGen{funcs: kg.funcs, ref: kg.scalarRef, window: func(w *ir.Window) string {
		s := kg.kp.WindowShift(a, w)
		if w.Var.Role == ir.Temp {
			return kg.shiftVar(w.Var, at.Add(s))
		}
		p := make([]string, kg.rank())
		for d := range p {
			p[d] = plus(pos[d], s[d])
		}
		return sanitize(w.Var.Name) + "[" + kg.globalIndex(p) + "]"
	}}
	lhs := a.LHS.(*ir.Window)
	target := kg.shiftVar(lhs.Var, at)
	if lhs.Var.Role == ir.Dummy {
		target = sanitize(lhs.Var.Name) + "[" + kg.globalIndex(pos) + "]"
	}
	assign := func() { e.Line("%s", x.assign(target, a.RHS)) }
	if lhs.Var.Role == ir.Reduction {
		assign = func() { e.Line("%s", kg.accumulateAt(a, pos, x.expr(a.RHS))) }
	}
	cond := kg.frameCheck(a, pos, at, true)
	if a.Mask != nil {
		m := x.paren(a.Mask, precAnd)
		if cond == "" {
			cond = m
		} else {
			cond += " && " + m
		}
	}
	if cond == "" {
		assign()
		return
	}
	e.Open("if (%s)", cond)
	assign()
	e.Close("")
}
