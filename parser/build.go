package parser

import (
	"fmt"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// context says how a syntax error in an executable statement is handled.
// See Note [errors in bodies].
//
// Note [errors in bodies]: forocl translates only kernels and what they
// call, so a statement it cannot parse in some other procedure or in a main
// program must not fail the run. Such a statement becomes an OtherStmt with
// Err set, and sema reports it only when it lies in code it translates.
// So does a declaration of a subprogram or main program that does not
// parse (a coarray edge(:)[:], a bound through a component
// buf(t % n)): the OtherStmt opens the body, and the name it declares
// stays undeclared. Unmatched brackets, errors in a module's
// specification part and in other specification statements, and
// structural errors (unclosed or stray constructs, mismatched end names)
// are always reported.
type context int

const (
	ctxModule context = iota // the specification part of a module
	ctxBody                  // a subprogram or main program
)

// unitFrame is an open program unit.
type unitFrame struct {
	kind     string // "module", "program", "subroutine", "function"
	c        *cstmt
	name     string
	implicit bool // a main program without a program statement; c is its first statement
	start    int  // index of its first statement in builder.stmts
}

type builder struct {
	stmts []*cstmt
	i     int
	diags *diag.List
	file  *ast.File

	units      []unitFrame
	constructs []*cstmt            // open where/if constructs, innermost last
	open       map[skind]int       // how many of constructs are where (sWhere) and if (sIf)
	curSub     *ast.Subprogram     // innermost open subprogram, for directives
	pending    []*ast.Directive    // directives waiting for the next subprogram
	lastEnd    *cstmt              // the end statement of the last subprogram closed
	ended      string              // the label of the statement that just ended labelled DOs (Note [labelled DO])
	endedAt    diag.Span           // that statement
	labels     map[ast.Stmt]string // the labels of executable statements (Note [goto as cycle])
	enumLast   *ast.Ident          // the last enumerator of the open enum (Note [enumerators])
}

func (b *builder) peek() *cstmt {
	if b.i < len(b.stmts) {
		return b.stmts[b.i]
	}
	return nil
}

// report reports c's syntax error, unless the lexer already reported one for
// the same statement (one error per statement).
func (b *builder) report(c *cstmt) {
	if c.err == nil || c.ls.lexErr {
		return
	}
	c.err.report(b.diags)
}

func (b *builder) build() {
	for b.i < len(b.stmts) {
		c := b.stmts[b.i]
		switch c.kind {
		case sDirective:
			b.directive(c)
		case sModule:
			b.file.Units = append(b.file.Units, b.module(c))
		case sProgram:
			b.file.Units = append(b.file.Units, b.program(c))
		case sHeader:
			b.file.Units = append(b.file.Units, b.subprogram(c))
		case sEnd, sEndWhere, sEndIf, sElse, sElseIf, sElseWhere, sContains, sEndInterface, sEndType:
			b.stray(c)
			b.i++
		default:
			b.file.Units = append(b.file.Units, b.program(nil))
		}
	}
	if len(b.pending) > 0 {
		// directive queues a directive only when a subroutine or function
		// statement follows, and every such statement goes to subprogram.
		panic("internal error: a !$OFP directive was left pending")
	}
}

// stray reports a closing statement with nothing to close.
func (b *builder) stray(c *cstmt) {
	what := map[skind]string{
		sEndWhere: `no "where" construct is open`, sElseWhere: `no "where" construct is open`,
		sEndIf: `no "if" construct is open`, sElse: `no "if" construct is open`,
		sElseIf: `no "if" construct is open`, sEndInterface: `no interface block is open`,
		sEndType: "no derived-type definition is open", sEndDo: `no "do" construct is open`,
		sEndForall: `no "forall" construct is open`,
		sContains:  "it must follow the specification part of a module, program or subprogram",
	}[c.kind]
	if c.kind == sEnd {
		what = "no program unit is open"
		if c.endKind != "" {
			what = fmt.Sprintf("no %s is open", c.endKind)
		}
	}
	d := b.diags.Error(codeStrayEnd, c.sp, "unexpected %q: %s", c.kw, what)
	if (c.kind == sElse || c.kind == sElseIf) && b.i > 0 {
		if prev := b.stmts[b.i-1]; prev.kind == sExec {
			if is, ok := prev.exec.(*ast.IfStmt); ok && is.Single {
				d.WithHint(`a one-line "if (c) stmt" has no "else"; use "if (c) then" ... "end if"`)
			}
		}
	}
}

func (b *builder) directive(c *cstmt) {
	d := c.ls.dir
	b.file.Directives = append(b.file.Directives, d)
	b.i++
	j := b.i
	for j < len(b.stmts) && b.stmts[j].kind == sDirective {
		j++
	}
	if j < len(b.stmts) && b.stmts[j].kind == sHeader {
		b.pending = append(b.pending, d)
		return
	}
	if b.curSub != nil {
		b.curSub.Directives = append(b.curSub.Directives, d)
		return
	}
	b.diags.Warn(codeDirectiveMisplaced, d.Pos, "!$OFP directive is neither inside nor just before a subroutine or function").
		WithHint("put it on the line after the subroutine statement")
}

// ownsEnd reports whether an end statement of kind k closes the innermost
// unit (rather than some unit further out, leaving the innermost unclosed).
func (b *builder) ownsEnd(k string) bool {
	if k == "" || len(b.units) == 0 || b.units[len(b.units)-1].kind == k {
		return true
	}
	for _, u := range b.units[:len(b.units)-1] {
		if u.kind == k {
			return false
		}
	}
	return true
}

func unitHint(u unitFrame) string {
	if u.name == "" {
		return fmt.Sprintf(`add "end %s"`, u.kind)
	}
	return fmt.Sprintf(`add "end %s %s"`, u.kind, u.name)
}

// unclosed reports that unit u is never closed; at is the statement that
// forced it closed, or nil at the end of the file. See Note [garbage].
//
// Note [garbage]: a binary file, or text that is not Fortran, reads as
// statements outside any unit, which open an implicit main program that
// nothing closes. "program is never closed" at its first statement would
// then be the first diagnostic, and as the renderer shows one error per
// line it would hide the lexical error that says what is wrong (an invalid
// byte on line 1). So an implicit main program none of whose statements
// parsed, and at least one of which has a lexical error (always reported),
// is not reported as unclosed: it is noise, not a program. One without
// lexical errors still is, so that such a file never passes in silence.
func (b *builder) unclosed(u unitFrame, at *cstmt) {
	if u.implicit && b.garbage(u.start, b.i) {
		return
	}
	sp := u.c.sp
	var d *diag.Diagnostic
	if u.name != "" {
		d = b.diags.Error(codeUnitNotClosed, sp, "%s %q is never closed", u.kind, u.name)
	} else {
		d = b.diags.Error(codeUnitNotClosed, sp, "%s is never closed", u.kind)
	}
	d.WithHint("%s", unitHint(u))
	if at != nil {
		d.WithNote(at.sp, "%q reached here while it is still open", at.kw)
	}
}

// garbage reports whether none of b.stmts[from:to] parsed and one of them
// has a lexical error. See Note [garbage].
func (b *builder) garbage(from, to int) bool {
	lexErr := false
	for _, c := range b.stmts[from:min(to, len(b.stmts))] {
		if c.err == nil && !c.ls.lexErr {
			return false
		}
		lexErr = lexErr || c.ls.lexErr
	}
	return lexErr
}

// closeUnit checks the end statement e of unit u.
func (b *builder) closeUnit(u unitFrame, e *cstmt) {
	b.report(e)
	if e.err != nil {
		return
	}
	if e.endKind != "" && e.endKind != u.kind {
		b.diags.Error(codeEndKindMismatch, e.sp, "%q cannot close %s %q", e.kw, u.kind, u.name).
			WithHint(`write "end %s"`, u.kind).
			WithNote(u.c.sp, "%s %q begins here", u.kind, u.name)
		return
	}
	if e.name != nil && e.name.Name != u.name {
		b.diags.Error(codeEndNameMismatch, e.name.Pos, "end %s %q does not match %s %q", u.kind, e.name.Orig, u.kind, u.name).
			WithHint(`write "end %s %s"`, u.kind, u.name).
			WithNote(u.c.sp, "%s %q begins here", u.kind, u.name)
	}
}

func (b *builder) module(c *cstmt) *ast.Module {
	b.report(c)
	m := &ast.Module{Pos: c.sp}
	if c.name != nil {
		m.Name = *c.name
	}
	b.i++
	u := unitFrame{kind: "module", c: c, name: m.Name.Name}
	end := b.unit(u, ctxModule, &m.Scope, nil, &m.Contains)
	if end != nil {
		m.End = end.sp
	}
	return m
}

// program parses a main program; c is nil for one without a program
// statement (its first statement is b.peek()).
func (b *builder) program(c *cstmt) *ast.Program {
	p := &ast.Program{}
	u := unitFrame{kind: "program", c: c}
	if c != nil {
		b.report(c)
		p.Pos = c.sp
		if c.name != nil {
			p.Name = *c.name
			u.name = p.Name.Name
		}
		b.i++
	} else {
		u.c, u.implicit, u.start = b.peek(), true, b.i
		p.Pos = diag.At(u.c.sp.Start)
	}
	end := b.unit(u, ctxBody, &p.Scope, &p.Body, &p.Contains)
	if end != nil {
		p.End = end.sp
	}
	return p
}

func (b *builder) subprogram(c *cstmt) *ast.Subprogram {
	b.report(c)
	s := c.header
	s.Directives = b.pending
	b.pending = nil
	b.i++
	saved := b.curSub
	b.curSub = s
	defer func() { b.curSub = saved }()
	kind := "subroutine"
	if s.Kind == ast.Function {
		kind = "function"
	}
	u := unitFrame{kind: kind, c: c, name: s.Name.Name}
	end := b.unit(u, ctxBody, &s.Scope, &s.Body, &s.Contains)
	if end != nil {
		s.End = end.sp
	}
	b.lastEnd = end
	return s
}

// unit parses the statements of unit u up to and including its end
// statement, which it returns (nil when the unit is never closed). body is
// nil for a module.
func (b *builder) unit(u unitFrame, ctx context, sc *ast.Scope, body *[]ast.Stmt, contains *[]*ast.Subprogram) *cstmt {
	b.units = append(b.units, u)
	defer func() { b.units = b.units[:len(b.units)-1] }()
	seenContains := false
	strayRun := false // reporting one error per run of stray statements
	for {
		c := b.peek()
		if c == nil {
			b.unclosed(u, nil)
			return nil
		}
		switch c.kind {
		case sEnd:
			if (c.endKind == "subroutine" || c.endKind == "function") && (u.kind == "module" || u.kind == "program") {
				if !strayRun { // else a consequence of the error just reported
					b.stray(c) // its subprogram was closed already, e.g. by a bare "end"
				}
				strayRun = false
				b.i++
				continue
			}
			if !b.ownsEnd(c.endKind) {
				b.unclosed(u, c)
				return nil
			}
			b.i++
			b.closeUnit(u, c)
			return c
		case sModule, sProgram:
			b.unclosed(u, c)
			return nil
		case sContains:
			b.report(c)
			b.i++
			if seenContains {
				b.diags.Error(codeContainsTwice, c.sp, `second "contains" in %s %q`, u.kind, u.name)
			}
			seenContains = true
		case sHeader:
			strayRun = false
			if !seenContains {
				if ctx == ctxModule {
					b.diags.Error(codeProcedureBeforeContains, c.sp, `%s %q must follow "contains"`, c.kw, c.header.Name.Orig).
						WithHint(`add "contains" before the first subroutine or function of the module`)
					seenContains = true
				} else {
					b.unclosed(u, c)
					return nil
				}
			}
			*contains = append(*contains, b.subprogram(c))
		case sDirective:
			b.directive(c)
		default:
			if seenContains {
				switch {
				case c.kind == sEndWhere || c.kind == sEndIf || c.kind == sEndDo || c.kind == sEndForall || c.kind == sElse || c.kind == sElseIf || c.kind == sElseWhere:
					b.stray(c)
				case !strayRun:
					d := b.diags.Error(codeStatementOutsideUnit, c.sp, "statement outside any subroutine or function")
					if n := len(*contains); n > 0 && b.lastEnd != nil && b.lastEnd.kw == "end" && b.lastEnd.sp == (*contains)[n-1].End {
						last := (*contains)[n-1]
						d.WithNote(last.End, "%s %q ends here", procKind(last), last.Name.Orig)
						d.WithHint("a bare \"end\" closes the enclosing %s; remove it or write \"end do\", \"end if\", ...", procKind(last))
					} else {
						d.WithHint(`only subroutines and functions may follow "contains"`)
					}
				}
				strayRun = true
				b.i++
				continue
			}
			b.statement(c, ctx, sc, body)
		}
	}
}

// statement adds the non-structural statement c to a unit's scope or body.
func (b *builder) statement(c *cstmt, ctx context, sc *ast.Scope, body *[]ast.Stmt) {
	switch c.kind {
	case sUse, sImplicitNone, sSpec:
		b.i++
		if c.err != nil && ctx == ctxBody && c.decl == nil && c.kw == "declaration" && !c.err.always && !c.ls.lexErr {
			*body = append(*body, errStmt(c)) // Note [errors in bodies]
			return
		}
		b.report(c)
		switch {
		case c.use != nil:
			sc.Uses = append(sc.Uses, c.use)
		case c.kind == sImplicitNone:
			sc.ImplicitNone = true
		case c.decl != nil:
			sc.Decls = append(sc.Decls, c.decl)
		case c.attrs != nil:
			sc.AttrStmts = append(sc.AttrStmts, c.attrs...)
		case c.params != nil:
			sc.Params = append(sc.Params, c.params...)
		case c.implicit:
			sc.Implicit = append(sc.Implicit, c.other)
		case c.other != nil:
			sc.Other = append(sc.Other, c.other)
			b.enumerators(c, sc)
		}
	case sInterface:
		b.skipBlock(c, sEndInterface, "interface block", "end interface", sc)
	case sTypeDef:
		b.typeDef(c, sc)
	case sEndWhere, sEndIf, sEndDo, sEndForall, sElse, sElseIf, sElseWhere, sEndInterface, sEndType:
		b.stray(c)
		b.i++
	default: // sExec, sWhere, sIf, sDo, sForall
		if ctx == ctxModule {
			if c.err != nil {
				b.report(c)
			} else {
				b.diags.Error(codeExecInModuleSpec, c.sp, "executable statement in the specification part of a module").
					WithHint(`move it into a subroutine or function after "contains"`)
			}
			var discard []ast.Stmt
			b.exec(c, ctxBody, &discard)
			return
		}
		b.exec(c, ctx, body)
	}
}

// skipBlock keeps an interface block or derived-type definition verbatim in
// sc.Other, through its end statement.
// It returns the statements it kept.
func (b *builder) skipBlock(c *cstmt, end skind, what, endKw string, sc *ast.Scope) (kept []*cstmt) {
	for {
		d := b.peek()
		if d == nil {
			b.diags.Error(codeUnitNotClosed, c.sp, "%s is never closed", what).WithHint(`add "%s"`, endKw)
			return kept
		}
		b.i++
		kw := d.kw
		if d == c {
			kw = c.kw
		}
		if d.kind == sDirective {
			b.file.Directives = append(b.file.Directives, d.ls.dir)
			continue
		}
		sc.Other = append(sc.Other, &ast.OtherStmt{Pos: d.sp, Keyword: kw, Text: d.ls.text})
		kept = append(kept, d)
		if d.kind == end {
			return kept
		}
	}
}

// errStmt is the OtherStmt that stands for c's syntax error in a body.
func errStmt(c *cstmt) *ast.OtherStmt {
	sp := c.sp
	if c.err.span.IsValid() {
		sp = c.err.span
	}
	return &ast.OtherStmt{Pos: sp, Keyword: c.kw, Text: c.ls.text, Err: c.err.msg, ErrCode: c.err.code}
}

// exec adds the executable statement or construct c to body.
func (b *builder) exec(c *cstmt, ctx context, body *[]ast.Stmt) {
	switch c.kind {
	case sWhere:
		*body = append(*body, b.where(c, ctx))
	case sIf:
		*body = append(*body, b.ifConstruct(c, ctx))
	case sDo:
		*body = append(*body, b.doConstruct(c, ctx))
	case sForall:
		*body = append(*body, b.forallConstruct(c, ctx))
	case sExec:
		if otherKeyword(c) == "select case" {
			*body = append(*body, b.selectCase(c, ctx))
			return
		}
		fallthrough
	default:
		b.i++
		if ctx == ctxModule || c.err != nil && c.err.always {
			b.report(c)
		}
		if c.label != "" {
			b.labelStmt(c.exec, c.label)
		}
		*body = append(*body, c.exec)
	}
}

// opening adds the syntax error of a construct's opening statement c: a
// diagnostic in a module, else an OtherStmt first in the block.
func (b *builder) opening(c *cstmt, ctx context, block *[]ast.Stmt) {
	if c.err == nil {
		return
	}
	if ctx == ctxModule || c.err.always {
		b.report(c)
	}
	if ctx != ctxModule {
		*block = append(*block, errStmt(c))
	}
}

// closesOuter reports whether c ends something outside the innermost open
// construct, which is then unclosed.
func (b *builder) closesOuter(c *cstmt) bool {
	switch c.kind {
	case sEnd, sHeader, sModule, sProgram, sContains:
		return true
	}
	want := skind(-1)
	switch c.kind {
	case sEndWhere, sElseWhere:
		want = sWhere
	case sEndIf, sElse, sElseIf:
		want = sIf
	case sEndDo:
		want = sDo
	case sEndForall:
		want = sForall
	default:
		return false
	}
	n := b.open[want]
	if b.constructs[len(b.constructs)-1].kind == want {
		n--
	}
	return n > 0
}

func (b *builder) unclosedConstruct(c *cstmt, at *cstmt) {
	var d *diag.Diagnostic
	if c.doLabel != "" {
		d = b.diags.Error(codeConstructNotClosed, c.sp, "no statement labelled %s ends this DO loop", c.doLabelT.orig).
			WithHint("the statement labelled %s must follow the DO, in the same block; add \"%s continue\" where the loop ends", c.doLabelT.orig, c.doLabelT.orig)
	} else {
		d = b.diags.Error(codeConstructNotClosed, c.sp, "%q construct is never closed", c.kw).WithHint(`add "end %s"`, c.kw)
	}
	if at != nil {
		d.WithNote(at.sp, "%q reached here while it is still open", at.kw)
	}
}

// block parses construct statements into *cur until a statement that stop
// accepts, which it returns unconsumed; nil means the construct was cut off
// (already reported).
func (b *builder) block(open *cstmt, ctx context, cur *[]ast.Stmt, stop func(*cstmt) bool) *cstmt {
	for {
		d := b.peek()
		if d == nil {
			b.unclosedConstruct(open, nil)
			return nil
		}
		if stop(d) {
			return d
		}
		if b.closesOuter(d) {
			b.unclosedConstruct(open, d)
			return nil
		}
		switch d.kind {
		case sDirective:
			b.directive(d)
		case sExec, sWhere, sIf, sDo, sForall:
			b.exec(d, ctx, cur)
		case sEndWhere, sEndIf, sEndDo, sEndForall, sElse, sElseIf, sElseWhere, sEndInterface, sEndType:
			b.stray(d)
			b.i++
		default:
			b.i++
			if !d.ls.lexErr {
				b.diags.Error(codeSpecInConstruct, d.sp, "%s %q statement is not allowed inside %s %q construct", article(d.kw), d.kw, article(open.kw), open.kw).
					WithHint("move it before the first executable statement")
			}
		}
	}
}

func (b *builder) where(c *cstmt, ctx context) ast.Stmt {
	b.i++
	w := &ast.WhereStmt{Pos: c.sp, Mask: c.cond}
	b.push(c)
	defer b.pop()
	b.opening(c, ctx, &w.Body)
	cur := &w.Body
	var final *cstmt
	for {
		d := b.block(c, ctx, cur, func(d *cstmt) bool { return d.kind == sElseWhere || d.kind == sEndWhere })
		if d == nil {
			return w
		}
		b.i++
		if d.kind == sEndWhere {
			w.End = d.sp
			b.report(d)
			return w
		}
		if final != nil {
			b.diags.Error(codeElsewhereAfterFinal, d.sp, `"elsewhere" after the final "elsewhere"`).
				WithNote(final.sp, `the final "elsewhere" (without a mask) is here`)
		}
		b.constructName(c, d)
		ew := &ast.ElseWhere{Pos: d.sp, Mask: d.cond}
		if d.cond == nil {
			final = d
		}
		w.ElseWhere = append(w.ElseWhere, ew)
		cur = &ew.Body
		b.opening(d, ctx, cur)
	}
}

func (b *builder) ifConstruct(c *cstmt, ctx context) ast.Stmt {
	b.i++
	s := &ast.IfStmt{Pos: c.sp, Cond: c.cond}
	b.push(c)
	defer b.pop()
	b.opening(c, ctx, &s.Then)
	cur := &s.Then
	var elseAt *cstmt
	for {
		d := b.block(c, ctx, cur, func(d *cstmt) bool { return d.kind == sElse || d.kind == sElseIf || d.kind == sEndIf })
		if d == nil {
			return s
		}
		b.i++
		switch d.kind {
		case sEndIf:
			s.End = d.sp
			b.report(d)
			return s
		case sElse:
			b.constructName(c, d)
			b.report(d)
			if elseAt != nil {
				b.diags.Error(codeElseAfterElse, d.sp, `second "else" in an "if" construct`).WithNote(elseAt.sp, `the first "else" is here`)
			}
			elseAt = d
			s.HasElse = true
			cur = &s.Else
		case sElseIf:
			if elseAt != nil {
				b.diags.Error(codeElseAfterElse, d.sp, `"else if" after "else"`).WithNote(elseAt.sp, `the "else" is here`)
			}
			ei := &ast.ElseIf{Pos: d.sp, Cond: d.cond}
			s.ElseIfs = append(s.ElseIfs, ei)
			cur = &ei.Body
			b.opening(d, ctx, cur)
		}
	}
}

// constructName checks the name after "else" or "elsewhere [(mask)]" (d)
// against the construct name of the if or where statement c that opened
// the construct: a word there is a construct name only when it is c's.
// Without this, "elsewhere (mask) then" would pass, "then" taken for a name.
func (b *builder) constructName(c, d *cstmt) {
	if d.name == nil || d.name.Name == c.cname {
		return
	}
	after := d.kw
	if d.kind == sElseWhere && d.cond != nil {
		after = "elsewhere (...)"
	}
	hint := fmt.Sprintf("a name after %q must be the construct's name", after)
	if c.cname == "" {
		hint = fmt.Sprintf("the %q construct has no name; remove %q", c.kw, d.name.Orig)
	}
	d.fail(&perr{code: codeSyntaxTrailingText, span: d.name.Pos, msg: fmt.Sprintf("unexpected %q after %q", d.name.Orig, after), hint: hint})
}

func procKind(s *ast.Subprogram) string {
	if s.Kind == ast.Function {
		return "function"
	}
	return "subroutine"
}

func (b *builder) push(c *cstmt) {
	if b.open == nil {
		b.open = map[skind]int{}
	}
	b.constructs = append(b.constructs, c)
	b.open[c.kind]++
}

func (b *builder) pop() {
	c := b.constructs[len(b.constructs)-1]
	b.open[c.kind]--
	b.constructs = b.constructs[:len(b.constructs)-1]
}
