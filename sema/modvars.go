package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [module variables]
//
// A loop kernel may read the variables of a module it uses (or of the
// module or main program that contains it: Note [contained in a
// program]), scalars and arrays, and write the module's arrays: `use data_module` then `b(i) = g*a(i)*coef(i) + scale`. Each
// module variable the kernel names becomes a parameter of the kernel,
// after its dummies in order of first reference, marked with its module
// (ir.Var.Module, abi.Param.Module): forocl run binds it by its name as
// any parameter (--in, --out, --set), the gfortran driver of the oracle
// sets it and reads it back through `use`, and the Fortran host's
// wrapper passes it from the module itself, so its callers pass only the
// dummies. An array the kernel writes is intent(inout) (the elements it
// leaves keep their values), one it only reads intent(in); a scalar is
// intent(in), and writing one is module-variable. A module array needs
// constant bounds (named constants fold as anywhere), or is allocatable
// (Note [allocatable module arrays] in sema/modalloc.go); a pointer
// module array is module-allocatable at the reference. Region kernels,
// elemental kernels and functions keep the rule that only named
// constants of modules can be used (module-variable).

// moduleScope reports whether s is the scope of a module.
func (c *checker) moduleScope(s *scope) bool {
	m := c.modules[s.name]
	return s.parent == nil && s.sub == nil && m != nil && m.scope == s
}

// foreign reports whether sym belongs to another scope than the one
// being lowered and is not a module variable made a parameter of the
// kernel (Note [module variables]).
func (l *lowerer) foreign(sym *symbol) bool {
	// A variable of the caller of an inlined subroutine has its variable
	// already (Note [subroutine calls]).
	return sym.sc != l.s && l.vars[sym] == nil && (l.loop == nil || l.loop.modVars[sym] == nil)
}

// usesModuleVars reports whether body, of the procedure of scope s,
// names a variable of a module (not a named constant).
func (c *checker) usesModuleVars(body []ast.Stmt, s *scope) bool {
	found := false
	walkStmtExprs(body, func(e ast.Expr) {
		if sym := moduleVarOf(c, s, e); sym != nil {
			found = true
		}
	})
	return found
}

// moduleVarOf returns the variable of a module, or of the main program
// that contains the kernel, that e names in scope s (an identifier, or
// the name of an element or section reference), or nil.
func moduleVarOf(c *checker, s *scope, e ast.Expr) *symbol {
	var id *ast.Ident
	switch e := e.(type) {
	case *ast.Ident:
		id = e
	case *ast.Call:
		id = &e.Name
	default:
		return nil
	}
	sym := s.lookup(id.Name).sym
	if sym == nil || sym.param || sym.sc == s || !c.moduleScope(sym.sc) && !sym.sc.program {
		return nil
	}
	return sym
}

// moduleParams makes each module variable the loop kernel's body names a
// parameter of the kernel (Note [module variables]).
func (l *lowerer) moduleParams() {
	l.loop.modVars = map[*symbol]*ir.Var{}
	structs := l.c.structVars[procKey(l.sub.Body)]
	walkStmtExprs(l.sub.Body, func(e ast.Expr) {
		if id, _ := lhsName(e); id != nil && structs[id.Name] != nil {
			return // a structure of the kernel passed whole, which a host's of its name does not see (Note [structure arguments])
		}
		sym := moduleVarOf(l.c, l.s, e)
		if sym == nil || l.loop.modVars[sym] != nil || l.broken[sym] {
			return
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			id = &e.(*ast.Call).Name
		}
		v := l.moduleParam(sym, id)
		if v == nil {
			l.broken[sym] = true // reported once, not at each reference
			return
		}
		l.loop.modVars[sym] = v
		l.vars[sym] = v
		l.kernel.Params = append(l.kernel.Params, v)
	})
}

// moduleParam returns the parameter that stands for module variable sym,
// referenced at id, or nil after reporting why it cannot be one.
func (l *lowerer) moduleParam(sym *symbol, id *ast.Ident) *ir.Var {
	if sym.pointer {
		l.errorf(codeModuleAllocatable, id.Pos, "module array %q is a pointer; a kernel takes module arrays of constant bounds, and allocatable ones", id.Orig).
			WithHint("declare it allocatable or with constant bounds in its module, or pass it to the kernel as an argument").
			WithNote(sym.pos, "declared here")
		return nil
	}
	if sym.typ == nil && sym.sc.isImplicitNone() {
		l.errorf(codeNoImplicitType, sym.pos, "%q has no type (implicit none is in effect)", sym.orig)
		return nil
	}
	errs := l.c.diags.Count(diag.Error)
	k := l.c.symKind(sym)
	if k == ir.Invalid {
		if l.c.diags.Count(diag.Error) == errs {
			l.errorf(codeModuleVariable, id.Pos, "module variable %q has a type forocl does not support in a kernel", id.Orig).
				WithNote(sym.pos, "declared here")
		}
		return nil
	}
	v := &ir.Var{Name: sym.orig, Kind: k, Rank: sym.rank(), Role: ir.Dummy, Intent: ir.IntentNone, Module: sym.sc.name, Pos: sym.pos}
	if v.Rank == 0 {
		v.Intent = ir.In
		return v
	}
	if sym.alloc {
		return l.allocatableModuleArray(sym, v) // sema/modalloc.go
	}
	for d, ds := range sym.dims {
		b := ir.Bound{Lo: ir.Affine{Const: 1}}
		for i, x := range []ast.Expr{ds.Lo, ds.Hi} {
			if x == nil {
				continue
			}
			c, err := l.c.evalConst(sym.sc, nil, x)
			if err != nil {
				l.c.reportConst(err)
				return nil
			}
			if c.isArr || !c.kind.IsInt() {
				l.errorf(codeModuleAllocatable, x.Span(), "bound %d of module array %q is not an integer constant", d+1, sym.orig)
				return nil
			}
			if i == 0 {
				b.Lo = ir.Affine{Const: c.i}
			} else {
				b.Hi = ir.Affine{Const: c.i}
			}
		}
		v.Bounds = append(v.Bounds, b)
	}
	return v
}

// resultLast returns the parameters of a function kernel with its result,
// the last dummy, after the module variables it takes (Note [function
// kernels]: the result is the last parameter).
func resultLast(params []*ir.Var) []*ir.Var {
	var dummies, mods []*ir.Var
	for _, v := range params {
		if v.Module != "" {
			mods = append(mods, v)
		} else {
			dummies = append(dummies, v)
		}
	}
	if len(mods) == 0 || len(dummies) == 0 {
		return params
	}
	n := len(dummies) - 1
	return append(append(dummies[:n:n], mods...), dummies[n])
}
