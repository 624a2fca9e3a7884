package sema

import "github.com/forocl/forocl/diag"

// Codes of array-valued function references in kernels (issue 22; Note
// [array-valued function references] in sema/arrfn.go).
var (
	codeArrayFnPosition = diag.Define(diag.CodeInfo{
		Code: "array-function-position", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "an array-valued function is referenced other than as the whole right side of an array assignment",
		Help: "A kernel takes a reference to a pure array-valued function of the files given only as the whole " +
			"right side of an assignment at the kernel's top level (x = f(a) or x(2:n) = f(a)), which forocl writes " +
			"out as the function's body. Assign the result to a local array first and use that array in the expression.",
	})
	codeArrayFnInline = diag.Define(diag.CodeInfo{
		Code: "array-function-inline", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "an array-valued function cannot be written out in the kernel",
		Help: "forocl writes x = f(a) out as f's body over temporaries: each array argument must be a whole " +
			"variable, each dummy assumed-shape or scalar, and the function's body assignments, IFs and counted " +
			"DO loops, with no contained procedures, attribute statements or names that the kernel does not see " +
			"or that mean something else there. The message says which rule the function breaks.",
	})
)
