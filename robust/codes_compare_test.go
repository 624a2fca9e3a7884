package robust

// The oracle's codes refuse forocl compare runs, not sources: linking
// internal/oracle lists them in docs/errors.md (forocl explain points
// there), without an example.
import _ "github.com/forocl/forocl/internal/oracle"

func init() {
	noExample["gfortran-missing"] = "it needs a machine without gfortran on PATH; cmd/forocl's TestCompareUsageErrors covers it"
	noExample["module-source-missing"] = "it refuses a forocl compare run whose files use a module no -I folder holds, not a source; cmd/forocl's TestCompareNeedsModuleSource covers it"
}
