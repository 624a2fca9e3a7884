package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

// TestRunOutputIsInput: an output (--out, --png) that is an input, by its
// path, a symbolic link or a hard link, is refused before anything runs
// and the input keeps its contents (issue 20: --png ot=t2.npy replaced the
// input array with a picture). A --png file must end in .png.
func TestRunOutputIsInput(t *testing.T) {
	fx := newRunFixture(t)
	before, _ := os.ReadFile(fx.f)
	link, hard, pngIn := fx.path("link.npy"), fx.path("hard.npy"), fx.path("f.png")
	os.Symlink(fx.f, link)
	os.Link(fx.f, hard)
	os.Link(fx.f, pngIn)
	std := []string{"--set", "h=0.5", "--in", "A=" + fx.a, "--in", "F=" + fx.f}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--png", "oA=" + fx.f}, "forocl: --png oA=" + fx.f + ": " + fx.f + " does not end in .png; name the picture FILE.png (an array file given by mistake would be overwritten)\n"},
		{[]string{"--out", "oA=" + fx.f}, "forocl: --out oA=" + fx.f + ": " + fx.f + ` is also the input of "F" (--in F=` + fx.f + "); writing the output would replace the input, so write it to another file\n"},
		{[]string{"--out", "oA=" + link}, "forocl: --out oA=" + link + ": " + link + ` is also the input of "F"`},
		{[]string{"--out", "oA=" + hard}, "forocl: --out oA=" + hard + ": " + hard + ` is also the input of "F"`},
		{[]string{"--png", "oA=" + pngIn}, "forocl: --png oA=" + pngIn + ": " + pngIn + ` is also the input of "F"`},
		{[]string{"--out", "oA=" + fx.path("x.npy"), "--png", "oA=" + fx.path("x.png"), "--png", "oA=" + fx.dir + "/./x.png"}, "forocl: --png oA=" + fx.dir + "/./x.png: " + fx.dir + "/./x.png is also written by --png oA=" + fx.path("x.png") + "\n"},
	} {
		code, _, stderr := cli(t, fx.args(append(std, c.args...)...)...)
		if code != 2 || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
	if after, _ := os.ReadFile(fx.f); !bytes.Equal(before, after) {
		t.Error("the input changed")
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy", "link.npy", "hard.npy", "f.png")
}

// TestRunEveryOverwrites: a --every snapshot that would overwrite an
// input or another output is refused before anything runs (issue 20:
// --in t=y_3.npy ... --every 3 overwrote the input), also through a link
// at the snapshot's name. --every 0 is a usage error.
func TestRunEveryOverwrites(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "y_03.npy")
	writeNpy(t, in, runner.Random(npy.Float32, []int{9, 9}, 3), false)
	before, _ := os.ReadFile(in)
	other := filepath.Join(dir, "T0.npy")
	writeNpy(t, other, runner.Random(npy.Float32, []int{9, 9}, 4), false)
	os.Symlink("T0.npy", filepath.Join(dir, "z_06.npy"))
	base := []string{"run", "-I", regionsDir, "../../examples/heat/fortran/heat.f90", "--kernel", "step", "--set", "c=0.1", "--device", testDevice(), "--steps", "12", "--swap", "T=oT"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--in", "T=" + in, "--out", "oT=" + filepath.Join(dir, "y.npy"), "--every", "3"},
			"forocl: --every 3: --out oT=" + filepath.Join(dir, "y.npy") + " writes the snapshot " + in + ", which is the input of \"T\" (--in T=" + in + "); choose other file names or another --every\n"},
		{[]string{"--in", "T=" + other, "--out", "oT=" + filepath.Join(dir, "z.npy"), "--every", "2"},
			"forocl: --every 2: --out oT=" + filepath.Join(dir, "z.npy") + " writes the snapshot " + filepath.Join(dir, "z_06.npy") + ", which is the input of \"T\""},
		{[]string{"--in", "T=" + other, "--out", "oT=" + filepath.Join(dir, "y.npy"), "--png", "oT=" + filepath.Join(dir, "y_06.png"), "--every", "6"}, ""},
		{[]string{"--in", "T=" + other, "--out", "oT=" + filepath.Join(dir, "y.npy"), "--every", "0"}, "forocl: --every 0: want a count of 1 or more (snapshots every K steps)\n"},
	} {
		code, _, stderr := cli(t, append(base, c.args...)...)
		if c.want == "" {
			if code == 2 && strings.Contains(stderr, "snapshot") {
				t.Errorf("%v: refused: %s", c.args, stderr)
			}
			continue
		}
		if code != 2 || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
	if after, _ := os.ReadFile(in); !bytes.Equal(before, after) {
		t.Error("the input changed")
	}
}

// TestCheckOutputSetSnapshots: a snapshot of one --out that is another
// --out file (--out tot=x_3.npy beside --out t=x.npy) is refused; steps
// that are not multiples of --every, or past --steps, are not snapshots.
func TestCheckOutputSetSnapshots(t *testing.T) {
	dir := t.TempDir()
	arg := func(flag, name, path string) runner.Arg {
		return runner.Arg{Flag: "--" + flag + " " + name + "=" + path, Orig: name, Name: strings.ToLower(name), Value: path}
	}
	x, x3 := filepath.Join(dir, "x.npy"), filepath.Join(dir, "x_3.npy")
	err := checkOutputSet(nil, []runner.Arg{arg("out", "t", x), arg("out", "tot", x3)}, nil, 3, 9)
	if err == nil || err.Error() != "--every 3: --out t="+x+" writes the snapshot "+x3+", which is also written by --out tot="+x3+"; choose other file names or another --every" {
		t.Errorf("err %v", err)
	}
	for _, c := range []struct{ every, steps int }{{2, 9}, {3, 2}, {3, 10}, {4, 9}} {
		if err := checkOutputSet(nil, []runner.Arg{arg("out", "t", x), arg("out", "tot", x3)}, nil, c.every, c.steps); err != nil {
			t.Errorf("every %d, steps %d: %v", c.every, c.steps, err)
		}
	}
}

// TestRunOutToAppendedStdout: "--out oA=/dev/stdout >> log.txt" renamed a
// new file over log.txt and the log was gone. The array is now appended
// to the log as a stream, and the run's report goes to standard error.
func TestRunOutToAppendedStdout(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	log := fx.path("log.txt")
	os.WriteFile(log, []byte("earlier lines\n"), 0o644)
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--out", "oA=/dev/stdout", "--steps", "1")...)
	cmd.Env = append(os.Environ(), "FOROCL_TEST_MAIN=1")
	cmd.Stdout = f
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	f.Close()
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	data, _ := os.ReadFile(log)
	rest, ok := bytes.CutPrefix(data, []byte("earlier lines\n"))
	if !ok {
		t.Fatalf("log.txt lost its lines: %q", data[:min(len(data), 40)])
	}
	a, err := npy.Decode(bytes.NewReader(rest), "log.txt")
	if err != nil || fmt.Sprint(a.Shape) != "[37 23]" {
		t.Fatalf("appended array: %v %v (%d bytes)", a, err, len(rest))
	}
	if !strings.Contains(stderr.String(), "1 steps in") {
		t.Errorf("the report did not go to standard error: %q", stderr.String())
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy", "log.txt")
}

// TestRunRemovesStaleTemporaries: a staged file of a run killed with
// SIGKILL is removed by the next run into its folder, which says so; a
// backup of an output's old contents is only reported.
func TestRunRemovesStaleTemporaries(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	dead := cmd.Process.Pid
	stale := fx.path(fmt.Sprintf(".oA.npy.forocl-%d-1.tmp", dead))
	backup := fx.path(fmt.Sprintf(".oA.npy.forocl-%d-2.tmp.old", dead))
	os.WriteFile(stale, make([]byte, 1000), 0o644)
	os.WriteFile(backup, []byte("old oA"), 0o644)
	code, _, stderr := cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--out", "oA="+fx.path("oA.npy"))...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := fmt.Sprintf("forocl: warning: removed %s, a temporary file left by forocl process %d, which is gone\n", stale, dead)
	if !strings.Contains(stderr, want) || !strings.Contains(stderr, "forocl: warning: "+backup+" holds the previous contents of an output") {
		t.Errorf("stderr %q", stderr)
	}
	noOutputs(t, fx.dir, "A.npy", "F.npy", "oA.npy", filepath.Base(backup))
}

// TestRunOutIsOwnStdout: "--out oA=log.txt >> log.txt" would rename a new
// file over the file that standard output writes to, cutting it off; it is
// refused, and the log keeps its lines.
func TestRunOutIsOwnStdout(t *testing.T) {
	fx := newRunFixture(t)
	log := fx.path("log.txt")
	os.WriteFile(log, []byte("earlier lines\n"), 0o644)
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--out", "oA="+log)...)
	cmd.Env = append(os.Environ(), "FOROCL_TEST_MAIN=1")
	cmd.Stdout = f
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Run()
	f.Close()
	want := "forocl: --out oA=" + log + ": " + log + " is this process's standard output (file descriptor 1), which replacing it would cut off; give /dev/fd/1 to write into it, or choose another file\n"
	if code := cmd.ProcessState.ExitCode(); code != 1 || stderr.String() != want {
		t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, stderr.String(), want)
	}
	if got, _ := os.ReadFile(log); string(got) != "earlier lines\n" {
		t.Errorf("log.txt holds %q", got)
	}
}

// TestRunCacheSecretIsPipe: a named pipe in place of the program cache's
// secret blocked every run forever; now the run goes on, replaces it and
// warns once.
func TestRunCacheSecretIsPipe(t *testing.T) {
	requireOpenCL(t)
	fx := newRunFixture(t)
	cache := t.TempDir()
	secret := filepath.Join(cache, ".secret")
	if err := syscall.Mkfifo(secret, 0o600); err != nil {
		t.Skip(err)
	}
	t.Setenv("FOROCL_CACHE", cache)
	type result struct {
		code   int
		stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, _, stderr := cli(t, fx.args("--set", "h=0.5", "--in", "A="+fx.a, "--in", "F="+fx.f, "--out", "oA="+fx.path("oA.npy"))...)
		done <- result{code, stderr}
	}()
	select {
	case r := <-done:
		want := "forocl: warning: program cache secret " + secret + " is a named pipe, not a regular file; it was replaced by a new one, so cached programs are built once more\n"
		if r.code != 0 || strings.Count(r.stderr, want) != 1 {
			t.Errorf("exit %d, stderr %q; want exit 0 and once %q", r.code, r.stderr, want)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the run hung on the named pipe")
	}
	if st, err := os.Lstat(secret); err != nil || !st.Mode().IsRegular() {
		t.Errorf("the secret was not replaced: %v", err)
	}
}
