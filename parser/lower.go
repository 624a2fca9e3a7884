package parser

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// lowerer turns participle structs into ast nodes. It remembers the first
// semantic error it meets in a literal (an out-of-range integer, say).
type lowerer struct {
	ts    toks
	err   *perr
	match []int // match[i] is the index of the bracket closing ts[i]; built on first use
}

// closer returns the index of the bracket that closes the opening bracket at
// ts[i] (the brackets are balanced: checkBrackets ran before parsing).
func (l *lowerer) closer(i int) int {
	if l.match == nil {
		l.match = make([]int, len(l.ts))
		var stack []int
		for j, t := range l.ts {
			l.match[j] = j
			if t.kind != tPunct {
				continue
			}
			switch t.val {
			case "(", "(/", "[":
				stack = append(stack, j)
			case ")", "/)", "]":
				if n := len(stack); n > 0 {
					l.match[stack[n-1]] = j
					stack = stack[:n-1]
				}
			}
		}
	}
	if i < 0 || i >= len(l.ts) {
		return len(l.ts) - 1
	}
	return l.match[i]
}

// idx returns the index of the token at participle position p.
func (l *lowerer) idx(p lexer.Position) int {
	i := l.ts.index(p.Offset)
	if i >= len(l.ts) {
		return len(l.ts) - 1
	}
	return i
}

// tspan is the span of tokens i..j.
func (l *lowerer) tspan(i, j int) diag.Span {
	if i < 0 || i >= len(l.ts) {
		return diag.At(l.ts.endPos())
	}
	if j < i || j >= len(l.ts) {
		j = i
	}
	return diag.Span{Start: l.ts[i].pos, End: l.ts[j].end}
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

func spanOf(x, y ast.Node) diag.Span {
	a, b := x.Span(), y.Span()
	end := b.End
	if !end.IsValid() {
		end = b.Start
	}
	return diag.Span{Start: a.Start, End: end}
}

func (l *lowerer) binary(op string, opPos lexer.Position, x, y ast.Expr) ast.Expr {
	return &ast.Binary{Pos: spanOf(x, y), Op: normOp(op), OpPos: l.ts.at(opPos), X: x, Y: y}
}

var opNames = map[string]string{
	".eq.": "==", ".ne.": "/=", ".lt.": "<", ".le.": "<=", ".gt.": ">", ".ge.": ">=",
}

func normOp(op string) string {
	if n, ok := opNames[op]; ok {
		return n
	}
	return op
}

// Note [operator precedence]: Fortran's operators, from loosest to
// tightest binding, are .eqv./.neqv., .or., .and., .not. (unary),
// relational (== /= < <= > >= and .eq. ...; not associative), // , binary
// + and -, * and /, and ** (right-associative). A sign at the start of an
// expression, or after a relational, logical or // operator, applies to a
// whole add-operand: "-a**2" is -(a**2) and "-a*b" is -(a*b). As an
// extension (gfortran accepts it with a warning) a sign may also follow an
// arithmetic operator and then applies to a factor: "a*-b" is a*(-b) and
// "a**-b**c" is a**(-(b**c)). lowerExpr implements this by precedence
// climbing over the flat operand/operator list of gExpr.

const (
	precEqv = 1 + iota
	precOr
	precAnd
	precNot
	precRel
	precConcat
	precAdd
	precMul
	precPow
)

var binPrec = map[string]int{
	".eqv.": precEqv, ".neqv.": precEqv, ".or.": precOr, ".and.": precAnd,
	"==": precRel, "/=": precRel, "<": precRel, "<=": precRel, ">": precRel, ">=": precRel,
	".eq.": precRel, ".ne.": precRel, ".lt.": precRel, ".le.": precRel, ".gt.": precRel, ".ge.": precRel,
	"//": precConcat, "+": precAdd, "-": precAdd, "*": precMul, "/": precMul, "**": precPow,
}

// climber walks the operands and operators of one gExpr.
type climber struct {
	l    *lowerer
	g    *gExpr
	op   int // index of the operand being read; its operator is g.Rest[op-1]
	un   int // prefix operators of operand op already consumed
	deep int
}

func (l *lowerer) expr(g *gExpr) ast.Expr {
	c := &climber{l: l, g: g}
	return c.climb(0, false)
}

func (c *climber) operand() *gOperand {
	if c.op == 0 {
		return c.g.X
	}
	return c.g.Rest[c.op-1].Y
}

// nextOp returns the binary operator after the current operand, if any.
func (c *climber) nextOp() *gBinR {
	if c.op < len(c.g.Rest) {
		return c.g.Rest[c.op]
	}
	return nil
}

// climb parses operators binding at least as tight as minPrec. arith says
// the operand follows an arithmetic operator (see the Note).
func (c *climber) climb(minPrec int, arith bool) ast.Expr {
	c.deep++
	defer func() { c.deep-- }()
	if c.deep > 4*maxDepth {
		sp := c.l.ts.at(c.operand().Pos)
		c.l.fail(codeSyntaxNestingTooDeep, sp, "expression nested too deeply")
		c.l.err.always = true
		return &ast.BadExpr{Pos: sp}
	}
	left := c.unary(arith)
	for {
		r := c.nextOp()
		if r == nil {
			return left
		}
		p := binPrec[r.Op]
		if p < minPrec {
			return left
		}
		c.op++
		c.un = 0
		var right ast.Expr
		if p == precPow {
			right = c.climb(precPow, true) // right-associative
		} else {
			right = c.climb(p+1, p >= precAdd)
		}
		left = c.l.binary(r.Op, r.Pos, left, right)
		if p == precRel {
			if r2 := c.nextOp(); r2 != nil && binPrec[r2.Op] == precRel && minPrec <= precRel {
				c.l.fail(codeSyntaxChainedRelational, c.l.ts.at(r2.Pos), "relational operators cannot be chained; write \"(a < b) .and. (b < c)\"")
			}
		}
	}
}

// unary reads the prefix operators of the current operand and its primary.
func (c *climber) unary(arith bool) ast.Expr {
	o := c.operand()
	if c.un < len(o.Unary) {
		op := o.Unary[c.un]
		opIdx := c.l.ts.index(o.Pos.Offset) + c.un
		c.un++
		var x ast.Expr
		switch {
		case op == ".not.":
			x = c.climb(precNot+1, false)
		case arith:
			x = c.climb(precPow, true)
		default:
			x = c.climb(precAdd+1, false)
		}
		start := c.l.ts[min(opIdx, len(c.l.ts)-1)].pos
		return &ast.Unary{Pos: diag.Span{Start: start, End: x.Span().End}, Op: op, X: x}
	}
	return c.l.primary(o, c.l.idx(o.Pos)+len(o.Unary))
}

// primary lowers the primary of g, whose first token is ts[i].
func (l *lowerer) primary(g *gOperand, i int) ast.Expr {
	sp := l.tspan(i, i)
	switch {
	case g.Name != nil:
		return l.nameRef(g.Name)
	case g.Int != nil:
		return l.intLit(sp, l.ts[i].orig)
	case g.Real != nil:
		return l.realLit(sp, l.ts[i].orig)
	case g.Str != nil:
		return &ast.StringLit{Pos: sp, Value: unquote(*g.Str)}
	case g.Logical != nil:
		return &ast.LogicalLit{Pos: sp, Value: strings.HasPrefix(*g.Logical, ".true.")}
	case g.Cons != nil:
		elems := g.Cons.SlElems
		if g.Cons.Square {
			elems = g.Cons.SqElems
		}
		c := &ast.ArrayCons{Pos: l.tspan(i, l.closer(i)), Elems: []ast.Expr{}}
		for _, e := range elems {
			c.Elems = append(c.Elems, l.expr(e))
		}
		return c
	case g.Paren != nil:
		return &ast.Paren{Pos: l.tspan(i, l.closer(i)), X: l.expr(g.Paren)}
	}
	panic("internal error: empty primary")
}

func (l *lowerer) nameRef(g *gNameRef) ast.Expr {
	i := l.idx(g.Pos)
	id := ast.Ident{Pos: l.tspan(i, i), Name: g.Name, Orig: l.ts[i].orig}
	if !g.HasArgs {
		return &id
	}
	c := &ast.Call{Pos: l.tspan(i, l.closer(i+1)), Name: id, Args: []ast.Arg{}}
	for _, a := range g.Args {
		c.Args = append(c.Args, l.arg(a))
	}
	return c
}

// argSpan is the span of the argument starting at ts[i]: up to the "," or
// closing bracket that ends it.
func (l *lowerer) argSpan(i int) diag.Span {
	j := i
	for j < len(l.ts) {
		t := l.ts[j]
		if t.kind == tPunct {
			switch t.val {
			case "(", "(/", "[":
				j = l.closer(j) + 1
				continue
			case ",", ")", "/)", "]":
				return l.tspan(i, j-1)
			}
		}
		j++
	}
	return l.tspan(i, len(l.ts)-1)
}

func (l *lowerer) arg(g *gArg) ast.Arg {
	i := l.idx(g.Pos)
	a := ast.Arg{Pos: l.argSpan(i)}
	if g.Keyword != nil {
		id := ast.Ident{Pos: l.tspan(i, i), Name: *g.Keyword, Orig: l.ts[i].orig}
		a.Keyword = &id
	}
	var lo ast.Expr
	if g.Lo != nil {
		lo = l.expr(g.Lo)
	}
	t := g.Colon
	if g.Only != nil {
		t = g.Only
	}
	if t == nil {
		a.Value = lo
		return a
	}
	a.Section = true
	a.Lo = lo
	if t.DColon {
		if t.Stride2 != nil {
			a.Stride = l.expr(t.Stride2)
		}
		return a
	}
	if t.Hi != nil {
		a.Hi = l.expr(t.Hi)
	}
	if t.Stride != nil {
		a.Stride = l.expr(t.Stride)
	}
	return a
}

// splitKind splits "1.0_dp" into "1.0" and "dp".
func splitKind(text string) (string, string) {
	if i := strings.IndexByte(text, '_'); i >= 0 {
		return text[:i], strings.ToLower(text[i+1:])
	}
	return text, ""
}

func (l *lowerer) intLit(sp diag.Span, text string) ast.Expr {
	digits, kind := splitKind(text)
	v, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		l.fail(codeIntegerLiteralTooLarge, sp, "integer literal %s is too large", digits)
	}
	return &ast.IntLit{Pos: sp, Value: v, Text: text, Kind: kind}
}

func (l *lowerer) realLit(sp diag.Span, text string) ast.Expr {
	num, kind := splitKind(text)
	double := strings.ContainsAny(num, "dD")
	f := strings.Map(func(r rune) rune {
		switch r {
		case 'd', 'D', 'q', 'Q':
			return 'e'
		}
		return r
	}, num)
	v, err := strconv.ParseFloat(f, 64)
	switch {
	case math.IsInf(v, 0):
		l.fail(codeRealLiteralOutOfRange, sp, "real literal %s is out of range", text)
	case err != nil:
		// The lexer makes real tokens only of digits, ".", an exponent and
		// a kind, which ParseFloat reads; underflow gives 0 without error.
		panic(fmt.Sprintf("internal error: real literal %q: %v", text, err))
	}
	return &ast.RealLit{Pos: sp, Value: v, Text: text, Double: double, Kind: kind}
}

// unquote decodes a Fortran string token: strips the quotes and undoubles
// embedded ones.
func unquote(s string) string {
	if len(s) < 2 {
		return ""
	}
	q := s[:1]
	return strings.ReplaceAll(s[1:len(s)-1], q+q, q)
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
			for _, a := range g.CharSel.Args {
				if a.Keyword != nil && *a.Keyword == "kind" && a.Expr != nil {
					t.Kind = l.expr(a.Expr)
				}
			}
		}
	case g.Derived != nil:
		t.Base = ast.Derived
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
			sp = l.argSpan(l.idx(g.WordArgs[0].Pos))
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
	for _, n := range g.Names {
		u.Only = append(u.Only, l.name(n.Name))
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
