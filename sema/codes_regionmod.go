package sema

import "github.com/forocl/forocl/diag"

// Codes of module variables in loop kernels (Note [module variables]).
var (
	codeModuleAllocatable = diag.Define(diag.CodeInfo{Code: "module-allocatable", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a kernel uses a module array that is allocatable, a pointer, or of bounds that are not constant",
		Help:    "A loop kernel takes the module variables it uses as parameters of their declared shape, which hosts check before the first launch. An allocatable or pointer module array has no shape until the program allocates it, and its lower bounds may be anything, so the kernel cannot know where its elements are. Pass the array to the kernel as an argument, or give it constant bounds in its module."})
)
