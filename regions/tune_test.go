package regions_test

import (
	"testing"

	"github.com/forocl/forocl/regions"
)

// TestTuneCandidates: a stream nest on a GPU (aligned by default) gets the
// default, no-align, one point and four points in 128x1 groups; a 1-D
// nest's four points are interleaved in groups of 256; a kernel that
// reduces (a dot product, a sum that also copies) gets the default alone.
func TestTuneCandidates(t *testing.T) {
	gpu := regions.Target{Type: "GPU"}
	names := func(src string) []regions.Candidate {
		p := program(t, src)
		plan, diags := regions.Schedule(p, gpu, regions.Tuned())
		if diags.HasErrors() {
			t.Fatal(diags.String(nil))
		}
		return regions.TuneCandidates(plan, p.Kernels[0], regions.Tuned())
	}
	c := names(alignSrc)
	want := []string{"default", "no-align", "one point, work-group 128x1", "4 points, work-group 128x1"}
	if len(c) != len(want) {
		t.Fatalf("stream: %d candidates; want %v", len(c), want)
	}
	for i, w := range want {
		if c[i].Name != w {
			t.Errorf("stream: candidate %d is %q; want %q", i, c[i].Name, w)
		}
	}
	if !c[1].Options.NoAlign || c[2].Options.Coarsen[0] != 1 || c[3].Options.Coarsen[0] != 4 || c[3].Options.Interleave {
		t.Errorf("stream: candidates' options %+v", c)
	}
	if c := names(copy1Src); len(c) != 4 || c[1].Name != "align" || !c[3].Options.Interleave || regions.DimString(c[3].Options.Tile) != "256" {
		t.Errorf("1-D copy: candidates %+v; want align second and 4 interleaved points in groups of 256 last", c)
	}
	for _, src := range []string{dotSrc, sumCopySrc} {
		if c := names(src); len(c) != 1 {
			t.Errorf("a reduction has %d candidates; want the default alone", len(c))
		}
	}
}
