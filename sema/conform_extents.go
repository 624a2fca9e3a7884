package sema

import (
	"slices"

	"github.com/forocl/forocl/ir"
)

// Note [conforming extents]
//
// An array operation of a loop kernel needs every operand to have the
// shape of the left-hand side (sections' conforms), and forocl compares
// extents as affine forms. Two assumed-shape dummies have extents of
// their own (u_n1, v_n1), which no affine reasoning can prove equal, yet
// Fortran requires them to conform wherever the statement runs, as in
// the textbooks' e = ke(u, v) or s = dot_product(x, y). So where an
// extent that does not conform as written is an assumed-shape extent x
// with coefficient 1, x becomes the affine form that makes the two equal
// (v_n1 := u_n1; u_n1 := n - 2 for u = a(2:n-1)): unifyExtent records it
// (loopState.alias) and substExtents writes it into the whole kernel once
// its body is lowered, so v's declared bounds say 1:u_n1. Every host binds
// sizes from the arrays' shapes and checks each array against its
// declared extents (Note [one binding] in package abi), so actual
// arguments that do not conform are an error before anything runs, never
// a silent read past an array. Extents fixed by the program (explicit
// shapes, constants) are never changed: only an assumed-shape extent,
// which nothing else defines, is. The rule holds for the whole kernel,
// also where the operation sits under an IF that does not run: such
// arguments are then refused at run time, never computed wrongly.

// resolve returns a with every aliased extent replaced by its form.
func (l *lowerer) resolve(a ir.Affine) ir.Affine {
	for {
		i := slices.IndexFunc(a.Terms, func(t ir.Term) bool { _, ok := l.loop.alias[t.Var]; return ok })
		if i < 0 {
			return l.ordered(a)
		}
		t := a.Terms[i]
		a = a.Add(ir.Affine{Terms: []ir.Term{{Coef: -t.Coef, Var: t.Var}}}).Add(l.loop.alias[t.Var].Scale(t.Coef))
	}
}

// unifyExtent makes extents got and want equal by aliasing an
// assumed-shape extent of one of them (Note [conforming extents]); it
// reports whether they are equal then.
func (l *lowerer) unifyExtent(got, want ir.Affine) bool {
	g, w := l.resolve(got), l.resolve(want)
	if d := g.Add(w.Scale(-1)); d.IsConst() {
		return d.Const == 0
	}
	for _, side := range [][2]ir.Affine{{g, w}, {w, g}} {
		a, b := side[0], side[1]
		for _, t := range a.Terms {
			if t.Coef != 1 || !l.loop.extents[t.Var] || slices.ContainsFunc(b.Terms, func(u ir.Term) bool { return u.Var == t.Var }) {
				continue
			}
			// a = x + rest must equal b: x := b - rest, which may name only
			// what declared bounds may (scalar dummies, extents), not a
			// host variable such as m = size(a)/2.
			rest := a.Add(ir.Affine{Terms: []ir.Term{{Coef: -1, Var: t.Var}}})
			form := l.ordered(b.Add(rest.Scale(-1)))
			if slices.ContainsFunc(form.Terms, func(u ir.Term) bool { return !l.boundVar(u.Var) }) {
				continue
			}
			if l.loop.alias == nil {
				l.loop.alias = map[*ir.Var]ir.Affine{}
			}
			l.loop.alias[t.Var] = form
			return true
		}
	}
	return false
}

// boundVar reports whether a declared bound may name v: an integer scalar
// dummy or an assumed-shape extent.
func (l *lowerer) boundVar(v *ir.Var) bool {
	return l.loop.extents[v] || v.Role == ir.Dummy && v.Rank == 0 && v.Kind.IsInt()
}

// substExtents writes the aliases of unifyExtent into kernel k: declared
// bounds, nests' bounds, subscripts and every reference of an aliased
// extent, which leaves the kernel's locals and sizes.
func (l *lowerer) substExtents(k *ir.Kernel) {
	if len(l.loop.alias) == 0 {
		return
	}
	for _, v := range slices.Concat(k.Params, k.Locals, k.Temps, k.Automatic) {
		for i := range v.Bounds {
			v.Bounds[i].Lo, v.Bounds[i].Hi = l.resolve(v.Bounds[i].Lo), l.resolve(v.Bounds[i].Hi)
		}
	}
	k.Locals = slices.DeleteFunc(k.Locals, func(v *ir.Var) bool { _, ok := l.loop.alias[v]; return ok })
	for v := range l.loop.alias {
		delete(l.loop.sizes, v)
	}
	l.substStmts(k.Body)
}

func (l *lowerer) substStmts(body []ir.Stmt) {
	for _, s := range body {
		switch s := s.(type) {
		case *ir.Assign:
			s.LHS, s.RHS = l.substExpr(s.LHS), l.substExpr(s.RHS)
		case *ir.If:
			s.Cond = l.substExpr(s.Cond)
			l.substStmts(s.Then)
			l.substStmts(s.Else)
		case *ir.Nest:
			for i := range s.Lo {
				s.Lo[i], s.Hi[i] = l.resolve(s.Lo[i]), l.resolve(s.Hi[i])
			}
			l.substStmts(s.Body)
		case *ir.Loop:
			s.Lo, s.Hi, s.Step = l.substExpr(s.Lo), l.substExpr(s.Hi), l.substExpr(s.Step)
			if s.Host != nil {
				s.Host.Lo, s.Host.Hi, s.Host.Step = l.resolve(s.Host.Lo), l.resolve(s.Host.Hi), l.resolve(s.Host.Step)
			}
			l.substStmts(s.Body)
		case *ir.Print:
			for i := range s.Items {
				s.Items[i].X = l.substExpr(s.Items[i].X)
			}
		}
	}
}

// substExpr replaces the references of aliased extents in e, changing
// e's nodes in place (the lowering's maps hold them) and returning the
// new node where e itself is one.
func (l *lowerer) substExpr(e ir.Expr) ir.Expr {
	switch x := e.(type) {
	case nil:
		return nil
	case *ir.Ref:
		if a, ok := l.loop.alias[x.Var]; ok {
			return affineExpr(l.resolve(a), x.Pos) // extents are default integers
		}
	case *ir.Unary:
		x.X = l.substExpr(x.X)
	case *ir.Binary:
		x.X, x.Y = l.substExpr(x.X), l.substExpr(x.Y)
	case *ir.Convert:
		x.X = l.substExpr(x.X)
	case *ir.Intrinsic:
		for i := range x.Args {
			x.Args[i] = l.substExpr(x.Args[i])
		}
	case *ir.Call:
		for i := range x.Args {
			x.Args[i] = l.substExpr(x.Args[i])
		}
	case *ir.Elem:
		for i := range x.Index {
			x.Index[i] = l.substExpr(x.Index[i])
		}
		for i := range x.Access {
			x.Access[i] = l.resolve(x.Access[i])
		}
	}
	return e
}
