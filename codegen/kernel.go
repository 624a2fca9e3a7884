package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/internal/emit"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// kernelGen emits one stencil kernel.
type kernelGen struct {
	*gen
	k  *ir.Kernel
	kp *regions.KernelPlan
	// ph is the launch k is (regions.KernelPlan.Launches).
	ph *regions.Launch
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
	e.Line("// kernel %s (%s), strategy %s, work-group %s", k.Name, where(k.Pos), kp.Strategy, regions.DimString(kp.Local))
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
	e.Line("// arrays %s are column-major with extents %s (halo included).", strings.Join(arrays, ", "), strings.Join(dims, " x "))
	launch := make([]string, r)
	first := make([]string, r)
	for d := range launch {
		launch[d] = plus(dims[d], -kp.Shrink[d])
		first[d] = fmt.Sprint(kp.Origin[d] + 1)
	}
	e.Line("// launch (%s) work-items, padded to the work-group; work-item 0 owns element (%s).", strings.Join(launch, ", "), strings.Join(first, ", "))

	e.Line("__kernel %s", reqd(kp.Local))
	e.Open("void %s(%s)", sanitize(k.Name), strings.Join(params, ",\n    "))
	for _, v := range k.Locals {
		e.Line("%s", localDecl(v))
	}
	kg.phasePrologue()
	if kp.Strategy == regions.Local {
		kg.emitLocal()
	} else {
		kg.emitDirect()
	}
	kg.phaseEpilogue()
	e.Close("")
}

func (kg *kernelGen) scalarRef(v *ir.Var) string { return sanitize(v.Name) }

// guarded is an assignment line and the condition it runs under ("" for
// none).
type guarded struct{ cond, line string }

// emitGuarded writes lines, merging consecutive ones under the same
// condition into one if.
func emitGuarded(e *emit.Writer, gs []guarded) {
	for i := 0; i < len(gs); {
		j := i + 1
		for j < len(gs) && gs[j].cond == gs[i].cond {
			j++
		}
		if gs[i].cond != "" {
			e.Open("if (%s)", gs[i].cond)
		}
		for _, g := range gs[i:j] {
			e.Line("%s", g.line)
		}
		if gs[i].cond != "" {
			e.Close("")
		}
		i = j
	}
}
