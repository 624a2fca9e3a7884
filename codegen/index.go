package codegen

import "github.com/forocl/forocl/internal/emit"

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
