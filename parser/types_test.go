package parser

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
)

// TestComponentReferences: p(i)%x is a Call of "p%x" with BaseSubs, s%a(j)
// a Call of "s%a" without, s%t%u a name with two "%"; subscripts on both
// parts are refused (Note [component references]).
func TestComponentReferences(t *testing.T) {
	src := "subroutine k(p, s)\n  q(i)%x = s%a(j) + s%t%u\n  r = p(1)%v(2)\nend subroutine k\n"
	f, diags := Parse("t.f90", []byte(src))
	sub := f.Units[0].(*ast.Subprogram)
	as := sub.Body[0].(*ast.AssignStmt)
	lhs := as.LHS.(*ast.Call)
	if lhs.Name.Name != "q%x" || !lhs.BaseSubs || len(lhs.Args) != 1 {
		t.Errorf("q(i)%%x: got %q BaseSubs=%v with %d args", lhs.Name.Name, lhs.BaseSubs, len(lhs.Args))
	}
	rhs := as.RHS.(*ast.Binary)
	if c := rhs.X.(*ast.Call); c.Name.Name != "s%a" || c.BaseSubs {
		t.Errorf("s%%a(j): got %q BaseSubs=%v", c.Name.Name, c.BaseSubs)
	}
	if id := rhs.Y.(*ast.Ident); id.Name != "s%t%u" {
		t.Errorf("s%%t%%u: got %q", id.Name)
	}
	// Note [errors in bodies]: the error waits in the statement.
	if o, ok := sub.Body[1].(*ast.OtherStmt); !ok || string(o.ErrCode) != "component-subscripts" || !strings.Contains(o.Err, "subscripted twice") {
		t.Errorf("p(1)%%v(2) should be refused, got %#v (%s)", sub.Body[1], diags.String(nil))
	}
}

// TestTypeDefinitions: a derived-type definition keeps its name, parent,
// component declarations and the statements after its CONTAINS.
func TestTypeDefinitions(t *testing.T) {
	src := `module m
  type, public :: field
    real, allocatable :: data(:,:)
    integer :: lb(2), ub(2)
  contains
    procedure :: set
    generic :: assignment(=) => set
  end type field
  type, extends(field) :: tagged
    integer :: tag
  end type
end module m
`
	f, diags := Parse("t.f90", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags.String(nil))
	}
	ts := f.Units[0].(*ast.Module).Types
	if len(ts) != 2 {
		t.Fatalf("got %d types, want 2", len(ts))
	}
	if ts[0].Name.Name != "field" || ts[0].Extends != "" || len(ts[0].Components) != 2 || len(ts[0].Bound) != 2 {
		t.Errorf("field: name %q extends %q, %d components, %d bound", ts[0].Name.Name, ts[0].Extends, len(ts[0].Components), len(ts[0].Bound))
	}
	if ts[1].Name.Name != "tagged" || ts[1].Extends != "field" || len(ts[1].Components) != 1 {
		t.Errorf("tagged: name %q extends %q, %d components", ts[1].Name.Name, ts[1].Extends, len(ts[1].Components))
	}
}
