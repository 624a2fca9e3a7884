package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/forocl/forocl/abi"
)

// compareChars prints a line for each character output of k (Note [host
// characters] in ir/chars.go), gfortran's value (want) against the
// host's (got), value and length, and returns how many differ.
func compareChars(w io.Writer, k *abi.Kernel, want, got map[string]string) int {
	bad := 0
	for _, c := range k.CharOutputs() {
		x, okx := want[c.Name]
		y, oky := got[c.Name]
		switch {
		case okx != oky || x != y:
			fmt.Fprintf(w, "%s  character  DIFFERS: gfortran %s, forocl %s\n", c.Name, charText(x, okx), charText(y, oky))
			bad++
		default:
			fmt.Fprintf(w, "%s  character  match: %s\n", c.Name, charText(x, okx))
		}
	}
	return bad
}

// charText spells a character value and its length, or its absence.
func charText(v string, ok bool) string {
	if !ok {
		return "no value"
	}
	return fmt.Sprintf("%q (len %d)", v, len(v))
}

// stepChars returns k's character outputs after steps runs (one when
// steps is 0), each intent(inout) one taking the value the run before
// gave it, as --steps runs the kernel. A kernel whose IFs compare a
// character it assigns would compare other values at each step, which
// the host program, run once, does not: such a kernel runs one step.
func stepChars(k *abi.Kernel, in map[string]string, steps int) (map[string]string, error) {
	for _, t := range k.CharTests {
		for _, p := range append(append([]abi.CharPart(nil), t.X...), t.Y...) {
			assigned := slices.ContainsFunc(k.CharSets, func(s abi.CharSet) bool { return !p.IsLit && s.Var == p.Name })
			if steps > 1 && assigned {
				return nil, fmt.Errorf("--steps %d: kernel %q compares character %s at line %d, which it assigns, so each step would compare another value; run one step at a time", steps, k.Name, p.Name, t.Line)
			}
		}
	}
	if len(k.Chars) == 0 {
		return nil, nil
	}
	// Each step's outputs are a function of the intent(inout) values it
	// starts with, so once those repeat the steps cycle: the last step's
	// outputs follow from the cycle, not from running every step (a run
	// of 10^8 steps must not spend its time here).
	cur := maps.Clone(in)
	var outs []map[string]string
	seen := map[string]int{}
	for step := range max(steps, 1) {
		key := charState(cur)
		if first, ok := seen[key]; ok {
			period := step - first
			return outs[first+(max(steps, 1)-1-first)%period], nil
		}
		seen[key] = step
		out, err := k.RunChars(cur)
		if err != nil {
			return nil, err
		}
		outs = append(outs, out)
		cur = maps.Clone(cur)
		for n, v := range out {
			if k.CharParam(n).Intent == abi.InOut {
				cur[n] = v
			}
		}
	}
	return outs[len(outs)-1], nil
}

// charState spells a step's character inputs as one string, in name order.
func charState(vals map[string]string) string {
	var b strings.Builder
	for _, n := range slices.Sorted(maps.Keys(vals)) {
		fmt.Fprintf(&b, "%d:%s=%d:%s;", len(n), n, len(vals[n]), vals[n])
	}
	return b.String()
}
