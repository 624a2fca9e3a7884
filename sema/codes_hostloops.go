package sema

import "github.com/forocl/forocl/diag"

// Codes of the host-loop rules (sema/hostloops.go).
var (
	codeHostLoopBound = diag.Define(diag.CodeInfo{Code: "host-loop-bound", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a DO loop around parallel loops whose bounds the host cannot evaluate",
		Help:    "A sequential DO loop around parallel loop nests runs on the host, which repeats the nests' launches: it must be a counted DO loop whose bounds and step are integer constants plus integer multiples of the kernel's integer scalar dummies and of the variables of enclosing such loops (do it = 1, niter), with a step that is not zero. Pass a trip count computed in the caller as an integer dummy."})
	codeHostLoopCarried = diag.Define(diag.CodeInfo{Code: "host-loop-carried", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a scalar that carries a value from one trip of a DO loop around parallel loops to the next",
		Help:    "The scalar statements between parallel loops run on the device, again for every launch, from the kernel's dummies and the loop variables: a scalar set in a DO loop around parallel loops and read in it before it is set in the same trip would need every earlier trip. Compute it from the loop variable (t = t0 + it*dt), or set it at the start of the body; a reduction inside such a loop must be reset in the body (err = 0 before the parallel loop)."})
)
