package sema

import "github.com/forocl/forocl/diag"

// Codes of the checks on the flags that name kernels (issue 20).
var codeKernelFlagUnknown = diag.Define(diag.CodeInfo{
	Code: "kernel-flag-unknown", Severity: diag.Error, Stage: "sema", Topic: "Directives",
	Summary: "--kernel names no subroutine of the files",
	Help: "forocl check, build, dump and run compile the subroutine that --kernel NAME names as a kernel; a misspelt " +
		"name would silently compile nothing, or only the other kernels. Give the name of a subroutine in the files " +
		"(case does not matter).",
})
