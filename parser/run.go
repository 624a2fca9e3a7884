package parser

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/forocl/forocl/diag"
)

// perr is a syntax error in one statement, not yet reported: the builder
// decides whether it becomes a diagnostic or an OtherStmt's Err.
type perr struct {
	code diag.Code // from the table of codes (codes.go)
	span diag.Span
	msg  string
	hint string
	note *diag.NoteMsg
	// always: report even where syntax errors are otherwise kept for sema
	// (a compiler limit, not a matter of the subset).
	always bool
}

func (e *perr) report(l *diag.List) {
	d := l.Error(e.code, e.span, "%s", e.msg)
	if e.hint != "" {
		d.WithHint("%s", e.hint)
	}
	if e.note != nil {
		d.WithNote(e.note.Span, "%s", e.note.Msg)
	}
}

// sliceLexer feeds a token slice to participle.
type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (s *sliceLexer) Next() (lexer.Token, error) {
	if s.i >= len(s.toks) {
		return s.toks[len(s.toks)-1], nil
	}
	t := s.toks[s.i]
	s.i++
	return t, nil
}

func lexPos(p diag.Pos) lexer.Position {
	return lexer.Position{Filename: p.File, Offset: p.Offset, Line: p.Line, Column: p.Col}
}

// toks is the token slice being parsed; it maps participle positions back to
// the tokens' own spans.
type toks []tok

// index returns the index of the first token starting at or after off.
func (ts toks) index(off int) int {
	return sort.Search(len(ts), func(i int) bool { return ts[i].pos.Offset >= off })
}

// at returns the span of the token at participle position p.
func (ts toks) at(p lexer.Position) diag.Span {
	i := ts.index(p.Offset)
	if i < len(ts) && ts[i].pos.Offset == p.Offset {
		return diag.Span{Start: ts[i].pos, End: ts[i].end}
	}
	return diag.At(ts.endPos())
}

// span returns the span from the token at start to the token before end.
func (ts toks) span(start, end lexer.Position) diag.Span {
	s := ts.at(start).Start
	i := ts.index(end.Offset)
	if i == 0 || i > len(ts) {
		return diag.At(s)
	}
	e := ts[i-1].end
	if e.Offset < s.Offset {
		return diag.At(s)
	}
	return diag.Span{Start: s, End: e}
}

// endPos is the position just after the last token.
func (ts toks) endPos() diag.Pos {
	if len(ts) == 0 {
		return diag.Pos{}
	}
	return ts[len(ts)-1].end
}

// orig returns the spelling of the token at p.
func (ts toks) orig(p lexer.Position) string {
	i := ts.index(p.Offset)
	if i < len(ts) && ts[i].pos.Offset == p.Offset {
		return ts[i].orig
	}
	return ""
}

// stmtParse is a statement that participle is parsing: its tokens and
// their kinds, for the expressions in it (Note [expressions in
// statements]). runParse registers it under a key that every token given
// to participle carries in Pos.Filename; classifyAll parses statements in
// parallel, so the registry is shared.
type stmtParse struct {
	ts    toks
	kinds []tokKind
	// syntax is the furthest syntax error the expression parser found;
	// see runParse.
	syntax *perr
}

var (
	stmtParses sync.Map // key -> *stmtParse
	stmtSeq    atomic.Uint64
)

func lookupStmt(key string) *stmtParse {
	st, ok := stmtParses.Load(key)
	if !ok {
		panic("internal error: an expression parsed outside runParse")
	}
	return st.(*stmtParse)
}

// runParse parses ts with p. A syntax error comes back as a *perr.
func runParse[G any](p *participle.Parser[G], ts toks) (g *G, pe *perr) {
	if len(ts) == 0 {
		panic("internal error: runParse of an empty statement") // classify never passes one
	}
	st := &stmtParse{ts: ts, kinds: parseKinds(ts)}
	key := "stmt#" + strconv.FormatUint(stmtSeq.Add(1), 36)
	stmtParses.Store(key, st)
	defer stmtParses.Delete(key)
	pt := make([]lexer.Token, 0, len(ts)+1)
	for i, t := range ts {
		pos := lexPos(t.pos)
		pos.Filename = key
		pt = append(pt, lexer.Token{Type: lexer.TokenType(st.kinds[i]), Value: t.val, Pos: pos})
	}
	end := lexPos(ts.endPos())
	end.Filename = key
	pt = append(pt, lexer.Token{Type: lexer.EOF, Pos: end})
	defer func() {
		// participle panics only on grammar bugs; turn one into an error
		// rather than crash on user input.
		if r := recover(); r != nil {
			g = nil
			pe = &perr{code: diag.InternalError, span: diag.At(ts[0].pos), msg: fmt.Sprintf("internal error: parser panic: %v", r)}
		}
	}()
	peek, err := lexer.Upgrade(&sliceLexer{toks: pt})
	if err != nil {
		return nil, &perr{code: diag.InternalError, span: diag.At(ts[0].pos), msg: "internal error: " + err.Error()}
	}
	g, err = p.ParseFromLexer(peek)
	if err != nil {
		// An expression's syntax error may make participle backtrack and
		// fail earlier, at text that is fine ("real :: c(n, m - )" would
		// blame the ","); like participle, prefer the furthest error.
		pe = convertErr(err, ts)
		if st.syntax != nil && st.syntax.span.Start.Offset >= pe.span.Start.Offset {
			pe = st.syntax
		}
		return nil, pe
	}
	return g, nil
}

// parseKinds returns the token kinds the parsers see: the scanner's,
// except that a prefix "+", "-" or ".not." is Unary and a name followed by
// "=" right after "(" or "," inside brackets is KwName.
func parseKinds(ts toks) []tokKind {
	kinds := make([]tokKind, len(ts))
	depth := 0
	for i, t := range ts {
		k := t.kind
		depth += bracketOf(t)
		switch {
		case t.kind == tDotOp && t.val == ".not.":
			k = tUnary
		case t.kind == tOp && (t.val == "+" || t.val == "-") && prefixPosition(ts, i):
			k = tUnary
		case t.kind == tIdent && depth > 0 && isPunct(ts, i+1, "=") && i > 0 && (isPunct(ts, i-1, "(") || isPunct(ts, i-1, ",")):
			k = tKwName
		}
		kinds[i] = k
	}
	return kinds
}

// convertErr turns a participle error into a compiler-grade message.
func convertErr(err error, ts toks) *perr {
	var ee *exprError
	if errors.As(err, &ee) {
		return ee.pe
	}
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		exp := expectText(ute.Expect)
		if ute.Unexpected.Type == lexer.EOF {
			code, msg := codeSyntaxUnexpectedEnd, "unexpected end of statement"
			if exp != "" {
				code, msg = codeSyntaxUnexpectedToken, "expected "+exp
			}
			return &perr{code: code, span: diag.At(ts.endPos()), msg: msg}
		}
		msg := fmt.Sprintf("unexpected %s", describe(ts, ute.Unexpected.Pos))
		if exp != "" {
			msg += "; expected " + exp
		}
		return &perr{code: codeSyntaxUnexpectedToken, span: ts.at(ute.Unexpected.Pos), msg: msg}
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		sp := ts.at(pe.Position())
		msg := pe.Message()
		if strings.HasPrefix(msg, "unexpected token") {
			msg = fmt.Sprintf("unexpected %s", describe(ts, pe.Position()))
		}
		if !sp.IsValid() || pe.Position().Offset >= ts.endPos().Offset {
			return &perr{code: codeSyntaxUnexpectedEnd, span: diag.At(ts.endPos()), msg: "unexpected end of statement"}
		}
		return &perr{code: codeSyntaxUnexpectedToken, span: sp, msg: msg}
	}
	return &perr{code: codeSyntaxUnexpectedToken, span: diag.At(ts[0].pos), msg: err.Error()}
}

// describe names the token at p for a message.
func describe(ts toks, p lexer.Position) string {
	i := ts.index(p.Offset)
	if i >= len(ts) || ts[i].pos.Offset != p.Offset {
		return "end of statement"
	}
	return describeTok(ts[i])
}

// expectText keeps participle's expectation only when it is one literal
// token, which reads well ("expected \")\""); grammar-internal EBNF does not.
func expectText(e string) string {
	if len(e) >= 3 && e[0] == '"' && e[len(e)-1] == '"' && !strings.ContainsAny(e[1:len(e)-1], "\" |") {
		return e
	}
	return ""
}

// prefixPosition reports whether the "+" or "-" at ts[i] is a prefix
// operator: it starts the tokens or follows an operator or an opening
// bracket, comma, colon or "=".
func prefixPosition(ts toks, i int) bool {
	if i == 0 {
		return true
	}
	p := ts[i-1]
	switch p.kind {
	case tOp, tDotOp:
		return true
	case tPunct:
		return bracketOf(p) >= 0
	}
	return false
}
