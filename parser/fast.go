package parser

import "github.com/alecthomas/participle/v2/lexer"

// Note [fast path]: participle costs tens of microseconds a statement
// (every alternative it tries allocates), and most statements are
// assignments. The expression part of the grammar (gExpr and what it
// holds) is LL(1): every alternative starts with a token of its own. So
// fastParser, a recursive-descent parser over the same token kinds
// (parseKinds), builds the very structs participle would, positions
// included, and lowering does not know which parser ran. It never reports
// an error: on any token it does not expect it gives up, and participle
// parses the statement again and words the error. TestFastPathAgrees and
// FuzzFastPath check that the two accept the same token sequences and
// build identical trees for them.

// fastParser parses ts, whose kinds are those participle sees.
type fastParser struct {
	ts    toks
	kinds []tokKind
	i     int
}

func newFastParser(ts toks) *fastParser {
	return &fastParser{ts: ts, kinds: parseKinds(ts)}
}

// is reports whether the next token is the punctuation v; participle
// matches a quoted literal by its value.
func (p *fastParser) is(v string) bool {
	return p.i < len(p.ts) && p.ts[p.i].val == v && p.kinds[p.i] == tPunct
}

func (p *fastParser) kind() tokKind {
	if p.i < len(p.ts) {
		return p.kinds[p.i]
	}
	return tEOF
}

func (p *fastParser) pos() lexer.Position { return lexPos(p.ts[p.i].pos) }

// value returns the next token's value and consumes it.
func (p *fastParser) value() *string {
	v := p.ts[p.i].val
	p.i++
	return &v
}

// startsExpr reports whether the next token can start an operand.
func (p *fastParser) startsExpr() bool {
	switch p.kind() {
	case tUnary, tIdent, tInt, tReal, tString, tLogical:
		return true
	}
	return p.is("(") || p.is("[") || p.is("(/")
}

// fastExpr parses all of ts as one expression; ok is false when the fast
// path gives up.
func fastExpr(ts toks) (g *gExpr, ok bool) {
	p := newFastParser(ts)
	g = p.expr()
	return g, g != nil && p.i == len(ts)
}

// fastAssign parses all of ts as "name[(args)] =|=> expr".
func fastAssign(ts toks) (*gAssign, bool) {
	p := newFastParser(ts)
	if p.kind() != tIdent {
		return nil, false
	}
	g := &gAssign{Pos: p.pos(), EndPos: lexPos(ts.endPos())}
	if g.LHS = p.nameRef(); g.LHS == nil || !p.is("=") && !p.is("=>") {
		return nil, false
	}
	g.Op = *p.value()
	if g.RHS = p.expr(); g.RHS == nil || p.i != len(ts) {
		return nil, false
	}
	return g, true
}

// expr is gExpr: operand (Op operand)*.
func (p *fastParser) expr() *gExpr {
	x := p.operand()
	if x == nil {
		return nil
	}
	g := &gExpr{X: x}
	for p.kind() == tOp {
		r := &gBinR{Pos: p.pos(), Op: *p.value()}
		if r.Y = p.operand(); r.Y == nil {
			return nil
		}
		g.Rest = append(g.Rest, r)
	}
	return g
}

// operand is gOperand: Unary* and a primary.
func (p *fastParser) operand() *gOperand {
	if p.i >= len(p.ts) {
		return nil
	}
	o := &gOperand{Pos: p.pos()}
	for p.kind() == tUnary {
		o.Unary = append(o.Unary, *p.value())
	}
	switch {
	case p.kind() == tIdent:
		if o.Name = p.nameRef(); o.Name == nil {
			return nil
		}
	case p.kind() == tInt:
		o.Int = p.value()
	case p.kind() == tReal:
		o.Real = p.value()
	case p.is("("):
		p.i++
		if o.Paren = p.expr(); o.Paren == nil || !p.is(")") {
			return nil
		}
		p.i++
	case p.is("["), p.is("(/"):
		if o.Cons = p.cons(); o.Cons == nil {
			return nil
		}
	case p.kind() == tString:
		o.Str = p.value()
	case p.kind() == tLogical:
		o.Logical = p.value()
	default:
		return nil
	}
	return o
}

// cons is gCons: "[" [expr {"," expr}] "]" or the same in "(/" "/)".
func (p *fastParser) cons() *gCons {
	g := &gCons{Square: p.is("[")}
	closer := "/)"
	if g.Square {
		closer = "]"
	}
	p.i++
	var elems []*gExpr
	if !p.is(closer) {
		for {
			e := p.expr()
			if e == nil {
				return nil
			}
			elems = append(elems, e)
			if !p.is(",") {
				break
			}
			p.i++
		}
	}
	if !p.is(closer) {
		return nil
	}
	p.i++
	if g.Square {
		g.SqElems = elems
	} else {
		g.SlElems = elems
	}
	return g
}

// nameRef is gNameRef: Ident ["(" [arg {"," arg}] ")"].
func (p *fastParser) nameRef() *gNameRef {
	g := &gNameRef{Pos: p.pos(), Name: *p.value()}
	if !p.is("(") {
		return g
	}
	p.i++
	g.HasArgs = true
	if !p.is(")") {
		for {
			a := p.arg()
			if a == nil {
				return nil
			}
			g.Args = append(g.Args, a)
			if !p.is(",") {
				break
			}
			p.i++
		}
	}
	if !p.is(")") {
		return nil
	}
	p.i++
	return g
}

// arg is gArg: [KwName "="] (expr [tail] | tail).
func (p *fastParser) arg() *gArg {
	if p.i >= len(p.ts) {
		return nil
	}
	g := &gArg{Pos: p.pos()}
	if p.kind() == tKwName {
		g.Keyword = p.value()
		if !p.is("=") {
			return nil
		}
		p.i++
	}
	if p.is(":") || p.is("::") {
		if g.Only = p.tail(); g.Only == nil {
			return nil
		}
		return g
	}
	if g.Lo = p.expr(); g.Lo == nil {
		return nil
	}
	if p.is(":") || p.is("::") {
		if g.Colon = p.tail(); g.Colon == nil {
			return nil
		}
	}
	return g
}

// tail is gTail: "::" [expr] or ":" [expr] [":" [expr]]; the next token
// is ":" or "::".
func (p *fastParser) tail() *gTail {
	g := &gTail{}
	opt := func() (*gExpr, bool) {
		if !p.startsExpr() {
			return nil, true
		}
		x := p.expr()
		return x, x != nil
	}
	ok := true
	if p.is("::") {
		p.i++
		g.DColon = true
		g.Stride2, ok = opt()
	} else {
		p.i++
		g.Colon = true
		if g.Hi, ok = opt(); ok && p.is(":") {
			p.i++
			g.Stride, ok = opt()
		}
	}
	if !ok {
		return nil
	}
	return g
}
