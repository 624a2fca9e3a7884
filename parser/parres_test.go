package parser

import (
	"testing"

	"github.com/forocl/forocl/ast"
)

// "end enum" closes an enumeration in the specification part: it is kept
// there with "enum" and its enumerators, and the executable part starts
// at the first executable statement (it used to start at "end enum", so
// a program's statements seemed to begin inside the enumeration).
func TestEndEnumIsSpecification(t *testing.T) {
	f := expectErr(t, "program p\n  implicit none\n  enum, bind(c)\n    enumerator :: red, green\n  end enum\n  integer :: x\n  x = green\nend program p\n", "")
	p := f.Units[0].(*ast.Program)
	var kws []string
	for _, o := range p.Other {
		kws = append(kws, o.Keyword)
	}
	if len(kws) != 3 || kws[2] != "end enum" {
		t.Errorf("specification statements %q, want enum, enumerator, end enum", kws)
	}
	if len(p.Decls) != 1 || len(p.Body) != 1 || p.Body[0].Span().Start.Line != 7 {
		t.Errorf("%d declarations and body %v, want 1 and the assignment at line 7", len(p.Decls), p.Body)
	}
}
