package sema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [warnings]
//
// After lowering, when there are no errors, every kernel and every function
// it calls gets gfortran -Wall's warnings for the mistakes that otherwise
// give wrong answers silently (issue 11):
//
//   - a local (scalar or temporary) read before it is assigned, on every
//     path ("is used") or on some ("may be used");
//   - an intent(out) dummy, or a function result, not assigned on every path
//     to the end or to a return;
//   - a dummy that is never used;
//   - a name typed by the implicit rules (no "implicit none").
//
// The first two are a forward pass over the IR (no loops: the subset has
// none) that carries, per path, the variables assigned for sure and those
// assigned on some path; an if merges its branches by intersection and
// union, and a path that returns stops. A masked (WHERE) assignment counts
// as an assignment. An implicitly typed local that is read before it is set
// is almost always a typo, so it gets one warning, the implicit-type one,
// whose hint says so and suggests the closest declared name.

// warnings reports the warnings of Note [warnings] for the kernels and the
// functions lowered from the (non-library) files.
func (c *checker) warnings(kernels map[*proc]*ir.Kernel) {
	for _, p := range c.subs {
		if p.sc == nil {
			continue
		}
		if k := kernels[p]; k != nil {
			c.warnUnit(p, k.Params, withoutSizes(k), k.Temps, nil, k.Body)
			continue
		}
		if st := c.funcs[p.sub]; st != nil && st.ok && st.fn != nil {
			fn := st.fn
			c.warnUnit(p, fn.Params, fn.Locals, nil, fn.Result, fn.Body)
		}
	}
}

// flowState is what one path knows at a point of the body.
type flowState struct {
	def  map[*ir.Var]bool // assigned on this path for sure
	may  map[*ir.Var]bool // assigned on some path that reaches here
	dead bool             // the path has returned
	// The elements of private arrays assigned with constant subscripts
	// (Note [private arrays in the warnings]); def and may above hold
	// such an array only once a write of any element or of the whole
	// array covers it.
	elemDef, elemMay map[elemKey]bool
}

// elemKey is one element of a private array: its constant subscripts.
type elemKey struct {
	v   *ir.Var
	sub string
}

func copySetOf[K comparable](m map[K]bool) map[K]bool {
	out := make(map[K]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

func (s flowState) copy() flowState {
	return flowState{def: copySetOf(s.def), may: copySetOf(s.may), dead: s.dead,
		elemDef: copySetOf(s.elemDef), elemMay: copySetOf(s.elemMay)}
}

// Note [private arrays in the warnings]
//
// A private array of a loop kernel (a small local such as v(3)) is
// followed element by element where its subscripts are constants: v(1)
// set in both branches of an if and v(2) in one, a read of v(2) after the
// if may be used before it is set. A write with any other subscript (v(j)
// in a loop) or of the whole array counts as setting every element, and a
// read with another subscript is fine once any element is set for sure:
// the pass prefers a missed warning to a false one. A sequential DO loop
// whose constant bounds give it at least one trip (the loops of v = 0.0
// and of v(:) = a) sets what its body sets. Each parallel nest starts its
// private arrays afresh: values do not pass from one nest to the next.

// merge joins the states at the end of two branches.
func merge(a, b flowState) flowState {
	switch {
	case a.dead:
		return b
	case b.dead:
		return a
	}
	for v := range a.def {
		if !b.def[v] {
			delete(a.def, v)
		}
	}
	for v := range b.may {
		a.may[v] = true
	}
	for k := range a.elemDef {
		if !b.elemDef[k] {
			delete(a.elemDef, k)
		}
	}
	for k := range b.elemMay {
		a.elemMay[k] = true
	}
	return a
}

// unitFlow is the forward pass over one body.
type unitFlow struct {
	tracked  map[*ir.Var]bool // locals, temporaries, a function's result
	outs     []*ir.Var        // what must be assigned on every path
	used     map[*ir.Var]bool // every variable the body mentions
	assigned map[*ir.Var]bool // assigned somewhere
	early    map[*ir.Var]bool // read before set, reported once
	maybe    map[*ir.Var]bool // the read was "may be": set on some path
	readAt   map[*ir.Var]diag.Span
	readAs   map[*ir.Var]string    // the element read first, for private arrays
	missing  map[*ir.Var]diag.Span // first exit where an out is unassigned
}

func (f *unitFlow) read(e ir.Expr, st flowState) {
	ir.Walk(e, func(x ir.Expr) {
		var v *ir.Var
		switch x := x.(type) {
		case *ir.Ref:
			v = x.Var
		case *ir.Window:
			v = x.Var
		case *ir.Elem: // an array element of a loop kernel
			v = x.Var
			for _, b := range v.Bounds { // its bounds read the sizes
				for _, t := range append(append([]ir.Term(nil), b.Lo.Terms...), b.Hi.Terms...) {
					f.used[t.Var] = true
				}
			}
		default:
			return
		}
		f.used[v] = true
		if !f.tracked[v] || st.def[v] || f.early[v] {
			return
		}
		maybe := st.may[v]
		if isPrivate(v) {
			if e, ok := x.(*ir.Elem); ok {
				if key, ok := constElem(e); ok {
					if st.elemDef[key] {
						return
					}
					maybe = maybe || st.elemMay[key]
				} else if anyElem(st.elemDef, v) {
					return // some element is set; which one is read is unknown
				} else {
					maybe = maybe || anyElem(st.elemMay, v)
				}
			} else if anyElem(st.elemDef, v) {
				return
			} else {
				maybe = maybe || anyElem(st.elemMay, v)
			}
		}
		f.early[v] = true
		f.maybe[v] = maybe
		f.readAt[v] = x.Span()
		if e, ok := x.(*ir.Elem); ok && isPrivate(v) {
			if _, ok := constElem(e); ok {
				f.readAs[v] = elemText(e) // the element, for the message
			}
		}
	})
}

// constElem returns the key of e when all its subscripts are constants.
func constElem(e *ir.Elem) (elemKey, bool) {
	var b strings.Builder
	for d, a := range e.Access {
		if !a.IsConst() || d >= len(e.Index) {
			return elemKey{}, false
		}
		fmt.Fprintf(&b, "%d,", a.Const)
	}
	return elemKey{v: e.Var, sub: b.String()}, len(e.Access) > 0
}

// anyElem reports whether set holds an element of v.
func anyElem(set map[elemKey]bool, v *ir.Var) bool {
	for k := range set {
		if k.v == v {
			return true
		}
	}
	return false
}

// forget drops what st knows of the private arrays: a parallel nest
// starts them afresh.
func (st flowState) forget() {
	for v := range st.def {
		if isPrivate(v) {
			delete(st.def, v)
		}
	}
	for v := range st.may {
		if isPrivate(v) {
			delete(st.may, v)
		}
	}
	for k := range st.elemDef {
		delete(st.elemDef, k)
	}
	for k := range st.elemMay {
		delete(st.elemMay, k)
	}
}

// runsOnce reports whether the sequential loop s provably makes at least
// one trip: constant bounds and step.
func runsOnce(s *ir.Loop) bool {
	lo, ok1 := s.Lo.(*ir.Const)
	hi, ok2 := s.Hi.(*ir.Const)
	if !ok1 || !ok2 || lo.Kind != ir.Int || hi.Kind != ir.Int {
		return false
	}
	step := int64(1)
	if s.Step != nil {
		c, ok := s.Step.(*ir.Const)
		if !ok || c.Kind != ir.Int || c.Int == 0 {
			return false
		}
		step = c.Int
	}
	return step > 0 && lo.Int <= hi.Int || step < 0 && lo.Int >= hi.Int
}

func (f *unitFlow) exit(st flowState, at diag.Span) {
	for _, v := range f.outs {
		if !st.def[v] {
			if _, seen := f.missing[v]; !seen {
				f.missing[v] = at
			}
		}
	}
}

func (f *unitFlow) stmts(list []ir.Stmt, st flowState) flowState {
	for _, s := range list {
		if st.dead {
			break
		}
		switch s := s.(type) {
		case *ir.Assign:
			f.read(s.RHS, st)
			f.read(s.Mask, st)
			var v *ir.Var
			switch l := s.LHS.(type) {
			case *ir.Ref:
				v = l.Var
			case *ir.Window:
				v = l.Var
			case *ir.Elem:
				for _, x := range l.Index { // its subscripts; the element is written, not read
					f.read(x, st)
				}
				v = l.Var
			}
			if e, ok := s.LHS.(*ir.Elem); ok && f.tracked[v] && isPrivate(v) && s.Mask == nil {
				if key, ok := constElem(e); ok {
					f.used[v], f.assigned[v] = true, true
					st.elemDef[key], st.elemMay[key] = true, true
					break
				}
			}
			if v != nil {
				f.used[v] = true
				f.assigned[v] = true
				st.def[v], st.may[v] = true, true
				if v.Reduce != nil && v.Reduce.Result != nil {
					r := v.Reduce.Result // the folded value, read by what follows
					f.assigned[r] = true
					st.def[r], st.may[r] = true, true
					for _, p := range v.Reduce.Positions { // maxloc's positions
						f.assigned[p] = true
						st.def[p], st.may[p] = true, true
					}
				}
			}
		case *ir.If:
			f.read(s.Cond, st)
			a := f.stmts(s.Then, st.copy())
			b := f.stmts(s.Else, st.copy())
			st = merge(a, b)
		case *ir.Return:
			f.exit(st, s.Pos)
			st.dead = true
		case *ir.Print:
			for _, it := range s.Items {
				if it.X != nil {
					f.read(it.X, st)
				}
			}
		case *ir.Nest:
			st = f.nest(s, st)
		case *ir.Loop:
			f.read(s.Lo, st)
			f.read(s.Hi, st)
			f.read(s.Step, st)
			f.used[s.Var], f.assigned[s.Var] = true, true
			in := st.copy()
			in.def[s.Var], in.may[s.Var] = true, true
			if body := f.stmts(s.Body, in); runsOnce(s) {
				st = body // the first trip sets what the body sets
			} else {
				st = merge(body, st) // the body may not run
			}
			st.def[s.Var], st.may[s.Var] = true, true
		}
	}
	return st
}

// nest follows a parallel nest of a loop kernel: its indices are set in
// the body; the body may not run (an empty range), so its scalars are only
// maybe set after it, but an array it writes counts as written (every
// iteration writes its own elements).
func (f *unitFlow) nest(n *ir.Nest, st flowState) flowState {
	for d := range n.Index {
		for _, t := range append(append([]ir.Term(nil), n.Lo[d].Terms...), n.Hi[d].Terms...) {
			f.used[t.Var] = true
		}
	}
	in := st.copy()
	in.forget()
	for _, v := range n.Index {
		f.used[v], f.assigned[v] = true, true
		in.def[v], in.may[v] = true, true
	}
	body := f.stmts(n.Body, in)
	var arrays []*ir.Var
	for v := range body.may {
		if v.Rank > 0 && !isPrivate(v) {
			arrays = append(arrays, v)
		}
	}
	body.forget() // the private arrays end with the nest
	out := merge(body, st)
	for _, v := range arrays {
		out.def[v], out.may[v] = true, true
	}
	return out
}

// warnUnit reports the warnings of one kernel (result nil) or function.
func (c *checker) warnUnit(p *proc, params, locals, temps []*ir.Var, result *ir.Var, body []ir.Stmt) {
	f := newUnitFlow(params, locals, temps, result)
	st := f.stmts(body, flowState{def: map[*ir.Var]bool{}, may: map[*ir.Var]bool{}, elemDef: map[elemKey]bool{}, elemMay: map[elemKey]bool{}})
	end := p.sub.End
	if !end.IsValid() {
		end = p.sub.Pos
	}
	if !st.dead {
		f.exit(st, end)
	}
	implicit := c.warnImplicit(p.sc, f)
	c.warnEarlyReads(f, implicit)
	c.warnOuts(p, f, end)
	// unused dummies (intent(out) ones are reported by warnOuts); a
	// structure's components need not all be used (Note [derived-type dummies])
	for _, v := range params {
		if v.Intent != ir.Out && !f.used[v] && !strings.Contains(v.Name, "%") {
			c.diags.Warn(codeUnusedDummy, v.Pos, "dummy %q is never used", v.Name).
				WithHint("use it or remove it; a dummy that is never read often means a typo elsewhere")
		}
	}
}

// newUnitFlow sets up the flow analysis of a unit with these dummies,
// locals, temporaries and function result (nil for a kernel): what it
// tracks, what must be assigned, and the dummies its declared bounds use.
func newUnitFlow(params, locals, temps []*ir.Var, result *ir.Var) *unitFlow {
	f := &unitFlow{
		tracked: map[*ir.Var]bool{}, used: map[*ir.Var]bool{}, assigned: map[*ir.Var]bool{},
		early: map[*ir.Var]bool{}, maybe: map[*ir.Var]bool{}, readAt: map[*ir.Var]diag.Span{}, readAs: map[*ir.Var]string{},
		missing: map[*ir.Var]diag.Span{},
	}
	for _, v := range locals {
		// Names that start with "_" are the compiler's own (the implicit
		// indices and reduction values of sema/sections.go), which no
		// Fortran name can be.
		f.tracked[v] = !strings.HasPrefix(v.Name, "_")
	}
	for _, v := range temps {
		f.tracked[v] = true
	}
	// A dummy in a declared bound is used, whether or not the body reads
	// the array (CloverLeaf's x_max in a(x_min-2:x_max+2, ...) of an array
	// only written).
	for _, v := range append(append([]*ir.Var(nil), params...), locals...) {
		for _, b := range v.Bounds {
			for _, t := range append(append([]ir.Term(nil), b.Lo.Terms...), b.Hi.Terms...) {
				f.used[t.Var] = true
			}
		}
	}
	for _, v := range params {
		if v.Intent == ir.Out {
			f.outs = append(f.outs, v)
		}
	}
	if result != nil {
		f.tracked[result] = true
		f.outs = append(f.outs, result)
	}
	return f
}

// warnImplicit warns of the implicitly typed names of scope sc (unless it
// has implicit none), saying of those read before they are set that they
// are likely typos. It returns those reads, which warnEarlyReads leaves
// out.
func (c *checker) warnImplicit(sc *scope, f *unitFlow) map[*ir.Var]bool {
	if sc.isImplicitNone() {
		return nil
	}
	byName := map[string]*symbol{}
	for _, sym := range sc.order {
		byName[sym.name] = sym
	}
	implicitRead := map[*symbol]bool{}
	reported := map[*ir.Var]bool{}
	for v := range f.early {
		if sym := byName[strings.ToLower(v.Name)]; sym != nil && sym.typ == nil {
			implicitRead[sym] = true
			reported[v] = true
		}
	}
	for _, sym := range sc.order {
		if sym.typ == nil {
			c.implicitWarning(sc, sym, implicitRead[sym])
		}
	}
	return reported
}

// warnEarlyReads warns of the reads before assignment that the flow
// analysis found, in source order, except those in skip.
func (c *checker) warnEarlyReads(f *unitFlow, skip map[*ir.Var]bool) {
	early := make([]*ir.Var, 0, len(f.early))
	for v := range f.early {
		if !skip[v] {
			early = append(early, v)
		}
	}
	sort.Slice(early, func(i, j int) bool {
		a, b := f.readAt[early[i]], f.readAt[early[j]]
		if a == b { // copies of an inlined callee's variable (Note [local arrays of inlined calls])
			return early[i].Name < early[j].Name
		}
		return before(a, b)
	})
	for i, v := range early {
		if i > 0 && f.readAt[early[i-1]] == f.readAt[v] && early[i-1].Pos == v.Pos {
			continue // another copy of one inlined callee's variable: warned once
		}
		name := v.Name
		if f.readAs[v] != "" {
			name = f.readAs[v]
		}
		if f.maybe[v] {
			c.diags.Warn(codeMaybeUsedBeforeSet, f.readAt[v], "%q may be used before it is set", name).
				WithHint("it is assigned on some paths to here but not on all; assign it before the if or in every branch").
				WithNote(v.Pos, "declared here")
			continue
		}
		d := c.diags.Warn(codeUsedBeforeSet, f.readAt[v], "%q is used before it is set", name).
			WithNote(v.Pos, "declared here")
		if v.Role == ir.Result {
			d.WithHint("assign the result before reading it")
		} else {
			d.WithHint("assign %q before this read; until then its value is undefined", v.Name)
		}
	}
}

// warnOuts warns of the intent(out) dummies and the function result of p
// that some path leaves unassigned; end is where the unit ends.
func (c *checker) warnOuts(p *proc, f *unitFlow, end diag.Span) {
	for _, v := range f.outs {
		at, missing := f.missing[v]
		if !missing {
			continue
		}
		what, verb := "intent(out) dummy", "its elements not assigned keep the values they had before the launch"
		if v.Role == ir.Result {
			what, verb = "result", "the function returns an undefined value"
		} else if p.sub.Elemental {
			verb = "its element keeps the value it had before the launch"
		}
		if !f.assigned[v] {
			c.diags.Warn(codeOutNotSet, v.Pos, "%s %q is never assigned", what, v.Name).
				WithHint("%s; assign it, or make it intent(in) if it is an input", verb)
			continue
		}
		d := c.diags.Warn(codeOutNotSet, v.Pos, "%s %q is not assigned on every path", what, v.Name).
			WithHint("%s; assign it before every return and in every branch", verb)
		if at == end {
			d.WithNote(at, "not assigned on some path that reaches the end")
		} else {
			d.WithNote(at, "not assigned on a path that returns here")
		}
	}
}

// implicitWarning reports one implicitly typed name.
func (c *checker) implicitWarning(sc *scope, sym *symbol, readFirst bool) {
	kind := c.symKind(sym)
	d := c.diags.Warn(codeImplicitType, sym.pos, "%q is not declared; it is implicitly typed %s", sym.orig, kind)
	m := ""
	if sym.implicit {
		m = sc.suggest(sym.name, false)
	}
	switch {
	case readFirst && m != "":
		d.WithHint("it is read before it is set, so its value is undefined: did you mean %q? add \"implicit none\" to catch typos", m)
	case readFirst:
		d.WithHint("it is read before it is set, so its value is undefined; declare it, and add \"implicit none\" to catch typos")
	case m != "":
		d.WithHint("did you mean %q? declare every name and add \"implicit none\"", m)
	default:
		d.WithHint("declare it, and add \"implicit none\" to catch typos")
	}
}

func before(a, b diag.Span) bool {
	if a.Start.File != b.Start.File {
		return a.Start.File < b.Start.File
	}
	return a.Start.Offset < b.Start.Offset
}

// suggest returns, in its original spelling, the declared name visible in
// s that is closest to name (diag.Suggest), or "". Implicitly typed names do
// not count: they are what a typo creates. With functions, the supported
// intrinsics are candidates too.
func (s *scope) suggest(name string, functions bool) string {
	orig := map[string]string{}
	add := func(n, o string) {
		if _, ok := orig[n]; !ok {
			orig[n] = o
		}
	}
	seen := map[*scope]bool{}
	var addScope func(t *scope, only map[string]bool)
	addScope = func(t *scope, only map[string]bool) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		for _, sym := range t.order {
			if sym.implicit || only != nil && !only[sym.name] {
				continue
			}
			add(sym.name, sym.orig)
		}
		for n, p := range t.procs {
			if only == nil || only[n] {
				add(n, p.sub.Name.Orig)
			}
		}
		for _, u := range t.uses {
			m := s.c.modules[u.Module.Name]
			if m == nil {
				continue
			}
			var o map[string]bool
			if u.HasOnly {
				o = map[string]bool{}
				for _, id := range u.Only {
					o[id.Name] = true
				}
			}
			addScope(m.scope, o)
		}
	}
	for t := s; t != nil; t = t.parent {
		addScope(t, nil)
	}
	if functions {
		for _, id := range ir.IntrinsicIDs() {
			if _, ok := kernelIntrinsic(id.String()); ok {
				add(id.String(), id.String())
			}
		}
	}
	names := make([]string, 0, len(orig))
	for n := range orig {
		names = append(names, n)
	}
	if m := diag.Suggest(name, names); m != "" {
		return orig[m]
	}
	return ""
}

// checkIfDepth reports an if block nested deeper than maxIfDepth, once per
// outermost chain of nesting (at the block that crosses the limit).
func (l *lowerer) checkIfDepth(s *ast.IfStmt) {
	if l.depth == maxIfDepth+1 {
		l.c.diags.Error(codeIfNesting, s.Pos, "if blocks nest %d deep here; forocl allows at most %d", l.depth, maxIfDepth).
			WithHint("OpenCL compilers limit nesting; combine conditions with .and. or use else if")
	}
}

// checkBlockDepth reports the if, do and select case blocks of a loop
// kernel's body nested deeper than maxIfDepth, once per outermost chain of
// nesting (at the block that crosses the limit). Every one of them becomes
// a block of the generated code (a top-level if becomes its nests' guard,
// select case an if chain), so each counts as an if block of the paper's
// dialect does (checkIfDepth).
func (l *lowerer) checkBlockDepth(body []ast.Stmt) {
	var walk func(list []ast.Stmt, depth int)
	enter := func(at diag.Span, depth int, bodies ...[]ast.Stmt) {
		if depth == maxIfDepth+1 {
			l.c.diags.Error(codeIfNesting, at, "if, do and select case blocks nest %d deep here; forocl allows at most %d", depth, maxIfDepth).
				WithHint("OpenCL compilers limit nesting; combine conditions with .and. or use else if")
			return // once per chain
		}
		for _, b := range bodies {
			walk(b, depth)
		}
	}
	walk = func(list []ast.Stmt, depth int) {
		for _, s := range list {
			switch s := s.(type) {
			case *ast.IfStmt:
				bodies := [][]ast.Stmt{s.Then, s.Else}
				for _, ei := range s.ElseIfs {
					bodies = append(bodies, ei.Body)
				}
				enter(s.Pos, depth+1, bodies...)
			case *ast.DoStmt:
				enter(s.Pos, depth+1, s.Body)
			case *ast.ForallStmt:
				enter(s.Pos, depth+1, s.Body)
			case *ast.SelectCase:
				var bodies [][]ast.Stmt
				for _, c := range s.Cases {
					bodies = append(bodies, c.Body)
				}
				enter(s.Pos, depth+1, bodies...)
			case *ast.WhereStmt:
				bodies := [][]ast.Stmt{s.Body}
				for _, ew := range s.ElseWhere {
					bodies = append(bodies, ew.Body)
				}
				enter(s.Pos, depth+1, bodies...)
			}
		}
	}
	walk(body, 0)
}
