package sema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/depend"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Loop kernels: subroutines written as parallel loop nests over
// explicit-shape arrays (see Note [loop kernels] in package ir). A kernel
// is one when its body holds a DO CONCURRENT or an !$omp / !$acc
// directive at the top level; everything else keeps the region rules.

// maxNestDims is the most parallel dimensions a nest may have (one per
// NDRange dimension).
const maxNestDims = 3

// isLoopKernel reports whether body marks a loop kernel: a DO CONCURRENT
// or an !$omp/!$acc line at the top level or in an IF construct there.
func isLoopKernel(body []ast.Stmt) bool {
	for _, s := range body {
		switch s := s.(type) {
		case *ast.LoopDirective, *ast.ForallStmt:
			return true
		case *ast.DoStmt: // a nest, or a host loop around nests
			if s.Form == ast.DoConcurrent || isLoopKernel(s.Body) {
				return true
			}
		case *ast.IfStmt: // nests under an IF between nests
			if isLoopKernel(s.Then) || isLoopKernel(s.Else) {
				return true
			}
			for _, ei := range s.ElseIfs {
				if isLoopKernel(ei.Body) {
					return true
				}
			}
		}
	}
	return false
}

// loopState is the lowerer's state while it lowers a loop kernel.
type loopState struct {
	// index maps the parallel indices of the nest being lowered; seq
	// holds the variables of the sequential loops open around the
	// statement being lowered.
	index map[*ir.Var]bool
	seq   map[*ir.Var]bool
	// inNest is true inside a nest's body; lhs while the element an
	// assignment writes is lowered (its subscripts are still reads).
	inNest, lhs bool
	// inBound: lowering a loop bound, which must be affine: size(a) of a
	// rank-2 array, a product of extents, asks for a dimension instead.
	inBound bool
	// reads and writes collect the array elements of the nest being
	// lowered, in source order, for the intent and in-place checks.
	reads, writes []*ir.Elem
	// read and written collect every array the kernel reads or writes.
	read, written map[*ir.Var]diag.Span
	// sizes holds the scalar integer dummies bounds are affine in.
	sizes map[*ir.Var]bool
	// extents holds the extents of assumed-shape dummies, and alias the
	// forms unifyExtent gave some (Note [conforming extents]).
	extents map[*ir.Var]bool
	alias   map[*ir.Var]ir.Affine
	// hostVars holds the locals parallel loop bounds use, each with the
	// bound's position, and nestBound is set while such a bound is
	// lowered (sema/hostvars.go).
	hostVars map[*ir.Var]diag.Span
	// flagSym is the flag of Note [return in serial loops], returnFlag
	// its variable, and loopReturns the RETURNs it stands for in each
	// sequential DO, by the DO's line.
	flagSym     *symbol
	returnFlag  *ir.Var
	loopReturns map[int][]diag.Span
	// replaced holds the locals the body no longer names: the small
	// arrays of Note [small host arrays], which scalar locals replace,
	// and the pointers of Note [section pointers].
	replaced map[*symbol]bool
	// guarded holds the reads of EOSHIFT's shifted operands, which run
	// only where they are in range (Note [shifts]).
	guarded map[*ir.Elem]bool
	// boundElems is set when a host variable reads an element of an
	// intent(in) array (ir.Kernel.BoundElems).
	boundElems bool
	nestBound  bool
	// elemBounds assigns the host locals that stand for elements of
	// intent(in) arrays in parallel loop bounds, and elemLocals holds
	// them by element (Note [element bounds] in sema/elembounds.go).
	elemBounds []ir.Stmt
	elemLocals map[string]*ir.Var
	// reduce maps the scalars the nest being lowered reduces to their
	// Reduction variables (Note [loop reductions]).
	reduce map[*ir.Var]*ir.Var
	// sect is the implicit iteration of the array assignment whose RHS
	// is being lowered (Note [array assignments] in sema/sections.go).
	sect *sectCtx
	// where is the mask of a WHERE in a FORALL, for the array assignment
	// of the nest being lowered, which takes it (Note [where in forall]),
	// or of the top-level WHERE branch whose assignment is being lowered
	// (Note [WHERE in loop kernels] in sema/loopwhere.go).
	where ast.Expr
	// hoist is set while an assignment is lowered, which takes the
	// statements of reductions of arrays (l.hoisted) before it; early
	// holds the elements those read (sema/sections.go).
	hoist bool
	early map[*ir.Elem]bool
	// computed records the writes through subscripts that are not affine
	// (Note [small arrays] in package ir).
	computed map[*ir.Elem]*computedWrite
	// host holds the variables of the host loops open around the
	// statement being lowered (sema/hostloops.go).
	host map[*ir.Var]bool
	// trips are the host loops open around the statement being lowered,
	// innermost last: facts for the dependence analysis (Note
	// [linearised subscripts]).
	trips []*ir.Loop
	// guardReads holds the array elements read outside nests (Note
	// [guard reads]).
	guardReads []*ir.Elem
	// serial is set while a serial nest's body is lowered, plain while
	// a DO nest with no directive is; outWhy says why a plain nest must
	// be serial (Note [serial results]).
	serial, plain bool
	outWhy        string
	// auto holds the reductions --auto-reduce found in the plain DO
	// nest being lowered (Note [auto reductions]).
	auto []redClause
	// serialNests holds the nests that run on one work-item.
	serialNests map[*ir.Nest]bool
	// preNest holds the host statements the nest being lowered needs
	// before it (Note [variable steps] in sema/varstep.go).
	preNest []ir.Stmt
	// steps are the host variables holding the variable steps of the
	// nest being lowered, which the host checks are not 0; varSteps the
	// lowering of each loop with one, made once (a nest may be lowered
	// again with fewer loops), and varStepWhy why the nest being lowered
	// must run in order instead (Note [variable steps]).
	steps      []*ir.Var
	varSteps   map[*ast.DoStmt]map[*ir.Var]*varStep
	varStepWhy string
	nvarSteps  int // the variable steps lowered so far, for names
	// privateBytes is what the private arrays declared so far hold.
	privateBytes int64
	kIndex       map[*ir.Var]*ir.Var // the Fortran index of each launch index of a variable step
	// modVars holds the module variables the kernel takes as parameters
	// (Note [module variables] in sema/modvars.go).
	modVars map[*symbol]*ir.Var
	// shared holds the local arrays that the nests share (Note [local
	// arrays shared across nests] in sema/sharedlocals.go).
	shared map[*symbol]bool
	// forceTemp makes a top-level array assignment go through a
	// temporary (Note [vector subscripts of constructors]).
	forceTemp bool
}

// lowerLoopKernel checks and lowers a loop kernel.
func (c *checker) lowerLoopKernel(p *proc, s *scope) *ir.Kernel {
	l := c.newLowerer(s, p, "a kernel")
	kern := &ir.Kernel{Name: p.sub.Name.Orig, File: p.file, Pos: p.sub.Pos}
	c.setHostChars(kern, p.sub)
	if p.host != nil {
		kern.Module = p.host.name
	}
	l.kernel = kern
	l.loop = &loopState{serialNests: map[*ir.Nest]bool{}, read: map[*ir.Var]diag.Span{}, written: map[*ir.Var]diag.Span{}, sizes: map[*ir.Var]bool{}, hostVars: map[*ir.Var]diag.Span{}, early: map[*ir.Elem]bool{}, extents: map[*ir.Var]bool{}, guarded: map[*ir.Elem]bool{}}
	if p.sub.Impure {
		c.diags.Error(codeKernelImpure, p.sub.Pos, "kernel %q is impure", p.sub.Name.Orig).
			WithHint("remove \"impure\"; kernels must be free of side effects")
	}
	l.checkUnit()
	l.loopParams()
	l.moduleParams()
	if !hasArrayParam(kern) {
		l.errorf(codeKernelNoArrays, p.sub.Name.Pos, "kernel %q has no array arguments", p.sub.Name.Orig).
			WithHint("a kernel's arrays bind its sizes and carry its results; pass the data as arrays")
	}
	// Note [section pointers], Note [cycle as if], then Note [return in
	// serial loops] and Note [small host arrays] (before the locals, as
	// they may add some), and Note [return in loop kernels].
	body := l.withoutSectionPointers(p.sub.Body)
	body = l.scalarHostArrays(l.loopReturns(withoutCycles(body)))
	l.loop.shared = l.sharedLocals(body)
	l.loopLocals()
	if l.loop.flagSym != nil {
		l.loop.returnFlag = l.vars[l.loop.flagSym]
	}
	l.checkBlockDepth(p.sub.Body)
	l.forallDialect(body) // Note [forall]
	kern.Body = l.loopBody(l.endAtReturn(body))
	kern.Body = append(l.loop.elemBounds, kern.Body...) // Note [element bounds]
	l.substExtents(kern)                                // Note [conforming extents]
	kern.Body = l.serialResults(kern.Body, kern.Body)   // Note [serial results]
	l.inferIntents()
	l.checkScalarFlow(flattenHostLoops(kern.Body))
	l.checkPrivateFlow(flattenHostLoops(kern.Body))
	l.checkCarried(kern.Body)
	kern.Body = l.checkHostProc(kern.Body) // sema/hostproc.go; a bound it sends to the device is late
	l.checkHostVars(kern)
	if !c.diags.HasErrors() {
		l.checkBounds(flattenHostLoops(kern.Body)) // Note [accesses that leave the array]
	}
	for _, v := range kern.Params {
		if l.loop.sizes[v] {
			kern.Sizes = append(kern.Sizes, v)
		}
	}
	for _, v := range kern.Locals {
		if l.loop.sizes[v] {
			kern.Sizes = append(kern.Sizes, v) // assumed-shape extents
		}
	}
	return kern
}

// loopParams declares the dummies of a loop kernel: scalars, and arrays
// with explicit or assumed shape whose bounds are affine in the integer
// scalar dummies.
func (l *lowerer) loopParams() {
	var arrays []*symbol
	for _, a := range l.sub.Args {
		sym, v, ok := l.dummyVar(a)
		if !ok {
			l.broken[sym] = true
			continue
		}
		if sym.pointer || sym.alloc && !l.allocatableDummy(sym, v) {
			l.errorf(codeDummyPointer, sym.pos, "dummy %q of a loop kernel cannot be a pointer or allocatable", sym.orig).
				WithHint("pass a plain array")
			l.broken[sym] = true
			continue
		}
		if v.Rank == 0 {
			if v.Intent == ir.IntentNone {
				l.scalarDummyIntent(sym, v) // Note [scalar intents]
			}
			if v.Result() {
				continue // a result: Note [inout scalars] in sema/scalarintent.go
			}
			v.Intent = ir.In
			continue
		}
		arrays = append(arrays, sym)
	}
	// Bounds second: they may name any scalar dummy.
	for _, sym := range arrays {
		l.arrayBounds(sym, l.vars[sym])
	}
}

// arrayBounds gives the array v of symbol sym its declared bounds, affine
// in the kernel's sizes: an assumed-shape extent is a size of its own
// (Note [conforming extents]). A bound that is not affine marks sym
// broken.
func (l *lowerer) arrayBounds(sym *symbol, v *ir.Var) {
	for d, ds := range sym.dims {
		var b ir.Bound
		lo := ir.Affine{Const: 1}
		if ds.Lo != nil {
			a, ok := l.boundAffine(ds.Lo, fmt.Sprintf("lower bound %d of %q", d+1, sym.orig))
			if !ok {
				l.broken[sym] = true
				break
			}
			lo = a
		}
		b.Lo = lo
		switch {
		case ds.Deferred || ds.Hi == nil:
			// Assumed shape, or the last dimension of an assumed-size
			// array (a(*), the F77 idiom): the extent is a size of its
			// own, the actual array's, unless an array operation makes it
			// another's (Note [conforming extents]).
			n := &ir.Var{Name: fmt.Sprintf("%s_n%d", sym.orig, d+1), Kind: ir.Int, Role: ir.Local, Pos: sym.pos}
			l.loop.sizes[n], l.loop.extents[n] = true, true
			l.kernel.Locals = append(l.kernel.Locals, n)
			b.Hi = lo.Add(ir.Affine{Const: -1, Terms: []ir.Term{{Coef: 1, Var: n}}})
		default:
			hi, ok := l.boundAffine(ds.Hi, fmt.Sprintf("upper bound %d of %q", d+1, sym.orig))
			if !ok {
				l.broken[sym] = true
			}
			b.Hi = hi
		}
		if l.broken[sym] {
			break
		}
		v.Bounds = append(v.Bounds, b)
	}
}

// boundAffine evaluates a declared bound or a parallel loop bound as an
// affine expression of the integer scalar dummies, recording them as
// sizes.
func (l *lowerer) boundAffine(e ast.Expr, what string) (ir.Affine, bool) {
	saved, errs := l.loop.inNest, l.c.diags.Count(diag.Error)
	l.loop.inNest, l.loop.inBound = false, true
	x := l.expr(e)
	l.loop.inNest, l.loop.inBound = saved, false
	if x == nil {
		if _, bad := e.(*ast.BadExpr); e != nil && !bad && l.c.diags.Count(diag.Error) == errs {
			// A local the bound names has no variable yet: a dummy's
			// bounds are lowered before the locals, and may not name them.
			l.c.diags.Error(codeLoopBound, e.Span(), "%s is not affine in the kernel's integer scalar dummies: it names a local variable", what).
				WithHint("write bounds from dummies and named constants, such as n, x_max+2 or x_min-1")
		}
		return ir.Affine{}, false
	}
	x = l.quotSizes(x) // Note [quotient sizes]
	if l.loop.nestBound {
		x = l.elemBound(x) // Note [element bounds]
	}
	a, why := l.affine(x, func(v *ir.Var) bool {
		return v.Role == ir.Dummy && v.Rank == 0 && v.Kind.IsInt() || l.loop.sizes[v] || // or an assumed-shape extent (shapeInquiry)
			l.loop.nestBound && v.Kind.IsInt() && hostLocal(v) && !l.loop.index[v] && !l.loop.host[v] // a host variable
	})
	if why != "" {
		l.c.diags.Error(codeLoopBound, e.Span(), "%s is not affine in the kernel's integer scalar dummies: it has %s", what, why).
			WithHint("write bounds such as n, x_max+2 or x_min-1")
		return ir.Affine{}, false
	}
	for _, t := range a.Terms {
		if !l.loop.sizes[t.Var] && t.Var.Role == ir.Local {
			if _, ok := l.loop.hostVars[t.Var]; !ok {
				l.loop.hostVars[t.Var] = e.Span()
			}
			continue
		}
		l.loop.sizes[t.Var] = true
	}
	return a, true
}

// affine converts an integer IR expression to an affine form over the
// variables ok accepts; the reason is "" on success, else what made it
// fail ("a product of two variables").
func (l *lowerer) affine(x ir.Expr, ok func(*ir.Var) bool) (ir.Affine, string) {
	if !x.Type().Kind.IsInt() || x.Type().Rank != 0 {
		return ir.Affine{}, fmt.Sprintf("a %s value", x.Type().Kind)
	}
	switch x := ir.Widened(x).(type) { // Note [64-bit integers in loop kernels]
	case *ir.Const:
		return ir.Affine{Const: x.Int}, ""
	case *ir.Ref:
		if !ok(x.Var) {
			return ir.Affine{}, fmt.Sprintf("variable %q", x.Var.Name)
		}
		return ir.Affine{Terms: []ir.Term{{Coef: 1, Var: x.Var}}}, ""
	case *ir.Unary:
		if x.Op == ir.Neg {
			a, why := l.affine(x.X, ok)
			return a.Scale(-1), why
		}
	case *ir.Binary:
		a, why := l.affine(x.X, ok)
		if why != "" {
			return a, why
		}
		b, why := l.affine(x.Y, ok)
		if why != "" {
			return b, why
		}
		switch x.Op {
		case ir.Add:
			return l.ordered(a.Add(b)), ""
		case ir.Sub:
			return l.ordered(a.Add(b.Scale(-1))), ""
		case ir.Mul:
			switch {
			case a.IsConst():
				return b.Scale(a.Const), ""
			case b.IsConst():
				return a.Scale(b.Const), ""
			}
			return ir.Affine{}, "a product of two variables"
		case ir.Div:
			return ir.Affine{}, "a division"
		}
		return ir.Affine{}, fmt.Sprintf("the operator %q", x.Op)
	case *ir.Elem:
		return ir.Affine{}, fmt.Sprintf("an element of array %q (a gather through an index array)", x.Var.Name)
	case *ir.Intrinsic:
		return ir.Affine{}, fmt.Sprintf("a call of %s", ir.Intrinsics[x.ID].Name)
	case *ir.Call:
		return ir.Affine{}, fmt.Sprintf("a call of %s", x.Func.Name)
	}
	return ir.Affine{}, "an expression that is not affine"
}

// ordered sorts a's terms over sizes by the position of their variables
// in the kernel's parameters, then its locals, as ir.Affine promises
// (n - r - 1 with r declared first is -r + n - 1); terms over other
// variables (host variables, indices) keep their places.
func (l *lowerer) ordered(a ir.Affine) ir.Affine {
	if len(a.Terms) < 2 {
		return a
	}
	pos := map[*ir.Var]int{}
	for i, v := range append(append([]*ir.Var(nil), l.kernel.Params...), l.kernel.Locals...) {
		if v.Role == ir.Dummy || l.loop.sizes[v] {
			pos[v] = i
		}
	}
	var slots []int
	var known []ir.Term
	for i, t := range a.Terms {
		if _, ok := pos[t.Var]; ok {
			slots = append(slots, i)
			known = append(known, t)
		}
	}
	sort.SliceStable(known, func(i, j int) bool { return pos[known[i].Var] < pos[known[j].Var] })
	out := ir.Affine{Const: a.Const, Terms: append([]ir.Term(nil), a.Terms...)}
	for i, s := range slots {
		out.Terms[s] = known[i]
	}
	return out
}

// loopLocals declares a loop kernel's locals: scalars and small private
// arrays.
func (l *lowerer) loopLocals() {
	for _, sym := range l.s.order {
		switch {
		case l.loop.replaced[sym]: // Note [small host arrays]: scalars now
		case sym.param:
			l.c.paramValue(sym)
		case sym.dummy:
		case sym.rank() > 0:
			l.privateArray(sym)
		default:
			l.local(sym)
		}
	}
}

// loopDir is an !$omp/!$acc directive waiting for its loop.
type loopDir struct {
	d         *ast.LoopDirective
	construct string // "parallel do", "loop", ...
	collapse  int
	// private lists names the directive makes private; first those of
	// them named in firstprivate.
	private, first []ast.Ident
	// reductions lists the names of its reduction clauses.
	reductions []redClause
}

// loopBody lowers the top level of a loop kernel: nests and scalar
// assignments.
func (l *lowerer) loopBody(body []ast.Stmt) []ir.Stmt {
	var out []ir.Stmt
	var pending *loopDir
	accKernels := false // inside !$acc kernels ... !$acc end kernels
	for _, s := range body {
		switch s := s.(type) {
		case *ast.LoopDirective:
			if pending != nil {
				l.c.diags.Error(codeLoopDirective, pending.d.Pos, "!$%s %s is not followed by a DO loop", pending.d.API, pending.d.Words()).
					WithHint("put the directive just before the loop it parallelises")
				pending = nil
			}
			dir, region, end := l.directive(s)
			switch {
			case dir != nil:
				pending = dir
			case region == "kernels":
				accKernels = !end
			}
		case *ast.DoStmt:
			if s.Bad {
				l.syntaxErrors(s.Body)
				pending = nil
				continue
			}
			if pending == nil && s.Form != ast.DoConcurrent && !accKernels && (isLoopKernel(s.Body) || l.steppedArrays(s)) {
				out = append(out, l.hostLoop(s)...) // Note [host loops] in package ir
				continue
			}
			plain := ""
			switch {
			case pending == nil && s.Form != ast.DoConcurrent && !accKernels:
				// A DO nest with no directive, as legacy codes write
				// them: parallel if forocl proves its iterations
				// independent (Note [plain DO nests]).
				plain = "do"
			case pending == nil && s.Form != ast.DoConcurrent:
				plain = "!$acc kernels"
			}
			var n ir.Stmt
			l.loop.preNest = nil
			if plain != "" {
				n = l.plainNest(s, plain)
			} else {
				n = l.nest(s, pending, plain)
			}
			if n != nil {
				out = append(append(out, l.loop.preNest...), n)
			}
			l.loop.preNest = nil
			pending = nil
		case *ast.AssignStmt:
			if v, ok := l.vectorAssign(s); ok { // sema/vecsubs.go
				out = append(out, v...)
				continue
			}
			out = append(out, l.withHoisted(func() []ir.Stmt { return l.topAssign(s) })...)
		case *ast.ForallStmt:
			if pending != nil {
				l.c.diags.Error(codeLoopDirective, pending.d.Pos, "!$%s %s is not followed by a DO loop", pending.d.API, pending.d.Words())
				pending = nil
			}
			out = append(out, l.forall(s, forallScope{})...) // Note [forall]
		case *ast.WhereStmt:
			out = append(out, l.topWhere(s)...) // Note [WHERE in loop kernels]
		case *ast.IfStmt:
			if pending != nil {
				l.c.diags.Error(codeLoopDirective, pending.d.Pos, "!$%s %s is not followed by a DO loop", pending.d.API, pending.d.Words())
				pending = nil
			}
			out = append(out, l.topIf(s)...)
		case *ast.OtherStmt:
			if s.Err != "" {
				l.errorf(s.ErrCode, s.Pos, "%s", s.Err)
				continue
			}
			if l.coarrayStmt(s) || strings.HasPrefix(s.Keyword, "end") || s.Keyword == "continue" {
				continue
			}
			l.c.diags.Error(codeLoopConstruct, s.Pos, "%q is not allowed in a loop kernel", s.Keyword)
		case *ast.WriteStmt:
			if p := l.hostWrite(s); p != nil {
				out = append(out, p)
			}
		case *ast.ReturnStmt:
			l.c.diags.Error(codeLoopConstruct, s.Pos, "\"return\" is not allowed between the nests of a loop kernel").
				WithHint("end the subroutine instead")
		case *ast.SelectCase:
			if ifs, ok := selectAsIf(s); ok { // a SELECT CASE between nests is an IF chain there
				out = append(out, l.loopBody([]ast.Stmt{ifs})...)
				continue
			}
			l.c.diags.Error(codeLoopConstruct, s.Pos, "this select case has a second \"case default\", or statements before its first case").
				WithHint("give each case once")
		default:
			if c, ok := s.(*ast.CallStmt); ok && l.coarrayName(c.Name) {
				continue
			}
			if c, ok := s.(*ast.CallStmt); ok {
				if x, ok := l.inlineCall(c, l.loopBody); ok { // Note [subroutine calls]
					out = append(out, x...)
					continue
				}
			}
			l.c.diags.Error(codeLoopConstruct, s.Span(), "only parallel loop nests and scalar assignments may appear at the top level of a loop kernel").
				WithHint("move the statement inside a nest or to the host")
		}
	}
	if pending != nil {
		l.c.diags.Error(codeLoopDirective, pending.d.Pos, "!$%s %s is not followed by a DO loop", pending.d.API, pending.d.Words())
	}
	return out
}

// nestLoop is one loop of a candidate nest.
type nestLoop struct {
	s            *ast.DoStmt
	v            *symbol
	lo, hi, step ast.Expr
	name         ast.Ident
}

// nest lowers a parallel nest: the loop s (DO CONCURRENT, or marked by
// dir) and the loops perfectly nested in it that may run in parallel.
// plain names what makes a DO nest without a directive parallel: "!$acc
// kernels" around it, or "do" for none (forocl proves it independent).
func (l *lowerer) nest(s *ast.DoStmt, dir *loopDir, plain string) ir.Stmt {
	source := "do concurrent"
	if dir != nil {
		source = "!$" + dir.d.API + " " + dir.construct
	} else if s.Form != ast.DoConcurrent {
		source = plain
	}
	// The candidate loops: DO CONCURRENT indices, or the perfectly nested
	// counted loops.
	var loops []nestLoop
	body := s.Body
	var mask ast.Expr
	switch s.Form {
	case ast.DoConcurrent:
		for _, ix := range s.Indices {
			loops = append(loops, nestLoop{s: s, lo: ix.Lo, hi: ix.Hi, step: ix.Step, name: ix.Var})
		}
		mask = s.Mask
		l.locality(s)
	case ast.DoCounted:
		cur := s
		for {
			if cur.Var == nil { // a DO statement the parser could not read
				if !l.c.diags.HasErrors() {
					l.c.diags.Error(codeLoopConstruct, cur.Pos, "this DO statement has no loop variable")
				}
				return nil
			}
			loops = append(loops, nestLoop{s: cur, lo: cur.Lo, hi: cur.Hi, step: cur.Step, name: *cur.Var})
			body = cur.Body
			inner := perfectInner(cur.Body)
			if inner == nil || len(loops) == maxNestDims {
				break
			}
			cur = inner
		}
	default:
		if dir == nil {
			l.c.diags.Error(codeLoopConstruct, s.Pos, "DO WHILE and DO without a loop control are not translated in a loop kernel").
				WithHint("write a counted loop, such as do it = 1, nmax, with the test inside a parallel nest, or run the loop on the host around the kernel")
			return nil
		}
		l.c.diags.Error(codeLoopConstruct, s.Pos, "a parallel loop must be a counted DO loop or DO CONCURRENT")
		return nil
	}
	l.nestDirectives(loops) // sema/innerdirs.go
	want := len(loops)      // how many of them are parallel
	if dir != nil && dir.collapse > len(loops) {
		l.c.diags.Error(codeLoopDirective, dir.d.Pos, "collapse(%d) needs %d perfectly nested loops; found %d", dir.collapse, dir.collapse, len(loops))
		return nil
	}
	if len(loops) > maxNestDims {
		l.c.diags.Error(codeLoopConstruct, s.Pos, "a parallel nest may have at most %d parallel dimensions", maxNestDims)
		return nil
	}
	if dir != nil && dir.collapse > want {
		want = dir.collapse
	}
	defer l.privates(dir)()
	l.loop.plain, l.loop.outWhy = plain != "", ""
	defer func() { l.loop.plain = false }()
	l.loop.reduce = nil
	switch {
	case dir != nil:
		_, l.loop.reduce = l.reductionVars(dir.reductions)
	case s.Form == ast.DoConcurrent:
		_, l.loop.reduce = l.reductionVars(l.reduceLocality(s))
	case len(l.loop.auto) > 0:
		_, l.loop.reduce = l.reductionVars(l.loop.auto) // Note [auto reductions]
	}
	defer func() { l.loop.reduce = nil }()
	if s.Form == ast.DoCounted {
		k, why := parallelPrefix(loops, len(l.loop.host) == 0) // Note [variable steps]
		if k == 0 {
			return l.serialNest(s, dir, source, why)
		}
		loops, body = loops[:k], loops[k-1].s.Body
	}
	// Lower with all candidate loops parallel; an OpenMP/OpenACC nest
	// whose inner loops are not proven independent falls back to the
	// loops the directive names (collapse), the rest run sequentially.
	diagsBefore := len(l.c.diags.Items)
	l.loop.varStepWhy = ""
	n, conflict := l.lowerNest(s, source, loops, body, mask)
	if why := l.loop.varStepWhy; n == nil && why != "" { // Note [variable steps]
		l.c.diags.Items = l.c.diags.Items[:diagsBefore]
		l.loop.preNest = nil
		if s.Form == ast.DoConcurrent {
			return l.serialConcurrent(s, source, why)
		}
		return l.serialNest(s, dir, source, why)
	}
	if k := firstStrided(loops); conflict != nil && s.Form == ast.DoCounted && k > 0 && k < len(loops) {
		// Note [strided loops]: the loops from a strided one on run in
		// order inside each work-item, as they did before they could be
		// parallel.
		l.c.diags.Items = l.c.diags.Items[:diagsBefore]
		loops, body = loops[:k], loops[k-1].s.Body
		n, conflict = l.lowerNest(s, source, loops, body, mask)
	}
	if conflict != nil && s.Form == ast.DoCounted && dir != nil && dir.collapse < len(loops) {
		l.c.diags.Items = l.c.diags.Items[:diagsBefore]
		n, conflict = l.lowerNest(s, source, loops[:dir.collapse], loops[dir.collapse-1].s.Body, mask)
	}
	return l.decide(s, dir, source, n, conflict, diagsBefore) // Note [dependence analysis]
}

func pos(s diag.Span) string { return depend.Pos(s) }

// perfectInner returns the one counted DO loop that is body's only
// statement (directives such as !$acc loop aside), or nil.
func perfectInner(body []ast.Stmt) *ast.DoStmt {
	var inner *ast.DoStmt
	for _, s := range body {
		switch s := s.(type) {
		case *ast.LoopDirective:
		case *ast.DoStmt:
			if inner != nil || s.Form != ast.DoCounted {
				return nil
			}
			inner = s
		default:
			return nil
		}
	}
	return inner
}

// privates checks the names of private clauses: scalar locals (every
// scalar local is private to an iteration anyway) or scalar dummies (Note
// [private dummies]). It returns what undoes the private copies of
// intent(out) dummies, for after the nest.
func (l *lowerer) privates(dir *loopDir) (restore func()) {
	restore = func() {}
	if dir == nil {
		return
	}
	for _, id := range l.structNames(dir.private) {
		ent := l.s.lookup(id.Name)
		sym := ent.sym
		if sym != nil && sym.sc == l.s && sym.dummy && !sym.param && sym.rank() == 0 && l.vars[sym] != nil {
			restore = l.privateDummy(dir, id, sym, restore)
			continue
		}
		if sym == nil || sym.sc != l.s || sym.dummy || sym.param || (sym.rank() > 0 && l.vars[sym] == nil) {
			l.c.diags.Error(codeLoopDirective, id.Pos, "%q in a private clause is not a scalar local or scalar dummy of the kernel", id.Orig).
				WithHint("only scalars can be private; arrays are shared")
		}
	}
	return restore
}

// Note [private dummies]
// ~~~~~~~~~~~~~~~~~~~~~~
// A scalar dummy in a private or firstprivate clause, as in
// "!$omp taskloop firstprivate(r, n)":
//
//   - an intent(in) dummy (the loop cannot assign it) is its value in
//     every iteration, which is what firstprivate gives; private leaves
//     the copy undefined, so the value is as good as any;
//   - an intent(out) dummy in private gets a private copy, a scalar local
//     of the nest that its name means inside the nest; the dummy itself
//     keeps what it held before the loop, as OpenMP's original list item
//     does, and a private-dummy warning says that gfortran's serial run
//     leaves the last iteration's value there instead;
//   - an intent(out) dummy in firstprivate would need its value from
//     before the loop inside every iteration: refused.

// privateDummy gives the intent(out) scalar dummy sym of dir's private
// clause a private copy for the nest (Note [private dummies]) and returns
// restore extended by what undoes it.
func (l *lowerer) privateDummy(dir *loopDir, id ast.Ident, sym *symbol, restore func()) func() {
	v := l.vars[sym]
	if v.Intent != ir.Out {
		return restore
	}
	for _, f := range dir.first {
		if f.Name == id.Name {
			l.c.diags.Error(codeLoopDirective, id.Pos, "firstprivate(%s) of intent(out) scalar %q is not supported: each iteration would start from the value it has before the loop", id.Orig, id.Orig).
				WithHint("copy it into a scalar local before the loop, and name the local in firstprivate")
			return l.privateCopy(sym, v, id, restore) // no follow-on errors at its assignments
		}
	}
	l.c.diags.Warn(codePrivateDummy, id.Pos, "private(%s): the loop assigns a private copy of intent(out) scalar %q, which keeps the value it had before the loop, as OpenMP says; gfortran's serial run leaves it the last iteration's value", id.Orig, id.Orig).
		WithHint("assign %s after the loop, or use a scalar local in the loop", id.Orig)
	return l.privateCopy(sym, v, id, restore)
}

// privateCopy makes sym, the dummy v, mean a new scalar local until the
// function it returns (which then runs restore) puts v back.
func (l *lowerer) privateCopy(sym *symbol, v *ir.Var, id ast.Ident, restore func()) func() {
	cp := &ir.Var{Name: "_private_" + v.Name, Kind: v.Kind, Role: ir.Local, Pos: id.Pos}
	l.addLocal(cp)
	l.vars[sym] = cp
	return func() { l.vars[sym] = v; restore() }
}

// locality checks DO CONCURRENT locality specifiers: local and local_init
// name scalar locals (each iteration has its own copy anyway); shared and
// default(none) change nothing forocl does.
func (l *lowerer) locality(s *ast.DoStmt) {
	for _, loc := range s.Locality {
		switch loc.Kind {
		case "local", "local_init":
			for _, id := range l.structNames(loc.Names) {
				ent := l.s.lookup(id.Name)
				if ent.sym == nil || ent.sym.sc != l.s || ent.sym.dummy || ent.sym.param || (ent.sym.rank() > 0 && l.vars[ent.sym] == nil) {
					l.c.diags.Error(codeLoopConstruct, id.Pos, "%q in %s(...) is not a scalar local of the kernel", id.Orig, loc.Kind).
						WithHint("only scalar locals can be local to an iteration")
				}
			}
		case "reduce": // lowered by nest, see reduceLocality
		case "shared":
		case "default":
			if len(loc.Names) != 1 || loc.Names[0].Name != "none" {
				l.c.diags.Error(codeLoopConstruct, loc.Pos, "only default(none) is a locality specifier")
			}
		default:
			l.c.diags.Error(codeLoopConstruct, loc.Pos, "unknown locality specifier %q", loc.Kind).
				WithHint("use local(...), local_init(...), shared(...) or default(none)")
		}
	}
}

// lowerNest lowers a nest whose parallel loops are loops and whose body
// is body, and checks its accesses (see inPlace).
func (l *lowerer) lowerNest(s *ast.DoStmt, source string, loops []nestLoop, body []ast.Stmt, mask ast.Expr) (*ir.Nest, *depend.Conflict) {
	n := &ir.Nest{Pos: s.Pos, Source: source}
	ls := l.loop
	ls.index, ls.seq = map[*ir.Var]bool{}, copySet(ls.host) // host loop variables cannot be assigned either
	ls.reads, ls.writes = nil, nil
	var strided []ir.Expr // Note [strided loops]
	var sets []ir.Stmt    // Note [variable steps]
	ls.steps, ls.preNest = nil, nil
	for _, lp := range loops {
		v := l.indexVar(lp.name)
		if v == nil {
			return nil, nil
		}
		step := int64(1)
		if lp.step != nil {
			st := l.expr(lp.step)
			if st == nil {
				return nil, nil
			}
			if _, ok := st.(*ir.Const); !ok {
				vs, ok := l.variableStep(lp, v, st)
				if !ok || !l.distinctIndex(n, v, lp) {
					return nil, nil
				}
				l.loop.preNest = append(l.loop.preNest, vs.pre...)
				ls.steps = append(ls.steps, vs.step)
				sets = append(sets, vs.set)
				n.Index = append(n.Index, vs.k)
				n.Lo, n.Hi = append(n.Lo, vs.lo), append(n.Hi, vs.hi)
				ls.index[vs.k] = true
				continue
			}
			c, ok := st.(*ir.Const)
			if !ok || !c.Kind.IsInt() || c.Int == 0 {
				l.c.diags.Error(codeLoopBound, lp.step.Span(), "a parallel loop must have a constant step other than 0").
					WithHint("loop over a unit-step index and compute the strided subscript, such as a(2*j-1), or write a DO loop (forocl runs other steps in order)")
				return nil, nil
			}
			step = c.Int
		}
		backward := step < 0
		ls.nestBound = true
		lo, ok1 := l.boundAffine(lp.lo, fmt.Sprintf("the first value of %q", v.Name))
		hi, ok2 := l.boundAffine(lp.hi, fmt.Sprintf("the last value of %q", v.Name))
		ls.nestBound = false
		if !ok1 || !ok2 {
			return nil, nil
		}
		if step != 1 && step != -1 {
			strided = append(strided, strideGuard(v, lo, step, lp.s.Pos))
		}
		if backward {
			// The same iterations, hi..lo: in parallel their order does
			// not matter, and a nest that is not independent runs as
			// written (serialNest).
			lo, hi = hi, lo
		}
		if !l.distinctIndex(n, v, lp) {
			return nil, nil
		}
		n.Index = append(n.Index, v)
		n.Lo, n.Hi = append(n.Lo, lo), append(n.Hi, hi)
		ls.index[v] = true
	}
	ls.inNest = true
	n.Body = l.nestStmts(body)
	if mask != nil {
		if m := l.cond(mask); m != nil {
			n.Body = []ir.Stmt{&ir.If{Pos: mask.Span(), Cond: m, Then: n.Body}}
		}
	}
	if g := conjunction(strided); g != nil {
		n.Body = []ir.Stmt{&ir.If{Pos: s.Pos, Cond: g, Then: n.Body}}
	}
	n.Body = append(sets, n.Body...)
	ls.inNest = false
	ls.index = nil
	l.nestReduces(n)
	return n, l.inPlace(n)
}

// distinctIndex reports whether v, the index of loop lp, is not already
// an index of nest n, and reports it when it is.
func (l *lowerer) distinctIndex(n *ir.Nest, v *ir.Var, lp nestLoop) bool {
	for _, prev := range n.Index {
		if prev == v || l.loop.kIndex[prev] == v {
			l.c.diags.Error(codeLoopConstruct, lp.name.Pos, "index %q is used by two loops of one nest", lp.name.Orig)
			return false
		}
	}
	return true
}

// nestReduces gives nest n the reductions of its clauses (l.loop.reduce).
func (l *lowerer) nestReduces(n *ir.Nest) {
	ls := l.loop
	if len(ls.reduce) == 0 {
		return
	}
	for _, r := range ls.reduce {
		n.Reduces = append(n.Reduces, r)
	}
	sort.Slice(n.Reduces, func(i, j int) bool { return n.Reduces[i].Reduce.Index < n.Reduces[j].Reduce.Index })
	l.checkReduceUses(n, ls.reduce)
}

// indexVar resolves a loop index: a scalar integer local.
func (l *lowerer) indexVar(id ast.Ident) *ir.Var {
	ent := l.s.lookup(id.Name)
	if ent.sym == nil && !l.s.isImplicitNone() {
		return l.implicitLocal(&id)
	}
	if ent.sym == nil {
		l.undefined(&id, "loop index")
		return nil
	}
	v := l.vars[ent.sym]
	if v == nil || ent.sym.sc != l.s || v.Role != ir.Local || !v.Kind.IsInt() {
		l.c.diags.Error(codeLoopConstruct, id.Pos, "loop index %q must be an integer scalar local of the kernel", id.Orig)
		return nil
	}
	return v
}

// nestStmts lowers the statements of a nest's body.
func (l *lowerer) nestStmts(list []ast.Stmt) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range list {
		switch s := s.(type) {
		case *ast.LoopDirective:
			// !$acc loop seq, !$omp simd and the like inside a nest: the
			// body is scalar code per iteration, so they change nothing;
			// other directives are refused (sema/innerdirs.go).
			l.nestDirective(s)
		case *ast.AssignStmt:
			out = append(out, l.withHoisted(func() []ir.Stmt { return l.nestAssign(s) })...)
		case *ast.IfStmt:
			if x := l.nestIf(s.Pos, s.Cond, s.Then, s.ElseIfs, s.Else); x != nil {
				out = append(out, x)
			}
		case *ast.DoStmt:
			if x := l.seqLoop(s); x != nil {
				out = append(out, x)
			}
		case *ast.SelectCase:
			if x := l.selectCase(s); x != nil {
				out = append(out, x)
			}
		case *ast.WhereStmt:
			out = append(out, l.nestWhere(s)...) // Note [WHERE in nests] in sema/nestwhere.go
		case *ast.CallStmt:
			if x, ok := l.inlineCall(s, l.nestStmts); ok { // Note [subroutine calls]
				out = append(out, x...)
				continue
			}
			l.c.diags.Error(codeLoopConstruct, s.Span(), "this statement is not allowed in a parallel loop").
				WithHint("use assignments, if blocks and sequential DO loops")
		case *ast.WriteStmt:
			l.c.diags.Error(codeLoopConstruct, s.Pos, "%q is not allowed in a parallel loop: its records would come in no order", s.Keyword).
				WithHint("write after the loop, where the host runs it")
		case *ast.OtherStmt:
			if s.Err != "" {
				l.errorf(s.ErrCode, s.Pos, "%s", s.Err)
				continue
			}
			if l.coarrayStmt(s) || strings.HasPrefix(s.Keyword, "end") || s.Keyword == "continue" {
				continue
			}
			d := l.c.diags.Error(codeLoopConstruct, s.Pos, "%q is not allowed in a parallel loop", s.Keyword)
			if s.Keyword == "cycle" || s.Keyword == "exit" {
				d.WithHint("use if blocks")
			}
		default:
			l.c.diags.Error(codeLoopConstruct, s.Span(), "this statement is not allowed in a parallel loop").
				WithHint("use assignments, if blocks and sequential DO loops")
		}
	}
	return out
}

func (l *lowerer) nestIf(at diag.Span, cond ast.Expr, then []ast.Stmt, elifs []*ast.ElseIf, els []ast.Stmt) ir.Stmt {
	c := l.cond(cond)
	x := &ir.If{Pos: at, Cond: c, Then: l.nestStmts(then)}
	if len(elifs) > 0 {
		if e := l.nestIf(elifs[0].Pos, elifs[0].Cond, elifs[0].Body, elifs[1:], els); e != nil {
			x.Else = []ir.Stmt{e}
		}
	} else {
		x.Else = l.nestStmts(els)
	}
	if c == nil {
		return nil
	}
	return x
}

// seqLoop lowers a sequential DO loop inside a nest. A DO CONCURRENT
// there runs in order too, its indices nested first outermost and its
// mask an IF around the body: any order of its iterations is one that
// Fortran allows, and in order one iteration's updates are the next
// one's (a reduce locality is then a plain running value).
func (l *lowerer) seqLoop(s *ast.DoStmt) ir.Stmt {
	if s.Bad {
		l.syntaxErrors(s.Body)
		return nil
	}
	switch s.Form {
	case ast.DoCounted:
		return l.seqLoopOver(s.Pos, *s.Var, s.Lo, s.Hi, s.Step, func() []ir.Stmt { return l.nestStmts(s.Body) })
	case ast.DoConcurrent:
		l.locality(s)
		if len(s.Indices) == 0 {
			return nil // reported by the parser
		}
		return l.concurrentLoops(s, s.Indices)
	}
	l.c.diags.Error(codeLoopConstruct, s.Pos, "only counted DO loops and DO CONCURRENT may appear inside a parallel loop").
		WithHint("write \"do i = first, last\"")
	return nil
}

// concurrentLoops lowers the indices ixs (at least one) of DO CONCURRENT
// s inside a nest as sequential loops, the first outermost, around its
// body under its mask.
func (l *lowerer) concurrentLoops(s *ast.DoStmt, ixs []*ast.ConcurrentIndex) ir.Stmt {
	ix := ixs[0]
	return l.seqLoopOver(s.Pos, ix.Var, ix.Lo, ix.Hi, ix.Step, func() []ir.Stmt {
		if len(ixs) > 1 {
			if x := l.concurrentLoops(s, ixs[1:]); x != nil {
				return []ir.Stmt{x}
			}
			return nil
		}
		body := l.nestStmts(s.Body)
		if s.Mask == nil {
			return body
		}
		if c := l.cond(s.Mask); c != nil {
			return []ir.Stmt{&ir.If{Pos: s.Mask.Span(), Cond: c, Then: body}}
		}
		return nil
	})
}

// seqLoopOver lowers a sequential loop of index id from lo to hi by step
// (nil: 1) inside a nest, whose body lowers.
func (l *lowerer) seqLoopOver(at diag.Span, id ast.Ident, lo, hi, step ast.Expr, body func() []ir.Stmt) ir.Stmt {
	v := l.indexVar(id)
	if v == nil {
		return nil
	}
	if l.loop.index[v] || l.loop.seq[v] {
		l.c.diags.Error(codeLoopConstruct, id.Pos, "loop index %q is already the index of an enclosing loop", id.Orig)
		return nil
	}
	lp := &ir.Loop{Pos: at, Var: v, Lo: l.intExpr(lo), Hi: l.intExpr(hi)}
	if step != nil {
		lp.Step = l.intExpr(step)
		if c, ok := lp.Step.(*ir.Const); ok && c.Int == 0 {
			l.c.diags.Error(codeLoopBound, step.Span(), "DO loop step is zero")
		}
		if lp.Step != nil {
			lp.Step = l.checkInnerStep(step.Span(), v, lp.Step) // sema/innerstep.go
		}
	}
	l.loop.seq[v] = true
	lp.Body = body()
	delete(l.loop.seq, v)
	if lp.Lo == nil || lp.Hi == nil || (step != nil && lp.Step == nil) {
		return nil
	}
	return lp
}

// intExpr lowers a scalar integer expression.
func (l *lowerer) intExpr(e ast.Expr) ir.Expr {
	x := l.expr(e)
	if x == nil {
		return nil
	}
	if t := x.Type(); !t.Kind.IsInt() || t.Rank != 0 {
		l.errorf(codeLoopBound, e.Span(), "expected a scalar integer, found %s", t.Kind)
		return nil
	}
	return x
}

// topAssign lowers a scalar assignment between nests.
func (l *lowerer) topAssign(s *ast.AssignStmt) []ir.Stmt {
	if out, ok := l.sectionAssign(s, true); ok {
		return out
	}
	id, sub := lhsName(s.LHS)
	if id != nil && sub == nil && !s.Pointer {
		if ent := l.s.lookup(id.Name); ent.sym != nil && ent.sym.sc == l.s && ent.sym.rank() == 0 && (!ent.sym.dummy || l.vars[ent.sym] != nil && (l.vars[ent.sym].Result() || l.vars[ent.sym].Role == ir.Local)) {
			return l.assignStmt(s, nil)
		} else if ent.sym != nil && l.loop.modVars[ent.sym] != nil {
			return l.assignStmt(s, nil) // reports the write of a module scalar
		}
	}
	l.c.diags.Error(codeLoopConstruct, s.Pos, "only assignments to scalar locals may appear between the nests of a loop kernel").
		WithHint("put array assignments inside a parallel loop")
	return nil
}

// nestAssign lowers an assignment inside a nest: to an array element or
// a scalar local (private to the iteration).
func (l *lowerer) nestAssign(s *ast.AssignStmt) []ir.Stmt {
	if out, ok := l.sectionAssign(s, false); ok {
		return out
	}
	id, sub := lhsName(s.LHS)
	if id == nil || s.Pointer {
		l.errorf(codeLoopConstruct, s.LHS.Span(), "cannot assign to this expression")
		return nil
	}
	ent := l.s.lookup(id.Name)
	if ent.sym != nil && sub == nil {
		v := l.vars[ent.sym]
		if r := l.loop.reduce[v]; v != nil && r != nil {
			return l.reduceUpdate(s, v, r)
		}
		if v != nil && v.Result() && !l.loop.serial {
			if l.loop.plain {
				// No directive: the loop runs as written (Note [serial results]).
				if l.loop.outWhy == "" {
					l.loop.outWhy = fmt.Sprintf("every iteration assigns intent(%s) scalar %q (%s)", v.Intent, id.Orig, pos(id.Pos))
				}
				return l.assignStmt(s, nil)
			}
			l.c.diags.Error(codeLoopReduction, id.Pos, "intent(%s) scalar %q is assigned inside a parallel loop without a reduction clause", v.Intent, id.Orig).
				WithHint("name it in a reduction clause, such as reduction(+:%s), or assign it between the loops", id.Orig)
			return nil
		}
	}
	if ent.sym == nil || sub == nil {
		if ent.sym != nil {
			if v := l.vars[ent.sym]; v != nil && (l.loop.index[v] || l.loop.seq[v]) {
				l.c.diags.Error(codeLoopConstruct, id.Pos, "cannot assign to loop index %q", id.Orig)
				return nil
			}
			if ent.sym.rank() > 0 {
				l.c.diags.Error(codeLoopSubscript, id.Pos, "whole-array assignment to %q inside a parallel loop", id.Orig).
					WithHint("assign one element, such as %s(j, k)", id.Orig)
				return nil
			}
		}
		return l.assignStmt(s, nil)
	}
	sym := ent.sym
	if l.broken[sym] {
		return nil
	}
	v := l.vars[sym]
	if v == nil || l.foreign(sym) || v.Rank == 0 {
		return l.assignStmt(s, nil) // reports what is wrong
	}
	if v.Intent == ir.In {
		l.c.diags.Error(codeAssignIntentIn, id.Pos, "cannot assign to intent(in) array %q", v.Name).WithNote(v.Pos, "declared here")
		return nil
	}
	l.loop.lhs = true
	lhs := l.elem(sub, v)
	l.loop.lhs = false
	rhs := l.expr(s.RHS)
	if lhs == nil || rhs == nil {
		return nil
	}
	if rhs.Type().Rank > 0 {
		l.errorf(codeArrayToScalar, s.RHS.Span(), "cannot assign an array to element of %q", v.Name)
		return nil
	}
	rhs = l.assignConv(rhs, v, s.RHS.Span())
	if rhs == nil {
		return nil
	}
	if isPrivate(v) {
		return []ir.Stmt{&ir.Assign{Pos: s.Pos, LHS: lhs, RHS: rhs}}
	}
	l.loop.writes = append(l.loop.writes, lhs)
	if _, ok := l.loop.written[v]; !ok {
		l.loop.written[v] = lhs.Pos
	}
	return []ir.Stmt{&ir.Assign{Pos: s.Pos, LHS: lhs, RHS: rhs}}
}

// elem lowers an array element reference inside a nest.
func (l *lowerer) elem(call *ast.Call, v *ir.Var) *ir.Elem {
	isLHS := l.loop.lhs
	l.loop.lhs = false // subscripts are reads
	if !l.loop.inNest && isLHS {
		l.c.diags.Error(codeLoopConstruct, call.Pos, "array %q is assigned outside a parallel loop", call.Name.Orig).
			WithHint("assign array elements inside a nest; the host runs the statements outside them and holds no arrays")
		return nil
	}
	if !l.loop.inNest && !l.guardArray(call, v) {
		return nil
	}
	if len(call.Args) != v.Rank {
		l.errorf(codeLoopSubscript, call.Pos, "%q has rank %d but is given %d subscripts", v.Name, v.Rank, len(call.Args))
		return nil
	}
	e := &ir.Elem{Pos: call.Pos, Var: v}
	okVar := func(u *ir.Var) bool { return u.Kind.IsInt() && u.Rank == 0 }
	for d, a := range call.Args {
		if a.Section || a.Keyword != nil {
			l.c.diags.Error(codeLoopSubscript, a.Pos, "array sections such as %s(...) are not supported inside a parallel loop", call.Name.Orig).
				WithHint("subscript every dimension with one index")
			return nil
		}
		x := l.subscript(v, a.Value)
		if x == nil {
			return nil
		}
		aff, why := l.affine(x, okVar)
		if why != "" {
			aff = l.computedSubscript(e, d, x, a.Value, why, isLHS)
		}
		e.Index = append(e.Index, x)
		e.Access = append(e.Access, aff)
	}
	if isLHS || isPrivate(v) {
		return e // the caller records the write; private arrays are the iteration's own
	}
	if !l.loop.inNest { // Note [guard reads]
		l.loop.guardReads = append(l.loop.guardReads, e)
		if _, ok := l.loop.read[v]; !ok {
			l.loop.read[v] = e.Pos
		}
		return e
	}
	l.loop.reads = append(l.loop.reads, e)
	if _, ok := l.loop.read[v]; !ok {
		l.loop.read[v] = e.Pos
	}
	return e
}

// inferIntents gives array dummies without an intent one from use, and
// checks declared intents.
func (l *lowerer) inferIntents() {
	notOut, known := outOnly(l.kernel.Body) // Note [written before read]
	for _, v := range l.kernel.Params {
		if v.Rank == 0 {
			continue
		}
		_, r := l.loop.read[v]
		_, w := l.loop.written[v]
		switch v.Intent {
		case ir.IntentNone:
			switch {
			case w && v.Module != "":
				v.Intent = ir.InOut // the elements it leaves keep their values
			case r && w && (!known || notOut[v]):
				v.Intent = ir.InOut
			case w: // written only, or written before each read
				v.Intent = ir.Out
			default:
				v.Intent = ir.In
			}
		case ir.Out:
			// Reads of an intent(out) array see what this iteration wrote.
		}
	}
}

// syntaxErrors reports the syntax errors the parser kept in the body of a
// construct whose opening statement did not parse; the rest of the body
// is not checked, as its loop is unknown.
func (l *lowerer) syntaxErrors(body []ast.Stmt) {
	for _, s := range body {
		if o, ok := s.(*ast.OtherStmt); ok && o.Err != "" {
			l.errorf(o.ErrCode, o.Pos, "%s", o.Err)
		}
	}
}

// selectCase lowers SELECT CASE inside a nest to an IF chain: each case
// is the .or. of its values (x == v, or lo <= x .and. x <= hi), case
// default the final else. The selector is pure, so evaluating it once
// per case changes nothing.
func (l *lowerer) selectCase(s *ast.SelectCase) ir.Stmt {
	sel := l.expr(s.Expr)
	if sel == nil {
		for _, c := range s.Cases {
			l.nestStmts(c.Body)
		}
		return nil
	}
	if t := sel.Type(); t.Rank != 0 || (!t.Kind.IsInt() && t.Kind != ir.Logical) {
		l.errorf(codeLoopConstruct, s.Expr.Span(), "select case on %s; forocl selects on scalar integers and logicals", t.Kind)
		return nil
	}
	var def []ir.Stmt
	hasDefault := false
	type arm struct {
		cond ast.Expr
		pos  diag.Span
		body []ast.Stmt
	}
	var arms []arm
	for _, c := range s.Cases {
		if c.Default {
			if hasDefault {
				l.errorf(codeLoopConstruct, c.Pos, "second \"case default\" in a select case construct")
			}
			hasDefault = true
			def = l.nestStmts(c.Body)
			continue
		}
		if c.Values == nil {
			l.nestStmts(c.Body) // statements before the first case: their errors
			continue
		}
		cond := caseCond(s.Expr, c)
		arms = append(arms, arm{cond, c.Pos, c.Body})
	}
	conds := make([]ir.Expr, len(arms))
	bodies := make([][]ir.Stmt, len(arms))
	ok := true
	for i, a := range arms {
		conds[i] = l.cond(a.cond)
		bodies[i] = l.nestStmts(a.body)
		ok = ok && conds[i] != nil
	}
	if !ok {
		return nil
	}
	out := def
	for i := len(arms) - 1; i >= 0; i-- {
		out = []ir.Stmt{&ir.If{Pos: arms[i].pos, Cond: conds[i], Then: bodies[i], Else: out}}
	}
	if len(arms) == 0 {
		return &ir.If{Pos: s.Pos, Cond: &ir.Const{Pos: s.Pos, Kind: ir.Logical, Bool: true}, Then: def}
	}
	return out[0]
}

// checkScalarFlow reports a scalar local that a nest reads but that
// neither the nest nor a scalar assignment before it sets: each nest is a
// launch of its own, so a value a previous nest computed (in one of its
// iterations) does not reach it. Reads of such a scalar at the top level
// are reported the same way.
func (l *lowerer) checkScalarFlow(body []ir.Stmt) {
	before := map[*ir.Var]bool{}      // set by top-level assignments so far
	inNests := map[*ir.Var]*ir.Nest{} // set in a parallel loop: the first one
	report := func(r *ir.Ref, what string) {
		if n := inNests[r.Var]; n != nil {
			// Fortran too leaves a variable that the iterations of a DO
			// CONCURRENT assign undefined after the loop.
			l.c.diags.Error(codeLoopConstruct, r.Pos, "scalar %q is read %s, after the parallel loop at %s that sets it; each iteration sets its own copy, so after the loop its value is undefined", r.Var.Name, what, pos(n.Pos)).
				WithNote(n.Pos, "the parallel loop that sets it").
				WithHint("compute it again before this statement from dummies and constants, or make it a reduction of the loop")
			return
		}
		l.c.diags.Error(codeLoopConstruct, r.Pos, "scalar %q is read %s but no assignment before it sets it", r.Var.Name, what).
			WithHint("assign it before this statement (before the first parallel loop, from dummies and constants)")
	}
	for _, s := range body {
		switch s := s.(type) {
		case *ir.If: // a scalar assignment under a uniform IF (topIf)
			ir.VisitRefs([]ir.Stmt{s}, func(r *ir.Ref) {
				if r.Var.Role == ir.Local && !before[r.Var] && inNests[r.Var] != nil {
					report(r, "between parallel loops")
				}
			})
			ir.AssignedIn(s.Then, before)
		case *ir.Assign:
			ir.WalkRefs(s.RHS, func(r *ir.Ref) {
				if r.Var.Role == ir.Local && !before[r.Var] && inNests[r.Var] != nil {
					report(r, "between parallel loops")
				}
			})
			if r, ok := s.LHS.(*ir.Ref); ok {
				before[r.Var] = true
			}
		case *ir.Nest:
			set := map[*ir.Var]bool{}
			for _, v := range s.Index {
				set[v] = true
			}
			ir.AssignedIn(s.Body, set)
			reported := map[*ir.Var]bool{}
			where := "in this parallel loop"
			if s.Source == "array assignment" {
				where = "in this array assignment"
			} else if !strings.HasPrefix(s.Source, "!$") && !strings.HasPrefix(s.Source, "do") {
				where = fmt.Sprintf("in this %s", s.Source) // a reduction such as sum(...)
			}
			ir.VisitRefs(s.Body, func(r *ir.Ref) {
				v := r.Var
				if v.Role == ir.Local && !set[v] && !before[v] && !l.loop.sizes[v] && !reported[v] {
					reported[v] = true
					report(r, where)
				}
			})
			folded := map[*ir.Var]bool{} // a reduction's result, or a serial nest's scalar (Note [serial results])
			for _, r := range s.Reduces {
				folded[r.Reduce.Result] = true
			}
			for v := range set {
				if folded[v] {
					before[v] = true
				} else if inNests[v] == nil {
					inNests[v] = s
				}
			}
		}
	}
}

// topIf lowers an IF construct between nests to an IF of the host
// procedure (Note [host program] in package abi): its conditions are
// uniform (they read scalar dummies, constants, the scalars set before
// it and elements of dummy arrays at uniform subscripts: Note [guard
// reads]), the host evaluates them once, where the IF stands, and the
// nests of a branch not taken do not launch. ELSE IF becomes an IF in
// the ELSE.
func (l *lowerer) topIf(s *ast.IfStmt) []ir.Stmt {
	type branch struct {
		cond ast.Expr
		body []ast.Stmt
		pos  diag.Span
	}
	branches := []branch{{s.Cond, s.Then, s.Pos}}
	for _, ei := range s.ElseIfs {
		branches = append(branches, branch{ei.Cond, ei.Body, ei.Pos})
	}
	conds := make([]ir.Expr, len(branches))
	bodies := make([][]ir.Stmt, len(branches))
	ok := true
	for i, b := range branches {
		conds[i] = l.cond(b.cond)
		bodies[i] = l.loopBody(b.body)
		ok = ok && conds[i] != nil
	}
	var out []ir.Stmt
	if s.HasElse {
		out = l.loopBody(s.Else)
	}
	if !ok {
		return nil
	}
	for i := len(branches) - 1; i >= 0; i-- {
		out = []ir.Stmt{&ir.If{Pos: branches[i].pos, Cond: conds[i], Then: bodies[i], Else: out}}
	}
	return out
}

// and returns a .and. b, either of which may be nil (true).
func and(a, b ir.Expr) ir.Expr {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return &ir.Binary{Pos: b.Span(), Op: ir.And, X: a, Y: b, T: ir.Type{Kind: ir.Logical}}
}

// hasArrayParam reports whether kernel k has an array dummy: a loop kernel
// without one (tri(n, r), minmod(a, b) named as a kernel) has nothing the
// hosts could bind its sizes from, as a region kernel has no grid.
func hasArrayParam(k *ir.Kernel) bool {
	for _, v := range k.Params {
		if v.Rank > 0 {
			return true
		}
	}
	return false
}
