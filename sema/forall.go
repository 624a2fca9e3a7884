package sema

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/depend"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [forall]
// ~~~~~~~~~~~~~
// A FORALL statement or construct of a loop kernel is lowered to the
// nests that already exist, one per assignment, in order (each one
// complete before the next, as Fortran says): the nest's indices are the
// index triplets of the FORALL and of the FORALLs around it (a stride is
// a guarded index, Note [strided loops]), its body the assignment under
// an IF on the masks. Fortran evaluates an assignment's right-hand side
// and subscripts for all index values before it assigns any element, so
// the nest runs in place only when depend.InPlace proves that no
// iteration reads an element another writes; otherwise it goes through a
// temporary array (Note [forall temporaries]). It never runs serially: a
// serial run in place does not keep FORALL's semantics.
//
// Fortran's rules that forocl checks: each assignment assigns an element
// once (a left-hand side that does not use every index is
// forall-many-to-one), the functions referenced are pure (forall-impure),
// and the body holds only assignments, FORALLs and WHEREs (forall-body).
// The mask of a construct is evaluated once, before the first assignment;
// forocl evaluates it in every nest, which is the same unless an earlier
// assignment writes what it reads (forall-mask-written).

// forallScope is what the FORALLs around a statement give it: their index
// triplets and masks, outermost first.
type forallScope struct {
	loops []nestLoop
	masks []ast.Expr
}

// forall lowers a FORALL statement or construct of a loop kernel's top
// level, inside the FORALLs of outer.
func (l *lowerer) forall(s *ast.ForallStmt, outer forallScope) []ir.Stmt {
	if s.Bad {
		l.syntaxErrors(s.Body)
		return nil
	}
	if len(outer.loops) == 0 {
		l.forallPure(s)
	}
	syn := &ast.DoStmt{Pos: s.Pos, Form: ast.DoConcurrent} // the nests' position
	fs := forallScope{loops: append([]nestLoop(nil), outer.loops...), masks: append([]ast.Expr(nil), outer.masks...)}
	for _, ix := range s.Indices {
		lo, hi, box := boxed(ix, outer) // Note [triangular forall]
		fs.loops = append(fs.loops, nestLoop{s: syn, lo: lo, hi: hi, step: ix.Step, name: ix.Var})
		if box != nil {
			fs.masks = append(fs.masks, box)
		}
	}
	if s.Mask != nil {
		fs.masks = append(fs.masks, s.Mask)
		l.forallMaskWritten(s)
	}
	var out []ir.Stmt
	for _, b := range s.Body {
		switch b := b.(type) {
		case *ast.AssignStmt:
			if n := l.forallAssign(b, fs, nil); n != nil {
				out = append(out, n...)
			}
		case *ast.ForallStmt:
			out = append(out, l.forall(b, fs)...)
		case *ast.WhereStmt:
			out = append(out, l.forallWhere(b, fs)...)
		case *ast.OtherStmt:
			if b.Err != "" {
				l.errorf(b.ErrCode, b.Pos, "%s", b.Err)
				continue
			}
			if b.Keyword == "end forall" {
				continue
			}
			l.forallBad(b)
		default:
			l.forallBad(b)
		}
	}
	return out
}

// forallBad reports statement b, which a FORALL may not hold.
func (l *lowerer) forallBad(b ast.Stmt) {
	l.errorf(codeForallBody, b.Span(), "a FORALL may hold only assignments, FORALL and WHERE").
		WithHint("move the statement out of the FORALL, or write the FORALL as a DO CONCURRENT loop")
}

// forallPure reports the functions that FORALL s references and that are
// not declared pure or elemental (forall-impure).
func (l *lowerer) forallPure(s *ast.ForallStmt) {
	walkStmtExprs([]ast.Stmt{s}, func(e ast.Expr) {
		call, ok := e.(*ast.Call)
		if !ok {
			return
		}
		ent := l.s.lookup(call.Name.Name)
		p := ent.proc
		if ent.sym != nil {
			p = l.c.funcName(ent.sym)
		}
		if p == nil || p.sub.Pure || p.sub.Elemental {
			return
		}
		l.errorf(codeForallImpure, call.Name.Pos, "FORALL references %q, which is not declared pure", call.Name.Orig).
			WithNote(p.sub.Pos, "%q is defined here", call.Name.Orig).
			WithHint("declare the function pure; Fortran requires it in a FORALL")
	})
}

// forallMaskWritten reports a construct's mask that reads an array an
// assignment before the construct's last one writes (Note [forall]).
func (l *lowerer) forallMaskWritten(s *ast.ForallStmt) {
	var assigns []*ast.AssignStmt
	walkStmts(s.Body, func(b ast.Stmt) {
		if a, ok := b.(*ast.AssignStmt); ok {
			assigns = append(assigns, a)
		}
	})
	for _, a := range assigns[:max(len(assigns)-1, 0)] {
		name, _ := lhsName(a.LHS)
		if name != nil && refers(s.Mask, name.Name) {
			l.errorf(codeForallMaskWritten, s.Mask.Span(), "the mask of this FORALL reads %q, which the assignment at %s writes before the last assignment", name.Orig, pos(a.Pos)).
				WithHint("compute the mask into a logical array first, or split the construct")
			return
		}
	}
}

// forallAssign lowers assignment a of a FORALL in scope fs to its nests.
// where, when not nil, is the mask of the WHERE around a (Note [where in
// forall]).
func (l *lowerer) forallAssign(a *ast.AssignStmt, fs forallScope, where ast.Expr) []ir.Stmt {
	if !l.forallOneToOne(a, fs) {
		return nil
	}
	ls := l.loop
	before := len(l.c.diags.Items)
	n, conflict := l.forallNest(a, fs, where)
	overlap := false // a section that reads itself (Note [forall temporaries])
	for _, d := range l.c.diags.Items[before:] {
		switch {
		case d.Severity != diag.Error:
		case d.Code == codeLoopSectionOverlap:
			overlap = true
		default:
			return nil
		}
	}
	if n == nil {
		return nil
	}
	if conflict == nil && !overlap {
		return []ir.Stmt{n}
	}
	if w := conflict; w != nil && !overlap && w.Read == w.Write && !w.Rewrite && scatters(w.Write) && !readsVar(ls.reads, w.Write.Var) {
		// Only the write's injectivity is unproven, which Fortran
		// requires of the program (Note [forall]).
		l.c.diags.Warn(codeForallUnproven, a.LHS.Span(), "forocl cannot prove that this FORALL assignment writes each element of %q once; it runs in parallel, as Fortran requires that it does", w.Write.Var.Name).
			WithHint("if two index values can give one element, the program is not valid Fortran")
		return []ir.Stmt{n}
	}
	why := "it reads its own section at other elements"
	if conflict != nil {
		why = depend.Why(n, conflict)
	}
	l.c.diags.Items = l.c.diags.Items[:before] // lowered again through a temporary
	return l.forallTemp(a, fs, where, why)
}

// forallNest lowers assignment a in the scope fs, under the WHERE mask
// where when not nil, to one nest, and returns the conflict
// depend.InPlace finds in it.
func (l *lowerer) forallNest(a *ast.AssignStmt, fs forallScope, where ast.Expr) (*ir.Nest, *depend.Conflict) {
	ls := l.loop
	ls.reduce, ls.plain, ls.outWhy = nil, false, ""
	before := len(l.c.diags.Items)
	ls.where = where
	n, conflict := l.lowerNest(fs.loops[0].s, "forall", fs.loops, []ast.Stmt{a}, conjoin(fs.masks))
	if ls.where != nil {
		ls.where = nil
		if len(l.c.diags.Items) == before {
			l.errorf(codeForallBody, a.LHS.Span(), "an assignment under WHERE must assign an array section or whole array").
				WithHint("subscript the left-hand side with a section, such as a(i, :)")
		}
		return nil, nil
	}
	return n, conflict
}

// forallOneToOne reports, as forall-many-to-one, an assignment whose
// left-hand side does not use every index of its FORALLs.
func (l *lowerer) forallOneToOne(a *ast.AssignStmt, fs forallScope) bool {
	if id, call := lhsName(a.LHS); id != nil && call == nil {
		// A scalar, or a whole array: the same elements for every index
		// value (and a scalar would be private to the nest's iteration).
		l.errorf(codeForallManyToOne, a.LHS.Span(), "a FORALL assignment to the whole of %q assigns it for every index value", id.Orig).
			WithHint("subscript the left-hand side with the FORALL's indices, or move a scalar assignment before the FORALL")
		return false
	}
	for _, lp := range fs.loops {
		if mentions(a.LHS, lp.name.Name) || singleValue(lp) {
			continue
		}
		l.errorf(codeForallManyToOne, a.LHS.Span(), "the left-hand side does not use the FORALL index %q: every value of %q assigns the same element", lp.name.Orig, lp.name.Orig).
			WithHint("each element may be assigned once in a FORALL; use a reduction such as sum(...) or a DO loop")
		return false
	}
	return true
}

// singleValue reports whether the triplet of lp has one value: the same
// integer literal first and last.
func singleValue(lp nestLoop) bool {
	lo, ok1 := lp.lo.(*ast.IntLit)
	hi, ok2 := lp.hi.(*ast.IntLit)
	return ok1 && ok2 && lo.Value == hi.Value
}

// conjoin returns the conjunction of the masks, nil for none.
func conjoin(masks []ast.Expr) ast.Expr {
	var out ast.Expr
	for _, m := range masks {
		if out == nil {
			out = m
			continue
		}
		sp := diag.Span{Start: out.Span().Start, End: m.Span().End}
		out = &ast.Binary{Pos: sp, OpPos: m.Span(), Op: ".and.", X: &ast.Paren{Pos: out.Span(), X: out}, Y: &ast.Paren{Pos: m.Span(), X: m}}
	}
	return out
}

// Note [forall temporaries]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~
// An assignment of a FORALL whose nest reads elements that other
// iterations write (forall (i = 2:n-1) a(i) = a(i-1) + a(i+1)) is lowered
// to two nests over the same indices and masks: the first computes the
// right-hand side into a temporary array of the left-hand side's shape
// and bounds (_forall1(i) = a(i-1) + a(i+1)), the second copies it in
// (a(i) = _forall1(i)). The temporary is an ir.Var of Role Temp in
// Kernel.Temps, with Bounds; codegen passes it to every launch as a
// scratch buffer the host allocates (abi.Buffer.Extents). Both nests must
// be proven parallel: the first writes the temporary as the assignment
// writes its array, one-to-one when the assignment is; the second fails
// when the mask reads the array written at other elements. Either failing
// is forall-overlap. A section on the left-hand side that its own
// right-hand side reads at other elements (forall (i = 1:n) a(i, :) =
// a(i, n:1:-1)), which is loop-section-overlap outside a FORALL, goes
// through the temporary too; so does an assignment under a WHERE, the
// mask in both nests.

// forallTemp lowers assignment a of a FORALL in scope fs (under the
// WHERE mask where when not nil), whose nest cannot run in place for the
// reason why, through a temporary (Note [forall temporaries]).
func (l *lowerer) forallTemp(a *ast.AssignStmt, fs forallScope, where ast.Expr, why string) []ir.Stmt {
	refuse := func(what string) []ir.Stmt {
		l.errorf(codeForallOverlap, a.Pos, "this FORALL assignment cannot be computed in parallel%s: %s", what, why).
			WithHint("assign the result to a second array, then copy it")
		return nil
	}
	id, call := lhsName(a.LHS)
	if call == nil {
		return refuse("")
	}
	ent := l.s.lookup(id.Name)
	v := l.vars[ent.sym]
	if ent.sym == nil || v == nil || len(v.Bounds) != v.Rank || v.Rank == 0 {
		return refuse("")
	}
	tmp := &ir.Var{Name: fmt.Sprintf("_forall%d", len(l.kernel.Temps)+1), Kind: v.Kind, Rank: v.Rank, Role: ir.Temp, Pos: a.Pos, Bounds: v.Bounds}
	tsym := &symbol{name: tmp.Name, orig: tmp.Name, pos: a.Pos, sc: l.s, typ: ent.sym.typ, dims: ent.sym.dims, hasDims: true, kindDone: true, kind: v.Kind}
	l.s.syms[tmp.Name] = tsym
	defer delete(l.s.syms, tmp.Name)
	l.vars[tsym] = tmp
	tid := ast.Ident{Pos: id.Pos, Name: tmp.Name, Orig: tmp.Name}
	toTmp := &ast.AssignStmt{Pos: a.Pos, LHS: &ast.Call{Pos: call.Pos, Name: tid, Args: call.Args}, RHS: a.RHS}
	fromTmp := &ast.AssignStmt{Pos: a.Pos, LHS: a.LHS, RHS: &ast.Call{Pos: call.Pos, Name: tid, Args: call.Args}}
	before := len(l.c.diags.Items)
	var out []ir.Stmt
	for _, st := range []*ast.AssignStmt{toTmp, fromTmp} {
		n, c := l.forallNest(st, fs, where)
		if len(l.c.diags.Items) > before {
			return nil // reported: the temporary did not help (a section that overlaps itself)
		}
		if c != nil {
			if c.Write.Var != tmp || c.Read.Var != tmp {
				why = depend.Why(n, c)
			} // else the temporary's write is the assignment's: why says so
			return refuse(" even through a temporary")
		}
		if n == nil {
			return nil
		}
		out = append(out, n)
	}
	l.kernel.Temps = append(l.kernel.Temps, tmp)
	return out
}

// refers reports whether expression e names name, as a variable or as
// the array or function of a reference.
func refers(e ast.Expr, name string) bool {
	found := false
	walkAST(e, func(x ast.Expr) {
		switch x := x.(type) {
		case *ast.Ident:
			found = found || x.Name == name
		case *ast.Call:
			found = found || x.Name.Name == name
		}
	})
	return found
}

// Note [where in forall]
// ~~~~~~~~~~~~~~~~~~~~~~~
// A WHERE in a FORALL is an array statement at each index value: its
// assignments are sections, such as where (b(i, :) > 0) a(i, :) = c(i, :).
// Each assignment becomes the FORALL's nest whose body is the section's
// sequential loop (Note [array assignments] in sema/sections.go), each
// element under an IF on the mask there (lowerer.loop.where, taken by
// sectionAssign); an ELSEWHERE's assignments take the negations of the
// masks before it. Fortran evaluates the masks once, before the first
// assignment: an assignment before the last that writes what a mask reads
// is forall-mask-written, and an assignment that reads its own section at
// other elements is loop-section-overlap, as outside a FORALL.

// forallWhere lowers a WHERE w of a FORALL in scope fs.
func (l *lowerer) forallWhere(w *ast.WhereStmt, fs forallScope) []ir.Stmt {
	type branch struct {
		mask ast.Expr
		body []ast.Stmt
	}
	not := func(m ast.Expr) ast.Expr {
		return &ast.Unary{Pos: m.Span(), Op: ".not.", X: &ast.Paren{Pos: m.Span(), X: m}}
	}
	if w.Mask == nil {
		return nil
	}
	branches := []branch{{w.Mask, w.Body}}
	prior := []ast.Expr{not(w.Mask)}
	var masks []ast.Expr
	if w.Mask != nil {
		masks = append(masks, w.Mask)
	}
	for _, ew := range w.ElseWhere {
		m := append([]ast.Expr(nil), prior...)
		if ew.Mask != nil {
			m = append(m, ew.Mask)
			prior = append(prior, not(ew.Mask))
			masks = append(masks, ew.Mask)
		}
		branches = append(branches, branch{conjoin(m), ew.Body})
	}
	var assigns []*ast.AssignStmt
	for _, b := range branches {
		for _, st := range b.body {
			if a, ok := st.(*ast.AssignStmt); ok {
				assigns = append(assigns, a)
			}
		}
	}
	for _, a := range assigns[:max(len(assigns)-1, 0)] {
		for _, m := range masks {
			if name, _ := lhsName(a.LHS); name != nil && refers(m, name.Name) {
				l.errorf(codeForallMaskWritten, m.Span(), "this WHERE mask reads %q, which the assignment at %s writes before the last assignment", name.Orig, pos(a.Pos)).
					WithHint("compute the mask into a logical array first, or split the WHERE")
				return nil
			}
		}
	}
	var out []ir.Stmt
	for _, b := range branches {
		for _, st := range b.body {
			a, ok := st.(*ast.AssignStmt)
			if !ok || b.mask == nil {
				if o, ok := st.(*ast.OtherStmt); ok && o.Err != "" {
					l.errorf(o.ErrCode, o.Pos, "%s", o.Err)
					continue
				}
				l.forallBad(st)
				continue
			}
			out = append(out, l.forallAssign(a, fs, b.mask)...)
		}
	}
	return out
}

// whereMask puts assign, an element of an array assignment of iteration
// ctx, under the element of WHERE mask m (Note [where in forall]).
func (l *lowerer) whereMask(m ast.Expr, ctx *sectCtx, assign ir.Stmt) ir.Stmt {
	c := l.sectionRHS(m, ctx)
	if c == nil {
		return nil
	}
	if t := c.Type(); t.Rank > 0 || t.Kind != ir.Logical {
		l.errorf(codeForallBody, m.Span(), "a WHERE mask must be a logical array that conforms to the assignment").
			WithHint("write a logical array expression of the left-hand side's shape, such as b(i, :) > 0")
		return nil
	}
	return &ir.If{Pos: m.Span(), Cond: c, Then: []ir.Stmt{assign}}
}

// readsVar reports whether one of reads is an element of v.
func readsVar(reads []*ir.Elem, v *ir.Var) bool {
	for _, r := range reads {
		if r.Var == v {
			return true
		}
	}
	return false
}

// scatters reports whether a subscript of w is not affine (a scatter
// through an index array, Note [small arrays] in package ir).
func scatters(w *ir.Elem) bool {
	for _, a := range w.Access {
		if a.IsComputed() {
			return true
		}
	}
	return false
}

// forallDialect reports a kernel that holds a FORALL at its top level and
// constructs of the region dialect (region_cpy, region_ptr, pointers),
// which only region kernels take: a FORALL makes it a loop kernel.
func (l *lowerer) forallDialect(body []ast.Stmt) {
	if !regionDialect(body, false) {
		return
	}
	for _, st := range body {
		if f, ok := st.(*ast.ForallStmt); ok {
			l.errorf(codeForallBody, f.Pos, "a kernel with FORALL is a loop kernel, which does not take region_cpy, region_ptr or pointers").
				WithHint("write the FORALL as array syntax over region_cpy windows, or the rest of the kernel as FORALL and array assignments")
			return
		}
	}
}
