package ast

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/forocl/forocl/diag"
)

// Fprint writes a deterministic, indented dump of f: one line per unit,
// specification item and statement, each with its line:col, and expressions
// in fully parenthesised infix form ("(a + (b * c))", "(-a)", "paren(x)" for
// parentheses the user wrote). It is what "forocl dump --stage=ast" shows and
// what the parser's golden tests pin; it does not depend on anything but f.
func Fprint(w io.Writer, f *File) {
	p := &printer{w: w}
	p.line("file %q", f.Name)
	p.indent++
	for _, d := range f.Directives {
		p.line("directive %s %s", lc(d.Pos), directive(d))
	}
	for _, u := range f.Units {
		p.unit(u)
	}
}

// ExprString returns the printed form of an expression, as in Fprint.
func ExprString(e Expr) string {
	var b strings.Builder
	expr(&b, e)
	return b.String()
}

type printer struct {
	w      io.Writer
	indent int
}

func (p *printer) line(format string, args ...any) {
	fmt.Fprintf(p.w, "%s%s\n", strings.Repeat("  ", p.indent), fmt.Sprintf(format, args...))
}

func lc(s diag.Span) string {
	if !s.IsValid() {
		return "-:-"
	}
	return fmt.Sprintf("%d:%d", s.Start.Line, s.Start.Col)
}

func names(ids []Ident) string {
	var s []string
	for _, id := range ids {
		s = append(s, id.Name)
	}
	return strings.Join(s, ", ")
}

func directive(d *Directive) string {
	return fmt.Sprintf("[%s] :: %s", names(d.Attrs), names(d.Names))
}

func (p *printer) unit(u Unit) {
	switch u := u.(type) {
	case *Module:
		p.line("module %s %s", u.Name.Name, lc(u.Pos))
		p.indent++
		p.scope(&u.Scope)
		p.contains(u.Contains)
		p.line("end %s", lc(u.End))
		p.indent--
	case *Program:
		name := u.Name.Name
		if name == "" {
			name = "(unnamed)"
		}
		p.line("program %s %s", name, lc(u.Pos))
		p.indent++
		p.scope(&u.Scope)
		p.body("body", u.Body)
		p.contains(u.Contains)
		p.line("end %s", lc(u.End))
		p.indent--
	case *Subprogram:
		p.subprogram(u)
	default:
		p.line("unit %T", u)
	}
}

func (p *printer) contains(subs []*Subprogram) {
	if len(subs) == 0 {
		return
	}
	p.line("contains")
	p.indent++
	for _, s := range subs {
		p.subprogram(s)
	}
	p.indent--
}

func (p *printer) subprogram(s *Subprogram) {
	kind := "subroutine"
	if s.Kind == Function {
		kind = "function"
	}
	var attrs []string
	for _, a := range []struct {
		on   bool
		name string
	}{{s.Pure, "pure"}, {s.Elemental, "elemental"}, {s.Impure, "impure"}, {s.Recursive, "recursive"}} {
		if a.on {
			attrs = append(attrs, a.name)
		}
	}
	if s.TypePrefix != nil {
		attrs = append(attrs, "type="+typeSpec(s.TypePrefix))
	}
	if s.Result != nil {
		attrs = append(attrs, "result="+s.Result.Name)
	}
	extra := ""
	if len(attrs) > 0 {
		extra = " " + strings.Join(attrs, " ")
	}
	p.line("%s %s(%s) %s%s", kind, s.Name.Name, names(s.Args), lc(s.Pos), extra)
	p.indent++
	for _, d := range s.Directives {
		p.line("directive %s %s", lc(d.Pos), directive(d))
	}
	p.scope(&s.Scope)
	p.body("body", s.Body)
	p.contains(s.Contains)
	p.line("end %s", lc(s.End))
	p.indent--
}

func (p *printer) scope(s *Scope) {
	for _, u := range s.Uses {
		only := ""
		if u.HasOnly {
			only = " only: " + names(u.Only)
		}
		p.line("use %s %s%s", u.Module.Name, lc(u.Pos), only)
	}
	if s.ImplicitNone {
		p.line("implicit none")
	}
	for _, o := range s.Implicit {
		p.other(o)
	}
	for _, d := range s.Decls {
		var attrs []string
		for _, a := range d.Attrs {
			attrs = append(attrs, attr(a))
		}
		var ents []string
		for _, e := range d.Entities {
			ents = append(ents, entity(e))
		}
		as := ""
		if len(attrs) > 0 {
			as = ", " + strings.Join(attrs, ", ")
		}
		p.line("decl %s %s%s :: %s", lc(d.Pos), typeSpec(d.Type), as, strings.Join(ents, ", "))
	}
	for _, a := range s.AttrStmts {
		if len(a.Names) == 0 {
			p.line("attr %s %s", lc(a.Pos), attr(a.Attr))
			continue
		}
		p.line("attr %s %s :: %s", lc(a.Pos), attr(a.Attr), names(a.Names))
	}
	for _, o := range s.Other {
		p.other(o)
	}
}

var baseNames = map[TypeBase]string{
	Real: "real", DoublePrecision: "double precision", Integer: "integer",
	Logical: "logical", Character: "character", Complex: "complex", Derived: "type",
}

func typeSpec(t *TypeSpec) string {
	if t == nil {
		return "<nil>"
	}
	s := baseNames[t.Base]
	if t.Kind != nil {
		s += "(" + ExprString(t.Kind) + ")"
	}
	return s
}

var intentNames = map[Intent]string{IntentNone: "none", IntentIn: "in", IntentOut: "out", IntentInOut: "inout"}

func attr(a *Attr) string {
	switch a.Name {
	case AttrDimension:
		return "dimension(" + dims(a.Dims) + ")"
	case AttrIntent:
		return "intent(" + intentNames[a.Intent] + ")"
	case AttrOther:
		return "other:" + a.Word
	}
	return a.Word
}

func dims(ds []DimSpec) string {
	var s []string
	for _, d := range ds {
		switch {
		case d.Deferred && d.Lo != nil:
			s = append(s, ExprString(d.Lo)+":")
		case d.Deferred:
			s = append(s, ":")
		case d.Lo == nil && d.Hi == nil:
			s = append(s, "*")
		case d.Lo == nil:
			s = append(s, ExprString(d.Hi))
		case d.Hi == nil:
			s = append(s, ExprString(d.Lo)+":*")
		default:
			s = append(s, ExprString(d.Lo)+":"+ExprString(d.Hi))
		}
	}
	return strings.Join(s, ",")
}

func entity(e *Entity) string {
	s := e.Name.Name
	if len(e.Dims) > 0 {
		s += "(" + dims(e.Dims) + ")"
	}
	if e.Init != nil {
		op := " = "
		if e.PtrInit {
			op = " => "
		}
		s += op + ExprString(e.Init)
	}
	return s
}

func (p *printer) other(o *OtherStmt) {
	kw := o.Keyword
	if kw == "" {
		kw = "?"
	}
	if o.Err != "" {
		p.line("other %s %s %q error: %s", kw, lc(o.Pos), o.Text, o.Err)
		return
	}
	p.line("other %s %s %q", kw, lc(o.Pos), o.Text)
}

func (p *printer) body(label string, body []Stmt) {
	if len(body) == 0 {
		return
	}
	p.line("%s:", label)
	p.indent++
	for _, s := range body {
		p.stmt(s)
	}
	p.indent--
}

func (p *printer) stmt(s Stmt) {
	if p.loopStmt(s) {
		return
	}
	switch s := s.(type) {
	case *AssignStmt:
		op := "="
		if s.Pointer {
			op = "=>"
		}
		p.line("assign %s %s %s %s", lc(s.Pos), ExprString(s.LHS), op, ExprString(s.RHS))
	case *CallStmt:
		var b strings.Builder
		args(&b, s.Args)
		p.line("call %s %s(%s)", lc(s.Pos), s.Name.Name, b.String())
	case *ReturnStmt:
		p.line("return %s", lc(s.Pos))
	case *WriteStmt:
		unit := "*"
		if s.Unit != nil {
			unit = ExprString(s.Unit)
		}
		items := make([]string, len(s.Items))
		for i, x := range s.Items {
			items[i] = ExprString(x)
		}
		p.line("write %s (%s, *) %s", lc(s.Pos), unit, strings.Join(items, ", "))
	case *OtherStmt:
		p.other(s)
	case *WhereStmt:
		if s.Single {
			p.line("where %s %s (single)", lc(s.Pos), ExprString(s.Mask))
		} else {
			p.line("where %s %s", lc(s.Pos), ExprString(s.Mask))
		}
		p.indent++
		for _, x := range s.Body {
			p.stmt(x)
		}
		p.indent--
		for _, e := range s.ElseWhere {
			if e.Mask != nil {
				p.line("elsewhere %s %s", lc(e.Pos), ExprString(e.Mask))
			} else {
				p.line("elsewhere %s", lc(e.Pos))
			}
			p.indent++
			for _, x := range e.Body {
				p.stmt(x)
			}
			p.indent--
		}
		if !s.Single {
			p.line("end where %s", lc(s.End))
		}
	case *IfStmt:
		if s.Single {
			p.line("if %s %s (single)", lc(s.Pos), ExprString(s.Cond))
		} else {
			p.line("if %s %s", lc(s.Pos), ExprString(s.Cond))
		}
		p.indent++
		for _, x := range s.Then {
			p.stmt(x)
		}
		p.indent--
		for _, e := range s.ElseIfs {
			p.line("else if %s %s", lc(e.Pos), ExprString(e.Cond))
			p.indent++
			for _, x := range e.Body {
				p.stmt(x)
			}
			p.indent--
		}
		if s.HasElse {
			p.line("else")
			p.indent++
			for _, x := range s.Else {
				p.stmt(x)
			}
			p.indent--
		}
		if !s.Single {
			p.line("end if %s", lc(s.End))
		}
	default:
		p.line("stmt %T", s)
	}
}

func args(b *strings.Builder, as []Arg) {
	for i, a := range as {
		if i > 0 {
			b.WriteString(", ")
		}
		if a.Keyword != nil {
			b.WriteString(a.Keyword.Name + "=")
		}
		if !a.Section {
			expr(b, a.Value)
			continue
		}
		if a.Lo != nil {
			expr(b, a.Lo)
		}
		b.WriteString(":")
		if a.Hi != nil {
			expr(b, a.Hi)
		}
		if a.Stride != nil {
			b.WriteString(":")
			expr(b, a.Stride)
		}
	}
}

func expr(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case nil:
		b.WriteString("<nil>")
	case *Ident:
		b.WriteString(e.Name)
	case *IntLit:
		b.WriteString(e.Text)
	case *RealLit:
		b.WriteString(e.Text)
	case *LogicalLit:
		if e.Value {
			b.WriteString(".true.")
		} else {
			b.WriteString(".false.")
		}
	case *StringLit:
		b.WriteString(strconv.Quote(e.Value))
	case *Unary:
		b.WriteString("(" + e.Op)
		if strings.HasPrefix(e.Op, ".") {
			b.WriteString(" ")
		}
		expr(b, e.X)
		b.WriteString(")")
	case *Binary:
		b.WriteString("(")
		expr(b, e.X)
		b.WriteString(" " + e.Op + " ")
		expr(b, e.Y)
		b.WriteString(")")
	case *Paren:
		b.WriteString("paren(")
		expr(b, e.X)
		b.WriteString(")")
	case *Call:
		name, comp := e.Name.Name, ""
		if i := strings.IndexByte(name, '%'); e.BaseSubs && i >= 0 {
			name, comp = name[:i], name[i:]
		}
		b.WriteString(name + "(")
		args(b, e.Args)
		b.WriteString(")" + comp)
	case *ArrayCons:
		b.WriteString("[")
		for i, x := range e.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			expr(b, x)
		}
		b.WriteString("]")
	case *BadExpr:
		b.WriteString("<bad>")
	default:
		fmt.Fprintf(b, "<%T>", e)
	}
}
