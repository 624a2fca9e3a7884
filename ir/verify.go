package ir

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/diag"
)

// Note [verifying the IR]
//
// Verify checks the invariants that this package's comments promise and
// that later passes rely on (the package comment, Note [loop kernels],
// Note [loop reductions], Note [host loops], Note [small arrays]). Sema
// runs it on every program it returns and reports a failure as an
// internal error, so every test that compiles a kernel verifies its IR;
// passes after sema (regions, codegen) never change the IR, which the
// driver's tests check by printing it before and after them. Verify
// looks at the form of the IR only: it does not redo sema's checks of
// the source (in-place updates, intents, halos), and it checks the
// declared extents of windows, not the values of bounds.

// Problem is one broken invariant: where and what.
type Problem struct {
	Pos diag.Span
	Msg string
}

// VerifyError lists the broken invariants of a program.
type VerifyError struct {
	Problems []Problem
}

func (e *VerifyError) Error() string {
	var b strings.Builder
	b.WriteString("ir.Verify: ")
	for i, p := range e.Problems {
		if i == 5 {
			fmt.Fprintf(&b, "; and %d more", len(e.Problems)-i)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		if p.Pos.Start.Line > 0 {
			fmt.Fprintf(&b, "%s: ", p.Pos)
		}
		b.WriteString(p.Msg)
	}
	return b.String()
}

// Verify checks p's invariants (Note [verifying the IR]). It returns nil
// or a *VerifyError.
func Verify(p *Program) error {
	if p == nil {
		return &VerifyError{Problems: []Problem{{Msg: "nil program"}}}
	}
	v := &verifier{prog: p, funcs: map[*Func]bool{}}
	for _, f := range p.Funcs {
		if f == nil {
			v.bad(diag.Span{}, "nil function")
			continue
		}
		v.fn(f)
		v.funcs[f] = true // callees before callers
	}
	for _, k := range p.Kernels {
		if k == nil {
			v.bad(diag.Span{}, "nil kernel")
			continue
		}
		v.kernel(k)
	}
	if len(v.probs) > 0 {
		return &VerifyError{Problems: v.probs}
	}
	return nil
}

type verifier struct {
	prog  *Program
	funcs map[*Func]bool // the functions a body may call
	probs []Problem
	where string // the kernel or function, for messages

	k     *Kernel       // nil in a function
	scope map[*Var]bool // the declared variables of the kernel or function
	sizes map[*Var]bool // a loop kernel's sizes and the variables of enclosing host loops
	bound map[*Var]bool // nest indices and sequential loop variables now running
	red   map[*Var]bool // the reductions of the enclosing nest
	rvars map[*Var]*Var // a region kernel's reductions, declared by their assignment
	nest  *Nest         // the enclosing nest
	order map[*Var]int  // the position of each variable in the kernel's Params, then Locals
	lhs   bool          // checking an assignment's left-hand side
}

func (v *verifier) bad(at diag.Span, format string, args ...any) {
	v.probs = append(v.probs, Problem{Pos: at, Msg: v.where + ": " + fmt.Sprintf(format, args...)})
}

// declare adds the variables of a list to the scope, once each.
func (v *verifier) declare(list []*Var, what string, role Role) {
	for _, x := range list {
		switch {
		case x == nil:
			v.bad(diag.Span{}, "nil %s", what)
			continue
		case v.scope[x]:
			v.bad(x.Pos, "variable %q is declared twice", x.Name)
		case x.Role != role:
			v.bad(x.Pos, "%s %q has role %d, want %d", what, x.Name, x.Role, role)
		case x.Kind == Invalid:
			v.bad(x.Pos, "%s %q has no kind", what, x.Name)
		}
		v.scope[x] = true
	}
}

func (v *verifier) fn(f *Func) {
	v.where = "function " + f.Name
	v.k, v.scope, v.bound, v.red, v.sizes, v.nest = nil, map[*Var]bool{}, map[*Var]bool{}, nil, nil, nil
	v.declare(f.Params, "parameter", Dummy)
	if f.Result == nil {
		v.bad(f.Pos, "no result variable")
	} else {
		v.declare([]*Var{f.Result}, "result", Result)
	}
	v.declare(f.Locals, "local", Local)
	for _, x := range append(append([]*Var(nil), f.Params...), f.Locals...) {
		if x != nil && x.Rank != 0 {
			v.bad(x.Pos, "variable %q of an elemental function has rank %d", x.Name, x.Rank)
		}
	}
	v.stmts(f.Body, false)
}

func (v *verifier) kernel(k *Kernel) {
	v.where = "kernel " + k.Name
	v.k, v.scope, v.bound, v.red, v.nest = k, map[*Var]bool{}, map[*Var]bool{}, nil, nil
	v.sizes = map[*Var]bool{}
	v.order = map[*Var]int{}
	host := map[*Var]bool{}
	for _, x := range k.HostVars {
		host[x] = true
	}
	for i, x := range append(append([]*Var(nil), k.Params...), k.Locals...) {
		if !host[x] { // host variables join bounds where sema meets them
			v.order[x] = i
		}
	}
	v.rvars = map[*Var]*Var{}
	v.declare(k.Params, "parameter", Dummy)
	v.declare(k.Locals, "local", Local)
	v.declare(k.Temps, "temporary", Temp)
	v.declare(k.Tables, "table", Table)
	for _, x := range k.Sizes {
		if !v.scope[x] || x.Kind != Int && x.Kind != Long || x.Rank != 0 {
			v.bad(k.Pos, "size %s is not an integer scalar of the kernel", varName(x))
		}
		v.sizes[x] = true
	}
	for _, x := range k.HostVars { // computed by the host before each launch
		if !v.scope[x] || x.Rank != 0 {
			v.bad(k.Pos, "host variable %s is not a scalar of the kernel", varName(x))
		}
		v.sizes[x] = true
	}
	switch {
	case !k.FrameForm():
		v.loopKernelVars(k)
	default:
		if k.Rank < 1 {
			v.bad(k.Pos, "kernel has rank %d", k.Rank)
		}
		for _, x := range append(append([]*Var(nil), k.Params...), k.Temps...) {
			if x != nil && x.Rank != 0 && x.Rank != k.Rank {
				v.bad(x.Pos, "array %q has rank %d in a kernel of rank %d", x.Name, x.Rank, k.Rank)
			}
		}
		for _, x := range k.Temps {
			if x != nil && len(x.Shrink) != x.Rank {
				v.bad(x.Pos, "temporary %q has %d extents for rank %d", x.Name, len(x.Shrink), x.Rank)
			}
		}
		if len(k.Tables) > 0 || len(k.Sizes) > 0 {
			v.bad(k.Pos, "tables or sizes outside a loop kernel")
		}
	}
	v.stmts(k.Body, true)
	if k.FrameForm() && len(v.rvars) > 0 {
		walkStmts(k.Body, func(s Stmt) {
			if r, ok := s.(*Return); ok {
				v.bad(r.Pos, "return in a kernel with reductions")
			}
		})
	}
}

// loopKernelVars checks the declared bounds of a loop kernel's arrays.
func (v *verifier) loopKernelVars(k *Kernel) {
	if k.Rank != 0 && k.Grid() == nil {
		v.bad(k.Pos, "loop kernel has rank %d but %d sizes", k.Rank, len(k.Sizes))
	}
	for _, x := range k.Grid() { // Note [frames as nests]
		if x.Role != Local || x.Kind != Int {
			v.bad(k.Pos, "grid extent %s is not a default integer local", varName(x))
		}
	}
	for _, list := range [][]*Var{k.Params, k.Locals, k.Temps, k.Tables} {
		for _, x := range list {
			if x == nil {
				continue
			}
			if len(x.Bounds) != x.Rank {
				v.bad(x.Pos, "array %q of rank %d has %d bounds", x.Name, x.Rank, len(x.Bounds))
			}
			if x.Sequence && (x.Rank != 1 || x.Role != Dummy) {
				v.bad(x.Pos, "%q is sequence-associated but not a dummy of rank 1", x.Name)
			}
			for _, b := range x.Bounds {
				v.affine(x.Pos, b.Lo, v.sizes, "a bound of "+x.Name)
				v.affine(x.Pos, b.Hi, v.sizes, "a bound of "+x.Name)
			}
		}
	}
	for _, t := range k.Tables {
		if t == nil {
			continue
		}
		n, ok := t.Elements()
		if !ok || int64(len(t.Data)) != n {
			v.bad(t.Pos, "table %q has %d values for its bounds", t.Name, len(t.Data))
		}
		for _, c := range t.Data {
			if c == nil || c.Kind != t.Kind {
				v.bad(t.Pos, "a value of table %q is not of its kind %s", t.Name, t.Kind)
				break
			}
		}
	}
}

// affine checks that every term of a is over a variable of vars.
func (v *verifier) affine(at diag.Span, a Affine, vars map[*Var]bool, what string) {
	if v.order != nil {
		last := -1
		for _, t := range a.Terms {
			if i, ok := v.order[t.Var]; ok {
				if i <= last {
					v.bad(at, "%s: terms not in the order of the kernel's variables (%s)", what, a)
				}
				last = i
			}
		}
	}
	for _, t := range a.Terms {
		switch {
		case t.Var == nil:
			v.bad(at, "%s has a term without a variable", what)
		case t.Coef == 0:
			v.bad(at, "%s has a zero term in %s", what, t.Var.Name)
		case !vars[t.Var]:
			v.bad(at, "%s is over %q, which it may not name", what, t.Var.Name)
		}
	}
}

func varName(x *Var) string {
	if x == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%q", x.Name)
}

// stmts checks a body; top says whether it is the kernel's top level (or
// a host loop's body).
func (v *verifier) stmts(list []Stmt, top bool) {
	for _, s := range list {
		v.stmt(s, top)
	}
}

func (v *verifier) stmt(s Stmt, top bool) {
	switch s := s.(type) {
	case nil:
		v.bad(diag.Span{}, "nil statement")
	case *Assign:
		v.assign(s, top)
	case *If:
		v.scalar(s.Cond, s.Pos, "an if condition", Logical)
		v.stmts(s.Then, top && v.nest == nil) // an IF of the host procedure holds nests
		v.stmts(s.Else, top && v.nest == nil)
	case *Return:
	case *Print:
		if v.nest != nil || v.k == nil || v.k.FrameForm() {
			v.bad(s.Pos, "write outside a kernel's host program")
		}
		for _, it := range s.Items {
			if it.X != nil {
				v.scalar(it.X, s.Pos, "a write item", Invalid)
			}
		}
	case *Nest:
		v.nestStmt(s, top)
	case *Loop:
		v.loop(s, top)
	default:
		v.bad(s.Span(), "unknown statement %T", s)
	}
}

// scalar checks a scalar expression of kind want (Invalid: any kind).
func (v *verifier) scalar(e Expr, at diag.Span, what string, want Kind) {
	if e == nil {
		v.bad(at, "%s is nil", what)
		return
	}
	v.expr(e, nil)
	t := e.Type()
	if t.Rank != 0 {
		v.bad(e.Span(), "%s has rank %d", what, t.Rank)
	}
	switch {
	case want == Invalid:
	case want == Int && t.Kind.IsInt():
	case t.Kind != want:
		v.bad(e.Span(), "%s is %s, not %s", what, t.Kind, want)
	}
}

func (v *verifier) assign(s *Assign, top bool) {
	if s.LHS == nil || s.RHS == nil {
		v.bad(s.Pos, "assignment with a nil side")
		return
	}
	var frame []int
	switch l := s.LHS.(type) {
	case *Window:
		if v.k == nil || !v.k.FrameForm() {
			v.bad(s.Pos, "array assignment outside a region kernel")
			return
		}
		if len(s.Shrink) != v.k.Rank {
			v.bad(s.Pos, "array assignment's frame has %d extents in a kernel of rank %d", len(s.Shrink), v.k.Rank)
			return
		}
		frame = s.Shrink
		if l.Var != nil && l.Var.Role == Reduction {
			if !top {
				v.bad(s.Pos, "reduction %q is not at the top level", l.Var.Name)
			}
			if v.rvars[l.Var] != nil {
				v.bad(s.Pos, "reduction %q is assigned twice", l.Var.Name)
			}
			v.rvars[l.Var] = l.Var
			v.scope[l.Var] = true
			v.reduce(l.Var, s.Pos)
		}
		v.expr(l, frame)
	case *Ref:
		if s.Shrink != nil {
			v.bad(s.Pos, "scalar assignment with a frame")
		}
		v.lhs = true
		v.expr(l, nil)
		v.lhs = false
		if l.Var != nil && l.Var.Role == Reduction && !v.red[l.Var] {
			v.bad(s.Pos, "reduction %q is updated outside the nest that reduces it", l.Var.Name)
		}
	case *Elem:
		if s.Shrink != nil {
			v.bad(s.Pos, "element assignment with a frame")
		}
		v.expr(l, nil)
	default:
		v.bad(s.Pos, "assignment to a %T", s.LHS)
		return
	}
	if lv := lhsVar(s.LHS); lv != nil {
		switch {
		case lv.Role == Table:
			v.bad(s.Pos, "assignment to table %q", lv.Name)
		case lv.Role == Dummy && lv.Intent == In:
			v.bad(s.Pos, "assignment to intent(in) dummy %q", lv.Name)
		}
	}
	if _, ok := s.LHS.(*Elem); ok && v.nest == nil {
		v.bad(s.Pos, "element assignment outside a parallel nest")
	}
	v.expr(s.RHS, frame)
	lt, rt := s.LHS.Type(), s.RHS.Type()
	if lt.Kind != rt.Kind {
		v.bad(s.Pos, "assignment of %s to %s %s without a conversion", rt.Kind, lt.Kind, ExprString(s.LHS))
	}
	if frame == nil && rt.Rank != 0 {
		v.bad(s.Pos, "scalar assignment of an array of rank %d", rt.Rank)
	}
	if s.Mask != nil {
		if frame == nil {
			v.bad(s.Pos, "mask on a scalar assignment")
		}
		v.expr(s.Mask, frame)
		if s.Mask.Type().Kind != Logical {
			v.bad(s.Mask.Span(), "mask is %s, not logical", s.Mask.Type().Kind)
		}
	}
}

// lhsVar is the variable an assignment writes.
func lhsVar(e Expr) *Var {
	switch e := e.(type) {
	case *Ref:
		return e.Var
	case *Window:
		return e.Var
	case *Elem:
		return e.Var
	}
	return nil
}

// reduce checks the fold of a Reduction variable r.
func (v *verifier) reduce(r *Var, at diag.Span) {
	red := r.Reduce
	if red == nil {
		v.bad(at, "reduction %q has no fold", r.Name)
		return
	}
	if red.Result == nil {
		v.bad(at, "reduction %q has no result", r.Name)
		return
	}
	if !v.scope[red.Result] || red.Result.Rank != 0 {
		v.bad(at, "the result %q of reduction %q is not a scalar of the kernel", red.Result.Name, r.Name)
	}
	if red.Op.Loc() {
		if len(red.Positions) == 0 || red.Positions[0] != red.Result {
			v.bad(at, "reduction %q folds a position but its result is not its first position", r.Name)
		}
		for _, p := range red.Positions {
			if p == nil || !v.scope[p] || p.Kind != Int {
				v.bad(at, "a position of reduction %q is not an integer of the kernel", r.Name)
			}
		}
	} else if red.Result.Kind != r.Kind {
		v.bad(at, "reduction %q is %s but its result %q is %s", r.Name, r.Kind, red.Result.Name, red.Result.Kind)
	}
}

func (v *verifier) nestStmt(n *Nest, top bool) {
	if v.k == nil || v.k.FrameForm() {
		v.bad(n.Pos, "parallel nest outside a loop kernel")
		return
	}
	if !top || v.nest != nil {
		v.bad(n.Pos, "parallel nest that is not in the host procedure (the top level of its kernel, a host loop or an IF of either)")
		return
	}
	if len(n.Index) == 0 || len(n.Lo) != len(n.Index) || len(n.Hi) != len(n.Index) {
		v.bad(n.Pos, "parallel nest with %d indices, %d lower and %d upper bounds", len(n.Index), len(n.Lo), len(n.Hi))
		return
	}
	for d, x := range n.Index {
		switch {
		case x == nil:
			v.bad(n.Pos, "nil index")
			continue
		case !v.scope[x]:
			v.bad(n.Pos, "index %q is not a variable of the kernel", x.Name)
		case !x.Kind.IsInt() || x.Rank != 0:
			v.bad(n.Pos, "index %q is not an integer scalar", x.Name)
		case v.bound[x]:
			v.bad(n.Pos, "index %q is already an index or loop variable here", x.Name)
		}
		v.affine(n.Pos, n.Lo[d], v.sizes, "a bound of nest index "+x.Name)
		v.affine(n.Pos, n.Hi[d], v.sizes, "a bound of nest index "+x.Name)
		v.bound[x] = true
	}
	v.red = map[*Var]bool{}
	for _, r := range n.Reduces {
		switch {
		case r == nil:
			v.bad(n.Pos, "nil reduction")
			continue
		case r.Role != Reduction || r.Rank != 0:
			v.bad(n.Pos, "reduction %q is not a scalar of role Reduction", r.Name)
		case v.red[r]:
			v.bad(n.Pos, "reduction %q is listed twice", r.Name)
		}
		v.red[r] = true
		v.reduce(r, n.Pos)
	}
	v.nest = n
	v.stmts(n.Body, false)
	v.nest, v.red = nil, nil
	for _, x := range n.Index {
		delete(v.bound, x)
	}
}

func (v *verifier) loop(l *Loop, top bool) {
	if v.k == nil || v.k.FrameForm() {
		v.bad(l.Pos, "DO loop outside a loop kernel")
		return
	}
	if l.Var == nil || !v.scope[l.Var] || !l.Var.Kind.IsInt() || l.Var.Rank != 0 {
		v.bad(l.Pos, "loop variable %s is not an integer scalar of the kernel", varName(l.Var))
	} else if v.bound[l.Var] {
		v.bad(l.Pos, "loop variable %q is already an index or loop variable here", l.Var.Name)
	}
	v.scalar(l.Lo, l.Pos, "a loop's lower bound", Int)
	v.scalar(l.Hi, l.Pos, "a loop's upper bound", Int)
	if l.Step != nil {
		v.scalar(l.Step, l.Pos, "a loop's step", Int)
	}
	inNest := v.nest != nil
	switch {
	case l.Host != nil && (inNest || !top):
		v.bad(l.Pos, "host loop inside a nest or a statement")
	case l.Host == nil && !inNest:
		v.bad(l.Pos, "sequential loop outside a nest that is not a host loop")
	}
	if l.Var != nil {
		v.bound[l.Var] = true
	}
	if l.Host != nil {
		for _, a := range []Affine{l.Host.Lo, l.Host.Hi, l.Host.Step} {
			v.affine(l.Pos, a, v.sizes, "a bound of host loop "+varName(l.Var))
		}
		if l.Host.Step.IsConst() && l.Host.Step.Const == 0 {
			v.bad(l.Pos, "host loop with step 0")
		}
		if l.Var != nil {
			v.sizes[l.Var] = true
		}
		v.stmts(l.Body, true)
		if l.Var != nil {
			delete(v.sizes, l.Var)
		}
	} else {
		v.stmts(l.Body, false)
	}
	if l.Var != nil {
		delete(v.bound, l.Var)
	}
}

// variable checks a variable that an expression names.
func (v *verifier) variable(x *Var, at diag.Span) bool {
	if x == nil {
		v.bad(at, "reference to a nil variable")
		return false
	}
	if !v.scope[x] && !v.red[x] {
		v.bad(at, "%q is not a variable of the %s", x.Name, strings.Fields(v.where)[0])
		return false
	}
	if x.Role == Pointer {
		v.bad(at, "pointer %q is not resolved", x.Name)
	}
	return true
}

// expr checks e; frame is the array statement's frame (nil in scalar
// code), which every Window must have the extent of.
func (v *verifier) expr(e Expr, frame []int) {
	switch e := e.(type) {
	case nil:
		v.bad(diag.Span{}, "nil expression")
	case *Const:
		if e.Kind == Invalid {
			v.bad(e.Pos, "constant without a kind")
		}
	case *GridExtent:
		if v.k == nil || !v.k.FrameForm() || e.Dim < 0 || e.Dim >= v.k.Rank {
			v.bad(e.Pos, "grid extent n%d outside a region kernel of that rank", e.Dim+1)
		}
	case *Ref:
		if !v.variable(e.Var, e.Pos) {
			return
		}
		switch {
		case e.Var.Rank != 0:
			v.bad(e.Pos, "scalar reference to array %q", e.Var.Name)
		case e.Var.Elems > 0 && (e.Elem < 1 || e.Elem > e.Var.Elems):
			v.bad(e.Pos, "element %d of %q, which has %d", e.Elem, e.Var.Name, e.Var.Elems)
		case e.Var.Elems == 0 && e.Elem != 0:
			v.bad(e.Pos, "element %d of scalar %q", e.Elem, e.Var.Name)
		case e.Var.Role == Reduction && !v.lhs:
			v.bad(e.Pos, "reduction %q is read; statements read its result", e.Var.Name)
		}
	case *Window:
		v.window(e, frame)
	case *Elem:
		v.elem(e)
	case *Unary:
		v.expr(e.X, frame)
		if e.X == nil {
			return
		}
		x := e.X.Type()
		switch {
		case e.Op == Neg && (e.T.Kind != x.Kind || !isNumeric(x.Kind)):
			v.bad(e.Pos, "negation of %s typed %s", x.Kind, e.T.Kind)
		case e.Op == Not && (e.T.Kind != Logical || x.Kind != Logical):
			v.bad(e.Pos, ".not. of %s typed %s", x.Kind, e.T.Kind)
		case e.Op != Neg && e.Op != Not:
			v.bad(e.Pos, "unary operator %s", e.Op)
		}
		if e.T.Rank != x.Rank {
			v.bad(e.Pos, "unary operation of rank %d typed rank %d", x.Rank, e.T.Rank)
		}
	case *Binary:
		v.binary(e, frame)
	case *Intrinsic:
		if e.ID <= FnInvalid || e.ID >= numIntrinsics {
			v.bad(e.Pos, "invalid intrinsic %d", e.ID)
			return
		}
		in := Intrinsics[e.ID]
		if in.Class != ClassFunction {
			v.bad(e.Pos, "%s is no function: it never appears as an intrinsic call", in.Name)
			return
		}
		if len(e.Args) < in.Min || in.Max >= 0 && len(e.Args) > in.Max {
			v.bad(e.Pos, "%s with %d arguments", in.Name, len(e.Args))
		}
		v.args(e.Args, frame, e.T)
	case *Call:
		switch {
		case e.Func == nil:
			v.bad(e.Pos, "call of a nil function")
			return
		case !v.funcs[e.Func]:
			v.bad(e.Pos, "call of %q, which is not a function of the program defined before the caller", e.Func.Name)
		case len(e.Args) != len(e.Func.Params):
			v.bad(e.Pos, "call of %q with %d arguments; it has %d", e.Func.Name, len(e.Args), len(e.Func.Params))
		}
		for i, a := range e.Args {
			if a != nil && i < len(e.Func.Params) && a.Type().Kind != e.Func.Params[i].Kind {
				v.bad(a.Span(), "argument %d of %q is %s, not %s", i+1, e.Func.Name, a.Type().Kind, e.Func.Params[i].Kind)
			}
		}
		if e.Func.Result != nil && e.T.Kind != e.Func.Result.Kind {
			v.bad(e.Pos, "call of %q typed %s; it returns %s", e.Func.Name, e.T.Kind, e.Func.Result.Kind)
		}
		v.args(e.Args, frame, e.T)
	case *Convert:
		v.expr(e.X, frame)
		if e.X != nil && e.X.Type().Rank != e.T.Rank {
			v.bad(e.Pos, "conversion of rank %d typed rank %d", e.X.Type().Rank, e.T.Rank)
		}
		if e.T.Kind == Invalid {
			v.bad(e.Pos, "conversion to no kind")
		}
	default:
		v.bad(e.Span(), "unknown expression %T", e)
	}
}

func isNumeric(k Kind) bool { return k.IsInt() || k.IsReal() }

// args checks the arguments of an element-wise call typed t.
func (v *verifier) args(args []Expr, frame []int, t Type) {
	rank := 0
	for _, a := range args {
		v.expr(a, frame)
		if a != nil && a.Type().Rank > rank {
			rank = a.Type().Rank
		}
	}
	if t.Rank != rank {
		v.bad(diag.Span{}, "call of rank-%d arguments typed rank %d", rank, t.Rank)
	}
}

func (v *verifier) binary(e *Binary, frame []int) {
	v.expr(e.X, frame)
	v.expr(e.Y, frame)
	if e.X == nil || e.Y == nil {
		return
	}
	x, y := e.X.Type(), e.Y.Type()
	switch e.Op {
	case Add, Sub, Mul, Div:
		if x.Kind != y.Kind || e.T.Kind != x.Kind || !isNumeric(x.Kind) {
			v.bad(e.Pos, "%s %s %s typed %s: operands not converted to one numeric kind", x.Kind, e.Op, y.Kind, e.T.Kind)
		}
	case Pow:
		if e.T.Kind != x.Kind || !isNumeric(x.Kind) || x.Kind != y.Kind && !y.Kind.IsInt() {
			v.bad(e.Pos, "%s ** %s typed %s", x.Kind, y.Kind, e.T.Kind)
		}
	case Eq, Ne, Lt, Le, Gt, Ge:
		if x.Kind != y.Kind || e.T.Kind != Logical || !isNumeric(x.Kind) {
			v.bad(e.Pos, "%s %s %s typed %s: a comparison of one numeric kind is logical", x.Kind, e.Op, y.Kind, e.T.Kind)
		}
	case And, Or, Eqv, Neqv:
		if x.Kind != Logical || y.Kind != Logical || e.T.Kind != Logical {
			v.bad(e.Pos, "%s %s %s typed %s", x.Kind, e.Op, y.Kind, e.T.Kind)
		}
	default:
		v.bad(e.Pos, "binary operator %s", e.Op)
	}
	rank := x.Rank
	if y.Rank > rank {
		rank = y.Rank
	}
	if x.Rank > 0 && y.Rank > 0 && x.Rank != y.Rank || e.T.Rank != rank {
		v.bad(e.Pos, "operands of ranks %d and %d typed rank %d", x.Rank, y.Rank, e.T.Rank)
	}
}

// window checks that w is an array of a region kernel with the frame's
// extent: its variable's extent (the grid's, less a temporary's or a
// reduction's Shrink) less Lo and Hi.
func (v *verifier) window(w *Window, frame []int) {
	if !v.variable(w.Var, w.Pos) {
		return
	}
	if v.k == nil || !v.k.FrameForm() {
		v.bad(w.Pos, "window of %q outside a region kernel", w.Var.Name)
		return
	}
	if frame == nil {
		v.bad(w.Pos, "window of %q in scalar code", w.Var.Name)
		return
	}
	r := w.Var.Rank
	if r != len(frame) || len(w.Lo) != r || len(w.Hi) != r {
		v.bad(w.Pos, "window of %q has %d low and %d high offsets for rank %d in a frame of rank %d", w.Var.Name, len(w.Lo), len(w.Hi), r, len(frame))
		return
	}
	for d := 0; d < r; d++ {
		base := 0
		if w.Var.Shrink != nil {
			base = w.Var.Shrink[d]
		}
		if w.Lo[d] < 0 || w.Hi[d] < 0 {
			v.bad(w.Pos, "window of %q has a negative offset in dimension %d", w.Var.Name, d+1)
		}
		if got := base + w.Lo[d] + w.Hi[d]; got != frame[d] {
			v.bad(w.Pos, "window %s has extent %s in dimension %d, but its statement's frame is %s", ExprString(w), shrinkText(d, got), d+1, Extent(frame))
		}
	}
}

func shrinkText(d, s int) string {
	sh := make([]int, d+1)
	sh[d] = s
	parts := strings.Split(strings.Trim(Extent(sh), "()"), ", ")
	return parts[d]
}

// elem checks an element access of a loop kernel: one subscript and one
// affine form per dimension, over variables in scope.
func (v *verifier) elem(e *Elem) {
	if !v.variable(e.Var, e.Pos) {
		return
	}
	if v.k == nil || v.k.FrameForm() {
		v.bad(e.Pos, "element of %q outside a loop kernel", e.Var.Name)
		return
	}
	if v.nest == nil && !guardRead(e.Var) {
		v.bad(e.Pos, "element of %q outside a parallel nest", e.Var.Name)
	}
	r := e.Var.Rank
	if r == 0 || len(e.Index) != r || len(e.Access) != r {
		v.bad(e.Pos, "element of %q (rank %d) with %d subscripts and %d affine forms", e.Var.Name, r, len(e.Index), len(e.Access))
	}
	for _, x := range e.Index {
		v.scalar(x, e.Pos, "a subscript of "+e.Var.Name, Int)
	}
	for _, a := range e.Access {
		if a.IsComputed() {
			continue
		}
		for _, t := range a.Terms {
			if t.Var == nil || !v.scope[t.Var] {
				v.bad(e.Pos, "an affine form of a subscript of %q is over %s, not a variable of the kernel", e.Var.Name, varName(t.Var))
			}
		}
	}
}

// guardRead reports whether an element of x may be read outside a nest:
// x is a dummy array, whose elements the host reads (Note [guard reads]
// in sema/scalarintent.go).
func guardRead(x *Var) bool {
	return x.Role == Dummy && x.Rank > 0
}

// walkStmts calls f for every statement of list, nested ones included.
func walkStmts(list []Stmt, f func(Stmt)) {
	for _, s := range list {
		f(s)
		switch s := s.(type) {
		case *If:
			walkStmts(s.Then, f)
			walkStmts(s.Else, f)
		case *Nest:
			walkStmts(s.Body, f)
		case *Loop:
			walkStmts(s.Body, f)
		}
	}
}
