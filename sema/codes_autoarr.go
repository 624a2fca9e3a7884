package sema

import "github.com/forocl/forocl/diag"

// Codes of large private arrays (sema/smallarrays.go) and of DO
// CONCURRENT indices with a step that is not a constant (sema/varstep.go).
var (
	codeLargePrivate = diag.Define(diag.CodeInfo{Code: "loop-private-large", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
		Summary: "a local array of a loop kernel with more than 64 elements: private memory, slow on GPUs",
		Help:    "A local array of a loop kernel is private to each iteration: every work-item holds its own copy. Up to 64 elements it fits in registers on most GPUs; a larger one (at most 4096 elements) lives in private memory, which GPUs keep in slow off-chip memory, so the kernel is correct but may be slow there. On a CPU device it costs nothing more. If the array is the same for every iteration, pass it as a dummy argument instead."})
	codeVarStep = diag.Define(diag.CodeInfo{Code: "loop-var-step", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a DO CONCURRENT with a step that is not a constant, where the host cannot compute its trip count",
		Help:    "A DO CONCURRENT index with a step that is not a constant, do concurrent (jt = 1:n:tile), runs one work-item per iteration: the host computes the step and the trip count, max((last - first + step)/step, 0), before the launch, and stops with an error naming the loop when the step is 0. So the first and last values and the step must be known on the host before the nest: computed from constants, scalar dummies and locals assigned at the top level of the kernel, and the DO CONCURRENT must not be inside a DO loop around nests. Make the step a constant there, or loop over the tiles with a unit step and compute the index, jt = 1 + (t-1)*tile."})
)
