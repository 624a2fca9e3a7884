package sema

import "github.com/forocl/forocl/diag"

// Codes of WRITE and PRINT in loop kernels (sema/hostwrite.go).
var codeHostWrite = diag.Define(diag.CodeInfo{Code: "host-write", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
	Summary: "a WRITE or PRINT outside the nests of a loop kernel that the host does not run",
	Help:    "The host runs list-directed WRITE(*,*), WRITE(6,*), WRITE(0,*) and PRINT * of scalars and character constants outside a loop kernel's nests, in program order, laid out as gfortran lays them out. A unit that would be a file, a whole array as an item, a format, iostat= or an implied DO are not run: write scalars to * or 0, or write from the program that calls the kernel."})
