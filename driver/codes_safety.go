package driver

import "github.com/forocl/forocl/diag"

// Codes of the checks on input files (issue 11): what forocl refuses to
// read, and a set of files that holds no kernel.
var (
	codeNotRegular = diag.Define(diag.CodeInfo{
		Code: "input-not-regular", Severity: diag.Error, Stage: "driver", Topic: "Files",
		Summary: "an input is not a regular file (a directory, a device, a pipe)",
		Help:    "forocl reads source files; a device such as /dev/zero would be read without end. Give the path of a .f90 file.",
	})
	codeTooLarge = diag.Define(diag.CodeInfo{
		Code: "input-too-large", Severity: diag.Error, Stage: "driver", Topic: "Files",
		Summary: "an input is larger than forocl reads (16 MiB)",
		Help: "Kernel sources are small; a file this large is almost certainly not the one meant, and reading it would " +
			"use memory without bound. Give the Fortran file that holds the kernels.",
	})
	codeNoKernels = diag.Define(diag.CodeInfo{
		Code: "no-kernels", Severity: diag.Warning, Stage: "driver", Topic: "Warnings",
		Summary: "the files define no kernel (forocl check)",
		Help: "A kernel is a subroutine named by \"!$OFP PURE, KERNEL :: name\" or a pure elemental subroutine. " +
			"A misspelt or missing directive leaves a file without kernels; check warns and build and run stop.",
	})
	codeNoKernelsToBuild = diag.Define(diag.CodeInfo{
		Code: "no-kernels-to-build", Severity: diag.Error, Stage: "driver", Topic: "Directives",
		Summary: "the files define no kernel, so forocl build or run has nothing to do",
		Help: "build writes one .cl per file with kernels and run launches the kernel named by --kernel; with no kernel " +
			"they would silently do nothing. Add \"!$OFP PURE, KERNEL :: name\" to the subroutine.",
	})
)

// MaxSourceBytes is the largest source file forocl reads (16 MiB).
const MaxSourceBytes = 16 << 20
