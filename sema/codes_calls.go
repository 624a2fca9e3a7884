package sema

import "github.com/forocl/forocl/diag"

// Codes of subroutine calls in kernels (issue 22, Note [subroutine calls]
// in calls.go).
var (
	codeCallArrayArgument = diag.Define(diag.CodeInfo{
		Code: "call-array-argument", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "a kernel calls a subroutine with an argument whose association forocl cannot keep, or with local arrays outside a parallel loop",
		Help: "forocl inlines a subroutine that a kernel calls: each scalar dummy a private scalar of the kernel, each array " +
			"dummy associated with its actual argument (a whole array, a section, or an element of a rank-1 array for a " +
			"rank-1 dummy), its elements written as the actual's. Refused: sequence association that reshapes (an actual " +
			"whose section rank differs from the dummy's, an explicit-shape dummy of rank 2 or more), an expression as an " +
			"array actual, pointer and optional dummies, a structure forocl does not take apart, an array passed " +
			"to a scalar dummy, a subroutine with local arrays called outside a parallel loop (inside one, they are private " +
			"to each work-item), and an inquiry such as size(a, d) of an array dummy whose dimension is not a constant " +
			"at the call. Pass a whole array or a section of the dummy's rank " +
			"to an assumed-shape dummy, or write the code in the caller.",
	})
	codeCallActualNotVariable = diag.Define(diag.CodeInfo{
		Code: "call-actual-not-variable", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "an expression is passed for a dummy that the subroutine assigns",
		Help: "A dummy that is intent(out) or intent(inout), or has no intent and is assigned, gives its value back " +
			"to the actual argument, which must therefore be a variable or an array element (Fortran requires it too).",
	})
	codeCallNested = diag.Define(diag.CodeInfo{
		Code: "call-subroutine-nested", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "subroutine calls in a kernel nest deeper than forocl inlines",
		Help: "forocl inlines the subroutines a kernel calls, and the subroutines they call in turn, up to 8 levels " +
			"deep. Inline one level by hand, or make an inner subroutine a pure function.",
	})
	codeCallReturn = diag.Define(diag.CodeInfo{
		Code: "call-return", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "a subroutine that a kernel calls has a RETURN statement",
		Help: "forocl inlines the subroutines a kernel calls into the caller's code, where a RETURN would end the " +
			"caller's work too. Put the statements after the RETURN in an if block.",
	})
	codeCallSideEffect = diag.Define(diag.CodeInfo{
		Code: "call-side-effect", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "a kernel calls a subroutine with an effect beyond its arguments",
		Help: "Work-items call the subroutine at once and in any order, so it may only compute its intent(out) and " +
			"intent(inout) dummies from its arguments. This one assigns a variable of its host or module or a saved " +
			"local, does input or output, or stops. The note shows the statement.",
	})
)
