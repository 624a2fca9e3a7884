package sema

import "github.com/forocl/forocl/diag"

// Codes of the legacy helper's second round (sema/modalloc.go).
var codeModuleAllocBounds = diag.Define(diag.CodeInfo{Code: "module-allocatable-bounds", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
	Summary: "an allocatable module array that a loop kernel uses is taken as allocated from lower bound 1",
	Help:    "A loop kernel takes a module's allocatable array as an assumed-shape array: its extents are sizes bound from the allocated array, and its lower bounds are 1, what allocate(a(n, m)) gives. The Fortran host checks at run time that the array is allocated from lower bound 1 and stops the call with an error otherwise; allocate it with default lower bounds, or pass it to the kernel as an argument."})

var codeAssociateSelector = diag.Define(diag.CodeInfo{Code: "associate-selector", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
	Summary: "an ASSOCIATE block of a kernel that forocl cannot write out",
	Help:    "forocl writes each selector of an ASSOCIATE block in place of its name (associate (ims => lbound(u, dim=1)) then u(ims, :) = 0). That keeps Fortran's meaning when the selector's value cannot change in the block: a selector that reads a variable the block assigns (other than the array of lbound, ubound, size or shape), a name used in a statement other than assignments, IFs, DO loops and WHERE, or with a subscript, or an ASSOCIATE whose list is not name => selector pairs is refused. Assign the selector to a variable before the block, or write the selector itself."})

var codeVectorSubscript = diag.Define(diag.CodeInfo{Code: "vector-subscript", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
	Summary: "an assignment to a vector subscript that forocl cannot split into one assignment per element",
	Help:    "A top-level array assignment whose left-hand side has one vector subscript written as an array constructor of scalars, u([1, n], :) = 0, is one assignment per element of the constructor, the right-hand side's sections taking their own constructor's element in the same dimension; one that reads the assigned array goes through a temporary. Two vector subscripts on the left, a right-hand side of another shape, or single elements that read their own array are refused: write one assignment per element."})
