package sema

import "github.com/forocl/forocl/ast"

// Note [cycle as if]
//
// "if (c) cycle" at the top level of a DO body skips the rest of the
// iteration: it is "if (.not. c) then <rest> end if", and a bare CYCLE
// there drops what follows it. withoutCycles rewrites every DO body of a
// kernel so before it is lowered, so that a nest or a sequential loop
// inside one takes the idiom (the F77 spelling "if (c) goto 10" with "10
// continue" ending the loop is a CYCLE already: Note [goto as cycle] in
// package parser). The host loops' own rule (hostBody) sees the IFs. A
// CYCLE deeper inside an IF, or naming an outer loop, is left as it is
// and refused where it stands.

// withoutCycles returns stmts with the DO bodies in them rewritten (Note
// [cycle as if]); what it changes is copied, never edited in place.
func withoutCycles(stmts []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, len(stmts))
	for i, s := range stmts {
		switch s := s.(type) {
		case *ast.DoStmt:
			d := *s
			d.Body = cycleBody(withoutCycles(s.Body))
			out[i] = &d
		case *ast.IfStmt:
			n := *s
			n.Then, n.Else = withoutCycles(s.Then), withoutCycles(s.Else)
			n.ElseIfs = make([]*ast.ElseIf, len(s.ElseIfs))
			for k, ei := range s.ElseIfs {
				e := *ei
				e.Body = withoutCycles(ei.Body)
				n.ElseIfs[k] = &e
			}
			out[i] = &n
		case *ast.SelectCase:
			n := *s
			n.Cases = make([]*ast.Case, len(s.Cases))
			for k, c := range s.Cases {
				cc := *c
				cc.Body = withoutCycles(c.Body)
				n.Cases[k] = &cc
			}
			out[i] = &n
		default:
			out[i] = s
		}
	}
	return out
}

// cycleBody rewrites the top level of one DO body (Note [cycle as if]).
func cycleBody(body []ast.Stmt) []ast.Stmt {
	for i, s := range body {
		if o, ok := s.(*ast.OtherStmt); ok && isBareCycle(o) {
			return body[:i:i]
		}
		is, cond := cycleIf(s)
		if !is {
			continue
		}
		rest := cycleBody(body[i+1:])
		out := append([]ast.Stmt{}, body[:i]...)
		if len(rest) == 0 {
			return out
		}
		span := s.Span()
		not := &ast.Unary{Pos: cond.Span(), Op: ".not.", X: cond}
		return append(out, &ast.IfStmt{Pos: span, Cond: not, Then: rest, End: span})
	}
	return body
}

// isBareCycle reports whether o is CYCLE with no construct name.
func isBareCycle(o *ast.OtherStmt) bool {
	is, _ := cycleIf(&ast.IfStmt{Then: []ast.Stmt{o}})
	return is
}
