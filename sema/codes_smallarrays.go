package sema

import "github.com/forocl/forocl/diag"

// Codes of the small-array rules of loop kernels (sema/smallarrays.go).
var (
	codeLoopLocalArray = diag.Define(diag.CodeInfo{Code: "loop-local-array", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a local array of a loop kernel that is neither small with constant bounds nor an automatic array of rank 1 to 3",
		Help:    "A local array of a loop kernel, such as real :: tmp(5), is private to each iteration: every work-item holds its own copy in registers or private memory, so it needs constant bounds, and a kernel's private arrays hold at most 8192 bytes together (a CPU driver keeps a whole work-group's copies on a thread's stack; past 64 elements an array is slow on GPUs: loop-private-large), and no initial value, save, pointer or allocatable attribute. A local array whose bounds are affine in the integer scalar dummies, such as real :: work(n), is an automatic array instead: a device buffer shared by the iterations, of rank 1 to 3; so is one with constant bounds that a nest reads before it assigns it, after another nest used it (values one nest stores, which a later one reads). Pass a larger constant-size work array as a dummy argument, subscripted with the loop indices."})
)
