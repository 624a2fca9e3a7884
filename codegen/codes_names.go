package codegen

import "github.com/forocl/forocl/diag"

// Codes of CheckNames (Note [host names] in opencl.go): names that the
// generated OpenCL, Go harness or Fortran host could not compile.
var (
	codeKernelNameTooLong = diag.Define(diag.CodeInfo{Code: "kernel-name-too-long", Severity: diag.Error, Stage: "codegen", Topic: "Directives",
		Summary: "a kernel name is longer than 55 characters",
		Help:    "A kernel's OpenCL kernels are named after it, with suffixes of up to 8 characters (\"_element\", \"_r12\"); OpenCL compilers such as PoCL stop at 63. Shorten the kernel's name."})
	codeHostNameCollision = diag.Define(diag.CodeInfo{Code: "host-name-collision", Severity: diag.Error, Stage: "codegen", Topic: "Directives",
		Summary: "two names would become one name in the generated OpenCL or Go",
		Help:    "Kernels become OpenCL kernels named after them (k, k_1, k_r1, k_element) and Go types (WaveStep, NewWaveStep); dummies become Go parameters (wave_step becomes waveStep). Two names that would meet there could not be compiled: rename one."})
	codeHostNameReserved = diag.Define(diag.CodeInfo{Code: "host-name-reserved", Severity: diag.Error, Stage: "codegen", Topic: "Directives",
		Summary: "a dummy is named as a name the generated Go or Fortran host uses",
		Help:    "The Fortran host module calls intrinsics (int, max, size, product, ...) and uses iso_c_binding kinds (c_float, c_int32_t) inside each procedure, and the Go harness has its own variables (sizeN, resX, xVal); a dummy of that name would hide them, and the generated code would not compile. Rename the dummy."})
)
