// Package porting holds the porting walkthrough's mini-application (app/)
// and the tests of the Fortran runtime's data modes, which forocl port's
// procedures use (Note [the Fortran host] in hostgen/fortranhost.go).
package porting

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/cltest"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/regions"
)

// rtProgram builds testdata/rt_main.f90 once per test binary: the
// generated Fortran host of testdata/rt_kernels.f90, the hand-written
// procedures of testdata/rt_port.f90 that call it as forocl port's do,
// and the runtime module.
func rtProgram(t *testing.T) string {
	t.Helper()
	cltest.Context(t) // skips without OpenCL
	cltest.Gfortran(t)
	rt.once.Do(func() { rt.exe, rt.err = buildRT() })
	if rt.err != nil {
		t.Fatal(rt.err)
	}
	return rt.exe
}

var rt struct {
	once sync.Once
	exe  string
	err  error
}

func buildRT() (string, error) {
	dir, err := os.MkdirTemp("", "forocl-porting-rt")
	if err != nil {
		return "", err
	}
	res := driver.Compile([]string{"testdata/rt_kernels.f90"}, driver.Options{
		Kernels:  []string{"smooth", "total", "scale2", "count3", "pick"},
		Schedule: regions.Options{Strategy: regions.Direct},
	})
	if res.Diags.HasErrors() {
		return "", errorString(res.Diags.String(res.Sources))
	}
	u := res.Generate(res.Program.Kernels, "rt_kernels.f90", codegen.Options{Version: driver.Version})
	src, err := hostgen.FortranHost(u, "rt_kernels")
	if err != nil {
		return "", err
	}
	mod := filepath.Join(dir, hostgen.FortranModuleName("rt_kernels")+".f90")
	if err := os.WriteFile(mod, src, 0o644); err != nil {
		return "", err
	}
	exe := filepath.Join(dir, "rt_main")
	args := []string{"-O2", "-std=f2008", "-Wall", "-Werror", "-J", dir, "-o", exe, abs("../../fortran/forocl_cl.f90"),
		mod, abs("testdata/rt_port.f90"), abs("testdata/rt_main.f90")}
	if out, err := exec.Command("gfortran", append(args, oracle.OpenCLLink()...)...).CombinedOutput(); err != nil {
		return "", errorString("gfortran: " + err.Error() + "\n" + string(out))
	}
	return exe, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

func abs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		panic(err)
	}
	return a
}

func testDevice() string {
	if d := os.Getenv("FOROCL_DEVICE"); d != "" && !strings.EqualFold(d, "host") {
		return d
	}
	return "pocl"
}

// runRT runs the program with the given environment (FOROCL_DEVICE is the
// test device unless env sets it) and arguments; it returns stdout and
// stderr and whether it exited 0.
func runRT(t *testing.T, env []string, args ...string) (stdout, stderr string, ok bool) {
	t.Helper()
	cmd := exec.Command(rtProgram(t), args...)
	cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice(), "FOROCL_RESIDENT=", "FOROCL_CHECK=", "FOROCL_PROFILE=")
	cmd.Env = append(cmd.Env, env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatal(err)
	}
	return o.String(), e.String(), err == nil
}

// sameValues fails unless got and want have the same lines with the same
// words, numbers equal to a relative 1e-12 (the sums' order differs).
func sameValues(t *testing.T, what, got, want string) {
	t.Helper()
	gl, wl := strings.Split(strings.TrimSpace(got), "\n"), strings.Split(strings.TrimSpace(want), "\n")
	if len(gl) != len(wl) {
		t.Fatalf("%s: %d lines, want %d:\n%s\nwant:\n%s", what, len(gl), len(wl), got, want)
	}
	for i := range gl {
		gw, ww := strings.Fields(gl[i]), strings.Fields(wl[i])
		if len(gw) != len(ww) {
			t.Fatalf("%s: line %d is %q, want %q", what, i+1, gl[i], wl[i])
		}
		for j := range gw {
			g, err1 := strconv.ParseFloat(gw[j], 64)
			w, err2 := strconv.ParseFloat(ww[j], 64)
			if err1 != nil || err2 != nil {
				if gw[j] != ww[j] {
					t.Errorf("%s: line %d is %q, want %q", what, i+1, gl[i], wl[i])
				}
				continue
			}
			if math.Abs(g-w) > 1e-12*math.Abs(w) {
				t.Errorf("%s: line %d, value %d is %s, want %s (host)", what, i+1, j+1, gw[j], ww[j])
			}
		}
	}
}

// TestRuntimeModes: the program prints the same values when its
// procedures run their Fortran (FOROCL_DEVICE=host), in coherent mode,
// and in resident mode (from FOROCL_RESIDENT, from forocl_resident, with
// FOROCL_CHECK): forocl_update_host brings back what the device wrote,
// forocl_update_device (of a whole array and of a part) sends host
// writes, forocl_release and forocl_finish copy back what the device
// wrote, and a call after forocl_finish uploads again.
func TestRuntimeModes(t *testing.T) {
	host, _, ok := runRT(t, []string{"FOROCL_DEVICE=host"})
	if !ok || !strings.Contains(host, "device: \n") {
		t.Fatalf("FOROCL_DEVICE=host did not run the Fortran without a device:\n%s", host)
	}
	device := strings.Replace(host, "device: \n", "", 1)
	for _, c := range []struct {
		name string
		env  []string
		args []string
	}{
		{"coherent", nil, nil},
		{"resident", []string{"FOROCL_RESIDENT=1"}, nil},
		{"resident_call", nil, []string{"call-resident"}},
		{"resident_check", []string{"FOROCL_RESIDENT=1", "FOROCL_CHECK=1"}, nil},
		{"resident_call_check", []string{"FOROCL_CHECK=1"}, []string{"call-resident"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, ok := runRT(t, c.env, c.args...)
			if !ok {
				t.Fatalf("failed:\n%s%s", out, stderr)
			}
			i := strings.Index(out, "device: ")
			if i < 0 || strings.TrimSpace(out[i+len("device: "):]) == "" {
				t.Fatalf("no device named:\n%s", out)
			}
			sameValues(t, c.name, out[:i], device)
		})
	}
}

// TestRuntimeCheck: a host write without forocl_update_device is seen by
// coherent mode, not by resident mode (the device keeps its copy), and
// FOROCL_CHECK=1 stops at the next call, naming the array and procedure.
func TestRuntimeCheck(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want string
	}{
		{nil, "f(1,1)      301.000"},
		{[]string{"FOROCL_RESIDENT=1"}, "f(1,1)       22.000"},
	} {
		out, stderr, ok := runRT(t, c.env, "unannounced")
		if !ok || strings.TrimSpace(out) != c.want {
			t.Errorf("%v: got %q (%s), want %q", c.env, out, stderr, c.want)
		}
	}
	for _, c := range []struct {
		env  []string
		args []string
	}{
		{[]string{"FOROCL_RESIDENT=1", "FOROCL_CHECK=1"}, []string{"unannounced"}},
		{[]string{"FOROCL_CHECK=1"}, []string{"unannounced", "call-resident"}},
	} {
		out, stderr, ok := runRT(t, c.env, c.args...)
		if ok || out != "" {
			t.Errorf("%v %v: FOROCL_CHECK=1 let the call run:\n%s", c.env, c.args, out)
		}
		if want := "forocl: scale2: array f: FOROCL_CHECK: the host changed it since it was last copied to or from " +
			"the device, and the device would compute with its old copy: call forocl_update_device(f) after the host writes it"; !strings.Contains(stderr, want) {
			t.Errorf("%v %v: stderr lacks %q:\n%s", c.env, c.args, want, stderr)
		}
	}
}

// TestRuntimeSmall: small arrays (at most forocl_small_bytes) pass as in
// coherent mode in resident mode too: the host fills an integer list
// before each call and reads a small result after it, without updates,
// and every mode prints what the Fortran prints; FOROCL_CHECK=1 does not
// stop at the list's host writes (CloverLeaf's update_halo_kernel fields).
//
// small-many gives the list a value it never had at each of 150 calls:
// resident mode keeps the last 64 read-only small arrays by their bytes,
// and replaces the oldest while the calls go on.
func TestRuntimeSmall(t *testing.T) {
	for _, scenario := range []string{"small", "small-many"} {
		want, _, ok := runRT(t, []string{"FOROCL_DEVICE=host"}, scenario)
		if !ok || strings.Count("\n"+want, "\ne") < 3 {
			t.Fatalf("%s: host run failed:\n%s", scenario, want)
		}
		for _, env := range [][]string{nil, {"FOROCL_RESIDENT=1"}, {"FOROCL_RESIDENT=1", "FOROCL_CHECK=1"}} {
			got, stderr, ok := runRT(t, env, scenario)
			if !ok {
				t.Fatalf("%s %v: failed:\n%s%s", scenario, env, got, stderr)
			}
			sameValues(t, scenario+" "+strings.Join(env, " "), got, want)
		}
	}
	// pick's host code reads fields(1) and fields(2) to choose its launches
	// (forocl_read_elem): from the host's copy, which holds the device's
	// bytes, so the only reads that wait are e's, at each call's exit
	// ("unasked"), and the two forocl_update_host.
	_, stderr, ok := runRT(t, []string{"FOROCL_RESIDENT=1", "FOROCL_TRACE=1"}, "small")
	count := func(re string) int {
		m := regexp.MustCompile(`(?m)^ +(\d+) +` + re).FindStringSubmatch(stderr)
		if !ok || m == nil {
			t.Fatalf("no trace line %q:\n%s", re, stderr)
		}
		n, _ := strconv.Atoi(m[len(m)-1]) // the last group: waits where the pattern has one
		return n
	}
	waits := count(`(\d+) +clEnqueueReadBuffer$`) + count(`(\d+) +clEnqueueWriteBuffer$`)
	unasked, host := count(`unasked waits`), count(`element reads from the host`)
	if host == 0 || waits != unasked+2 {
		t.Errorf("%d element reads from the host, %d blocking transfers, %d of them unasked; want some, and 2 more:\n%s",
			host, waits, unasked, stderr)
	}
}

// TestRuntimeOverlap: in resident mode, part of an array that the device
// wrote, passed as an array of its own, stops with a message naming both
// (a second copy of the same elements would lose one of them), also when
// the part is small enough to pass as in coherent mode (the host's copy
// is stale); coherent mode runs it.
func TestRuntimeOverlap(t *testing.T) {
	for _, scenario := range []string{"overlap", "small-overlap"} {
		want, _, ok := runRT(t, []string{"FOROCL_DEVICE=host"}, scenario)
		if !ok {
			t.Fatalf("%s: host run failed:\n%s", scenario, want)
		}
		got, stderr, ok := runRT(t, nil, scenario)
		if !ok {
			t.Fatalf("%s: coherent run failed:\n%s", scenario, stderr)
		}
		sameValues(t, scenario+" coherent", got, want)
		_, stderr, ok = runRT(t, []string{"FOROCL_RESIDENT=1"}, scenario)
		if msg := "forocl: total: array a: it overlaps the device copy of array b of smooth, which the device wrote " +
			"since the host last had it: call forocl_update_host or forocl_release on that array first"; ok || !strings.Contains(stderr, msg) {
			t.Errorf("%s: resident: ok=%v, stderr lacks %q:\n%s", scenario, ok, msg, stderr)
		}
	}
}

// profileRow matches a row of FOROCL_PROFILE's table: time(%), time(ms),
// calls, avg(us), bytes, name.
var profileRow = regexp.MustCompile(`(?m)^ +\d+\.\d\d +\d+\.\d{3} +(\d+) +\d+\.\d{3} +(\d+)  (\S+)$`)

// profile is the first table's calls and bytes by row name.
func profile(t *testing.T, stderr string) map[string][2]int {
	t.Helper()
	head := "forocl profile (FOROCL_PROFILE=1) on "
	if strings.Count(stderr, head) != 2 { // the program calls forocl_finish twice
		t.Fatalf("want 2 profile tables:\n%s", stderr)
	}
	first := stderr[:strings.LastIndex(stderr, head)]
	rows := map[string][2]int{}
	for _, m := range profileRow.FindAllStringSubmatch(first, -1) {
		calls, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		rows[m[3]] = [2]int{calls, b}
	}
	return rows
}

// TestRuntimeProfile: FOROCL_PROFILE=1 prints at forocl_finish each
// kernel's launches and the transfers' bytes; resident mode uploads less
// than coherent mode, which uploads every array at every call.
func TestRuntimeProfile(t *testing.T) {
	_, coherent, ok := runRT(t, []string{"FOROCL_PROFILE=1"})
	if !ok {
		t.Fatal(coherent)
	}
	_, resident, ok := runRT(t, []string{"FOROCL_PROFILE=1", "FOROCL_RESIDENT=1"})
	if !ok {
		t.Fatal(resident)
	}
	c, r := profile(t, coherent), profile(t, resident)
	for _, rows := range []map[string][2]int{c, r} {
		// 10 calls of smooth, 6 of scale2, 5 of count3 before the first forocl_finish
		if rows["smooth"][0] != 10 || rows["scale2"][0] != 6 || rows["count3"][0] != 5 {
			t.Errorf("kernel launches: %v", rows)
		}
	}
	// coherent: every call uploads its arrays: smooth 2 x 8016 bytes, total 8016
	// and 502*8, scale2 44*34*4, count3 12^3*8 + 12^3*4
	if up := c["[upload]"][1]; up != 5*(2*2*8016+8016+502*8+5984+1728*12)+5984 {
		t.Errorf("coherent uploads %d bytes", up)
	}
	if r["[upload]"][1] >= c["[upload]"][1]/2 {
		t.Errorf("resident mode uploads %d bytes, coherent %d", r["[upload]"][1], c["[upload]"][1])
	}
}

// TestRuntimeNoDevice: without a matching OpenCL device, the first call
// stops, naming the procedure and the array, lists the devices and says
// how to run the Fortran instead.
func TestRuntimeNoDevice(t *testing.T) {
	_, stderr, ok := runRT(t, []string{"FOROCL_DEVICE=no-such-device-anywhere"})
	for _, want := range []string{
		`forocl: smooth: array a: no OpenCL device matches "no-such-device-anywhere" (from FOROCL_DEVICE); available devices:`,
		"set FOROCL_DEVICE=host to run the procedures as Fortran on the host",
	} {
		if ok || !strings.Contains(stderr, want) {
			t.Errorf("ok=%v, stderr lacks %q:\n%s", ok, want, stderr)
		}
	}
}

// TestRuntimeArgsKept: forocl_set_arg calls clSetKernelArg only for an
// argument whose value changed (FOROCL_TRACE=1 counts them), a buffer
// created where another was released is set again, a copy of a kernel
// shares its arguments, and every launch computes with the values given.
func TestRuntimeArgsKept(t *testing.T) {
	cltest.Context(t)
	cltest.Gfortran(t)
	dir := t.TempDir()
	exe := filepath.Join(dir, "rt_args")
	args := []string{"-O2", "-std=f2008", "-Wall", "-Werror", "-J", dir, "-o", exe, abs("../../fortran/forocl_cl.f90"),
		abs("testdata/rt_args.f90")}
	if out, err := exec.Command("gfortran", append(args, oracle.OpenCLLink()...)...).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "FOROCL_DEVICE="+testDevice(), "FOROCL_TRACE=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("rt_args: %v\n%s", err, stderr.String())
	}
	if want := "a  2.0  2.0  2.0  2.0\nb  2.0  2.0  2.0  2.0\nb  3.0  3.0  3.0  3.0\n"; stdout.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", stdout.String(), want)
	}
	// Set: a and 1.0, then 2.0, then b, then 3.0 (through the copy); the
	// other 7 of the 12 arguments given are kept.
	count := func(re string) int {
		m := regexp.MustCompile(`(?m)^ +(\d+) +` + re).FindStringSubmatch(stderr.String())
		if m == nil {
			t.Fatalf("no trace line %q:\n%s", re, stderr.String())
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	if set, kept := count(`\d+ +clSetKernelArg$`), count(`arguments kept`); set != 5 || kept != 7 {
		t.Errorf("%d arguments set and %d kept, want 5 and 7:\n%s", set, kept, stderr.String())
	}
}
