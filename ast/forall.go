package ast

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/diag"
)

// ForallStmt is a FORALL statement ("forall (i = 1:n, mask) a(i) = ...",
// Single) or construct ("[name:] forall (...)" ... "end forall [name]"):
// its index triplets, an optional scalar mask, and the assignments,
// nested FORALLs and WHEREs of its body.
type ForallStmt struct {
	Pos     diag.Span // the forall statement
	Name    string    // construct name, lower-case; "" when none
	Indices []*ConcurrentIndex
	Mask    Expr
	Body    []Stmt
	Single  bool
	End     diag.Span // the end forall statement; zero for Single
	// Bad says the forall statement did not parse; Body then starts with
	// the OtherStmt that holds the error.
	Bad bool
}

func (*ForallStmt) stmt()             {}
func (s *ForallStmt) Span() diag.Span { return s.Pos }

// header returns the text of a DO CONCURRENT or FORALL header.
func header(ixs []*ConcurrentIndex, mask Expr) string {
	var ix []string
	for _, c := range ixs {
		t := fmt.Sprintf("%s = %s:%s", c.Var.Name, ExprString(c.Lo), ExprString(c.Hi))
		if c.Step != nil {
			t += ":" + ExprString(c.Step)
		}
		ix = append(ix, t)
	}
	if mask != nil {
		ix = append(ix, ExprString(mask))
	}
	return "(" + strings.Join(ix, ", ") + ")"
}

func (p *printer) forall(s *ForallStmt) {
	name := ""
	if s.Name != "" {
		name = s.Name + ": "
	}
	p.line("%sforall %s %s", name, lc(s.Pos), header(s.Indices, s.Mask))
	p.indent++
	for _, x := range s.Body {
		p.stmt(x)
	}
	p.indent--
	if !s.Single {
		p.line("end forall %s", lc(s.End))
	}
}
