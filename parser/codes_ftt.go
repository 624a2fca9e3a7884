package parser

import "github.com/forocl/forocl/diag"

// Codes of the OpenFortranProject/ftt-research survey (issue 22).
var (
	codeDirectiveLOPe = diag.Define(diag.CodeInfo{
		Code: "directive-lope", Severity: diag.Error, Stage: "parser", Topic: "Directives",
		Summary: "an !$OFP directive of the LOPe dialect (HALO, EXTEND, ALLOCATE) is not supported",
		Help: "LOPe, a later dialect of the ForOpenCL project, declares halos with !$OFP HALO(...), EXTEND and ALLOCATE " +
			"directives: a procedure then runs once per array element and reaches its neighbours through subscripts " +
			"beyond the declared bounds. Fortran (and gfortran, which reads the directive as a comment) runs it once, " +
			"so forocl cannot keep both meanings and refuses the directive. The ForOpenCL paper's own directive is " +
			"!$OFP PURE, KERNEL :: name; write the halo into the array's bounds and the per-element work as a loop " +
			"or array syntax over the interior, or use region_cpy and region_ptr.",
	})
)
