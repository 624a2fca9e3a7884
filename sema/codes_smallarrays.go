package sema

import "github.com/forocl/forocl/diag"

// Codes of the small-array rules of loop kernels (sema/smallarrays.go).
var (
	codeLoopLocalArray = diag.Define(diag.CodeInfo{Code: "loop-local-array", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a local array of a loop kernel that is not small and of constant bounds",
		Help:    "A local array of a loop kernel, such as real :: tmp(5), is private to each iteration: every work-item holds its own copy in registers or private memory, so it needs constant bounds and at most 4096 elements (past 64 it is slow on GPUs: loop-private-large), and no initial value, save, pointer or allocatable attribute. Pass a larger or variable-sized work array as a dummy argument instead, subscripted with the loop indices."})
)
