package sema

import "github.com/forocl/forocl/ast"

// Note [triangular forall]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// A nested FORALL's bounds may use the indices of the FORALLs around it
// (forall (i = 1:n) forall (j = i:n) a(i, j) = ...). A nest's bounds are
// affine in the sizes, so such an index runs over the box that holds
// every value it takes: each bound with the outer index replaced by that
// index's first or last value, whichever gives the smaller first value and
// the larger last value (the sign of the index's coefficient says which),
// and the bounds themselves, which read the outer indices, join the masks
// as j >= i .and. j <= n. Only unit steps are boxed so: a stride's phase
// would depend on the outer index. Bounds that are not affine in the
// outer indices stay as written, and loop-bound says why.

// boxed returns the triplet ix of a nested FORALL in the scope fs: its
// own bounds when they use no index of fs, else its bounding box and the
// mask that keeps the triplet's values (Note [triangular forall]).
func boxed(ix *ast.ConcurrentIndex, fs forallScope) (lo, hi, mask ast.Expr) {
	inner := false
	for _, lp := range fs.loops {
		inner = inner || refers(ix.Lo, lp.name.Name) || refers(ix.Hi, lp.name.Name)
	}
	if !inner || !unitStep(ix.Step) {
		return ix.Lo, ix.Hi, nil
	}
	lo, hi = ix.Lo, ix.Hi
	for k := len(fs.loops) - 1; k >= 0; k-- { // an inner loop's box may use outer indices
		lp := fs.loops[k]
		least, most := lp.lo, lp.hi // the values of lp's triplet lie between
		switch stepSign(lp.step) {
		case -1:
			least, most = lp.hi, lp.lo
		case 0:
			return ix.Lo, ix.Hi, nil
		}
		cl, okl := coefficient(lo, lp.name.Name)
		ch, okh := coefficient(hi, lp.name.Name)
		if !okl || !okh {
			return ix.Lo, ix.Hi, nil
		}
		lo = substitute(lo, lp.name.Name, pick(cl >= 0, least, most))
		hi = substitute(hi, lp.name.Name, pick(ch >= 0, most, least))
	}
	v := &ast.Ident{Pos: ix.Var.Pos, Name: ix.Var.Name, Orig: ix.Var.Orig}
	ge := &ast.Binary{Pos: ix.Lo.Span(), OpPos: ix.Lo.Span(), Op: ">=", X: v, Y: &ast.Paren{Pos: ix.Lo.Span(), X: ix.Lo}}
	le := &ast.Binary{Pos: ix.Hi.Span(), OpPos: ix.Hi.Span(), Op: "<=", X: v, Y: &ast.Paren{Pos: ix.Hi.Span(), X: ix.Hi}}
	return lo, hi, conjoin([]ast.Expr{ge, le})
}

func pick(first bool, a, b ast.Expr) ast.Expr {
	if first {
		return a
	}
	return b
}

// stepSign returns the sign of a literal step (1 for none), 0 when the
// step is not an integer literal.
func stepSign(e ast.Expr) int {
	switch x := e.(type) {
	case nil:
		return 1
	case *ast.Paren:
		return stepSign(x.X)
	case *ast.Unary:
		if x.Op == "-" {
			return -stepSign(x.X)
		}
		if x.Op == "+" {
			return stepSign(x.X)
		}
	case *ast.IntLit:
		switch {
		case x.Value > 0:
			return 1
		case x.Value < 0:
			return -1
		}
	}
	return 0
}

// unitStep reports whether step is absent or the literal 1.
func unitStep(step ast.Expr) bool {
	for {
		switch x := step.(type) {
		case nil:
			return true
		case *ast.Paren:
			step = x.X
		case *ast.IntLit:
			return x.Value == 1
		default:
			return false
		}
	}
}

// coefficient returns the coefficient of name in e when e is affine in it
// (sums, differences, negations and products by integer literals), with
// ok false otherwise.
func coefficient(e ast.Expr, name string) (c int64, ok bool) {
	switch x := e.(type) {
	case *ast.Ident:
		if x.Name == name {
			return 1, true
		}
		return 0, true
	case *ast.IntLit:
		return 0, true
	case *ast.Paren:
		return coefficient(x.X, name)
	case *ast.Unary:
		c, ok := coefficient(x.X, name)
		switch x.Op {
		case "-":
			return -c, ok
		case "+":
			return c, ok
		}
	case *ast.Binary:
		a, oka := coefficient(x.X, name)
		b, okb := coefficient(x.Y, name)
		if !oka || !okb {
			return 0, false
		}
		switch x.Op {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			if l, lit := x.X.(*ast.IntLit); lit {
				return l.Value * b, true
			}
			if r, lit := x.Y.(*ast.IntLit); lit {
				return a * r.Value, true
			}
			if a == 0 && b == 0 {
				return 0, true
			}
		}
		if !refers(x, name) {
			return 0, true
		}
	case *ast.Call:
		if !refers(x, name) {
			return 0, true
		}
	}
	return 0, false
}

// substitute returns e with every reference to the variable name replaced
// by repl, in parentheses.
func substitute(e ast.Expr, name string, repl ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.Ident:
		if x.Name == name {
			return &ast.Paren{Pos: x.Pos, X: repl}
		}
	case *ast.Paren:
		return &ast.Paren{Pos: x.Pos, X: substitute(x.X, name, repl)}
	case *ast.Unary:
		return &ast.Unary{Pos: x.Pos, Op: x.Op, X: substitute(x.X, name, repl)}
	case *ast.Binary:
		return &ast.Binary{Pos: x.Pos, OpPos: x.OpPos, Op: x.Op, X: substitute(x.X, name, repl), Y: substitute(x.Y, name, repl)}
	case *ast.Call:
		c := &ast.Call{Pos: x.Pos, Name: x.Name, Args: append([]ast.Arg(nil), x.Args...)}
		for i, a := range c.Args {
			a.Value = substituteOpt(a.Value, name, repl)
			a.Lo, a.Hi, a.Stride = substituteOpt(a.Lo, name, repl), substituteOpt(a.Hi, name, repl), substituteOpt(a.Stride, name, repl)
			c.Args[i] = a
		}
		return c
	case *ast.ArrayCons:
		c := &ast.ArrayCons{Pos: x.Pos, Elems: make([]ast.Expr, len(x.Elems))}
		for i, el := range x.Elems {
			c.Elems[i] = substitute(el, name, repl)
		}
		return c
	}
	return e
}

func substituteOpt(e ast.Expr, name string, repl ast.Expr) ast.Expr {
	if e == nil {
		return nil
	}
	return substitute(e, name, repl)
}
