package parser

import "github.com/forocl/forocl/diag"

// Codes of the checks that keep a misspelt directive from silently making
// no kernel (issue 11).
var (
	codeDirectiveWord = diag.Define(diag.CodeInfo{
		Code: "directive-unknown-word", Severity: diag.Error, Stage: "parser", Topic: "Directives",
		Summary: "a word before \"::\" in an !$OFP directive is not one forocl knows",
		Help: "An !$OFP directive takes the words PURE, KERNEL and CONCURRENT before \"::\". " +
			"Any other word is most likely a typo (\"KERNAL\"), and the directive would silently make no kernel; " +
			"correct the spelling.",
	})
	codeDirectiveNoKernel = diag.Define(diag.CodeInfo{
		Code: "directive-no-kernel", Severity: diag.Warning, Stage: "parser", Topic: "Warnings",
		Summary: "an !$OFP directive has neither KERNEL nor CONCURRENT",
		Help: "Only KERNEL or CONCURRENT makes the named subroutine a kernel; a directive with PURE alone does nothing. " +
			"Add KERNEL: \"!$OFP PURE, KERNEL :: name\".",
	})
)
