package sema

import "github.com/forocl/forocl/diag"

// Codes of the ParRes Kernels survey's fixes (issue 22): OpenMP lines
// written in C syntax, private clauses naming dummies, and procedures
// contained in a main program.
var (
	codeDirectiveCSyntax = diag.Define(diag.CodeInfo{Code: "directive-c-syntax", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "an !$omp line written in C syntax (\"parallel for\") is not a Fortran OpenMP directive",
		Help: "Fortran OpenMP has no \"for\" construct: !$omp parallel for, !$omp teams distribute parallel for simd and the like are C and C++ spellings. " +
			"gfortran without -fopenmp reads the line as a comment, and gfortran -fopenmp refuses it; forocl warns and ignores it, and the DO nest after it " +
			"is a plain DO nest (parallel where forocl proves its iterations independent). Write the Fortran form, such as !$omp parallel do, to mark it."})
	codePrivateDummy = diag.Define(diag.CodeInfo{Code: "private-dummy", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "an intent(out) scalar dummy in a private clause gets a private copy in the loop",
		Help: "The loop's assignments go to a copy of the scalar for each iteration, and the dummy keeps the value it had before the loop, as OpenMP's private clause says. " +
			"gfortran's serial run, which reads the directive as a comment, leaves it the value of the last iteration instead; the two agree when the kernel assigns the dummy after the loop. " +
			"Assign it there, or use a scalar local in the loop."})
	codeHostAssociated = diag.Define(diag.CodeInfo{Code: "host-associated", Severity: diag.Error, Stage: "sema", Topic: "Purity",
		Summary: "a procedure contained in a main program uses a variable of the program",
		Help: "A procedure after the CONTAINS of a main program sees the program's variables by host association. " +
			"A kernel receives its data as arguments only, so forocl takes such a procedure only when it uses none of them (the program's named constants are fine). " +
			"Pass the variable as a dummy argument, or move it to a module."})
	codeAllocatableDummy = diag.Define(diag.CodeInfo{Code: "allocatable-dummy", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "an allocatable array dummy of a loop kernel is taken from lower bound 1",
		Help: "An allocatable dummy has the bounds the caller allocated. forocl takes an intent(in) or intent(inout) one as an assumed-shape array from lower bound 1 in every dimension, " +
			"which is what every forocl host passes and what an array allocated with default bounds has; a caller whose array starts elsewhere would see its elements shifted. " +
			"An intent(out) allocatable dummy is deallocated on entry, and is refused (dummy-pointer)."})
)
