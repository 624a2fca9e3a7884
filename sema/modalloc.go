package sema

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ir"
)

// Note [allocatable module arrays]
//
// A loop kernel may read and write a module's allocatable array, as
// ftt-research's CAFe error.F90 writes Err(:,:) that error_allocate
// allocated: `real, allocatable :: err(:,:)` in the module, `err(i,j) =
// ...` in the kernel. It is a parameter of the kernel as any module
// array is (Note [module variables]), taken as an assumed-shape array:
// each extent is a size of its own (err_n1, err_n2), bound from the
// array's shape by forocl run (--in, --shape) and by every host from
// the allocated array. Its lower bounds are taken to be 1, what every
// forocl host passes and what ALLOCATE gives by default, as for an
// allocatable dummy (Note [allocatable dummies]); the
// module-allocatable-bounds warning says so, and the Fortran host
// checks it at run time: a module array allocated from another lower
// bound, or not allocated, stops the call with an error rather than
// shifting the elements. The oracle's driver assigns the input to the
// module array, which allocates it from lower bound 1 as gfortran
// reallocates an allocatable on assignment.

// allocatableModuleArray gives v, the parameter of the allocatable
// module array sym, its bounds (Note [allocatable module arrays]); nil
// when sym has a dimension that is not deferred.
func (l *lowerer) allocatableModuleArray(sym *symbol, v *ir.Var) *ir.Var {
	for _, d := range sym.dims {
		if !d.Deferred || d.Lo != nil {
			l.errorf(codeModuleAllocatable, sym.pos, "allocatable module array %q has a dimension that is not deferred (:)", sym.orig)
			return nil
		}
	}
	l.c.diags.Warn(codeModuleAllocBounds, sym.pos, "allocatable module array %q is taken as allocated from lower bound 1 in every dimension; the Fortran host stops with an error when it starts elsewhere", sym.orig).
		WithHint("allocate %s with extents only, as allocate(%s(%s)) does", sym.orig, sym.orig, extentNames(sym.rank()))
	l.arrayBounds(sym, v)
	if l.broken[sym] {
		return nil
	}
	return v
}

// extentNames returns "n1, n2, ..." for rank r.
func extentNames(r int) string {
	names := make([]string, r)
	for d := range names {
		names[d] = fmt.Sprintf("n%d", d+1)
	}
	return strings.Join(names, ", ")
}
