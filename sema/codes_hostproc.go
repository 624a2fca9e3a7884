package sema

import "github.com/forocl/forocl/diag"

// Codes of the host procedure of loop kernels (sema/hostproc.go).
var codeHostExpr = diag.Define(diag.CodeInfo{Code: "host-expr", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
	Summary: "a scalar statement outside the parallel loops uses an operation the host does not evaluate exactly",
	Help: "The host runs a loop kernel's statements outside its parallel loops, with gfortran's results: +, -, *, /, " +
		"** by an integer (of a real: a constant from -4 to 4), abs, min, max, mod, modulo, sign, sqrt, int, nint, real, " +
		"dble, merge, comparisons and logical operators, on scalars. Other intrinsics (exp, sin, ...) and array elements " +
		"are not evaluated there: compute the value inside a parallel loop, or pass it as a dummy."})
