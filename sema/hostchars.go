package sema

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// hostChars is what takeHostChars took out of one procedure (Note [host
// characters] in ir/chars.go).
type hostChars struct {
	params []*ir.CharParam
	sets   []ir.CharSet
	tests  []ir.CharTest
}

// charLen is the length of character type t: n > 0 for len=n (1 when
// none is written), 0 for len=* or len=:; ok is false for a length that
// is not an integer literal, which forocl does not take.
func charLen(t *ast.TypeSpec) (n int, ok bool) {
	switch {
	case t.Len == nil:
		return 1, true
	case t.Len.Star || t.Len.Colon:
		return 0, true
	}
	lit, isLit := t.Len.Expr.(*ast.IntLit)
	if !isLit || lit.Value < 0 || lit.Value > 1<<20 {
		return 0, false
	}
	return int(lit.Value), true
}

// hostCharDecl returns the character parameter declaration d makes of a
// scalar dummy (nil when d is not one forocl takes).
func hostCharDecl(d *ast.Decl, e *ast.Entity, args []ast.Ident) *ir.CharParam {
	n, ok := charLen(d.Type)
	arg := slices.IndexFunc(args, func(a ast.Ident) bool { return a.Name == e.Name.Name })
	if !ok || len(e.Dims) > 0 || e.Init != nil || arg < 0 {
		return nil
	}
	alloc := false
	for _, a := range d.Attrs {
		switch a.Name {
		case ast.AttrIntent:
		case ast.AttrAllocatable:
			alloc = true
		default:
			return nil
		}
	}
	if alloc != (d.Type.Len != nil && d.Type.Len.Colon) {
		return nil
	}
	return &ir.CharParam{Name: e.Name.Orig, Len: n, Deferred: alloc, Intent: charIntent(d), Pos: e.Pos, Arg: arg}
}

// charIntent is the intent declaration d gives a character dummy, or
// the structure a component belongs to: inout when it gives none, as a
// dummy without intent may be read and assigned.
func charIntent(d *ast.Decl) ir.Intent {
	if in := declIntent(d); in != ast.IntentNone {
		return irIntent(in)
	}
	return ir.InOut
}

// hostCharComps returns the character components of the scalar
// structure dummies that sc declares, and of the function result when it
// is a structure (intent(out)), by "s%name".
func hostCharComps(env *typeEnv, sc *ast.Scope, chain []*ast.Scope, args []ast.Ident, result string) map[string]*ir.CharParam {
	out := map[string]*ir.CharParam{}
	for _, d := range sc.Decls {
		tn, _ := d.Type.Kind.(*ast.Ident)
		if d.Type == nil || d.Type.Base != ast.Derived || tn == nil || hasAttr(d.Attrs, ast.AttrDimension) {
			continue
		}
		td, mod := env.find(tn.Name, chain)
		if td == nil {
			continue
		}
		for _, e := range d.Entities {
			isResult := result != "" && e.Name.Name == result
			if len(e.Dims) > 0 || !isResult && !slices.ContainsFunc(args, func(a ast.Ident) bool { return a.Name == e.Name.Name }) {
				continue
			}
			intent := charIntent(d)
			if isResult {
				intent = ir.Out
			}
			for _, cd := range td.Components {
				n, ok := charLen(cd.Type)
				if cd.Type.Base != ast.Character || !ok {
					continue
				}
				for _, ce := range cd.Entities {
					if len(ce.Dims) > 0 || hasAttr(cd.Attrs, ast.AttrDimension) || hasAttr(cd.Attrs, ast.AttrPointer) {
						continue
					}
					name := e.Name.Name + "%" + ce.Name.Name
					out[name] = &ir.CharParam{Name: e.Name.Orig + "%" + ce.Name.Orig, Len: n, Deferred: hasAttr(cd.Attrs, ast.AttrAllocatable),
						Intent: intent, Pos: ce.Pos,
						Struct: &ir.Struct{Var: e.Name.Orig, Type: td.Name.Orig, Module: mod}}
				}
			}
		}
	}
	return out
}

// takeHostChars takes the assignments to character dummies and
// components at the top level of body out of it (Note [host characters]),
// and the character scalar dummies out of sc and args. It returns the
// new body, scope and arguments, with nil when the procedure has none;
// the diagnostics of other uses wait until the procedure is translated.
func (c *checker) takeHostChars(env *typeEnv, sc *ast.Scope, chain []*ast.Scope, args []ast.Ident, result string, body []ast.Stmt) ([]ast.Stmt, *ast.Scope, []ast.Ident, *hostChars) {
	vars := hostCharComps(env, sc, chain, args, result)
	out := *sc
	out.Decls = nil
	dummies := map[string]bool{}
	for _, d := range sc.Decls {
		if d.Type == nil || d.Type.Base != ast.Character {
			out.Decls = append(out.Decls, d)
			continue
		}
		var keep []*ast.Entity
		for _, e := range d.Entities {
			p := hostCharDecl(d, e, args)
			if p == nil {
				keep = append(keep, e)
				continue
			}
			vars[e.Name.Name], dummies[e.Name.Name] = p, true
		}
		switch {
		case len(keep) == len(d.Entities):
			out.Decls = append(out.Decls, d)
		case len(keep) > 0: // the entities taken leave the declaration
			nd := *d
			nd.Entities = keep
			out.Decls = append(out.Decls, &nd)
		}
	}
	if len(vars) == 0 {
		return body, sc, args, nil
	}
	hc := &hostChars{}
	var d diag.List
	var rest []ast.Stmt
	for _, st := range body {
		set, ok := c.hostCharSet(st, vars, &d)
		if !ok {
			rest = append(rest, hc.testIfs(st, vars, &d))
			continue
		}
		hc.sets = append(hc.sets, set)
	}
	for _, t := range hc.tests {
		out.Decls = append(out.Decls, &ast.Decl{Pos: t.Pos, Type: &ast.TypeSpec{Pos: t.Pos, Base: ast.Logical},
			Entities: []*ast.Entity{{Pos: t.Pos, Name: ast.Ident{Pos: t.Pos, Name: t.Var, Orig: t.Var}}}})
	}
	walkStmtExprs(rest, func(e ast.Expr) {
		if id := exprIdent(e); id != nil && dummies[id.Name] {
			d.Error(codeHostCharacter, id.Pos, "character %s is used here, but forocl runs a character variable only in assignments at the kernel's top level", id.Orig).
				WithHint("compute it where the kernel is called, and pass a number or logical")
		}
	})
	for _, a := range args {
		if p := vars[a.Name]; p != nil && dummies[a.Name] {
			hc.params = append(hc.params, p)
		}
	}
	owners := slices.Clone(args)
	if result != "" {
		owners = append(owners, ast.Ident{Name: result})
	}
	for _, a := range owners {
		for _, name := range slices.Sorted(maps.Keys(vars)) {
			if p := vars[name]; !dummies[name] && strings.HasPrefix(name, a.Name+"%") && hc.uses(p.Name) {
				hc.params = append(hc.params, p)
			}
		}
	}
	if k := procKey(rest); k != nil && len(d.Items) > 0 {
		pd := c.pendingTypes[k]
		pd.Append(d)
		c.pendingTypes[k] = pd
	}
	nargs := slices.DeleteFunc(slices.Clone(args), func(a ast.Ident) bool { return dummies[a.Name] })
	return rest, &out, nargs, hc
}

// uses reports whether an assignment or a comparison of hc names name.
func (hc *hostChars) uses(name string) bool {
	reads := func(parts []ir.CharPart) bool {
		return slices.ContainsFunc(parts, func(p ir.CharPart) bool { return !p.IsLit && p.Name == name })
	}
	return slices.ContainsFunc(hc.sets, func(s ir.CharSet) bool { return s.Var == name || reads(s.Parts) }) ||
		slices.ContainsFunc(hc.tests, func(t ir.CharTest) bool { return reads(t.X) || reads(t.Y) })
}

// exprIdent is the name an identifier or a call names.
func exprIdent(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.Call:
		return &e.Name
	}
	return nil
}

// hostCharSet returns st as an assignment of the host when it assigns a
// character variable of vars; ok is false when it does not.
func (c *checker) hostCharSet(st ast.Stmt, vars map[string]*ir.CharParam, d *diag.List) (set ir.CharSet, ok bool) {
	a, isAssign := st.(*ast.AssignStmt)
	if !isAssign || a.Pointer {
		return set, false
	}
	lhs, isIdent := a.LHS.(*ast.Ident)
	if !isIdent || vars[lhs.Name] == nil {
		return set, false
	}
	parts, ok := charParts(a.RHS, vars)
	if !ok {
		return set, false // refused as a use
	}
	if vars[lhs.Name].Intent == ir.In {
		d.Error(codeHostCharacterIntent, lhs.Pos, "%s is intent(in), and this assigns it", lhs.Orig).
			WithHint("declare it intent(inout) or intent(out)")
	}
	return ir.CharSet{Var: vars[lhs.Name].Name, Parts: parts, Pos: a.Pos}, true
}

// charParts returns the operands of a concatenation of character
// literals and variables of vars.
func charParts(e ast.Expr, vars map[string]*ir.CharParam) ([]ir.CharPart, bool) {
	switch e := e.(type) {
	case *ast.Paren:
		return charParts(e.X, vars)
	case *ast.StringLit:
		return []ir.CharPart{{Lit: e.Value, IsLit: true}}, true
	case *ast.Ident:
		if vars[e.Name] != nil {
			return []ir.CharPart{{Name: vars[e.Name].Name}}, true
		}
	case *ast.Binary:
		if e.Op != "//" {
			return nil, false
		}
		x, ok := charParts(e.X, vars)
		y, ok2 := charParts(e.Y, vars)
		return append(x, y...), ok && ok2
	}
	return nil, false
}

// hostCharsKey keys a procedure's hostChars by its name and position, which
// the copies of a subprogram that sema makes keep.
func hostCharsKey(s *ast.Subprogram) string {
	return fmt.Sprintf("%s@%v", s.Name.Name, s.Pos.Start)
}

// setHostChars gives kern the character parameters and assignments of
// its procedure.
func (c *checker) setHostChars(kern *ir.Kernel, sub *ast.Subprogram) {
	if hc := c.hostChars[hostCharsKey(sub)]; hc != nil {
		kern.Chars, kern.CharSets, kern.CharTests = hc.params, hc.sets, hc.tests
	}
}

// testIfs returns st with each comparison of characters in the
// conditions of its IFs, and of the IFs in their branches, replaced by a
// logical host variable of its own, "_chrN" (Note [host characters]);
// one that reads a character assigned before it is refused. Loops are
// not entered: the device would read such a comparison, which is
// refused as a use.
func (hc *hostChars) testIfs(st ast.Stmt, vars map[string]*ir.CharParam, d *diag.List) ast.Stmt {
	is, ok := st.(*ast.IfStmt)
	if !ok {
		return st
	}
	cond := func(e ast.Expr) ast.Expr {
		return rewriteExpr(e, func(x ast.Expr) ast.Expr {
			b, isBin := x.(*ast.Binary)
			if !isBin || !slices.Contains([]string{"==", "/=", "<", "<=", ">", ">="}, b.Op) {
				return x
			}
			px, okx := charParts(b.X, vars)
			py, oky := charParts(b.Y, vars)
			if !okx || !oky || !slices.ContainsFunc(append(px, py...), func(p ir.CharPart) bool { return !p.IsLit }) {
				return x
			}
			for _, p := range append(px, py...) {
				if !p.IsLit && slices.ContainsFunc(hc.sets, func(s ir.CharSet) bool { return s.Var == p.Name }) {
					d.Error(codeHostCharacter, b.Pos, "this compares %s after the kernel assigns it, but forocl compares characters as the kernel is called", p.Name).
						WithHint("compare before the assignment, or where the kernel is called")
				}
			}
			name := fmt.Sprintf("_chr%d", len(hc.tests)+1) // no Fortran name starts with "_"
			hc.tests = append(hc.tests, ir.CharTest{Var: name, Op: b.Op, X: px, Y: py, Pos: b.Pos})
			return &ast.Ident{Pos: b.Pos, Name: name, Orig: name}
		})
	}
	block := func(list []ast.Stmt) []ast.Stmt {
		out := make([]ast.Stmt, len(list))
		for i, st := range list {
			out[i] = hc.testIfs(st, vars, d)
		}
		return out
	}
	n := *is
	n.Cond, n.Then, n.Else = cond(is.Cond), block(is.Then), block(is.Else)
	n.ElseIfs = nil
	for _, ei := range is.ElseIfs {
		ne := *ei
		ne.Cond, ne.Body = cond(ei.Cond), block(ei.Body)
		n.ElseIfs = append(n.ElseIfs, &ne)
	}
	return &n
}

// refuseDeviceChars refuses the comparisons of characters of a kernel of
// array statements (a region or elemental kernel), whose IFs the device
// runs: only a loop kernel's IFs between nests are the host's; and the
// characters of an elemental subroutine, which are elemental too: one
// string per element, no host value.
func (c *checker) refuseDeviceChars(kern *ir.Kernel, elemental bool) {
	if elemental {
		for _, p := range kern.Chars {
			c.diags.Error(codeHostCharacter, p.Pos, "character %s is a dummy of an elemental subroutine: one string per element, which the device would hold", p.Name).
				WithHint("pass a number or logical per element instead")
		}
		return
	}
	for _, t := range kern.CharTests {
		c.diags.Error(codeHostCharacter, t.Pos, "this compares characters in a kernel of array statements, whose IFs run on the device").
			WithHint("compare where the kernel is called and pass a logical, or write the array statements as loops (DO CONCURRENT)")
	}
}

// checkCharCalls refuses a call, in files, of a procedure whose character
// dummies are host values (takeHostChars took them from its dummies):
// forocl passes characters to a kernel only, which the host calls.
func (c *checker) checkCharCalls(files []*ast.File) {
	var visit func(subs []*ast.Subprogram)
	visit = func(subs []*ast.Subprogram) {
		for _, s := range subs {
			var d diag.List
			call := func(id ast.Ident, at diag.Span) { // at: the statement's or reference's span, where an argument count error would be too
				if c.charDummies[id.Name] && id.Name != s.Name.Name {
					d.Error(codeHostCharacter, at, "%s takes character dummies, which forocl passes to a kernel only, not to a procedure a kernel calls", id.Orig).
						WithHint("pass a number or logical, or assign the character where the kernel is called")
				}
			}
			walkStmts(s.Body, func(st ast.Stmt) {
				if cs, ok := st.(*ast.CallStmt); ok {
					call(cs.Name, cs.Pos)
				}
			})
			walkStmtExprs(s.Body, func(e ast.Expr) {
				if x, ok := e.(*ast.Call); ok {
					call(x.Name, x.Pos)
				}
			})
			if k := procKey(s.Body); k != nil && len(d.Items) > 0 {
				pd := c.pendingTypes[k]
				pd.Append(d)
				c.pendingTypes[k] = pd
			}
			visit(s.Contains)
		}
	}
	for _, f := range files {
		for _, u := range f.Units {
			switch u := u.(type) {
			case *ast.Module:
				visit(u.Contains)
			case *ast.Program:
				visit(u.Contains)
			case *ast.Subprogram:
				visit([]*ast.Subprogram{u})
			}
		}
	}
}
