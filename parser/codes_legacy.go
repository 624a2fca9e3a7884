package parser

import "github.com/forocl/forocl/diag"

// Codes of F77 idioms (labelled DO, Note [labelled DO]) and of directives
// read for legacy code.
var (
	codeDoLabelEnd = diag.Define(diag.CodeInfo{Code: "do-label-end", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "a labelled DO ends with a statement that cannot end a DO loop",
		Help:    "\"do 10 i = 1, n\" runs through the statement labelled 10, which may be CONTINUE, END DO or an action statement such as an assignment, a CALL or a logical IF; RETURN, STOP, GO TO, CYCLE, EXIT, another DO, a block IF and END cannot end it (gfortran refuses them too). End the loop with \"10 continue\"."})
)
