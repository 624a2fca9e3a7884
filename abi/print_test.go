package abi

import (
	"bytes"
	"strings"
	"testing"
)

// The printer shows every kind of step (Set, If with Else, a host loop, a
// launch with each kind of argument) in program order, and marks what it
// does not know (a step of no known kind, an argument of an unknown kind,
// a launch index out of range) with "??" instead of skipping it.
func TestFprintHostProgram(t *testing.T) {
	n := Affine{Terms: []Term{{1, "n"}}}
	k := &Kernel{Name: "k", File: "k.f90", Rank: 1,
		Sizes: []Size{{Name: "n", Doc: "the scalar dummy \"n\""}},
		Params: []Param{
			{Name: "n", Kind: Int, Intent: In},
			{Name: "a", Kind: Real8, Intent: InOut, Array: true, Shape: []Affine{{Const: 2, Terms: []Term{{1, "n"}}}}, Lower: []Affine{{}}},
			{Name: "s", Kind: Real8, Intent: Out},
		},
		Scratch: []Buffer{{Name: "_part1", Kind: Real8, Groups: "k_1"}, {Name: "_red1", Kind: Real8, Elements: Affine{Const: 1}}},
		Launches: []*Launch{
			{Symbol: "k_1", Strategy: "direct", MayBeEmpty: true, Local: []int{64}, Origin: []int{0},
				Global: []Range{{Positions: Affine{Const: 1, Terms: []Term{{1, "n"}, {-1, "lo"}}}, Per: 2, First: &Affine{Terms: []Term{{1, "lo"}}}}},
				Args:   []Arg{{Kind: ParamArg, Name: "n"}, {Kind: ParamArg, Name: "a"}, {Kind: ParamArg, Name: "s"}, {Kind: HostArg, Name: "lo"}, {Kind: LoopArg, Name: "it"}, {Kind: ScratchArg, Name: "_part1"}, {Kind: "pointer", Name: "p"}}},
			{Symbol: "k_r1", Strategy: "fold", Local: []int{256}, Origin: []int{0}, Global: []Range{{Positions: Affine{Const: 256}, Per: 1}},
				Args: []Arg{{Kind: ScratchArg, Name: "_part1"}, {Kind: GroupsArg, Name: "k_1"}, {Kind: ScratchArg, Name: "_red1"}, {Kind: SizeArg, Name: "n"}}},
		},
		Steps: []Step{
			{Launch: -1, Set: &Set{Var: "lo", Kind: Int, X: c(1)}},
			{Launch: -1, If: &If{Cond: op(">", nm("n"), c(4)),
				Then: []Step{{Launch: -1, Set: &Set{Var: "lo", Kind: Int, X: c(2)}}},
				Else: []Step{{Launch: -1}}}},
			{Launch: -1, Loop: &Loop{Var: "it", Lo: Affine{Const: 1}, Hi: n, Step: Affine{Const: 1}}, Body: []Step{{Launch: 0}, {Launch: 1},
				{Launch: -1, Combine: &Combine{Var: "s", Kind: Real8, Op: "sum", Buffer: "_red1"}}}},
			{Launch: 7},
		},
	}
	var b bytes.Buffer
	FprintKernel(&b, k)
	want := `kernel k (k.f90): rank 1, 2 launch(es)
  sizes (bound before the first launch):
    n: the scalar dummy "n"; passed by the host; when not given, derived from extent 1 (n + 2) of a
  parameters:
    n integer intent(in): value
    a real(8) intent(inout): buffer (n + 2), lower bounds (0), written to the device before the first launch and read back after the last
    s real(8) intent(out): result: a buffer of 1 element(s), read back after the last launch
  scratch buffers (on the device only):
    _part1 real(8): one element per work-group of k_1
    _red1 real(8): 1 element(s)
  host variables (the host computes them; a launch takes the value it has then):
    lo integer
    s real(8)
  program:
    lo = 1
    if (n > 4) then
      lo = 2
    else
      ?? a step the printer does not know: {"launch":-1}
    end if
    do it = 1, n, 1
      launch 1: k_1 (direct)
        global (roundup(ceil(max(n - lo + 1, 1) / 2), 64)), local (64)
        at work-item 0 the nest's indices along each dimension are (lo); a block of 2 per work-item
        may be empty: with no positions in a dimension it runs one work-group, which does nothing
        arg 0: n (value, integer)
        arg 1: a (buffer, real(8))
        arg 2: s (the buffer of result s, real(8))
        arg 3: lo (host variable, int)
        arg 4: it (host loop variable, int)
        arg 5: _part1 (scratch buffer)
        arg 6: ?? p: an argument of kind "pointer" the printer does not know
      launch 2: k_r1 (fold)
        global (256), local (256)
        folds the partials _part1 of launch k_1 into _red1
        arg 0: _part1 (scratch buffer)
        arg 1: the work-group count of launch k_1 (int)
        arg 2: _red1 (scratch buffer)
        arg 3: n (size, int)
      s = sum(s, _red1): read back from the device buffer _red1
    end do
    ?? a step the printer does not know: {"launch":7}
  read back after the last launch: arrays a
  read back after the last launch: results s
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Errorf("first difference at line %d:\n got %q\nwant %q", i+1, gl[i], wl[i])
				break
			}
		}
	}
}
