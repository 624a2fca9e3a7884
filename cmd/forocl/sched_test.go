package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestInterleaveFlag: --interleave with --coarsen gives a loop nest's
// blocks interleaved along the NDRange's first dimension, in the plan
// dump and in the .cl; without it the same block is consecutive.
func TestInterleaveFlag(t *testing.T) {
	file := filepath.Join(kernelsDir, "saxpy_elemental.f90")
	code, out, errOut := cli(t, "dump", "--stage=regions", "--strategy", "direct", "--coarsen", "4", "--interleave", file)
	if code != 0 || !strings.Contains(out, "4 points per work-item (interleaved along dimension 0)") {
		t.Errorf("--interleave plan: exit %d, %q, stderr %q", code, out, errOut)
	}
	code, out, _ = cli(t, "dump", "--stage=cl", "--strategy", "direct", "--coarsen", "4", "--interleave", file)
	if code != 0 || !strings.Contains(out, "1024*(FOROCL_INDEX_T)get_group_id(0) + 4*(FOROCL_INDEX_T)get_global_offset(0) + (FOROCL_INDEX_T)get_local_id(0)") {
		t.Errorf("--interleave .cl: exit %d:\n%s", code, out)
	}
	code, out, _ = cli(t, "dump", "--stage=regions", "--strategy", "direct", "--coarsen", "4", file)
	if code != 0 || strings.Contains(out, "interleaved") || !strings.Contains(out, "4 points per work-item") {
		t.Errorf("--coarsen 4 alone: exit %d, %q", code, out)
	}
}

// TestAlignFlag: --align starts a halo array's nest at the row's first
// element, in the plan and in the .cl, which masks the points before the
// loop's lower bound.
func TestAlignFlag(t *testing.T) {
	file := filepath.Join("..", "..", "scripts", "bench", "issue25.f90")
	code, out, errOut := cli(t, "dump", "--stage=regions", "--target", "gpu", "--align", file)
	if code != 0 || !strings.Contains(out, "revert25: loop kernel") || !strings.Contains(out, "work-group 128x1, work-items from 2 points before the lower bound (aligned to the row)") {
		t.Errorf("--align plan: exit %d, %q, stderr %q", code, out, errOut)
	}
	code, out, _ = cli(t, "dump", "--stage=cl", "--target", "gpu", "--align", "--kernel", "revert25", file)
	if code != 0 || !strings.Contains(out, "const FOROCL_INDEX_T j = x_min - 2 + (FOROCL_INDEX_T)get_global_id(0);") || !strings.Contains(out, "if (j < x_min || j > x_max || k > y_max)") {
		t.Errorf("--align .cl: exit %d:\n%s", code, out)
	}
}

// TestAlignDefaultOnGPUs: for GPUs a stream nest (revert25) is aligned
// without --align, a real(8) stencil (viscosity25) is not, and
// --no-align turns the default off; --align with --no-align is a usage
// error.
func TestAlignDefaultOnGPUs(t *testing.T) {
	file := filepath.Join("..", "..", "scripts", "bench", "issue25.f90")
	code, out, errOut := cli(t, "dump", "--stage=cl", "--target", "gpu", "--kernel", "revert25", file)
	if code != 0 || !strings.Contains(out, "const FOROCL_INDEX_T j = x_min - 2 + (FOROCL_INDEX_T)get_global_id(0);") {
		t.Errorf("revert25 for GPUs: exit %d, stderr %q:\n%s", code, errOut, out)
	}
	code, out, _ = cli(t, "dump", "--stage=cl", "--target", "gpu", file)
	visc, _, _ := strings.Cut(out[strings.Index(out, "// kernel viscosity25")+1:], "// kernel ")
	if code != 0 || strings.Contains(visc, "fall before the loop's lower bound") || !strings.Contains(visc, "work-group 128x1") {
		t.Errorf("viscosity25 for GPUs is aligned: exit %d:\n%s", code, out)
	}
	code, out, _ = cli(t, "dump", "--stage=cl", "--target", "gpu", "--no-align", "--kernel", "revert25", file)
	if code != 0 || strings.Contains(out, "fall before the loop's lower bound") {
		t.Errorf("--no-align: exit %d:\n%s", code, out)
	}
	code, _, errOut = cli(t, "dump", "--stage=cl", "--target", "gpu", "--align", "--no-align", file)
	if code != 2 || !strings.Contains(errOut, "contradict") {
		t.Errorf("--align --no-align: exit %d, stderr %q", code, errOut)
	}
}
