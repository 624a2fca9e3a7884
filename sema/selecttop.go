package sema

import "github.com/forocl/forocl/ast"

// caseCond is the condition under which case c of a SELECT CASE on sel
// runs: the .or. of its values (sel == v, or lo <= sel .and. sel <= hi).
func caseCond(sel ast.Expr, c *ast.Case) ast.Expr {
	var cond ast.Expr
	for _, v := range c.Values {
		var x ast.Expr
		switch {
		case !v.Range:
			x = &ast.Binary{Pos: c.Pos, OpPos: v.Lo.Span(), Op: "==", X: sel, Y: v.Lo}
		case v.Lo == nil:
			x = &ast.Binary{Pos: c.Pos, OpPos: v.Hi.Span(), Op: "<=", X: sel, Y: v.Hi}
		case v.Hi == nil:
			x = &ast.Binary{Pos: c.Pos, OpPos: v.Lo.Span(), Op: ">=", X: sel, Y: v.Lo}
		default:
			x = &ast.Binary{Pos: c.Pos, OpPos: v.Lo.Span(), Op: ".and.",
				X: &ast.Binary{Pos: c.Pos, OpPos: v.Lo.Span(), Op: ">=", X: sel, Y: v.Lo},
				Y: &ast.Binary{Pos: c.Pos, OpPos: v.Hi.Span(), Op: "<=", X: sel, Y: v.Hi}}
		}
		if cond == nil {
			cond = x
		} else {
			cond = &ast.Binary{Pos: c.Pos, OpPos: c.Pos, Op: ".or.", X: cond, Y: x}
		}
	}
	return cond
}

// selectAsIf writes a SELECT CASE at the top level of a loop kernel as
// the IF chain that selectCase makes of one in a nest, so that it lowers
// as an IF between nests does (the host takes the branch; the selector
// is evaluated once per case, which changes nothing). ok is false for a
// construct selectCase would report: a second CASE DEFAULT, or
// statements before the first CASE.
func selectAsIf(s *ast.SelectCase) (*ast.IfStmt, bool) {
	out := &ast.IfStmt{Pos: s.Pos, End: s.End}
	var def []ast.Stmt
	hasDefault := false
	for _, c := range s.Cases {
		switch {
		case c.Default && hasDefault, !c.Default && c.Values == nil:
			return nil, false
		case c.Default:
			def, hasDefault = c.Body, true
		case out.Cond == nil:
			out.Cond, out.Then = caseCond(s.Expr, c), c.Body
		default:
			out.ElseIfs = append(out.ElseIfs, &ast.ElseIf{Pos: c.Pos, Cond: caseCond(s.Expr, c), Body: c.Body})
		}
	}
	if out.Cond == nil { // only CASE DEFAULT, or no case
		out.Cond = &ast.LogicalLit{Pos: s.Pos, Value: true}
		out.Then, def, hasDefault = def, nil, false
	}
	out.Else, out.HasElse = def, hasDefault
	return out, true
}
