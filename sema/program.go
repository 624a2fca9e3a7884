package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
)

// Note [contained in a program]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Benchmark codes often put their kernels after the CONTAINS of the main
// program (program pic ... contains ... subroutine init_grid). Such a
// procedure is a candidate kernel like a module procedure: --kernel takes
// it, forocl check lists it, and its host scope is the program's
// specification part, so the program's named constants, derived types
// and other contained procedures resolve as a module's would. The
// program's variables, which the procedure sees by host association, are
// to a loop kernel what a module's variables are (Note [module
// variables]): parameters after its dummies, marked with the program's
// name (Sml-fortran's maxwell: arrays Bx..Jz of the program updated by
// its contained solve). Region and elemental kernels receive their data
// as arguments only, so one that uses a program variable is refused
// (host-associated), at the use, naming the variable. The ABI names the
// program as the kernel's module: forocl compare's serial build turns
// the program into a module of that name (Note [programs in the serial
// build] in package oracle), whose variables the driver sets and reads.

// collectProgram registers the procedures contained in main program u of
// file as candidate kernels, with the program's scope as their host.
func (c *checker) collectProgram(u *ast.Program, file string) {
	if len(u.Contains) == 0 || u.Name.Name == "" {
		return // a main program without a program statement has no name to be a module by
	}
	sc := c.newScope(&u.Scope, nil, u.Name.Name, file)
	sc.program = true
	for _, s := range u.Contains {
		p := &proc{sub: s, host: sc, file: file}
		sc.procs[s.Name.Name] = p
		c.subs = append(c.subs, p)
	}
}

// programVar reports sym when it is a variable of a main program that
// the kernel uses by host association (Note [contained in a program]),
// and says whether it did.
func (l *lowerer) programVar(id *ast.Ident, sym *symbol) bool {
	if sym.sc == nil || !sym.sc.program || sym.param {
		return false
	}
	l.errorf(codeHostAssociated, id.Pos, "%q uses %q, a variable of program %q, by host association; a kernel receives its data as arguments", l.sub.Name.Orig, id.Orig, sym.sc.name).
		WithHint("pass %s as a dummy argument, or move it to a module", id.Orig).
		WithNote(sym.pos, "declared here")
	return true
}

// Note [allocatable dummies]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~
// Benchmark codes pass their allocated arrays on to kernels declared
// "real(8), allocatable, dimension(:,:), intent(inout) :: q" (ParRes's
// init_grid). Inside the kernel such a dummy is an array the caller
// allocated, indexed as an assumed-shape one, except that its lower
// bounds are the caller's rather than 1. A loop kernel takes one of
// intent(in) or intent(inout) as an assumed-shape array from lower bound
// 1, which is what every forocl host passes and what an array allocated
// with default bounds has; the allocatable-dummy warning says so, since a
// caller whose array starts elsewhere would see the elements shifted.
// intent(out) deallocates the actual on entry, so the kernel would have
// to allocate it: refused, as is a pointer.

// allocatableDummy accepts the allocatable array dummy sym (the kernel
// parameter v) as an assumed-shape array from lower bound 1 when it is
// intent(in) or intent(inout), with a warning (Note [allocatable
// dummies]), and says whether it did.
func (l *lowerer) allocatableDummy(sym *symbol, v *ir.Var) bool {
	if sym.rank() == 0 || v.Intent != ir.In && v.Intent != ir.InOut {
		return false
	}
	for _, d := range sym.dims {
		if !d.Deferred || d.Lo != nil {
			return false
		}
	}
	if l.structWarned(sym) {
		return true // one warning per structure (Note [derived-type dummies])
	}
	l.c.diags.Warn(codeAllocatableDummy, sym.pos, "allocatable dummy %q is taken as an array allocated from lower bound 1 in every dimension; a caller whose array starts elsewhere would see its elements shifted", sym.orig).
		WithHint("forocl's hosts pass arrays from lower bound 1; declare %s as dimension(:,...) without allocatable to say the same", sym.orig)
	return true
}
