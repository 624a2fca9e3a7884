package ir

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/diag"
)

// Note [host characters]
// ~~~~~~~~~~~~~~~~~~~~~~
// A character scalar dummy, or a character component of a scalar
// structure dummy, is a host value: the device never holds it. Sema
// takes the assignments to such variables at the top level of the host
// procedure (a = b, a = 'text', a = b // 'text') out of the body, in
// order, as Kernel.CharSets over Kernel.Chars; nothing else of the kernel
// reads them, so a host runs them before or after the launches alike
// (abi.Kernel.RunChars gives the semantics). A comparison of such
// values in the condition of an IF outside loops (IF (mode == 'fast')
// between nests) becomes a logical host variable of the compiler's own,
// "_chrN", that the host computes from the values the kernel is called
// with, as it starts the program: a CharTest (Fortran's comparison pads
// the shorter operand with blanks). A comparison that reads a character
// the kernel assigned before it, and any other use, is refused at its
// line (sema's host-character code).

// CharParam is a character dummy or a character component "s%name" of a
// structure dummy.
type CharParam struct {
	Name     string // as the ABI names it: "a", "s%name"
	Len      int    // the declared length; 0 for len=* and deferred (len=:)
	Deferred bool   // character(:), allocatable: takes the length of each value assigned
	Intent   Intent
	Struct   *Struct // the structure a component belongs to; nil for a dummy
	Arg      int     // a dummy's position among the procedure's dummies, from 0
	Pos      diag.Span
}

// CharSet is Var = the concatenation of Parts.
type CharSet struct {
	Var   string
	Parts []CharPart
	Pos   diag.Span
}

// CharPart is a character literal (Lit, when IsLit) or a CharParam's
// value (Name).
type CharPart struct {
	Name  string
	Lit   string
	IsLit bool
}

// CharTest is logical host variable Var = X Op Y, Op one of ==, /=, <,
// <=, >, >=, of the values the kernel is called with.
type CharTest struct {
	Var  string
	Op   string
	X, Y []CharPart
	Pos  diag.Span
}

// chars prints k's character parameters, assignments and comparisons.
func (p *printer) chars(k *Kernel) {
	for _, c := range k.Chars {
		n := fmt.Sprint(c.Len)
		switch {
		case c.Deferred:
			n = ":"
		case c.Len == 0:
			n = "*"
		}
		p.line(1, "char %s len=%s intent(%s)", c.Name, n, c.Intent)
	}
	for _, s := range k.CharSets {
		p.line(1, "charset %s = %s", s.Var, partsText(s.Parts))
	}
	for _, t := range k.CharTests {
		p.line(1, "chartest %s = %s %s %s", t.Var, partsText(t.X), t.Op, partsText(t.Y))
	}
}

// partsText spells a concatenation.
func partsText(parts []CharPart) string {
	var out []string
	for _, c := range parts {
		if c.IsLit {
			out = append(out, fmt.Sprintf("%q", c.Lit))
		} else {
			out = append(out, c.Name)
		}
	}
	return strings.Join(out, " // ")
}
