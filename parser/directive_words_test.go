package parser

import "testing"

// A misspelt KERNEL used to make no kernel without a word (issue 11).
func TestDirectiveUnknownWord(t *testing.T) {
	f := expectErr(t, "subroutine k(a)\n!$OFP PURE, KERNAL :: k\nend subroutine\n", `
t.f90:2:13: error: unknown word "KERNAL" in !$OFP directive [directive-unknown-word]
    2 | !$OFP PURE, KERNAL :: k
      |             ^~~~~~
hint: did you mean "KERNEL"? an !$OFP directive takes PURE, KERNEL and CONCURRENT`)
	if len(f.Directives) != 0 {
		t.Errorf("a directive with an unknown word is kept: %v", f.Directives)
	}
	expectErr(t, "subroutine k(a)\n!$OFP pure, frobnicate :: k\nend subroutine\n", `
t.f90:2:13: error: unknown word "frobnicate" in !$OFP directive [directive-unknown-word]
    2 | !$OFP pure, frobnicate :: k
      |             ^~~~~~~~~~
hint: an !$OFP directive takes PURE, KERNEL and CONCURRENT`)
}

func TestDirectiveWithoutKernel(t *testing.T) {
	expectErr(t, "subroutine k(a)\n!$OFP PURE :: k\nend subroutine\n", `
t.f90:2:1: warning: !$OFP directive makes no kernel: it has neither KERNEL nor CONCURRENT [directive-no-kernel]
    2 | !$OFP PURE :: k
      | ^~~~~~~~~~~~~~~
hint: write "!$OFP PURE, KERNEL :: k"`)
	for _, ok := range []string{"!$OFP PURE, KERNEL :: k", "!$ofp concurrent :: k", "!$OFP Kernel :: k"} {
		expectErr(t, "subroutine k(a)\n"+ok+"\nend subroutine\n", "")
	}
}
