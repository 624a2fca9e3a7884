package main

import (
	"encoding/json"
	"image/png"
	"os"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/forocl/forocl/clhost"
)

// TestStrategyErrorListsValues: a bad --strategy names every value the
// flag takes, as a usage error.
func TestStrategyErrorListsValues(t *testing.T) {
	for _, cmd := range []string{"build", "dump"} {
		args := []string{cmd, "--strategy", "tiled", "-I", regionsDir, kernelsDir + "/jacobi5.f90"}
		if cmd == "build" {
			args = append(args, "-o", t.TempDir())
		} else {
			args = append(args, "--stage", "cl")
		}
		code, _, stderr := cli(t, args...)
		if code != 2 || !strings.Contains(stderr, `--strategy "tiled": want one of auto, local, direct`) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and every strategy listed", cmd, code, stderr)
		}
	}
}

// TestVersion: --version names the compiler version, the module version
// and the VCS commit (or says it is unknown).
func TestVersion(t *testing.T) {
	code, stdout, _ := cli(t, "--version")
	if code != 0 || !regexpMatch(`^forocl version \S+ \(module \S+, commit \S+\)\n$`, stdout) {
		t.Errorf("--version: exit %d, %q", code, stdout)
	}
	info := &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"}}}
	if got := versionString(info, true); !strings.HasSuffix(got, "(module v1.2.3, commit abc123, modified)") {
		t.Errorf("versionString = %q", got)
	}
	if got := versionString(nil, false); !strings.HasSuffix(got, "(module unknown, commit unknown)") {
		t.Errorf("versionString without build info = %q", got)
	}
}

// TestCompletion: the shell completion of run's flags suggests the kernels
// of the files given, the devices and the strategies.
func TestCompletion(t *testing.T) {
	code, stdout, _ := cli(t, "__complete", "run", kernelsDir+"/jacobi5.f90", "-I", regionsDir, "--kernel", "")
	if code != 0 || !strings.Contains(stdout, "jacobi5_step\n") || !strings.Contains(stdout, "residual5\n") {
		t.Errorf("kernel completion: exit %d, %q; want both kernels of jacobi5.f90", code, stdout)
	}
	code, stdout, _ = cli(t, "__complete", "run", kernelsDir+"/jacobi5.f90", "-I", regionsDir, "--kernel", "RES")
	if code != 0 || strings.Contains(stdout, "jacobi5_step") || !strings.Contains(stdout, "residual5") {
		t.Errorf("kernel completion of a prefix: %q", stdout)
	}
	code, stdout, _ = cli(t, "__complete", "build", "--strategy", "")
	if code != 0 || !strings.HasPrefix(stdout, "auto\nlocal\ndirect\n") {
		t.Errorf("strategy completion: exit %d, %q", code, stdout)
	}
	saved := listDevices
	defer func() { listDevices = saved }()
	listDevices = func() ([]clhost.Device, error) {
		return []clhost.Device{{Index: "0:0", Name: "Fake GPU", Platform: "Fake", Type: "GPU"}, {Index: "1:0", Name: "cpu", Platform: "PoCL", Type: "CPU"}}, nil
	}
	code, stdout, _ = cli(t, "__complete", "run", "x.f90", "--device", "1")
	if code != 0 || !strings.HasPrefix(stdout, "1:0\tcpu (PoCL, CPU)\n") || strings.Contains(stdout, "Fake") {
		t.Errorf("device completion: exit %d, %q", code, stdout)
	}
}

// TestRunJSON: --json prints the --repeat timings (min <= median <= max)
// as one JSON object.
func TestRunJSON(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	code, stdout, stderr := cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--repeat", "3", "--json")...)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	var doc runReport
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	tm := doc.Timing
	if doc.Kernel != "jacobi5_step" || tm == nil || tm.Launches != 3 || !(tm.MinMS > 0 && tm.MinMS <= tm.MedianMS && tm.MedianMS <= tm.MaxMS) {
		t.Errorf("report %+v, timing %+v", doc, tm)
	}
	if got := string(jsonScalar(".true.")) + string(jsonScalar("NaN")) + string(jsonScalar("-1.5e+10")); got != `true"NaN"-1.5e+10` {
		t.Errorf("jsonScalar: %s", got)
	}
}

// TestRunPNG: --png draws a 2-D output as a picture; a name that is not
// an output array is a usage error that lists the arrays.
func TestRunPNG(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	pic := fx.path("oA.png")
	code, _, stderr := cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--png", "oA="+pic)...)
	if code != 0 || strings.Contains(stderr, "not saved") {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	f, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() < 200 {
		t.Errorf("picture: %v, %v", err, img)
	}
	code, _, stderr = cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--png", "A="+fx.path("a.png"))...)
	if code != 2 || !strings.Contains(stderr, `"A" is not an intent(out) array of kernel "jacobi5_step"; arrays it writes: oA`) {
		t.Errorf("--png of an input: exit %d, %q", code, stderr)
	}
	code, _, stderr = cli(t, fx.args("--png", "oA")...)
	if code != 2 || !strings.Contains(stderr, "want NAME=FILE") {
		t.Errorf("--png without a file: exit %d, %q", code, stderr)
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy", "oA.png")
}

func regexpMatch(pattern, s string) bool { return regexp.MustCompile(pattern).MatchString(s) }

// TestRunJSONResults: --json gives scalar results as JSON values (numbers,
// booleans for logicals), the same values the text output prints.
func TestRunJSONResults(t *testing.T) {
	requireOpenCL(t)
	code, stdout, stderr := cli(t, "run", "-I", regionsDir, kernelsDir+"/reductions.f90", "--kernel", "empty_masks",
		"--grid", "10x10", "--device", testDevice(), "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Results map[string]any `json:"results"`
		Timing  any            `json:"timing"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	want := map[string]any{"s": 0.0, "m": -3.4028235e+38, "mn": 3.4028235e+38, "c": 0.0, "a": false, "al": false}
	for k, v := range want {
		if doc.Results[k] != v {
			t.Errorf("results[%q] = %#v, want %#v (all: %v)", k, doc.Results[k], v, doc.Results)
		}
	}
	if doc.Timing != nil {
		t.Errorf("timing %v without --repeat", doc.Timing)
	}
}
