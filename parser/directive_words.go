package parser

import (
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// directiveWords are the words an !$OFP directive may have before "::"
// (the ForOpenCL paper's PURE, KERNEL and CONCURRENT), lower case.
var directiveWords = []string{"pure", "kernel", "concurrent"}

// checkDirectiveWords reports the words of d that are not directive words,
// with the closest known word as a suggestion, and warns when d names no
// kind of kernel (a directive of PURE alone). It returns false when d has
// an unknown word: such a directive is dropped, like a malformed one.
func (s *scanner) checkDirectiveWords(d *ast.Directive) bool {
	ok, kernel := true, false
	for _, a := range d.Attrs {
		switch a.Name {
		case "kernel", "concurrent":
			kernel = true
			continue
		case "pure":
			continue
		}
		ok = false
		dg := s.diags.Error(codeDirectiveWord, a.Pos, "unknown word %q in !$OFP directive", a.Orig)
		if m := diag.Suggest(a.Name, directiveWords); m != "" {
			dg.WithHint("did you mean %q? an !$OFP directive takes %s", strings.ToUpper(m), wordList())
		} else {
			dg.WithHint("an !$OFP directive takes %s", wordList())
		}
	}
	if ok && !kernel {
		s.diags.Warn(codeDirectiveNoKernel, d.Pos, "!$OFP directive makes no kernel: it has neither KERNEL nor CONCURRENT").
			WithHint(`write "!$OFP PURE, KERNEL :: %s"`, d.Names[0].Orig)
	}
	return ok
}

func wordList() string {
	up := make([]string, len(directiveWords))
	for i, w := range directiveWords {
		up[i] = strings.ToUpper(w)
	}
	return strings.Join(up[:len(up)-1], ", ") + " and " + up[len(up)-1]
}
