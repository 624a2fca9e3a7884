package codegen

import (
	"github.com/forocl/forocl/internal/emit"
	"github.com/forocl/forocl/ir"
)

// indexT is the type of array offsets, global indices and work-item
// positions in the generated OpenCL: int unless the host builds with
// -DFOROCL_INDEX_T=long (Note [index types] in package abi).
const indexT = "FOROCL_INDEX_T"

// indexMacro writes the definition of indexT that a build option may
// override.
func indexMacro(e *emit.Writer) {
	e.Line("")
	e.Line("// %s: int, or long where a host's run needs 64-bit offsets (built with -D%s=long)", indexT, indexT)
	e.Line("#ifndef %s", indexT)
	e.Line("#define %s int", indexT)
	e.Line("#endif")
}

// indexDecl is the C type a nest index is declared with: long for an
// integer(8) index, whose products with other indices Fortran takes in 64
// bits (Note [64-bit integers in loop kernels] in package sema), else
// indexT. Its launch counts positions in indexT either way.
func indexDecl(v *ir.Var) string {
	if v.Kind == ir.Long {
		return ctype(v.Kind)
	}
	return indexT
}
