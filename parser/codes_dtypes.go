package parser

import "github.com/forocl/forocl/diag"

// Codes of derived-type syntax (issue 22).
var (
	codeComponentSubscripts = diag.Define(diag.CodeInfo{
		Code: "component-subscripts", Severity: diag.Error, Stage: "parser", Topic: "Types and kinds",
		Summary: "a component reference has subscripts on both the structure array and its component",
		Help: "forocl passes each component of a derived-type dummy as an array of its own, so p(i)%x and " +
			"s%data(i, j) are accepted; p(i)%v(j), an array component of an array of structures, is not. " +
			"Pass the component as an array dummy of its own.",
	})
)
