package golden

import (
	"fmt"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// automaticMain drives the generated Go harness of loop_automatic's
// tiled_auto: n and nb from its arguments, a, b and c filled by formula,
// c's bits printed.
const automaticMain = `package main

import (
	"fmt"
	"math"
	"os"
	"strconv"

	"github.com/forocl/forocl/clhost"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	nb, _ := strconv.Atoi(os.Args[2])
	dev, err := clhost.Select("")
	check(err)
	c, err := clhost.NewContext(dev)
	check(err)
	defer c.Close()
	k, err := NewTiledAuto(c)
	check(err)
	defer k.Close()
	arrays := make([]*clhost.Array, 3)
	for j := range arrays {
		arrays[j], err = c.NewArray(clhost.Float64, n, n)
		check(err)
		v := make([]float64, n*n)
		for i := range v {
			v[i] = automaticValue(j, i)
		}
		check(c.WriteFloat64(arrays[j].Buffer, v))
	}
	check(k.Run(int32(n), int32(nb), arrays[0], arrays[1], arrays[2]))
	out := make([]float64, n*n)
	check(c.ReadFloat64(arrays[2].Buffer, out))
	for _, x := range out {
		fmt.Println(math.Float64bits(x))
	}
}

func automaticValue(j, i int) float64 { return 0.5 + float64((i*7+j*3)%11)/8 }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`

func automaticValue(j, i int) float64 { return 0.5 + float64((i*7+j*3)%11)/8 }

// TestAutomaticHarnessRuns builds the Go harness of loop_automatic's
// tiled_auto, whose tile tb(nb, nb) is an automatic array (Note
// [automatic arrays] in package sema), and runs it with tiles that divide
// n, do not, and exceed it: the harness allocates the scratch buffer from
// its shape, and c must be bit for bit the Go runner's.
func TestAutomaticHarnessRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	c := device(t)
	u := compile(t, "../testdata/kernels/loop_automatic.f90").units[regions.Direct]
	if u.Format < abi.FormatExtents || len(u.Kernels[0].Scratch) == 0 || len(u.Kernels[0].Scratch[0].Extents) != 2 {
		t.Fatalf("tiled_auto has no automatic scratch buffer (format %d)", u.Format)
	}
	exe := harnessProgram(t, u, "automatic", automaticMain)
	for _, s := range [][2]int{{12, 4}, {13, 5}, {7, 9}} {
		n, nb := s[0], s[1]
		out, err := exec.Command(exe, strconv.Itoa(n), strconv.Itoa(nb)).CombinedOutput()
		if err != nil {
			t.Fatalf("n=%d nb=%d: %v\n%s", n, nb, err, out)
		}
		arrays := map[string]*npy.Array{}
		for j, name := range []string{"a", "b", "c"} {
			a := runner.Zeros(npy.Float64, []int{n, n})
			for i := range a.F64 {
				a.F64[i] = automaticValue(j, i)
			}
			arrays[name] = a
		}
		got, err := runner.Run(c, runner.Job{Unit: u, Kernel: u.Kernels[0],
			Scalars: map[string]float64{"n": float64(n), "nb": float64(nb)}, Arrays: arrays})
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		for _, x := range got.Outputs["c"].F64 {
			fmt.Fprintln(&want, math.Float64bits(x))
		}
		if string(out) != want.String() {
			t.Errorf("n=%d nb=%d: the harness's c differs from the runner's:\nharness %.200s\nrunner  %.200s", n, nb, out, want.String())
		}
	}
}
