package sema

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [variable steps]
//
// A DO CONCURRENT index with a step that is not a constant, do concurrent
// (jt = first:last:tile), has max((last - first + tile)/tile, 0)
// iterations, jt = first + k*tile for k = 0, 1, ... The host computes the
// step and that trip count before the nest (host variables _step1_jt and
// _trips1_jt, numbered in the kernel; Note [host program] in package
// abi), and stops with an error naming the loop when the step is 0
// (ir.Assign.NonZero, abi.Set.NonZero), as Fortran forbids. The nest's
// parallel index is then _k1_jt over 0 .. _trips1_jt - 1, one work-item
// per iteration, and its body starts with jt = first + _k1_jt*_step1_jt,
// a scalar of the iteration: every access through jt is the iteration's
// own, and DO CONCURRENT promises that different iterations touch
// different elements (its dependences are warnings, Note [do concurrent
// dependences] in package depend). A sign of the step the compiler
// cannot see changes nothing: the trip count and the index formula are
// Fortran's for either sign.
//
// The host must know the bounds and the step before the launch, in
// default integers: inside a host loop (a DO around nests), or with an
// integer(8) index, bound or step, the nest runs in order instead
// (l.loop.varStepWhy, a loop-serial warning), which Fortran allows; the
// step is assigned from what a host variable may read
// (sema/hostvars.go).
//
// The outermost loop of a DO nest (marked by a directive or not) with a
// variable step is lowered the same way when it is not inside a host
// loop (parallelPrefix; inner ones run in order), and the dependence
// analysis must prove it: the subscript i = first + k*step is linear in
// k with coefficient step, which the host has checked is not 0, so
// |step| >= 1 whatever its sign (depend.Nest.NonZero, Note [linearised
// subscripts]); a nest it cannot prove runs serially as any other.

// varStep is the lowering of one parallel index with a variable step:
// the index of the launch, its range, the statements the host runs
// before the nest (pre) and the assignment of the Fortran index that
// starts the body (set).
type varStep struct {
	k, step *ir.Var
	lo, hi  ir.Affine
	pre     []ir.Stmt
	set     ir.Stmt
}

// variableStep lowers index v of loop lp of a nest, whose step st is not
// a constant (Note [variable steps]); once per loop. When the host cannot
// compute the trip count it sets l.loop.varStepWhy, and the nest runs in
// order.
func (l *lowerer) variableStep(lp nestLoop, v *ir.Var, st ir.Expr) (*varStep, bool) {
	if vs := l.loop.varSteps[lp.s][v]; vs != nil {
		return vs, true
	}
	at := lp.step.Span()
	switch {
	case len(l.loop.host) > 0:
		l.loop.varStepWhy = fmt.Sprintf("the loop over %q at %s has a step that is not a constant, inside a DO loop around nests, before whose launches the host cannot compute its trip count", v.Name, pos(lp.s.Pos))
		return nil, false
	case v.Kind != ir.Int:
		l.loop.varStepWhy = fmt.Sprintf("the loop over %q at %s has a step that is not a constant and an index of %s; the host computes trip counts in default integers", v.Name, pos(lp.s.Pos), v.Kind)
		return nil, false
	}
	if t := st.Type(); !t.Kind.IsInt() || t.Rank != 0 {
		l.c.diags.Error(codeLoopBound, at, "the step of %q is %s, expected a scalar integer", v.Name, t.Kind)
		return nil, false
	}
	first, last := l.expr(lp.lo), l.expr(lp.hi)
	if first == nil || last == nil {
		return nil, false
	}
	for _, x := range []ir.Expr{first, last, st} {
		if k := x.Type().Kind; k != ir.Int {
			l.loop.varStepWhy = fmt.Sprintf("the loop over %q at %s has a step that is not a constant and a bound or step of %s; the host computes trip counts in default integers", v.Name, pos(lp.s.Pos), k)
			return nil, false
		}
	}
	typ := ir.Type{Kind: v.Kind}
	l.loop.nvarSteps++ // a kernel may have several loops over one index
	local := func(prefix string) *ir.Var {
		u := &ir.Var{Name: fmt.Sprintf("_%s%d_%s", prefix, l.loop.nvarSteps, v.Name), Kind: v.Kind, Role: ir.Local, Pos: at}
		l.addLocal(u)
		return u
	}
	step, trips, k := local("step"), local("trips"), local("k")
	ref := func(u *ir.Var) ir.Expr { return &ir.Ref{Pos: at, Var: u} }
	bin := func(op ir.Op, x, y ir.Expr) ir.Expr { return &ir.Binary{Pos: at, Op: op, X: x, Y: y, T: typ} }
	first, last = convertIR(first, v.Kind), convertIR(last, v.Kind)
	vs := &varStep{k: k, step: step, lo: ir.Affine{}, hi: ir.Affine{Terms: []ir.Term{{Coef: 1, Var: trips}}, Const: -1}}
	vs.pre = []ir.Stmt{
		&ir.Assign{Pos: at, LHS: ref(step), RHS: convertIR(st, v.Kind),
			NonZero: fmt.Sprintf("line %d: the step of the loop over %q is zero", at.Start.Line, v.Name)},
		&ir.Assign{Pos: at, LHS: ref(trips), RHS: bin(ir.Div, bin(ir.Add, bin(ir.Sub, last, first), ref(step)), ref(step))},
	}
	vs.set = &ir.Assign{Pos: at, LHS: &ir.Ref{Pos: at, Var: v}, RHS: bin(ir.Add, convertIR(l.expr(lp.lo), v.Kind), bin(ir.Mul, ref(k), ref(step)))}
	if _, ok := l.loop.hostVars[trips]; !ok {
		l.loop.hostVars[trips] = at
	}
	if l.loop.varSteps == nil {
		l.loop.varSteps = map[*ast.DoStmt]map[*ir.Var]*varStep{}
	}
	if l.loop.varSteps[lp.s] == nil {
		l.loop.varSteps[lp.s] = map[*ir.Var]*varStep{}
	}
	l.loop.varSteps[lp.s][v] = vs
	if l.loop.kIndex == nil {
		l.loop.kIndex = map[*ir.Var]*ir.Var{}
	}
	l.loop.kIndex[k] = v
	return vs, true
}
