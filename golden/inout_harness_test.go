package golden

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/forocl/forocl/regions"
)

// inoutMain drives the generated Go harness of inout_scalars' scale_count:
// a of 7 elements, s and k given, the new s and k printed.
const inoutMain = `package main

import (
	"fmt"
	"os"

	"github.com/forocl/forocl/clhost"
)

func main() {
	dev, err := clhost.Select("")
	check(err)
	c, err := clhost.NewContext(dev)
	check(err)
	defer c.Close()
	k, err := NewScaleCount(c)
	check(err)
	defer k.Close()
	a, err := c.NewArray(clhost.Float32, 7)
	check(err)
	check(c.WriteFloat32(a.Buffer, []float32{1, 2, 3, 4, 5, 6, 7}))
	for _, s := range []float32{0.5, 1.5} {
		newS, newK, err := k.Run(7, a, s, 4)
		check(err)
		fmt.Println(newS, newK)
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`

// TestInOutHarnessRuns builds the Go harness of inout_scalars'
// scale_count, whose s and k are intent(inout) scalars (Note [inout
// scalars] in package sema): the harness takes them as arguments and
// returns their new values, s + 1 and k, plus n when s + 1 > 2.
func TestInOutHarnessRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	device(t)
	u := compile(t, "../testdata/kernels/inout_scalars.f90").units[regions.Direct]
	exe := harnessProgram(t, u, "inout", inoutMain)
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if want := fmt.Sprintln(1.5, 4) + fmt.Sprintln(2.5, 11); string(out) != want {
		t.Errorf("the harness returned\n%s, want\n%s", strings.TrimSpace(string(out)), want)
	}
}
