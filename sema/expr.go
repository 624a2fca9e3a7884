package sema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

func constIR(v cval, at diag.Span) *ir.Const {
	return &ir.Const{Pos: at, Kind: v.kind, Float: v.f, Int: v.i, Bool: v.b, Name: v.name}
}

// expr lowers an expression; it returns nil after reporting an error.
func (l *lowerer) expr(e ast.Expr) ir.Expr {
	switch e := e.(type) {
	case nil, *ast.BadExpr:
		return nil // a syntax error the parser has reported
	case *ast.IntLit, *ast.RealLit, *ast.LogicalLit:
		v, err := l.c.evalConst(l.s, l.env, e)
		if err != nil {
			l.c.reportConst(err)
			return nil
		}
		return constIR(v, e.Span())
	case *ast.StringLit:
		l.errorf(codeUnsupportedCharacter, e.Pos, "character strings are not supported by forocl")
		return nil
	case *ast.Paren:
		return l.expr(e.X)
	case *ast.Ident:
		return l.ident(e)
	case *ast.Unary:
		return l.unary(e)
	case *ast.Binary:
		return l.binary(e)
	case *ast.ArrayCons:
		l.errorf(codeHaloMisuse, e.Pos, "array constructors can only be used as halos")
		return nil
	case *ast.Call:
		return l.call(e)
	}
	panic(fmt.Sprintf("internal error: unexpected expression %T", e))
}

func (l *lowerer) ident(id *ast.Ident) ir.Expr {
	ent := l.s.lookup(id.Name)
	if ent.proc != nil {
		l.errorf(codeFunctionWithoutArguments, id.Pos, "function %q is used without an argument list", id.Orig)
		return nil
	}
	if ent.sym == nil {
		if id.Name == "region_cpy" || id.Name == "region_ptr" {
			l.errorf(codeRegionArguments, id.Pos, "%q must be called with arguments (an array and a halo)", id.Name)
			return nil
		}
		if l.s.isImplicitNone() {
			l.undefined(id, "name")
			return nil
		}
		return &ir.Ref{Pos: id.Pos, Var: l.implicitLocal(id)}
	}
	sym := ent.sym
	if l.broken[sym] {
		return nil
	}
	if sym.param {
		v, ok := l.c.paramValue(sym)
		if !ok {
			return nil
		}
		if v.isArr {
			if v.kind.IsReal() {
				l.errorf(codeHaloMisuse, id.Pos, "real array constant %q can only be used with a subscript, such as %s(i)", id.Orig, id.Orig)
				return nil
			}
			l.errorf(codeHaloMisuse, id.Pos, "integer array constant %q can only be used as a halo or with a subscript", id.Orig)
			return nil
		}
		return constIR(v, id.Pos)
	}
	if x, ok := l.hostRef(id, sym); ok {
		return x // Note [user functions]
	}
	if l.foreign(sym) {
		if l.programVar(id, sym) {
			return nil
		}
		l.errorf(codeModuleVariable, id.Pos, "module variable %q cannot be used in %s; only named constants can", id.Orig, l.where).
			WithHint("declare it as a parameter or pass it as an argument").
			WithNote(sym.pos, "declared here")
		return nil
	}
	if _, ok := l.inits[sym]; ok {
		v, err, _ := l.env(sym, id.Pos)
		if err != nil {
			return nil
		}
		return constIR(v, id.Pos)
	}
	if _, ok := l.halos[sym]; ok {
		l.errorf(codeHaloMisuse, id.Pos, "halo %q can only be used as the halo argument of region_cpy or region_ptr", id.Orig).
			WithHint("use one of its elements, such as %s(1)", id.Orig)
		return nil
	}
	v := l.vars[sym]
	if v == nil {
		return nil // declaration error already reported
	}
	switch {
	case v.Role == ir.Pointer:
		w := l.pointerWindow(sym, id.Pos)
		if w != nil {
			l.readOut(w.Var, id.Pos, sym.orig)
		}
		return nil
	case v.Rank > 0 && l.loop != nil && l.loop.sect != nil:
		return l.sectionOperand(id, nil, v) // Note [array assignments]
	case v.Rank > 0 && l.loop != nil:
		l.c.diags.Error(codeLoopSubscript, id.Pos, "whole-array reference to %q in a loop kernel", v.Name).
			WithHint("use one element, such as %s(j, k)", v.Name)
		return nil
	case v.Rank > 0:
		if !l.readable(v, id.Pos) {
			return nil
		}
		w := l.window(v, nil, nil, id.Pos)
		l.desc[w] = fmt.Sprintf("%q", v.Name)
		return w
	}
	return &ir.Ref{Pos: id.Pos, Var: v}
}

// readable reports (and rejects) reads of unassigned temporaries and of
// intent(out) arrays.
func (l *lowerer) readable(v *ir.Var, at diag.Span) bool {
	if v.Role == ir.Temp && v.Shrink == nil {
		l.errorf(codeTemporaryUnassigned, at, "temporary %q is read before it is assigned", v.Name).
			WithNote(v.Pos, "declared here")
		return false
	}
	if v.Role == ir.Dummy && v.Intent == ir.Out {
		l.readOut(v, at, "")
		return false
	}
	return true
}

func (l *lowerer) readOut(v *ir.Var, at diag.Span, through string) {
	msg := fmt.Sprintf("intent(out) array %q is read; its values are undefined in the kernel", v.Name)
	if through != "" {
		msg = fmt.Sprintf("intent(out) array %q is read through pointer %q; its values are undefined in the kernel", v.Name, through)
	}
	l.errorf(codeReadIntentOut, at, "%s", msg).WithHint("compute the value into a temporary and read that instead")
}

func isNumeric(k ir.Kind) bool { return k.IsInt() || k.IsReal() }

func (l *lowerer) unary(e *ast.Unary) ir.Expr {
	x := l.expr(e.X)
	if x == nil {
		return nil
	}
	t := x.Type()
	switch e.Op {
	case "+", "-":
		if !isNumeric(t.Kind) {
			l.errorf(codeOperandType, e.X.Span(), "operand of %s is %s, expected a number", e.Op, t.Kind)
			return nil
		}
		if e.Op == "+" {
			return x
		}
		if c, ok := x.(*ir.Const); ok && c.Name == "" {
			// a negative literal is a constant
			return &ir.Const{Pos: e.Pos, Kind: c.Kind, Float: -c.Float, Int: -c.Int}
		}
		return &ir.Unary{Pos: e.Pos, Op: ir.Neg, X: x, T: t}
	case ".not.":
		if t.Kind != ir.Logical {
			l.errorf(codeOperandType, e.X.Span(), "operand of .not. is %s, expected logical", t.Kind)
			return nil
		}
		return &ir.Unary{Pos: e.Pos, Op: ir.Not, X: x, T: t}
	}
	l.errorf(codeUnsupportedOperator, e.Pos, "operator %s is not supported by forocl", e.Op)
	return nil
}

var binOps = map[string]ir.Op{
	"+": ir.Add, "-": ir.Sub, "*": ir.Mul, "/": ir.Div, "**": ir.Pow,
	"==": ir.Eq, "/=": ir.Ne, "<": ir.Lt, "<=": ir.Le, ">": ir.Gt, ">=": ir.Ge,
	".and.": ir.And, ".or.": ir.Or, ".eqv.": ir.Eqv, ".neqv.": ir.Neqv,
}

func (l *lowerer) binary(e *ast.Binary) ir.Expr {
	op, ok := binOps[e.Op]
	if !ok {
		l.errorf(codeUnsupportedOperator, e.OpPos, "operator %s is not supported by forocl", e.Op)
		return nil
	}
	x, y := l.expr(e.X), l.expr(e.Y)
	if x == nil || y == nil {
		return nil
	}
	tx, ty := x.Type(), y.Type()
	rank := max(tx.Rank, ty.Rank)
	switch op {
	case ir.And, ir.Or, ir.Eqv, ir.Neqv:
		if tx.Kind != ir.Logical {
			l.errorf(codeOperandType, e.X.Span(), "operand of %s is %s, expected logical", e.Op, tx.Kind)
			return nil
		}
		if ty.Kind != ir.Logical {
			l.errorf(codeOperandType, e.Y.Span(), "operand of %s is %s, expected logical", e.Op, ty.Kind)
			return nil
		}
		return &ir.Binary{Pos: e.Pos, Op: op, X: x, Y: y, T: ir.Type{Kind: ir.Logical, Rank: rank}}
	}
	if tx.Kind == ir.Logical && ty.Kind == ir.Logical && (op == ir.Eq || op == ir.Ne) {
		l.errorf(codeLogicalEquality, e.OpPos, "logical values are compared with .eqv. and .neqv., not %s", e.Op)
		return nil
	}
	if !isNumeric(tx.Kind) {
		l.errorf(codeOperandType, e.X.Span(), "operand of %s is %s, expected a number", e.Op, tx.Kind)
		return nil
	}
	if !isNumeric(ty.Kind) {
		l.errorf(codeOperandType, e.Y.Span(), "operand of %s is %s, expected a number", e.Op, ty.Kind)
		return nil
	}
	k := commonKind(tx.Kind, ty.Kind)
	if op == ir.Pow && k == ir.Long {
		l.errorf(codeOperandType, e.OpPos, "** on integer(8) operands is not supported by forocl")
		return nil
	}
	switch op {
	case ir.Pow:
		if ty.Kind == ir.Int {
			// an integer exponent stays integer (pown)
			return &ir.Binary{Pos: e.Pos, Op: op, X: x, Y: y, T: ir.Type{Kind: tx.Kind, Rank: rank}}
		}
		return &ir.Binary{Pos: e.Pos, Op: op, X: l.conv(x, k), Y: l.conv(y, k), T: ir.Type{Kind: k, Rank: rank}}
	case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
		return &ir.Binary{Pos: e.Pos, Op: op, X: l.conv(x, k), Y: l.conv(y, k), T: ir.Type{Kind: ir.Logical, Rank: rank}}
	}
	return &ir.Binary{Pos: e.Pos, Op: op, X: l.conv(x, k), Y: l.conv(y, k), T: ir.Type{Kind: k, Rank: rank}}
}

// conv converts x to kind k when it has another numeric kind.
func (l *lowerer) conv(x ir.Expr, k ir.Kind) ir.Expr {
	t := x.Type()
	if t.Kind == k || k == ir.Invalid || t.Kind == ir.Invalid {
		return x
	}
	if b, ok := x.(*ir.Binary); ok && b.Op == ir.Div && t.Kind.IsInt() && k.IsReal() && !l.warnDiv[x] {
		l.warnDiv[x] = true
		l.c.diags.Warn(codeIntegerDivision, b.Pos, "integer division truncates before the result is converted to %s", k).
			WithHint("write one operand as a real constant (e.g. 1.0) for a real quotient")
	}
	return &ir.Convert{Pos: x.Span(), X: x, T: ir.Type{Kind: k, Rank: t.Rank}}
}

func (l *lowerer) call(e *ast.Call) ir.Expr {
	name := e.Name.Name
	// the region functions are always known, whatever is used or declared
	switch name {
	case "region_cpy":
		return l.regionCpy(e)
	case "region_ptr":
		l.errorf(codeRegionPtrInExpression, e.Pos, "region_ptr may only be used in a pointer association").
			WithHint("write \"p => region_ptr(%s)\" and assign through p", argsText(e))
		return nil
	}
	ent := l.s.lookup(name)
	if ent.sym != nil {
		sym := ent.sym
		if l.broken[sym] {
			return nil
		}
		if x, ok := l.symbolCall(e, sym); ok {
			return x // Note [user functions]
		}
		if sym.param && sym.rank() > 0 && l.loop != nil {
			return l.tableElem(e, sym)
		}
		if _, ok := l.halos[sym]; ok || sym.param || l.inits[sym] != nil {
			v, err := l.c.evalConst(l.s, l.env, e)
			if err != nil {
				l.c.reportConst(err)
				return nil
			}
			if v.isArr {
				l.errorf(codeHaloMisuse, e.Pos, "integer array values can only be used as halos")
				return nil
			}
			return constIR(v, e.Pos)
		}
		if l.foreign(sym) {
			if l.programVar(&e.Name, sym) {
				return nil
			}
			l.errorf(codeModuleVariable, e.Name.Pos, "module variable %q cannot be used in %s; only named constants can", e.Name.Orig, l.where).
				WithNote(sym.pos, "declared here")
			return nil
		}
		if v := l.vars[sym]; v != nil {
			if v.Elems > 0 {
				return l.elemRef(e, v)
			}
			if l.loop != nil && v.Rank > 0 {
				if l.loop.sect != nil && isSectionRef(e) {
					return l.sectionOperand(&e.Name, e, v) // Note [array assignments]
				}
				if x := l.elem(e, v); x != nil {
					return x
				}
				return nil
			}
			l.subscripted(e, v)
		}
		return nil
	}
	if ent.proc != nil {
		return l.userCall(e, ent.proc)
	}
	if in, ok := ir.Lookup(name, ir.ClassReduction); ok {
		return l.reduction(e, in)
	}
	if id, ok := kernelIntrinsic(name); ok {
		return l.intrinsic(e, id)
	}
	if name == "size" {
		// size of a named constant array is a constant
		if v, err := l.c.evalConst(l.s, l.env, e); err == nil && !v.isArr {
			return constIR(v, e.Pos)
		}
	}
	if x, ok := l.shapeInquiry(e); ok {
		return x // size, lbound, ubound of a loop kernel's array
	}
	if (name == "eoshift" || name == "cshift") && l.loop != nil && l.loop.sect != nil {
		return l.shiftCall(e) // Note [shifts]
	}
	if knownIntrinsic(name) {
		l.errorf(codeUnsupportedIntrinsic, e.Name.Pos, "function %q is not supported by forocl", e.Name.Orig).
			WithHint("forocl supports region_cpy, elemental functions and the intrinsics %s", supportedList())
		return nil
	}
	l.undefined(&e.Name, "function")
	return nil
}

func argsText(e *ast.Call) string {
	if len(e.Args) == 2 {
		if a, ok := e.Args[0].Value.(*ast.Ident); ok {
			if h, ok := e.Args[1].Value.(*ast.Ident); ok {
				return a.Orig + ", " + h.Orig
			}
		}
	}
	return "array, halo"
}

// regionCpy lowers region_cpy(A, halo) to a window of A.
func (l *lowerer) regionCpy(e *ast.Call) ir.Expr {
	if l.scalar {
		l.errorf(codeElementalScalarCode, e.Pos, "region_cpy is not allowed in %s; its code is scalar", l.where)
		return nil
	}
	if len(e.Args) != 2 {
		l.errorf(codeRegionArguments, e.Pos, "region_cpy takes 2 arguments (an array and a halo), not %d", len(e.Args))
		return nil
	}
	aid, ok := e.Args[0].Value.(*ast.Ident)
	if !ok || e.Args[0].Section {
		l.errorf(codeRegionCpyArray, e.Args[0].Pos, "first argument of region_cpy must be the name of an array")
		return nil
	}
	ent := l.s.lookup(aid.Name)
	var v *ir.Var
	if ent.sym != nil && ent.sym.sc == l.s {
		v = l.vars[ent.sym]
	}
	if v == nil || v.Rank == 0 {
		if !ent.found() && l.s.isImplicitNone() {
			l.undefined(aid, "name")
			return nil
		}
		l.errorf(codeRegionCpyArray, aid.Pos, "first argument of region_cpy must be an array of the kernel; %q is not", aid.Orig)
		return nil
	}
	if v.Role == ir.Pointer {
		if w := l.pointerWindow(ent.sym, aid.Pos); w != nil {
			l.readOut(w.Var, aid.Pos, ent.sym.orig)
		}
		return nil
	}
	if !l.readable(v, aid.Pos) {
		return nil
	}
	lo, hi, ok := l.haloArg(e.Args[1], v)
	if !ok {
		return nil
	}
	w := &ir.Window{Pos: e.Pos, Var: v, Lo: lo, Hi: hi}
	l.desc[w] = fmt.Sprintf("region_cpy(%s, %s)", v.Name, haloText(lo, hi))
	return w
}

// userCall lowers a call of a user function (elemental, or pure with scalar
// arguments).
func (l *lowerer) userCall(e *ast.Call, p *proc) ir.Expr {
	sub := p.sub
	if sub.Kind == ast.Subroutine {
		l.errorf(codeSubroutineAsFunction, e.Name.Pos, "subroutine %q cannot be used as a function", e.Name.Orig).
			WithNote(sub.Name.Pos, "declared here")
		return nil
	}
	if p.sub == l.sub {
		l.errorf(codeRecursion, e.Name.Pos, "function %q is recursive; forocl cannot translate recursion", e.Name.Orig)
		return nil
	}
	if pure := (sub.Pure || sub.Elemental) && !sub.Impure; !pure && !l.effectivelyPure(e, p) {
		return nil // Note [user functions]
	}
	dummy, ok := l.argDummies("function", e.Name, e.Pos, e.Args, sub)
	if !ok {
		return nil
	}
	args := make([]ir.Expr, len(sub.Args))
	bad := false
	for i, a := range e.Args {
		j := dummy[i]
		if a.Section {
			l.errorf(codeArrayReference, a.Pos, "array sections are outside forocl's subset").WithHint("use region_cpy(array, halo)")
			bad = true
			continue
		}
		x := l.expr(a.Value)
		if x == nil {
			bad = true
			continue
		}
		args[j] = x
	}
	fn, rec := l.c.lowerFunc(p)
	if rec {
		l.errorf(codeRecursion, e.Name.Pos, "function %q is recursive; forocl cannot translate recursion", e.Name.Orig)
		return nil
	}
	if bad || fn == nil {
		return nil
	}
	args = append(args, l.hostArgs(p, e.Name.Pos)...)
	rank := 0
	for i, x := range args {
		if x == nil {
			l.errorf(codeFunctionArguments, e.Pos, "argument %q of function %q is missing", fn.Params[i].Name, e.Name.Orig)
			return nil
		}
		t := x.Type()
		rank = max(rank, t.Rank)
		pk := fn.Params[i].Kind
		if (t.Kind == ir.Logical) != (pk == ir.Logical) {
			l.errorf(codeFunctionArgumentType, x.Span(), "argument %d of %q is %s, expected %s", i+1, e.Name.Orig, t.Kind, pk).
				WithNote(fn.Params[i].Pos, "%q declared here", fn.Params[i].Name)
			return nil
		}
		args[i] = l.conv(x, pk)
	}
	if rank > 0 && !sub.Elemental {
		l.errorf(codeFunctionNotElemental, e.Name.Pos, "function %q is not elemental; it cannot be applied to arrays", e.Name.Orig).
			WithHint("declare it \"pure elemental\"").
			WithNote(sub.Name.Pos, "declared here")
		return nil
	}
	return &ir.Call{Pos: e.Pos, Func: fn, Args: args, T: ir.Type{Kind: fn.Result.Kind, Rank: rank}}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func wereWas(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

// unsupported are Fortran intrinsic functions forocl knows by name but does
// not implement: not in ir.Intrinsics, listed for a better message than
// "undefined".
var unsupported = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`cshift eoshift shape
		reshape spread transpose matmul pack unpack
		len trim adjustl adjustr index achar char ichar iachar present allocated associated
		random_number cmplx conjg aimag exponent fraction nearest spacing rrspacing
		scale set_exponent bit_size btest iand ior ieor ishft not transfer null
		bessel_j0 bessel_j1 erf erfc gamma log_gamma hypot acosh asinh atanh sngl idint ifix
		merge_bits parity findloc iall iany iparity
		precision range radix digits minexponent maxexponent new_line repeat scan verify`) {
		if _, ok := ir.LookupIntrinsic(n); ok {
			panic("internal error: sema's unsupported lists " + n + ", a row of ir.Intrinsics")
		}
		unsupported[n] = true
	}
}

// knownIntrinsic reports whether name is a Fortran intrinsic function that
// the caller could not lower where it stands: one forocl does not
// implement, or a row of ir.Intrinsics that is not allowed there (kind in
// a kernel, size of an array it cannot read). A module constant is no
// function.
func knownIntrinsic(name string) bool {
	id, ok := ir.LookupIntrinsic(name)
	return unsupported[name] || ok && ir.Intrinsics[id].Class != ir.ClassModuleConstant
}

// kernelIntrinsic finds an intrinsic function (a ClassFunction row of
// ir.Intrinsics) that kernels and functions may call.
func kernelIntrinsic(name string) (ir.IntrinsicID, bool) {
	in, ok := ir.Lookup(name, ir.ClassFunction)
	if !ok || in.Use == ir.UseConstant {
		return ir.FnInvalid, false
	}
	return in.ID, true
}

func supportedList() string {
	var names []string
	for _, id := range ir.IntrinsicIDs() {
		if _, ok := kernelIntrinsic(id.String()); ok {
			names = append(names, id.String())
		}
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

// intrinsicSite is a call of an intrinsic whose arguments are lowered, as
// intrinsicCall types it: in a kernel or function, or in a constant
// expression (whose arguments are constants positioned at the call).
type intrinsicSite struct {
	id   ir.IntrinsicID
	pos  diag.Span
	args []ir.Expr
	// kind resolves the kind argument for the row's rule, when the call
	// has one (nil otherwise); a silent error means it reported why.
	kind func(ir.KindArgRule) (ir.Kind, *constErr)
	// conv converts an argument to a kind.
	conv func(ir.Expr, ir.Kind) ir.Expr
}

// intrinsicCall types a call of an intrinsic from its row of
// ir.Intrinsics, after the caller has checked the number of arguments: it
// checks the arguments' types, resolves the kind argument, converts the
// arguments as the row's Result rule says and returns the typed call. An
// integer given to int, nint, floor or ceiling is returned as it is, and an
// inquiry function (epsilon, tiny, huge) is replaced by its value.
func intrinsicCall(c intrinsicSite) (ir.Expr, *constErr) {
	in := &ir.Intrinsics[c.id]
	name, args := in.Name, c.args
	kindOf := func(i int) ir.Kind { return args[i].Type().Kind }
	bad := func(i int, want string) *constErr {
		return cerr(codeIntrinsicArgumentType, args[i].Span(), "argument %d of %q is %s, expected %s", i+1, name, kindOf(i), want)
	}
	switch in.Args {
	case ir.ArgNumeric:
		for i := range args {
			if !isNumeric(kindOf(i)) {
				return nil, cerr(codeIntrinsicArgumentType, args[i].Span(), "argument %d of %q is %s, expected a number", i+1, name, kindOf(i))
			}
		}
	case ir.ArgReal:
		for i := range args {
			if !kindOf(i).IsReal() {
				return nil, cerr(codeIntrinsicArgumentType, args[i].Span(), "argument %d of %q is %s, expected real", i+1, name, kindOf(i))
			}
		}
	case ir.ArgReal4:
		for i := range args {
			if kindOf(i) != ir.Real4 {
				return nil, bad(i, ir.Real4.String())
			}
		}
	case ir.ArgInt:
		for i := range args {
			if !kindOf(i).IsInt() {
				return nil, bad(i, ir.Int.String())
			}
		}
	case ir.ArgMerge:
		if kindOf(2) != ir.Logical {
			return nil, cerr(codeIntrinsicArgumentType, args[2].Span(), "argument 3 of \"merge\" is %s, expected logical", kindOf(2))
		}
		tk, fk := kindOf(0), kindOf(1)
		if (tk != ir.Logical || fk != ir.Logical) && (!isNumeric(tk) || !isNumeric(fk)) {
			return nil, cerr(codeMergeTypes, args[1].Span(), "arguments of \"merge\" are %s and %s; they must have the same type", tk, fk)
		}
	}
	kind := ir.Invalid // the kind argument's kind, if there is one
	if c.kind != nil && in.Kind != ir.KindNone {
		k, err := c.kind(in.Kind)
		if err != nil {
			return nil, err
		}
		kind = k
	}
	var k ir.Kind // the result kind
	switch in.Result {
	case ir.ResSame:
		k = kindOf(0)
		if kind != ir.Invalid {
			k = kind
			args[0] = c.conv(args[0], k)
		}
	case ir.ResCommon, ir.ResMerge:
		k = ir.Int
		if in.Result == ir.ResMerge {
			args = args[:2]
		}
		for i := range args {
			k = commonKind(k, kindOf(i))
		}
		if kindOf(0) == ir.Logical {
			k = ir.Logical
		}
		for i := range args {
			args[i] = c.conv(args[i], k)
		}
		args = c.args
	case ir.ResToInt:
		if kindOf(0) == ir.Int && kind == ir.Invalid {
			return args[0], nil
		}
		k = ir.Int
		if kind != ir.Invalid {
			k = kind
		}
		if kindOf(0) == k {
			return args[0], nil
		}
	case ir.ResInt:
		k = ir.Int
	case ir.ResReal:
		k = ir.Real4
		if kind != ir.Invalid {
			k = kind
		}
	case ir.ResReal8:
		k = ir.Real8
	}
	rank := 0
	for _, a := range args {
		rank = max(rank, a.Type().Rank)
	}
	call := &ir.Intrinsic{Pos: c.pos, ID: in.Lowered(len(args)), Args: args, T: ir.Type{Kind: k, Rank: rank}}
	if in.Use == ir.UseInquiry {
		v, err := ir.Fold(call)
		if err != nil {
			panic(fmt.Sprintf("internal error: inquiry %s does not fold: %v", name, err))
		}
		return v, nil
	}
	return call, nil
}

// intrinsic lowers a call of an intrinsic that kernels may use, typing it
// from its row of the table (intrinsicCall).
func (l *lowerer) intrinsic(e *ast.Call, id ir.IntrinsicID) ir.Expr {
	in := &ir.Intrinsics[id]
	name := e.Name.Name
	var args []ir.Expr
	var kindArg ast.Expr
	bad := false
	for _, a := range e.Args {
		if a.Keyword != nil && a.Keyword.Name == "kind" {
			kindArg = a.Value
			continue
		}
		if a.Section {
			l.errorf(codeArrayReference, a.Pos, "array sections are outside forocl's subset").WithHint("use region_cpy(array, halo)")
			bad = true
			continue
		}
		x := l.expr(a.Value)
		if x == nil {
			bad = true
			continue
		}
		args = append(args, x)
	}
	if bad {
		return nil
	}
	// the optional kind argument, given by position
	if kindArg == nil && in.Kind != ir.KindNone && len(args) == in.Max+1 {
		kindArg = e.Args[len(args)-1].Value
		args = args[:len(args)-1]
	}
	if lo, hi := in.Min, in.Max; len(args) < lo || (hi >= 0 && len(args) > hi) {
		switch {
		case hi < 0:
			l.errorf(codeIntrinsicArgumentCount, e.Pos, "%q needs at least %d arguments, not %d", name, lo, len(args))
		case lo == hi:
			l.errorf(codeIntrinsicArgumentCount, e.Pos, "%q takes %d argument%s, not %d", name, lo, plural(lo), len(args))
		default:
			l.errorf(codeIntrinsicArgumentCount, e.Pos, "%q takes %d to %d arguments, not %d", name, lo, hi, len(args))
		}
		return nil
	}
	site := intrinsicSite{id: id, pos: e.Pos, args: args, conv: l.conv}
	if kindArg != nil {
		site.kind = func(rule ir.KindArgRule) (ir.Kind, *constErr) {
			if rule == ir.KindReal {
				k, ok := l.realKind(kindArg, name)
				if !ok {
					return ir.Invalid, &constErr{silent: true}
				}
				return k, nil
			}
			if k, ok := l.kindArg(kindArg, name); !ok {
				return ir.Invalid, &constErr{silent: true}
			} else if k == 8 {
				return ir.Long, nil
			} else if k != 4 {
				l.errorf(codeUnsupportedKind, kindArg.Span(), "integer kind %d is not supported; forocl knows integer kinds 4 and 8", k)
				return ir.Invalid, &constErr{silent: true}
			}
			return ir.Int, nil
		}
	}
	x, err := intrinsicCall(site)
	if err != nil {
		l.c.reportConst(err)
		return nil
	}
	return x
}

func (l *lowerer) kindArg(e ast.Expr, name string) (int64, bool) {
	v, err := l.c.evalConst(l.s, l.env, e)
	if err != nil {
		l.c.reportConst(err)
		return 0, false
	}
	if v.isArr || v.kind != ir.Int {
		l.errorf(codeKindNotIntegerConstant, e.Span(), "kind argument of %q must be an integer constant", name)
		return 0, false
	}
	return v.i, true
}

func (l *lowerer) realKind(e ast.Expr, name string) (ir.Kind, bool) {
	k, ok := l.kindArg(e, name)
	if !ok {
		return ir.Invalid, false
	}
	switch k {
	case 4:
		return ir.Real4, true
	case 8:
		return ir.Real8, true
	}
	l.errorf(codeUnsupportedKind, e.Span(), "real kind %d is not supported; forocl knows kinds 4 and 8", k)
	return ir.Invalid, false
}
