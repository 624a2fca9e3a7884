package ast

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/diag"
)

// DoForm says which kind of DO construct a DoStmt is.
type DoForm int

const (
	DoCounted    DoForm = iota // do v = lo, hi[, step]
	DoConcurrent               // do concurrent (i = lo:hi, ...) [locality]
	DoWhile                    // do while (cond)
	DoForever                  // do
)

// DoStmt is a DO construct closed by "end do". A labelled DO ("do 10 i =
// 1, n" ... "10 continue") is kept as an OtherStmt.
type DoStmt struct {
	Pos  diag.Span // the do statement
	Form DoForm
	Name string // construct name, lower-case; "" when none
	// Counted loops: the loop variable and its bounds (Step nil means 1).
	Var          *Ident
	Lo, Hi, Step Expr
	// DO CONCURRENT: its indices, optional mask and locality specifiers.
	Indices  []*ConcurrentIndex
	Mask     Expr
	Locality []*Locality
	// DO WHILE: the condition.
	Cond Expr
	Body []Stmt
	End  diag.Span
	// Bad says the do statement did not parse; Body then starts with the
	// OtherStmt that holds the error (see Note [errors in bodies] in
	// package parser).
	Bad bool
}

// ConcurrentIndex is "i = lo:hi[:step]" of a DO CONCURRENT header.
type ConcurrentIndex struct {
	Var          Ident
	Lo, Hi, Step Expr
}

// Locality is one locality specifier of DO CONCURRENT: local(a, b),
// local_init(c), shared(d) or default(none) (Names holds "none").
type Locality struct {
	Pos   diag.Span
	Kind  string // "local", "local_init", "shared", "default", "reduce", or another word as written
	Names []Ident
	// Op is the operator of reduce(op: names), as written: "+", "*",
	// "max", "min", ".and.", ".or."; "" for other specifiers.
	Op string
}

// LoopDirective is an OpenMP ("!$omp") or OpenACC ("!$acc") directive
// line, kept as a statement so that sema can associate it with the loop
// nest that follows: "!$omp parallel do private(j, v) collapse(2)".
type LoopDirective struct {
	Pos     diag.Span
	API     string    // "omp" or "acc"
	Clauses []*Clause // every word in order, construct words included
}

// Clause is one word of a directive and its parenthesised argument:
// "parallel", "private(j, v)", "collapse(2)".
type Clause struct {
	Pos  diag.Span
	Name string  // lower-case
	Arg  string  // the text between the parentheses; "" when none
	Args []Ident // Arg split at commas, when every piece is a name
	// HasArg says the clause had parentheses.
	HasArg bool
}

func (*DoStmt) stmt()        {}
func (*LoopDirective) stmt() {}

func (s *DoStmt) Span() diag.Span        { return s.Pos }
func (s *LoopDirective) Span() diag.Span { return s.Pos }

// Words returns the directive's clause names, space-separated.
func (d *LoopDirective) Words() string {
	w := make([]string, len(d.Clauses))
	for i, c := range d.Clauses {
		w[i] = c.Name
	}
	return strings.Join(w, " ")
}

// Text is the directive's words with their arguments, as written after
// the sentinel (spacing aside).
func (d *LoopDirective) Text() string {
	parts := make([]string, len(d.Clauses))
	for i, c := range d.Clauses {
		parts[i] = c.Name
		if c.HasArg {
			parts[i] = fmt.Sprintf("%s(%s)", c.Name, c.Arg)
		}
	}
	return strings.Join(parts, " ")
}

func (p *printer) loopStmt(s Stmt) bool {
	switch s := s.(type) {
	case *SelectCase:
		p.selectCase(s)
	case *ForallStmt:
		p.forall(s)
	case *LoopDirective:
		p.line("directive %s %s %s", s.API, lc(s.Pos), s.Text())
	case *DoStmt:
		name := ""
		if s.Name != "" {
			name = s.Name + ": "
		}
		switch s.Form {
		case DoCounted:
			h := fmt.Sprintf("%s = %s, %s", s.Var.Name, ExprString(s.Lo), ExprString(s.Hi))
			if s.Step != nil {
				h += ", " + ExprString(s.Step)
			}
			p.line("%sdo %s %s", name, lc(s.Pos), h)
		case DoConcurrent:
			h := header(s.Indices, s.Mask)
			for _, l := range s.Locality {
				h += fmt.Sprintf(" %s(%s)", l.Kind, names(l.Names))
			}
			p.line("%sdo concurrent %s %s", name, lc(s.Pos), h)
		case DoWhile:
			p.line("%sdo while %s %s", name, lc(s.Pos), ExprString(s.Cond))
		default:
			p.line("%sdo %s", name, lc(s.Pos))
		}
		p.indent++
		for _, x := range s.Body {
			p.stmt(x)
		}
		p.indent--
		p.line("end do %s", lc(s.End))
	default:
		return false
	}
	return true
}

// SelectCase is a SELECT CASE construct: "select case (Expr)", its case
// blocks in order, "end select".
type SelectCase struct {
	Pos   diag.Span // the select case statement
	Name  string    // construct name, lower-case; "" when none
	Expr  Expr
	Cases []*Case
	End   diag.Span
}

// Case is one "case (values)" or "case default" block.
type Case struct {
	Pos     diag.Span
	Default bool
	Values  []*CaseValue
	Body    []Stmt
}

// CaseValue is one entry of a case selector: a value (Lo, Range false) or
// a range lo:hi, either end possibly absent (nil).
type CaseValue struct {
	Lo, Hi Expr
	Range  bool
}

func (*SelectCase) stmt()             {}
func (s *SelectCase) Span() diag.Span { return s.Pos }

func (p *printer) selectCase(s *SelectCase) {
	name := ""
	if s.Name != "" {
		name = s.Name + ": "
	}
	p.line("%sselect case %s %s", name, lc(s.Pos), ExprString(s.Expr))
	for _, c := range s.Cases {
		if c.Default {
			p.line("case default %s", lc(c.Pos))
		} else {
			var vs []string
			for _, v := range c.Values {
				switch {
				case !v.Range:
					vs = append(vs, ExprString(v.Lo))
				default:
					lo, hi := "", ""
					if v.Lo != nil {
						lo = ExprString(v.Lo)
					}
					if v.Hi != nil {
						hi = ExprString(v.Hi)
					}
					vs = append(vs, lo+":"+hi)
				}
			}
			p.line("case %s (%s)", lc(c.Pos), strings.Join(vs, ", "))
		}
		p.indent++
		for _, x := range c.Body {
			p.stmt(x)
		}
		p.indent--
	}
	p.line("end select %s", lc(s.End))
}
