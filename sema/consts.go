package sema

import (
	"fmt"
	"math"
	"strconv"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// cval is the value of a constant expression: a scalar of some kind, or a
// rank-1 integer array (halos).
type cval struct {
	kind  ir.Kind
	i     int64
	f     float64
	b     bool
	isArr bool
	ints  []int64
	name  string // the named constant it came from, if any
}

func (v cval) describe() string {
	if v.isArr {
		return "an integer array"
	}
	return v.kind.String()
}

// num returns the value as a float64.
func (v cval) num() float64 {
	if v.kind == ir.Int {
		return float64(v.i)
	}
	return v.f
}

// convert changes a scalar numeric value to kind k.
func (v cval) convert(k ir.Kind) cval {
	out := cval{kind: k, name: v.name}
	switch {
	case k == ir.Int && v.kind == ir.Int:
		out.i = v.i
	case k == ir.Int:
		out.i = int64(v.f)
	case k.IsReal():
		out.f = v.num()
	default:
		out.b = v.b
	}
	return out
}

// constErr is a failed constant evaluation; callers decide whether to report.
type constErr struct {
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

func cerr(sp diag.Span, format string, args ...any) *constErr {
	return &constErr{span: sp, msg: fmt.Sprintf(format, args...)}
}

func (c *checker) reportConst(e *constErr) {
	if e.silent {
		return
	}
	d := c.diags.Errorf(e.span, "%s", e.msg)
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
			if k != 4 {
				return cval{}, cerr(e.Pos, "integer kind %d is not supported; forocl knows only default integers", k)
			}
		}
		return cval{kind: ir.Int, i: e.Value}, nil
	case *ast.RealLit:
		k, err := c.realLitKind(s, e)
		if err != nil {
			return cval{}, err
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
		if x.isArr {
			return cval{}, cerr(e.Pos, "operator %s on an integer array is not supported in a constant", e.Op)
		}
		switch e.Op {
		case "-", "+":
			if x.kind == ir.Logical {
				return cval{}, cerr(e.Pos, "operand of %s is %s, expected a number", e.Op, x.kind)
			}
			if e.Op == "-" {
				x.i, x.f = -x.i, -x.f
			}
			x.name = ""
			return x, nil
		case ".not.":
			if x.kind != ir.Logical {
				return cval{}, cerr(e.Pos, "operand of .not. is %s, expected logical", x.kind)
			}
			return cval{kind: ir.Logical, b: !x.b}, nil
		}
		return cval{}, cerr(e.Pos, "operator %s is not supported by forocl", e.Op)
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
		out := cval{kind: ir.Int, isArr: true, ints: []int64{}}
		for _, el := range e.Elems {
			v, err := c.evalConst(s, env, el)
			if err != nil {
				return v, err
			}
			switch {
			case v.isArr:
				out.ints = append(out.ints, v.ints...)
			case v.kind == ir.Int:
				out.ints = append(out.ints, v.i)
			default:
				return cval{}, cerr(el.Span(), "array constructor element is %s; forocl supports only integer array constants", v.kind)
			}
		}
		return out, nil
	case *ast.Call:
		return c.constCall(s, env, e)
	case *ast.StringLit:
		return cval{}, cerr(e.Pos, "character constants are not supported by forocl")
	}
	return cval{}, cerr(e.Span(), "expression is not a constant")
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
		return 0, cerr(at, "kind %q must be an integer constant", suffix)
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
		return ir.Invalid, cerr(e.Pos, "a real literal with a \"d\" exponent cannot have a kind suffix")
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
	return ir.Invalid, cerr(e.Pos, "real kind %d is not supported; forocl knows kinds 4 and 8", k)
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
			return cval{}, cerr(id.Pos, "function %q is not a constant", id.Orig)
		}
		e := cerr(id.Pos, "undefined name %q", id.Orig)
		for _, u := range s.missingUses() {
			e.notes = append(e.notes, diag.NoteMsg{Span: u.Pos, Msg: fmt.Sprintf("%q may come from module %q, which forocl did not find", id.Orig, u.Module.Orig)})
		}
		return cval{}, e
	}
	if !ent.sym.param {
		e := cerr(id.Pos, "%q is not a constant", id.Orig)
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
		c.diags.Errorf(sym.pos, "named constant %q is defined in terms of itself", sym.orig)
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
		c.diags.Errorf(sym.pos, "named constant %q has no value", sym.orig)
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
		if sym.rank() != 1 || k != ir.Int || !v.isArr {
			c.diags.Errorf(sym.init.Span(), "%q: forocl supports only rank-1 integer array constants", sym.orig)
			return cval{}, false
		}
		if n, ok := c.dimSize(sym); ok && n != int64(len(v.ints)) {
			c.diags.Errorf(sym.init.Span(), "%q has %d elements but its value has %d", sym.orig, n, len(v.ints))
			return cval{}, false
		}
		v.name = sym.orig
		return v, true
	}
	if (k == ir.Logical) != (v.kind == ir.Logical) {
		c.diags.Errorf(sym.init.Span(), "cannot give %s %q %s value", k, sym.orig, article(v.kind))
		return cval{}, false
	}
	v = v.convert(k)
	v.name = sym.orig
	return v, true
}

// dimSize returns the constant size of a rank-1 symbol, if it has one.
func (c *checker) dimSize(sym *symbol) (int64, bool) {
	if len(sym.dims) != 1 || sym.dims[0].Deferred || sym.dims[0].Hi == nil {
		return 0, false
	}
	hi, err := c.evalConst(sym.sc, nil, sym.dims[0].Hi)
	if err != nil || hi.isArr || hi.kind != ir.Int {
		return 0, false
	}
	lo := int64(1)
	if sym.dims[0].Lo != nil {
		l, err := c.evalConst(sym.sc, nil, sym.dims[0].Lo)
		if err != nil || l.isArr || l.kind != ir.Int {
			return 0, false
		}
		lo = l.i
	}
	return hi.i - lo + 1, true
}

// article returns k's name after "a" or "an": "an integer", "a real(4)".
func article(k ir.Kind) string {
	if k == ir.Int {
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
	return ir.Int
}

func foldBinary(e *ast.Binary, x, y cval) (cval, *constErr) {
	if (x.isArr || y.isArr) && (e.Op == "+" || e.Op == "-" || e.Op == "*") {
		return foldArray(e, x, y)
	}
	if x.isArr || y.isArr {
		return cval{}, cerr(e.OpPos, "operator %s on an integer array is not supported in a constant", e.Op)
	}
	switch e.Op {
	case ".and.", ".or.", ".eqv.", ".neqv.":
		if x.kind != ir.Logical {
			return cval{}, cerr(e.X.Span(), "operand of %s is %s, expected logical", e.Op, x.kind)
		}
		if y.kind != ir.Logical {
			return cval{}, cerr(e.Y.Span(), "operand of %s is %s, expected logical", e.Op, y.kind)
		}
		r := cval{kind: ir.Logical}
		switch e.Op {
		case ".and.":
			r.b = x.b && y.b
		case ".or.":
			r.b = x.b || y.b
		case ".eqv.":
			r.b = x.b == y.b
		default:
			r.b = x.b != y.b
		}
		return r, nil
	}
	if x.kind == ir.Logical {
		return cval{}, cerr(e.X.Span(), "operand of %s is %s, expected a number", e.Op, x.kind)
	}
	if y.kind == ir.Logical {
		return cval{}, cerr(e.Y.Span(), "operand of %s is %s, expected a number", e.Op, y.kind)
	}
	k := commonKind(x.kind, y.kind)
	switch e.Op {
	case "==", "/=", "<", "<=", ">", ">=":
		a, b := x.num(), y.num()
		if k == ir.Int {
			a, b = float64(x.i), float64(y.i)
		}
		r := cval{kind: ir.Logical}
		switch e.Op {
		case "==":
			r.b = a == b
		case "/=":
			r.b = a != b
		case "<":
			r.b = a < b
		case "<=":
			r.b = a <= b
		case ">":
			r.b = a > b
		default:
			r.b = a >= b
		}
		return r, nil
	case "**":
		if y.kind == ir.Int && x.kind == ir.Int {
			return cval{kind: ir.Int, i: ipow(x.i, y.i)}, nil
		}
		if y.kind == ir.Int {
			return cval{kind: x.kind, f: math.Pow(x.f, float64(y.i))}, nil
		}
		return cval{kind: k, f: math.Pow(x.num(), y.num())}, nil
	case "+", "-", "*", "/":
		if k == ir.Int {
			r := cval{kind: ir.Int}
			switch e.Op {
			case "+":
				r.i = x.i + y.i
			case "-":
				r.i = x.i - y.i
			case "*":
				r.i = x.i * y.i
			default:
				if y.i == 0 {
					return cval{}, cerr(e.OpPos, "integer division by zero in a constant")
				}
				r.i = x.i / y.i
			}
			return r, nil
		}
		a, b := x.num(), y.num()
		r := cval{kind: k}
		switch e.Op {
		case "+":
			r.f = a + b
		case "-":
			r.f = a - b
		case "*":
			r.f = a * b
		default:
			r.f = a / b
		}
		return r, nil
	}
	return cval{}, cerr(e.OpPos, "operator %s is not supported by forocl", e.Op)
}

func ipow(a, n int64) int64 {
	if n < 0 {
		switch a {
		case 1:
			return 1
		case -1:
			if n%2 == 0 {
				return 1
			}
			return -1
		}
		return 0
	}
	r := int64(1)
	for ; n > 0; n-- {
		r *= a
	}
	return r
}

// Limits of the real kinds, for epsilon, tiny and huge.
func epsilonOf(k ir.Kind) float64 {
	if k == ir.Real8 {
		return 0x1p-52
	}
	return 0x1p-23
}

func tinyOf(k ir.Kind) float64 {
	if k == ir.Real8 {
		return 0x1p-1022
	}
	return 0x1p-126
}

func hugeOf(k ir.Kind) float64 {
	if k == ir.Real8 {
		return math.MaxFloat64
	}
	return math.MaxFloat32
}

// constCall evaluates an element reference of an integer array constant or
// an intrinsic applied to constants.
func (c *checker) constCall(s *scope, env constEnv, e *ast.Call) (cval, *constErr) {
	ent := s.lookup(e.Name.Name)
	if ent.sym != nil {
		arr, err := c.constName(s, env, &e.Name)
		if err != nil {
			return arr, err
		}
		if !arr.isArr {
			return cval{}, cerr(e.Pos, "%q is not an array", e.Name.Orig)
		}
		if len(e.Args) != 1 || e.Args[0].Section || e.Args[0].Keyword != nil {
			return cval{}, cerr(e.Pos, "%q takes one subscript", e.Name.Orig)
		}
		iv, err := c.evalConst(s, env, e.Args[0].Value)
		if err != nil {
			return iv, err
		}
		if iv.isArr || iv.kind != ir.Int {
			return cval{}, cerr(e.Args[0].Pos, "subscript must be an integer")
		}
		if iv.i < 1 || iv.i > int64(len(arr.ints)) {
			return cval{}, cerr(e.Args[0].Pos, "subscript %d is out of bounds 1:%d of %q", iv.i, len(arr.ints), e.Name.Orig)
		}
		return cval{kind: ir.Int, i: arr.ints[iv.i-1], name: fmt.Sprintf("%s(%d)", arr.name, iv.i)}, nil
	}
	if ent.proc != nil {
		return cval{}, cerr(e.Pos, "function %q cannot be used in a constant expression", e.Name.Orig)
	}
	var args []cval
	var kindArg *cval
	for _, a := range e.Args {
		if a.Section {
			return cval{}, cerr(a.Pos, "array sections are not supported in constants")
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
	nargs := func(lo, hi int) *constErr {
		if len(args) < lo || len(args) > hi {
			return cerr(e.Pos, "wrong number of arguments to %q", name)
		}
		for _, a := range args {
			if a.isArr && name != "size" {
				return cerr(e.Pos, "%q of an array is not supported in a constant", name)
			}
		}
		return nil
	}
	realKindArg := func(def ir.Kind) (ir.Kind, *constErr) {
		if kindArg == nil && len(args) == 2 {
			kindArg = &args[1]
		}
		if kindArg == nil {
			return def, nil
		}
		if kindArg.kind != ir.Int || kindArg.isArr {
			return ir.Invalid, cerr(e.Pos, "kind argument of %q must be an integer constant", name)
		}
		switch kindArg.i {
		case 4:
			return ir.Real4, nil
		case 8:
			return ir.Real8, nil
		}
		return ir.Invalid, cerr(e.Pos, "real kind %d is not supported; forocl knows kinds 4 and 8", kindArg.i)
	}
	switch name {
	case "kind":
		if err := nargs(1, 1); err != nil {
			return cval{}, err
		}
		if args[0].kind == ir.Real8 {
			return cval{kind: ir.Int, i: 8}, nil
		}
		return cval{kind: ir.Int, i: 4}, nil
	case "selected_real_kind":
		if err := nargs(0, 2); err != nil {
			return cval{}, err
		}
		p, r := int64(0), int64(0)
		if len(args) > 0 {
			p = args[0].i
		}
		if len(args) > 1 {
			r = args[1].i
		}
		switch {
		case p <= 6 && r <= 37:
			return cval{kind: ir.Int, i: 4}, nil
		case p <= 15 && r <= 307:
			return cval{kind: ir.Int, i: 8}, nil
		}
		return cval{}, cerr(e.Pos, "selected_real_kind(%d, %d) asks for more precision than real(8) has", p, r)
	case "selected_int_kind":
		if err := nargs(1, 1); err != nil {
			return cval{}, err
		}
		if args[0].i <= 9 {
			return cval{kind: ir.Int, i: 4}, nil
		}
		return cval{}, cerr(e.Pos, "selected_int_kind(%d) needs an integer kind forocl does not support", args[0].i)
	case "size":
		if err := nargs(1, 1); err != nil {
			return cval{}, err
		}
		if !args[0].isArr {
			return cval{}, cerr(e.Pos, "argument of size must be an array")
		}
		return cval{kind: ir.Int, i: int64(len(args[0].ints))}, nil
	case "real", "dble", "float":
		if err := nargs(1, 2); err != nil {
			return cval{}, err
		}
		k := ir.Real4
		if name == "dble" {
			k = ir.Real8
		} else {
			var err *constErr
			if k, err = realKindArg(ir.Real4); err != nil {
				return cval{}, err
			}
		}
		if args[0].kind == ir.Logical {
			// the same message as for a call at run time (expr.go)
			return cval{}, cerr(e.Pos, "argument %d of %q is %s, expected a number", 1, name, ir.Logical)
		}
		return args[0].convert(k), nil
	case "int", "nint", "floor", "ceiling":
		if err := nargs(1, 1); err != nil {
			return cval{}, err
		}
		a := args[0]
		if a.kind == ir.Logical {
			return cval{}, cerr(e.Pos, "argument %d of %q is %s, expected a number", 1, name, ir.Logical)
		}
		if a.kind == ir.Int {
			return cval{kind: ir.Int, i: a.i}, nil
		}
		var f float64
		switch name {
		case "int":
			f = math.Trunc(a.f)
		case "nint":
			f = math.Round(a.f)
		case "floor":
			f = math.Floor(a.f)
		default:
			f = math.Ceil(a.f)
		}
		return cval{kind: ir.Int, i: int64(f)}, nil
	case "abs":
		if err := nargs(1, 1); err != nil {
			return cval{}, err
		}
		a := args[0]
		if a.i < 0 {
			a.i = -a.i
		}
		a.f = math.Abs(a.f)
		a.name = ""
		return a, nil
	case "min", "max":
		if len(args) < 2 {
			return cval{}, cerr(e.Pos, "%q needs at least two arguments", name)
		}
		if err := nargs(2, len(args)); err != nil {
			return cval{}, err
		}
		k := args[0].kind
		for _, a := range args[1:] {
			k = commonKind(k, a.kind)
		}
		best := args[0].convert(k)
		for _, a := range args[1:] {
			a = a.convert(k)
			if (name == "min") == (a.num() < best.num()) && a.num() != best.num() {
				best = a
			}
		}
		best.name = ""
		return best, nil
	case "mod", "modulo":
		if err := nargs(2, 2); err != nil {
			return cval{}, err
		}
		k := commonKind(args[0].kind, args[1].kind)
		a, p := args[0].convert(k), args[1].convert(k)
		if k == ir.Int {
			if p.i == 0 {
				return cval{}, cerr(e.Pos, "%s by zero in a constant", name)
			}
			r := a.i % p.i
			if name == "modulo" && r != 0 && (r < 0) != (p.i < 0) {
				r += p.i
			}
			return cval{kind: ir.Int, i: r}, nil
		}
		r := math.Mod(a.f, p.f)
		if name == "modulo" && r != 0 && (r < 0) != (p.f < 0) {
			r += p.f
		}
		return cval{kind: k, f: r}, nil
	case "sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "aint", "anint":
		if err := nargs(1, 1); err != nil {
			return cval{}, err
		}
		a := args[0]
		if !a.kind.IsReal() {
			return cval{}, cerr(e.Pos, "argument %d of %q is %s, expected real", 1, name, a.kind)
		}
		fs := map[string]func(float64) float64{
			"sqrt": math.Sqrt, "exp": math.Exp, "log": math.Log, "log10": math.Log10,
			"sin": math.Sin, "cos": math.Cos, "tan": math.Tan, "asin": math.Asin,
			"acos": math.Acos, "atan": math.Atan, "sinh": math.Sinh, "cosh": math.Cosh,
			"tanh": math.Tanh, "aint": math.Trunc, "anint": math.Round,
		}
		return cval{kind: a.kind, f: fs[name](a.f)}, nil
	case "epsilon", "tiny", "huge":
		if err := nargs(1, 1); err != nil {
			return cval{}, err
		}
		a := args[0]
		if a.kind == ir.Int && name == "huge" {
			return cval{kind: ir.Int, i: math.MaxInt32}, nil
		}
		if !a.kind.IsReal() {
			return cval{}, cerr(e.Pos, "argument %d of %q is %s, expected real", 1, name, a.kind)
		}
		f := map[string]func(ir.Kind) float64{"epsilon": epsilonOf, "tiny": tinyOf, "huge": hugeOf}[name](a.kind)
		return cval{kind: a.kind, f: f}, nil
	}
	return cval{}, cerr(e.Pos, "%q cannot be evaluated in a constant expression", e.Name.Orig)
}

// foldArray applies +, - or * element by element to integer arrays (or an
// integer array and an integer scalar), as in "halo + 1".
func foldArray(e *ast.Binary, x, y cval) (cval, *constErr) {
	n := len(x.ints)
	if !x.isArr {
		n = len(y.ints)
	}
	if (x.isArr && y.isArr && len(x.ints) != len(y.ints)) || (!x.isArr && x.kind != ir.Int) || (!y.isArr && y.kind != ir.Int) {
		return cval{}, cerr(e.OpPos, "operands of %s do not conform", e.Op)
	}
	at := func(v cval, i int) int64 {
		if v.isArr {
			return v.ints[i]
		}
		return v.i
	}
	out := cval{kind: ir.Int, isArr: true, ints: make([]int64, n)}
	for i := range out.ints {
		a, b := at(x, i), at(y, i)
		switch e.Op {
		case "+":
			out.ints[i] = a + b
		case "-":
			out.ints[i] = a - b
		default:
			out.ints[i] = a * b
		}
	}
	return out, nil
}
