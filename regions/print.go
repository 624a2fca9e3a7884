package regions

import (
	"fmt"
	"io"
	"strings"

	"github.com/forocl/forocl/ir"
)

// Fprint writes a readable, deterministic dump of the plan: per kernel the
// launch, the offset of every array, the shifts every statement is
// evaluated at and the shifts every input is read at.
func Fprint(w io.Writer, p *Plan) {
	for i, kp := range p.Kernels {
		if i > 0 {
			fmt.Fprintln(w)
		}
		k := kp.Kernel
		if k.Elemental {
			fmt.Fprintf(w, "kernel %s: elemental, one work-item per element\n", k.Name)
			continue
		}
		r := kp.Rank
		fmt.Fprintf(w, "kernel %s: rank %d\n", k.Name, r)
		fmt.Fprintf(w, "  launch: work-item 0 owns grid position %s (0-based), extent n - %s\n", vec(kp.Origin, r), vec(kp.Shrink, r))
		for _, v := range k.Params {
			if v.Rank == 0 {
				continue
			}
			if shifts, ok := kp.Inputs[v]; ok {
				b := BoxOf(shifts)
				fmt.Fprintf(w, "  input %s: read at %s; tile box %s..%s\n", v.Name, shiftList(shifts, r), vec(b.Lo, r), vec(b.Hi, r))
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
			b := BoxOf(shifts)
			fmt.Fprintf(w, "  temp %s: offset %s, extent n - %s, computed at %s; box %s..%s\n", v.Name, vec(kp.Off[v], r), ints(v.Shrink), shiftList(shifts, r), vec(b.Lo, r), vec(b.Hi, r))
		}
		ForEachAssign(k.Body, func(a *ir.Assign) {
			lw, ok := a.LHS.(*ir.Window)
			if !ok {
				return
			}
			line := fmt.Sprintf("  line %d: %s anchor %s frame n - %s", a.Pos.Start.Line, lw.Var.Name, vec(kp.Anchor[a], r), ints(a.Shrink))
			if ev, live := kp.Eval[a]; live {
				line += " evaluated at " + shiftList(ev, r)
			} else {
				line += " dead"
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
