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
	Summary: "the host reads an element of a local array outside the parallel loops",
	Help: "The host runs a loop kernel's statements outside its nests (IFs around nests, scalar assignments, host loops). " +
		"They may read elements of dummy arrays of any kind, such as IF (fields(FIELD_DENSITY) .EQ. 1) or " +
		"x_cent = state_xmin(state); the host reads the element when it gets there, after the launches before it, and " +
		"checks the subscripts against the declared bounds. A local array lives only in a nest's work-items, so the host " +
		"cannot read it: pass it as a dummy, or copy the element into a scalar inside a nest."})
