package main

import (
	"fmt"
	"io"
	"maps"
	"slices"

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
	cur := maps.Clone(in)
	var out map[string]string
	for range max(steps, 1) {
		var err error
		if out, err = k.RunChars(cur); err != nil {
			return nil, err
		}
		for n, v := range out {
			if k.CharParam(n).Intent == abi.InOut {
				cur[n] = v
			}
		}
	}
	return out, nil
}
