package abi

import (
	"maps"
	"strings"
	"testing"
)

// charKernel assigns, as Fortran would:
//
//	name = label // '/' // name   (deferred)
//	tag = label // tag            (len=6)
//	out = tag                     (len=*, intent(out))
func charKernel() *Kernel {
	return &Kernel{Name: "k", Chars: []CharParam{
		{Name: "label", Intent: In},
		{Name: "tag", Len: 6, Intent: InOut},
		{Name: "s%name", Intent: InOut, Deferred: true},
		{Name: "out", Intent: Out},
		{Name: "unset", Intent: Out, Deferred: true},
	}, CharSets: []CharSet{
		{Var: "s%name", Parts: []CharPart{{Name: "label"}, {Lit: "/", IsLit: true}, {Name: "s%name"}}, Line: 3},
		{Var: "tag", Parts: []CharPart{{Name: "label"}, {Name: "tag"}}, Line: 4},
		{Var: "out", Parts: []CharPart{{Name: "tag"}}, Line: 5},
	}}
}

func TestRunChars(t *testing.T) {
	k := charKernel()
	got, err := k.RunChars(map[string]string{"label": "west", "tag": "ab", "s%name": "x", "out": "123456789"})
	if err != nil {
		t.Fatal(err)
	}
	// tag: "ab" padded to "ab    ", then "west" // "ab    " cut to 6;
	// out keeps its caller's length 9, padded.
	want := map[string]string{"tag": "westab", "s%name": "west/x", "out": "westab   "}
	if !maps.Equal(got, want) {
		t.Errorf("RunChars = %q, want %q", got, want)
	}
	// A deferred inout one not given is unallocated: reading it in an
	// expression is an error; a copy of it (res = self written out) is
	// unallocated too.
	if _, err := k.RunChars(map[string]string{"label": "west", "tag": "ab", "out": "1"}); err == nil || !strings.Contains(err.Error(), "line 3 reads character s%name, which has no value there") {
		t.Errorf("unallocated read: %v", err)
	}
	k.CharSets[0].Parts = k.CharSets[0].Parts[2:] // s%name = s%name
	k.CharSets = append(k.CharSets, CharSet{Var: "unset", Parts: []CharPart{{Name: "s%name"}}})
	got, err = k.RunChars(map[string]string{"label": "west", "tag": "ab", "out": "1"})
	if _, ok := got["unset"]; err != nil || ok {
		t.Errorf("a copy of an unallocated one: %q, %v; want no value", got, err)
	}
	// A len=* one needs its value, whose length is its length.
	if _, err := k.RunChars(map[string]string{"label": "w", "tag": "", "s%name": ""}); err == nil || !strings.Contains(err.Error(), "character out is len=*") {
		t.Errorf("len=* without a value: %v", err)
	}
}

// TestCharTestVals: comparisons pad the shorter operand with blanks, as
// Fortran's do, and read the values the kernel is called with.
func TestCharTestVals(t *testing.T) {
	k := charKernel()
	k.CharTests = []CharTest{
		{Var: "_chr1", Op: "==", X: []CharPart{{Name: "tag"}}, Y: []CharPart{{Lit: "ab", IsLit: true}}},
		{Var: "_chr2", Op: "<", X: []CharPart{{Name: "label"}}, Y: []CharPart{{Lit: "m", IsLit: true}}},
		{Var: "_chr3", Op: ">=", X: []CharPart{{Name: "s%name"}, {Lit: "!", IsLit: true}}, Y: []CharPart{{Lit: "x", IsLit: true}}},
		{Var: "_chr4", Op: "/=", X: []CharPart{{Lit: "a ", IsLit: true}}, Y: []CharPart{{Lit: "a", IsLit: true}}},
	}
	got, err := k.CharTestVals(map[string]string{"label": "west", "tag": "ab", "s%name": "x", "out": "1"})
	if err != nil {
		t.Fatal(err)
	}
	// "ab    " == "ab"; "west" < "m" is false; "x!" >= "x " (! > blank); "a " == "a".
	if want := map[string]int{"_chr1": 1, "_chr2": 0, "_chr3": 1, "_chr4": 0}; !maps.Equal(got, want) {
		t.Errorf("CharTestVals = %v, want %v", got, want)
	}
	if c := CompareChars("ab", "ab\t"); c != 1 {
		t.Errorf(`CompareChars("ab", "ab\t") = %d, want 1 (blank after tab)`, c)
	}
}
