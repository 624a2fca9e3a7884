package golden

import (
	"fmt"
	"math"
	"os/exec"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/regions"
)

// lateMain drives the Go harness of loop_late_count's late_count on m =
// 2000 elements, every third above 1, and prints c's elements that the
// late launch writes (Note [late launches] in package abi).
var lateMain = lateProgram("NewLateCount", `out, err := c.NewArray(clhost.Float64, m)
	check(err)
	check(k.Run(m, a, b, out))
	got := make([]float64, m)
	check(c.ReadFloat64(out.Buffer, got))
	for _, v := range got {
		fmt.Println(v)
	}`)

// lateSumMain drives loop_late_sum's late_sum on the same input and
// prints its three results.
var lateSumMain = lateProgram("NewLateSum", `s, tt, u, err := k.Run(m, a, b)
	check(err)
	fmt.Println(s, tt, u)`)

// lateProgram is the main program of a late kernel's harness test: the
// harness's constructor newK, arrays a (m elements, every third above 1)
// and b, then tail, which runs k and prints.
func lateProgram(newK, tail string) string {
	return strings.NewReplacer("NEWK", newK, "TAIL", tail).Replace(lateTemplate)
}

const lateTemplate = `package main

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
	k, err := NEWK(c)
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
	TAIL
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
	// loop_late_sum reduces over late bounds: its partial results are
	// counted by late launches, which the hosts size (and grow) then.
	ks := compile(t, "../testdata/kernels/loop_late_sum.f90").units[regions.Direct].Kernels[0]
	lateSyms := map[string]bool{}
	for i, l := range ks.Late() {
		lateSyms[ks.Launches[i].Symbol] = l
	}
	counted := 0
	for _, b := range ks.Scratch {
		if lateSyms[b.Groups] {
			counted++
		}
	}
	if counted != 3 { // s and t over 1..cnt, u over 1..np
		t.Errorf("loop_late_sum: %d scratch buffers counted by late launches, want 3", counted)
	}
	if err := ks.CheckLoops(); err != nil {
		t.Errorf("loop_late_sum: %v", err)
	}
}

// TestLateSumHarnessRuns builds the Go harness of loop_late_sum, whose
// reductions run over counts the device computes (667 of 2000 elements,
// past the first work-group): the harness counts their work-groups when
// it sizes them and grows their partial results, so every element
// counts. The sums are compared within the numeric tier's tolerance (the
// device adds in another order).
func TestLateSumHarnessRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	device(t)
	u := compile(t, "../testdata/kernels/loop_late_sum.f90").units[regions.Direct]
	out, err := exec.Command(harnessProgram(t, u, "latesum", lateSumMain)).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	const m = 2000
	a := make([]float64, m)
	var packed []float64
	for i := range a {
		a[i] = 0.5
		if i%3 == 0 {
			a[i] = 1.5 + float64(i)/m
			packed = append(packed, a[i])
		}
	}
	var s, tt, u2 float64
	tt = -1
	for i := 1; i <= len(packed); i++ {
		s += a[i-1] * float64(i)
		tt = max(tt, a[m-i])
		u2 += packed[i-1] * packed[i-1]
	}
	var gs, gt, gu float64
	if _, err := fmt.Sscan(string(out), &gs, &gt, &gu); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"s", gs, s}, {"t", gt, tt}, {"u", gu, u2}} {
		if math.Abs(c.got-c.want) > 1e-12*math.Max(1, math.Abs(c.want)) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}
