package regions

import (
	"fmt"
	"io"
	"strings"

	"github.com/forocl/forocl/ir"
)

// Fprint writes a readable, deterministic dump of the plan: per kernel the
// schedule (strategy, work-group, coarsening, __local memory), the launch,
// the offset of every array, where every input and temporary lives (a
// tile and its box, or registers), the shifts every statement is
// evaluated at, and, for the local strategy, which statements share a
// cooperative loop and where the barriers are. It prints exactly what
// codegen uses.
func Fprint(w io.Writer, p *Plan) {
	for i, kp := range p.Kernels {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if len(kp.Launches) == 0 || kp.Launches[0].Plan == kp || !kp.Kernel.FrameForm() { // one launch, or a loop kernel's nests
			fprintKernel(w, kp)
			continue
		}
		phases := 0
		for _, l := range kp.Launches {
			if l.Fold == nil || l.Tail != nil {
				phases++
			}
		}
		fmt.Fprintf(w, "kernel %s: rank %d, %d phases (see Note [phases])\n", kp.Kernel.Name, kp.Rank, phases)
		j := 0
		for _, l := range kp.Launches {
			switch {
			case l.Fold == nil:
				j++
				fmt.Fprintf(w, "phase %d: launch %s", j, l.Kernel.Name)
				fprintLaunch(w, kp, l)
			case l.Tail != nil:
				j++
				fmt.Fprintf(w, "phase %d: %s, in the last fold of phase %d", j, l.Tail.Kernel.Name, j-1)
				fprintLaunch(w, kp, l.Tail)
			}
		}
	}
}

// fprintLaunch ends the line of nest launch l of kp (its loads, folds and
// results) and writes its plan.
func fprintLaunch(w io.Writer, kp *KernelPlan, l *Launch) {
	var loads []string
	for _, v := range l.Loads {
		loads = append(loads, v.Name)
	}
	if len(loads) > 0 {
		fmt.Fprintf(w, ", loads %s", strings.Join(loads, " "))
	}
	for _, r := range l.Reduces {
		fmt.Fprintf(w, ", folds %s (%s) per work-group, then %s folds the partials in one work-group of %d", r.Name, r.Reduce.Op, ReduceSymbolName(kp.Kernel, r), ReduceGroup)
	}
	if l.Last {
		fmt.Fprint(w, ", writes the scalar results")
	}
	if l.Plan == nil {
		fmt.Fprint(w, "; scalar statements only, one work-item")
	}
	fmt.Fprintln(w)
	if l.Plan != nil {
		fprintKernel(w, l.Plan)
	}
}

// ReduceSymbolName is the name of the launch that folds the partials of
// reduction r of kernel k.
func ReduceSymbolName(k *ir.Kernel, r *ir.Var) string {
	return fmt.Sprintf("%s_r%d", k.Name, r.Reduce.Index)
}

func fprintKernel(w io.Writer, kp *KernelPlan) {
	{
		k := kp.Kernel
		if !k.FrameForm() {
			fprintLoops(w, kp)
			return
		}
		r := kp.Rank
		fmt.Fprintf(w, "kernel %s: rank %d\n", k.Name, r)
		if kp.Local != nil {
			fmt.Fprintf(w, "  schedule: %s strategy, work-group %s, %s grid positions per work-item, %d bytes of __local memory\n",
				kp.Strategy, DimString(kp.Local), DimString(kp.Coarsen), kp.LocalBytes)
		}
		fmt.Fprintf(w, "  launch: work-item 0 owns grid position %s (0-based), extent n - %s\n", vec(kp.Origin, r), vec(kp.Shrink, r))
		where := func(v *ir.Var) string {
			if b, tiled := kp.Tiles[v]; tiled {
				return fmt.Sprintf("; __local tile box %s..%s", vec(b.Lo, r), vec(b.Hi, r))
			}
			if kp.Private[v] {
				return "; registers"
			}
			return ""
		}
		for _, v := range k.Params {
			if v.Rank == 0 {
				continue
			}
			if shifts, ok := kp.Inputs[v]; ok {
				fmt.Fprintf(w, "  input %s: read at %s%s\n", v.Name, shiftList(shifts, r), where(v))
			} else if v.Intent == ir.Out {
				fmt.Fprintf(w, "  output %s\n", v.Name)
			} else {
				fmt.Fprintf(w, "  input %s: never read\n", v.Name)
			}
		}
		for _, v := range k.Temps {
			shifts, ok := kp.Temps[v]
			if !ok {
				fmt.Fprintf(w, "  temp %s: offset %s, never read\n", v.Name, vec(kp.Off[v], r))
				continue
			}
			fmt.Fprintf(w, "  temp %s: offset %s, extent n - %s, computed at %s%s\n", v.Name, vec(kp.Off[v], r), ints(v.Shrink), shiftList(shifts, r), where(v))
		}
		ForEachAssign(k.Body, func(a *ir.Assign) {
			lw, ok := a.LHS.(*ir.Window)
			if !ok {
				return
			}
			if kp.Barrier[a] {
				fmt.Fprintln(w, "  barrier")
			}
			line := fmt.Sprintf("  line %d: %s anchor %s frame n - %s", a.Pos.Start.Line, lw.Var.Name, vec(kp.Anchor[a], r), ints(a.Shrink))
			if ev, live := kp.Eval[a]; live {
				line += " evaluated at " + shiftList(ev, r)
			} else {
				line += " dead"
			}
			if g, coop := kp.Groups[a]; coop {
				lines := make([]string, len(g))
				for j, m := range g {
					lines[j] = fmt.Sprint(m.Pos.Start.Line)
				}
				line += " in a cooperative loop with lines " + strings.Join(lines, ",")
			}
			fmt.Fprintln(w, line)
			var reads []string
			visit := func(e ir.Expr) {
				ir.Walk(e, func(e ir.Expr) {
					if win, ok := e.(*ir.Window); ok {
						reads = append(reads, fmt.Sprintf("%s%s", win.Var.Name, vec(kp.WindowShift(a, win), r)))
					}
				})
			}
			visit(a.RHS)
			visit(a.Mask)
			if len(reads) > 0 {
				fmt.Fprintf(w, "    reads %s\n", strings.Join(reads, " "))
			}
		})
	}
}

func vec(s Shift, r int) string {
	parts := make([]string, r)
	for d := 0; d < r; d++ {
		parts[d] = fmt.Sprintf("%+d", s[d])
	}
	return "(" + strings.Join(parts, ",") + ")"
}

func ints(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return "(" + strings.Join(parts, ",") + ")"
}

func shiftList(ss []Shift, r int) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = vec(s, r)
	}
	return "{" + strings.Join(parts, " ") + "}"
}
