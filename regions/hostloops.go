package regions

import (
	"fmt"
	"io"

	"github.com/forocl/forocl/ir"
)

// fprintHostLoops prints the host loops of a loop kernel (Note [host
// loops] in package ir): which nests' launches each repeats (with the
// fold launches of their reductions).
func fprintHostLoops(w io.Writer, body []ir.Stmt, nests []*NestPlan) {
	index := map[*ir.Nest]int{}
	for i, np := range nests {
		index[np.Nest] = i + 1
	}
	var walk func([]ir.Stmt)
	walk = func(body []ir.Stmt) {
		for _, s := range body {
			lp, ok := s.(*ir.Loop)
			if !ok || lp.Host == nil {
				continue
			}
			ns := ir.Nests(lp.Body)
			if len(ns) == 0 {
				continue
			}
			fmt.Fprintf(w, "  host loop (line %d): %s = %s, %s, %s repeats nests %d to %d\n",
				lp.Pos.Start.Line, lp.Var.Name, lp.Host.Lo, lp.Host.Hi, lp.Host.Step, index[ns[0]], index[ns[len(ns)-1]])
			walk(lp.Body)
		}
	}
	walk(body)
}
