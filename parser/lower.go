package parser

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// lowerer turns participle structs into ast nodes. It remembers the first
// error it meets: a deferred error of an expression (Note [expressions]) or
// a rule the grammar does not express.
type lowerer struct {
	ts  toks
	err *perr
}

func (l *lowerer) fail(code diag.Code, sp diag.Span, format string, args ...any) {
	if l.err == nil {
		l.err = &perr{code: code, span: sp, msg: fmt.Sprintf(format, args...)}
	}
}

func (l *lowerer) ident(p, e lexer.Position, name string) ast.Ident {
	return ast.Ident{Pos: l.ts.span(p, e), Name: name, Orig: l.ts.orig(p)}
}

func (l *lowerer) name(n *gName) ast.Ident {
	return l.ident(n.Pos, n.EndPos, n.Name)
}

// expr returns the expression the expression parser built for g, and
// takes over its deferred error.
func (l *lowerer) expr(g *gExpr) ast.Expr {
	if g.err != nil {
		if l.err == nil {
			l.err = g.err
		} else if g.err.always {
			l.err.always = true
		}
	}
	return g.X
}

// --- declarations ---

func (l *lowerer) typeSpec(g *gTypeSpec) *ast.TypeSpec {
	t := &ast.TypeSpec{Pos: l.ts.span(g.Pos, g.EndPos)}
	switch {
	case g.Double:
		t.Base = ast.DoublePrecision
	case g.Char:
		t.Base = ast.Character
		if g.CharSel != nil {
			t.Len = l.charLen(g.CharSel)
			for _, a := range g.CharSel.Args {
				if a.Keyword != nil && *a.Keyword == "kind" && a.Expr != nil {
					t.Kind = l.expr(a.Expr)
				}
			}
		}
	case g.Derived != nil:
		t.Base, t.Class = ast.Derived, g.Class
		id := l.name(g.Derived)
		t.Kind = &id
	default:
		switch g.Base {
		case "real":
			t.Base = ast.Real
		case "integer":
			t.Base = ast.Integer
		case "logical":
			t.Base = ast.Logical
		case "complex":
			t.Base = ast.Complex
		}
		if g.Kind != nil {
			if g.Kind.Expr != nil {
				t.Kind = l.expr(g.Kind.Expr)
			} else {
				t.Kind = l.expr(g.Kind.Star)
			}
		}
	}
	return t
}

// charLen is the length a character selector gives: len= or the first
// argument without a keyword, or *n / *(len).
func (l *lowerer) charLen(g *gCharSel) *ast.CharLen {
	arg := func(a *gCharArg) *ast.CharLen {
		cl := &ast.CharLen{Star: a.Star, Colon: a.Colon}
		if a.Expr != nil {
			cl.Expr = l.expr(a.Expr)
		}
		return cl
	}
	switch {
	case g.Star != nil && g.Star.Int != nil:
		n, err := strconv.ParseInt(*g.Star.Int, 10, 64)
		if err != nil {
			return nil // too long for any length; sema refuses the character type
		}
		return &ast.CharLen{Expr: &ast.IntLit{Pos: l.ts.span(g.Star.Pos, g.Star.Pos), Value: n, Text: *g.Star.Int}}
	case g.Star != nil && g.Star.Args != nil:
		return arg(g.Star.Args)
	}
	for i, a := range g.Args {
		if a.Keyword != nil && *a.Keyword == "len" || a.Keyword == nil && i == 0 {
			return arg(a)
		}
	}
	return nil
}

func (l *lowerer) dims(gs []*gDim) []ast.DimSpec {
	var ds []ast.DimSpec
	for _, g := range gs {
		var d ast.DimSpec
		switch {
		case g.Colon:
			d.Deferred = true
		case g.Star:
			// assumed size "*": no bounds
		default:
			if g.Hi == nil {
				d.Hi = l.expr(g.Lo)
				break
			}
			d.Lo = l.expr(g.Lo)
			switch {
			case g.Hi.Star:
			case g.Hi.Hi != nil:
				d.Hi = l.expr(g.Hi.Hi)
			default:
				d.Deferred = true // "lo:" assumed shape with a lower bound
			}
		}
		ds = append(ds, d)
	}
	return ds
}

var attrNames = map[string]ast.AttrName{
	"dimension": ast.AttrDimension, "intent": ast.AttrIntent,
	"contiguous": ast.AttrContiguous, "target": ast.AttrTarget,
	"pointer": ast.AttrPointer, "allocatable": ast.AttrAllocatable,
	"value": ast.AttrValue, "parameter": ast.AttrParameter,
	"save": ast.AttrSave, "optional": ast.AttrOptional,
}

func (l *lowerer) attr(g *gAttr) *ast.Attr {
	a := &ast.Attr{Pos: l.ts.span(g.Pos, g.EndPos)}
	switch {
	case g.Word == "intent":
		// The intent(...) alternative did not match: a bad or missing value.
		a.Name, a.Word, a.Intent = ast.AttrIntent, "intent", ast.IntentInOut
		sp := a.Pos
		if len(g.WordArgs) > 0 {
			sp = g.WordArgs[0].A.Pos
		}
		l.fail(codeInvalidIntent, sp, `expected "in", "out" or "inout" in intent(...)`)
	case g.Word == "dimension":
		// The dimension(...) alternative did not match: "dimension()",
		// "dimension(::)", "dimension(len=3)". Without parentheses it is
		// the dimension statement "dimension a(3)", or an error that decl
		// reports.
		a.Name, a.Word = ast.AttrDimension, "dimension"
		if g.WordParen {
			l.fail(codeSyntaxMalformedDimension, a.Pos, "malformed dimension(...) attribute")
		}
	case g.Word != "":
		a.Word = g.Word
		n, ok := attrNames[g.Word]
		if !ok {
			n = ast.AttrOther
		}
		a.Name = n
	case g.Dim:
		a.Name, a.Word = ast.AttrDimension, "dimension"
		a.Dims = l.dims(g.Dims)
	case g.Intent:
		a.Name, a.Word = ast.AttrIntent, "intent"
		switch strings.Join(g.IntentV, " ") {
		case "in":
			a.Intent = ast.IntentIn
		case "out":
			a.Intent = ast.IntentOut
		case "inout", "in out":
			a.Intent = ast.IntentInOut
		default:
			l.fail(codeInvalidIntent, a.Pos, "invalid intent %q", strings.Join(g.IntentV, " "))
			a.Intent = ast.IntentInOut
		}
	}
	return a
}

func (l *lowerer) entity(g *gEntity) *ast.Entity {
	e := &ast.Entity{Pos: l.ts.span(g.Pos, g.EndPos), Name: l.name(g.Name), Dims: l.dims(g.Dims)}
	if g.Init != nil {
		e.Init = l.expr(g.Init.Expr)
		e.PtrInit = g.Init.Op == "=>"
	}
	return e
}

func (l *lowerer) decl(g *gDecl) *ast.Decl {
	d := &ast.Decl{Pos: l.ts.span(g.Pos, g.EndPos), Type: l.typeSpec(g.Type)}
	for _, a := range g.Attrs {
		la := l.attr(a)
		if a.Word == "dimension" && !a.WordParen {
			l.fail(codeSyntaxMalformedDimension, la.Pos, "malformed dimension(...) attribute") // "real, dimension :: c"
		}
		d.Attrs = append(d.Attrs, la)
	}
	for _, e := range g.Entities {
		d.Entities = append(d.Entities, l.entity(e))
	}
	if len(g.Attrs) > 0 && !g.DColon && len(g.Entities) > 0 {
		l.fail(codeSyntaxExpectedDoubleColon, d.Entities[0].Pos, `expected "::" between the attributes and the names`)
	}
	return d
}

// attrStmts lowers an attribute statement. "dimension a(:), b(:,:)" gives
// one AttrStmt per name so each keeps its own dimensions.
func (l *lowerer) attrStmts(g *gAttrStmt) []*ast.AttrStmt {
	sp := l.ts.span(g.Pos, g.EndPos)
	a := l.attr(g.Attr)
	if a.Name == ast.AttrDimension && !g.Attr.Dim {
		var out []*ast.AttrStmt
		for _, e := range g.Entities {
			if len(e.Dims) == 0 {
				l.fail(codeDimensionStatement, l.ts.span(e.Pos, e.EndPos), "%q needs its dimensions in a dimension statement", e.Name.Name)
			}
			a := &ast.Attr{Pos: a.Pos, Name: ast.AttrDimension, Word: "dimension", Dims: l.dims(e.Dims)}
			out = append(out, &ast.AttrStmt{Pos: sp, Attr: a, Names: []ast.Ident{l.name(e.Name)}})
		}
		if len(out) == 0 {
			l.fail(codeDimensionStatement, sp, "dimension statement without names")
		}
		return out
	}
	st := &ast.AttrStmt{Pos: sp, Attr: a}
	for _, e := range g.Entities {
		if len(e.Dims) > 0 || e.Init != nil || e.CharLen != nil {
			l.fail(codeAttributeStatementShape, l.ts.span(e.Pos, e.EndPos), "unexpected dimensions or initialiser in %s %q statement", article(a.Word), a.Word)
		}
		st.Names = append(st.Names, l.name(e.Name))
	}
	return []*ast.AttrStmt{st}
}

func (l *lowerer) use(g *gUse) *ast.Use {
	u := &ast.Use{Pos: l.ts.span(g.Pos, g.EndPos), Module: l.name(g.Module), HasOnly: g.Only}
	rename := func(local, remote *gName) {
		if u.Renames == nil {
			u.Renames = map[string]string{}
		}
		u.Renames[l.name(local).Name] = l.name(remote).Name
	}
	for _, n := range g.Names {
		u.Only = append(u.Only, l.name(n.Name))
		if n.Remote != nil {
			rename(n.Name, n.Remote)
		}
	}
	for _, r := range g.Renames {
		rename(r.Local, r.Remote)
	}
	return u
}

func (l *lowerer) header(g *gHeader) *ast.Subprogram {
	s := &ast.Subprogram{Pos: l.ts.span(g.Pos, g.EndPos), Name: l.name(g.Name)}
	if g.Kind == "function" {
		s.Kind = ast.Function
	}
	for _, p := range g.Prefixes {
		switch {
		case p.Type != nil:
			if s.TypePrefix != nil {
				l.fail(codeTypePrefixTwice, l.ts.at(p.Pos), "more than one type prefix")
			}
			s.TypePrefix = l.typeSpec(p.Type)
		case p.Word == "pure":
			s.Pure = true
		case p.Word == "elemental":
			s.Elemental = true
		case p.Word == "impure":
			s.Impure = true
		case p.Word == "recursive":
			s.Recursive = true
		}
	}
	if s.Kind == ast.Subroutine && s.TypePrefix != nil {
		l.fail(codeSubroutineResult, s.TypePrefix.Pos, "a subroutine cannot have a type")
	}
	for _, a := range g.Args {
		if a.Star {
			l.fail(codeAlternateReturn, s.Pos, "alternate returns are not supported")
			continue
		}
		s.Args = append(s.Args, l.name(a.Name))
	}
	for _, x := range g.Suffixes {
		if x.Result != nil {
			if s.Kind == ast.Subroutine {
				l.fail(codeSubroutineResult, l.ts.at(x.Pos), `a subroutine cannot have a "result"`)
			}
			r := l.name(x.Result)
			s.Result = &r
		}
	}
	return s
}
