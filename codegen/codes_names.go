package codegen

import "github.com/forocl/forocl/diag"

// Codes of CheckNames (Note [host names] in opencl.go): names that the
// generated OpenCL could not compile.
var (
	codeKernelNameTooLong = diag.Define(diag.CodeInfo{Code: "kernel-name-too-long", Severity: diag.Error, Stage: "codegen", Topic: "Directives",
		Summary: "a kernel name is longer than 55 characters",
		Help:    "A kernel's OpenCL kernels are named after it, with suffixes of up to 8 characters (\"_element\", \"_r12\"); OpenCL compilers such as PoCL stop at 63. Shorten the kernel's name."})
	codeHostNameCollision = diag.Define(diag.CodeInfo{Code: "host-name-collision", Severity: diag.Error, Stage: "codegen", Topic: "Directives",
		Summary: "two names would become one OpenCL kernel",
		Help:    "A kernel becomes OpenCL kernels named after it (k, k_1, k_r1, k_element); a kernel or function of the same file named as one of those could not be compiled: rename one."})
)
