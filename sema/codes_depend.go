package sema

import "github.com/forocl/forocl/diag"

// Codes of the dependence analysis (package depend; sema/depend.go
// decides). It retired loop-in-place, loop-write-conflict and
// loop-computed-write: a nest it cannot prove parallel now runs serially
// with loop-serial.
var codeLoopSerial = diag.Define(diag.CodeInfo{Code: "loop-serial", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
	Summary: "a loop nest that forocl cannot prove parallel runs serially, on one work-item",
	Help:    "forocl runs a nest in parallel only when it proves the iterations independent: every write gives each iteration its own element (every parallel index owns a dimension, or a linearised subscript such as off + j + (k-1)*n is one-to-one), no iteration reads what another writes, and no scalar carries a value from one iteration to the next (a running sum, a recurrence). When the proof holds only under a condition on the sizes (x_min - 1 >= 0 for a packed row), the host tests it at each launch: the nest runs in parallel when it holds and in order otherwise, and the warning names it. Otherwise the nest runs as written, in order, on one work-item, so the results are gfortran's serial ones but the GPU is idle. This holds for !$omp and !$acc loops too: their directive asserts independence, but forocl keeps the serial answer when it cannot prove it (DO CONCURRENT alone is trusted). To make a nest parallel, subscript each write with every parallel index, write an update in place into a second array (double buffering), or, if the iterations are independent, write the loop as DO CONCURRENT; for a time loop around nests, mark the inner nests; bounds that depend on an outer loop, or a step that is not an integer literal on an inner loop, keep that loop and those inside it in order (a literal step such as 2 or -3 is parallel: the nest covers the range and skips the values off the stride; a variable step on the outermost loop is parallel too, one work-item per iteration, the host checking that the step is not 0)."})
