package sema

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// Note [whole structures]
// ~~~~~~~~~~~~~~~~~~~~~~~
// A structure is taken apart into its components (Note [derived-type
// dummies]), so a statement that uses one whole is written out per
// component before flattenTypes does that (modern-fortran/tsunami's
// Field operators, issue 22):
//
//	res = self                 ! intrinsic assignment of a whole structure
//	res = self%data + f%data   ! a generic assignment(=) of type Field
//	call from_field(res, self) ! a subroutine taking whole structures
//
// An intrinsic assignment of structures of one type is one assignment
// per component, res%c = self%c, in component order. A defined
// assignment (a specific of the type's generic assignment(=); for a
// right side that is no structure the specific is chosen by its rank
// and its type (integer, real or logical, not the kind), and one that
// they do not settle is refused: struct-assign-generic)
// is the call of its specific subroutine, and a call whose actual
// arguments include whole structures is written out: the callee's body
// with each structure dummy renamed to the actual structure (target%lb
// becomes res%lb) and each other dummy to its actual argument. Fortran
// evaluates an actual expression once, before the body runs; the
// expression stands in the body for its dummy only where that means the
// same: the dummy is intent(in), used whole (no subscripts, lbound or
// ubound, whose lower bound is 1 in the callee), and the body writes
// nothing the expression reads. Anything else, a callee with locals,
// internal procedures or statements other than assignments, IF, DO,
// WHERE and calls at its top level, and one whose body names something
// the kernel declares too (or a variable of another module) is refused
// (struct-call-inline); the statements written out are checked as the
// kernel's own.
//
// A function whose result is such a structure (type(Field) function
// field_add_field(self, f) result(res)) is a kernel whose outputs are the
// result's components (Note [function kernels]). An allocatable
// component of the result is allocated by its first assignment: from a
// whole allocatable component of another structure it takes that one's
// bounds (res%data(self%data%lb1:, ...)), from an expression or a whole
// array whose lower bounds are 1 (an assumed-shape dummy) lower bounds
// 1; a result component first set otherwise (an element, a call, an
// allocatable dummy) is refused (struct-result-bounds). A copy into
// the result that the next statement naming it overwrites whole with an
// elementwise expression of the copied array (res = self, then
// res = self%data + f%data) is dropped: that expression has the copy's
// shape, so the bounds stay, and the kernel makes one pass, not two.
// A character component of the result is a host value, intent(out):
// its assignments are the host's (Note [host characters] in
// ir/chars.go), and a kernel that reads one otherwise is refused as any
// use of a character component is (derived-type-whole).

// wholeStructs is the writing out of one procedure's whole structures.
type wholeStructs struct {
	c      *checker
	env    *typeEnv
	chain  []*ast.Scope
	vars   map[string]*ast.TypeDef // the procedure's structures
	decls  []*ast.Decl             // the procedure's declarations
	result string                  // the function result, when it is a structure
	diags  diag.List
}

// expandStructs returns the body of s with its whole structures written
// out (Note [whole structures]), the lower bounds of the result's
// allocatable components, and what it refused; body is s.Body itself
// when nothing changed.
func (c *checker) expandStructs(env *typeEnv, s *ast.Subprogram, sc *ast.Scope, chain []*ast.Scope) ([]ast.Stmt, map[string][]ast.DimSpec, diag.List) {
	w := &wholeStructs{c: c, env: env, chain: chain, vars: map[string]*ast.TypeDef{}, decls: sc.Decls}
	for _, d := range sc.Decls {
		if d.Type == nil || d.Type.Base != ast.Derived {
			continue
		}
		if tn, ok := d.Type.Kind.(*ast.Ident); ok {
			if td, _ := env.find(tn.Name, chain); td != nil {
				for _, e := range d.Entities {
					w.vars[e.Name.Name] = td
				}
			}
		}
	}
	if s.Kind == ast.Function && w.vars[resultIdent(s).Name] != nil {
		w.result = resultIdent(s).Name
	}
	if len(w.vars) == 0 {
		return s.Body, nil, w.diags
	}
	body, changed := w.stmts(s.Body, 0)
	if !changed || len(body) == 0 {
		return s.Body, w.resultBounds(s.Body), w.diags
	}
	bounds := w.resultBounds(body)
	return w.dropOverwritten(body), bounds, w.diags
}

// dropOverwritten removes from body a copy res%c = v%c of a whole
// component into the result that the next statement naming res%c
// overwrites whole with an elementwise expression of v%c (res = self,
// then res = self%data + f%data): that expression has v%c's shape, so
// res%c keeps the bounds and extents the copy gave it (resultBounds took
// them first), and the kernel makes one pass over it, not two.
func (w *wholeStructs) dropOverwritten(body []ast.Stmt) []ast.Stmt {
	out := slices.Clone(body)
	for i := 0; i < len(out); i++ {
		a, ok := out[i].(*ast.AssignStmt)
		lhs, isID := lhsOf(a, ok)
		if !isID || !strings.HasPrefix(lhs.Name, w.result+"%") {
			continue
		}
		src, isID := a.RHS.(*ast.Ident)
		if !isID {
			continue
		}
		j := i + 1
		for j < len(out) && !overlaps(lhs.Name, writtenNames(out[j:j+1])) && !overlaps(lhs.Name, readNames(out[j])) {
			j++
		}
		if j == len(out) {
			continue
		}
		b, ok := out[j].(*ast.AssignStmt)
		if next, isID := lhsOf(b, ok); isID && next.Name == lhs.Name && elementwiseOf(b.RHS, src.Name) && !overlaps(lhs.Name, refNames(b.RHS)) {
			out = slices.Delete(out, i, i+1)
			i--
		}
	}
	return out
}

// elementwiseOf reports whether e is an expression of operators,
// parentheses, names and literals in which name appears whole.
func elementwiseOf(e ast.Expr, name string) bool {
	found, other := false, false
	walkAST(e, func(x ast.Expr) {
		switch x := x.(type) {
		case *ast.Ident:
			found = found || x.Name == name
		case *ast.Binary, *ast.Unary, *ast.Paren, *ast.IntLit, *ast.RealLit, *ast.LogicalLit:
		default:
			other = true
		}
	})
	return found && !other
}

// stmts writes out the whole structures of the top level of body.
func (w *wholeStructs) stmts(body []ast.Stmt, depth int) ([]ast.Stmt, bool) {
	var out []ast.Stmt
	changed := false
	for _, st := range body {
		if n, ok := w.stmt(st, depth); ok {
			out = append(out, n...)
			changed = true
			continue
		}
		out = append(out, st)
	}
	return out, changed
}

// stmt writes out st when it uses a structure whole; ok is false when it
// does not. A statement refused (w.diags says why) is a refusedStmt.
func (w *wholeStructs) stmt(st ast.Stmt, depth int) ([]ast.Stmt, bool) {
	switch st := st.(type) {
	case *ast.AssignStmt:
		lhs, ok := st.LHS.(*ast.Ident)
		if !ok || st.Pointer || w.vars[lhs.Name] == nil {
			return nil, false
		}
		return w.assign(st, lhs, depth)
	case *ast.CallStmt:
		// A whole scalar structure is written out here; arrays of
		// structures (and their elements) are the inlined call's, passed
		// per component (Note [structure arguments]).
		if strings.Contains(st.Name.Name, "%") || !slices.ContainsFunc(st.Args, func(a ast.Arg) bool { return w.whole(a.Value) != nil && w.structRank(a.Value) == 0 }) {
			return nil, false
		}
		callee := w.env.findSub(st.Name.Name, w.chain)
		if callee == nil {
			return nil, false // undefined: said where the call is checked
		}
		return w.call(st.Pos, st.Name, callee, st.Args, depth)
	}
	return nil, false
}

// whole returns the type of e when e names a structure of the procedure
// whole.
func (w *wholeStructs) whole(e ast.Expr) *ast.TypeDef {
	if id, ok := e.(*ast.Ident); ok {
		return w.vars[id.Name]
	}
	return nil
}

// assign writes out the assignment st to the whole structure lhs.
func (w *wholeStructs) assign(st *ast.AssignStmt, lhs *ast.Ident, depth int) ([]ast.Stmt, bool) {
	td := w.vars[lhs.Name]
	rtd := w.whole(st.RHS)
	specs := w.env.assignments(td, w.chain)
	var cands []*ast.Subprogram
	for _, sp := range specs {
		if len(sp.Args) == 2 && derivedDummy(sp, sp.Args[1].Name) == (rtd != nil) {
			cands = append(cands, sp)
		}
	}
	if rtd != nil && len(cands) == 0 {
		if rtd != td {
			return nil, false // another type: said as a whole use
		}
		return w.copyStruct(st.Pos, lhs, st.RHS.(*ast.Ident), td), true
	}
	if rank := w.rankOf(st.RHS); rank >= 0 && len(cands) > 1 {
		cands = slices.DeleteFunc(cands, func(sp *ast.Subprogram) bool {
			return declRank(dummyDecl(sp, sp.Args[1].Name), sp.Args[1].Name) != rank
		})
	}
	if base, ok := w.typeOf(st.RHS); ok && len(cands) > 1 {
		cands = slices.DeleteFunc(cands, func(sp *ast.Subprogram) bool {
			d := dummyDecl(sp, sp.Args[1].Name)
			return d == nil || d.Type == nil || numericClass(d.Type.Base) != base
		})
	}
	if len(cands) != 1 {
		if len(specs) > 0 || rtd == nil {
			w.diags.Error(codeStructAssignGeneric, st.Pos, "the assignment to structure %s is a defined assignment of type %s that forocl cannot resolve: %d of its specific subroutines take this right side", lhs.Orig, td.Name.Orig, len(cands)).
				WithHint("call the specific subroutine by its name, or assign the components")
			return refusedStmt(st.Pos), true
		}
		return nil, false
	}
	name := cands[0].Name
	return w.call(st.Pos, name, cands[0], []ast.Arg{{Pos: lhs.Pos, Value: lhs}, {Pos: st.RHS.Span(), Value: st.RHS}}, depth)
}

// copyStruct is the intrinsic assignment lhs = rhs of structures of type
// td, one assignment per component.
func (w *wholeStructs) copyStruct(pos diag.Span, lhs, rhs *ast.Ident, td *ast.TypeDef) []ast.Stmt {
	var out []ast.Stmt
	for _, cd := range td.Components {
		for _, ce := range cd.Entities {
			comp := func(s *ast.Ident) *ast.Ident {
				return &ast.Ident{Pos: s.Pos, Name: s.Name + "%" + ce.Name.Name, Orig: s.Orig + "%" + ce.Name.Orig}
			}
			out = append(out, &ast.AssignStmt{Pos: pos, LHS: comp(lhs), RHS: comp(rhs)})
		}
	}
	return out
}

// call writes out the call of subroutine callee with args, or refuses it.
func (w *wholeStructs) call(pos diag.Span, name ast.Ident, callee *ast.Subprogram, args []ast.Arg, depth int) ([]ast.Stmt, bool) {
	refuse := func(format string, a ...any) ([]ast.Stmt, bool) {
		w.diags.Error(codeStructCallInline, pos, "forocl cannot write out the call of %q with whole structures: %s", name.Orig, fmt.Sprintf(format, a...)).
			WithNote(callee.Name.Pos, "%q defined here", callee.Name.Orig).
			WithHint("assign the structures' components in the kernel instead")
		return refusedStmt(pos), true
	}
	if why := inlineableBody(callee); why != "" {
		if !assignsWholeComponent(callee.Body) {
			return nil, false // no component (re)allocated: the inlined call's, per component
		}
		return refuse("%s", why)
	}
	if depth >= 4 {
		return refuse("calls nest more than 4 deep")
	}
	m, why := w.callMap(callee, args)
	if why == "" {
		why = w.foreignNames(callee)
	}
	if why != "" {
		return refuse("%s", why)
	}
	body := callee.Body
	var out []ast.Stmt
	for _, st := range body {
		var n []ast.Stmt
		if cs, ok := st.(*ast.CallStmt); ok {
			n = []ast.Stmt{renameCall(cs, m)}
		} else {
			var good bool
			if n, good = renameStmts([]ast.Stmt{st}, m); !good {
				return refuse("an argument stands for a dummy that the body subscripts or takes apart")
			}
		}
		out = append(out, n...)
	}
	written := writtenNames(out)
	for i, a := range callee.Args {
		act, isID := m[a.Name].(*ast.Ident)
		if isID && w.vars[act.Name] != nil {
			continue
		}
		if reads := refNames(m[a.Name]); slices.ContainsFunc(reads, func(r string) bool { return overlaps(r, written) }) {
			return refuse("argument %d is an expression of a variable that the body writes", i+1)
		}
	}
	res, _ := w.stmts(out, depth+1)
	return res, true
}

// refusedStmt stands for a statement refused at pos: none, so that
// nothing more is said of it (expandStructs keeps a body that would be
// left empty, whose first statement keys the refusal).
func refusedStmt(diag.Span) []ast.Stmt { return []ast.Stmt{} }

// foreignNames says why a name that the body of callee uses, other than
// its dummies, might not mean in the kernel what it means in callee: the
// kernel declares it, or callee comes from another module, whose
// variables the kernel may not see. "" when none.
func (w *wholeStructs) foreignNames(callee *ast.Subprogram) string {
	local := slices.ContainsFunc(w.chain, func(sc *ast.Scope) bool { return slices.Contains(w.env.contains[sc], callee) })
	why := ""
	walkStmtExprs(callee.Body, func(e ast.Expr) {
		var name string
		switch e := e.(type) {
		case *ast.Ident:
			name = e.Name
		case *ast.Call:
			name = e.Name.Name
		default:
			return
		}
		base, _, _ := strings.Cut(name, "%")
		if why != "" || slices.ContainsFunc(callee.Args, func(a ast.Ident) bool { return a.Name == base }) {
			return
		}
		if slices.ContainsFunc(w.decls, func(d *ast.Decl) bool { return dummyOf(d, base) }) {
			why = fmt.Sprintf("its body uses %q, which the kernel declares as well", base)
		} else if _, isID := e.(*ast.Ident); isID && !local {
			why = fmt.Sprintf("its body uses %q of another module", base)
		}
	})
	return why
}

// callMap maps each dummy of callee to its actual argument in args.
func (w *wholeStructs) callMap(callee *ast.Subprogram, args []ast.Arg) (map[string]ast.Expr, string) {
	if len(args) != len(callee.Args) {
		return nil, fmt.Sprintf("it takes %d arguments, and %d are given", len(callee.Args), len(args))
	}
	m := map[string]ast.Expr{}
	for i, a := range args {
		d := callee.Args[i]
		if a.Keyword != nil {
			j := slices.IndexFunc(callee.Args, func(x ast.Ident) bool { return x.Name == a.Keyword.Name })
			if j < 0 {
				return nil, fmt.Sprintf("it has no dummy %q", a.Keyword.Orig)
			}
			d = callee.Args[j]
		}
		if a.Section || a.Value == nil {
			return nil, fmt.Sprintf("argument %d is a section", i+1)
		}
		decl := dummyDecl(callee, d.Name)
		if decl == nil || decl.Type == nil {
			return nil, fmt.Sprintf("dummy %q is not declared", d.Orig)
		}
		id, isID := a.Value.(*ast.Ident)
		switch {
		case decl.Type.Base == ast.Derived:
			if !isID || w.vars[id.Name] == nil {
				return nil, fmt.Sprintf("dummy %q is a structure, and its actual argument is no whole structure of the kernel", d.Orig)
			}
		case !isID && declIntent(decl) != ast.IntentIn:
			return nil, fmt.Sprintf("dummy %q is not intent(in), and its actual argument is an expression", d.Orig)
		case declRank(decl, d.Name) > 0 && boundsTaken(callee.Body, d.Name):
			return nil, fmt.Sprintf("the body takes the bounds or elements of array dummy %q, whose lower bounds are 1 there", d.Orig)
		}
		m[d.Name] = a.Value
	}
	return m, ""
}

// inlineableBody says why the body of callee cannot be written out in a
// kernel; "" when it can.
func inlineableBody(callee *ast.Subprogram) string {
	if callee.Kind != ast.Subroutine {
		return "it is no subroutine"
	}
	if len(callee.Contains) > 0 {
		return "it contains procedures"
	}
	for _, d := range callee.Decls {
		for _, e := range d.Entities {
			if !slices.ContainsFunc(callee.Args, func(a ast.Ident) bool { return a.Name == e.Name.Name }) {
				return fmt.Sprintf("it declares the local %q", e.Name.Orig)
			}
		}
	}
	why := ""
	for _, st := range callee.Body {
		if _, ok := st.(*ast.CallStmt); ok {
			continue
		}
		walkStmts([]ast.Stmt{st}, func(s ast.Stmt) {
			switch s.(type) {
			case *ast.AssignStmt, *ast.IfStmt, *ast.DoStmt, *ast.WhereStmt:
			default:
				if why == "" {
					why = "its body holds statements other than assignments, IF, DO, WHERE and calls"
				}
			}
		})
	}
	return why
}

// assignsWholeComponent reports whether body assigns a component whole
// (target%data = ...), which may allocate it: only the writing out here
// gives such a component its bounds.
func assignsWholeComponent(body []ast.Stmt) bool {
	found := false
	walkStmts(body, func(s ast.Stmt) {
		if a, ok := s.(*ast.AssignStmt); ok {
			if id, ok := a.LHS.(*ast.Ident); ok && strings.Contains(id.Name, "%") {
				found = true
			}
		}
	})
	return found
}

// dummyDecl is the declaration of sub's variable name; nil when none.
func dummyDecl(sub *ast.Subprogram, name string) *ast.Decl { return declOf(sub.Decls, name) }

// declOf is the declaration of name among decls; nil when none.
func declOf(decls []*ast.Decl, name string) *ast.Decl {
	for _, d := range decls {
		for _, e := range d.Entities {
			if e.Name.Name == name {
				return d
			}
		}
	}
	return nil
}

// derivedDummy reports whether sub declares name of a derived type.
func derivedDummy(sub *ast.Subprogram, name string) bool {
	d := dummyDecl(sub, name)
	return d != nil && d.Type != nil && d.Type.Base == ast.Derived
}

// declRank is the rank that declaration d gives name.
func declRank(d *ast.Decl, name string) int {
	if d == nil {
		return -1
	}
	for _, e := range d.Entities {
		if e.Name.Name == name && len(e.Dims) > 0 {
			return len(e.Dims)
		}
	}
	for _, a := range d.Attrs {
		if a.Name == ast.AttrDimension {
			return len(a.Dims)
		}
	}
	return 0
}

// declIntent is the intent that declaration d gives.
func declIntent(d *ast.Decl) ast.Intent {
	for _, a := range d.Attrs {
		if a.Name == ast.AttrIntent {
			return a.Intent
		}
	}
	return ast.IntentNone
}

// boundsTaken reports whether body subscripts name or asks its bounds.
func boundsTaken(body []ast.Stmt, name string) bool {
	found := false
	walkStmtExprs(body, func(e ast.Expr) {
		c, ok := e.(*ast.Call)
		if !ok {
			return
		}
		switch c.Name.Name {
		case name:
			found = true
		case "lbound", "ubound":
			found = found || len(c.Args) > 0 && isNamed(c.Args[0].Value, name)
		}
	})
	return found
}

// renameCall is cs with the names of m written as their expressions.
func renameCall(cs *ast.CallStmt, m map[string]ast.Expr) *ast.CallStmt {
	n := *cs
	if id, ok := renameExpr(&cs.Name, m); ok {
		if rid, isID := id.(*ast.Ident); isID {
			n.Name = *rid
		}
	}
	n.Args = slices.Clone(cs.Args)
	for i, a := range n.Args {
		a.Value, _ = renameExpr(a.Value, m)
		a.Lo, _ = renameExpr(a.Lo, m)
		a.Hi, _ = renameExpr(a.Hi, m)
		a.Stride, _ = renameExpr(a.Stride, m)
		n.Args[i] = a
	}
	return &n
}

// writtenNames are the variables that stmts assign or pass to a call.
func writtenNames(stmts []ast.Stmt) []string {
	var out []string
	walkStmts(stmts, func(s ast.Stmt) {
		switch s := s.(type) {
		case *ast.AssignStmt:
			out = append(out, refNames(s.LHS)...)
		case *ast.CallStmt:
			out = append(out, s.Name.Name)
			for _, a := range s.Args {
				out = append(out, refNames(a.Value)...)
			}
		}
	})
	return out
}

// refNames are the names that e references, subscripted or not.
func refNames(e ast.Expr) []string {
	var out []string
	walkAST(e, func(x ast.Expr) {
		switch x := x.(type) {
		case *ast.Ident:
			out = append(out, x.Name)
		case *ast.Call:
			out = append(out, x.Name.Name)
		}
	})
	return out
}

// overlaps reports whether name is one of names, a component of one or
// the structure of one.
func overlaps(name string, names []string) bool {
	for _, n := range names {
		if n == name || strings.HasPrefix(n, name+"%") || strings.HasPrefix(name, n+"%") {
			return true
		}
	}
	return false
}

// rankOf is the rank of e in the procedure, -1 when forocl cannot tell
// it before sema.
func (w *wholeStructs) rankOf(e ast.Expr) int {
	both := func(a, b int) int {
		if a < 0 || b < 0 {
			return -1
		}
		return max(a, b)
	}
	switch e := e.(type) {
	case *ast.IntLit, *ast.RealLit, *ast.LogicalLit:
		return 0
	case *ast.Paren:
		return w.rankOf(e.X)
	case *ast.Unary:
		return w.rankOf(e.X)
	case *ast.Binary:
		return both(w.rankOf(e.X), w.rankOf(e.Y))
	case *ast.Ident:
		return w.varRank(e.Name)
	case *ast.Call:
		if w.varRank(e.Name.Name) > 0 && !slices.ContainsFunc(e.Args, func(a ast.Arg) bool { return a.Section }) {
			return 0 // an element
		}
	}
	return -1
}

// typeOf is the type of e (Real for double precision too), false when
// forocl cannot tell it before sema.
func (w *wholeStructs) typeOf(e ast.Expr) (ast.TypeBase, bool) {
	switch e := e.(type) {
	case *ast.IntLit:
		return ast.Integer, true
	case *ast.RealLit:
		return ast.Real, true
	case *ast.LogicalLit:
		return ast.Logical, true
	case *ast.Paren:
		return w.typeOf(e.X)
	case *ast.Unary:
		return w.typeOf(e.X)
	case *ast.Binary:
		x, okx := w.typeOf(e.X)
		y, oky := w.typeOf(e.Y)
		switch {
		case !okx || !oky || !strings.Contains("+-*/**", e.Op):
			return 0, false
		case x == ast.Integer && y == ast.Integer:
			return ast.Integer, true
		case (x == ast.Integer || x == ast.Real) && (y == ast.Integer || y == ast.Real):
			return ast.Real, true
		}
	case *ast.Ident:
		base, comp, isComp := strings.Cut(e.Name, "%")
		var t *ast.TypeSpec
		if !isComp {
			if d := declOf(w.decls, base); d != nil {
				t = d.Type
			}
		} else if td := w.vars[base]; td != nil {
			if d := declOf(td.Components, comp); d != nil {
				t = d.Type
			}
		}
		if t != nil && t.Base != ast.Derived && t.Base != ast.Complex && t.Base != ast.Character {
			return numericClass(t.Base), true
		}
	}
	return 0, false
}

// numericClass is b with double precision as real.
func numericClass(b ast.TypeBase) ast.TypeBase {
	if b == ast.DoublePrecision {
		return ast.Real
	}
	return b
}

// structRank is the declared rank of the structure e names whole.
func (w *wholeStructs) structRank(e ast.Expr) int {
	if id, ok := e.(*ast.Ident); ok {
		if d := declOf(w.decls, id.Name); d != nil {
			return declRank(d, id.Name)
		}
	}
	return 0
}

// varRank is the declared rank of variable or component name, -1 when
// it is none of the procedure's.
func (w *wholeStructs) varRank(name string) int {
	base, comp, isComp := strings.Cut(name, "%")
	if !isComp {
		for _, d := range w.decls {
			if r := declRank(d, name); dummyOf(d, name) && d.Type.Base != ast.Derived {
				return r
			}
		}
		return -1
	}
	td := w.vars[base]
	if td == nil || strings.Contains(comp, "%") {
		return -1
	}
	for _, cd := range td.Components {
		for _, ce := range cd.Entities {
			if ce.Name.Name == comp {
				return len(componentDims(cd, ce))
			}
		}
	}
	return -1
}

// dummyOf reports whether declaration d declares name.
func dummyOf(d *ast.Decl, name string) bool {
	return slices.ContainsFunc(d.Entities, func(e *ast.Entity) bool { return e.Name.Name == name })
}

// resultBounds returns the dimensions of each allocatable component of
// the result, from the statement that allocates it, the first one at the
// top level of body to assign it (Note [whole structures]).
func (w *wholeStructs) resultBounds(body []ast.Stmt) map[string][]ast.DimSpec {
	if w.result == "" || len(w.diags.Items) > 0 {
		return nil // a refused statement may have been the allocation
	}
	out := map[string][]ast.DimSpec{}
	for _, cd := range w.vars[w.result].Components {
		if cd.Type.Base == ast.Character || !hasAttr(cd.Attrs, ast.AttrAllocatable) {
			continue
		}
		for _, ce := range cd.Entities {
			name := w.result + "%" + ce.Name.Name
			if dims, ok := w.allocatedBy(body, name, len(componentDims(cd, ce))); ok {
				out[name] = dims
			}
		}
	}
	return out
}

// allocatedBy returns the dimensions of rank-r allocatable result
// component name as its first assignment in body gives them.
func (w *wholeStructs) allocatedBy(body []ast.Stmt, name string, r int) ([]ast.DimSpec, bool) {
	i := slices.IndexFunc(body, func(st ast.Stmt) bool {
		return overlaps(name, writtenNames([]ast.Stmt{st})) || overlaps(name, readNames(st))
	})
	dims := make([]ast.DimSpec, r)
	for d := range dims {
		dims[d].Deferred = true
	}
	if i < 0 {
		return dims, true // never assigned: nothing of it is an output
	}
	a, ok := body[i].(*ast.AssignStmt)
	if lhs, isID := lhsOf(a, ok); !isID || lhs.Name != name || overlaps(name, refNames(a.RHS)) {
		w.diags.Error(codeStructResultBounds, body[i].Span(), "result component %s is allocatable, and this first use of it is no assignment of a whole value, which would allocate it", name).
			WithHint("assign it whole first (%s = ...), as Fortran's automatic allocation does", name)
		return nil, false
	}
	src, isID := a.RHS.(*ast.Ident)
	if !isID {
		return dims, true // an expression: lower bounds 1
	}
	switch w.sourceBounds(src) {
	case boundsOne:
		return dims, true
	case boundsDummies:
		for d := range dims {
			dims[d].Lo = &ast.Ident{Pos: src.Pos, Name: fmt.Sprintf("%s%%lb%d", src.Name, d+1), Orig: fmt.Sprintf("%s%%lb%d", src.Orig, d+1)}
		}
		return dims, true
	}
	w.diags.Error(codeStructResultBounds, a.Pos, "result component %s takes the bounds of %s, which forocl does not know before the kernel runs", name, src.Orig).
		WithHint("assign it an expression (lower bounds 1) or an allocatable component of a structure dummy")
	return nil, false
}

// The lower bounds of a whole array that allocates a result component.
const (
	boundsUnknown = iota
	boundsOne     // 1 in every dimension
	boundsDummies // an allocatable component's lower-bound dummies (Note [allocatable components])
)

// sourceBounds says where the lower bounds of the whole array src come
// from.
func (w *wholeStructs) sourceBounds(src *ast.Ident) int {
	base, comp, isComp := strings.Cut(src.Name, "%")
	if !isComp {
		d := declOf(w.decls, base)
		if d == nil || hasAttr(d.Attrs, ast.AttrAllocatable) || hasAttr(d.Attrs, ast.AttrPointer) || w.vars[base] != nil {
			return boundsUnknown
		}
		for _, e := range d.Entities {
			if e.Name.Name == base {
				return onesIf(componentDims(d, e))
			}
		}
		return boundsUnknown
	}
	td := w.vars[base]
	if td == nil || base == w.result || strings.Contains(comp, "%") {
		return boundsUnknown
	}
	for _, cd := range td.Components {
		for _, ce := range cd.Entities {
			switch {
			case ce.Name.Name != comp:
			case hasAttr(cd.Attrs, ast.AttrAllocatable):
				return boundsDummies
			case !hasAttr(cd.Attrs, ast.AttrPointer):
				return onesIf(componentDims(cd, ce))
			}
		}
	}
	return boundsUnknown
}

// onesIf is boundsOne when every dimension of dims starts at 1.
func onesIf(dims []ast.DimSpec) int {
	for _, d := range dims {
		if d.Lo != nil {
			if lit, ok := d.Lo.(*ast.IntLit); !ok || lit.Value != 1 {
				return boundsUnknown
			}
		}
	}
	return boundsOne
}

// readNames are the names that the expressions of st read.
func readNames(st ast.Stmt) []string {
	var out []string
	walkStmtExprs([]ast.Stmt{st}, func(e ast.Expr) {
		out = append(out, refNames(e)...)
	})
	return out
}

// findSub returns the procedure name visible in chain (innermost scope
// first), contained there or in a module used; nil when none is.
func (t *typeEnv) findSub(name string, chain []*ast.Scope) *ast.Subprogram {
	seen := map[*ast.Scope]bool{}
	var inScope func(sc *ast.Scope) *ast.Subprogram
	inScope = func(sc *ast.Scope) *ast.Subprogram {
		if sc == nil || seen[sc] {
			return nil
		}
		seen[sc] = true
		for _, s := range t.contains[sc] {
			if s.Name.Name == name {
				return s
			}
		}
		for _, u := range sc.Uses {
			if m := t.mods[u.Module.Name]; m != nil {
				if s := inScope(&m.Scope); s != nil {
					return s
				}
			}
		}
		return nil
	}
	for _, sc := range chain {
		if s := inScope(sc); s != nil {
			return s
		}
	}
	return nil
}

var (
	genericAssignment = regexp.MustCompile(`(?i)^\s*generic\b[^:]*::\s*assignment\s*\(\s*=\s*\)\s*=>\s*(.*)$`)
	bindingStmt       = regexp.MustCompile(`(?i)^\s*procedure\b[^:]*::\s*(.*)$`)
)

// assignments returns the specific subroutines of the generic
// assignment(=) that type td binds, in the order written.
func (t *typeEnv) assignments(td *ast.TypeDef, chain []*ast.Scope) []*ast.Subprogram {
	proc := map[string]string{} // binding name -> procedure name
	var names []string
	for _, b := range td.Bound {
		if m := bindingStmt.FindStringSubmatch(b.Text); m != nil {
			for _, item := range strings.Split(m[1], ",") {
				bn, pn, renamed := strings.Cut(item, "=>")
				if !renamed {
					pn = bn
				}
				proc[strings.ToLower(strings.TrimSpace(bn))] = strings.ToLower(strings.TrimSpace(pn))
			}
		}
		if m := genericAssignment.FindStringSubmatch(b.Text); m != nil {
			for _, item := range strings.Split(m[1], ",") {
				names = append(names, strings.ToLower(strings.TrimSpace(item)))
			}
		}
	}
	var out []*ast.Subprogram
	for _, n := range names {
		if p, ok := proc[n]; ok {
			n = p
		}
		if s := t.findSub(n, append([]*ast.Scope{t.typeScope[td]}, chain...)); s != nil && s.Kind == ast.Subroutine {
			out = append(out, s)
		}
	}
	return out
}
