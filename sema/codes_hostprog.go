package sema

import "github.com/forocl/forocl/diag"

// Codes of host variables (sema/hostvars.go, Note [host program] in
// package abi).
var codeHostVar = diag.Define(diag.CodeInfo{Code: "host-var", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
	Summary: "a local in a parallel loop's bounds that the host cannot compute before the launch",
	Help:    "A parallel loop's bounds may use integer locals (host variables, such as x_inc in DO k = y_min, y_max+x_inc) when the host can compute them before the launch: every assignment to them is at the top level of the kernel, outside parallel nests and host loops, possibly under IF blocks, and reads only constants, integer and logical scalar dummies and other such locals, through + - * /, MOD, MIN, MAX, ABS, comparisons and .and./.or./.not. A local may also come from the device (a nest's reduction, the last value of a serial nest's variable, or what is computed from them): the host reads it back and sizes the launch when it reaches it (a launch that reduces too: its partial results are counted then). Assign the local that way, or use a dummy."})
