package sema

import "github.com/forocl/forocl/ast"

// Note [local arrays shared across nests]
//
// A local array of a loop kernel with constant bounds is private to each
// work-item (privateArray) only while every nest that uses it gives it
// its values first: real :: t(3) set and read in one iteration. A nest
// that reads it before (or without) writing it, as in
//
//	real :: hx(nx+1, ny)
//	do j = 1, ny; do i = 1, nx+1; hx(i,j) = ...; end do; end do
//	do j = 2, ny+1; do i = 2, nx+1; h(i,j) = h(i,j) + hx(i-1,j-1) - hx(i,j-1); end do; end do
//
// takes values that another nest stored, which a private copy of each
// work-item cannot hold (each nest is a launch of its own). Such an
// array is the host procedure's device temporary instead, exactly as an
// automatic array is (Note [automatic arrays]): one buffer at its
// declared bounds, shared by the work-items and the launches, whose
// accesses the dependence analysis checks as a dummy's. So a local array
// is shared when more than one unit of the kernel's body uses it and one
// of those units reads it before it writes it, in source order (the
// right-hand side of an assignment before its target); a unit inside a
// host loop counts twice, as its next run reads what it stored. A unit is what
// lowers to one launch: a nest, a top-level array assignment, WHERE or
// FORALL; sequential loops around nests (host loops) and IFs that hold
// nests are looked through. A local array used in one unit only stays
// private, and so does one of rank over 3 (the ranks automatic arrays
// have), for which checkPrivateFlow still reports a read that no
// assignment of the nest sets, and one that a directive's private or
// firstprivate clause or a DO CONCURRENT's local or local_init names:
// the program says each iteration has its own.

// sharedLocals returns the local arrays of the loop kernel with body
// body that must be shared by its nests (Note [local arrays shared
// across nests]).
func (l *lowerer) sharedLocals(body []ast.Stmt) map[*symbol]bool {
	uses := map[*symbol]int{} // per array: the units that use it
	readFirst := map[*symbol]bool{}
	for _, u := range kernelUnits(body, false) {
		first := map[*symbol]bool{} // arrays this unit has used, true when it read first
		seen := func(name string, write bool) {
			sym := l.s.syms[name]
			if sym == nil || sym.dummy || sym.param || sym.rank() == 0 {
				return
			}
			if _, ok := first[sym]; !ok {
				first[sym] = !write
			}
		}
		unitEvents(u.stmts, seen)
		for sym, rf := range first {
			uses[sym]++
			if u.repeated {
				uses[sym]++ // the unit's next run reads what this one stored
			}
			readFirst[sym] = readFirst[sym] || rf
		}
	}
	named := privateNames(body)
	shared := map[*symbol]bool{}
	for sym, n := range uses {
		if n > 1 && readFirst[sym] && sym.rank() <= 3 && !named[sym.name] {
			shared[sym] = true
		}
	}
	return shared
}

// unit is one unit of a kernel's body (Note [local arrays shared across
// nests]); repeated when a host loop around it runs it again.
type unit struct {
	stmts    []ast.Stmt
	repeated bool
}

// kernelUnits splits a loop kernel's body into its units (Note [local
// arrays shared across nests]): a DO loop that a directive marks, or
// that holds no nest, is one; the body of a DO that holds nests (a host
// loop, whose units repeat) and the branches of an IF that holds nests
// are split further. repeated says body is inside a host loop.
func kernelUnits(body []ast.Stmt, repeated bool) []unit {
	var out []unit
	marked := false
	for _, s := range body {
		switch s := s.(type) {
		case *ast.LoopDirective:
			marked = len(s.Clauses) > 0 && s.Clauses[0].Name != "end"
			continue
		case *ast.DoStmt:
			if !marked && s.Form != ast.DoConcurrent && isLoopKernel(s.Body) {
				out = append(out, kernelUnits(s.Body, true)...)
				continue
			}
		case *ast.IfStmt:
			if isLoopKernel([]ast.Stmt{s}) {
				out = append(out, kernelUnits(s.Then, repeated)...)
				for _, ei := range s.ElseIfs {
					out = append(out, kernelUnits(ei.Body, repeated)...)
				}
				out = append(out, kernelUnits(s.Else, repeated)...)
				continue
			}
		}
		marked = false
		out = append(out, unit{[]ast.Stmt{s}, repeated})
	}
	return out
}

// unitEvents calls f, in source order, for every name that the
// statements of u read (write false) or assign (write true): an
// assignment's right-hand side and target subscripts before its target.
func unitEvents(u []ast.Stmt, f func(name string, write bool)) {
	read := func(e ast.Expr) {
		walkAST(e, func(x ast.Expr) {
			switch x := x.(type) {
			case *ast.Ident:
				f(x.Name, false)
			case *ast.Call:
				f(x.Name.Name, false)
			}
		})
	}
	walkStmts(u, func(s ast.Stmt) {
		a, ok := s.(*ast.AssignStmt)
		if !ok {
			for _, e := range stmtExprs(s) {
				read(e)
			}
			return
		}
		read(a.RHS)
		switch t := a.LHS.(type) {
		case *ast.Ident:
			f(t.Name, true)
		case *ast.Call:
			for _, arg := range t.Args {
				read(arg.Value)
				read(arg.Lo)
				read(arg.Hi)
				read(arg.Stride)
			}
			f(t.Name.Name, true)
		default:
			read(a.LHS)
		}
	})
}

// privateNames returns the names that the private and firstprivate
// clauses of body's directives and the local and local_init specifiers
// of its DO CONCURRENTs make each iteration's own.
func privateNames(body []ast.Stmt) map[string]bool {
	out := map[string]bool{}
	walkStmts(body, func(st ast.Stmt) {
		switch st := st.(type) {
		case *ast.LoopDirective:
			for _, c := range st.Clauses {
				if c.Name == "private" || c.Name == "firstprivate" {
					for _, id := range c.Args {
						out[id.Name] = true
					}
				}
			}
		case *ast.DoStmt:
			for _, lc := range st.Locality {
				if lc.Kind == "local" || lc.Kind == "local_init" {
					for _, id := range lc.Names {
						out[id.Name] = true
					}
				}
			}
		}
	})
	return out
}
