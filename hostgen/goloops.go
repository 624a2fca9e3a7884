package hostgen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/emit"
)

// goHostLoops emits the launches of a kernel with host loops (Note [host
// loops] in package abi): every NDRange and scratch buffer first (they do
// not depend on the loop variables, and a buffer first used in a loop
// that runs no trip must still exist for the launches after it), then the
// program, each host loop as a Go for loop over its trip count.
func goHostLoops(e *emit.Writer, k *abi.Kernel, resBuf map[string]string, scratch map[string]abi.Buffer) {
	e.Line("// Every NDRange first: scratch sizes depend on them.")
	for i, l := range k.Launches {
		g := fmt.Sprintf("global%d", i+1)
		e.Line("local%d := %s", i+1, intList(l.Local))
		e.Line("%s := make([]int, %d)", g, len(l.Global))
		for d, r := range l.Global {
			items := newGoNames(k).affine(r.Positions)
			if len(r.Positions.Terms) > 0 {
				e.Open("if p := %s; p < 1", items)
				e.Line("err = fmt.Errorf(\"%s: launch %s covers %%d positions in dimension %d (%s); the grid is too small\", p)", k.Name, l.Symbol, d+1, r.Positions)
				e.Line("return")
				e.Close("")
			}
			if r.Per > 1 {
				items = fmt.Sprintf("(%s + %d) / %d", items, r.Per-1, r.Per)
			}
			e.Line("%s[%d] = (%s + local%d[%d] - 1) / local%d[%d] * local%d[%d]", g, d, items, i+1, d, i+1, d, i+1, d)
		}
		if usedAsGroups(k, l.Symbol) {
			e.Line("groups%s = groupCount(%s, local%d)", goName(l.Symbol), g, i+1)
		}
	}
	goScratch(e, k)
	launch := func(i int) {
		l := k.Launches[i]
		var args []string
		for _, a := range l.Args {
			if a.Kind == abi.ScratchArg {
				args = append(args, "scratch"+goName(a.Name))
				continue
			}
			args = append(args, goArg(k, a, resBuf))
		}
		e.Line("// launch %d: %s", i+1, l.Symbol)
		e.Open("")
		e.Open("if err = k.ctx.LaunchInto(&k.ev, k.kernels[%d], global%d, local%d, %s); err != nil", i, i+1, i+1, strings.Join(args, ", "))
		e.Line("return")
		e.Close("")
		goFinishLaunch(e, fmt.Sprint(i == len(k.Launches)-1))
		e.Close("")
	}
	goProgram(e, k, k.Program(), launch, 1)
}

// goProgram emits steps: launches through launch, host loops as for loops
// that evaluate the trip count once, as Fortran's DO does.
func goProgram(e *emit.Writer, k *abi.Kernel, steps []abi.Step, launch func(int), depth int) {
	gn := newGoNames(k)
	vars := map[string]bool{}
	for _, l := range k.HostLoops {
		vars[l.Var] = true
	}
	name := func(n string) string {
		if vars[n] {
			return gn.loop(n)
		}
		return gn.size(n)
	}
	for _, s := range steps {
		if s.Loop == nil {
			launch(s.Launch)
			continue
		}
		l := s.Loop
		v, trips := gn.loop(l.Var), fmt.Sprintf("trips%d", depth)
		lo, hi, step := goAffineWith(l.Lo, name), goAffineWith(l.Hi, name), goAffineWith(l.Step, name)
		if strings.HasPrefix(step, "-") {
			step = "(" + step + ")"
		}
		e.Line("// host loop: launches %d to %d for each %s = %s, %s, %s", l.First+1, l.End, l.Var, l.Lo, l.Hi, l.Step)
		if !l.Step.IsConstant() {
			e.Open("if %s == 0", step)
			e.Line("err = fmt.Errorf(\"%s: the loop over %s has step 0\")", k.Name, l.Var)
			e.Line("return")
			e.Close("")
		}
		e.Open("for %s, %s := %s, (%s-%s+%s)/%s; %s > 0; %s, %s = %s+%s, %s-1", v, trips, lo, hi, lo, step, step, trips, v, trips, v, step, trips)
		goProgram(e, k, s.Body, launch, depth+1)
		e.Close("")
	}
}

// goScratchCount spells the element count of scratch buffer b of kernel
// k: a constant, the product of an automatic array's extents (each at
// least 0), or the work-group count of a launch (groupsLAUNCH).
func goScratchCount(k *abi.Kernel, b abi.Buffer) string {
	if b.Groups != "" {
		return "groups" + goName(b.Groups)
	}
	return goCount(k, b)
}

// goScratch allocates kernel k's scratch buffers in the general harness:
// a constant count, or one value per work-group of a launch
// (groupsLAUNCH, set before), zeroing the bounds buffer.
func goScratch(e *emit.Writer, k *abi.Kernel) {
	late := lateSymbols(k)
	for _, b := range k.Scratch {
		if late[b.Groups] {
			e.Line("slot%s := bufs // grown when launch %s is sized (Note [late launches] in package abi)", goName(b.Name), b.Groups)
		}
		e.Open("if scratch%s, err = buffer(%s, %d); err != nil", goName(b.Name), goScratchCount(k, b), b.Kind.Bytes())
		e.Line("return")
		e.Close("")
		goZeroBounds(e, b)
	}
}

// goCount spells the element count of scratch buffer b of kernel k, not
// one per work-group, in the general harness's sizes.
func goCount(k *abi.Kernel, b abi.Buffer) string {
	if len(b.Extents) == 0 {
		return fmt.Sprint(b.Elements.Const)
	}
	gn := newGoNames(k)
	return b.SpellCount(gn.affine, func(x string) string { return "max(" + x + ", 0)" })
}
