package parser

import "github.com/forocl/forocl/diag"

// Codes of continued OpenMP/OpenACC directives and directive sentinels
// (Note [continued directives] in loops.go, Note [fixed form]).
var (
	codeDirectiveContinuation = diag.Define(diag.CodeInfo{Code: "directive-continuation", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "an !$omp or !$acc directive ends with \"&\" but no continuation line follows",
		Help: "A directive line that ends with \"&\" continues on the next line, which must start with the same sentinel: \"!$omp\" (or \"!$omp&\") in free form, " +
			"\"C$OMP&\" (any character but blank or zero in column 6) in fixed form. Add the continuation line or remove the \"&\"; the directive is not cut short in silence."})
	codeDirectiveInStatement = diag.Define(diag.CodeInfo{Code: "directive-in-statement", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "an !$omp or !$acc directive between the lines of a continued statement",
		Help:    "OpenMP and OpenACC directives stand on lines of their own, outside statements; a directive line between a line ending in \"&\" and its continuation would be read as a comment. Move it before the statement."})
	codeDirectiveColumn = diag.Define(diag.CodeInfo{Code: "directive-not-column-1", Severity: diag.Warning, Stage: "parser", Topic: "Warnings",
		Summary: "in fixed form, an !$omp or !$acc sentinel that does not start in column 1 is a comment",
		Help: "The OpenMP and OpenACC specifications put fixed-form sentinels (!$OMP, C$OMP, *$OMP, !$ACC, C$ACC, *$ACC) in column 1; forocl reads an indented one as a comment, " +
			"which is what the warning says. Move the sentinel to column 1 to make it a directive."})
)
