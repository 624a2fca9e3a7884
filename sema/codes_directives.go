package sema

import "github.com/forocl/forocl/diag"

// Codes of OpenMP/OpenACC directives inside a nest or outside loop kernels
// (sema/innerdirs.go).
var (
	codeInnerDirective = diag.Define(diag.CodeInfo{Code: "loop-directive-inner", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "an !$omp or !$acc directive inside a parallel loop nest that is not a loop directive",
		Help: "Inside a parallel nest forocl reads loop directives (!$omp simd, !$omp do, !$omp loop, !$acc loop and their end lines): the inner loop runs in parallel where forocl proves it may, else in sequence within the work-item, which keeps its meaning. " +
			"Other directives there (barrier, critical, atomic, ordered, single, master, task, ...) have no translation; rather than drop them, forocl refuses the kernel. Move the work they guard out of the nest."})
	codeDirectiveIgnored = diag.Define(diag.CodeInfo{Code: "directive-ignored", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "an !$omp or !$acc directive in a kernel that is not a loop kernel has no effect",
		Help:    "A region or elemental kernel runs every element in parallel by itself; an OpenMP or OpenACC directive in its body (such as !$omp declare simd) changes nothing, and forocl says so rather than drop it in silence."})
)
