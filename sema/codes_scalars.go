package sema

import "github.com/forocl/forocl/diag"

// Codes of the scalar dummies and guards of loop kernels (issue 21):
// intents inferred from use, and IFs on elements of small arrays.
var (
	codeLoopScalarInOut = diag.Define(diag.CodeInfo{Code: "loop-scalar-inout", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a scalar dummy with no INTENT is read before it is assigned, or assigned on some paths only",
		Help: "A scalar dummy declared without INTENT takes its intent from use: never assigned, it is intent(in); assigned " +
			"unconditionally before anything reads it, it is an intent(out) result (\"s = 0\" before a reduction loop). " +
			"Otherwise the caller's value flows through it (intent(inout)), which a kernel cannot return. Assign it first, " +
			"or copy the input into a local."})
)

var codeLoopGuardArray = diag.Define(diag.CodeInfo{Code: "loop-guard-array", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
	Summary: "the IF around parallel loops reads an array it may not read",
	Help: "The condition of an IF between the nests of a loop kernel is tested by every work-item of the nests under it. " +
		"It may read elements of integer or logical dummy arrays that the kernel does not write (intent(in), declared or " +
		"inferred), such as IF (fields(FIELD_DENSITY) .EQ. 1); pass anything else as a scalar dummy."})
