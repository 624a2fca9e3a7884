package codegen

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/forocl/forocl/ir"
)

// C operator precedences, higher binds tighter.
const (
	precTernary = 3
	precOr      = 4
	precAnd     = 5
	precEq      = 9
	precRel     = 10
	precAdd     = 12
	precMul     = 13
	precUnary   = 15
	precPrimary = 16
)

// exprGen prints IR expressions as OpenCL C. How a window or a variable
// reads depends on where the expression is evaluated (a tile, a register, a
// global load at some shift), so the caller supplies those two printers.
type exprGen struct {
	window func(w *ir.Window) string
	ref    func(v *ir.Var) string
	funcs  map[*ir.Func]string     // C names of elemental functions
	names  map[ir.Expr]string      // subexpressions already computed into temporaries (Note [long expressions])
	elem   func(e *ir.Elem) string // array elements of loop kernels
	// wide holds the locals declared FOROCL_INDEX_T, whose C type is long
	// in the 64-bit variant: a loop kernel's nest indices of default kind
	// (Note [intrinsic argument types]).
	wide map[*ir.Var]bool
}

// ctype is the OpenCL C type of a kind. Logicals are stored as int.
func ctype(k ir.Kind) string {
	switch k {
	case ir.Real4:
		return "float"
	case ir.Real8:
		return "double"
	case ir.Long:
		return "long"
	}
	return "int"
}

func (g *exprGen) expr(e ir.Expr) string {
	var b strings.Builder
	g.write(&b, e)
	return b.String()
}

// paren prints e, parenthesised if it binds less tightly than p.
func (g *exprGen) paren(e ir.Expr, p int) string {
	var b strings.Builder
	g.writeParen(&b, e, p)
	return b.String()
}

func (g *exprGen) writeParen(b *strings.Builder, e ir.Expr, p int) {
	if precOf(e) < p {
		b.WriteByte('(')
		g.write(b, e)
		b.WriteByte(')')
		return
	}
	g.write(b, e)
}

// precOf is the precedence of e as printed, known without printing it, so
// that long operator chains print in linear time.
func precOf(e ir.Expr) int {
	switch e := e.(type) {
	case *ir.Const:
		if strings.HasPrefix(constant(e.Kind, e.Float, e.Int, e.Bool), "-") {
			return precUnary
		}
		return precPrimary
	case *ir.Convert:
		if c, ok := e.X.(*ir.Const); ok {
			return precOf(convertConst(c, e.T.Kind))
		}
		return precUnary
	case *ir.Unary:
		return precUnary
	case *ir.Binary:
		if e.Op == ir.Pow {
			return precPrimary
		}
		return binaryOps[e.Op].prec
	}
	return precPrimary
}

// startsWithMinus reports whether e prints with a leading "-".
func startsWithMinus(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const:
		return strings.HasPrefix(constant(e.Kind, e.Float, e.Int, e.Bool), "-")
	case *ir.Convert:
		if c, ok := e.X.(*ir.Const); ok {
			return startsWithMinus(convertConst(c, e.T.Kind))
		}
	case *ir.Unary:
		return e.Op == ir.Neg
	case *ir.Binary:
		if e.Op != ir.Pow && precOf(e.X) >= binaryOps[e.Op].prec {
			return startsWithMinus(e.X)
		}
	}
	return false
}

var binaryOps = map[ir.Op]struct {
	c    string
	prec int
}{
	ir.Add: {"+", precAdd}, ir.Sub: {"-", precAdd},
	ir.Mul: {"*", precMul}, ir.Div: {"/", precMul},
	ir.Eq: {"==", precEq}, ir.Eqv: {"==", precEq},
	ir.Ne: {"!=", precEq}, ir.Neqv: {"!=", precEq},
	ir.Lt: {"<", precRel}, ir.Le: {"<=", precRel},
	ir.Gt: {">", precRel}, ir.Ge: {">=", precRel},
	ir.And: {"&&", precAnd}, ir.Or: {"||", precOr},
}

func (g *exprGen) write(b *strings.Builder, e ir.Expr) {
	if name, ok := g.names[e]; ok {
		b.WriteString(name)
		return
	}
	switch e := e.(type) {
	case *ir.Const:
		b.WriteString(constant(e.Kind, e.Float, e.Int, e.Bool))
	case *ir.GridExtent:
		fmt.Fprintf(b, "_n%d", e.Dim+1)
	case *ir.Ref:
		b.WriteString(g.ref(e.Var))
		if e.Elem > 0 {
			fmt.Fprintf(b, "[%d]", e.Elem-1)
		}
	case *ir.Window:
		b.WriteString(g.window(e))
	case *ir.Elem:
		b.WriteString(g.elem(e))
	case *ir.Convert:
		if c, ok := e.X.(*ir.Const); ok {
			g.write(b, convertConst(c, e.T.Kind))
			return
		}
		b.WriteString("(" + ctype(e.T.Kind) + ")")
		g.writeParen(b, e.X, precUnary)
	case *ir.Unary:
		if e.Op == ir.Not {
			b.WriteByte('!')
		} else {
			b.WriteByte('-')
		}
		if precOf(e.X) >= precUnary && startsWithMinus(e.X) {
			b.WriteByte('(')
			g.write(b, e.X)
			b.WriteByte(')')
			return
		}
		g.writeParen(b, e.X, precUnary)
	case *ir.Binary:
		if e.Op == ir.Pow {
			b.WriteString(g.pow(e))
			return
		}
		op, ok := binaryOps[e.Op]
		if !ok {
			panic(fmt.Sprintf("internal error: codegen: binary operator %v", e.Op))
		}
		// Left-associative: the right operand needs parentheses at equal
		// precedence. Comparisons of comparisons never occur in Fortran.
		g.writeParen(b, e.X, op.prec)
		b.WriteString(" " + op.c + " ")
		g.writeParen(b, e.Y, op.prec+1)
	case *ir.Intrinsic:
		b.WriteString(g.intrinsic(e))
	case *ir.Call:
		b.WriteString(g.funcs[e.Func])
		b.WriteByte('(')
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			g.write(b, a)
		}
		b.WriteByte(')')
	default:
		panic(fmt.Sprintf("internal error: codegen: unexpected expression %T", e))
	}
}

// pow prints x**y the way gfortran evaluates it: small integer exponents
// become multiplications (x**2 is x*x), other integer exponents pown, real
// exponents pow.
func (g *exprGen) pow(e *ir.Binary) string {
	if c, ok := e.Y.(*ir.Const); ok && c.Kind == ir.Int && e.X.Type().Kind.IsReal() {
		x := g.paren(e.X, precMul)
		switch c.Int {
		case 1:
			return "(" + g.expr(e.X) + ")"
		case 2:
			return "(" + x + " * " + x + ")"
		case 3:
			return "(" + x + " * " + x + " * " + x + ")"
		case 4:
			return "((" + x + " * " + x + ") * (" + x + " * " + x + "))"
		}
	}
	if e.Y.Type().Kind == ir.Int {
		if e.X.Type().Kind == ir.Int {
			return "ipow(" + g.expr(e.X) + ", " + g.expr(e.Y) + ")"
		}
		return "pown(" + g.expr(e.X) + ", " + g.expr(e.Y) + ")"
	}
	return "pow(" + g.expr(e.X) + ", " + g.expr(e.Y) + ")"
}

// intrinsic prints a call of a Fortran intrinsic with its OpenCL spelling
// from the intrinsic table (ir.Intrinsics). Sema has checked the arguments
// and converted them as the table's typing rule says; integer arguments
// are cast to their kind (Note [intrinsic argument types]).
func (g *exprGen) intrinsic(e *ir.Intrinsic) string {
	spell := ir.Intrinsics[e.ID].OpenCL
	if spell == nil {
		panic(fmt.Sprintf("internal error: codegen: intrinsic %s has no OpenCL spelling", e.ID))
	}
	// A conversion (int, real, dble, ...) gives the same value from an int
	// as from a long: only the others cast (Note [intrinsic argument types]).
	r := ir.Intrinsics[e.ID].Result
	cast := r == ir.ResSame || r == ir.ResCommon || r == ir.ResMerge
	args := make([]string, len(e.Args))
	for i, a := range e.Args {
		if cast {
			args[i] = g.exprAsKind(a)
		} else {
			args[i] = g.expr(a)
		}
	}
	arg := ir.Invalid
	if len(e.Args) > 0 {
		arg = e.Args[0].Type().Kind
	}
	return spell(args, arg, e.T.Kind)
}

// Note [intrinsic argument types]
//
// An integer expression's C type is not always its kind: a nest index of
// default kind is declared FOROCL_INDEX_T, a long in the 64-bit variant
// of a program (Note [index types] in package abi), so i - 1 is a long
// there. OpenCL's min, max and abs are overloaded, and min(1, i - 1) is
// ambiguous between int and long; the build fails. So codegen casts every
// integer argument of an intrinsic to the kind sema converted it to,
// min(1, (int)(i - 1)), and the value a nest's min or max reduction folds,
// max(_acc1, (int)i), unless typedAsKind sees that its C type is that
// kind already: it mentions no such index. The call's own C type is then
// its kind too, in both variants. The cast is exact: a default-integer
// index holds a default-integer value in Fortran, whichever type counts
// it. (An integer(8) index is declared long in both variants.)

// exprAsKind prints e, an integer expression cast to its kind's type
// where typedAsKind says its C type may differ.
func (g *exprGen) exprAsKind(e ir.Expr) string {
	if k := e.Type().Kind; k.IsInt() && !g.typedAsKind(e) {
		return "(" + ctype(k) + ")" + g.paren(e, precUnary)
	}
	return g.expr(e)
}

// typedAsKind reports whether integer expression e prints as a C value of
// its kind's type (ctype) in both index variants: all but those that
// mention a nest index of default kind (g.wide), outside an intrinsic call
// (whose arguments are cast as the Note says) or a conversion.
func (g *exprGen) typedAsKind(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Ref:
		return !g.wide[e.Var]
	case *ir.Unary:
		return g.typedAsKind(e.X)
	case *ir.Binary:
		return g.typedAsKind(e.X) && g.typedAsKind(e.Y)
	}
	return true
}

// convertConst folds a conversion of a constant the way Fortran performs it
// at run time: a real(4) literal widened to real(8) keeps its real(4)
// rounding (0.1 becomes 0.100000001490116...).
func convertConst(c *ir.Const, to ir.Kind) *ir.Const {
	out := *c
	out.Kind = to
	switch {
	case c.Kind.IsInt() && to.IsReal():
		out.Float = float64(c.Int)
	case c.Kind.IsReal() && to.IsInt():
		out.Int = int64(c.Float)
	case c.Kind == ir.Real4:
		out.Float = float64(float32(c.Float))
	}
	if to == ir.Real4 {
		out.Float = float64(float32(out.Float))
	}
	return &out
}

// constant prints a literal of kind k.
func constant(k ir.Kind, f float64, i int64, b bool) string {
	switch k {
	case ir.Real4:
		f = float64(float32(f))
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return realLit(f, 32) // INFINITY and NAN are float already
		}
		return realLit(f, 32) + "f"
	case ir.Real8:
		return realLit(f, 64)
	case ir.Logical:
		if b {
			return "1"
		}
		return "0"
	case ir.Long:
		if i == math.MinInt64 {
			// 9223372036854775808L does not fit a long
			return "(-9223372036854775807L - 1L)"
		}
		return strconv.FormatInt(i, 10) + "L"
	}
	if i == math.MinInt32 {
		// 2147483648 is a long in C, so -2147483648 would be one too
		return "(-2147483647 - 1)"
	}
	return strconv.FormatInt(i, 10)
}

func realLit(f float64, bits int) string {
	switch {
	case math.IsInf(f, 1):
		return "INFINITY"
	case math.IsInf(f, -1):
		return "-INFINITY"
	case math.IsNaN(f):
		return "NAN"
	}
	s := strconv.FormatFloat(f, 'g', -1, bits)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}
