package sema

import "github.com/forocl/forocl/diag"

// Codes of derived types (issue 22; Note [derived-type dummies]).
var (
	codeDerivedTypeForm = diag.Define(diag.CodeInfo{
		Code: "derived-type-form", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a derived type forocl cannot take apart into its components",
		Help: "forocl passes a derived-type variable as one variable per component: arrays of structures of numeric " +
			"and logical scalars, and structures whose components are scalars, fixed-size arrays or allocatable arrays. " +
			"Type extension, polymorphic class(T), components of derived, character or pointer type, array components " +
			"of an array of structures and default initial values that Fortran would apply are refused; pass such " +
			"components as dummies of their own.",
	})
	codeDerivedTypeWhole = diag.Define(diag.CodeInfo{
		Code: "derived-type-whole", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a structure is used whole rather than through its components",
		Help: "forocl takes a derived-type variable apart into its components, so a kernel may use p%x and p(i)%x " +
			"but not p itself (assigned, compared or passed to a procedure). Assign or pass the components.",
	})
	codeTypeBoundCall = diag.Define(diag.CodeInfo{
		Code: "type-bound-call", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a type-bound procedure is called in a kernel",
		Help:    "A type-bound call may dispatch on the dynamic type, which a kernel does not have. Call the procedure by its own name.",
	})
	codeComponentRef = diag.Define(diag.CodeInfo{
		Code: "component-ref", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a component reference is subscripted on the wrong part",
		Help: "An element of an array of structures is p(i)%x; an element of an array component of a structure is s%a(i). " +
			"Fortran allows no other placement of the subscripts.",
	})
)
