package sema

import "github.com/forocl/forocl/diag"

// Codes of user functions called from kernels (issue 22, Note [user
// functions] in functions.go).
var (
	codeFunctionSideEffect = diag.Define(diag.CodeInfo{
		Code: "function-side-effect", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "a kernel calls a function that has a side effect",
		Help: "A function that is not declared pure is accepted when it only computes its result from its arguments. " +
			"This one assigns an argument, a variable of its host or module, or a saved local, or calls a subroutine, " +
			"does input or output, or stops; work-items call it at once and in any order, so the effect cannot be kept. " +
			"The note shows the statement.",
	})
	codeFunctionHostArray = diag.Define(diag.CodeInfo{
		Code: "function-host-array", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "a contained function reads an array of its host",
		Help: "A function contained in a kernel may read the kernel's scalars, which forocl passes to it as extra " +
			"arguments; an array of the host is not passed. Pass the array (or its element) as an argument.",
	})
	codeFunctionUndefined = diag.Define(diag.CodeInfo{
		Code: "function-undefined", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "a kernel calls an external function that no given file defines",
		Help: "forocl translates the functions a kernel calls into OpenCL, so it needs their source. Give the file " +
			"that defines the function on the command line.",
	})
)
