package diag

import "testing"

func TestSuggest(t *testing.T) {
	for _, c := range []struct {
		word  string
		cands []string
		want  string
	}{
		{"kernal", []string{"pure", "kernel", "concurrent"}, "kernel"},
		{"kernl", []string{"pure", "kernel", "concurrent"}, "kernel"},
		{"dtt", []string{"dt", "alpha", "h"}, "dt"},
		{"ab", []string{"ba"}, "ba"},       // a swap is one edit
		{"hy", []string{"hz", "hx"}, "hx"}, // ties: the first in order
		{"x", []string{"y"}, ""},           // one letter: anything is one edit away
		{"velocity", []string{"velcoity"}, "velcoity"},
		{"alpha", []string{"omega", "beta"}, ""}, // too far
		{"hx", []string{"hx"}, ""},               // never the word itself
		{"abcd", []string{"abxy"}, ""},           // two edits on a short word
		{"concurrent", []string{"kernel"}, ""},
	} {
		if got := Suggest(c.word, c.cands); got != c.want {
			t.Errorf("Suggest(%q, %q) = %q, want %q", c.word, c.cands, got, c.want)
		}
	}
}
