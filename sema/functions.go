package sema

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [user functions]
//
// A kernel (or a function it calls) may call a scalar function of the
// files given: a module procedure, a procedure contained in the kernel,
// or an external function of any given file (with or without an EXTERNAL
// statement, an interface block or a type declaration of its name, which
// Fortran's implicit typing also gives). Each becomes an inline OpenCL
// function (ir.Func; lowerFunc).
//
// A function declared pure or elemental is checked by the rules of pure
// procedures. Any other function is accepted when it is pure in effect:
// sideEffect finds the first statement that assigns a dummy, a variable of
// its host or module, or a local that keeps its value between calls (save
// or an initialiser), or that calls a subroutine, does input or output or
// stops; the call is then refused with function-side-effect, named at the
// call with a note at the statement. Its dummies then have no intent to
// check: none is written.
//
// A function contained in a subprogram may read the variables of its host
// (host association). Each host scalar it reads becomes an extra parameter
// of its ir.Func, after its dummies, and every call passes the caller's
// value of that name (hostArgs): the host's own variable, or, from a
// sibling contained function, that function's extra parameter. A host
// array is refused (function-host-array).

// funcName returns the function that the scalar symbol sym of a kernel or
// function names (Note [user functions]): sym is declared EXTERNAL, or it
// only types a function that the scope calls; nil when sym is a variable.
func (c *checker) funcName(sym *symbol) *proc {
	if sym.dummy || sym.param || sym.rank() > 0 || sym.pointer || sym.alloc || sym.init != nil {
		return nil
	}
	p := sym.sc.procNamed(sym.name)
	if p == nil || p.sub.Kind != ast.Function {
		return nil
	}
	if isExternal(sym) || sym.sc.sub != nil && calls(sym.sc.sub.Body, sym.name) {
		return p
	}
	return nil
}

func isExternal(sym *symbol) bool {
	for _, w := range sym.other {
		if w == "external" {
			return true
		}
	}
	return false
}

// procNamed resolves name to a procedure as lookup does, passing over the
// variables that s and its hosts declare.
func (s *scope) procNamed(name string) *proc {
	for t := s; t != nil; t = t.parent {
		if p, ok := t.procs[name]; ok {
			return p
		}
		for _, u := range t.uses {
			if e := t.c.fromUse(u, name, map[string]bool{}); e.proc != nil {
				return e.proc
			}
		}
	}
	return s.c.global[name]
}

// calls reports whether body references name with an argument list.
func calls(body []ast.Stmt, name string) bool {
	found := false
	walkStmtExprs(body, func(e ast.Expr) {
		if call, ok := e.(*ast.Call); ok && call.Name.Name == name {
			found = true
		}
	})
	return found
}

// walkStmts calls f for every statement of list and of the constructs in it.
func walkStmts(list []ast.Stmt, f func(ast.Stmt)) {
	for _, s := range list {
		f(s)
		switch s := s.(type) {
		case *ast.IfStmt:
			walkStmts(s.Then, f)
			for _, ei := range s.ElseIfs {
				walkStmts(ei.Body, f)
			}
			walkStmts(s.Else, f)
		case *ast.WhereStmt:
			walkStmts(s.Body, f)
			for _, ew := range s.ElseWhere {
				walkStmts(ew.Body, f)
			}
		case *ast.DoStmt:
			walkStmts(s.Body, f)
		case *ast.ForallStmt:
			walkStmts(s.Body, f)
		case *ast.SelectCase:
			for _, cs := range s.Cases {
				walkStmts(cs.Body, f)
			}
		}
	}
}

// walkStmtExprs calls f for every expression of the statements of list.
func walkStmtExprs(list []ast.Stmt, f func(ast.Expr)) {
	walkStmts(list, func(s ast.Stmt) {
		for _, e := range stmtExprs(s) {
			walkAST(e, f)
		}
	})
}

// stmtExprs returns the expressions of s itself, not those of the
// statements in its body.
func stmtExprs(s ast.Stmt) []ast.Expr {
	var es []ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		es = []ast.Expr{s.LHS, s.RHS}
	case *ast.IfStmt:
		es = []ast.Expr{s.Cond}
		for _, ei := range s.ElseIfs {
			es = append(es, ei.Cond)
		}
	case *ast.WhereStmt:
		es = []ast.Expr{s.Mask}
		for _, ew := range s.ElseWhere {
			es = append(es, ew.Mask)
		}
	case *ast.DoStmt:
		es = []ast.Expr{s.Lo, s.Hi, s.Step, s.Mask, s.Cond}
		for _, ix := range s.Indices {
			es = append(es, ix.Lo, ix.Hi, ix.Step)
		}
	case *ast.ForallStmt:
		es = []ast.Expr{s.Mask}
		for _, ix := range s.Indices {
			es = append(es, ix.Lo, ix.Hi, ix.Step)
		}
	case *ast.SelectCase:
		es = []ast.Expr{s.Expr}
	case *ast.CallStmt:
		for _, a := range s.Args {
			es = append(es, a.Value)
		}
	case *ast.WriteStmt:
		es = append([]ast.Expr{s.Unit}, s.Items...)
	}
	return es
}

// ioKeywords are the statements that make a function impure in effect,
// with what they do.
var ioKeywords = map[string]string{
	"print": "does output", "write": "does output", "read": "does input",
	"open": "opens a file", "close": "closes a file", "inquire": "inquires about a file",
	"backspace": "positions a file", "rewind": "positions a file", "flush": "flushes a file",
	"endfile": "writes an end of file", "stop": "stops the program",
	"error stop": "stops the program", "pause": "pauses the program",
}

// sideEffect returns what makes function p impure in effect and the
// statement that does it, or "" (Note [user functions]). For a
// subroutine (sub), assigning its own dummies other than intent(in)
// ones is its purpose, not a side effect, and its calls are checked when
// they are inlined.
func (c *checker) sideEffect(p *proc, sub bool) (why string, at diag.Span) {
	s := c.procScope(p)
	walkStmts(p.sub.Body, func(st ast.Stmt) {
		if why != "" {
			return
		}
		switch st := st.(type) {
		case *ast.CallStmt:
			if !sub { // a subroutine's calls are inlined and checked in turn (Note [subroutine calls])
				why, at = fmt.Sprintf("calls subroutine %q", st.Name.Orig), st.Pos
			}
		case *ast.OtherStmt:
			if w, ok := ioKeywords[st.Keyword]; ok {
				why, at = w, st.Pos
			}
		case *ast.WriteStmt:
			why, at = ioKeywords[st.Keyword], st.Pos
		case *ast.AssignStmt:
			if id, _ := lhsName(st.LHS); sub && id != nil {
				if sym := s.lookup(id.Name).sym; sym != nil && sym.dummy && sym.sc == s && sym.intent != ast.IntentIn {
					return
				}
			}
			if w := c.writeEffect(s, st.LHS); w != "" {
				why, at = w, st.Pos
			}
		}
	})
	return why, at
}

// writeEffect says why an assignment to lhs in a function of scope s is a
// side effect, or "".
func (c *checker) writeEffect(s *scope, lhs ast.Expr) string {
	var id ast.Ident
	switch x := lhs.(type) {
	case *ast.Ident:
		id = *x
	case *ast.Call:
		id = x.Name
	default:
		return ""
	}
	sym := s.lookup(id.Name).sym
	switch {
	case sym == nil:
		return ""
	case sym.dummy && sym.sc == s:
		return fmt.Sprintf("assigns its argument %q", id.Orig)
	case sym.sc != s && sym.sc.sub != nil:
		return fmt.Sprintf("assigns %q of its host %q", id.Orig, sym.sc.sub.Name.Orig)
	case sym.sc != s:
		return fmt.Sprintf("assigns module variable %q", id.Orig)
	case sym.save || sym.init != nil && !sym.param:
		return fmt.Sprintf("assigns %q, which keeps its value between calls", id.Orig)
	}
	return ""
}

// effectivelyPure reports a call of function p that is not declared pure
// when p has a side effect, and says whether the call may go on.
func (l *lowerer) effectivelyPure(e *ast.Call, p *proc) bool {
	if p.sub.Impure {
		l.errorf(codeFunctionNotPure, e.Name.Pos, "function %q is impure; %s may call only functions without side effects", e.Name.Orig, l.where).
			WithHint("remove \"impure\" if it has no side effects").
			WithNote(p.sub.Name.Pos, "declared here")
		return false
	}
	why, at := l.c.sideEffect(p, false)
	if why == "" {
		return true
	}
	l.errorf(codeFunctionSideEffect, e.Name.Pos, "function %q %s; %s may call only functions without side effects", e.Name.Orig, why, l.where).
		WithHint("work-items call it at once and in any order; make it compute only its result from its arguments").
		WithNote(at, "here")
	return false
}

// hostRef lowers a reference to sym, a variable of the subprogram that
// contains the function being lowered, as the function's extra parameter
// for it (Note [user functions]); ok is false when sym is no such
// variable.
func (l *lowerer) hostRef(id *ast.Ident, sym *symbol) (x ir.Expr, ok bool) {
	st := l.c.funcs[l.sub]
	if l.fn == nil || st == nil || sym.sc == l.s || sym.sc.sub == nil {
		return nil, false
	}
	if v := st.hostVars[sym]; v != nil {
		return &ir.Ref{Pos: id.Pos, Var: v}, true
	}
	if sym.rank() > 0 {
		l.errorf(codeFunctionHostArray, id.Pos, "function %q reads array %q of its host %q; forocl passes only host scalars to contained functions", l.sub.Name.Orig, id.Orig, sym.sc.sub.Name.Orig).
			WithHint("pass %s as an argument", id.Orig).
			WithNote(sym.pos, "declared here")
		l.broken[sym] = true
		return nil, true
	}
	if sym.typ == nil && sym.sc.isImplicitNone() {
		return nil, true // reported in the host
	}
	v := &ir.Var{Name: sym.orig, Kind: l.c.symKind(sym), Role: ir.Dummy, Intent: ir.In, Pos: sym.pos}
	if st.hostVars == nil {
		st.hostVars = map[*symbol]*ir.Var{}
	}
	st.hostVars[sym] = v
	st.host = append(st.host, sym)
	l.fn.Params = append(l.fn.Params, v)
	return &ir.Ref{Pos: id.Pos, Var: v}, true
}

// hostArgs returns the caller's values of the host variables that the
// contained function p reads, in the order of its extra parameters.
func (l *lowerer) hostArgs(p *proc, at diag.Span) []ir.Expr {
	st := l.c.funcs[p.sub]
	if st == nil {
		return nil
	}
	var out []ir.Expr
	for _, sym := range st.host {
		out = append(out, l.ident(&ast.Ident{Pos: at, Name: sym.name, Orig: sym.orig}))
	}
	return out
}

// interfaceLine reports whether st belongs to an interface block, which
// only declares procedures that the files define (Note [user functions]);
// in tracks whether a block is open.
func interfaceLine(st *ast.OtherStmt, in *bool) bool {
	switch st.Keyword {
	case "interface", "abstract interface":
		*in = true
		return true
	case "end interface":
		*in = false
		return true
	}
	return *in
}

// symbolCall lowers name(args) where name is a symbol of the scope that
// names a function, or reports why it names none (Note [user functions]);
// ok is false when name(args) is no call.
func (l *lowerer) symbolCall(e *ast.Call, sym *symbol) (x ir.Expr, ok bool) {
	if p := l.c.funcName(sym); p != nil {
		return l.userCall(e, p), true
	}
	if sym.rank() > 0 && sym.sc != l.s {
		return l.hostRef(&e.Name, sym)
	}
	if sym.dummy || sym.param || sym.rank() > 0 || sym.pointer || sym.alloc || sym.init != nil || sym.sc != l.s {
		return nil, false
	}
	if !isExternal(sym) && l.assigns(sym.name) {
		return nil, false // a variable: not an array
	}
	l.errorf(codeFunctionUndefined, e.Name.Pos, "%q is called as a function, but none of the files given defines a function %q", e.Name.Orig, e.Name.Orig).
		WithHint("give the file that defines %s on the command line", e.Name.Orig).
		WithNote(sym.pos, "declared here")
	return nil, true
}

// procSymbol reports whether sym names a procedure rather than a variable:
// it is declared EXTERNAL or types a function (Note [user functions]).
func (c *checker) procSymbol(sym *symbol) bool {
	return isExternal(sym) || c.funcName(sym) != nil
}

// uniqueFuncNames renames a function whose name an earlier function of
// fns has (two kernels may each contain a function f), appending _2, _3,
// so that each OpenCL function has its own name.
func uniqueFuncNames(fns []*ir.Func) {
	taken := map[string]bool{}
	for _, f := range fns {
		name := f.Name
		for i := 2; taken[strings.ToLower(name)]; i++ {
			name = fmt.Sprintf("%s_%d", f.Name, i)
		}
		taken[strings.ToLower(name)] = true
		f.Name = name
	}
}

// assigns reports whether the body of the unit being lowered assigns name.
func (l *lowerer) assigns(name string) bool {
	found := false
	walkStmts(l.sub.Body, func(st ast.Stmt) {
		if a, ok := st.(*ast.AssignStmt); ok {
			if id, ok := a.LHS.(*ast.Ident); ok && id.Name == name {
				found = true
			}
		}
	})
	return found
}
