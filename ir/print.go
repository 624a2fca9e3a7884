package ir

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Fprint writes a deterministic, readable dump of p: the functions, then
// the kernels with their parameters, locals, temporaries and statements.
// It is what "forocl dump --stage=ir" prints and what sema's golden tests
// pin. Windows print as H[+lo1,+lo2|-hi1,-hi2] (a whole array as H), frames
// and temporary extents in terms of the grid, e.g. (n1-1, n2-2), converted
// operands as real(8)(x) and named constants as name=value.
func Fprint(w io.Writer, p *Program) {
	pr := &printer{w: w}
	for i, f := range p.Funcs {
		if i > 0 {
			pr.line(0, "")
		}
		pr.fn(f)
	}
	for i, k := range p.Kernels {
		if i > 0 || len(p.Funcs) > 0 {
			pr.line(0, "")
		}
		pr.kernel(k)
	}
}

type printer struct {
	w io.Writer
}

func (p *printer) line(indent int, format string, args ...any) {
	fmt.Fprintf(p.w, "%s%s\n", strings.Repeat("  ", indent), fmt.Sprintf(format, args...))
}

func (p *printer) fn(f *Func) {
	p.line(0, "func %s  (%s)", f.Name, f.Pos)
	for _, v := range f.Params {
		p.line(1, "param %s", varText(v))
	}
	if f.Result != nil {
		p.line(1, "result %s", varText(f.Result))
	}
	for _, v := range f.Locals {
		p.line(1, "local %s", varText(v))
	}
	p.body(1, f.Body)
	p.line(0, "end func %s", f.Name)
}

func (p *printer) kernel(k *Kernel) {
	kind := "kernel"
	if !k.FrameForm() {
		kind = "loop kernel"
	}
	p.line(0, "%s %s rank=%d  (%s)", kind, k.Name, k.Rank, k.Pos)
	for _, v := range k.Params {
		p.line(1, "param %s", varText(v))
	}
	for _, v := range k.Locals {
		p.line(1, "local %s", varText(v))
	}
	p.chars(k)
	for _, v := range k.Temps {
		p.line(1, "temp %s", varText(v))
	}
	for _, v := range k.Automatic {
		p.line(1, "automatic %s", varText(v))
	}
	for _, v := range k.Tables {
		vals := make([]string, len(v.Data))
		for i, c := range v.Data {
			vals[i] = ConstText(c)
		}
		p.line(1, "table %s = [%s]", varText(v), strings.Join(vals, ", "))
	}
	p.body(1, k.Body)
	p.line(0, "end %s %s", kind, k.Name)
}

// varText describes a variable: name, kind, rank, intent, target, extent.
func varText(v *Var) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", v.Name, v.Kind)
	if v.Rank > 0 {
		fmt.Fprintf(&b, " rank=%d", v.Rank)
	}
	if v.Elems > 0 {
		fmt.Fprintf(&b, " elems=%d", v.Elems)
	}
	if v.Intent != IntentNone {
		fmt.Fprintf(&b, " intent(%s)", v.Intent)
	}
	if v.Target {
		b.WriteString(" target")
	}
	if v.Role == Temp && v.Shrink != nil {
		fmt.Fprintf(&b, " extent=%s", Extent(v.Shrink))
	}
	if v.Bounds != nil {
		var ds []string
		for _, d := range v.Bounds {
			ds = append(ds, d.Lo.String()+":"+d.Hi.String())
		}
		fmt.Fprintf(&b, " bounds=(%s)", strings.Join(ds, ", "))
	}
	if v.Quot != nil {
		fmt.Fprintf(&b, " = (%s) / %d", v.Quot.Of, v.Quot.Div)
	}
	if v.Sequence {
		b.WriteString(" sequence") // any actual array of as many elements
	}
	if v.Module != "" {
		b.WriteString(" module=" + v.Module)
	}
	return b.String()
}

// Extent writes the extent n_d - shrink[d] of a frame or temporary in terms
// of the grid: (n1-1, n2-2); (n1) for a zero shrink of rank 1.
func Extent(shrink []int) string {
	parts := make([]string, len(shrink))
	for d, s := range shrink {
		switch {
		case s == 0:
			parts[d] = fmt.Sprintf("n%d", d+1)
		case s > 0:
			parts[d] = fmt.Sprintf("n%d-%d", d+1, s)
		default:
			parts[d] = fmt.Sprintf("n%d+%d", d+1, -s)
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (p *printer) body(indent int, list []Stmt) {
	for _, s := range list {
		p.stmt(indent, s)
	}
}

func (p *printer) stmt(indent int, s Stmt) {
	switch s := s.(type) {
	case *Assign:
		frame := ""
		if s.Shrink != nil {
			frame = Extent(s.Shrink) + " "
		}
		op := "="
		if w, ok := s.LHS.(*Window); ok && w.Var.Role == Reduction {
			op = "= " + w.Var.Reduce.Op.String() + " of" // the folded value of the frame
		}
		if r, ok := s.LHS.(*Ref); ok && r.Var.Role == Reduction {
			op = "<- " + r.Var.Reduce.Op.String() + " of" // folded into the nest's reduction
		}
		if s.Mask != nil {
			p.line(indent, "%swhere %s: %s %s %s", frame, ExprString(s.Mask), ExprString(s.LHS), op, ExprString(s.RHS))
		} else {
			p.line(indent, "%s%s %s %s%s", frame, ExprString(s.LHS), op, ExprString(s.RHS), nonZero(s.NonZero))
		}
	case *If:
		p.line(indent, "if %s then", ExprString(s.Cond))
		p.body(indent+1, s.Then)
		if len(s.Else) > 0 {
			p.line(indent, "else")
			p.body(indent+1, s.Else)
		}
		p.line(indent, "end if")
	case *Return:
		p.line(indent, "return")
	case *Print:
		items := make([]string, len(s.Items))
		for i, it := range s.Items {
			items[i] = it.String()
		}
		p.line(indent, "write (%d, *) %s", s.Unit, strings.Join(items, ", "))
	case *Nest:
		var ix []string
		for d, v := range s.Index {
			ix = append(ix, fmt.Sprintf("%s = %s:%s", v.Name, s.Lo[d], s.Hi[d]))
		}
		red := ""
		for _, r := range s.Reduces {
			red += fmt.Sprintf(" reduce(%s: %s)", r.Reduce.Op, r.Reduce.Result.Name)
		}
		p.line(indent, "parallel (%s)  [%s]%s", strings.Join(ix, ", "), s.Source, red)
		p.body(indent+1, s.Body)
		p.line(indent, "end parallel")
	case *Loop:
		step := ""
		if s.Step != nil {
			step = ", " + ExprString(s.Step)
		}
		host := ""
		if s.Host != nil {
			host = "  [host loop]"
		}
		p.line(indent, "do %s = %s, %s%s%s", s.Var.Name, ExprString(s.Lo), ExprString(s.Hi), step, host)
		p.body(indent+1, s.Body)
		p.line(indent, "end do")
	default:
		panic(fmt.Sprintf("internal error: ir.Fprint: unexpected statement %T", s))
	}
}

// ExprString writes an expression on one line, fully parenthesised.
func ExprString(e Expr) string {
	var b strings.Builder
	writeExpr(&b, e)
	return b.String()
}

func writeExpr(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case nil:
		b.WriteString("<nil>")
	case *Const:
		if e.Name != "" {
			b.WriteString(e.Name)
			b.WriteByte('=')
		}
		b.WriteString(ConstText(e))
	case *GridExtent:
		fmt.Fprintf(b, "n%d", e.Dim+1)
	case *Ref:
		b.WriteString(e.Var.Name)
		if e.Elem > 0 {
			fmt.Fprintf(b, "(%d)", e.Elem)
		}
	case *Elem:
		b.WriteString(e.Var.Name)
		b.WriteByte('(')
		for i, x := range e.Index {
			if i > 0 {
				b.WriteString(", ")
			}
			writeExpr(b, x)
		}
		b.WriteByte(')')
	case *Window:
		b.WriteString(e.Var.Name)
		zero := true
		for d := range e.Lo {
			if e.Lo[d] != 0 || e.Hi[d] != 0 {
				zero = false
			}
		}
		if !zero {
			b.WriteByte('[')
			for d, lo := range e.Lo {
				if d > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(b, "+%d", lo)
			}
			b.WriteByte('|')
			for d, hi := range e.Hi {
				if d > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(b, "-%d", hi)
			}
			b.WriteByte(']')
		}
	case *Unary:
		b.WriteByte('(')
		b.WriteString(e.Op.String())
		if e.Op == Not {
			b.WriteByte(' ')
		}
		writeExpr(b, e.X)
		b.WriteByte(')')
	case *Binary:
		b.WriteByte('(')
		writeExpr(b, e.X)
		fmt.Fprintf(b, " %s ", e.Op)
		writeExpr(b, e.Y)
		b.WriteByte(')')
	case *Intrinsic:
		b.WriteString(e.ID.String())
		if r := Intrinsics[e.ID].Result; r == ResReal || r == ResToInt || Intrinsics[e.ID].Kind != KindNone {
			fmt.Fprintf(b, "<%s>", e.T.Kind)
		}
		writeArgs(b, e.Args)
	case *Call:
		b.WriteString(e.Func.Name)
		writeArgs(b, e.Args)
	case *Convert:
		b.WriteString(e.T.Kind.String())
		b.WriteByte('(')
		writeExpr(b, e.X)
		b.WriteByte(')')
	default:
		panic(fmt.Sprintf("internal error: ir.Fprint: unexpected expression %T", e))
	}
}

func writeArgs(b *strings.Builder, args []Expr) {
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		writeExpr(b, a)
	}
	b.WriteByte(')')
}

// ConstText writes a constant's value: 0.5 for real(4), 0.5d0 for real(8),
// 3 for integers, .true./.false. for logicals.
func ConstText(c *Const) string {
	switch c.Kind {
	case Int:
		return strconv.FormatInt(c.Int, 10)
	case Long:
		return strconv.FormatInt(c.Int, 10) + "_8"
	case Real4:
		return realText(strconv.FormatFloat(c.Float, 'g', -1, 32), "")
	case Real8:
		return realText(strconv.FormatFloat(c.Float, 'g', -1, 64), "d")
	case Logical:
		if c.Bool {
			return ".true."
		}
		return ".false."
	}
	return "<invalid>"
}

// realText makes a Go float string look like a Fortran real literal.
func realText(s, exp string) string {
	mant, e, hasExp := strings.Cut(s, "e")
	if mant == "+Inf" || mant == "-Inf" || mant == "NaN" {
		return mant
	}
	if !strings.ContainsAny(mant, ".") {
		mant += ".0"
	}
	if hasExp {
		if exp == "" {
			exp = "e"
		}
		e = strings.TrimPrefix(e, "+")
		return mant + exp + e
	}
	if exp != "" {
		return mant + exp + "0"
	}
	return mant
}

// nonZero spells an assignment's check that its value is not zero.
func nonZero(msg string) string {
	if msg == "" {
		return ""
	}
	return fmt.Sprintf(" (not 0, else %q)", msg)
}
