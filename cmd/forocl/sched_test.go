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
	if code != 0 || !strings.Contains(out, "1024*(FOROCL_INDEX_T)get_group_id(0) + (FOROCL_INDEX_T)get_local_id(0)") {
		t.Errorf("--interleave .cl: exit %d:\n%s", code, out)
	}
	code, out, _ = cli(t, "dump", "--stage=regions", "--strategy", "direct", "--coarsen", "4", file)
	if code != 0 || strings.Contains(out, "interleaved") || !strings.Contains(out, "4 points per work-item") {
		t.Errorf("--coarsen 4 alone: exit %d, %q", code, out)
	}
}
