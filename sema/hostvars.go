package sema

import (
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Host variables in bounds (Note [host program] in package abi): the host
// computes every scalar local (sema/hostproc.go checks what it
// evaluates); a local that a parallel loop's bound uses must also be
// known before that launch, from the sizes and scalar dummies alone, so
// that a dry run can size the NDRange. boundAffine records such locals
// in loopState.hostVars; checkHostVars, run after the body is lowered,
// checks that each is assigned only at the top level (under IFs too,
// never in a nest or host loop) from integer and logical constants,
// scalar dummies, elements of intent(in) array dummies (which no launch
// changes, so a dry run reads them from the inputs: Note [host elements]
// in package abi) and other such locals or scalar results (whose own
// assignments are checked in turn), extends the set with the locals
// those expressions read, and lists them in Kernel.HostVars. A value a
// nest computes (its reduction, or the last value of a serial nest's
// scalar) comes back from the device only when that nest has run, after
// the dry run: a launch whose bound depends on one is late, sized when
// the host reaches it (Note [late launches] in package abi), unless it
// reduces (host-var: its partials are sized before the first launch). The bounds
// take the host's values as launch arguments, as the bodies do.

// hostLocal reports whether v may be a host variable: a scalar integer
// or logical local.
func hostLocal(v *ir.Var) bool {
	return v.Role == ir.Local && v.Rank == 0 && (v.Kind == ir.Int || v.Kind == ir.Long || v.Kind == ir.Logical)
}

// checkHostVars checks the host variables of loop kernel k (see above).
func (l *lowerer) checkHostVars(k *ir.Kernel) {
	if len(l.loop.hostVars) == 0 {
		return
	}
	assigned := map[*ir.Var][]diag.Span{} // top-level assignments
	inner := map[*ir.Var]bool{}           // assigned inside, reported
	device := map[*ir.Var]*ir.Nest{}      // set from a nest's reduction or last value, read back from the device
	folded := map[*ir.Var]bool{}          // the results of reductions, which the device returns
	var bad func(stmts []ir.Stmt, top bool)
	bad = func(stmts []ir.Stmt, top bool) {
		for _, s := range stmts {
			switch s := s.(type) {
			case *ir.Assign:
				if r, ok := s.LHS.(*ir.Ref); ok && top {
					assigned[r.Var] = append(assigned[r.Var], s.Pos)
				} else if ok && l.loop.hostVars[r.Var] != (diag.Span{}) && !inner[r.Var] && !folded[r.Var] {
					inner[r.Var] = true
					l.c.diags.Error(codeHostVar, s.Pos, "%q is a bound of a parallel loop (%s) and is assigned inside a nest or host loop, so the host cannot compute it before the launch", r.Var.Name, pos(l.loop.hostVars[r.Var])).
						WithHint("assign it at the top level of the kernel, before the nests")
				}
			case *ir.If:
				bad(s.Then, top)
				bad(s.Else, top)
			case *ir.Nest:
				for _, r := range s.Reduces {
					if device[r.Reduce.Result] == nil {
						device[r.Reduce.Result] = s
					}
					folded[r.Reduce.Result] = true
				}
				bad(s.Body, false)
			case *ir.Loop:
				bad(s.Body, false)
			}
		}
	}
	bad(k.Body, true)
	// The locals the host computes: those in bounds, and those their
	// assignments read, checked in turn.
	work := make([]*ir.Var, 0, len(l.loop.hostVars))
	for _, v := range k.Locals {
		if l.loop.hostVars[v] != (diag.Span{}) {
			work = append(work, v)
		}
	}
	seen := map[*ir.Var]bool{}
	for len(work) > 0 {
		v := work[0]
		work = work[1:]
		if seen[v] {
			continue
		}
		seen[v] = true
		if l.loop.sizes[v] {
			continue // an assumed-shape extent: the host binds it from the array
		}
		if v.Role != ir.Dummy { // a result is a host variable of its own
			k.HostVars = append(k.HostVars, v)
		}
		if device[v] != nil {
			continue // read back when the host reaches it (Note [late launches] in package abi)
		}
		if len(assigned[v]) == 0 && !inner[v] && v.Intent != ir.InOut {
			l.c.diags.Error(codeHostVar, l.loop.hostVars[v], "%q is a bound of a parallel loop but the kernel never assigns it at its top level", v.Name).
				WithHint("assign it before the nest, such as %s = 0", v.Name)
		}
		l.hostReads(k.Body, v, &work)
	}
	k.BoundElems = l.loop.boundElems
}

// hostReads checks the top-level assignments to v in stmts, and the IF
// conditions around them, and queues the locals they read.
func (l *lowerer) hostReads(stmts []ir.Stmt, v *ir.Var, work *[]*ir.Var) bool {
	found := false
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			if r, ok := s.LHS.(*ir.Ref); ok && r.Var == v {
				found = true
				l.hostable(s.RHS, v, work)
			}
		case *ir.If:
			if l.hostReads(s.Then, v, work) || l.hostReads(s.Else, v, work) {
				found = true
				l.hostable(s.Cond, v, work)
			}
		}
	}
	return found
}

// hostable reports, with a coded error, a part of e (assigned to host
// variable v, or a condition around that) that the host cannot evaluate;
// it queues the locals e reads.
func (l *lowerer) hostable(e ir.Expr, v *ir.Var, work *[]*ir.Var) {
	why := ""
	ir.Walk(e, func(x ir.Expr) {
		if why != "" {
			return
		}
		switch x := x.(type) {
		case *ir.Const:
			if !x.Kind.IsInt() && x.Kind != ir.Logical {
				why = "a " + x.Kind.String() + " constant"
			}
		case *ir.Ref:
			switch {
			case x.Var.Role == ir.Dummy && x.Var.Rank == 0 && (x.Var.Kind.IsInt() || x.Var.Kind == ir.Logical) && !x.Var.Result():
			case hostLocal(x.Var), x.Var.Result() && (x.Var.Kind.IsInt() || x.Var.Kind == ir.Logical):
				// A result the host computes too: its assignments are checked in turn.
				if _, ok := l.loop.hostVars[x.Var]; !ok {
					l.loop.hostVars[x.Var] = x.Pos // read by a host variable: the host computes it too
				}
				*work = append(*work, x.Var)
			default:
				why = "variable \"" + x.Var.Name + "\""
			}
		case *ir.Elem:
			if x.Var.Role != ir.Dummy || x.Var.Intent != ir.In {
				why = "an element of \"" + x.Var.Name + "\", which is not an intent(in) dummy, so a launch may change it"
			}
			l.loop.boundElems = true
		case *ir.Convert: // between integer kinds (a real is refused below)
		case *ir.Unary, *ir.Binary:
			if op := opOf(x); op == ir.Pow || op == ir.Eqv || op == ir.Neqv {
				why = "the operator " + op.String()
			}
		case *ir.Intrinsic:
			switch x.ID {
			case ir.FnMin, ir.FnMax, ir.FnMod, ir.FnAbs:
			default:
				why = "a call of " + ir.Intrinsics[x.ID].Name
			}
		default:
			why = "an expression the host does not evaluate"
		}
		if why == "" && !x.Type().Kind.IsInt() && x.Type().Kind != ir.Logical {
			why = "a " + x.Type().Kind.String() + " value"
		}
	})
	if why != "" {
		l.c.diags.Error(codeHostVar, e.Span(), "%q is a bound of a parallel loop, so the host computes it before the launch, but its value here has %s", v.Name, why).
			WithHint("compute it from integer constants, integer scalar dummies and elements of intent(in) arrays, or make it a dummy")
	}
}

func opOf(x ir.Expr) ir.Op {
	switch x := x.(type) {
	case *ir.Unary:
		return x.Op
	case *ir.Binary:
		return x.Op
	}
	return ir.Add
}
