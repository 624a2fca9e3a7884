package sema

import "github.com/forocl/forocl/diag"

// Codes of the warnings about code that Fortran forbids or leaves
// undefined but that forocl would otherwise translate silently (issue 20):
// dependences between DO CONCURRENT iterations, and accesses that
// provably leave an array.
var (
	codeConcurrentCarried = diag.Define(diag.CodeInfo{
		Code: "concurrent-dependence", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
		Summary: "an iteration of a DO CONCURRENT touches an element that another iteration writes",
		Help: "DO CONCURRENT promises that its iterations are independent, and forocl runs them in parallel in no order. " +
			"A write a(i) with a read a(i-1) (a recurrence) breaks the promise, so the result is undefined. " +
			"Write the loop as a plain DO (forocl runs a recurrence serially) or read from one array and write another.",
	})
	codeConcurrentUpdate = diag.Define(diag.CodeInfo{
		Code: "concurrent-update", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
		Summary: "a DO CONCURRENT reads and writes an array element through the same computed subscript",
		Help: "h(idx(i)) = h(idx(i)) + 1 in parallel loses updates when two iterations have the same idx(i): both read " +
			"the old value and one write wins (Fortran forbids it in DO CONCURRENT). Count in a plain DO loop, which " +
			"forocl runs serially; if the subscripts never repeat, the result is right.",
	})
	codeOutOfBounds = diag.Define(diag.CodeInfo{
		Code: "out-of-bounds", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
		Summary: "an array access provably leaves the array's declared bounds",
		Help: "A subscript affine in the loop indices, such as a(i-1) with i = 1:n and a declared a(n), reaches an element " +
			"outside the array on some iteration, for every size. forocl, like Fortran without -fcheck=bounds, does not " +
			"check subscripts at run time: the device reads or writes outside the buffer (wrong results or a crash). " +
			"Narrow the loop, guard the access with an if, or declare the array larger.",
	})
)
