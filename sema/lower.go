package sema

import (
	"fmt"
	"slices"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [halo tracking]
//
// A halo is a rank-1 integer local array ("integer, dimension(4) :: halo").
// Its value is tracked through the statement list in order: an assignment
// from a constant expression (an array constructor, another halo, a named
// constant) at the top level of the kernel body sets it; a use in
// region_cpy/region_ptr or an element reference halo(i) reads the value
// current at that statement and becomes constant window offsets. An
// assignment inside an if block, or from a value that is not constant, makes
// the halo unknown: a later use is an error with a note at that assignment.
// Pointers set by "p => region_ptr(a, halo)" are tracked the same way.
//
// Note [where masks]
//
// A WHERE construct becomes one masked ir.Assign per assignment of its
// bodies. The control mask of body i is outer .and. .not.m1 .and. ... .and.
// mi (no mi for a final elsewhere). Fortran evaluates mi once, before body i
// runs; mi is inlined into the masks of the assignments of bodies i..end, so
// when one of those bodies assigns an array that mi reads, mi is first
// stored into a logical temporary (mask_N) and the masks read that instead.

// lowerer lowers one kernel or function.
type lowerer struct {
	c      *checker
	s      *scope
	sub    *ast.Subprogram
	file   string
	where  string // "a kernel", "an elemental function", ... for messages
	kernel *ir.Kernel
	fn     *ir.Func
	scalar bool // scalar code: an elemental kernel or a function
	rank   int
	// rankSym is the first array dummy (it fixes the grid rank).
	rankSym *symbol

	vars  map[*symbol]*ir.Var
	halos map[*symbol]*haloState
	ptrs  map[*symbol]*ptrState
	inits map[*symbol]*initConst // scalar locals with an initialiser
	first map[*ir.Var]diag.Span  // first assignment of each temporary
	desc  map[*ir.Window]string
	// broken holds symbols whose declaration was reported as wrong; their
	// uses are not reported again.
	broken  map[*symbol]bool
	depth   int
	nmask   int
	warnDiv map[ir.Expr]bool
	// inWhere counts the where blocks being lowered; nreduce numbers the
	// reductions; hoisted holds the reductions of the statement being
	// lowered, which go before it (see reduce.go).
	inWhere int
	nreduce int
	hoisted []ir.Stmt
	// loop is set while a loop kernel is lowered (sema/loops.go).
	loop *loopState
	// inlining holds the subroutines whose calls are being inlined, the
	// outermost first (Note [subroutine calls]).
	inlining []*proc
	// callConsts holds the constant actual arguments of the scalar
	// dummies of the calls being inlined (Note [local arrays of inlined
	// calls]).
	callConsts map[*symbol]cval
}

type haloState struct {
	vals []int64
	set  diag.Span
	bad  string // why the value is not known; "" when vals is valid
	ever bool
	size int64 // declared size, 0 when unknown
	// failed marks a halo whose last assignment was reported as wrong;
	// reported marks one whose unknown value was reported at a use. Later
	// uses are not reported again.
	failed, reported bool
}

type ptrState struct {
	w    *ir.Window // the window it is associated with; nil before association
	set  diag.Span
	bad  string
	desc string
	// failed marks a pointer whose association was reported as wrong; its
	// uses are not reported again.
	failed bool
}

type initConst struct {
	done bool
	v    cval
	ok   bool
}

func (c *checker) newLowerer(s *scope, p *proc, where string) *lowerer {
	return &lowerer{
		c:       c,
		s:       s,
		sub:     p.sub,
		file:    p.file,
		where:   where,
		vars:    map[*symbol]*ir.Var{},
		halos:   map[*symbol]*haloState{},
		ptrs:    map[*symbol]*ptrState{},
		inits:   map[*symbol]*initConst{},
		first:   map[*ir.Var]diag.Span{},
		desc:    map[*ir.Window]string{},
		broken:  map[*symbol]bool{},
		warnDiv: map[ir.Expr]bool{},
	}
}

func (l *lowerer) errorf(code diag.Code, sp diag.Span, format string, args ...any) *diag.Diagnostic {
	return l.c.diags.Error(code, sp, format, args...)
}

// checkUnit reports what is wrong with the specification part of the unit
// as a whole.
func (l *lowerer) checkUnit() {
	for i, sym := range l.s.dups {
		l.errorf(codeDeclaredTwice, l.s.dupPos[i], "%q is declared twice", sym.orig).WithNote(sym.pos, "first declared here")
	}
	for _, st := range l.s.implicit {
		l.errorf(codeImplicitRule, st.Pos, "implicit typing rules other than \"implicit none\" are not supported by forocl").
			WithHint("declare the variables explicitly")
	}
	iface := false
	for _, st := range l.s.other {
		switch {
		case interfaceLine(st, &iface): // Note [user functions]
		case st.Err != "":
			l.errorf(st.ErrCode, st.Pos, "%s", st.Err)
		case st.Keyword == "" || strings.HasPrefix(st.Keyword, "end"):
		default:
			d := l.errorf(codeUnsupportedSpecStatement, st.Pos, "%q statement is not supported by forocl in %s", st.Keyword, l.where)
			if h, ok := specHints[st.Keyword]; ok {
				d.WithHint("%s", h)
			}
		}
	}
	for _, cs := range l.sub.Contains {
		if cs.Kind == ast.Function {
			continue // lowered where called (Note [user functions])
		}
		if callsSub(l.sub.Body, cs.Name.Name) || slices.ContainsFunc(l.sub.Contains, func(o *ast.Subprogram) bool { return o != cs && callsSub(o.Body, cs.Name.Name) }) {
			continue // inlined where called (Note [subroutine calls])
		}
		l.errorf(codeInternalProcedure, cs.Pos, "internal procedure %q is not allowed in %s", cs.Name.Orig, l.where).
			WithHint("move it into the module and make it pure elemental")
	}
	for _, sym := range l.s.order {
		for _, w := range sym.other {
			if w == "external" {
				continue // Note [user functions]
			}
			l.errorf(codeUnsupportedAttribute, sym.pos, "attribute %q of %q is not supported by forocl", w, sym.orig)
		}
		if sym.intent != ast.IntentNone && !sym.dummy {
			l.errorf(codeIntentNotDummy, sym.pos, "%q has an intent but is not a dummy argument", sym.orig)
		}
		if sym.optional {
			l.errorf(codeOptionalArgument, sym.pos, "optional argument %q is not supported by forocl", sym.orig)
		}
	}
}

// typed reports a symbol that needs an explicit type under implicit none.
func (l *lowerer) typed(sym *symbol) bool {
	if sym.typ == nil && l.s.isImplicitNone() {
		l.errorf(codeNoImplicitType, sym.pos, "%q has no type (implicit none is in effect)", sym.orig)
		return false
	}
	return true
}

func irIntent(i ast.Intent) ir.Intent {
	switch i {
	case ast.IntentIn:
		return ir.In
	case ast.IntentOut:
		return ir.Out
	case ast.IntentInOut:
		return ir.InOut
	}
	return ir.IntentNone
}

// lowerKernel checks one kernel and lowers it.
func (c *checker) lowerKernel(k kernelRef) *ir.Kernel {
	p := k.p
	s := c.procScope(p)
	c.checkUses(s)
	p.sub.Body = expandAssociates(p.sub.Body, s, &c.diags) // Note [associate] in sema/associate.go
	if body, ok := regionInout(p, s); ok && !k.elemental && !k.function {
		p.sub.Body = body // Note [region dialect updates in place] in sema/regioninout.go
	}
	loop := isLoopKernel(p.sub.Body) || arraySyntaxKernel(p, s)
	if (k.function || c.inlined[procKey(p.sub.Body)]) && !regionDialect(p.sub.Body, true) {
		loop = true // Note [function kernels], Note [array-valued function references]
	}
	if !k.elemental && loop {
		return c.lowerLoopKernel(p, s)
	}
	l := c.newLowerer(s, p, "a kernel")
	if k.elemental {
		l.where = "an elemental subroutine"
	}
	l.scalar = k.elemental
	kern := &ir.Kernel{Name: p.sub.Name.Orig, File: p.file, Pos: p.sub.Pos}
	c.setHostChars(kern, p.sub)
	c.refuseDeviceChars(kern, k.elemental)
	if p.host != nil {
		kern.Module = p.host.name
	}
	l.kernel = kern
	if p.sub.Impure {
		c.diags.Error(codeKernelImpure, p.sub.Pos, "kernel %q is impure", p.sub.Name.Orig).
			WithHint("remove \"impure\"; kernels must be free of side effects")
	}
	l.checkUnit()
	l.kernelParams()
	l.kernelLocals()
	kern.Body = l.stmts(p.sub.Body)
	kern.Rank = l.rank
	if !k.elemental {
		l.checkPhases(kern)
	}
	return kern
}

func (l *lowerer) kernelParams() {
	name := l.sub.Name.Orig
	arrays := 0
	for _, a := range l.sub.Args {
		sym, v, ok := l.dummyVar(a)
		if !ok {
			continue
		}
		if sym.param {
			l.errorf(codeDummyParameter, sym.pos, "dummy argument %q cannot be a named constant", sym.orig)
			continue
		}
		if sym.pointer || sym.alloc {
			l.errorf(codeDummyPointer, sym.pos, "dummy argument %q must not be a pointer or allocatable", sym.orig).
				WithHint("kernel arrays are assumed-shape: \"dimension(:,:)\"")
			continue
		}
		if l.scalar {
			if sym.rank() > 0 {
				l.errorf(codeElementalDummyNotScalar, sym.pos, "dummy %q of elemental subroutine %q must be scalar", sym.orig, name)
				continue
			}
			if v.Intent == ir.IntentNone {
				l.errorf(codeElementalDummyNoIntent, sym.pos, "dummy %q of elemental subroutine %q has no intent", sym.orig, name).
					WithHint("add \"intent(in)\" or \"intent(out)\"")
			}
			continue
		}
		if n, ok := l.c.dimSize(sym); ok && sym.rank() == 1 && v.Kind == ir.Int && v.Intent == ir.Out {
			// integer, intent(out) :: loc(2): a result of a fixed size,
			// off the grid (what maxloc gives for a rank-2 frame).
			v.Rank, v.Elems = 0, int(n)
			continue
		}
		if sym.rank() == 0 {
			switch v.Intent {
			case ir.In, ir.Out: // intent(out): a result of the kernel
			case ir.IntentNone:
				l.errorf(codeKernelScalarIntent, sym.pos, "scalar %q has no intent; scalar arguments of a kernel must be intent(in)", sym.orig).
					WithHint("add \"intent(in) :: %s\"", sym.orig)
			default:
				l.errorf(codeKernelScalarIntent, sym.pos, "scalar %q is intent(%s); scalar arguments of a region kernel must be intent(in), or intent(out) for a result", sym.orig, v.Intent).
					WithHint("copy the input into a local and return the result through an intent(out) scalar; loop kernels (DO CONCURRENT, !$omp loops) take intent(inout) scalars")
			}
			continue
		}
		arrays++
		for _, d := range sym.dims {
			if !d.Deferred {
				l.errorf(codeKernelArrayNotAssumedShape, sym.pos, "array %q must be assumed-shape", sym.orig).
					WithHint("declare it with \"dimension(%s)\"", colons(sym.rank()))
				break
			}
		}
		switch v.Intent {
		case ir.InOut:
			l.errorf(codeKernelInout, sym.pos, "array %q is intent(inout); kernel arrays must be intent(in) or intent(out) (double-buffer instead)", sym.orig).
				WithHint("pass the old values as an intent(in) array and write the new ones into a second, intent(out) array")
		case ir.IntentNone:
			l.errorf(codeKernelArrayNoIntent, sym.pos, "array %q has no intent; kernel arrays must be intent(in) or intent(out)", sym.orig).
				WithHint("add \"intent(in) :: %s\" or \"intent(out) :: %s\"", sym.orig, sym.orig)
		}
		// With or without "contiguous": hosts always pass contiguous
		// buffers, as for loop kernels.
		if sym.rank() > 3 {
			l.errorf(codeKernelArrayRank, sym.pos, "array %q has rank %d; forocl supports ranks 1 to 3", sym.orig, sym.rank())
			continue
		}
		if l.rankSym == nil {
			l.rankSym = sym
			l.rank = sym.rank()
		} else if sym.rank() != l.rank {
			l.errorf(codeKernelRankMismatch, sym.pos, "array %q has rank %d but %q has rank %d; all arrays of a kernel share one grid", sym.orig, sym.rank(), l.rankSym.orig, l.rank).
				WithNote(l.rankSym.pos, "%q declared here", l.rankSym.orig)
		}
	}
	if !l.scalar && arrays == 0 {
		l.errorf(codeKernelNoArrays, l.sub.Name.Pos, "kernel %q has no array arguments", name).
			WithHint("an element-wise kernel can be written as a pure elemental subroutine")
	}
}

func colons(n int) string {
	return strings.TrimSuffix(strings.Repeat(":,", n), ",")
}

// kernelLocals creates the variables of the non-dummy symbols.
func (l *lowerer) kernelLocals() {
	for _, sym := range l.s.order {
		switch {
		case sym.param:
			l.c.paramValue(sym) // report errors even if it is never used
		case !sym.dummy:
			l.local(sym)
		}
	}
}

// local classifies a local symbol: scalar local, temporary, pointer, halo.
func (l *lowerer) local(sym *symbol) {
	if l.c.procSymbol(sym) {
		return // it names a procedure (Note [user functions])
	}
	if !l.typed(sym) {
		return
	}
	k := l.c.symKind(sym)
	if k == ir.Invalid {
		return
	}
	v := &ir.Var{Name: sym.orig, Kind: k, Rank: sym.rank(), Role: ir.Local, Pos: sym.pos}
	if sym.rank() == 0 {
		if sym.pointer || sym.alloc {
			l.errorf(codeScalarPointer, sym.pos, "scalar %q cannot be a pointer or allocatable", sym.orig)
			return
		}
		if sym.init != nil {
			l.inits[sym] = &initConst{}
			return
		}
		l.vars[sym] = v
		l.addLocal(v)
		return
	}
	if l.scalar {
		l.errorf(codeElementalScalarCode, sym.pos, "local array %q is not allowed in %s; its code is scalar", sym.orig, l.where)
		return
	}
	switch {
	case sym.pointer:
		if sym.rank() != l.rank && l.rank > 0 {
			l.errorf(codePointerMismatch, sym.pos, "pointer %q has rank %d but the kernel's arrays have rank %d", sym.orig, sym.rank(), l.rank)
			return
		}
		v.Role = ir.Pointer
		l.vars[sym] = v
		l.ptrs[sym] = &ptrState{}
	case sym.alloc:
		if sym.rank() != l.rank && l.rank > 0 {
			l.errorf(codeTemporaryRank, sym.pos, "temporary %q has rank %d but the kernel's arrays have rank %d", sym.orig, sym.rank(), l.rank)
			return
		}
		v.Role = ir.Temp
		l.vars[sym] = v
	case k == ir.Int && sym.rank() == 1:
		st := &haloState{}
		if n, ok := l.c.dimSize(sym); ok {
			st.size = n
		} else {
			l.errorf(codeHaloSizeNotConstant, sym.pos, "halo %q must have a constant size, such as \"dimension(4)\"", sym.orig)
			return
		}
		if sym.init != nil {
			v, err := l.c.evalConst(l.s, l.env, sym.init)
			if err != nil {
				l.c.reportConst(err)
				return
			}
			if !v.isArr || !v.kind.IsInt() || int64(len(v.ints)) != st.size {
				l.errorf(codeHaloSizeMismatch, sym.init.Span(), "halo %q has %d entries but is initialised with %s", sym.orig, st.size, describeLen(v))
				return
			}
			st.vals, st.ever, st.set = v.ints, true, sym.init.Span()
		}
		l.halos[sym] = st
	default:
		l.errorf(codeLocalArrayNotAllocatable, sym.pos, "local array %q must be allocatable", sym.orig).
			WithHint("declare it \"allocatable, dimension(%s)\"; its shape comes from its first assignment", colons(sym.rank()))
	}
}

func describeLen(v cval) string {
	if v.isArr && v.kind.IsReal() {
		return fmt.Sprintf("%d reals", len(v.reals))
	}
	if v.isArr {
		return fmt.Sprintf("%d", len(v.ints))
	}
	return "a scalar"
}

func (l *lowerer) addLocal(v *ir.Var) {
	if l.kernel != nil {
		l.kernel.Locals = append(l.kernel.Locals, v)
	} else {
		l.fn.Locals = append(l.fn.Locals, v)
	}
}

// env gives constant evaluation access to the current halo values and the
// initialised locals of the unit.
func (l *lowerer) env(sym *symbol, at diag.Span) (cval, *constErr, bool) {
	if st, ok := l.halos[sym]; ok {
		switch {
		case st.failed || (st.reported && (st.bad != "" || !st.ever)):
			return cval{}, &constErr{span: at, silent: true}, true
		case st.bad != "" || !st.ever:
			st.reported = true
		}
		switch {
		case st.bad != "":
			return cval{}, &constErr{code: codeHaloNotConstant, span: at, msg: fmt.Sprintf("halo %q is not constant here: %s", sym.orig, st.bad),
				hint:  "set halos from constants, outside if blocks",
				notes: []diag.NoteMsg{{Span: st.set, Msg: "halo set here"}}}, true
		case !st.ever:
			return cval{}, &constErr{code: codeHaloUnset, span: at, msg: fmt.Sprintf("halo %q is used before it is set", sym.orig),
				hint: fmt.Sprintf("assign it first, e.g. \"%s = [%s]\"", sym.orig, strings.TrimSuffix(strings.Repeat("1,", int(st.size)), ","))}, true
		}
		return cval{kind: ir.Int, isArr: true, ints: st.vals, name: sym.orig}, nil, true
	}
	if ic, ok := l.inits[sym]; ok {
		if !ic.done {
			ic.done = true
			v, err := l.c.evalConst(l.s, l.env, sym.init)
			if err != nil {
				l.c.reportConst(err)
			} else {
				ic.v, ic.ok = l.c.fitConst(sym, v)
			}
		}
		if !ic.ok {
			return cval{}, &constErr{span: at, silent: true}, true // reported at the declaration
		}
		return ic.v, nil, true
	}
	return cval{}, nil, false
}

// lowerFunc lowers a function called from a kernel, once. It returns nil
// when the function is being lowered (recursion) or could not be lowered.
func (c *checker) lowerFunc(p *proc) (fn *ir.Func, recursive bool) {
	if st := c.funcs[p.sub]; st != nil {
		if st.busy {
			return nil, true
		}
		return st.fn, false
	}
	st := &funcState{busy: true}
	c.funcs[p.sub] = st
	defer func() { st.busy = false }()
	s := c.procScope(p)
	c.checkUses(s)
	where := "a pure function"
	if !p.sub.Pure && !p.sub.Elemental {
		where = "a function"
	}
	if p.sub.Elemental {
		where = "an elemental function"
	}
	l := c.newLowerer(s, p, where)
	l.scalar = true
	fn = &ir.Func{Name: p.sub.Name.Orig, File: p.file, Pos: p.sub.Pos}
	l.fn = fn
	l.checkUnit()

	rid := p.sub.Name
	if p.sub.Result != nil {
		rid = *p.sub.Result
	}
	rsym := s.get(rid)
	if p.sub.TypePrefix != nil {
		if rsym.typ != nil {
			c.diags.Error(codeFunctionTypeTwice, rsym.pos, "the type of %q is given twice", rsym.orig).WithNote(p.sub.TypePrefix.Pos, "first given here")
		} else {
			rsym.typ = p.sub.TypePrefix
		}
	}
	if rsym.typ == nil && s.isImplicitNone() {
		c.diags.Error(codeNoImplicitType, p.sub.Name.Pos, "function %q has no type (implicit none is in effect)", p.sub.Name.Orig)
	}
	if rsym.rank() > 0 {
		c.diags.Error(codeFunctionNotScalar, rsym.pos, "the result of function %q must be scalar", p.sub.Name.Orig)
	}
	fn.Result = &ir.Var{Name: rsym.orig, Kind: c.symKind(rsym), Role: ir.Result, Pos: rsym.pos}
	l.vars[rsym] = fn.Result

	for _, a := range p.sub.Args {
		sym := s.syms[a.Name]
		l.typed(sym)
		v := &ir.Var{Name: sym.orig, Kind: c.symKind(sym), Role: ir.Dummy, Intent: ir.In, Pos: sym.pos}
		l.vars[sym] = v
		fn.Params = append(fn.Params, v)
		if sym.rank() > 0 || sym.pointer || sym.alloc {
			c.diags.Error(codeFunctionNotScalar, sym.pos, "dummy %q of function %q must be scalar", sym.orig, p.sub.Name.Orig)
			l.broken[sym] = true
		}
		if sym.intent == ast.IntentNone && !p.sub.Pure && !p.sub.Elemental {
			continue // pure in effect: it writes no dummy (Note [user functions])
		}
		if sym.intent != ast.IntentIn && !sym.value {
			l.broken[sym] = true
			d := c.diags.Error(codeFunctionDummyIntent, sym.pos, "dummy %q of function %q must be intent(in)", sym.orig, p.sub.Name.Orig)
			if sym.intent == ast.IntentNone {
				d.WithHint("add \"intent(in) :: %s\"", sym.orig)
			}
		}
	}
	for _, sym := range s.order {
		switch {
		case sym.param:
			c.paramValue(sym)
		case !sym.dummy && sym != rsym:
			l.local(sym)
		}
	}
	fn.Body = l.stmts(p.sub.Body)
	st.fn = fn
	st.ok = true
	c.funcOrder = append(c.funcOrder, fn)
	return fn, false
}

// ---- statements ----

func (l *lowerer) stmts(list []ast.Stmt) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range list {
		lowered := l.stmt(s)
		out = append(out, l.hoisted...)
		l.hoisted = nil
		out = append(out, lowered...)
	}
	return out
}

var specHints = map[string]string{
	"parameter":   "use the parameter attribute: \"real, parameter :: x = 1.0\"",
	"common":      "pass the values as arguments",
	"data":        "use a named constant",
	"interface":   "call only elemental functions of the same or a used module",
	"equivalence": "declare separate variables",
}

var otherHints = map[string]string{
	"do":            "use array syntax",
	"do concurrent": "use array syntax",
	"do while":      "use array syntax",
	"allocate":      "allocatable temporaries are allocated by assignment",
	"deallocate":    "temporaries are freed when the kernel ends",
	"print":         "kernels cannot do input or output",
	"write":         "kernels cannot do input or output",
	"read":          "kernels cannot do input or output",
	"open":          "kernels cannot do input or output",
	"close":         "kernels cannot do input or output",
	"stop":          "kernels cannot stop the program",
	"error stop":    "kernels cannot stop the program",
	"save":          "kernels cannot keep values between launches",
	"select":        "use if blocks or merge",
	"select case":   "use if blocks or merge",
	"go to":         "use if blocks",
	"goto":          "use if blocks",
	"cycle":         "use array syntax",
	"exit":          "use array syntax",
	"nullify":       "pointers are associated with region_ptr",
}

func (l *lowerer) stmt(s ast.Stmt) []ir.Stmt {
	switch s := s.(type) {
	case nil:
		return nil
	case *ast.AssignStmt:
		return l.assignStmt(s, nil)
	case *ast.IfStmt:
		return l.ifStmt(s)
	case *ast.WhereStmt:
		if l.scalar {
			l.errorf(codeElementalScalarCode, s.Pos, "where is not allowed in %s; its code is scalar", l.where).WithHint("use if")
			return nil
		}
		return l.whereStmt(s, nil)
	case *ast.CallStmt:
		switch s.Name.Name {
		case "region_cpy", "region_ptr":
			d := l.errorf(codeCallRegionFunction, s.Name.Pos, "%q is a function; it cannot be called with \"call\"", s.Name.Name)
			if s.Name.Name == "region_ptr" {
				d.WithHint("associate a pointer: \"p => region_ptr(a, halo)\"")
			}
		default:
			if out, ok := l.inlineCall(s, l.stmts); ok { // Note [subroutine calls]
				return out
			}
			if !l.coarrayName(s.Name) {
				l.errorf(codeCallNotAllowed, s.Name.Pos, "call %q is not allowed in %s; kernels may call only elemental functions and intrinsics", s.Name.Orig, l.where)
			}
		}
		return nil
	case *ast.ReturnStmt:
		return []ir.Stmt{&ir.Return{Pos: s.Pos}}
	case *ast.WriteStmt:
		l.errorf(codeStatementNotAllowed, s.Pos, "%q is not allowed in %s", s.Keyword, l.where).WithHint("%s", otherHints[s.Keyword])
		return nil
	case *ast.LoopDirective:
		l.nestDirective(s) // sema/innerdirs.go
		return nil
	case *ast.SelectCase:
		d := l.errorf(codeStatementNotAllowed, s.Pos, "%q is not allowed in %s", "select case", l.where)
		if h, ok := otherHints["select case"]; ok {
			d.WithHint("%s", h)
		}
		for _, c := range s.Cases {
			l.stmts(c.Body) // report what else is wrong, as before
		}
		return nil
	case *ast.DoStmt:
		kw := map[ast.DoForm]string{ast.DoCounted: "do", ast.DoConcurrent: "do concurrent", ast.DoWhile: "do while", ast.DoForever: "do"}[s.Form]
		d := l.errorf(codeStatementNotAllowed, s.Pos, "%q is not allowed in %s", kw, l.where)
		if h, ok := otherHints[kw]; ok {
			d.WithHint("%s", h)
		}
		l.stmts(s.Body) // report what else is wrong, as before
		return nil
	case *ast.ForallStmt:
		l.errorf(codeForallBody, s.Pos, "FORALL is not allowed in %s", l.where).
			WithHint("write the FORALL at the top level of a kernel")
		return nil
	case *ast.OtherStmt:
		if s.Err != "" {
			l.errorf(s.ErrCode, s.Pos, "%s", s.Err)
			return nil
		}
		kw := s.Keyword
		if kw == "" {
			l.errorf(codeStatementNotAllowed, s.Pos, "statement is not understood by forocl")
			return nil
		}
		if l.coarrayStmt(s) || strings.HasPrefix(kw, "end") || kw == "continue" {
			return nil
		}
		d := l.errorf(codeStatementNotAllowed, s.Pos, "%q is not allowed in %s", kw, l.where)
		if h, ok := otherHints[kw]; ok {
			d.WithHint("%s", h)
		}
		return nil
	}
	panic(fmt.Sprintf("internal error: unexpected statement %T", s))
}

func (l *lowerer) ifStmt(s *ast.IfStmt) []ir.Stmt {
	cond := l.cond(s.Cond)
	l.depth++
	defer func() { l.depth-- }()
	l.checkIfDepth(s)
	out := &ir.If{Pos: s.Pos, Cond: cond, Then: l.stmts(s.Then)}
	tail := &out.Else
	for _, ei := range s.ElseIfs {
		c := l.cond(ei.Cond)
		n := &ir.If{Pos: ei.Pos, Cond: c, Then: l.stmts(ei.Body)}
		*tail = []ir.Stmt{n}
		tail = &n.Else
	}
	if s.HasElse || len(s.Else) > 0 {
		*tail = l.stmts(s.Else)
	}
	if cond == nil {
		return nil
	}
	return []ir.Stmt{out}
}

// cond lowers an if condition: a scalar logical.
func (l *lowerer) cond(e ast.Expr) ir.Expr {
	x := l.expr(e)
	if x == nil {
		return nil
	}
	t := x.Type()
	if t.Rank > 0 {
		l.errorf(codeIfConditionArray, e.Span(), "if condition is an array").
			WithHint("use where for element-wise conditions")
		return nil
	}
	if t.Kind != ir.Logical {
		l.errorf(codeConditionNotLogical, e.Span(), "if condition is %s, expected logical", t.Kind)
		return nil
	}
	return x
}

// maskCtx is the control mask of an assignment inside a where construct.
type maskCtx struct {
	mask ir.Expr // cloned into each assignment
	op   *operand
}

// lhsName returns the name assigned by an assignment's left-hand side and
// whether it has subscripts.
func lhsName(e ast.Expr) (*ast.Ident, *ast.Call) {
	switch e := e.(type) {
	case *ast.Ident:
		return e, nil
	case *ast.Call:
		return &e.Name, e
	}
	return nil, nil
}

func isRegionPtr(l *lowerer, e ast.Expr) (*ast.Call, bool) {
	call, ok := e.(*ast.Call)
	if !ok || call.Name.Name != "region_ptr" {
		return nil, false
	}
	return call, true
}

func (l *lowerer) assignStmt(s *ast.AssignStmt, ctl *maskCtx) []ir.Stmt {
	id, sub := lhsName(s.LHS)
	if id == nil {
		l.errorf(codeAssignToFunction, s.LHS.Span(), "cannot assign to this expression")
		return nil
	}
	if s.Pointer {
		if ctl != nil {
			l.errorf(codePointerInWhere, s.Pos, "pointer association is not allowed in a where block")
			return nil
		}
		l.associate(s, id, sub, false)
		return nil
	}
	ent := l.s.lookup(id.Name)
	if !ent.found() {
		if sub == nil && !l.s.isImplicitNone() {
			l.implicitLocal(id)
			ent = l.s.lookup(id.Name)
		} else {
			l.undefined(id, "name")
			return nil
		}
	}
	if ent.proc != nil {
		l.errorf(codeAssignToFunction, id.Pos, "cannot assign to function %q", id.Orig)
		return nil
	}
	sym := ent.sym
	if l.broken[sym] {
		return nil
	}
	if call, op, ok := l.wholeLoc(s.RHS); ok && sub == nil && ctl == nil && !sym.param && sym.sc == l.s {
		return l.locAssign(s, id, sym, call, op)
	}
	if sym.param {
		l.errorf(codeAssignToParameter, id.Pos, "cannot assign to named constant %q", id.Orig).WithNote(sym.pos, "declared here")
		return nil
	}
	if l.foreign(sym) || sym.sc != l.s && sym.rank() == 0 {
		if l.programVar(id, sym) {
			return nil
		}
		l.errorf(codeModuleVariable, id.Pos, "%s cannot write module variable %q", l.where, id.Orig).
			WithHint("kernels cannot change module state; pass an intent(out) array instead").
			WithNote(sym.pos, "declared here")
		return nil
	}
	if _, ok := l.inits[sym]; ok || sym.save {
		l.savedWrite(id, sym)
		return nil
	}
	if _, ok := l.halos[sym]; ok {
		if sym.init != nil {
			l.savedWrite(id, sym)
			return nil
		}
		if ctl != nil {
			l.errorf(codeWhereNonArrayAssignment, s.Pos, "only array assignments may appear in a where block")
			return nil
		}
		l.haloAssign(s, sym, sub)
		return nil
	}
	v := l.vars[sym]
	if v == nil {
		return nil // declaration error already reported
	}
	if sub != nil && v.Elems > 0 && ctl == nil {
		return l.elemAssign(s, sub, v)
	}
	if sub != nil {
		l.subscripted(sub, v)
		return nil
	}
	switch {
	case v.Role == ir.Pointer:
		if _, ok := isRegionPtr(l, s.RHS); ok && ctl == nil {
			l.associate(s, id, nil, true)
			return nil
		}
		return l.arrayAssign(s, sym, v, ctl)
	case v.Rank > 0 && !l.scalar:
		if v.Role == ir.Dummy && v.Intent == ir.In {
			l.errorf(codeAssignIntentIn, id.Pos, "cannot assign to intent(in) array %q", v.Name).WithNote(v.Pos, "declared here")
			return nil
		}
		return l.arrayAssign(s, sym, v, ctl)
	}
	if ctl != nil {
		l.errorf(codeWhereNonArrayAssignment, s.Pos, "only array assignments may appear in a where block")
		return nil
	}
	if v.Role == ir.Dummy && (v.Intent == ir.In || l.fn != nil) {
		l.errorf(codeAssignIntentIn, id.Pos, "cannot assign to intent(in) dummy %q", v.Name).WithNote(v.Pos, "declared here")
		return nil
	}
	rhs := l.expr(s.RHS)
	if rhs == nil {
		return nil
	}
	if rhs.Type().Rank > 0 {
		l.errorf(codeArrayToScalar, s.RHS.Span(), "cannot assign an array to scalar %q", v.Name)
		return nil
	}
	rhs = l.assignConv(rhs, v, s.RHS.Span())
	if rhs == nil {
		return nil
	}
	return []ir.Stmt{&ir.Assign{Pos: s.Pos, LHS: &ir.Ref{Pos: id.Pos, Var: v}, RHS: rhs}}
}

func (l *lowerer) savedWrite(id *ast.Ident, sym *symbol) {
	if sym.save {
		l.errorf(codeSaveLocal, id.Pos, "local %q has the save attribute; %s cannot keep values between launches", id.Orig, l.where).
			WithNote(sym.pos, "declared here")
		return
	}
	l.errorf(codeSaveLocal, id.Pos, "local %q is initialised in its declaration, which gives it the save attribute; %s cannot change it", id.Orig, l.where).
		WithHint("declare it without an initialiser and assign it in the body").
		WithNote(sym.pos, "declared here")
}

// assignConv converts a right-hand side to the kind of the variable it is
// assigned to.
func (l *lowerer) assignConv(rhs ir.Expr, v *ir.Var, sp diag.Span) ir.Expr {
	rk := rhs.Type().Kind
	if (rk == ir.Logical) != (v.Kind == ir.Logical) {
		l.errorf(codeLogicalNumberConversion, sp, "cannot assign %s value to %s %q", article(rk), v.Kind, v.Name)
		return nil
	}
	return l.conv(rhs, v.Kind)
}

// implicitLocal declares an implicitly typed scalar local on first use.
func (l *lowerer) implicitLocal(id *ast.Ident) *ir.Var {
	sym := l.s.get(*id)
	sym.implicit = true
	v := &ir.Var{Name: sym.orig, Kind: l.c.symKind(sym), Role: ir.Local, Pos: id.Pos}
	l.vars[sym] = v
	l.addLocal(v)
	return v
}

// undefined reports an unknown name, with notes at uses of modules that
// forocl did not find.
func (l *lowerer) undefined(id *ast.Ident, what string) {
	if what == "function" && l.coarrayName(*id) || l.refusedComponent(id) {
		return
	}
	d := l.errorf(codeUndefinedName, id.Pos, "undefined %s %q", what, id.Orig)
	if m := l.s.suggest(id.Name, what == "function"); m != "" {
		d.WithHint("did you mean %q?", m)
	}
	for _, u := range l.s.missingUses() {
		d.WithNote(u.Pos, "%q may come from module %q, which forocl did not find", id.Orig, u.Module.Orig)
	}
}

// subscripted reports an element or section reference of an array.
func (l *lowerer) subscripted(call *ast.Call, v *ir.Var) {
	if v.Rank == 0 {
		l.errorf(codeNotAnArray, call.Pos, "%q is not an array", call.Name.Orig)
		return
	}
	for _, a := range call.Args {
		if a.Section {
			l.errorf(codeArrayReference, call.Pos, "array sections such as %s(...) are outside forocl's subset", call.Name.Orig).
				WithHint("use region_cpy(%s, halo) to select a region", call.Name.Orig)
			return
		}
	}
	l.errorf(codeArrayReference, call.Pos, "array element references such as %s(...) are outside forocl's subset", call.Name.Orig).
		WithHint("use whole arrays and region_cpy(%s, halo)", call.Name.Orig)
}

// haloAssign records a new value of a halo (Note [halo tracking]).
func (l *lowerer) haloAssign(s *ast.AssignStmt, sym *symbol, sub *ast.Call) {
	st := l.halos[sym]
	st.reported = false
	if l.depth > 0 {
		st.bad, st.set, st.ever = "it is set inside an if block", s.Pos, true
		return
	}
	v, err := l.c.evalConst(l.s, l.env, s.RHS)
	if sub != nil {
		// halo(i) = value
		if !st.ever || st.bad != "" {
			st.bad, st.set, st.ever = "it is only partly set", s.Pos, true
			return
		}
		if len(sub.Args) != 1 || sub.Args[0].Section {
			l.errorf(codeSubscriptCount, sub.Pos, "halo %q takes one subscript", sym.orig)
			return
		}
		iv, ierr := l.c.evalConst(l.s, l.env, sub.Args[0].Value)
		switch {
		case err != nil:
			l.haloValueErr(st, err, s.Pos)
			return
		case ierr != nil:
			l.haloValueErr(st, ierr, s.Pos)
			return
		case iv.isArr || iv.kind != ir.Int || v.isArr || v.kind != ir.Int:
			st.bad, st.set = "it is set from a value that is not an integer constant", s.Pos
			return
		}
		if iv.i < 1 || iv.i > int64(len(st.vals)) {
			l.errorf(codeSubscriptOutOfBounds, sub.Args[0].Pos, "subscript %d is out of bounds 1:%d of halo %q", iv.i, len(st.vals), sym.orig)
			return
		}
		vals := append([]int64(nil), st.vals...)
		vals[iv.i-1] = v.i
		st.vals, st.set = vals, s.Pos
		return
	}
	st.ever = true
	if err != nil {
		l.haloValueErr(st, err, s.Pos)
		return
	}
	if !v.isArr || !v.kind.IsInt() || int64(len(v.ints)) != st.size {
		l.errorf(codeHaloSizeMismatch, s.RHS.Span(), "halo %q has %d entries but is assigned %s", sym.orig, st.size, describeLen(v)).
			WithNote(sym.pos, "declared here")
		st.failed, st.set = true, s.Pos
		return
	}
	st.vals, st.bad, st.failed, st.set = v.ints, "", false, s.Pos
}

// haloValueErr records a halo assignment whose value did not evaluate:
// a value that depends on a variable leaves the halo unknown (reported at
// its next use, where it matters); any other error is reported now.
func (l *lowerer) haloValueErr(st *haloState, err *constErr, at diag.Span) {
	st.set, st.ever = at, true
	if err.variable != "" {
		st.bad, st.failed = fmt.Sprintf("it is set from %q, which is not a constant", err.variable), false
		return
	}
	l.c.reportConst(err)
	st.bad, st.failed = "", true
}

// associate handles "p => region_ptr(a, halo)" (and, with plain, the
// paper's "p = region_ptr(a, halo)").
func (l *lowerer) associate(s *ast.AssignStmt, id *ast.Ident, sub *ast.Call, plain bool) {
	ent := l.s.lookup(id.Name)
	var st *ptrState
	var pv *ir.Var
	if ent.sym != nil && sub == nil {
		st = l.ptrs[ent.sym]
		pv = l.vars[ent.sym]
	}
	if st == nil {
		if ent.sym != nil && l.vars[ent.sym] == nil && ent.sym.sc == l.s && ent.sym.pointer {
			return // declaration error already reported
		}
		l.errorf(codeNotAPointer, id.Pos, "%q is not a pointer; \"=>\" needs a pointer on the left", id.Orig)
		return
	}
	st.failed = true // until the association succeeds
	var w *ir.Window
	desc := ""
	switch rhs := s.RHS.(type) {
	case *ast.Call:
		if call, ok := isRegionPtr(l, rhs); ok {
			w, desc = l.regionPtr(call)
			break
		}
		l.errorf(codePointerNotRegionPtr, s.RHS.Span(), "pointer %q can only be associated with region_ptr(array, halo)", id.Orig)
		return
	case *ast.Ident:
		tv := l.ptrTarget(rhs)
		if tv == nil {
			return
		}
		w = &ir.Window{Pos: rhs.Pos, Var: tv, Lo: make([]int, tv.Rank), Hi: make([]int, tv.Rank)}
		desc = fmt.Sprintf("%q", tv.Name)
	default:
		l.errorf(codePointerNotRegionPtr, s.RHS.Span(), "pointer %q can only be associated with region_ptr(array, halo)", id.Orig)
		return
	}
	if w == nil {
		return
	}
	if w.Var.Kind != pv.Kind && w.Var.Kind != ir.Invalid && pv.Kind != ir.Invalid {
		l.errorf(codePointerMismatch, s.RHS.Span(), "pointer %q is %s but %q is %s", pv.Name, pv.Kind, w.Var.Name, w.Var.Kind).WithNote(pv.Pos, "declared here")
		return
	}
	if plain {
		l.c.diags.Warn(codeRegionPtrAssignment, s.Pos, "%q = region_ptr(...) assigns through the pointer in standard Fortran; forocl treats it as pointer association", id.Orig).
			WithHint("write \"%s => region_ptr(...)\"", id.Orig)
	}
	st.w, st.set, st.desc, st.bad, st.failed = w, s.Pos, desc, "", false
	if l.depth > 0 {
		st.bad = "it is associated inside an if block"
	}
}

// ptrTarget checks the array a pointer is associated with: an intent(out)
// target dummy of the kernel.
func (l *lowerer) ptrTarget(id *ast.Ident) *ir.Var {
	ent := l.s.lookup(id.Name)
	var v *ir.Var
	if ent.sym != nil && ent.sym.sc == l.s {
		v = l.vars[ent.sym]
	}
	if v == nil || v.Role != ir.Dummy || v.Rank == 0 {
		if ent.sym == nil && !ent.found() {
			l.undefined(id, "name")
			return nil
		}
		l.errorf(codeRegionPtrTarget, id.Pos, "region_ptr target %q must be an intent(out) array argument of the kernel", id.Orig)
		return nil
	}
	if v.Intent == ir.IntentNone {
		return nil // "array has no intent" is reported at its declaration
	}
	if v.Intent != ir.Out {
		l.errorf(codeRegionPtrIntentIn, id.Pos, "region_ptr target %q is intent(%s); region_ptr may only point into an intent(out) array", v.Name, v.Intent).
			WithHint("write the results into a second, intent(out) array (double buffering)").
			WithNote(v.Pos, "declared here")
		return nil
	}
	if !v.Target {
		l.errorf(codeRegionPtrNoTarget, id.Pos, "region_ptr target %q does not have the target attribute", v.Name).
			WithHint("add \"target :: %s\"", v.Name).
			WithNote(v.Pos, "declared here")
		return nil
	}
	return v
}

// regionPtr checks region_ptr(a, halo) and returns its window.
func (l *lowerer) regionPtr(call *ast.Call) (*ir.Window, string) {
	if len(call.Args) != 2 {
		l.errorf(codeRegionArguments, call.Pos, "region_ptr takes 2 arguments (an array and a halo), not %d", len(call.Args))
		return nil, ""
	}
	aid, ok := call.Args[0].Value.(*ast.Ident)
	if !ok || call.Args[0].Section {
		l.errorf(codeRegionPtrTarget, call.Args[0].Pos, "first argument of region_ptr must be the name of an intent(out) array")
		return nil, ""
	}
	v := l.ptrTarget(aid)
	if v == nil {
		return nil, ""
	}
	lo, hi, ok := l.haloArg(call.Args[1], v)
	if !ok {
		return nil, ""
	}
	w := &ir.Window{Pos: call.Pos, Var: v, Lo: lo, Hi: hi}
	return w, fmt.Sprintf("region_ptr(%s, %s)", v.Name, haloText(lo, hi))
}

// haloArg evaluates the halo argument of a region function for array v.
func (l *lowerer) haloArg(a ast.Arg, v *ir.Var) (lo, hi []int, ok bool) {
	if a.Section || a.Value == nil {
		l.errorf(codeHaloNotIntegerArray, a.Pos, "halo must be an integer array")
		return nil, nil, false
	}
	val, err := l.c.evalConst(l.s, l.env, a.Value)
	if err != nil {
		l.c.reportConst(err)
		return nil, nil, false
	}
	var notes []diag.NoteMsg
	what := "halo"
	if id, ok := a.Value.(*ast.Ident); ok {
		what = fmt.Sprintf("halo %q", id.Orig)
		if ent := l.s.lookup(id.Name); ent.sym != nil {
			if st := l.halos[ent.sym]; st != nil {
				notes = append(notes, diag.NoteMsg{Span: st.set, Msg: "halo set here"})
			} else {
				notes = append(notes, diag.NoteMsg{Span: ent.sym.pos, Msg: "declared here"})
			}
		}
	}
	if !val.isArr || !val.kind.IsInt() {
		d := l.errorf(codeHaloNotIntegerArray, a.Pos, "%s must be an integer array, not %s", what, val.describe())
		d.Notes = append(d.Notes, notes...)
		return nil, nil, false
	}
	if len(val.ints) != 2*v.Rank {
		d := l.errorf(codeHaloRankMismatch, a.Pos, "%s has %d entries but %q has rank %d; a halo needs 2*rank = %d entries", what, len(val.ints), v.Name, v.Rank, 2*v.Rank)
		d.Notes = append(d.Notes, notes...)
		return nil, nil, false
	}
	lo, hi = make([]int, v.Rank), make([]int, v.Rank)
	for i, x := range val.ints {
		if x < 0 {
			d := l.errorf(codeHaloNegative, a.Pos, "halo entry %d is %d; halo entries must be >= 0", i+1, x)
			d.Notes = append(d.Notes, notes...)
			return nil, nil, false
		}
		if i%2 == 0 {
			lo[i/2] = int(x)
		} else {
			hi[i/2] = int(x)
		}
	}
	return lo, hi, true
}

// haloText writes a halo as the user spells it: [lo1,hi1,lo2,hi2].
func haloText(lo, hi []int) string {
	var b strings.Builder
	b.WriteByte('[')
	for d := range lo {
		if d > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%d,%d", lo[d], hi[d])
	}
	b.WriteByte(']')
	return b.String()
}

// pointerWindow returns a fresh copy of the window pointer sym is associated
// with, reporting a pointer that is not (known to be) associated.
func (l *lowerer) pointerWindow(sym *symbol, at diag.Span) *ir.Window {
	st := l.ptrs[sym]
	if st.failed {
		return nil
	}
	if st.w == nil {
		l.errorf(codePointerUnassociated, at, "pointer %q is used before it is associated", sym.orig).
			WithHint("associate it first: \"%s => region_ptr(array, halo)\"", sym.orig)
		return nil
	}
	if st.bad != "" {
		l.errorf(codePointerNotKnown, at, "pointer %q is not known here: %s", sym.orig, st.bad).
			WithHint("associate pointers outside if blocks").
			WithNote(st.set, "associated here")
		return nil
	}
	w := &ir.Window{Pos: at, Var: st.w.Var, Lo: append([]int(nil), st.w.Lo...), Hi: append([]int(nil), st.w.Hi...)}
	l.desc[w] = fmt.Sprintf("%q", sym.orig)
	return w
}

// arrayAssign lowers an assignment to an array (dummy, temporary or
// pointer), checking that all operands conform.
func (l *lowerer) arrayAssign(s *ast.AssignStmt, sym *symbol, v *ir.Var, ctl *maskCtx) []ir.Stmt {
	// A temporary whose first assignment was rejected has no shape; its
	// later reads would only repeat that error.
	defer func() {
		if v.Role == ir.Temp && v.Shrink == nil {
			l.broken[sym] = true
		}
	}()
	rhs := l.expr(s.RHS)
	var lhs *ir.Window
	switch v.Role {
	case ir.Pointer:
		lhs = l.pointerWindow(sym, s.LHS.Span())
	default:
		lhs = l.window(v, nil, nil, s.LHS.Span())
		l.desc[lhs] = fmt.Sprintf("%q", v.Name)
	}
	if rhs == nil || lhs == nil {
		return nil
	}
	ops := l.operands(rhs)
	if ctl != nil {
		ops = append([]operand{*ctl.op}, ops...)
	}
	ref, ok := l.conform(ops)
	if !ok {
		return nil
	}
	if v.Role == ir.Temp {
		switch {
		case v.Shrink == nil && ref == nil:
			l.errorf(codeTemporaryShapeUnknown, s.RHS.Span(), "cannot tell the shape of temporary %q: the right-hand side has no array operand", v.Name).
				WithHint("assign it from an expression of arrays or region_cpy first")
			return nil
		case v.Shrink == nil:
			v.Shrink = append([]int(nil), ref.shrink...)
			l.first[v] = s.Pos
			l.kernel.Temps = append(l.kernel.Temps, v)
		case ref != nil && !equalInts(v.Shrink, ref.shrink):
			l.errorf(codeTemporaryShapeChanges, ref.span, "temporary %q is %s from its first assignment, but %s is %s", v.Name, l.shape(v.Shrink), ref.desc, l.shape(ref.shrink)).
				WithHint("use a second temporary for values of another shape").
				WithNote(l.first[v], "first assigned here")
			return nil
		}
	}
	frame := l.shrinkOf(lhs)
	if ref != nil && !equalInts(frame, ref.shrink) {
		lop := operand{desc: l.desc[lhs], span: lhs.Pos, shrink: frame}
		l.mismatch(*ref, lop)
		return nil
	}
	rhs = l.assignConv(rhs, v, s.RHS.Span())
	if rhs == nil {
		return nil
	}
	a := &ir.Assign{Pos: s.Pos, LHS: lhs, RHS: rhs, Shrink: frame}
	if ctl != nil {
		a.Mask = cloneExpr(ctl.mask)
	}
	return []ir.Stmt{a}
}

func equalInts(a, b []int) bool {
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

// window makes a window of v (zero halo when lo and hi are nil).
func (l *lowerer) window(v *ir.Var, lo, hi []int, at diag.Span) *ir.Window {
	if lo == nil {
		lo, hi = make([]int, v.Rank), make([]int, v.Rank)
	}
	return &ir.Window{Pos: at, Var: v, Lo: lo, Hi: hi}
}

// ---- where ----

type whereBlock struct {
	mask ast.Expr // nil for a final elsewhere
	body []ast.Stmt
}

func (l *lowerer) whereStmt(w *ast.WhereStmt, outer *maskCtx) []ir.Stmt {
	l.inWhere++
	defer func() { l.inWhere-- }()
	blocks := []whereBlock{{w.Mask, w.Body}}
	for _, ew := range w.ElseWhere {
		blocks = append(blocks, whereBlock{ew.Mask, ew.Body})
	}
	assigned := make([]map[*ir.Var]bool, len(blocks))
	for i, b := range blocks {
		assigned[i] = map[*ir.Var]bool{}
		l.assignedVars(b.body, assigned[i])
	}
	var out []ir.Stmt
	var prev []ir.Expr
	var firstOp *operand
	if outer != nil {
		firstOp = outer.op
	}
	broken := false
	for i, b := range blocks {
		var m ir.Expr
		op := firstOp
		if b.mask != nil && !broken {
			m = l.mask(b.mask)
			if m == nil {
				broken = true
			} else {
				ops := l.operands(m)
				if firstOp != nil {
					// the mask of an elsewhere or of a nested where must
					// conform with the first mask
					ops = append([]operand{*firstOp}, ops...)
				}
				ref, ok := l.conform(ops)
				if !ok || ref == nil {
					broken = true
				} else {
					frame := ref.shrink
					later := map[*ir.Var]bool{}
					for _, a := range assigned[i:] {
						for v := range a {
							later[v] = true
						}
					}
					if readsAny(m, later) {
						t := l.newMaskTemp(frame, b.mask.Span())
						out = append(out, &ir.Assign{Pos: b.mask.Span(), LHS: l.window(t, nil, nil, b.mask.Span()), RHS: m, Shrink: append([]int(nil), frame...)})
						tw := l.window(t, nil, nil, b.mask.Span())
						l.desc[tw] = "the where mask"
						m = tw
					}
					op = &operand{desc: "the where mask", span: b.mask.Span(), shrink: frame}
					if firstOp == nil {
						firstOp = op
					}
				}
			}
		}
		var ctl *maskCtx
		if !broken {
			var parts []ir.Expr
			if outer != nil {
				parts = append(parts, outer.mask)
			}
			for _, p := range prev {
				parts = append(parts, &ir.Unary{Pos: p.Span(), Op: ir.Not, X: p, T: p.Type()})
			}
			if m != nil {
				parts = append(parts, m)
			}
			ctl = &maskCtx{mask: andAll(parts), op: op}
		}
		if m != nil {
			prev = append(prev, m)
		}
		for _, st := range b.body {
			switch st := st.(type) {
			case *ast.AssignStmt:
				if ctl == nil {
					l.expr(st.RHS) // still report errors in the body
					continue
				}
				out = append(out, l.assignStmt(st, ctl)...)
			case *ast.WhereStmt:
				if ctl == nil {
					continue
				}
				out = append(out, l.whereStmt(st, ctl)...)
			case *ast.OtherStmt:
				if st.Err != "" {
					l.errorf(st.ErrCode, st.Pos, "%s", st.Err) // a syntax error the parser kept for us
					continue
				}
				l.errorf(codeWhereNonArrayAssignment, st.Span(), "only array assignments may appear in a where block")
			default:
				l.errorf(codeWhereNonArrayAssignment, st.Span(), "only array assignments may appear in a where block")
			}
		}
	}
	return out
}

// mask lowers a where mask: a logical array.
func (l *lowerer) mask(e ast.Expr) ir.Expr {
	m := l.expr(e)
	if m == nil {
		return nil
	}
	t := m.Type()
	if t.Kind != ir.Logical {
		l.errorf(codeConditionNotLogical, e.Span(), "where mask is %s, expected logical", t.Kind)
		return nil
	}
	if t.Rank == 0 {
		l.errorf(codeWhereMaskScalar, e.Span(), "where mask is a scalar; it must be a logical array").
			WithHint("use if for a scalar condition")
		return nil
	}
	return m
}

func andAll(parts []ir.Expr) ir.Expr {
	if len(parts) == 0 {
		panic("internal error: empty where mask")
	}
	x := parts[0]
	for _, p := range parts[1:] {
		r := max(x.Type().Rank, p.Type().Rank)
		x = &ir.Binary{Pos: p.Span(), Op: ir.And, X: x, Y: p, T: ir.Type{Kind: ir.Logical, Rank: r}}
	}
	return x
}

// assignedVars collects the arrays assigned by the statements of a where
// body, through pointers and nested where constructs.
func (l *lowerer) assignedVars(body []ast.Stmt, out map[*ir.Var]bool) {
	for _, st := range body {
		switch st := st.(type) {
		case *ast.AssignStmt:
			id, _ := lhsName(st.LHS)
			if id == nil || st.Pointer {
				continue
			}
			ent := l.s.lookup(id.Name)
			if ent.sym == nil {
				continue
			}
			if ps := l.ptrs[ent.sym]; ps != nil {
				if ps.w != nil {
					out[ps.w.Var] = true
				}
				continue
			}
			if v := l.vars[ent.sym]; v != nil {
				out[v] = true
			}
		case *ast.WhereStmt:
			l.assignedVars(st.Body, out)
			for _, ew := range st.ElseWhere {
				l.assignedVars(ew.Body, out)
			}
		}
	}
}

func readsAny(e ir.Expr, vars map[*ir.Var]bool) bool {
	found := false
	ir.Walk(e, func(x ir.Expr) {
		if w, ok := x.(*ir.Window); ok && vars[w.Var] {
			found = true
		}
	})
	return found
}

// newMaskTemp creates the logical temporary that holds a where mask.
func (l *lowerer) newMaskTemp(frame []int, at diag.Span) *ir.Var {
	var name string
	for {
		l.nmask++
		name = fmt.Sprintf("mask_%d", l.nmask)
		if _, taken := l.s.syms[name]; !taken {
			break
		}
	}
	t := &ir.Var{Name: name, Kind: ir.Logical, Rank: l.rank, Role: ir.Temp, Pos: at, Shrink: append([]int(nil), frame...)}
	l.kernel.Temps = append(l.kernel.Temps, t)
	return t
}

// dummyVar declares the kernel parameter of dummy a, and reports whether
// it has a type forocl translates.
func (l *lowerer) dummyVar(a ast.Ident) (*symbol, *ir.Var, bool) {
	sym := l.s.syms[a.Name]
	if sym == nil {
		panic("internal error: dummy without symbol")
	}
	ok := l.typed(sym)
	k := l.c.symKind(sym)
	v := &ir.Var{Name: sym.orig, Kind: k, Rank: sym.rank(), Role: ir.Dummy, Intent: irIntent(sym.intent), Target: sym.target, Pos: sym.pos, Struct: sym.comp}
	if sym.value && v.Intent == ir.IntentNone {
		v.Intent = ir.In
	}
	l.vars[sym] = v
	l.kernel.Params = append(l.kernel.Params, v)
	return sym, v, ok && k != ir.Invalid
}
