package main

import (
	"os"
	"strings"
	"testing"
)

// forocl run: a --grid next to every input is run on the inputs with a
// warning; an .npz input and a comma-separated grid are refused with what
// to do instead.
func TestRunNumpyFriction(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	code, _, stderr := cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--grid", "8x8")...)
	if code != 0 || !strings.Contains(stderr, "forocl: warning: --grid 8x8 is ignored: every input array was given with --in") {
		t.Errorf("ignored grid: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = cli(t, fx.args("--set", "h=0.5", "--grid", "100,30")...)
	if code != 2 || !strings.Contains(stderr, `separate the extents with "x": --grid 100x30`) {
		t.Errorf("--grid 100,30: exit %d, stderr %q", code, stderr)
	}
	npz := fx.path("arrays.npz")
	if err := os.WriteFile(npz, []byte("PK\x03\x04\x14\x00\x00\x00 a zip archive"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = cli(t, fx.args("--set", "h=0.5", "--in", "A="+npz, "--in", "F="+fx.f)...)
	if code == 0 || !strings.Contains(stderr, "an .npz archive; save each array as .npy") {
		t.Errorf(".npz: exit %d, stderr %q", code, stderr)
	}
}
