package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [function kernels]
//
// A function named as a kernel (--kernel diff or a kernel directive),
// such as the textbooks'
//
//	pure function diff(x) result(dx)
//	  real, intent(in) :: x(:)
//	  real :: dx(size(x))
//
// is translated as the subroutine diff(x, dx) with dx an intent(out)
// dummy, named as the result: functionKernel builds that subroutine over
// the function's own declarations and body, and the kernel is checked and
// lowered as any other. ir.Kernel.Function (abi.Kernel.Function) records
// that the last parameter is the result, so that forocl run --out dx=...
// names it, both hosts return it as an output, and the serial oracle
// assigns dx = diff(x) where it would call a subroutine.
//
// An allocatable result (real, allocatable :: y(:), assigned y = 2*x)
// is an assumed-shape output, whose extents take those of the first
// array assigned to it whole (Note [conforming extents]). The result may
// be a scalar too: an elemental function (ke(u, v) =
// 0.5*sqrt(u**2 + v**2)) becomes an elemental subroutine with a scalar
// intent(out) dummy, an elemental kernel over the elements of its
// arguments (the oracle's ke = ke(u, v) is elemental too), and any other
// function (mean = sum(x)/size(x)) a kernel with a scalar result. Unless
// it uses the region dialect (region_cpy, region_ptr, WHERE), a function
// kernel is a loop kernel: its assumed-shape dummies take their extents
// from the actual arguments, as the function's do (lowerKernel).

// resultIdent is the name of function sub's result variable.
func resultIdent(sub *ast.Subprogram) ast.Ident {
	if sub.Result != nil {
		return *sub.Result
	}
	return sub.Name
}

// functionKernel returns the subroutine that function p stands for as a
// kernel (Note [function kernels]), or nil when p is no function or is
// not named.
func (c *checker) functionKernel(p *proc, named map[string]bool) *proc {
	if !named[p.sub.Name.Name] || p.sub.Kind != ast.Function {
		return nil
	}
	sub := *p.sub
	rid := resultIdent(p.sub)
	sub.Kind = ast.Subroutine
	sub.Args = append(append([]ast.Ident(nil), p.sub.Args...), rid)
	sub.Result, sub.TypePrefix = nil, nil
	q := &proc{sub: &sub, host: p.host, file: p.file}
	if comps := c.structResult(&sub, rid); comps != nil {
		// a structure result: its components (Note [derived-type dummies])
		for _, n := range comps {
			c.procScope(q).syms[n].intent = ast.IntentOut
		}
	} else {
		c.resultDummy(p, q, rid)
	}
	for i := range c.subs {
		if c.subs[i] == p {
			c.subs[i] = q // the warnings pass reads the kernel's unit
		}
	}
	return q
}

// resultDummy makes the result rid of function p the intent(out) dummy
// of q, p as a kernel.
func (c *checker) resultDummy(p, q *proc, rid ast.Ident) {
	rsym := c.procScope(q).get(rid)
	rsym.intent = ast.IntentOut
	if rsym.alloc && !rsym.pointer && rsym.rank() > 0 {
		// An allocatable result takes the shape of what is assigned to
		// it: an assumed-shape output whose extents conform to that
		// (Note [conforming extents]).
		rsym.alloc = false
	}
	if rsym.typ == nil {
		rsym.typ = p.sub.TypePrefix
	}
}

// withoutSizes returns the locals of kernel k less its sizes: the extents
// of assumed-shape arrays, which the host binds before the kernel runs,
// so that no flow warning reads them as unset locals.
func withoutSizes(k *ir.Kernel) []*ir.Var {
	size := map[*ir.Var]bool{}
	for _, v := range k.Sizes {
		size[v] = true
	}
	var out []*ir.Var
	for _, v := range k.Locals {
		if !size[v] {
			out = append(out, v)
		}
	}
	return out
}
