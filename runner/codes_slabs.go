package runner

import (
	"fmt"

	"github.com/forocl/forocl/diag"
)

// Codes of the refusals of runs split into slabs, over devices or MPI
// ranks (issues 20 and 24): a kernel that RunSlabs cannot run exactly, and MPI
// ranks given different arguments.
var (
	codeSlabsUnsupported = diag.Define(diag.CodeInfo{
		Code: "slabs-unsupported", Severity: diag.Error, Stage: "runner", Topic: "Kernels and intents",
		Summary: "a kernel that slabs and MPI ranks cannot run exactly (--slabs, --devices, --mpi)",
		Help: "A grid is split into slabs only for kernels that provably compute each slab as on the whole grid. " +
			"Region kernels: arrays of one grid shape, launches that cover the grid along its last dimension, " +
			"reductions included. Loop kernels (issue 24): the arrays' last upper bound " +
			"holds the split size (y_max in y_min-2:y_max+2), every nest runs one index over the same range up to it, " +
			"and that index appears only as a subscript of the last dimension, plus a constant (writes: the index " +
			"itself), or works on fixed planes at a constant distance from the nests' first or last plane (boundary " +
			"rows, run by the slab at that end); so forocl refuses a gather along the split dimension (a(i, idx(j))), " +
			"a nest that is serial across it, a nest on fixed planes that reduces or takes planes at both ends in one " +
			"statement, a write at j+1 that another slab owns, the index or the split size " +
			"used as a value, an array written but not cut, and host statements that read array elements. So is a " +
			"region reduction whose window along the last dimension does not fit the slab halo (the widest of the " +
			"launches' halos and the reductions' windows, or --slab-halo): a sum, product, count, dot_product or norm2 " +
			"must fold exactly the halo's window, and maxval, minval, any and all a window within it. Run the kernel on " +
			"one device, or leave out a --slab-halo wider than the kernel's.",
	})
	codeMPIArgsDiffer = diag.Define(diag.CodeInfo{
		Code: "mpi-args-differ", Severity: diag.Error, Stage: "runner", Topic: "Kernels and intents",
		Summary: "MPI ranks were given different arguments (--set values, --in arrays, kernel or options)",
		Help: "Every rank of an --mpi run computes one slab of the same job; ranks given different inputs would " +
			"mix their results into one grid. At start the ranks compare a hash of the kernel, its options, the " +
			"scalars and the input arrays, and all of them stop when one differs. Give every rank the same " +
			"command line and the same input files.",
	})
)

// codeError is an error whose message ends in its diagnostic code, as
// the front end's diagnostics do.
type codeError struct {
	code diag.Code
	msg  string
}

func (e *codeError) Error() string { return e.msg + " [" + string(e.code) + "]" }

func codeErrorf(code diag.Code, format string, args ...any) error {
	return &codeError{code: code, msg: fmt.Sprintf(format, args...)}
}
