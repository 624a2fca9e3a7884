package sema

import "github.com/forocl/forocl/diag"

// Codes of FORALL in loop kernels (sema/forall.go).
var (
	codeForallBody = diag.Define(diag.CodeInfo{Code: "forall-body", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a statement that Fortran does not allow in a FORALL construct, or a FORALL outside a kernel's top level",
		Help:    "A FORALL construct holds assignments, nested FORALL statements and constructs, and WHERE statements and constructs; nothing else (no IF, DO, CALL or scalar assignment). A FORALL is a kernel's parallel statement: write it at the top level of the kernel (or inside an IF or sequential DO there), not inside a DO loop nest or a function."})
	codeForallManyToOne = diag.Define(diag.CodeInfo{Code: "forall-many-to-one", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a FORALL assignment that assigns one element for several index values",
		Help:    "Fortran requires each assignment of a FORALL to assign each element at most once over its active index values; forall (i = 1:n) a(1) = b(i) is not Fortran, and compilers need not detect it. forocl refuses an assignment whose left-hand side does not use every index of the FORALL. Use a reduction (a(1) = sum(b(1:n))) or a DO loop if the last value is meant."})
	codeForallImpure = diag.Define(diag.CodeInfo{Code: "forall-impure", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a FORALL that references a function not declared pure",
		Help:    "Fortran requires every procedure a FORALL references, in its mask or its assignments, to be pure, because the order in which the index values are taken is not defined. Declare the function pure (or elemental) once it has no side effects."})
	codeForallMaskWritten = diag.Define(diag.CodeInfo{Code: "forall-mask-written", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a FORALL construct whose mask reads an array that an assignment before its last one writes",
		Help:    "Fortran evaluates a FORALL construct's mask once, before the first assignment, and every assignment uses those values. forocl evaluates the mask again in each assignment's parallel loop, which gives Fortran's answer only when no earlier assignment of the construct writes what the mask reads. Compute the mask into a logical array first, or split the construct into FORALL statements of their own."})
	codeForallUnproven = diag.Define(diag.CodeInfo{Code: "forall-unproven", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
		Summary: "a FORALL assignment that forocl cannot prove assigns each element once, run in parallel as Fortran's rule says",
		Help:    "Fortran requires a FORALL assignment to assign each element at most once, so a scatter such as forall (i = 1:n) a(idx(i)) = b(i) is valid only when idx holds distinct values. When forocl cannot prove it and the assignment reads nothing of the array it writes, it trusts the rule and runs the assignment in parallel, with this warning; if idx repeats a value, which element wins is not defined (as in Fortran). Where the assignment also reads the array it writes, this is forall-overlap."})
	codeForallOverlap = diag.Define(diag.CodeInfo{Code: "forall-overlap", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a FORALL assignment whose right-hand side reads elements it writes, which forocl cannot lower through a temporary here",
		Help:    "Fortran evaluates a FORALL assignment's right-hand side and subscripts for every index value before it assigns any element, so forall (i = 2:n-1) a(i) = a(i-1) + a(i+1) reads only old values. forocl computes such an assignment into a temporary array on the device and copies it in with a second parallel loop; both loops must be proven parallel: the left-hand side must give each index value elements of its own, and a mask must not read the array written at other elements. Otherwise assign to a second array (double buffering)."})
)
