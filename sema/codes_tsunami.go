package sema

import "github.com/forocl/forocl/diag"

// Codes of the modern-fortran/tsunami survey (issue 22).
var codeCoarray = diag.Define(diag.CodeInfo{
	Code: "coarray-unsupported", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
	Summary: "a coarray intrinsic or statement in a kernel",
	Help: "A kernel runs as one program over the device's work-items, which are no Fortran images: this_image(), " +
		"num_images(), co_sum and the other collectives, and SYNC, CRITICAL, EVENT and LOCK statements have no " +
		"meaning there. Compute a tile's bounds or neighbours outside the kernel and pass them as dummies; keep the " +
		"exchange between images in the program that calls the kernel.",
})
