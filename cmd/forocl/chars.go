package main

import (
	"fmt"
	"io"

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
