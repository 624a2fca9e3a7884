package sema

import "github.com/forocl/forocl/diag"

// Codes of module variables (Note [module variables]) and WHERE (Note
// [WHERE in loop kernels]) in loop kernels.
var (
	codeModuleAllocatable = diag.Define(diag.CodeInfo{Code: "module-allocatable", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a kernel uses a module array that is allocatable, a pointer, or of bounds that are not constant",
		Help:    "A loop kernel takes the module variables it uses as parameters of their declared shape, which hosts check before the first launch. An allocatable or pointer module array has no shape until the program allocates it, and its lower bounds may be anything, so the kernel cannot know where its elements are. Pass the array to the kernel as an argument, or give it constant bounds in its module."})
	codeWhereMaskWritten = diag.Define(diag.CodeInfo{Code: "where-mask-written", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a where construct of a loop kernel assigns an array that its mask reads",
		Help:    "Fortran evaluates a where construct's mask once, before any of its assignments; a loop kernel evaluates it with each assignment, so a later assignment would see the values an earlier one wrote. Compute the mask into a logical array first, or write one where statement per assignment."})
)
