package sema

import (
	"fmt"
	"slices"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [subroutine calls]
//
// A kernel may call a subroutine of the files given (contained, module or
// external; issue 22) in a parallel nest, in the serial code of a loop
// kernel's host procedure, or in an array-syntax kernel. forocl inlines
// the call: each scalar dummy becomes a private local of the kernel
// (named subroutine_dummy), which takes the actual argument's value on
// entry (copy-in, except for intent(out)), the callee's body runs on it
// in the callee's scope, and the actual argument, which must then be a
// variable, takes the dummy's value on return (copy-out, for intent(out),
// intent(inout), and a dummy without intent that the body assigns). The
// callee's locals become the kernel's private locals as well, its local
// arrays private arrays (Note [local arrays of inlined calls] in
// sema/calllocals.go).
//
// Copy-in/copy-out keeps Fortran's semantics: the standard lets a
// processor pass scalars by value-result, because a program may not
// modify a dummy that is associated with another dummy or with a variable
// the procedure otherwise references (F2018 15.5.2.13). An actual
// expression is evaluated once, before the body runs, as Fortran does.
// Inlining, rather than an OpenCL function with pointer parameters,
// reuses the nest's own rules for what its iterations write: an array
// element passed as an intent(out) actual is a write of the nest, checked
// for conflicts like any assignment.
//
// An array dummy is associated with its actual, not copied (Note [array
// arguments of inlined calls] in sema/callarrays.go).
//
// The callee must be pure in effect as a function must (Note [user
// functions]), except that it may assign its own dummies and call other
// subroutines, which are inlined in turn when its body is lowered, in its
// scope: at most maxCallDepth levels (call-subroutine-nested), and a
// subroutine that is already being inlined is recursion (l.inlining).
// Pointer, optional and structure dummies are refused
// (call-array-argument).

// maxCallDepth is how many calls deep forocl inlines.
const maxCallDepth = 8

// inlineCall lowers "call name(args)" by inlining the subroutine that name
// names, with stmts lowering the statements of the context (a nest, the
// top level of a loop kernel, or an array-syntax kernel). ok is false when
// name names no subroutine of the files; the caller then reports it.
func (l *lowerer) inlineCall(cs *ast.CallStmt, stmts func([]ast.Stmt) []ir.Stmt) (out []ir.Stmt, ok bool) {
	p := l.s.procNamed(cs.Name.Name)
	if p == nil || p.sub.Kind != ast.Subroutine {
		return nil, false
	}
	if p.sub == l.sub || slices.Contains(l.inlining, p) {
		l.errorf(codeRecursion, cs.Name.Pos, "subroutine %q is recursive; forocl cannot translate recursion", cs.Name.Orig)
		return nil, true
	}
	if len(l.inlining) >= maxCallDepth {
		l.errorf(codeCallNested, cs.Name.Pos, "this call of subroutine %q is nested %d calls deep; forocl inlines at most %d levels", cs.Name.Orig, len(l.inlining)+1, maxCallDepth).
			WithHint("inline one level by hand, or make an inner subroutine a pure function")
		return nil, true
	}
	if !l.calleeFits(cs, p) {
		return nil, true
	}
	if args, ok := l.structActuals(cs, p); ok { // Note [structure arguments]
		flat := *cs
		flat.Args = args
		cs = &flat
	}
	actuals, good := l.callActuals(cs, p)
	if !good {
		return nil, true
	}
	s := l.c.procScope(p)
	l.c.checkUses(s)
	var in, back []ast.Stmt
	var assocs []*arrayAssoc
	for i, a := range p.sub.Args {
		d := s.syms[a.Name]
		if d.rank() > 0 { // Note [array arguments of inlined calls]
			as, set, ok := l.assocArray(cs, p, d, actuals[i], s)
			if !ok {
				return nil, true
			}
			assocs, in = append(assocs, as), append(in, set...)
			continue
		}
		hidden := l.dummyLocal(p, d)
		if hidden == nil {
			return nil, true
		}
		id := &ast.Ident{Pos: cs.Name.Pos, Name: hidden.name, Orig: hidden.orig}
		if d.intent != ast.IntentOut && actuals[i] != nil {
			in = append(in, &ast.AssignStmt{Pos: cs.Pos, LHS: id, RHS: actuals[i]})
		}
		if d.intent == ast.IntentOut || d.intent == ast.IntentInOut || d.intent == ast.IntentNone && assignsIn(p.sub.Body, d.name) {
			if !isVariable(actuals[i]) {
				l.errorf(codeCallActualNotVariable, actualSpan(cs, actuals[i]), "argument %d of subroutine %q is assigned by the subroutine, so it must be a variable", i+1, cs.Name.Orig).
					WithNote(d.pos, "dummy %q declared here", d.orig)
				return nil, true
			}
			back = append(back, &ast.AssignStmt{Pos: cs.Pos, LHS: actuals[i], RHS: id})
		}
	}
	body := p.sub.Body
	defer l.callConstants(p, s, actuals)()
	for _, as := range assocs {
		var ok bool
		if body, ok = as.inquiries(l, s, body); !ok { // Note [inquiries of associated dummies]
			return nil, true
		}
		if body, ok = as.rewrite(l, body); !ok {
			return nil, true
		}
	}
	out = stmts(in)
	for _, as := range assocs {
		s.syms[as.alias.Name] = as.sym
		defer delete(s.syms, as.alias.Name)
	}
	saveS, saveSub := l.s, l.sub
	l.s, l.sub = s, p.sub
	for _, sym := range s.order {
		switch {
		case sym.param:
			l.c.paramValue(sym)
		case !sym.dummy && sym.rank() > 0 && !l.c.procSymbol(sym):
			if !l.calleeArray(cs, p, sym, saveS) { // Note [local arrays of inlined calls]
				l.s, l.sub = saveS, saveSub
				return nil, true
			}
		case !sym.dummy && l.vars[sym] == nil && !l.c.procSymbol(sym):
			l.local(sym)
			if v := l.vars[sym]; v != nil {
				v.Name = l.freshName(saveS, p.sub.Name.Orig+"_"+sym.orig)
			}
		}
	}
	l.inlining = append(l.inlining, p)
	out = append(out, stmts(body)...)
	l.inlining = l.inlining[:len(l.inlining)-1]
	l.s, l.sub = saveS, saveSub
	return append(out, stmts(back)...), true
}

// callActuals returns the actual argument of each dummy of p in the call
// cs (nil where an optional one is left out), or reports why they do not
// match.
func (l *lowerer) callActuals(cs *ast.CallStmt, p *proc) ([]ast.Expr, bool) {
	sub := p.sub
	dummy, ok := l.argDummies("subroutine", cs.Name, cs.Pos, cs.Args, sub)
	if !ok {
		return nil, false
	}
	out := make([]ast.Expr, len(sub.Args))
	for i, a := range cs.Args {
		j := dummy[i]
		if d := l.c.procScope(p).syms[sub.Args[j].Name]; d != nil && d.rank() == 0 && (a.Section || l.arrayActual(a.Value)) {
			l.errorf(codeCallArrayArgument, a.Pos, "an array or array section is passed to scalar dummy %q of subroutine %q", d.orig, cs.Name.Orig).
				WithNote(d.pos, "declared here").
				WithHint("pass an element, or declare the dummy an array")
			return nil, false
		}
		out[j] = a.Value
	}
	return out, true
}

// Argument matching: the actual arguments of a call associate with the
// dummies in order, or with the dummy a keyword names (F2018 15.5.2.1);
// forocl wants one actual per dummy (no optional ones left out).
const (
	argsMatch = iota
	argsCount // not one actual per dummy
	argsKeyword
	argsTwice // two actuals for one dummy
)

// matchArgs returns the index in dummies of the dummy each of args
// associates with, or why they do not match (argsCount, argsKeyword,
// argsTwice) and, for the latter two, the index of the argument at
// fault.
func matchArgs(args []ast.Arg, dummies []ast.Ident) (dummy []int, why, at int) {
	if len(args) != len(dummies) {
		return nil, argsCount, 0
	}
	dummy = make([]int, len(args))
	taken := make([]bool, len(dummies))
	for i, a := range args {
		j := i
		if a.Keyword != nil {
			j = slices.IndexFunc(dummies, func(d ast.Ident) bool { return d.Name == a.Keyword.Name })
			if j < 0 {
				return nil, argsKeyword, i
			}
		}
		if taken[j] {
			return nil, argsTwice, i
		}
		taken[j], dummy[i] = true, j
	}
	return dummy, argsMatch, 0
}

// argDummies is matchArgs for a call at pos of the function or subroutine
// (what) sub by name, reporting what does not match.
func (l *lowerer) argDummies(what string, name ast.Ident, pos diag.Span, args []ast.Arg, sub *ast.Subprogram) ([]int, bool) {
	dummy, why, at := matchArgs(args, sub.Args)
	switch why {
	case argsCount:
		l.errorf(codeFunctionArguments, pos, "%s %q takes %d argument%s but %d %s given", what, name.Orig, len(sub.Args), plural(len(sub.Args)), len(args), wereWas(len(args))).
			WithNote(sub.Name.Pos, "%q declared here", sub.Name.Orig)
	case argsKeyword:
		l.errorf(codeFunctionArguments, args[at].Keyword.Pos, "%s %q has no argument %q", what, name.Orig, args[at].Keyword.Orig).
			WithNote(sub.Name.Pos, "declared here")
	case argsTwice:
		l.errorf(codeFunctionArguments, args[at].Pos, "argument %d of %s %q is associated with a dummy that an earlier argument already is", at+1, what, name.Orig).
			WithNote(sub.Name.Pos, "declared here")
	}
	return dummy, why == argsMatch
}

// calleeFits reports, at the call cs, what keeps forocl from inlining
// subroutine p (Note [subroutine calls]).
func (l *lowerer) calleeFits(cs *ast.CallStmt, p *proc) bool {
	s := l.c.procScope(p)
	for _, a := range p.sub.Args {
		d := s.syms[a.Name]
		scalarOnly := d != nil && d.rank() == 0 && (d.alloc || d.typ != nil && d.typ.Base == ast.Derived)
		if d != nil && (d.pointer || d.optional || scalarOnly) {
			l.errorf(codeCallArrayArgument, cs.Name.Pos, "subroutine %q takes %q, which is a pointer, optional or allocatable scalar dummy, or a structure forocl does not take apart; forocl inlines calls with scalar, array and structure arguments only", cs.Name.Orig, d.orig).
				WithNote(d.pos, "declared here").
				WithHint("pass the components or elements one by one, or write the code inside the caller")
			return false
		}
	}
	if !l.calleeArraysFit(cs, p) { // Note [local arrays of inlined calls]
		return false
	}
	var ret *ast.ReturnStmt
	walkStmts(p.sub.Body, func(st ast.Stmt) {
		if r, ok := st.(*ast.ReturnStmt); ok && ret == nil {
			ret = r
		}
	})
	if ret != nil {
		l.errorf(codeCallReturn, cs.Name.Pos, "subroutine %q has a RETURN statement; forocl inlines only subroutines that end at their END", cs.Name.Orig).
			WithNote(ret.Pos, "here").
			WithHint("put the rest of the subroutine in an if block")
		return false
	}
	if p.sub.Impure {
		l.errorf(codeFunctionNotPure, cs.Name.Pos, "subroutine %q is impure; %s may call only subroutines without side effects", cs.Name.Orig, l.where).
			WithNote(p.sub.Name.Pos, "declared here")
		return false
	}
	why, at := l.c.sideEffect(p, true)
	switch {
	case why != "":
		l.errorf(codeCallSideEffect, cs.Name.Pos, "subroutine %q %s; %s may call only subroutines whose only effect is on their arguments", cs.Name.Orig, why, l.where).
			WithHint("work-items call it at once and in any order; make it assign only its own dummies").
			WithNote(at, "here")
		return false
	}
	return true
}

// dummyLocal returns the kernel's private local that stands for dummy d
// of the inlined subroutine p: a symbol of the caller's scope whose name
// no Fortran name can take, made on the first call and reused by later
// ones in the same context (inside nests, or between them: a host
// variable that a launch's bounds read may not be assigned in a nest
// too). The callee's body refers to it through d.
func (l *lowerer) dummyLocal(p *proc, d *symbol) *symbol {
	name := p.sub.Name.Name + "." + d.name + l.callContext()
	if h := l.s.syms[name]; h != nil {
		// Made by an earlier call; in the scope of a callee, which other
		// kernels share, perhaps by another kernel's lowering.
		if l.vars[h] == nil {
			l.local(h)
		}
		l.vars[d] = l.vars[h]
		return h
	}
	if !l.typed(d) {
		return nil
	}
	h := *d
	h.name, h.orig = name, l.freshName(l.s, p.sub.Name.Orig+"_"+d.orig)
	h.sc, h.dummy, h.intent, h.value = l.s, false, ast.IntentNone, false
	l.s.syms[name] = &h
	l.local(&h)
	if l.vars[&h] == nil {
		return nil
	}
	l.vars[d] = l.vars[&h]
	return &h
}

// callContext tells the hidden locals of calls in nests from those of
// calls between nests (dummyLocal).
func (l *lowerer) callContext() string {
	if l.loop != nil && l.loop.inNest {
		return ".nest"
	}
	return ""
}

// freshName returns name, or name_2, name_3, ... when s already sees a
// symbol of that name or the unit being lowered has a variable of it
// (two callees may make the same name: a's local b_c and a_b's c).
func (l *lowerer) freshName(s *scope, name string) string {
	var vars []*ir.Var
	if l.kernel != nil {
		vars = append(append(vars, l.kernel.Params...), l.kernel.Locals...)
	}
	if l.fn != nil {
		vars = append(append(vars, l.fn.Params...), l.fn.Locals...)
	}
	taken := func(n string) bool {
		if s.lookup(strings.ToLower(n)).sym != nil {
			return true
		}
		for _, v := range vars {
			if strings.EqualFold(v.Name, n) {
				return true
			}
		}
		return false
	}
	out := name
	for i := 2; taken(out); i++ {
		out = fmt.Sprintf("%s_%d", name, i)
	}
	return out
}

// assignsIn reports whether body assigns the variable name.
func assignsIn(body []ast.Stmt, name string) bool {
	found := false
	walkStmts(body, func(st ast.Stmt) {
		if a, ok := st.(*ast.AssignStmt); ok {
			if id, _ := lhsName(a.LHS); id != nil && id.Name == name {
				found = true
			}
		}
	})
	return found
}

// isVariable reports whether e is a variable or an array element.
func isVariable(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Ident, *ast.Call:
		return true
	}
	return false
}

func actualSpan(cs *ast.CallStmt, e ast.Expr) diag.Span {
	if e == nil {
		return cs.Name.Pos
	}
	return e.Span()
}

// callsSub reports whether body has a call statement of name.
func callsSub(body []ast.Stmt, name string) bool {
	found := false
	walkStmts(body, func(st ast.Stmt) {
		if c, ok := st.(*ast.CallStmt); ok && c.Name.Name == name {
			found = true
		}
	})
	return found
}

// arrayActual reports whether e, an actual argument, is a whole array or
// an array section of the caller.
func (l *lowerer) arrayActual(e ast.Expr) bool {
	id, call := lhsName(e)
	if id == nil {
		return false
	}
	sym := l.s.lookup(id.Name).sym
	if sym == nil || sym.rank() == 0 {
		return false
	}
	if call == nil {
		return true
	}
	for _, a := range call.Args {
		if a.Section {
			return true
		}
	}
	return false
}
