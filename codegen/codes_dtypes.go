package codegen

import "github.com/forocl/forocl/diag"

// Codes of component names (Note [component names] in package abi).
var codeComponentName = diag.Define(diag.CodeInfo{Code: "component-name", Severity: diag.Error, Stage: "codegen", Topic: "Types and kinds",
	Summary: "a component of a derived-type dummy has a name generated code cannot spell",
	Help:    "A component p%x is spelled p__x_ in the generated OpenCL and hosts; a structure or component name with \"__\" in it or \"_\" at its end, or another name of the kernel spelled so, would make two names one. Rename the component or the other name."})
