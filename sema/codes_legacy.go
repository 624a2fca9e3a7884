package sema

import "github.com/forocl/forocl/diag"

// Codes of legacy idioms in loop kernels: RETURN (Note [return in loop
// kernels]) and directives read as legacy code writes them.
var (
	codeReturnInLoop = diag.Define(diag.CodeInfo{Code: "return-in-loop", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "RETURN inside a DO loop of a loop kernel",
		Help:    "At the top level of a loop kernel, and in IFs there, RETURN ends the procedure: the nests after it do not run. Inside a DO loop (a parallel nest, or a sequential loop around nests) it would leave the loop early, which no OpenMP or OpenACC loop allows and a launch cannot do. Set a flag and test it, or return after the loop."})
)
