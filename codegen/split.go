package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/ir"
)

// Note [long expressions]
//
// Fortran has no limit on the length of an expression, but OpenCL C
// compilers do in effect: clang (and so PoCL) parses nested expressions
// recursively, and a 50,000-term sum, one left-nested tree 50,000 deep,
// overflows its stack. assign bounds the depth of every expression it emits:
// a subexpression whose tree reaches maxExprHeight levels is computed first
// into a temporary of its own type ("float _part0 = ...;"), and the tree
// refers to the temporary instead. Temporaries are taken bottom-up, so a
// long sum becomes a chain of partial sums in Fortran's left-to-right order:
// every operation is the same operation on the same operands, and with
// FP_CONTRACT OFF the result is bit-identical. The statement becomes a block
// "{ float _part0 = ...; ...; target = ...; }", which fits anywhere a
// statement does. Below the limit (all real kernels) nothing changes.
//
// The limit also bounds the brackets an expression can open, which matters
// because clang stops at 256 nested brackets of all kinds together (with
// sema's limit of 64 nested if blocks: Note [warnings] in sema).

// maxExprHeight is the deepest expression tree emitted in one piece; see
// Note [long expressions].
const maxExprHeight = 128

// assign returns the C statement "target = rhs;", split as Note [long
// expressions] says when rhs is too deep.
func (g *exprGen) assign(target string, rhs ir.Expr) string {
	var order []ir.Expr
	heights := map[ir.Expr]int{}
	var height func(e ir.Expr) int
	height = func(e ir.Expr) int {
		if h, ok := heights[e]; ok {
			return h
		}
		h := 0
		for _, c := range children(e) {
			h = max(h, height(c))
		}
		h++
		if h >= maxExprHeight && len(children(e)) > 0 {
			order = append(order, e) // computed first, into a temporary
			h = 1
		}
		heights[e] = h
		return h
	}
	height(rhs)
	if len(order) == 0 {
		return target + " = " + g.expr(rhs) + ";"
	}
	if order[len(order)-1] == rhs {
		order = order[:len(order)-1] // the root is the statement itself
	}
	saved := g.names
	g.names = map[ir.Expr]string{}
	defer func() { g.names = saved }()
	var b strings.Builder
	b.WriteString("{ ")
	for i, e := range order {
		name := fmt.Sprintf("_part%d", i)
		fmt.Fprintf(&b, "%s %s = %s; ", ctype(e.Type().Kind), name, g.expr(e))
		g.names[e] = name
	}
	fmt.Fprintf(&b, "%s = %s; }", target, g.expr(rhs))
	return b.String()
}

// children returns the operands of e, in evaluation order.
func children(e ir.Expr) []ir.Expr {
	switch e := e.(type) {
	case *ir.Unary:
		return []ir.Expr{e.X}
	case *ir.Binary:
		return []ir.Expr{e.X, e.Y}
	case *ir.Intrinsic:
		return e.Args
	case *ir.Call:
		return e.Args
	case *ir.Convert:
		if _, ok := e.X.(*ir.Const); ok {
			return nil // printed as a constant
		}
		return []ir.Expr{e.X}
	}
	return nil
}
