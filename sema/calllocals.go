package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [local arrays of inlined calls]
//
// A local array of a subroutine that a parallel nest calls (Note
// [subroutine calls]), real(8) :: w(3) used as a per-point work array,
// is private to each work-item, as a loop kernel's own small local
// arrays are (privateVar): in Fortran each call has its own, and the
// work-items' calls run at once. Its bounds must be constants where the
// call is: named constants, or scalar dummies whose actual argument at
// the call is a constant (an automatic array t(m) of a callee called
// with m = 4), evaluated with the actuals' values on entry, as Fortran
// evaluates an automatic array's bounds (callConsts). Each call whose
// bounds differ gets its own array; calls with the same bounds share
// one. Its contents are undefined on entry, as Fortran's are. Outside a
// nest (the serial code of a loop kernel, an array-syntax kernel) a
// callee's local array is refused (call-array-argument). A local scalar
// of the callee with SAVE or an initializer is one variable that all
// calls share: read only, it is its initial value; assigned, the
// work-items would race on it, and sideEffect refuses the call
// (call-side-effect).

// calleeArraysFit reports whether the local arrays of subroutine p,
// called at cs, can be private arrays here (Note [local arrays of
// inlined calls]).
func (l *lowerer) calleeArraysFit(cs *ast.CallStmt, p *proc) bool {
	if l.loop != nil && l.loop.inNest {
		return true
	}
	for _, sym := range l.c.procScope(p).order {
		if !sym.dummy && !sym.param && sym.rank() > 0 {
			l.errorf(codeCallArrayArgument, cs.Name.Pos, "subroutine %q has local array %q; forocl inlines a subroutine with local arrays only inside a parallel loop, where each work-item has its own copy", cs.Name.Orig, sym.orig).
				WithNote(sym.pos, "declared here").
				WithHint("call it inside the parallel loop, or pass the work array as a dummy argument")
			return false
		}
	}
	return true
}

// callConstants records the constant value of each scalar dummy of p
// whose actual argument (in the caller's scope, the current one) is a
// constant, for the bounds of p's automatic arrays, and returns what
// restores the values of an enclosing call.
func (l *lowerer) callConstants(p *proc, s *scope, actuals []ast.Expr) (restore func()) {
	if l.callConsts == nil {
		l.callConsts = map[*symbol]cval{}
	}
	old := map[*symbol]*cval{}
	for i, a := range p.sub.Args {
		d := s.syms[a.Name]
		if d == nil || d.rank() > 0 {
			continue
		}
		if v, had := l.callConsts[d]; had {
			old[d] = &v
		} else {
			old[d] = nil
		}
		delete(l.callConsts, d)
		if actuals[i] == nil {
			continue
		}
		if v, err := l.c.evalConst(l.s, l.callEnv, actuals[i]); err == nil && !v.isArr && v.kind == ir.Int {
			l.callConsts[d] = v
		}
	}
	return func() {
		for d, v := range old {
			if v == nil {
				delete(l.callConsts, d)
			} else {
				l.callConsts[d] = *v
			}
		}
	}
}

// callEnv is the constant environment of an inlined callee's bounds: the
// constant actuals of its dummies (callConstants), then l.env's values.
func (l *lowerer) callEnv(sym *symbol, at diag.Span) (cval, *constErr, bool) {
	if v, ok := l.callConsts[sym]; ok {
		return v, nil, true
	}
	return l.env(sym, at)
}

// calleeArray declares local array sym of the inlined subroutine p,
// called at cs, as a private array (Note [local arrays of inlined
// calls]), named from caller scope outer; false when it was reported.
func (l *lowerer) calleeArray(cs *ast.CallStmt, p *proc, sym *symbol, outer *scope) bool {
	k := l.c.symKind(sym)
	if !l.typed(sym) || k == ir.Invalid {
		return false
	}
	failed := false
	bad := func(format string, args ...any) {
		l.errorf(codeLoopLocalArray, sym.pos, format, args...).
			WithNote(cs.Name.Pos, "in this call of %q", cs.Name.Orig).
			WithHint("give it bounds that are named constants, or dummies that the call passes constants")
		failed = true
	}
	if sym.pointer || sym.alloc || sym.init != nil || sym.save {
		bad("local array %q of subroutine %q, called in a parallel loop, must be a plain array (no allocatable, pointer, save or initial value)", sym.orig, p.sub.Name.Orig)
		return false
	}
	lo, hi, ok := l.c.constBoundsIn(sym, l.callEnv)
	if !ok {
		bad("a bound of local array %q of subroutine %q is not a constant at this call; each work-item holds its own copy, of a size fixed when the kernel is compiled", sym.orig, p.sub.Name.Orig)
		return false
	}
	if v := l.vars[sym]; v != nil && sameConstBounds(v, lo, hi) {
		return true // an earlier call's, of the same bounds
	}
	v := l.privateVar(sym, k, l.callEnv, bad)
	if failed || v == nil {
		return false
	}
	v.Name = l.freshName(outer, p.sub.Name.Orig+"_"+sym.orig)
	l.vars[sym] = v
	l.addLocal(v)
	return true
}

// sameConstBounds reports whether the bounds of v are the constants lo:hi.
func sameConstBounds(v *ir.Var, lo, hi []int64) bool {
	if len(v.Bounds) != len(lo) {
		return false
	}
	for d, b := range v.Bounds {
		if len(b.Lo.Terms) > 0 || len(b.Hi.Terms) > 0 || b.Lo.Const != lo[d] || b.Hi.Const != hi[d] {
			return false
		}
	}
	return true
}
