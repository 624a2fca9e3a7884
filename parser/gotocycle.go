package parser

import (
	"strings"

	"github.com/forocl/forocl/ast"
)

// Note [goto as cycle]
//
// F77 skips the rest of an iteration by jumping to the CONTINUE that ends
// the loop: "if (oi < 1) goto 10" ... "10 continue" as the last statement
// of the DO (a block DO, or "do 10 l = 1, nfs"). That jump is CYCLE, and
// the builder writes it so: a GO TO in the body (at its top level or in
// its IFs, not in an inner DO, whose end is not this one) whose label is
// that of the ending CONTINUE becomes a CYCLE statement, which sema
// translates (Note [cycle as if] in package sema). Any other GO TO is
// left as it is.

// labelStmt records the label of statement s (Note [goto as cycle]).
func (b *builder) labelStmt(s ast.Stmt, label string) {
	if b.labels == nil {
		b.labels = map[ast.Stmt]string{}
	}
	b.labels[s] = label
}

// blockDoCycles rewrites the jumps of a block DO's body to its last
// statement, a labelled CONTINUE, as CYCLEs (Note [goto as cycle]).
func (b *builder) blockDoCycles(body []ast.Stmt) {
	if len(body) == 0 {
		return
	}
	if o, ok := body[len(body)-1].(*ast.OtherStmt); ok && o.Keyword == "continue" && b.labels[o] != "" {
		gotoCycle(body, b.labels[o])
	}
}

// gotoCycle replaces, in body and its IFs, every GO TO label by CYCLE.
func gotoCycle(body []ast.Stmt, label string) {
	for i, s := range body {
		switch s := s.(type) {
		case *ast.OtherStmt:
			if s.Keyword == "go to" && gotoTarget(s.Text) == label {
				body[i] = &ast.OtherStmt{Pos: s.Pos, Keyword: "cycle", Text: "cycle"}
			}
		case *ast.IfStmt:
			gotoCycle(s.Then, label)
			for _, ei := range s.ElseIfs {
				gotoCycle(ei.Body, label)
			}
			gotoCycle(s.Else, label)
		}
	}
}

// gotoTarget returns the label of "go to 10" / "goto 010", without
// leading zeros, or "" for any other form (a computed or assigned GO TO).
func gotoTarget(text string) string {
	t := strings.ToLower(strings.Join(strings.Fields(text), ""))
	if !strings.HasPrefix(t, "goto") {
		return ""
	}
	n := t[len("goto"):]
	if n == "" || strings.Trim(n, "0123456789") != "" {
		return ""
	}
	return labelValue(n)
}
