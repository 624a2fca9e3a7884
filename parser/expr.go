package parser

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// Note [expressions]: every expression is parsed here, by exprParser, a
// hand-written precedence-climbing parser over the scanner's tokens that
// builds ast nodes with their exact spans in one pass. Its grammar is
//
//	expr    = operand { binop operand }
//	operand = { sign | ".not." } primary
//	primary = name [ "(" [ arg { "," arg } ] ")" ] | literal
//	        | "(" expr ")" | "[" [ expr { "," expr } ] "]" | "(/" ... "/)"
//	arg     = [ keyword "=" ] ( expr [ tail ] | tail )
//	tail    = "::" [ expr ] | ":" [ expr ] [ ":" [ expr ] ]
//
// and operators bind as Note [operator precedence] says. Two token kinds
// depend on context and are marked by one pass over the statement
// (parseKinds): a "+" or "-" in prefix position is a sign (tUnary), and a
// name followed by "=" right after "(" or "," inside brackets is a keyword
// (tKwName). Assignments and call statements are parsed here whole; the
// participle grammar of the other statements hands each expression to this
// parser (gExpr, gArg: Note [expressions in statements]).
//
// Errors come in two tiers. A syntax error stops the parse at once (bail)
// and is the statement's error. Errors found in well-formed text (an
// integer literal that is too large, chained relational operators, an
// expression nested too deeply) are deferred: the first is kept in err and
// reported only when the statement has no syntax error, so
// "x = 99999999999999999999 +" reports the missing operand.

// Note [operator precedence]: Fortran's operators, from loosest to
// tightest binding, are .eqv./.neqv., .or., .and., .not. (unary),
// relational (== /= < <= > >= and .eq. ...; not associative), // , binary
// + and -, * and /, and ** (right-associative). A sign at the start of an
// expression, or after a relational, logical or // operator, applies to a
// whole add-operand: "-a**2" is -(a**2) and "-a*b" is -(a*b). As an
// extension (gfortran accepts it with a warning) a sign may also follow an
// arithmetic operator and then applies to a factor: "a*-b" is a*(-b) and
// "a**-b**c" is a**(-(b**c)). climb implements this by precedence climbing.
// User-defined operators (".foo.") are not supported: they are syntax
// errors.

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

var opNames = map[string]string{
	".eq.": "==", ".ne.": "/=", ".lt.": "<", ".le.": "<=", ".gt.": ">", ".ge.": ">=",
}

func normOp(op string) string {
	if n, ok := opNames[op]; ok {
		return n
	}
	return op
}

// exprParser parses expressions from ts[i:]; kinds are ts's kinds as
// parseKinds marks them. Brackets are balanced (checkBrackets ran first).
type exprParser struct {
	ts    toks
	kinds []tokKind
	i     int
	err   *perr // the first deferred error
	deep  int   // climb depth within the innermost bracketed expression
	start int   // index of the first token of the operand being read
}

func newExprParser(ts toks) *exprParser {
	return &exprParser{ts: ts, kinds: parseKinds(ts)}
}

// bailout is the panic value that carries a syntax error out of the parse;
// catch turns it back into the error.
type bailout struct{ e *perr }

func (p *exprParser) bail(e *perr) { panic(bailout{e}) }

func catch(pe **perr) {
	if r := recover(); r != nil {
		b, ok := r.(bailout)
		if !ok {
			panic(r)
		}
		*pe = b.e
	}
}

// fail records a deferred error; the first one wins.
func (p *exprParser) fail(code diag.Code, sp diag.Span, format string, args ...any) {
	if p.err == nil {
		p.err = &perr{code: code, span: sp, msg: fmt.Sprintf(format, args...)}
	}
}

func (p *exprParser) kind() tokKind {
	if p.i < len(p.ts) {
		return p.kinds[p.i]
	}
	return tEOF
}

// is reports whether the next token is the punctuation v.
func (p *exprParser) is(v string) bool {
	return p.i < len(p.ts) && p.kinds[p.i] == tPunct && p.ts[p.i].val == v
}

// startsExpr reports whether the next token can start an operand.
func (p *exprParser) startsExpr() bool {
	switch p.kind() {
	case tUnary, tIdent, tInt, tReal, tString, tLogical:
		return true
	}
	return p.is("(") || p.is("[") || p.is("(/")
}

// unexpected bails out at the next token.
func (p *exprParser) unexpected() {
	if p.i >= len(p.ts) {
		p.bail(&perr{code: codeSyntaxUnexpectedEnd, span: diag.At(p.ts.endPos()), msg: "unexpected end of statement"})
	}
	p.bail(&perr{code: codeSyntaxUnexpectedToken, span: tokSpan(p.ts[p.i]), msg: "unexpected " + describeTok(p.ts[p.i])})
}

// describeTok names a token for a message.
func describeTok(t tok) string {
	o := t.orig
	if len(o) > 40 {
		o = o[:37] + "..."
	}
	return fmt.Sprintf("%q", o)
}

func (p *exprParser) expect(v string) {
	if !p.is(v) {
		p.unexpected()
	}
	p.i++
}

// span is the span of tokens i..j.
func (p *exprParser) span(i, j int) diag.Span {
	return diag.Span{Start: p.ts[i].pos, End: p.ts[j].end}
}

// expr parses an expression. Each bracketed expression counts its own
// depth, so the limit is on operator nesting, not on the statement.
func (p *exprParser) expr() ast.Expr {
	deep, start := p.deep, p.start
	p.deep, p.start = 0, p.i
	x := p.climb(0, false)
	p.deep, p.start = deep, start
	return x
}

// climb parses operators binding at least as tight as minPrec. arith says
// the operand follows an arithmetic operator (see Note [operator
// precedence]).
func (p *exprParser) climb(minPrec int, arith bool) ast.Expr {
	p.deep++
	defer func() { p.deep-- }()
	if p.deep > 4*maxDepth {
		sp := tokSpan(p.ts[p.start])
		p.fail(codeSyntaxNestingTooDeep, sp, "expression nested too deeply")
		p.err.always = true
		p.skipChain()
		return &ast.BadExpr{Pos: sp}
	}
	left := p.unary(arith)
	for p.kind() == tOp {
		prec := binPrec[p.ts[p.i].val]
		if prec < minPrec {
			return left
		}
		op := p.i
		p.i++
		p.start = p.i
		var right ast.Expr
		if prec == precPow {
			right = p.climb(precPow, true) // right-associative
		} else {
			right = p.climb(prec+1, prec >= precAdd)
		}
		left = &ast.Binary{Pos: spanOf(left, right), Op: normOp(p.ts[op].val), OpPos: tokSpan(p.ts[op]), X: left, Y: right}
		if prec == precRel && minPrec <= precRel && p.kind() == tOp && binPrec[p.ts[p.i].val] == precRel {
			p.fail(codeSyntaxChainedRelational, tokSpan(p.ts[p.i]), "relational operators cannot be chained; write \"(a < b) .and. (b < c)\"")
		}
	}
	return left
}

// skipChain reads the rest of an operator chain without building it, after
// climb gave up on its depth; syntax errors in it are still found.
func (p *exprParser) skipChain() {
	for {
		for p.kind() == tUnary {
			p.i++
		}
		p.primary()
		if p.kind() != tOp {
			return
		}
		p.i++
	}
}

// unary reads one prefix operator and what it applies to, or a primary.
func (p *exprParser) unary(arith bool) ast.Expr {
	if p.kind() != tUnary {
		return p.primary()
	}
	t := p.ts[p.i]
	p.i++
	var x ast.Expr
	switch {
	case t.val == ".not.":
		x = p.climb(precNot+1, false)
	case arith:
		x = p.climb(precPow, true)
	default:
		x = p.climb(precAdd+1, false)
	}
	return &ast.Unary{Pos: diag.Span{Start: t.pos, End: x.Span().End}, Op: t.val, X: x}
}

func (p *exprParser) primary() ast.Expr {
	if p.i >= len(p.ts) {
		p.unexpected()
	}
	t := p.ts[p.i]
	switch p.kinds[p.i] {
	case tIdent:
		return p.nameRef()
	case tInt:
		p.i++
		return p.intLit(tokSpan(t), t.orig)
	case tReal:
		p.i++
		return p.realLit(tokSpan(t), t.orig)
	case tString:
		p.i++
		return &ast.StringLit{Pos: tokSpan(t), Value: unquote(t.val)}
	case tLogical:
		p.i++
		return &ast.LogicalLit{Pos: tokSpan(t), Value: strings.HasPrefix(t.val, ".true.")}
	case tPunct:
		switch t.val {
		case "(":
			i := p.i
			p.i++
			x := p.expr()
			p.expect(")")
			return &ast.Paren{Pos: p.span(i, p.i-1), X: x}
		case "[", "(/":
			i := p.i
			p.i++
			c := &ast.ArrayCons{Elems: []ast.Expr{}}
			if closer := closerOf(t.val); !p.is(closer) {
				c.Elems = list(p, c.Elems, p.expr)
				p.expect(closer)
			} else {
				p.i++
			}
			c.Pos = p.span(i, p.i-1)
			return c
		}
	}
	p.unexpected()
	panic("unreachable")
}

// list parses item { "," item }.
func list[T any](p *exprParser, xs []T, item func() T) []T {
	for {
		xs = append(xs, item())
		if !p.is(",") {
			return xs
		}
		p.i++
	}
}

// nameRef parses a name and its argument list, if any; the next token is
// the name.
func (p *exprParser) nameRef() ast.Expr {
	i := p.i
	t := p.ts[i]
	p.i++
	id := ast.Ident{Pos: tokSpan(t), Name: t.val, Orig: t.orig}
	var c *ast.Call
	for {
		if p.is("(") {
			if c != nil {
				p.fail(codeComponentSubscripts, tokSpan(p.ts[p.i]), "%s is subscripted twice; forocl takes subscripts on a structure array or on its component, not both", id.Orig)
			}
			p.i++
			c = &ast.Call{Args: []ast.Arg{}}
			if !p.is(")") {
				c.Args = list(p, c.Args, p.arg)
			}
			p.expect(")")
		}
		if !p.is("%") || p.i+1 >= len(p.ts) || p.kinds[p.i+1] != tIdent {
			break
		}
		// Note [component references]
		n := p.ts[p.i+1]
		id = ast.Ident{Pos: p.span(i, p.i+1), Name: id.Name + "%" + n.val, Orig: id.Orig + "%" + n.orig}
		if c != nil {
			c.BaseSubs = true
		}
		p.i += 2
	}
	if c == nil {
		return &id
	}
	c.Name = id
	c.Pos = p.span(i, p.i-1)
	return c
}

// startsArg reports whether the next token can start an argument.
func (p *exprParser) startsArg() bool {
	return p.kind() == tKwName || p.is(":") || p.is("::") || p.startsExpr()
}

// arg parses an actual argument, keyword argument or section triplet.
func (p *exprParser) arg() ast.Arg {
	start := p.i
	var a ast.Arg
	if p.kind() == tKwName {
		t := p.ts[p.i]
		a.Keyword = &ast.Ident{Pos: tokSpan(t), Name: t.val, Orig: t.orig}
		p.i++
		p.expect("=")
	}
	var lo ast.Expr
	if !p.is(":") && !p.is("::") {
		lo = p.expr()
	}
	opt := func() ast.Expr {
		if p.startsExpr() {
			return p.expr()
		}
		return nil
	}
	switch {
	case p.is("::"):
		p.i++
		a.Section, a.Lo, a.Stride = true, lo, opt()
	case p.is(":"):
		p.i++
		a.Section, a.Lo, a.Hi = true, lo, opt()
		if p.is(":") {
			p.i++
			a.Stride = opt()
		}
	default:
		a.Value = lo
	}
	a.Pos = p.span(start, p.i-1)
	return a
}

func spanOf(x, y ast.Node) diag.Span {
	a, b := x.Span(), y.Span()
	end := b.End
	if !end.IsValid() {
		end = b.Start
	}
	return diag.Span{Start: a.Start, End: end}
}

// splitKind splits "1.0_dp" into "1.0" and "dp".
func splitKind(text string) (string, string) {
	if i := strings.IndexByte(text, '_'); i >= 0 {
		return text[:i], strings.ToLower(text[i+1:])
	}
	return text, ""
}

func (p *exprParser) intLit(sp diag.Span, text string) ast.Expr {
	digits, kind := splitKind(text)
	v, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		p.fail(codeIntegerLiteralTooLarge, sp, "integer literal %s is too large", digits)
	}
	return &ast.IntLit{Pos: sp, Value: v, Text: text, Kind: kind}
}

func (p *exprParser) realLit(sp diag.Span, text string) ast.Expr {
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
		p.fail(codeRealLiteralOutOfRange, sp, "real literal %s is out of range", text)
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

// parseAll runs parse over all of ts (brackets balanced). It returns what
// parse built, or the syntax error if there is one, else the deferred
// error.
func parseAll[T any](ts toks, parse func(p *exprParser) T) (x T, pe *perr) {
	p := newExprParser(ts)
	func() {
		defer catch(&pe)
		x = parse(p)
		if p.i < len(ts) {
			p.unexpected()
		}
	}()
	if pe == nil {
		pe = p.err
	}
	if pe != nil {
		var zero T
		return zero, pe
	}
	return x, nil
}

// parseExpr parses all of ts as one expression.
func parseExpr(ts toks) (ast.Expr, *perr) {
	if e := checkBrackets(ts); e != nil {
		return nil, e
	}
	return parseAll(ts, (*exprParser).expr)
}

// parseAssign parses all of ts as "name[(args)] =|=> expr". Brackets are
// balanced.
func parseAssign(ts toks) (*ast.AssignStmt, *perr) {
	return parseAll(ts, func(p *exprParser) *ast.AssignStmt {
		if p.kind() != tIdent {
			p.unexpected()
		}
		lhs := p.nameRef()
		ptr := p.is("=>")
		if !ptr && !p.is("=") {
			p.unexpected()
		}
		p.i++
		return &ast.AssignStmt{Pos: rangeSpan(ts), LHS: lhs, RHS: p.expr(), Pointer: ptr}
	})
}

// parseCall parses all of ts as "call name[(args)]". Brackets are
// balanced.
func parseCall(ts toks) (*ast.CallStmt, *perr) {
	return parseAll(ts, func(p *exprParser) *ast.CallStmt {
		p.i++ // "call"
		if p.kind() != tIdent {
			p.unexpected()
		}
		s := &ast.CallStmt{Pos: rangeSpan(ts)}
		switch x := p.nameRef().(type) {
		case *ast.Ident:
			s.Name = *x
		case *ast.Call:
			s.Name, s.Args = x.Name, x.Args
		}
		return s
	})
}
