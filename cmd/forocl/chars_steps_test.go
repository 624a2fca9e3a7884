package main

import (
	"maps"
	"testing"
	"time"

	"github.com/forocl/forocl/abi"
)

// TestStepCharsCycles: stepChars gives the outputs of the last of many
// steps without running each (a run of 10^8 steps spent minutes there
// before its first launch), both where the characters settle (tag =
// label // tag, cut to 6) and where they cycle (a and b swapped).
func TestStepCharsCycles(t *testing.T) {
	k := &abi.Kernel{Name: "k", Chars: []abi.CharParam{
		{Name: "label", Intent: abi.In},
		{Name: "tag", Len: 6, Intent: abi.InOut},
		{Name: "a", Len: 1, Intent: abi.InOut},
		{Name: "b", Len: 1, Intent: abi.InOut},
		{Name: "t", Len: 1, Intent: abi.Out},
	}, CharSets: []abi.CharSet{
		{Var: "tag", Parts: []abi.CharPart{{Name: "label"}, {Name: "tag"}}, Line: 1},
		{Var: "t", Parts: []abi.CharPart{{Name: "a"}}, Line: 2},
		{Var: "a", Parts: []abi.CharPart{{Name: "b"}}, Line: 3},
		{Var: "b", Parts: []abi.CharPart{{Name: "t"}}, Line: 4},
	}}
	in := map[string]string{"label": "w", "tag": "ab", "a": "x", "b": "y", "t": " "}
	// slow is the plain iteration, for the steps it can afford.
	slow := func(steps int) map[string]string {
		cur, out := maps.Clone(in), map[string]string(nil)
		for range max(steps, 1) {
			var err error
			if out, err = k.RunChars(cur); err != nil {
				t.Fatal(err)
			}
			for _, n := range []string{"tag", "a", "b"} {
				cur[n] = out[n]
			}
		}
		return out
	}
	for _, steps := range []int{0, 1, 2, 3, 5, 6, 7, 8, 13, 14} {
		got, err := stepChars(k, in, steps)
		if err != nil {
			t.Fatal(err)
		}
		if want := slow(steps); !maps.Equal(got, want) {
			t.Errorf("%d steps: %q, want %q", steps, got, want)
		}
	}
	start := time.Now()
	got, err := stepChars(k, in, 100000001)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"tag": "wwwwww", "a": "y", "b": "x", "t": "x"}; !maps.Equal(got, want) {
		t.Errorf("10^8+1 steps: %q, want %q", got, want)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("10^8+1 steps took %v", d)
	}
	if got, err := stepChars(&abi.Kernel{Name: "none"}, nil, 100000000); err != nil || got != nil {
		t.Errorf("a kernel without characters: %v, %v", got, err)
	}
}
