package golden

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/regions"
)

// lateMain drives the Go harness of loop_late_count's late_count on m =
// 2000 elements, every third above 1, and prints c's elements that the
// late launch writes (Note [late launches] in package abi).
const lateMain = `package main

import (
	"fmt"
	"os"

	"github.com/forocl/forocl/clhost"
)

func main() {
	const m = 2000
	dev, err := clhost.Select("")
	check(err)
	c, err := clhost.NewContext(dev)
	check(err)
	defer c.Close()
	k, err := NewLateCount(c)
	check(err)
	defer k.Close()
	in := make([]float64, m)
	for i := range in {
		in[i] = 0.5
		if i%3 == 0 {
			in[i] = 1.5 + float64(i)/m
		}
	}
	a, err := c.NewArray(clhost.Float64, m)
	check(err)
	check(c.WriteFloat64(a.Buffer, in))
	b, err := c.NewArray(clhost.Float64, m)
	check(err)
	out, err := c.NewArray(clhost.Float64, m)
	check(err)
	check(k.Run(m, a, b, out))
	got := make([]float64, m)
	check(c.ReadFloat64(out.Buffer, got))
	for _, v := range got {
		fmt.Println(v)
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`

// TestLateHarnessRuns builds the Go harness of loop_late_count, whose
// second loop runs to a count the device computes: the harness sizes its
// launch when the program reaches it, so all 667 packed elements are
// written, not only the first work-group's (c(i) = 2*b(i) + i, 0 after).
func TestLateHarnessRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	device(t)
	u := compile(t, "../testdata/kernels/loop_late_count.f90").units[regions.Direct]
	exe := harnessProgram(t, u, "late", lateMain)
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	const m = 2000
	var want strings.Builder
	n := 0
	for i := 0; i < m; i += 3 {
		n++
		fmt.Fprintln(&want, 2*(1.5+float64(i)/m)+float64(n))
	}
	for i := n; i < m; i++ {
		fmt.Fprintln(&want, 0.0)
	}
	if string(out) != want.String() {
		g, w := strings.Split(string(out), "\n"), strings.Split(want.String(), "\n")
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Fatalf("c(%d) is %s, want %s", i+1, g[i], w[i])
			}
		}
		t.Fatalf("the harness printed %d lines, want %d", len(g), len(w))
	}
}

// TestLateUnits checks what the hosts see of loop_late_count's unit:
// only its last launch, the loop to the count, is late; the unit says
// FormatLate, so an older host refuses it; and a late launch whose
// work-groups a scratch buffer counts is refused, as no host could size
// that buffer before the first launch (Note [late launches] in package
// abi).
func TestLateUnits(t *testing.T) {
	u := compile(t, "../testdata/kernels/loop_late_count.f90").units[regions.Direct]
	if u.Format != abi.FormatLate {
		t.Errorf("format %d, want FormatLate (%d)", u.Format, abi.FormatLate)
	}
	k := u.Kernels[0]
	late := k.Late()
	for i, l := range late {
		if l != (i == len(late)-1) {
			t.Errorf("launch %d (%s): late is %v", i, k.Launches[i].Symbol, l)
		}
	}
	if !k.DeviceVars()["n"] {
		t.Errorf("DeviceVars %v lacks n", k.DeviceVars())
	}
	last := k.Launches[len(late)-1]
	args := last.Args
	last.Args = append(append([]abi.Arg(nil), args...), abi.Arg{Kind: abi.GroupsArg, Name: last.Symbol})
	if err := k.CheckLoops(); err == nil || !strings.Contains(err.Error(), "takes its work-group count") {
		t.Errorf("CheckLoops with a late launch's group count as an argument: %v", err)
	}
	last.Args = args
	k.Scratch = append(k.Scratch, abi.Buffer{Name: "partials", Kind: abi.Real8, Groups: last.Symbol})
	if err := k.CheckLoops(); err == nil || !strings.Contains(err.Error(), "counts its work-groups") {
		t.Errorf("CheckLoops with a late reduction's partials: %v", err)
	}
}
