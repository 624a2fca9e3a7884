package sema

import "github.com/forocl/forocl/diag"

// Codes of the legacy helper's second round (sema/modalloc.go).
var codeModuleAllocBounds = diag.Define(diag.CodeInfo{Code: "module-allocatable-bounds", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
	Summary: "an allocatable module array that a loop kernel uses is taken as allocated from lower bound 1",
	Help:    "A loop kernel takes a module's allocatable array as an assumed-shape array: its extents are sizes bound from the allocated array, and its lower bounds are 1, what allocate(a(n, m)) gives. The Fortran host checks at run time that the array is allocated from lower bound 1 and stops the call with an error otherwise; allocate it with default lower bounds, or pass it to the kernel as an argument."})
