package sema

import "github.com/forocl/forocl/diag"

// Codes of the guards of loop kernels (issue 21): IFs on elements of
// small arrays.
var codeLoopGuardArray = diag.Define(diag.CodeInfo{Code: "loop-guard-array", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
	Summary: "the host reads an element of a local array outside the parallel loops",
	Help: "The host runs a loop kernel's statements outside its nests (IFs around nests, scalar assignments, host loops). " +
		"They may read elements of dummy arrays of any kind, such as IF (fields(FIELD_DENSITY) .EQ. 1) or " +
		"x_cent = state_xmin(state); the host reads the element when it gets there, after the launches before it, and " +
		"checks the subscripts against the declared bounds. A local array lives only in a nest's work-items, so the host " +
		"cannot read it: pass it as a dummy, or copy the element into a scalar inside a nest."})
