package sema

import (
	"fmt"
	"strconv"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// cval is the value of a constant expression: a scalar of some kind, or a
// rank-1 array of kind kind: integers in ints (halos, index tables), reals
// in reals (weight tables, Note [small arrays] in package ir).
type cval struct {
	kind  ir.Kind
	i     int64
	f     float64
	b     bool
	isArr bool
	ints  []int64
	reals []float64
	// lo and hi are the declared bounds of a named array constant, one
	// entry per dimension (nil: one dimension 1:size); shape is the
	// extents a reshape gave an array value.
	lo, hi []int64
	shape  []int64
	name   string // the named constant it came from, if any
}

func (v cval) describe() string {
	if v.isArr && v.kind.IsReal() {
		return "a real array"
	}
	if v.isArr {
		return "an integer array"
	}
	return v.kind.String()
}

// size is the number of elements of an array value.
func (v cval) size() int {
	if v.kind.IsReal() {
		return len(v.reals)
	}
	return len(v.ints)
}

// at is element i (0-based) of an array value, as a scalar.
func (v cval) at(i int) cval {
	if v.kind.IsReal() {
		return cval{kind: v.kind, f: v.reals[i]}
	}
	return cval{kind: v.kind, i: v.ints[i]}
}

// arrayOf builds an array value of kind k from scalar elements of that
// kind.
func arrayOf(k ir.Kind, elems []cval) cval {
	out := cval{kind: k, isArr: true}
	if k.IsReal() {
		out.reals = make([]float64, len(elems))
		for i, e := range elems {
			out.reals[i] = e.f
		}
		return out
	}
	out.ints = make([]int64, len(elems))
	for i, e := range elems {
		out.ints[i] = e.i
	}
	return out
}

// convert changes a scalar value to kind k, as ir.Fold converts.
func (v cval) convert(k ir.Kind) cval {
	return foldIR(&ir.Convert{X: constIR(v, diag.Span{}), T: ir.Type{Kind: k}})
}

// constErr is a failed constant evaluation; callers decide whether to report.
type constErr struct {
	code  diag.Code // from the table of codes (codes.go)
	span  diag.Span
	msg   string
	hint  string
	notes []diag.NoteMsg
	// silent marks an error already reported elsewhere (a halo whose
	// assignment was wrong): callers fail without reporting it again.
	silent bool
	// variable is the name of the variable that made the expression
	// non-constant, when that is the reason it failed.
	variable string
}

func cerr(code diag.Code, sp diag.Span, format string, args ...any) *constErr {
	return &constErr{code: code, span: sp, msg: fmt.Sprintf(format, args...)}
}

func (c *checker) reportConst(e *constErr) {
	if e.silent {
		return
	}
	d := c.diags.Error(e.code, e.span, "%s", e.msg)
	if e.hint != "" {
		d.WithHint("%s", e.hint)
	}
	d.Notes = append(d.Notes, e.notes...)
}

// constEnv lets a kernel supply the current values of its halo arrays and
// initialised locals. It returns handled=false for names it does not own.
type constEnv func(sym *symbol, at diag.Span) (v cval, err *constErr, handled bool)

// evalConst evaluates a constant expression in scope s.
func (c *checker) evalConst(s *scope, env constEnv, e ast.Expr) (cval, *constErr) {
	switch e := e.(type) {
	case nil, *ast.BadExpr:
		return cval{}, &constErr{silent: true} // reported by the parser
	case *ast.IntLit:
		if e.Kind != "" && e.Kind != "4" {
			k, err := c.literalKind(s, e.Kind, e.Pos)
			if err != nil {
				return cval{}, err
			}
			switch k {
			case 4:
			case 8:
				return cval{kind: ir.Long, i: e.Value}, nil
			default:
				return cval{}, cerr(codeUnsupportedKind, e.Pos, "integer kind %d is not supported; forocl knows integer kinds 4 and 8", k)
			}
		}
		return cval{kind: ir.Int, i: e.Value}, nil
	case *ast.RealLit:
		k, err := c.realLitKind(s, e)
		if err != nil {
			return cval{}, err
		}
		if k == ir.Real4 {
			// A default real literal is a real(4) value: 3.14159265358979
			// is 3.14159274 in 4.0d-7*3.14159265358979, as in gfortran.
			return cval{kind: k, f: float64(float32(e.Value))}, nil
		}
		return cval{kind: k, f: e.Value}, nil
	case *ast.LogicalLit:
		return cval{kind: ir.Logical, b: e.Value}, nil
	case *ast.Paren:
		return c.evalConst(s, env, e.X)
	case *ast.Ident:
		return c.constName(s, env, e)
	case *ast.Unary:
		x, err := c.evalConst(s, env, e.X)
		if err != nil {
			return x, err
		}
		if x.isArr && e.Op == "-" {
			return mapArray(x, func(v cval) cval {
				return foldIR(&ir.Unary{Pos: e.Pos, Op: ir.Neg, X: constIR(v, e.X.Span()), T: ir.Type{Kind: v.kind}})
			}), nil
		}
		if x.isArr {
			return cval{}, cerr(codeConstArrayOperator, e.Pos, "operator %s on an array is not supported in a constant", e.Op)
		}
		switch e.Op {
		case "-", "+":
			if x.kind == ir.Logical {
				return cval{}, cerr(codeOperandType, e.Pos, "operand of %s is %s, expected a number", e.Op, x.kind)
			}
			if e.Op == "+" {
				x.name = ""
				return x, nil
			}
			return foldIR(&ir.Unary{Pos: e.Pos, Op: ir.Neg, X: constIR(x, e.X.Span()), T: ir.Type{Kind: x.kind}}), nil
		case ".not.":
			if x.kind != ir.Logical {
				return cval{}, cerr(codeOperandType, e.Pos, "operand of .not. is %s, expected logical", x.kind)
			}
			return foldIR(&ir.Unary{Pos: e.Pos, Op: ir.Not, X: constIR(x, e.X.Span()), T: ir.Type{Kind: ir.Logical}}), nil
		}
		return cval{}, cerr(codeUnsupportedOperator, e.Pos, "operator %s is not supported by forocl", e.Op)
	case *ast.Binary:
		x, err := c.evalConst(s, env, e.X)
		if err != nil {
			return x, err
		}
		y, err := c.evalConst(s, env, e.Y)
		if err != nil {
			return y, err
		}
		return foldBinary(e, x, y)
	case *ast.ArrayCons:
		// As gfortran requires, every element has the type and kind of
		// the first.
		k := ir.Int
		var elems []cval
		for i, el := range e.Elems {
			v, err := c.evalConst(s, env, el)
			if err != nil {
				return v, err
			}
			if v.kind == ir.Logical {
				return cval{}, cerr(codeArrayConstantType, el.Span(), "array constructor element is %s; forocl supports integer and real array constants", v.kind)
			}
			if i == 0 {
				k = v.kind
			} else if v.kind != k {
				return cval{}, cerr(codeArrayConstantType, el.Span(), "array constructor element is %s but the first element is %s; the elements must have one type and kind", v.kind, k)
			}
			if !v.isArr {
				elems = append(elems, v)
				continue
			}
			for j := 0; j < v.size(); j++ {
				elems = append(elems, v.at(j))
			}
		}
		return arrayOf(k, elems), nil
	case *ast.Call:
		return c.constCall(s, env, e)
	case *ast.StringLit:
		return cval{}, cerr(codeUnsupportedCharacter, e.Pos, "character constants are not supported by forocl")
	}
	return cval{}, cerr(codeNotConstant, e.Span(), "expression is not a constant")
}

// literalKind resolves a kind suffix ("8" or a parameter name).
func (c *checker) literalKind(s *scope, suffix string, at diag.Span) (int64, *constErr) {
	if n, err := strconv.ParseInt(suffix, 10, 64); err == nil {
		return n, nil
	}
	v, err := c.constName(s, nil, &ast.Ident{Pos: at, Name: suffix, Orig: suffix})
	if err != nil {
		return 0, err
	}
	if v.isArr || v.kind != ir.Int {
		return 0, cerr(codeKindNotIntegerConstant, at, "kind %q must be an integer constant", suffix)
	}
	return v.i, nil
}

func (c *checker) realLitKind(s *scope, e *ast.RealLit) (ir.Kind, *constErr) {
	if e.Kind == "" {
		if e.Double {
			return ir.Real8, nil
		}
		return ir.Real4, nil
	}
	if e.Double {
		return ir.Invalid, cerr(codeDExponentKind, e.Pos, "a real literal with a \"d\" exponent cannot have a kind suffix")
	}
	k, err := c.literalKind(s, e.Kind, e.Pos)
	if err != nil {
		return ir.Invalid, err
	}
	switch k {
	case 4:
		return ir.Real4, nil
	case 8:
		return ir.Real8, nil
	}
	return ir.Invalid, cerr(codeUnsupportedKind, e.Pos, "real kind %d is not supported; forocl knows kinds 4 and 8", k)
}

// constName evaluates a name in a constant expression.
func (c *checker) constName(s *scope, env constEnv, id *ast.Ident) (cval, *constErr) {
	ent := s.lookup(id.Name)
	if ent.sym != nil && env != nil {
		if v, err, ok := env(ent.sym, id.Pos); ok {
			return v, err
		}
	}
	if ent.sym == nil {
		if ent.proc != nil {
			return cval{}, cerr(codeNotConstant, id.Pos, "function %q is not a constant", id.Orig)
		}
		e := cerr(codeUndefinedName, id.Pos, "undefined name %q", id.Orig)
		for _, u := range s.missingUses() {
			e.notes = append(e.notes, diag.NoteMsg{Span: u.Pos, Msg: fmt.Sprintf("%q may come from module %q, which forocl did not find", id.Orig, u.Module.Orig)})
		}
		return cval{}, e
	}
	if !ent.sym.param {
		e := cerr(codeNotConstant, id.Pos, "%q is not a constant", id.Orig)
		e.variable = id.Orig
		return cval{}, e
	}
	v, ok := c.paramValue(ent.sym)
	if !ok {
		// paramValue has reported why, at the constant's declaration.
		return cval{}, &constErr{span: id.Pos, silent: true}
	}
	return v, nil
}

// paramValue evaluates a named constant once, reporting errors in its
// initialiser at the initialiser.
func (c *checker) paramValue(sym *symbol) (cval, bool) {
	switch sym.cvState {
	case 2:
		return sym.cv, sym.cvOK
	case 1:
		c.diags.Error(codeParameterCycle, sym.pos, "named constant %q is defined in terms of itself", sym.orig)
		return cval{}, false
	}
	sym.cvState = 1
	v, ok := c.paramValue1(sym)
	sym.cvState = 2
	sym.cv, sym.cvOK = v, ok
	return v, ok
}

func (c *checker) paramValue1(sym *symbol) (cval, bool) {
	if sym.init == nil {
		c.diags.Error(codeParameterNoValue, sym.pos, "named constant %q has no value", sym.orig)
		return cval{}, false
	}
	v, err := c.evalConst(sym.sc, nil, sym.init)
	if err != nil {
		c.reportConst(err)
		return cval{}, false
	}
	return c.fitConst(sym, v)
}

// fitConst converts a constant value to the declared type of sym.
func (c *checker) fitConst(sym *symbol, v cval) (cval, bool) {
	k := c.symKind(sym)
	if k == ir.Invalid {
		return cval{}, false
	}
	if sym.rank() > 0 || v.isArr {
		return c.fitArray(sym, k, v)
	}
	if (k == ir.Logical) != (v.kind == ir.Logical) {
		c.diags.Error(codeLogicalNumberConversion, sym.init.Span(), "cannot give %s %q %s value", k, sym.orig, article(v.kind))
		return cval{}, false
	}
	v = v.convert(k)
	v.name = sym.orig
	return v, true
}

// dimSize returns the constant size of a rank-1 symbol, if it has one.
func (c *checker) dimSize(sym *symbol) (int64, bool) {
	lo, hi, ok := c.dimBounds(sym)
	return hi - lo + 1, ok
}

// dimBounds returns the constant bounds of a rank-1 symbol, if it has
// them.
func (c *checker) dimBounds(sym *symbol) (lo, hi int64, ok bool) {
	if len(sym.dims) != 1 || sym.dims[0].Deferred || sym.dims[0].Hi == nil {
		return 0, 0, false
	}
	h, err := c.evalConst(sym.sc, nil, sym.dims[0].Hi)
	if err != nil || h.isArr || h.kind != ir.Int {
		return 0, 0, false
	}
	lo = 1
	if sym.dims[0].Lo != nil {
		l, err := c.evalConst(sym.sc, nil, sym.dims[0].Lo)
		if err != nil || l.isArr || l.kind != ir.Int {
			return 0, 0, false
		}
		lo = l.i
	}
	return lo, h.i, true
}

// article returns k's name after "a" or "an": "an integer", "a real(4)".
func article(k ir.Kind) string {
	if k.IsInt() {
		return "an " + k.String()
	}
	return "a " + k.String()
}

func commonKind(a, b ir.Kind) ir.Kind {
	if a == ir.Real8 || b == ir.Real8 {
		return ir.Real8
	}
	if a == ir.Real4 || b == ir.Real4 {
		return ir.Real4
	}
	if a == ir.Long || b == ir.Long {
		return ir.Long
	}
	return ir.Int
}

func foldBinary(e *ast.Binary, x, y cval) (cval, *constErr) {
	if (x.isArr || y.isArr) && (e.Op == "+" || e.Op == "-" || e.Op == "*" || e.Op == "/" || e.Op == "**") {
		return foldArray(e, x, y)
	}
	if x.isArr || y.isArr {
		return cval{}, cerr(codeConstArrayOperator, e.OpPos, "operator %s on an array is not supported in a constant", e.Op)
	}
	switch e.Op {
	case ".and.", ".or.", ".eqv.", ".neqv.":
		if x.kind != ir.Logical {
			return cval{}, cerr(codeOperandType, e.X.Span(), "operand of %s is %s, expected logical", e.Op, x.kind)
		}
		if y.kind != ir.Logical {
			return cval{}, cerr(codeOperandType, e.Y.Span(), "operand of %s is %s, expected logical", e.Op, y.kind)
		}
		return foldIR(&ir.Binary{Pos: e.Pos, Op: binOps[e.Op], X: constIR(x, e.X.Span()), Y: constIR(y, e.Y.Span()), T: ir.Type{Kind: ir.Logical}}), nil
	}
	if x.kind == ir.Logical {
		return cval{}, cerr(codeOperandType, e.X.Span(), "operand of %s is %s, expected a number", e.Op, x.kind)
	}
	if y.kind == ir.Logical {
		return cval{}, cerr(codeOperandType, e.Y.Span(), "operand of %s is %s, expected a number", e.Op, y.kind)
	}
	op, ok := binOps[e.Op]
	if !ok {
		return cval{}, cerr(codeUnsupportedOperator, e.OpPos, "operator %s is not supported by forocl", e.Op)
	}
	// The operands are converted as in a kernel (lowerer.binary), and the
	// typed operation is folded by ir.Fold.
	k := commonKind(x.kind, y.kind)
	bx, by := constIR(x, e.X.Span()), constIR(y, e.Y.Span())
	b := &ir.Binary{Pos: e.Pos, Op: op, X: convertIR(bx, k), Y: convertIR(by, k), T: ir.Type{Kind: k}}
	switch op {
	case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
		b.T.Kind = ir.Logical
	case ir.Pow:
		if y.kind == ir.Int {
			b.X, b.Y, b.T.Kind = bx, by, x.kind
		}
	}
	v, err := ir.Fold(b)
	if err == ir.ErrDivZero {
		return cval{}, cerr(codeConstDivisionByZero, e.OpPos, "integer division by zero in a constant")
	}
	if err != nil {
		panic(fmt.Sprintf("internal error: folding %s: %v", e.Op, err))
	}
	return constValue(v), nil
}

// foldIR folds an IR expression over constants that cannot fail.
func foldIR(e ir.Expr) cval {
	v, err := ir.Fold(e)
	if err != nil {
		panic(fmt.Sprintf("internal error: folding: %v", err))
	}
	return constValue(v)
}

// constCall evaluates an element reference of an array constant or
// an intrinsic applied to constants.
func (c *checker) constCall(s *scope, env constEnv, e *ast.Call) (cval, *constErr) {
	ent := s.lookup(e.Name.Name)
	if ent.sym != nil {
		arr, err := c.constName(s, env, &e.Name)
		if err != nil {
			return arr, err
		}
		if !arr.isArr {
			return cval{}, cerr(codeNotAnArray, e.Pos, "%q is not an array", e.Name.Orig)
		}
		return c.constElement(s, env, e, arr)
	}
	if ent.proc != nil {
		return cval{}, cerr(codeConstCall, e.Pos, "function %q cannot be used in a constant expression", e.Name.Orig)
	}
	var args []cval
	var kindArg *cval
	for _, a := range e.Args {
		if a.Section {
			return cval{}, cerr(codeConstArraySection, a.Pos, "array sections are not supported in constants")
		}
		v, err := c.evalConst(s, env, a.Value)
		if err != nil {
			return v, err
		}
		if a.Keyword != nil && a.Keyword.Name == "kind" {
			kv := v
			kindArg = &kv
			continue
		}
		args = append(args, v)
	}
	name := e.Name.Name
	if name == "reshape" {
		return constReshape(e, args)
	}
	if name == "size" {
		// size is the one array inquiry: the IR has no array values
		if len(args) != 1 {
			return cval{}, cerr(codeIntrinsicArgumentCount, e.Pos, "wrong number of arguments to %q", name)
		}
		if !args[0].isArr {
			return cval{}, cerr(codeSizeOfScalar, e.Pos, "argument of size must be an array")
		}
		return cval{kind: ir.Int, i: int64(args[0].size())}, nil
	}
	id, ok := ir.LookupIntrinsic(name)
	if !ok || ir.Intrinsics[id].Fold == nil {
		return cval{}, cerr(codeConstCall, e.Pos, "%q cannot be evaluated in a constant expression", e.Name.Orig)
	}
	in := &ir.Intrinsics[id]
	if kindArg == nil && in.Kind != ir.KindNone && len(args) == in.Max+1 {
		kindArg = &args[len(args)-1]
		args = args[:len(args)-1]
	}
	if in.Max < 0 && len(args) < in.Min {
		return cval{}, cerr(codeIntrinsicArgumentCount, e.Pos, "%q needs at least two arguments", name)
	}
	if len(args) < in.Min || (in.Max >= 0 && len(args) > in.Max) {
		return cval{}, cerr(codeIntrinsicArgumentCount, e.Pos, "wrong number of arguments to %q", name)
	}
	for _, a := range args {
		if a.isArr {
			return cval{}, cerr(codeConstArrayIntrinsic, e.Pos, "%q of an array is not supported in a constant", name)
		}
	}
	// Lower the call to typed IR over constants and fold it: the same
	// typing as in a kernel, the same evaluator (ir.Fold) as every constant.
	site := intrinsicSite{id: id, pos: e.Pos, args: make([]ir.Expr, len(args)),
		conv: func(x ir.Expr, k ir.Kind) ir.Expr { return convertIR(x, k) }}
	for i, a := range args {
		site.args[i] = constIR(a, e.Pos)
	}
	if kindArg != nil {
		site.kind = func(rule ir.KindArgRule) (ir.Kind, *constErr) {
			if kindArg.kind != ir.Int || kindArg.isArr {
				return ir.Invalid, cerr(codeKindNotIntegerConstant, e.Pos, "kind argument of %q must be an integer constant", name)
			}
			if rule == ir.KindInt {
				switch kindArg.i {
				case 4:
					return ir.Int, nil
				case 8:
					return ir.Long, nil
				}
				return ir.Invalid, cerr(codeUnsupportedKind, e.Pos, "integer kind %d is not supported; forocl knows integer kinds 4 and 8", kindArg.i)
			}
			switch kindArg.i {
			case 4:
				return ir.Real4, nil
			case 8:
				return ir.Real8, nil
			}
			return ir.Invalid, cerr(codeUnsupportedKind, e.Pos, "real kind %d is not supported; forocl knows kinds 4 and 8", kindArg.i)
		}
	}
	x, cerr1 := intrinsicCall(site)
	if cerr1 != nil {
		return cval{}, cerr1
	}
	v, err := ir.Fold(x)
	switch {
	case err == ir.ErrModZero:
		return cval{}, cerr(codeConstDivisionByZero, e.Pos, "%s by zero in a constant", name)
	case err == ir.ErrNoKind && id == ir.FnSelectedRealKind:
		p, r := int64(0), int64(0)
		if len(args) > 0 {
			p = args[0].i
		}
		if len(args) > 1 {
			r = args[1].i
		}
		return cval{}, cerr(codeSelectedKindUnavailable, e.Pos, "selected_real_kind(%d, %d) asks for more precision than real(8) has", p, r)
	case err == ir.ErrNoKind:
		return cval{}, cerr(codeSelectedKindUnavailable, e.Pos, "selected_int_kind(%d) needs an integer kind forocl does not support", args[0].i)
	case err != nil:
		panic(fmt.Sprintf("internal error: folding %s: %v", name, err))
	}
	return constValue(v), nil
}

// constValue is the value of a folded constant.
func constValue(c *ir.Const) cval {
	return cval{kind: c.Kind, i: c.Int, f: c.Float, b: c.Bool, name: c.Name}
}

// convertIR converts a constant operand to kind k, as sema converts
// operands in kernels (without the warnings).
func convertIR(x ir.Expr, k ir.Kind) ir.Expr {
	t := x.Type()
	if t.Kind == k || k == ir.Invalid || t.Kind == ir.Invalid {
		return x
	}
	return &ir.Convert{Pos: x.Span(), X: x, T: ir.Type{Kind: k, Rank: t.Rank}}
}

// foldArray applies an arithmetic operator element by element to arrays
// (or an array and a scalar), as in "halo + 1" or "0.25_8*[1, 2, 1]", each
// element typed and folded as a scalar operation.
func foldArray(e *ast.Binary, x, y cval) (cval, *constErr) {
	n := x.size()
	if !x.isArr {
		n = y.size()
	}
	shape := x.shape
	if !x.isArr || shape == nil {
		shape = y.shape
	}
	if (x.isArr && y.isArr && (x.size() != y.size() || (x.shape != nil && y.shape != nil && joinInts(x.shape) != joinInts(y.shape)))) || (!x.isArr && x.kind == ir.Logical) || (!y.isArr && y.kind == ir.Logical) {
		return cval{}, cerr(codeConstArrayShape, e.OpPos, "operands of %s do not conform", e.Op)
	}
	elem := func(v cval, i int) cval {
		if v.isArr {
			return v.at(i)
		}
		return v
	}
	out := make([]cval, n)
	k := ir.Int
	for i := range out {
		v, err := foldBinary(e, elem(x, i), elem(y, i))
		if err != nil {
			return v, err
		}
		out[i], k = v, v.kind
	}
	if n == 0 {
		k = commonKind(x.kind, y.kind)
	}
	a := arrayOf(k, out)
	a.shape = shape
	return a, nil
}

// mapArray applies f to every element of an array value.
func mapArray(x cval, f func(cval) cval) cval {
	out := make([]cval, x.size())
	k := x.kind
	for i := range out {
		out[i] = f(x.at(i))
		k = out[i].kind
	}
	a := arrayOf(k, out)
	a.shape = x.shape
	return a
}
