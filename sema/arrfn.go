package sema

import (
	"fmt"
	"slices"
	"strings"

	"github.com/forocl/forocl/ast"
)

// Note [array-valued function references]
//
// A kernel may assign the result of a pure array-valued function of the
// files given, as the whole right side of an assignment at its top
// level:
//
//	diffx = diffx_real(input_field % data)   ! tsunami's mod_field
//	x(2:n) = f(a, s)
//
// inlineArrayCalls writes such a statement out as the function's body
// over temporaries of the kernel, each named after the call and the
// function's own name (diffx_real_x, diffx_real_dx):
//
//	diffx_real_x = input_field % data      ! each array dummy, copied in
//	diffx_real_s = s                       ! each scalar dummy
//	...f's body, its dummies and locals renamed...
//	diffx = diffx_real_dx                  ! the result, assigned last
//
// An assumed-shape dummy becomes a local array of the actual's extents
// (size(a, d)), with lower bounds 1 as in f, whatever the actual's are;
// the copy rebases it, as argument association does. Fortran evaluates
// the function before the assignment; the copies in and the result
// temporary keep that order also where x is an argument or f reads x.
// A name f uses without declaring it (a kind such as real32, a named
// constant, another function) must mean the same entity in the kernel,
// or the reference is refused (array-function-inline), as are actual
// array arguments that are not whole variables, optional or assumed-size
// dummies, and bodies with other statements than assignments, IFs and
// counted DO loops (a WHERE would make the kernel one of the region
// dialect, whose local arrays are allocatable). A reference in any other position (inside
// an expression, or in a construct) is refused at the reference
// (array-function-position), before the callee is looked at as a scalar
// function.

// inliner writes out the array-valued function references of one kernel.
type inliner struct {
	c      *checker
	p      *proc
	caller *scope
	taken  map[string]bool // names given to temporaries
	decls  []*ast.Decl
}

// inlineArrayCalls returns p with its array-valued function references
// written out (Note [array-valued function references]); p itself when
// it has none.
func (c *checker) inlineArrayCalls(p *proc) *proc {
	in := &inliner{c: c, p: p, caller: c.newScope(&p.sub.Scope, p.host, p.sub.Name.Name, p.file), taken: map[string]bool{}}
	var body []ast.Stmt
	changed := false
	for _, st := range p.sub.Body {
		if a, ok := st.(*ast.AssignStmt); ok && !a.Pointer {
			if call, f := in.arrayFn(a.RHS); f != nil {
				changed = true
				if out, ok := in.inline(a, call, f); ok {
					body = append(body, out...)
				} else {
					body = append(body, &ast.AssignStmt{Pos: a.Pos, LHS: a.LHS, RHS: &ast.BadExpr{Pos: a.RHS.Span()}})
				}
				continue
			}
		}
		body = append(body, st)
	}
	refused := make([]ast.Stmt, len(body))
	for i, st := range body {
		refused[i] = st // statements are copied only where a reference is refused
		found := false
		walkStmtExprs([]ast.Stmt{st}, func(e ast.Expr) {
			if call, f := in.arrayFn(e); f != nil {
				found = true
				c.diags.Error(codeArrayFnPosition, call.Pos, "%q is an array-valued function; a kernel takes its reference only as the whole right side of an assignment at its top level", call.Name.Orig).
					WithHint("assign %s(...) to a local array first (tmp = %s(...)) and use that array here", call.Name.Orig, call.Name.Orig)
			}
		})
		if !found {
			continue
		}
		changed = true
		// BadExpr in place of the references (those mapStmtExprs reaches),
		// so that the function is not also checked as a scalar one
		refused[i] = mapStmtExprs([]ast.Stmt{st}, func(e ast.Expr) ast.Expr {
			return rewriteExpr(e, func(x ast.Expr) ast.Expr {
				if call, f := in.arrayFn(x); f != nil {
					return &ast.BadExpr{Pos: call.Pos}
				}
				return x
			})
		})[0]
	}
	if !changed {
		return p
	}
	sub := *p.sub
	sub.Decls = append(slices.Clone(p.sub.Decls), in.decls...)
	sub.Body = refused
	if old, k := procKey(p.sub.Body), procKey(refused); old != k && k != nil {
		// the maps of Note [derived-type dummies] find a procedure by its
		// first statement
		if v, ok := c.structVars[old]; ok {
			c.structVars[k] = v
		}
		if d, ok := c.pendingTypes[old]; ok {
			c.pendingTypes[k] = d
		}
	}
	if c.inlined == nil {
		c.inlined = map[ast.Stmt]bool{}
	}
	c.inlined[procKey(refused)] = true
	q := &proc{sub: &sub, host: p.host, file: p.file}
	for i := range c.subs {
		if c.subs[i] == p {
			c.subs[i] = q
		}
	}
	return q
}

// arrayFn returns e as a reference to a pure array-valued function of the
// files, and that function; nil when it is none.
func (in *inliner) arrayFn(e ast.Expr) (*ast.Call, *proc) {
	call, ok := e.(*ast.Call)
	if !ok || call.BaseSubs || strings.Contains(call.Name.Name, "%") {
		return nil, nil
	}
	f := in.caller.lookup(call.Name.Name).proc
	if f == nil || f.sub.Kind != ast.Function || f.sub.Elemental || f.sub == in.p.sub {
		return nil, nil
	}
	if r, ok := in.c.procScope(f).syms[resultIdent(f.sub).Name]; !ok || r.rank() == 0 {
		return nil, nil
	}
	return call, f
}

// inline returns the statements that assignment a of call, a reference to
// the array-valued function f, stands for; false after reporting why it
// cannot be written out.
func (in *inliner) inline(a *ast.AssignStmt, call *ast.Call, f *proc) ([]ast.Stmt, bool) {
	fs := in.c.procScope(f)
	fail := func(format string, args ...any) ([]ast.Stmt, bool) {
		in.c.diags.Error(codeArrayFnInline, call.Pos, "%q cannot be written out in the kernel: %s", call.Name.Orig, fmt.Sprintf(format, args...)).
			WithNote(f.sub.Name.Pos, "function %q is defined here", f.sub.Name.Orig).
			WithHint("change what the message names, or write %s's computation out in the kernel", f.sub.Name.Orig)
		return nil, false
	}
	if why := in.bodyShape(f); why != "" {
		return fail("%s", why)
	}
	if why, _ := in.c.sideEffect(f, false); !f.sub.Pure && why != "" {
		return fail("it is not pure (it %s)", why)
	}
	actuals, why := in.actuals(call, f)
	if why != "" {
		return fail("%s", why)
	}
	if name := in.foreignName(f, fs); name != "" {
		if !in.caller.lookup(name).found() {
			return fail("it uses %q, which the kernel does not see (use its module in the kernel)", name)
		}
		return fail("%q means something else in the kernel than in %q", name, f.sub.Name.Orig)
	}
	body := map[string]ast.Expr{} // f's names in its body
	dims := map[string]ast.Expr{} // f's names in its declarations' bounds
	for _, sym := range fs.order {
		id := &ast.Ident{Pos: sym.pos, Name: in.fresh(call.Name.Name + "_" + sym.name)}
		id.Orig = id.Name
		body[sym.name], dims[sym.name] = id, id
		if act, ok := actuals[sym.name]; ok {
			dims[sym.name] = act
		}
	}
	var out []ast.Stmt
	for _, d := range f.sub.Decls {
		for _, e := range d.Entities {
			decl, ok := in.declare(d, e, body[e.Name.Name].(*ast.Ident), dims, actuals[e.Name.Name])
			if !ok {
				return fail("the declaration of %q is optional, assumed-size or has a bound forocl cannot rewrite", e.Name.Orig)
			}
			in.decls = append(in.decls, decl)
		}
	}
	for _, arg := range f.sub.Args {
		out = append(out, &ast.AssignStmt{Pos: call.Pos, LHS: body[arg.Name], RHS: actuals[arg.Name]})
	}
	renamed, ok := renameStmts(f.sub.Body, body)
	if !ok {
		return fail("its body uses a name in a way forocl cannot rename")
	}
	out = append(out, renamed...)
	return append(out, &ast.AssignStmt{Pos: a.Pos, LHS: a.LHS, RHS: body[resultIdent(f.sub).Name]}), true
}

// bodyShape says what in f keeps it from being written out, or "".
func (in *inliner) bodyShape(f *proc) string {
	s := f.sub
	switch {
	case len(s.Contains) > 0:
		return "it contains procedures"
	case len(s.AttrStmts) > 0 || len(s.Params) > 0 || len(s.Other) > 0 || len(s.Implicit) > 0:
		return "it has attribute, PARAMETER, IMPLICIT or other specification statements"
	case s.TypePrefix != nil:
		return "its result's type is given on the function statement (declare the result instead)"
	case in.c.procScope(f).syms[resultIdent(s).Name].typ == nil:
		return "its result has no type declaration"
	case !in.c.procScope(f).isImplicitNone():
		return "it relies on implicit typing (add implicit none)"
	}
	why := ""
	walkStmts(s.Body, func(st ast.Stmt) {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Pointer {
				why = "it assigns a pointer"
			}
		case *ast.IfStmt:
		case *ast.DoStmt:
			if st.Form != ast.DoCounted || st.Var == nil || st.Bad {
				why = "it has a DO loop that is not a counted one (do i = lo, hi)"
			}
		default:
			why = fmt.Sprintf("it has a statement other than assignments, IFs and counted DO loops (line %d; a WHERE would make the kernel one of the region dialect)", st.Span().Start.Line)
		}
	})
	return why
}

// actuals maps f's dummies to the actual arguments of call, or says why
// they cannot be copied in.
func (in *inliner) actuals(call *ast.Call, f *proc) (map[string]ast.Expr, string) {
	fs := in.c.procScope(f)
	out := map[string]ast.Expr{}
	dummy, why, at := matchArgs(call.Args, f.sub.Args)
	switch why {
	case argsCount:
		return nil, "an argument is missing or extra"
	case argsKeyword, argsTwice:
		return nil, fmt.Sprintf("argument %d matches no dummy of its own", at+1)
	}
	for i, a := range call.Args {
		if a.Section || a.Value == nil {
			return nil, "an argument is a section triplet"
		}
		name := f.sub.Args[dummy[i]].Name
		sym := fs.syms[name]
		if sym == nil || sym.typ == nil {
			return nil, fmt.Sprintf("dummy %q has no type declaration", name)
		}
		if _, whole := a.Value.(*ast.Ident); sym.rank() > 0 && !whole {
			return nil, fmt.Sprintf("the actual argument of array dummy %q is not a whole variable (assign it to a local array first)", name)
		}
		if slices.ContainsFunc(sym.dims, func(d ast.DimSpec) bool { return !d.Deferred }) {
			return nil, fmt.Sprintf("array dummy %q is not assumed-shape; an explicit-shape dummy may take a longer actual (sequence association), which a copy cannot", name)
		}
		if sym.typ.Base == ast.Derived || sym.typ.Base == ast.Character || sym.pointer || sym.alloc {
			return nil, fmt.Sprintf("dummy %q is a structure, character, pointer or allocatable", name)
		}
		out[name] = a.Value
	}
	return out, ""
}

// foreignName returns a name that f uses without declaring it and that
// the kernel resolves to another entity, or "".
func (in *inliner) foreignName(f *proc, fs *scope) string {
	bad := ""
	check := func(e ast.Expr) {
		walkAST(e, func(x ast.Expr) {
			name := ""
			switch x := x.(type) {
			case *ast.Ident:
				name = x.Name
			case *ast.Call:
				name = x.Name.Name
			}
			name, _, _ = strings.Cut(name, "%")
			if name == "" || bad != "" || fs.syms[name] != nil {
				return
			}
			if fs.lookup(name) != in.caller.lookup(name) {
				bad = name
			}
		})
	}
	walkStmtExprs(f.sub.Body, check)
	for _, d := range f.sub.Decls {
		check(d.Type.Kind)
		for _, a := range d.Attrs {
			walkDims(a.Dims, check)
		}
		for _, e := range d.Entities {
			walkDims(e.Dims, check)
			check(e.Init)
		}
	}
	return bad
}

func walkDims(dims []ast.DimSpec, f func(ast.Expr)) {
	for _, d := range dims {
		if d.Lo != nil {
			f(d.Lo)
		}
		if d.Hi != nil {
			f(d.Hi)
		}
	}
}

// fresh returns name, or name with a number, unused in the kernel.
func (in *inliner) fresh(name string) string {
	n := name
	for i := 2; in.taken[n] || in.caller.lookup(n).found(); i++ {
		n = fmt.Sprintf("%s%d", name, i)
	}
	in.taken[n] = true
	return n
}

// declare returns the declaration of id, the temporary of entity e of
// f's declaration d: d's type and attributes less intent and dimension,
// with e's bounds written over dims, an assumed-shape bound as the
// extent of act, the actual argument; false for an assumed-size or
// optional dummy.
func (in *inliner) declare(d *ast.Decl, e *ast.Entity, id *ast.Ident, dims map[string]ast.Expr, act ast.Expr) (*ast.Decl, bool) {
	out := &ast.Decl{Pos: d.Pos, Type: d.Type}
	spec := e.Dims
	for _, a := range d.Attrs {
		switch {
		case a.Name == ast.AttrOptional:
			return nil, false
		case a.Name == ast.AttrDimension:
			if len(spec) == 0 {
				spec = a.Dims
			}
		case a.Name != ast.AttrIntent && a.Name != ast.AttrValue:
			out.Attrs = append(out.Attrs, a)
		}
	}
	ent := &ast.Entity{Pos: e.Pos, Name: *id}
	for i, ds := range spec {
		switch {
		case ds.Deferred && act != nil:
			ent.Dims = append(ent.Dims, ast.DimSpec{Hi: &ast.Call{Pos: e.Pos, Name: ast.Ident{Pos: e.Pos, Name: "size", Orig: "size"},
				Args: []ast.Arg{{Pos: e.Pos, Value: act}, {Pos: e.Pos, Value: &ast.IntLit{Pos: e.Pos, Value: int64(i + 1), Text: fmt.Sprint(i + 1)}}}}})
		case ds.Deferred:
			ent.Dims = append(ent.Dims, ds) // an allocatable local or result
		case ds.Hi == nil:
			return nil, false
		default:
			lo, ok1 := renameExpr(ds.Lo, dims)
			hi, ok2 := renameExpr(ds.Hi, dims)
			if !ok1 || !ok2 {
				return nil, false
			}
			ent.Dims = append(ent.Dims, ast.DimSpec{Lo: lo, Hi: hi})
		}
	}
	if e.Init != nil {
		ent.Init, _ = renameExpr(e.Init, dims)
	}
	out.Entities = []*ast.Entity{ent}
	return out, true
}

// renameStmts returns stmts with each name of m written as its
// expression, DO variables included; false where a name cannot be.
func renameStmts(stmts []ast.Stmt, m map[string]ast.Expr) ([]ast.Stmt, bool) {
	ok := true
	out := mapStmtExprs(stmts, func(e ast.Expr) ast.Expr {
		x, good := renameExpr(e, m)
		ok = ok && good
		return x
	})
	walkStmts(out, func(st ast.Stmt) {
		if d, isDo := st.(*ast.DoStmt); isDo && d.Var != nil {
			if id, renamed := m[d.Var.Name].(*ast.Ident); renamed {
				d.Var = id // d is mapStmtExprs's copy
			}
		}
	})
	return out, ok
}

// renameExpr returns e with each name of m replaced by its expression:
// a whole name by the expression, a subscripted or component name
// p(i), p%c only by a name; false where m gives p another expression.
func renameExpr(e ast.Expr, m map[string]ast.Expr) (ast.Expr, bool) {
	if e == nil {
		return nil, true
	}
	ok := true
	name := func(id ast.Ident) ast.Ident {
		base, rest, comp := strings.Cut(id.Name, "%")
		r, found := m[base]
		if !found {
			return id
		}
		n, isID := r.(*ast.Ident)
		if !isID {
			ok = false
			return id
		}
		if comp {
			_, orest, _ := strings.Cut(id.Orig, "%")
			return ast.Ident{Pos: id.Pos, Name: n.Name + "%" + rest, Orig: n.Orig + "%" + orest}
		}
		return ast.Ident{Pos: id.Pos, Name: n.Name, Orig: n.Orig}
	}
	out := rewriteExpr(e, func(x ast.Expr) ast.Expr {
		switch x := x.(type) {
		case *ast.Ident:
			if r, found := m[x.Name]; found {
				if _, isID := r.(*ast.Ident); !isID {
					return &ast.Paren{Pos: x.Pos, X: r}
				}
			}
			n := name(*x)
			return &n
		case *ast.Call:
			n := *x
			n.Name = name(x.Name)
			return &n
		}
		return x
	})
	return out, ok
}

// rewriteExpr returns e rebuilt bottom-up, each node passed through f
// after its operands.
func rewriteExpr(e ast.Expr, f func(ast.Expr) ast.Expr) ast.Expr {
	opt := func(x ast.Expr) ast.Expr {
		if x == nil {
			return nil
		}
		return rewriteExpr(x, f)
	}
	switch x := e.(type) {
	case *ast.Paren:
		return f(&ast.Paren{Pos: x.Pos, X: opt(x.X)})
	case *ast.Unary:
		n := *x
		n.X = opt(x.X)
		return f(&n)
	case *ast.Binary:
		n := *x
		n.X, n.Y = opt(x.X), opt(x.Y)
		return f(&n)
	case *ast.Call:
		n := *x
		n.Args = append([]ast.Arg(nil), x.Args...)
		for i, a := range n.Args {
			a.Value, a.Lo, a.Hi, a.Stride = opt(a.Value), opt(a.Lo), opt(a.Hi), opt(a.Stride)
			n.Args[i] = a
		}
		return f(&n)
	case *ast.ArrayCons:
		n := *x
		n.Elems = make([]ast.Expr, len(x.Elems))
		for i, el := range x.Elems {
			n.Elems[i] = opt(el)
		}
		return f(&n)
	}
	return f(e)
}
