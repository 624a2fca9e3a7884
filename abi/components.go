package abi

import "strings"

// Note [component names]
// ~~~~~~~~~~~~~~~~~~~~~~
// A component of a derived-type dummy is a parameter of its own named
// "p%x" (Note [derived-type dummies] in package sema): forocl run binds
// it by that name (--in p%x=file.npy, --set s%n=8), and the ABI keeps
// it. Generated code spells it ComponentIdent("p%x") = "p__x_": the parts
// joined by "__", and one "_" after. codegen.CheckNames refuses a
// component whose parts contain "__" or end with "_", and a kernel with
// another name spelled so (or so less the last "_"), so the spelling is
// one-to-one on a kernel's names in OpenCL C, where ordinary names that
// end with "_" get one more and reserved words get one, neither of which
// can end in "x_" for a part x without "__".

// ComponentIdent is the identifier generated code spells component name
// (which has "%" in it) with; see Note [component names].
func ComponentIdent(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, "%", "__")) + "_"
}

// IsComponent reports whether name is a component of a derived-type dummy.
func IsComponent(name string) bool { return strings.Contains(name, "%") }
