package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ir"
)

// smallArrays declares, at the outermost scope of an OpenCL kernel of a
// loop kernel, its tables as __constant arrays and its private arrays
// (Note [small arrays] in package ir). Every OpenCL kernel of the loop
// kernel declares all of them: the top-level statements each one replays
// may use any.
func (lg *loopGen) smallArrays() {
	e := &lg.e
	for _, t := range lg.k.Tables {
		vals := make([]string, len(t.Data))
		for i, c := range t.Data {
			vals[i] = constant(t.Kind, c.Float, c.Int, c.Bool)
		}
		e.Line("__constant %s %s[%d] = {%s}; // parameter %s(%s)", ctype(t.Kind), sanitize(t.Name), len(t.Data), strings.Join(vals, ", "), t.Name, boundsText(t))
	}
	for _, v := range lg.k.Locals {
		if v.Rank == 0 {
			continue
		}
		n, _ := v.Elements()
		e.Line("%s %s[%d]; // private to the work-item: %s(%s)", ctype(v.Kind), sanitize(v.Name), max(n, 1), v.Name, boundsText(v))
	}
}

// boundsText prints constant bounds as Fortran declares them: 5, -2:2.
func boundsText(v *ir.Var) string {
	var ds []string
	for _, b := range v.Bounds {
		if b.Lo.IsConst() && b.Lo.Const == 1 {
			ds = append(ds, b.Hi.String())
			continue
		}
		ds = append(ds, fmt.Sprintf("%s:%s", b.Lo, b.Hi))
	}
	return strings.Join(ds, ", ")
}
