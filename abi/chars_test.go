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
	// A deferred inout one not given is unallocated: reading it is an error.
	if _, err := k.RunChars(map[string]string{"label": "west", "tag": "ab", "out": "1"}); err == nil || !strings.Contains(err.Error(), "line 3 reads character s%name, which has no value there") {
		t.Errorf("unallocated read: %v", err)
	}
	// A len=* one needs its value, whose length is its length.
	if _, err := k.RunChars(map[string]string{"label": "w", "tag": "", "s%name": ""}); err == nil || !strings.Contains(err.Error(), "character out is len=*") {
		t.Errorf("len=* without a value: %v", err)
	}
}
