package sema

import "github.com/forocl/forocl/diag"

// Codes of whole structures (issue 22; Note [whole structures]).
var (
	codeStructAssignGeneric = diag.Define(diag.CodeInfo{
		Code: "struct-assign-generic", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a defined assignment to a structure that forocl cannot resolve",
		Help: "forocl writes a defined assignment (a specific of the type's generic assignment(=)) out as its specific " +
			"subroutine, chosen by the rank and type (integer, real or logical) of the right side. Where they leave more than " +
			"one specific (two kinds of real), or none, " +
			"call the specific subroutine by its name, or assign the components.",
	})
	codeStructCallInline = diag.Define(diag.CodeInfo{
		Code: "struct-call-inline", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a call with whole structures that forocl cannot write out in the kernel",
		Help: "forocl writes out a subroutine that takes whole structures (or a defined assignment) as its body over " +
			"the actual structures' components. The subroutine may declare no locals and contain no procedures; its " +
			"body holds assignments, IF, DO, WHERE and calls; an actual argument that is an expression must be " +
			"intent(in), used whole, and read nothing the body writes. Assign the components in the kernel instead.",
	})
	codeStructResultBounds = diag.Define(diag.CodeInfo{
		Code: "struct-result-bounds", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "an allocatable component of a structure result is not allocated by a whole assignment",
		Help: "An allocatable component of a function's structure result is an output whose bounds come from its first " +
			"assignment: from an allocatable component of a structure dummy (res%data = self%data, or res = self) it " +
			"takes that component's bounds, from an expression lower bounds 1. Assign it so before any other use.",
	})
)
