package sema

import "github.com/forocl/forocl/diag"

// The codes of reductions in kernels (reduce.go).
var (
	codeReductionInScalarCode = diag.Define(diag.CodeInfo{Code: "reduction-in-elemental", Severity: diag.Error, Stage: "sema", Topic: "Reductions",
		Summary: "a reduction (sum, maxval, ...) inside an elemental subroutine or function",
		Help:    "Elemental code runs once per element and sees one element of each array; a reduction needs the whole array. Reduce in a kernel, over array expressions or region_cpy windows, and pass the value in as a scalar."})
	codeReductionInBranch = diag.Define(diag.CodeInfo{Code: "reduction-in-branch", Severity: diag.Error, Stage: "sema", Topic: "Reductions",
		Summary: "a reduction inside an if or where block",
		Help:    "forocl splits a kernel into launches at each reduction, so a reduction's value must be known before the statements that use it run; inside an if block or a where block that would depend on the branch or the mask. Compute the reduction into a scalar before the block and use the scalar inside."})
	codeReductionDim = diag.Define(diag.CodeInfo{Code: "reduction-dim", Severity: diag.Error, Stage: "sema", Topic: "Reductions",
		Summary: "a reduction with dim= is not supported",
		Help:    "forocl reduces a whole array expression to one scalar. A reduction along one dimension gives an array; write it as array syntax over the other dimensions instead."})
	codeReductionArgument = diag.Define(diag.CodeInfo{Code: "reduction-argument", Severity: diag.Error, Stage: "sema", Topic: "Reductions",
		Summary: "a reduction's arguments are not what it takes",
		Help:    "sum, product, maxval and minval take a numeric array expression and an optional logical mask=; count, any and all a logical one; dot_product two numeric ones; norm2 a real one. The arguments must be arrays (whole arrays, region_cpy windows, or expressions of them) of one shape. In a loop kernel a reduction takes its one array expression alone (dot_product its two), without mask= or other keywords: write a masked reduction as a loop with a reduction clause."})
	codeReductionCrossing = diag.Define(diag.CodeInfo{Code: "reduction-crossing", Severity: diag.Error, Stage: "sema", Topic: "Reductions",
		Summary: "a value is set before a reduction and read after it where forocl cannot carry it",
		Help:    "forocl runs a kernel with reductions as several launches, split after each reduction. Scalars set by plain assignments are computed again in every launch, but a temporary array, or a scalar set inside an if block, would be lost between launches. Compute it after the reduction, or set the scalar outside if blocks."})
	codeReductionReturn = diag.Define(diag.CodeInfo{Code: "reduction-return", Severity: diag.Error, Stage: "sema", Topic: "Reductions",
		Summary: "return in a kernel with reductions or scalar results",
		Help:    "Such a kernel runs as several launches; a return in one of them could not stop the others. Put the statements after it in an if block instead."})
	codeLocArgument = diag.Define(diag.CodeInfo{Code: "maxloc-argument", Severity: diag.Error, Stage: "sema", Topic: "Reductions",
		Summary: "maxloc or minloc with back= or kind=",
		Help:    "forocl's maxloc and minloc give the first position of the extreme value (back=.false.) as default integers. Remove back= and kind=."})
	codeLocArray = diag.Define(diag.CodeInfo{Code: "maxloc-array", Severity: diag.Error, Stage: "sema", Topic: "Reductions",
		Summary: "maxloc or minloc without dim= where its array of positions cannot go",
		Help:    "Without dim=, maxloc and minloc give an integer array with one position per dimension of their argument. forocl takes it only as the whole right-hand side of an assignment to an integer array of that many elements: an intent(out) dummy such as \"integer, intent(out) :: loc(2)\" (a result of the kernel) or a local \"integer :: loc(2)\" whose elements later statements read. Over a rank-1 array, maxloc(a, dim=1) is a scalar that can be used anywhere."})
	codeFixedSubscript = diag.Define(diag.CodeInfo{Code: "fixed-array-subscript", Severity: diag.Error, Stage: "sema", Topic: "Reductions",
		Summary: "an element of a position array (such as loc(2)) with a subscript that is not a constant in range",
		Help:    "A small integer array that maxloc or minloc assigns, or an intent(out) dummy of fixed size, lives in registers: each reference names one element with a constant subscript from 1 to its size."})
)
