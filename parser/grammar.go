package parser

import (
	"errors"
	"io"

	"github.com/forocl/forocl/ast"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar of the statements other than assignments and
// calls (declarations, attribute, use and subprogram statements). It parses
// one statement at a time from the tokens of the hand-written scanner and
// has no expression grammar: expressions come from expr.go (Note
// [expressions in statements]). The block structure (units, where/if
// constructs) is assembled by the builder in build.go. These structs never
// leave the package: lower.go turns them into ast nodes.
//
// Every struct's Pos is the position of its first token and EndPos that of
// the token after it; lowering maps EndPos back to the end of the last token.

// lexDef makes our token kinds known to participle. Its Lex method is never
// used: statements are parsed with ParseFromLexer over a token slice.
type lexDef struct{}

func (lexDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF":     lexer.TokenType(tEOF),
		"Ident":   lexer.TokenType(tIdent),
		"Int":     lexer.TokenType(tInt),
		"Real":    lexer.TokenType(tReal),
		"String":  lexer.TokenType(tString),
		"Logical": lexer.TokenType(tLogical),
		"DotOp":   lexer.TokenType(tDotOp),
		"Punct":   lexer.TokenType(tPunct),
		"Op":      lexer.TokenType(tOp),
		"Unary":   lexer.TokenType(tUnary),
		"KwName":  lexer.TokenType(tKwName),
	}
}

func (lexDef) Lex(string, io.Reader) (lexer.Lexer, error) {
	return nil, errors.New("internal error: parser.lexDef.Lex is not used")
}

// --- expressions ---

// Note [expressions in statements]: the grammar has no expressions of its
// own. gExpr and gArg implement participle.Parseable: participle hands
// them its lexer at the token where an expression (or an actual argument)
// may start, and they run the expression parser of expr.go from there
// over the statement's own tokens, which runParse registers under a key
// carried in every token's Pos.Filename (see stmtParse). Like any
// participle node they report "no match" when the first token cannot start
// one, and on a syntax error they leave the lexer at the offending token,
// so participle's choice between alternatives is what it would be for a
// grammar rule consuming the same tokens. When participle then fails
// earlier in the statement, at text that is fine, runParse reports the
// expression's error instead (the furthest error wins, as in participle).

// gExpr is an expression inside a statement parsed by participle.
type gExpr struct {
	X   ast.Expr
	err *perr // deferred error (Note [expressions]), reported by lowering
}

func (g *gExpr) Parse(lex *lexer.PeekingLexer) error {
	return parseable(lex, (*exprParser).startsExpr, func(p *exprParser) {
		g.X = p.expr()
		g.err = p.err
	})
}

// gArg is an actual argument, keyword argument or section triplet inside a
// statement parsed by participle (attribute and bind arguments).
type gArg struct {
	A   ast.Arg
	err *perr
}

func (g *gArg) Parse(lex *lexer.PeekingLexer) error {
	return parseable(lex, (*exprParser).startsArg, func(p *exprParser) {
		g.A = p.arg()
		g.err = p.err
	})
}

// exprError is a syntax error found by the expression parser while
// participle parses a statement; convertErr reports its perr as it is.
type exprError struct {
	pe  *perr
	pos lexer.Position
}

func (e *exprError) Error() string            { return e.pe.msg }
func (e *exprError) Message() string          { return e.pe.msg }
func (e *exprError) Position() lexer.Position { return e.pos }

// parseable runs parse at the lexer's next token if starts says that a
// construct can start there (Note [expressions in statements]).
func parseable(lex *lexer.PeekingLexer, starts func(*exprParser) bool, parse func(*exprParser)) error {
	t := lex.Peek()
	st := lookupStmt(t.Pos.Filename)
	p := &exprParser{ts: st.ts, kinds: st.kinds, i: st.ts.index(t.Pos.Offset)}
	if !starts(p) {
		return participle.NextMatch
	}
	var pe *perr
	func() {
		defer catch(&pe)
		parse(p)
	}()
	stop := p.i
	if pe != nil {
		stop = st.ts.index(pe.span.Start.Offset) // len(ts) at the end of the statement
	}
	for lex.Cursor() < stop && lex.Peek().Type != lexer.EOF {
		lex.Next()
	}
	if pe != nil {
		if st.syntax == nil || pe.span.Start.Offset > st.syntax.span.Start.Offset {
			st.syntax = pe
		}
		return &exprError{pe: pe, pos: lex.Peek().Pos}
	}
	return nil
}

// --- statements ---

type gUse struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Nature  string     `parser:"\"use\" ( \",\" @(\"intrinsic\" | \"non_intrinsic\") \"::\" | \"::\" )?"`
	Module  *gName     `parser:"@@"`
	Only    bool       `parser:"( \",\" ( @\"only\" \":\""`
	Names   []*gUseNm  `parser:"        ( @@ ( \",\" @@ )* )?"`
	Renames []*gRename `parser:"      | @@ ( \",\" @@ )* ) )?"`
}

// gRename is "local => remote" in a use statement without "only", where
// the arrow is required.
type gRename struct {
	Local  *gName `parser:"@@"`
	Remote *gName `parser:"\"=>\" @@"`
}

type gUseNm struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   *gName `parser:"@@"`
	Remote *gName `parser:"( \"=>\" @@ )?"`
}

type gName struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string `parser:"@Ident"`
}

type gTypeSpec struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Base    string    `parser:"(  @(\"real\" | \"integer\" | \"logical\" | \"complex\")"`
	Kind    *gKindSel `parser:"   @@?"`
	Double  bool      `parser:" | @\"doubleprecision\" | @\"double\" \"precision\""`
	Char    bool      `parser:" | @\"character\""`
	CharSel *gCharSel `parser:"   @@?"`
	Class   bool      `parser:" | ( \"type\" | @\"class\" ) \"(\""`
	Derived *gName    `parser:"   @@ \")\" )"`
}

type gKindSel struct {
	Pos  lexer.Position
	Expr *gExpr `parser:"(  \"(\" ( \"kind\" \"=\" )? @@ \")\""`
	Star *gExpr `parser:" | \"*\" @@ )"`
}

type gCharSel struct {
	Pos  lexer.Position
	Args []*gCharArg `parser:"(  \"(\" @@ ( \",\" @@ )* \")\""`
	Star *gCharLen   `parser:" | \"*\" @@ )"`
}

type gCharArg struct {
	Pos     lexer.Position
	Keyword *string `parser:"( @KwName \"=\" )?"`
	Star    bool    `parser:"( @\"*\""`
	Colon   bool    `parser:"| @\":\""`
	Expr    *gExpr  `parser:"| @@ )"`
}

type gCharLen struct {
	Pos  lexer.Position
	Int  *string   `parser:"(  @Int"`
	Args *gCharArg `parser:" | \"(\" @@ \")\" )"`
}

type gDecl struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Type     *gTypeSpec `parser:"@@"`
	Attrs    []*gAttr   `parser:"( \",\" @@ )*"`
	DColon   bool       `parser:"@\"::\"?"`
	Entities []*gEntity `parser:"@@ ( \",\" @@ )*"`
}

// gAttr is one attribute of a declaration or attribute statement. The
// catch-all Word alternative is tried last, when dimension(...) or
// intent(...) did not parse; participle may then leave Dim or Intent set by
// the failed alternative, so lowering tests Word first.
type gAttr struct {
	Pos       lexer.Position
	EndPos    lexer.Position
	Dim       bool     `parser:"(  @\"dimension\" \"(\" "`
	Dims      []*gDim  `parser:"   @@ ( \",\" @@ )* \")\""`
	Intent    bool     `parser:" | @\"intent\" \"(\""`
	IntentV   []string `parser:"   @( \"in\" | \"out\" | \"inout\" )+ \")\""`
	Word      string   `parser:" | @Ident"`
	WordParen bool     `parser:"   ( @\"(\""`
	WordArgs  []*gArg  `parser:"     ( @@ ( \",\" @@ )* )? \")\" )? )"`
}

type gDim struct {
	Star  bool    `parser:"(  @\"*\""`
	Colon bool    `parser:" | @\":\""`
	Lo    *gExpr  `parser:" | @@"`
	Hi    *gDimHi `parser:"   @@? )"`
}

type gDimHi struct {
	Colon bool   `parser:"@\":\""`
	Star  bool   `parser:"( @\"*\""`
	Hi    *gExpr `parser:"| @@ )?"`
}

type gEntity struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Name    *gName    `parser:"@@"`
	Dims    []*gDim   `parser:"( \"(\" @@ ( \",\" @@ )* \")\" )?"`
	CharLen *gCharLen `parser:"( \"*\" @@ )?"`
	Init    *gInit    `parser:"@@?"`
}

type gInit struct {
	Pos  lexer.Position
	Op   string `parser:"@(\"=\" | \"=>\")"`
	Expr *gExpr `parser:"@@"`
}

// gAttrStmt is "intent(in) :: a, b", "contiguous :: H", "dimension a(:)",
// "save".
type gAttrStmt struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Attr     *gAttr     `parser:"@@"`
	DColon   bool       `parser:"@\"::\"?"`
	Entities []*gEntity `parser:"( @@ ( \",\" @@ )* )?"`
}

// gHeader is a subroutine or function statement with its prefixes.
type gHeader struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Prefixes []*gPrefix `parser:"@@*"`
	Kind     string     `parser:"@(\"subroutine\" | \"function\")"`
	Name     *gName     `parser:"@@"`
	HasArgs  bool       `parser:"( @\"(\""`
	Args     []*gDummy  `parser:"  ( @@ ( \",\" @@ )* )? \")\" )?"`
	Suffixes []*gSuffix `parser:"@@*"`
}

type gPrefix struct {
	Pos  lexer.Position
	Word string     `parser:"(  @(\"pure\" | \"elemental\" | \"impure\" | \"recursive\" | \"module\" | \"non_recursive\")"`
	Type *gTypeSpec `parser:" | @@ )"`
}

type gDummy struct {
	Name *gName `parser:"(  @@"`
	Star bool   `parser:" | @\"*\" )"`
}

type gSuffix struct {
	Pos    lexer.Position
	Result *gName  `parser:"(  \"result\" \"(\" @@ \")\""`
	Bind   []*gArg `parser:" | \"bind\" \"(\" @@ ( \",\" @@ )* \")\" )"`
}

const lookahead = 2

var (
	useParser      = participle.MustBuild[gUse](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
	declParser     = participle.MustBuild[gDecl](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
	attrStmtParser = participle.MustBuild[gAttrStmt](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
	headerParser   = participle.MustBuild[gHeader](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
)
