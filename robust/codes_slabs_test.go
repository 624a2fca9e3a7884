package robust

// The runner's codes refuse runs, not sources: linking runner lists them
// in docs/errors.md (forocl explain points there), without an example.
import _ "github.com/forocl/forocl/runner"

func init() {
	noExample["slabs-unsupported"] = "it refuses a run split into slabs (forocl run --slabs, --devices or --mpi, runner.RunSlabs), not a source; runner's TestCheckSlabsRefuses and TestCheckSlabsReductionWindows and cmd/forocl's TestRunSlabsLoopKernels and TestRunSlabsReductionWindows cover it"
	noExample["grid-needs-sizes"] = "it refuses a run (forocl run --grid on a staggered kernel without its sizes), not a source; cmd/forocl's TestGridStaggeredSuggestsSizes and TestRunGridMixedRanks cover it"
	noExample["mpi-args-differ"] = "it needs MPI ranks started with different arguments; runner's TestSameArgs and cmd/forocl's TestRunMPIArgsDiffer cover it"
}
