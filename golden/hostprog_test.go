package golden

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// unpackSizes are the sizes hostProgramMain and TestHostProgramHarnessRuns
// run loop_unpack_inc with: x_min, x_max, y_min, y_max, depth.
var unpackSizes = [5]int{-1, 9, 2, 8, 2}

// hostProgramMain drives the generated Go harness of loop_unpack_inc: it
// runs the kernel once with the field_type given as its argument on the
// inputs unpackInputs makes, and prints field's bits.
const hostProgramMain = `package main

import (
	"fmt"
	"math"
	"os"
	"strconv"

	"github.com/forocl/forocl/clhost"
)

func main() {
	ft, _ := strconv.Atoi(os.Args[1])
	const xMin, xMax, yMin, yMax, depth = %d, %d, %d, %d, %d
	n1, n2 := xMax-xMin+6, yMax-yMin+6
	dev, err := clhost.Select("")
	check(err)
	c, err := clhost.NewContext(dev)
	check(err)
	defer c.Close()
	k, err := NewLoopUnpackInc(c)
	check(err)
	defer k.Close()
	field, err := c.NewArray(clhost.Float64, n1, n2)
	check(err)
	buf, err := c.NewArray(clhost.Float64, n1, n2)
	check(err)
	fv, bv := make([]float64, n1*n2), make([]float64, n1*n2)
	for i := range fv {
		fv[i], bv[i] = -1-0.5*float64(i%%11), 0.25*float64(i%%13)+0.125*float64(i/13)
	}
	check(c.WriteFloat64(field.Buffer, fv))
	check(c.WriteFloat64(buf.Buffer, bv))
	check(k.Run(xMin, xMax, yMin, yMax, depth, int32(ft), field, buf))
	check(c.ReadFloat64(field.Buffer, fv))
	for _, x := range fv {
		fmt.Println(math.Float64bits(x))
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`

// TestHostProgramHarnessRuns builds the Go harness of loop_unpack_inc
// (host variables set in an IF chain on field_type, bounding both nests
// and passed to their launches; Note [host program] in package abi) as a
// program and runs it with field_type 1 to 4: field must be bit for bit
// the Go runner's on the same inputs, and differ between the field types
// (each shifts the nests differently).
func TestHostProgramHarnessRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	c := device(t)
	u := compile(t, "../testdata/kernels/loop_unpack_inc.f90").units[regions.Direct]
	if !hostProgram(u) || u.Format != abi.FormatShapes {
		t.Fatalf("loop_unpack_inc has no host program (format %d)", u.Format)
	}
	s := unpackSizes
	exe := harnessProgram(t, u, "unpack", fmt.Sprintf(hostProgramMain, s[0], s[1], s[2], s[3], s[4]))
	n1, n2 := s[1]-s[0]+6, s[3]-s[2]+6
	seen := map[string]int{}
	for ft := 1; ft <= 4; ft++ {
		out, err := exec.Command(exe, strconv.Itoa(ft)).CombinedOutput()
		if err != nil {
			t.Fatalf("field_type %d: %v\n%s", ft, err, out)
		}
		field, buf := runner.Zeros(npy.Float64, []int{n1, n2}), runner.Zeros(npy.Float64, []int{n1, n2})
		for i := range field.F64 {
			field.F64[i], buf.F64[i] = -1-0.5*float64(i%11), 0.25*float64(i%13)+0.125*float64(i/13)
		}
		got, err := runner.Run(c, runner.Job{Unit: u, Kernel: u.Kernels[0],
			Scalars: map[string]float64{"x_min": float64(s[0]), "x_max": float64(s[1]), "y_min": float64(s[2]), "y_max": float64(s[3]), "depth": float64(s[4]), "field_type": float64(ft)},
			Arrays:  map[string]*npy.Array{"field": field, "buf": buf}})
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		for _, x := range got.Outputs["field"].F64 {
			fmt.Fprintln(&want, math.Float64bits(x))
		}
		if string(out) != want.String() {
			t.Errorf("field_type %d: the harness's field differs from the runner's:\nharness %.200s\nrunner  %.200s", ft, out, want.String())
		}
		if prev, ok := seen[string(out)]; ok {
			t.Errorf("field_type %d gives field_type %d's field", ft, prev)
		}
		seen[string(out)] = ft
	}
}

// harnessProgram builds the Go harness of u (name.cl, name_cl.go) with
// main, the source of its package main, into a program, and returns its
// path.
func harnessProgram(t *testing.T, u *abi.Unit, name, main string) string {
	t.Helper()
	src, err := hostgen.GoHarness(u, name+".cl", "main")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("testdata", name+"prog")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for file, text := range map[string][]byte{name + ".cl": []byte(u.Source), name + "_cl.go": src, "main.go": []byte(main)} {
		if err := os.WriteFile(filepath.Join(dir, file), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command("go", "build", "-o", exe, "./"+filepath.ToSlash(dir)).CombinedOutput(); err != nil {
		t.Fatalf("go build of the harness: %v\n%s", err, out)
	}
	return exe
}

// hostProgram reports whether a kernel of u has host statements (Note
// [host program] in package abi).
func hostProgram(u *abi.Unit) bool {
	for _, k := range u.Kernels {
		if k.Steps != nil {
			return true
		}
	}
	return false
}

// TestFortranHostProgram runs loop_unpack_inc through the Fortran host
// with field_type 0 to 4 (2, 3 and 4 set the host variables each their
// own way; 0 and 1 set none), and compares field with gfortran's serial run and, bit for bit, with the
// Go runner's.
func TestFortranHostProgram(t *testing.T) {
	c := device(t)
	const file = "loop_unpack_inc"
	f := "../testdata/kernels/" + file + ".f90"
	u := roundTrip(t, compile(t, f).units[regions.Direct])
	k := u.Kernels[0]
	exe, err := oracle.Build(k, []string{regionsModule, f}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dev := fortranHost(t, u, k, file) // the Fortran host
	s := unpackSizes
	n1, n2 := s[1]-s[0]+6, s[3]-s[2]+6
	seen := map[string]int{}
	for ft := 0; ft <= 4; ft++ {
		field, buf := runner.Zeros(npy.Float64, []int{n1, n2}), runner.Zeros(npy.Float64, []int{n1, n2})
		for i := range field.F64 {
			field.F64[i], buf.F64[i] = -1-0.5*float64(i%11), 0.25*float64(i%13)+0.125*float64(i/13)
		}
		scalars := map[string]float64{"x_min": float64(s[0]), "x_max": float64(s[1]), "y_min": float64(s[2]), "y_max": float64(s[3]), "depth": float64(s[4]), "field_type": float64(ft)}
		arrays := map[string]*npy.Array{"field": field, "buf": buf}
		want, err := exe.Run(scalars, arrays)
		if err != nil {
			t.Fatal(err)
		}
		fort, err := dev.Run(scalars, arrays)
		if err != nil {
			t.Fatalf("field_type %d, fortran host: %v", ft, err)
		}
		got, err := runner.Run(c, runner.Job{Unit: u, Kernel: k, Scalars: scalars, Arrays: arrays})
		if err != nil {
			t.Fatal(err)
		}
		if i := firstDiff(fort["field"], got.Outputs["field"]); i >= 0 {
			t.Errorf("field_type %d: the Fortran host's field differs from the Go runner's at %d: %g, %g", ft, i, oracle.Value(fort["field"], i), oracle.Value(got.Outputs["field"], i))
		}
		if i := firstDiff(fort["field"], want["field"]); i >= 0 {
			t.Errorf("field_type %d: the Fortran host's field differs from gfortran's at %d: %g, %g", ft, i, oracle.Value(fort["field"], i), oracle.Value(want["field"], i))
		}
		key := fmt.Sprint(fort["field"].F64)
		if prev, ok := seen[key]; ok && !(ft <= 1 && prev <= 1) {
			t.Errorf("field_type %d gives field_type %d's field", ft, prev)
		}
		seen[key] = ft
	}
	// lo = max(y_min - depth, y_min - 2) overflows a default integer: an
	// error from both hosts, never a wrapped bound.
	ymin := math.MinInt32 + 1
	field, buf := runner.Zeros(npy.Float64, []int{n1, 10}), runner.Zeros(npy.Float64, []int{n1, 10})
	scalars := map[string]float64{"x_min": float64(s[0]), "x_max": float64(s[1]), "y_min": float64(ymin), "y_max": float64(ymin + 4), "depth": 5, "field_type": 2}
	arrays := map[string]*npy.Array{"field": field, "buf": buf}
	if _, err := dev.Run(scalars, arrays); err == nil || !strings.Contains(err.Error(), "setting lo: a result overflows a default integer") {
		t.Errorf("Fortran host, lo overflowing: %v", err)
	}
	if _, err := runner.Run(c, runner.Job{Unit: u, Kernel: k, Scalars: scalars, Arrays: arrays}); err == nil || !strings.Contains(err.Error(), "overflows a default integer") {
		t.Errorf("runner, lo overflowing: %v", err)
	}
}
