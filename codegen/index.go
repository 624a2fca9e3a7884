package codegen

// indexT is the type of array offsets, global indices and work-item
// positions in the generated OpenCL: int unless the host builds with
// -DFOROCL_INDEX_T=long (Note [index types] in package abi).
const indexT = "FOROCL_INDEX_T"

// indexMacro writes the definition of indexT that a build option may
// override.
func indexMacro(e *emitter) {
	e.line("")
	e.line("// %s: int, or long where a host's run needs 64-bit offsets (built with -D%s=long)", indexT, indexT)
	e.line("#ifndef %s", indexT)
	e.line("#define %s int", indexT)
	e.line("#endif")
}
