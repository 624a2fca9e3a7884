package sema

import "github.com/forocl/forocl/diag"

// Codes of the checks that catch a typo before it becomes a wrong answer
// (issue 11): gfortran -Wall's warnings for kernels and what they call,
// the limit on if nesting, and modules defined twice.
var (
	codeUsedBeforeSet = diag.Define(diag.CodeInfo{
		Code: "used-before-set", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "a variable is read before any assignment to it",
		Help: "A local of a kernel or function has no value until it is assigned; reading it first gives whatever " +
			"the device's register held. Assign it first, or check the name for a typo.",
	})
	codeMaybeUsedBeforeSet = diag.Define(diag.CodeInfo{
		Code: "maybe-used-before-set", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "a variable is read where some path has not assigned it",
		Help: "The variable is assigned on some paths (in some branches of an if) but not on all of those that reach " +
			"this read. Assign it before the if, or in every branch.",
	})
	codeUnusedDummy = diag.Define(diag.CodeInfo{
		Code: "unused-dummy", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "a dummy argument is never used",
		Help: "A kernel or function argument that the body never reads often means that another name was typed " +
			"where this one was meant. Use it or remove it.",
	})
	codeOutNotSet = diag.Define(diag.CodeInfo{
		Code: "out-not-set", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "an intent(out) dummy or a function result is not assigned on every path",
		Help: "What a kernel does not assign keeps its old contents (see README, Guarantees), and a function " +
			"result that is not assigned is undefined. Assign it on every path through the body, before every return.",
	})
	codeImplicitType = diag.Define(diag.CodeInfo{
		Code: "implicit-type", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "a name has no declaration and is typed by Fortran's implicit rules",
		Help: "Without \"implicit none\" a misspelt name silently becomes a new variable (real, or integer for i to n). " +
			"Declare every name and add \"implicit none\" to the module or subprogram.",
	})
	codeIfNesting = diag.Define(diag.CodeInfo{
		Code: "if-nesting", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "if blocks nest deeper than OpenCL compilers accept",
		Help: "OpenCL C compilers limit how deeply blocks and brackets nest (clang, and so PoCL, stops at 256 " +
			"brackets). forocl accepts 64 nested if blocks, which leaves room for the brackets of the generated code. " +
			"Combine conditions with .and. or use else if.",
	})
	codeModuleTwice = diag.Define(diag.CodeInfo{
		Code: "module-twice", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "two input files (or one file twice) define the same module",
		Help: "Only one definition of a module can be used; forocl would otherwise silently ignore one of them. " +
			"Rename one module or leave one file out.",
	})
)

// maxIfDepth is how deeply if blocks may nest in a kernel or function; see
// codeIfNesting.
const maxIfDepth = 64
