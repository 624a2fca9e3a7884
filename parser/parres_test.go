package parser

import (
	"strings"
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
	// The enumerators are also declared (Note [enumerators]).
	if len(p.Decls) != 2 || len(p.Body) != 1 || p.Body[0].Span().Start.Line != 7 {
		t.Errorf("%d declarations and body %v, want 2 and the assignment at line 7", len(p.Decls), p.Body)
	}
}

// TestEnumerators pins Note [enumerators]: an enum's enumerators are
// integer named constants, 0 first, each given value kept, the others
// one more than the one before, counting again from 0 in the next enum.
func TestEnumerators(t *testing.T) {
	f := expectErr(t, "module m\n  enum, bind(c)\n    enumerator :: red, green = 5\n    enumerator blue\n  end enum\n  enum, bind(c)\n    enumerator :: one\n  end enum\nend module m\n", "")
	var got []string
	for _, d := range f.Units[0].(*ast.Module).Decls {
		if d.Type.Base != ast.Integer || len(d.Attrs) != 1 || d.Attrs[0].Name != ast.AttrParameter {
			t.Errorf("declaration %v is not integer, parameter", d)
		}
		for _, e := range d.Entities {
			got = append(got, e.Name.Name+" = "+ast.ExprString(e.Init))
		}
	}
	want := []string{"red = 0", "green = 5", "blue = (green + 1)", "one = 0"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("enumerators %q, want %q", got, want)
	}
}
