package codegen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// kernelGen emits one stencil kernel.
type kernelGen struct {
	*gen
	k   *ir.Kernel
	kp  *regions.KernelPlan
	abi *KernelABI

	// tiles: variables held in __local tiles, with their boxes.
	tiles map[*ir.Var]regions.Box
	// private: temporaries held in one register per work-item (local
	// strategy) or one register per shift (direct strategy).
	private map[*ir.Var]bool
	// barrier state (local strategy)
	dirty, read map[*ir.Var]bool
	// slack: see frameCheck.
	slack regions.Shift
}

func (kg *kernelGen) rank() int { return kg.k.Rank }

// shiftName spells a shift for register names: (-1,0) is "m1_0".
func shiftName(s regions.Shift, rank int) string {
	parts := make([]string, rank)
	for d := 0; d < rank; d++ {
		switch {
		case s[d] < 0:
			parts[d] = fmt.Sprintf("m%d", -s[d])
		case s[d] > 0:
			parts[d] = fmt.Sprintf("p%d", s[d])
		default:
			parts[d] = "0"
		}
	}
	return strings.Join(parts, "_")
}

// plus spells "base + c".
func plus(base string, c int) string {
	switch {
	case c > 0:
		return fmt.Sprintf("%s + %d", base, c)
	case c < 0:
		return fmt.Sprintf("%s - %d", base, -c)
	}
	return base
}

// globalIndex spells the column-major index of absolute position pos.
func (kg *kernelGen) globalIndex(pos []string) string {
	r := kg.rank()
	s := pos[r-1]
	for d := r - 2; d >= 0; d-- {
		s = fmt.Sprintf("%s + _n%d * (%s)", pos[d], d+1, s)
	}
	return s
}

// frameCheck spells the condition that absolute position pos lies in the
// frame of array assignment a; "" when it always does. With static, each
// bound is left out when it holds for every position the launch covers
// shifted by at: positions from Origin up to n - (Shrink - Origin) - 1,
// plus kg.slack[d] more in dimension d (the fast path of a coarsened
// kernel knows all its positions are inside the launch).
func (kg *kernelGen) frameCheck(a *ir.Assign, pos []string, at regions.Shift, static bool) string {
	anchor := kg.kp.Anchor[a]
	var conds []string
	for d := 0; d < kg.rank(); d++ {
		end := a.Shrink[d] - anchor[d] // the frame ends at n - end
		if !static || anchor[d] > kg.kp.Origin[d]+at[d] {
			conds = append(conds, fmt.Sprintf("%s >= %d", pos[d], anchor[d]))
		}
		if static && end <= (kg.kp.Shrink[d]-kg.kp.Origin[d])-at[d]+kg.slack[d] {
			continue
		}
		if end == 0 {
			conds = append(conds, fmt.Sprintf("%s < _n%d", pos[d], d+1))
		} else {
			conds = append(conds, fmt.Sprintf("%s < _n%d - %d", pos[d], d+1, end))
		}
	}
	return strings.Join(conds, " && ")
}

func (kg *kernelGen) emit(params []string) {
	e := &kg.e
	k, kp := kg.k, kg.kp
	r := kg.rank()
	kg.tiles = map[*ir.Var]regions.Box{}
	kg.private = map[*ir.Var]bool{}
	kg.dirty, kg.read = map[*ir.Var]bool{}, map[*ir.Var]bool{}

	e.line("// kernel %s (%s), strategy %s, work-group %s", k.Name, where(k.Pos), kg.opts.Strategy, TileString(kg.abi.Local))
	var arrays []string
	for _, v := range k.Params {
		if v.Rank > 0 {
			arrays = append(arrays, v.Name)
		}
	}
	dims := make([]string, r)
	for d := range dims {
		dims[d] = fmt.Sprintf("_n%d", d+1)
	}
	e.line("// arrays %s are column-major with extents %s (halo included).", strings.Join(arrays, ", "), strings.Join(dims, " x "))
	launch := make([]string, r)
	first := make([]string, r)
	for d := range launch {
		launch[d] = plus(dims[d], -kp.Shrink[d])
		first[d] = fmt.Sprint(kp.Origin[d] + 1)
	}
	e.line("// launch (%s) work-items, padded to the work-group; work-item 0 owns element (%s).", strings.Join(launch, ", "), strings.Join(first, ", "))

	if kg.opts.Strategy == Local {
		kg.planLocal()
		for _, v := range sortedVars(kg.tiles) {
			kg.abi.LocalBytes += kg.tileElems(v) * kindBytes(v.Kind)
		}
	} else {
		for _, v := range k.Temps {
			kg.private[v] = true
		}
	}
	e.line("__kernel %s", reqd(kg.abi.Local))
	e.open("void %s(%s)", sanitize(k.Name), strings.Join(params, ",\n    "))
	for _, v := range k.Locals {
		e.line("%s %s = %s;", ctype(v.Kind), sanitize(v.Name), constant(v.Kind, 0, 0, false))
	}
	if kg.opts.Strategy == Local {
		kg.emitLocal()
	} else {
		kg.emitDirect()
	}
	e.close("")
}

func kindBytes(k ir.Kind) int {
	if k == ir.Real8 {
		return 8
	}
	return 4
}

func sortedVars(m map[*ir.Var]regions.Box) []*ir.Var {
	vs := make([]*ir.Var, 0, len(m))
	for v := range m {
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].Name < vs[j].Name })
	return vs
}

func (kg *kernelGen) scalarRef(v *ir.Var) string { return sanitize(v.Name) }

// guarded is an assignment line and the condition it runs under ("" for
// none).
type guarded struct{ cond, line string }

// emitGuarded writes lines, merging consecutive ones under the same
// condition into one if.
func (e *emitter) emitGuarded(gs []guarded) {
	for i := 0; i < len(gs); {
		j := i + 1
		for j < len(gs) && gs[j].cond == gs[i].cond {
			j++
		}
		if gs[i].cond != "" {
			e.open("if (%s)", gs[i].cond)
		}
		for _, g := range gs[i:j] {
			e.line("%s", g.line)
		}
		if gs[i].cond != "" {
			e.close("")
		}
		i = j
	}
}
