package regions_test

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/regions"
)

// TestLocalMemWarnNamesTile: the local-memory warning of a kernel that
// runs as several launches names the work-group of the launch that needs
// the memory, not an empty one.
func TestLocalMemWarnNamesTile(t *testing.T) {
	p := check(t, "../testdata/kernels/reductions.f90")
	_, diags := regions.Schedule(p, regions.Target{}, regions.Options{Strategy: regions.Local, Tile: []int{128, 128}})
	warned := 0
	for _, d := range diags.Items {
		if strings.Contains(d.Msg, "KiB of local memory") {
			warned++
			if !strings.Contains(d.Msg, "with tile 128x128;") {
				t.Errorf("the warning does not name the launch's work-group: %s", d.Msg)
			}
		}
	}
	if warned == 0 {
		t.Fatal("no kernel of reductions.f90 warned: the test checks nothing")
	}
}
