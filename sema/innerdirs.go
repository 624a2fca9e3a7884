package sema

import "github.com/forocl/forocl/ast"

// innerLoopDirective reports whether d, a directive inside a parallel
// nest, is a loop directive (or its end line): one whose loop forocl runs
// in parallel where it proves the iterations independent, else in
// sequence, which is the loop's meaning either way.
func innerLoopDirective(d *ast.LoopDirective) bool {
	kind, _, _, _ := readDirective(d) // Note [directives in loop kernels]
	return kind == dirLoop || kind == dirSeqLoop
}

// nestDirective checks a directive found in the body of a parallel nest
// (between its loops or among its statements), or in a kernel that is not
// a loop kernel: none is ever dropped in silence.
func (l *lowerer) nestDirective(d *ast.LoopDirective) {
	kind, c, clauses, end := readDirective(d)
	switch {
	case !end && l.cSyntax(d, kind, clauses):
	case l.loop == nil && kind == dirStandalone && (c == "declare target" || c == "routine"):
		// A function compiled for the device: what the line asks for.
	case l.loop == nil:
		l.c.diags.Warn(codeDirectiveIgnored, d.Pos, "!$%s %s has no effect in %s, which runs every element in parallel by itself", d.API, d.Words(), l.where)
	case !innerLoopDirective(d):
		l.c.diags.Error(codeInnerDirective, d.Pos, "!$%s %s inside a parallel loop nest has no translation", d.API, d.Words()).
			WithHint("inside a nest forocl reads only loop directives (!$omp simd, !$omp do, !$acc loop); move the work this directive guards out of the nest")
	}
}

// nestDirectives checks the directives between the loops of a nest, which
// perfectInner steps over.
func (l *lowerer) nestDirectives(loops []nestLoop) {
	for k := 0; k+1 < len(loops); k++ {
		if loops[k].s == loops[k+1].s {
			continue // DO CONCURRENT indices share a statement
		}
		for _, s := range loops[k].s.Body {
			if d, ok := s.(*ast.LoopDirective); ok {
				l.nestDirective(d)
			}
		}
	}
}
