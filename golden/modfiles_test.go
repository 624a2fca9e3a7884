package golden

import (
	"testing"

	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/cltest"
)

// TestNumericModuleInOtherFile runs the kernels of
// testdata/modfiles/relax_fields.f90, which use the named constants and
// the arrays and scalars of module fields_data from another file found
// with -I (Note [module variables] in sema/modvars.go), in the numeric
// tier: every variant on the device against gfortran's serial run, the
// oracle compiling the module's file first and setting its variables
// through use.
func TestNumericModuleInOtherFile(t *testing.T) {
	cltest.Gfortran(t)
	c := device(t)
	f := "../testdata/modfiles/relax_fields.f90"
	comp := compileWith(t, f, driver.Options{IncludeDirs: []string{"../testdata/modfiles/lib"}})
	if len(comp.sources) != 3 {
		t.Fatalf("oracle sources %v; want the regions module, fields_data.f90 and the file", comp.sources)
	}
	numericCompiled(t, c, f, comp)
}
