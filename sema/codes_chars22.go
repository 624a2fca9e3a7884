package sema

import "github.com/forocl/forocl/diag"

// Codes of character scalars and components, host values of the host
// procedure (Note [host characters] in ir/chars.go).
var (
	codeHostCharacter = diag.Define(diag.CodeInfo{
		Code: "host-character", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a character dummy or component is used other than in an assignment at the kernel's top level",
		Help: "A character scalar dummy, or a character component of a structure dummy, is a host value: the host " +
			"runs its assignments (a = b, a = 'text', a = b // 'text') at the top level of the kernel, outside " +
			"its loops and IFs. The device holds no strings, so a character read in a loop nest, an IF condition, " +
			"a call or any expression but such an assignment has no translation: compute it where the kernel is " +
			"called and pass a number or logical instead.",
	})
	codeHostCharacterIntent = diag.Define(diag.CodeInfo{
		Code: "host-character-intent", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a kernel assigns an intent(in) character dummy or component",
		Help: "Fortran forbids assigning an intent(in) dummy or a component of one. Declare the dummy intent(inout) " +
			"or intent(out).",
	})
)
