package abi

import (
	"fmt"
	"strings"
	"testing"
)

// hostLoopKernel has five launches: a, then b and c repeated for
// it = 1..niter, with c inside an inner loop k = it, 1, -1, then d.
func hostLoopKernel() *Kernel {
	k := &Kernel{Name: "k", Sizes: []Size{{Name: "niter"}}}
	for _, s := range []string{"a", "b", "c", "fold", "d"} {
		k.Launches = append(k.Launches, &Launch{Symbol: s})
	}
	k.Launches[2].Args = []Arg{{Kind: LoopArg, Name: "it"}, {Kind: LoopArg, Name: "k"}}
	k.HostLoops = []Loop{
		{Var: "it", Lo: Affine{Const: 1}, Hi: SizeMinus("niter", 0), Step: Affine{Const: 1}, First: 1, End: 4},
		{Var: "k", Lo: Affine{Terms: []Term{{1, "it"}}}, Hi: Affine{Const: 1}, Step: Affine{Const: -1}, First: 2, End: 4},
	}
	return k
}

// trace lists the launches Walk makes, with the loop variables.
func trace(t *testing.T, k *Kernel, niter int) string {
	t.Helper()
	var b []string
	err := k.Walk(map[string]int{"niter": niter}, func(i int, vals map[string]int) error {
		s := k.Launches[i].Symbol
		if it, ok := vals["it"]; ok {
			s += fmt.Sprintf("@%d", it)
		}
		if kk, ok := vals["k"]; ok {
			s += fmt.Sprintf(",%d", kk)
		}
		b = append(b, s)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(b, " ")
}

func TestWalk(t *testing.T) {
	k := hostLoopKernel()
	if err := k.CheckLoops(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		niter int
		want  string
	}{
		// After a loop its variable keeps the value Fortran's DO leaves.
		{0, "a d@1"},
		{-3, "a d@1"},
		{1, "a b@1 c@1,1 fold@1,1 d@2,0"},
		{3, "a b@1 c@1,1 fold@1,1 b@2,0 c@2,2 fold@2,2 c@2,1 fold@2,1 b@3,0 c@3,3 fold@3,3 c@3,2 fold@3,2 c@3,1 fold@3,1 d@4,0"},
	} {
		if got := trace(t, k, c.niter); got != c.want {
			t.Errorf("niter %d: %s\nwant %s", c.niter, got, c.want)
		}
	}
	p := k.Program()
	if len(p) != 3 || p[1].Loop == nil || p[1].Loop.Var != "it" || len(p[1].Body) != 2 || p[1].Body[1].Loop == nil || len(p[1].Body[1].Body) != 2 {
		t.Errorf("Program() = %+v", p)
	}
}

func TestTrips(t *testing.T) {
	for _, c := range []struct {
		lo, hi, step, want int
	}{
		{1, 10, 1, 10}, {1, 0, 1, 0}, {10, 1, -1, 10}, {1, 10, 3, 4}, {10, 1, 3, 0}, {1, 10, -2, 0}, {7, 7, 5, 1},
	} {
		l := Loop{Var: "i", Lo: Affine{Const: c.lo}, Hi: Affine{Const: c.hi}, Step: Affine{Const: c.step}}
		_, _, n, err := l.Trips(nil)
		if err != nil || n != c.want {
			t.Errorf("do i = %d, %d, %d: %d trips (%v), want %d", c.lo, c.hi, c.step, n, err, c.want)
		}
	}
	l := Loop{Var: "i", Lo: Affine{Const: 1}, Hi: Affine{Const: 2}, Step: SizeMinus("s", 0)}
	if _, _, _, err := l.Trips(map[string]int{"s": 0}); err == nil || !strings.Contains(err.Error(), "step 0") {
		t.Errorf("step 0: %v", err)
	}
}

func TestCheckLoops(t *testing.T) {
	for _, c := range []struct {
		edit func(k *Kernel)
		want string
	}{
		{func(k *Kernel) { k.HostLoops[1].End = 5 }, "overlap without nesting"},
		{func(k *Kernel) {
			k.HostLoops[1].Lo = Affine{Const: 1}
			k.HostLoops[0], k.HostLoops[1] = k.HostLoops[1], k.HostLoops[0]
		}, "outermost first"},
		{func(k *Kernel) { k.HostLoops[1].First = 4 }, "repeats launches 4 to 4"},
		{func(k *Kernel) { k.HostLoops[1].Var = "it" }, "variable of a loop around it"},
		{func(k *Kernel) { k.HostLoops[0].Var = "niter" }, "also a size"},
		{func(k *Kernel) { k.HostLoops[0].Hi = SizeMinus("k", 0) }, `names "k"`},
		{func(k *Kernel) { k.HostLoops[1].Step = Affine{} }, "step 0"},
		{func(k *Kernel) { k.Launches[4].Args = []Arg{{Kind: LoopArg, Name: "it"}} }, `launch d takes loop variable "it" outside its loop`},
	} {
		k := hostLoopKernel()
		c.edit(k)
		if err := k.CheckLoops(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error with %q", err, c.want)
		}
	}
}

// TestHostLoopsJSON round-trips a unit with host loops: format 2, the
// loops and loop arguments kept; a malformed loop is refused on reading.
func TestHostLoopsJSON(t *testing.T) {
	k := hostLoopKernel()
	b, err := Marshal(&Unit{Format: FormatLoops, Kernels: []*Kernel{k}})
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := trace(t, u.Kernels[0], 2), trace(t, k, 2); got != want {
		t.Errorf("after the round trip: %s, want %s", got, want)
	}
	if a := u.Kernels[0].Launches[2].Args; len(a) != 2 || a[1] != (Arg{Kind: LoopArg, Name: "k"}) {
		t.Errorf("loop arguments after the round trip: %v", a)
	}
	bad := strings.Replace(string(b), `"end": 4`, `"end": 9`, 1)
	if _, err := Unmarshal([]byte(bad)); err == nil || !strings.Contains(err.Error(), "repeats launches") {
		t.Errorf("a loop past the launches accepted: %v", err)
	}
}
