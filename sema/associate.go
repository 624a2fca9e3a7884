package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// Note [associate]
//
// An ASSOCIATE block of a kernel,
//
//	associate (ims => lbound(u, dim=1), ime => ubound(u, dim=1))
//	  u([ims, ime], :) = 0
//	end associate
//
// names each selector for the block. The parser keeps the associations
// on the ASSOCIATE statement (ast.OtherStmt.Assoc) and the block flat
// after it; expandAssociates writes each selector, in parentheses, in
// place of its name throughout the block and drops the two statements.
// That is Fortran's meaning when the selector's value cannot change in
// the block: Fortran evaluates an expression selector once, on entry, so
// a selector that reads a variable the block assigns (other than as the
// array of an inquiry, lbound(u), size(u), whose bounds no assignment
// changes, or the variable a designator selector names, y => a(1), an
// alias of it) is associate-selector, as is a name the rewrite cannot reach
// (a statement other than assignments, IFs, DO loops and WHERE naming it,
// or a subscripted use) and
// an ASSOCIATE whose list did not parse or whose END is missing.

// inquiries are the intrinsics whose array argument's values they do
// not read.
var inquiries = map[string]bool{"lbound": true, "ubound": true, "size": true, "shape": true, "kind": true}

// expandAssociates returns body with its ASSOCIATE blocks written out
// (Note [associate]), reporting those it cannot write out to diags.
func expandAssociates(body []ast.Stmt, s *scope, diags *diag.List) []ast.Stmt {
	var out []ast.Stmt
	for i := 0; i < len(body); i++ {
		o, ok := body[i].(*ast.OtherStmt)
		if !ok || o.Keyword != "associate" {
			out = append(out, body[i])
			continue
		}
		end := associateEnd(body, i)
		if end < 0 || o.Assoc == nil {
			diags.Error(codeAssociateSelector, o.Pos, "this ASSOCIATE statement is not of the form associate (name => selector, ...) with its end associate in the same block").
				WithHint("write each association as name => expression")
			if end < 0 {
				return out // the rest is the unclosed block
			}
			i = end // the block is dropped: its names mean nothing without it
			continue
		}
		block, ok := associateBlock(o, expandAssociates(body[i+1:end], s, diags), s, diags)
		if ok {
			out = append(out, block...)
		}
		i = end
	}
	return out
}

// associateBlock returns block, the statements of the ASSOCIATE o, with
// each selector written in place of its name (Note [associate]); false
// after reporting why it cannot be.
func associateBlock(o *ast.OtherStmt, block []ast.Stmt, s *scope, diags *diag.List) ([]ast.Stmt, bool) {
	for _, a := range o.Assoc {
		if why := selectorChanges(a.Selector, block, s); why != "" {
			diags.Error(codeAssociateSelector, a.Selector.Span(), "the selector of %q reads %q, which the block assigns; Fortran evaluates it once, on entry", a.Name.Orig, why).
				WithHint("assign the selector to a variable before the block and associate with that")
			return nil, false
		}
		name, sel := a.Name.Name, a.Selector
		write := func(sel ast.Expr) []ast.Stmt {
			return mapStmtExprs(block, func(e ast.Expr) ast.Expr {
				x := substitute(e, name, sel)
				if p, ok := x.(*ast.Paren); ok && isNamed(e, name) {
					return p.X // the whole expression, or an assignment's target
				}
				return x
			})
		}
		// A use left after writing a placeholder is one the rewrite does
		// not reach (the selector itself may name an outer "name").
		left := stmtNamesIn(write(&ast.Ident{Pos: a.Name.Pos, Name: "\x00", Orig: a.Name.Orig}), name)
		block = write(sel)
		if left {
			diags.Error(codeAssociateSelector, a.Name.Pos, "%q is used in a statement of the block that forocl cannot rewrite (only assignments, IFs, DO loops and WHERE, the name used whole)", a.Name.Orig).
				WithHint("use the selector itself there")
			return nil, false
		}
	}
	return block, true
}

// associateEnd returns the index of the "end associate" that closes the
// ASSOCIATE at body[at], or -1.
func associateEnd(body []ast.Stmt, at int) int {
	depth := 0
	for j := at; j < len(body); j++ {
		o, ok := body[j].(*ast.OtherStmt)
		switch {
		case !ok:
		case o.Keyword == "associate":
			depth++
		case o.Keyword == "end associate":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// selectorChanges returns a variable that selector sel (of scope s) reads
// and block assigns, or "": an inquiry's array argument and the variable
// a designator selector names (an alias, whatever its values) aside,
// only its subscripts.
func selectorChanges(sel ast.Expr, block []ast.Stmt, s *scope) string {
	read := map[string]bool{}
	note := func(x ast.Expr) {
		switch x := x.(type) {
		case *ast.Ident:
			read[x.Name] = true
		case *ast.Call:
			read[x.Name.Name] = true
		}
	}
	switch x := sel.(type) {
	case *ast.Ident: // a variable: an alias
	case *ast.Call:
		if sym := s.lookup(x.Name.Name).sym; sym != nil && sym.rank() > 0 {
			argExprs(x, func(y ast.Expr) { walkValues(y, note) }) // an element or section: its subscripts
			break
		}
		walkValues(sel, note)
	default:
		walkValues(sel, note)
	}
	changed := ""
	walkStmts(block, func(st ast.Stmt) {
		if a, ok := st.(*ast.AssignStmt); ok {
			if id, _ := lhsName(a.LHS); id != nil && read[id.Name] && changed == "" {
				changed = id.Orig
			}
		}
	})
	return changed
}

// isNamed reports whether e is the name name.
func isNamed(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// walkValues calls f for e and every expression inside it whose value e
// reads: the array argument of an inquiry (lbound(u, 1)) is not read.
func walkValues(e ast.Expr, f func(ast.Expr)) {
	f(e)
	switch x := e.(type) {
	case *ast.Call:
		for k, a := range x.Args {
			if k == 0 && inquiries[x.Name.Name] {
				continue
			}
			argExprs(&ast.Call{Args: []ast.Arg{a}}, func(y ast.Expr) { walkValues(y, f) })
		}
	case *ast.Unary:
		walkValues(x.X, f)
	case *ast.Binary:
		walkValues(x.X, f)
		walkValues(x.Y, f)
	case *ast.Paren:
		walkValues(x.X, f)
	case *ast.ArrayCons:
		for _, y := range x.Elems {
			walkValues(y, f)
		}
	}
}

// argExprs calls f with each expression of c's arguments: values and
// triplet bounds.
func argExprs(c *ast.Call, f func(ast.Expr)) {
	for _, a := range c.Args {
		for _, y := range []ast.Expr{a.Value, a.Lo, a.Hi, a.Stride} {
			if y != nil {
				f(y)
			}
		}
	}
}
