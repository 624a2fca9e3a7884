package sema

import "github.com/forocl/forocl/ast"

// Note [section pointers]
// ~~~~~~~~~~~~~~~~~~~~~~~
// Array code may name sections through local pointers: iA => A(2:nx-1,
// 2:ny-1), lA => A(1:nx-2, 2:ny-1), then iB = (iA + lA)/2. A pointer so
// associated once, at the top level of the kernel, with a section of an
// array dummy, and used afterwards only by its name as a whole, is that
// section: sectionPointers finds such pointers and withSectionPointers
// writes the section in place of each use (and drops the association), so
// the kernel is one of array assignments (Note [array assignments]). The
// section's subscripts are evaluated at the association in Fortran, so
// none of the variables they read may be assigned after it (nor be a DO
// variable there). A pointer of any other use (an element p(i), a second
// association, a use before it, region_ptr) leaves the kernel to the
// region dialect's rules.

// sectionPointers returns, by name, the section each local pointer of
// scope s stands for (Note [section pointers]), and false when some
// local pointer is not such a one.
func sectionPointers(body []ast.Stmt, s *scope) (map[string]*ast.Call, bool) {
	out := map[string]*ast.Call{}
	for _, sym := range s.syms {
		if !sym.pointer || sym.dummy {
			continue
		}
		sec, ok := sectionPointer(body, s, sym.name)
		if !ok {
			return nil, false
		}
		out[sym.name] = sec
	}
	rest := withSectionPointers(body, out)
	for name := range out {
		if stmtNamesIn(rest, name) { // a use in a statement withSectionPointers does not rewrite
			return nil, false
		}
	}
	return out, true
}

// sectionPointer returns the section that pointer name is associated
// with, when it is one of Note [section pointers].
func sectionPointer(body []ast.Stmt, s *scope, name string) (*ast.Call, bool) {
	at := -1
	var sec *ast.Call
	for i, st := range body {
		a, ok := st.(*ast.AssignStmt)
		if !ok || !a.Pointer {
			continue
		}
		if id, ok := a.LHS.(*ast.Ident); !ok || id.Name != name {
			continue
		}
		c, ok := a.RHS.(*ast.Call)
		if at >= 0 || !ok || !isSectionRef(c) {
			return nil, false
		}
		if t := s.syms[c.Name.Name]; t == nil || !t.dummy || t.rank() == 0 {
			return nil, false
		}
		at, sec = i, c
	}
	if at < 0 || stmtNamesIn(body[:at], name) || stmtNamesIn(body[at+1:], name) && !wholeUses(body[at+1:], name) {
		return nil, false
	}
	read := map[string]bool{}
	walkAST(sec, func(x ast.Expr) {
		if id, ok := x.(*ast.Ident); ok {
			read[id.Name] = true
		}
	})
	changed := false
	walkStmts(body[at+1:], func(st ast.Stmt) {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if id, _ := lhsName(st.LHS); id != nil && read[id.Name] {
				changed = true
			}
		case *ast.DoStmt:
			changed = changed || st.Var != nil && read[st.Var.Name]
		}
	})
	return sec, !changed
}

// stmtNamesIn reports whether stmts name name anywhere.
func stmtNamesIn(stmts []ast.Stmt, name string) bool {
	found := false
	walkStmtExprs(stmts, func(e ast.Expr) {
		walkAST(e, func(x ast.Expr) {
			switch x := x.(type) {
			case *ast.Ident:
				found = found || x.Name == name
			case *ast.Call:
				found = found || x.Name.Name == name
			}
		})
	})
	return found
}

// wholeUses reports whether stmts name name only as a whole (never as
// p(...), never in a pointer assignment).
func wholeUses(stmts []ast.Stmt, name string) bool {
	ok := true
	walkStmts(stmts, func(st ast.Stmt) {
		if a, isA := st.(*ast.AssignStmt); isA && a.Pointer && (stmtNamesIn([]ast.Stmt{&ast.AssignStmt{LHS: a.LHS, RHS: a.RHS}}, name)) {
			ok = false
		}
	})
	walkStmtExprs(stmts, func(e ast.Expr) {
		walkAST(e, func(x ast.Expr) {
			if c, isC := x.(*ast.Call); isC && c.Name.Name == name {
				ok = false
			}
		})
	})
	return ok
}

// withSectionPointers is body with each pointer of secs replaced by its
// section, and the associations dropped (Note [section pointers]).
func withSectionPointers(body []ast.Stmt, secs map[string]*ast.Call) []ast.Stmt {
	if len(secs) == 0 {
		return body
	}
	var out []ast.Stmt
	for _, st := range body {
		if a, ok := st.(*ast.AssignStmt); ok && a.Pointer {
			if id, ok := a.LHS.(*ast.Ident); ok && secs[id.Name] != nil {
				continue
			}
		}
		out = append(out, st)
	}
	return mapStmtExprs(out, func(e ast.Expr) ast.Expr {
		for name, sec := range secs {
			e = substituteSection(e, name, sec)
		}
		return e
	})
}

// substituteSection is e with every whole use of name replaced by sec.
func substituteSection(e ast.Expr, name string, sec *ast.Call) ast.Expr {
	if id, ok := e.(*ast.Ident); ok && id.Name == name {
		c := *sec
		c.Pos = id.Pos
		return &c
	}
	switch x := e.(type) {
	case *ast.Paren:
		return &ast.Paren{Pos: x.Pos, X: substituteSection(x.X, name, sec)}
	case *ast.Unary:
		return &ast.Unary{Pos: x.Pos, Op: x.Op, X: substituteSection(x.X, name, sec)}
	case *ast.Binary:
		return &ast.Binary{Pos: x.Pos, OpPos: x.OpPos, Op: x.Op, X: substituteSection(x.X, name, sec), Y: substituteSection(x.Y, name, sec)}
	case *ast.Call:
		c := &ast.Call{Pos: x.Pos, Name: x.Name, Args: append([]ast.Arg(nil), x.Args...)}
		for i, a := range c.Args {
			if a.Value != nil {
				a.Value = substituteSection(a.Value, name, sec)
			}
			c.Args[i] = a
		}
		return c
	}
	return e
}

// mapStmtExprs is stmts with f applied to the expressions of their
// assignments, IF conditions, DO bounds, WHERE masks, SELECT CASE
// selectors and CALL arguments, in IFs, DO loops, SELECT CASE and WHERE
// constructs too.
func mapStmtExprs(stmts []ast.Stmt, f func(ast.Expr) ast.Expr) []ast.Stmt {
	opt := func(e ast.Expr) ast.Expr {
		if e == nil {
			return nil
		}
		return f(e)
	}
	out := make([]ast.Stmt, len(stmts))
	for i, s := range stmts {
		switch s := s.(type) {
		case *ast.AssignStmt:
			n := *s
			n.LHS, n.RHS = f(s.LHS), f(s.RHS)
			out[i] = &n
		case *ast.IfStmt:
			n := *s
			n.Cond, n.Then, n.Else = f(s.Cond), mapStmtExprs(s.Then, f), mapStmtExprs(s.Else, f)
			n.ElseIfs = make([]*ast.ElseIf, len(s.ElseIfs))
			for k, ei := range s.ElseIfs {
				e := *ei
				e.Cond, e.Body = f(ei.Cond), mapStmtExprs(ei.Body, f)
				n.ElseIfs[k] = &e
			}
			out[i] = &n
		case *ast.DoStmt:
			n := *s
			n.Lo, n.Hi, n.Step, n.Cond = opt(s.Lo), opt(s.Hi), opt(s.Step), opt(s.Cond)
			n.Body = mapStmtExprs(s.Body, f)
			out[i] = &n
		case *ast.WhereStmt:
			n := *s
			n.Mask, n.Body = opt(s.Mask), mapStmtExprs(s.Body, f)
			n.ElseWhere = make([]*ast.ElseWhere, len(s.ElseWhere))
			for k, ew := range s.ElseWhere {
				e := *ew
				e.Mask, e.Body = opt(ew.Mask), mapStmtExprs(ew.Body, f)
				n.ElseWhere[k] = &e
			}
			out[i] = &n
		case *ast.SelectCase:
			n := *s
			n.Expr = f(s.Expr)
			n.Cases = make([]*ast.Case, len(s.Cases))
			for k, c := range s.Cases {
				e := *c
				e.Body = mapStmtExprs(c.Body, f)
				n.Cases[k] = &e
			}
			out[i] = &n
		case *ast.CallStmt:
			n := *s
			n.Args = append([]ast.Arg(nil), s.Args...)
			for k, a := range n.Args {
				a.Value = opt(a.Value)
				n.Args[k] = a
			}
			out[i] = &n
		default:
			out[i] = s
		}
	}
	return out
}

// withoutSectionPointers is withSectionPointers for a loop kernel's body,
// its pointers no locals of the kernel any more.
func (l *lowerer) withoutSectionPointers(body []ast.Stmt) []ast.Stmt {
	secs, ok := sectionPointers(body, l.s)
	if !ok || len(secs) == 0 {
		return body
	}
	if l.loop.replaced == nil {
		l.loop.replaced = map[*symbol]bool{}
	}
	for name := range secs {
		l.loop.replaced[l.s.syms[name]] = true
	}
	return withSectionPointers(body, secs)
}
