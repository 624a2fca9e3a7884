package sema

import "github.com/forocl/forocl/diag"

// Codes of EOSHIFT and CSHIFT in array assignments (Note [shifts]).
var codeShiftArgument = diag.Define(diag.CodeInfo{Code: "shift-argument", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
	Summary: "an EOSHIFT or CSHIFT argument forocl does not translate",
	Help:    "EOSHIFT(ARRAY, SHIFT, BOUNDARY, DIM) and CSHIFT(ARRAY, SHIFT, DIM) are translated in array assignments of loop kernels, with SHIFT a scalar integer affine in integer scalars (a constant, a dummy), BOUNDARY a scalar and DIM a constant. An array SHIFT or BOUNDARY (one per row or column), a DIM that is not a constant, and a second shift along the same dimension inside the first are not: assign the inner shift to an array first, or write the loop."})
