package sema

import "github.com/forocl/forocl/diag"

// Codes of large private arrays (sema/smallarrays.go).
var (
	codeLargePrivate = diag.Define(diag.CodeInfo{Code: "loop-private-large", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
		Summary: "a local array of a loop kernel with more than 64 elements: private memory, slow on GPUs",
		Help:    "A local array of a loop kernel is private to each iteration: every work-item holds its own copy. Up to 64 elements it fits in registers on most GPUs; a larger one (the kernel's private arrays hold at most 8192 bytes together) lives in private memory, which GPUs keep in slow off-chip memory, so the kernel is correct but may be slow there. On a CPU device it costs nothing more. If the array is the same for every iteration, pass it as a dummy argument instead."})
)
