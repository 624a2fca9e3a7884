package sema

import "github.com/forocl/forocl/ast"

// Note [return in loop kernels]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A loop kernel is host code around launches (Note [loop kernels] in
// package ir), so RETURN at its top level ends the procedure, as legacy
// code writes it: "if (n <= 0) return" before the nests, or RETURN as the
// last statement. endAtReturn rewrites the top level once, before it is
// lowered, into the same statements without RETURN:
//
//   - a RETURN directly in the body ends it: what follows never runs and
//     is dropped;
//   - an IF (at the top level, or in a branch of one) some of whose
//     branches return takes the statements after it into each branch that
//     does not return, and gets an ELSE for them when it has none: "if (c)
//     return; rest" is "if (c) then; else; rest; end if", which lowers as
//     any IF between nests (each launch of rest tests .not. c).
//
// RETURN inside a sequential DO that runs serially is lowered before
// (Note [return in serial loops]). RETURN inside a parallel nest would
// leave the loop early, which no OpenMP or OpenACC loop allows and a
// launch cannot do: return-in-loop names it, and it is dropped so that it
// is reported once.

// endAtReturn is body without RETURN statements, with their meaning (Note
// [return in loop kernels]).
func (l *lowerer) endAtReturn(body []ast.Stmt) []ast.Stmt {
	for i, s := range body {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			return body[:i:i]
		case *ast.IfStmt:
			if !ifReturns(s) {
				continue
			}
			rest := body[i+1:]
			n := *s
			n.Then = l.endAtReturn(withRest(s.Then, rest))
			n.ElseIfs = make([]*ast.ElseIf, len(s.ElseIfs))
			for k, ei := range s.ElseIfs {
				e := *ei
				e.Body = l.endAtReturn(withRest(ei.Body, rest))
				n.ElseIfs[k] = &e
			}
			n.Else = l.endAtReturn(withRest(s.Else, rest))
			n.HasElse = n.HasElse || len(n.Else) > 0
			n.Single = false
			out := append([]ast.Stmt{}, l.returnsInLoops(body[:i])...)
			return append(out, &n)
		}
	}
	return l.returnsInLoops(body)
}

// withRest is a branch followed by rest, the statements after its IF,
// unless the branch returns on every path (then rest cannot run after it).
func withRest(branch, rest []ast.Stmt) []ast.Stmt {
	if branchReturns(branch) {
		return branch
	}
	return append(branch[:len(branch):len(branch)], rest...)
}

// branchReturns reports whether body ends in RETURN on every path that
// reaches its end: a RETURN at its top level, or an IF with an ELSE whose
// branches all always return.
func branchReturns(body []ast.Stmt) bool {
	for _, s := range body {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.IfStmt:
			if !s.HasElse || !branchReturns(s.Then) || !branchReturns(s.Else) {
				continue
			}
			all := true
			for _, ei := range s.ElseIfs {
				all = all && branchReturns(ei.Body)
			}
			if all {
				return true
			}
		}
	}
	return false
}

// ifReturns reports whether a branch of s, or of an IF in one, holds a
// RETURN outside any loop.
func ifReturns(s *ast.IfStmt) bool {
	bodies := [][]ast.Stmt{s.Then, s.Else}
	for _, ei := range s.ElseIfs {
		bodies = append(bodies, ei.Body)
	}
	for _, b := range bodies {
		for _, st := range b {
			switch st := st.(type) {
			case *ast.ReturnStmt:
				return true
			case *ast.IfStmt:
				if ifReturns(st) {
					return true
				}
			}
		}
	}
	return false
}

// returnsInLoops reports every RETURN inside the DO loops of body and
// returns body without them (Note [return in loop kernels]). Statements
// without a RETURN are kept as they are.
func (l *lowerer) returnsInLoops(body []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for i, s := range body {
		n := l.dropReturns(s, false)
		if n != s && out == nil {
			out = append([]ast.Stmt{}, body[:i]...)
		}
		if out != nil && n != nil {
			out = append(out, n)
		}
	}
	if out == nil {
		return body
	}
	return out
}

// dropReturns is s without the RETURNs inside its DO loops (inLoop: s is
// in one), each reported; s itself when it has none, nil for a RETURN.
func (l *lowerer) dropReturns(s ast.Stmt, inLoop bool) ast.Stmt {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		if inLoop {
			l.c.diags.Error(codeReturnInLoop, s.Pos, "\"return\" inside a DO loop of a loop kernel would leave the loop early, which a parallel loop cannot do").
				WithHint("set a flag and test it in an IF around the work, or return after the loop")
			return nil
		}
	case *ast.DoStmt:
		body := l.dropAll(s.Body, true)
		if sameStmts(body, s.Body) {
			return s
		}
		n := *s
		n.Body = body
		return &n
	case *ast.IfStmt:
		n := *s
		n.Then, n.Else = l.dropAll(s.Then, inLoop), l.dropAll(s.Else, inLoop)
		changed := !sameStmts(n.Then, s.Then) || !sameStmts(n.Else, s.Else)
		n.ElseIfs = make([]*ast.ElseIf, len(s.ElseIfs))
		for k, ei := range s.ElseIfs {
			e := *ei
			e.Body = l.dropAll(ei.Body, inLoop)
			changed = changed || !sameStmts(e.Body, ei.Body)
			n.ElseIfs[k] = &e
		}
		if changed {
			return &n
		}
	}
	return s
}

// dropAll is dropReturns over a list.
func (l *lowerer) dropAll(body []ast.Stmt, inLoop bool) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range body {
		if n := l.dropReturns(s, inLoop); n != nil {
			out = append(out, n)
		}
	}
	if sameStmts(out, body) {
		return body
	}
	return out
}

// sameStmts reports whether a and b hold the same statements.
func sameStmts(a, b []ast.Stmt) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
