package sema

import "github.com/forocl/forocl/diag"

// Codes of legacy idioms in loop kernels: RETURN (Note [return in loop
// kernels]) and directives read as legacy code writes them.
var (
	codeReturnInLoop = diag.Define(diag.CodeInfo{Code: "return-in-loop", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "RETURN inside a DO loop of a loop kernel",
		Help:    "At the top level of a loop kernel, and in IFs there, RETURN ends the procedure: the nests after it do not run. Inside a DO loop (a parallel nest, or a sequential loop around nests) it would leave the loop early, which no OpenMP or OpenACC loop allows and a launch cannot do. Set a flag and test it, or return after the loop."})
	codeDirectiveClauseIgnored = diag.Define(diag.CodeInfo{Code: "directive-clause-ignored", Severity: diag.Warning, Stage: "sema", Topic: "Loop kernels",
		Summary: "an !$omp or !$acc clause or data directive that does not change what a loop kernel computes",
		Help:    "Clauses that say how to run a loop (schedule, num_threads, if, num_teams, thread_limit, device, num_gangs, vector_length, async, independent, default) or where its data lives (map, copy, copyin, copyout, create, present), and data directives (!$omp target enter data, target update, !$acc enter data, update, declare), do not change the results: forocl chooses how the loop runs and moves the kernel's data itself. Each is named in a warning rather than dropped in silence."})
)
