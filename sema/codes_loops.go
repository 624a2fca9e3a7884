package sema

import "github.com/forocl/forocl/diag"

// Codes of the loop-kernel rules (sema/loops.go).
var (
	codeLoopConstruct = diag.Define(diag.CodeInfo{Code: "loop-construct", Severity: diag.Error, Stage: "sema",
		Summary: "a statement or directive of a loop kernel that forocl does not translate",
		Help:    "A loop kernel's body holds parallel loop nests (DO CONCURRENT, or DO nests under !$omp parallel do / !$acc parallel loop) and scalar assignments between them. Move other statements to the host, or write them inside a nest."})
	codeLoopBound = diag.Define(diag.CodeInfo{Code: "loop-bound", Severity: diag.Error, Stage: "sema",
		Summary: "an array bound or parallel loop bound that is not affine in the kernel's integer scalar dummies",
		Help:    "Bounds of arrays and of parallel loops must be integer constants plus integer multiples of integer scalar dummies, such as x_min-2 or x_max+3, so that hosts can size buffers and launches."})
	codeLoopSubscript = diag.Define(diag.CodeInfo{Code: "loop-subscript", Severity: diag.Error, Stage: "sema",
		Summary: "an array subscript that is not affine in the loop indices",
		Help:    "Subscripts must be integer constants plus integer multiples of loop indices and integer scalars, such as j+1, 2*j-1 or x_min-j. Gathers through index arrays and products of variables are not translated."})
	codeLoopInPlace = diag.Define(diag.CodeInfo{Code: "loop-in-place", Severity: diag.Error, Stage: "sema",
		Summary: "an iteration of a parallel loop may read an element that another iteration writes",
		Help:    "In-place updates are accepted when every access of a written array uses the same subscripts as the write. Otherwise write the result into a second array (double buffering) and swap the arrays on the host."})
	codeLoopIntent = diag.Define(diag.CodeInfo{Code: "loop-intent", Severity: diag.Error, Stage: "sema",
		Summary: "a loop kernel writes a dummy declared intent(in), or a scalar dummy",
		Help:    "Declare the array intent(out) or intent(inout), or leave the intent out and forocl infers it from use. Scalar dummies are values: copy them into a local to change them."})
)
