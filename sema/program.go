package sema

import (
	"github.com/forocl/forocl/ast"
)

// Note [contained in a program]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Benchmark codes often put their kernels after the CONTAINS of the main
// program (program pic ... contains ... subroutine init_grid). Such a
// procedure is a candidate kernel like a module procedure: --kernel takes
// it, forocl check lists it, and its host scope is the program's
// specification part, so the program's named constants, derived types
// and other contained procedures resolve as a module's would. The
// program's variables are different: the procedure sees them by host
// association, but a kernel receives its data as arguments only, so a
// kernel that uses one is refused (host-associated), at the use, naming
// the variable. The ABI names the program as the kernel's module:
// forocl compare's serial build turns the program into a module of that
// name (Note [programs in the serial build] in package oracle).

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
