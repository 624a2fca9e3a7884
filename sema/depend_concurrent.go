package sema

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/depend"
	"github.com/forocl/forocl/ir"
)

// concurrentDeps warns of the dependences of Note [do concurrent
// dependences] (package depend) in the DO CONCURRENT nest n, once per
// array, from the accesses lowerNest collected.
func (l *lowerer) concurrentDeps(n *ir.Nest) {
	in := l.depInput(n)
	in.Writes = nil
	for _, w := range l.loop.writes {
		if !isPrivate(w.Var) && w.Var.Role != ir.Table {
			in.Writes = append(in.Writes, w)
		}
	}
	for _, dep := range depend.Concurrent(in) {
		w, o := dep.Write, dep.Other
		if dep.Along != nil {
			verb := "read"
			if dep.OtherWrites {
				verb = "written"
			}
			l.c.diags.Warn(codeConcurrentCarried, o.Pos, "%q is written as %s at %s and %s as %s here: iterations %d apart along %q touch the same element, a dependence that Fortran forbids in DO CONCURRENT; forocl runs its iterations in parallel, in no order, so the result is undefined",
				w.Var.Name, elemText(w), pos(w.Pos), verb, elemText(o), dep.Dist, dep.Along.Name).
				WithNote(w.Pos, "written here").
				WithHint("a recurrence must run in order: write it as a plain DO loop (forocl runs it serially), or read one array and write another (double buffering)")
			continue
		}
		l.c.diags.Warn(codeConcurrentUpdate, o.Pos, "%q is read and written through the computed subscript %s: iterations whose subscripts are equal update the same element at once, and updates are lost (a histogram); DO CONCURRENT promises that they never are",
			w.Var.Name, elemText(w)).
			WithNote(w.Pos, "written here").
			WithHint("if the subscripts can repeat, accumulate in a plain DO loop (forocl runs it serially) instead of DO CONCURRENT; if they never repeat, the result is right")
	}
}

// elemText spells an element for a message: affine subscripts in their
// affine form (a(i - 1)), others as written.
func elemText(e *ir.Elem) string {
	parts := make([]string, len(e.Index))
	for d := range e.Index {
		if d < len(e.Access) && !e.Access[d].IsComputed() {
			parts[d] = e.Access[d].String()
		} else {
			parts[d] = ir.ExprString(e.Index[d])
		}
	}
	return fmt.Sprintf("%s(%s)", e.Var.Name, strings.Join(parts, ", "))
}
