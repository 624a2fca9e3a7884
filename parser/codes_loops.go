package parser

import "github.com/forocl/forocl/diag"

// Codes of DO constructs and OpenMP/OpenACC lines (loops.go).
var (
	codeDoSyntax = diag.Define(diag.CodeInfo{Code: "do-syntax", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "a DO or DO CONCURRENT statement that does not parse",
		Help:    "A counted loop is \"do i = first, last[, step]\"; DO CONCURRENT is \"do concurrent (i = first:last[:step], ...[, mask])\" followed by locality specifiers local(...), local_init(...), shared(...) or default(none)."})
	codeLoopDirectiveSyntax = diag.Define(diag.CodeInfo{Code: "loop-directive-syntax", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "an !$omp or !$acc directive line whose clause argument is not closed",
		Help:    "forocl reads OpenMP and OpenACC directive lines to find the loops they make parallel; a clause such as private(j, v) must close its parentheses on the line or on a continuation line that starts with the same sentinel."})
)
