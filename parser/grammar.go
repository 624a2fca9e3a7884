package parser

import (
	"errors"
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar. It parses one statement (or one expression) at a
// time from the tokens of the hand-written scanner; the block structure
// (units, where/if constructs) is assembled by the builder in build.go.
// These structs never leave the package: lower.go turns them into ast nodes.
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

// gExpr is an expression as a flat alternation of operands and binary
// operators; lower.go applies Fortran's precedence and associativity (see
// Note [operator precedence]). The expression structs carry only a start
// position: participle allocates for every struct and position it fills,
// so ends are recovered from the token slice instead (see lowerer.closer).
type gExpr struct {
	X    *gOperand `parser:"@@"`
	Rest []*gBinR  `parser:"@@*"`
}

type gBinR struct {
	Pos lexer.Position
	Op  string    `parser:"@Op"`
	Y   *gOperand `parser:"@@"`
}

// gOperand is a primary with its prefix operators ("-", "+", ".not."),
// which runParse marks as Unary tokens; they are consecutive tokens
// starting at Pos.
type gOperand struct {
	Pos     lexer.Position
	Unary   []string  `parser:"@Unary*"`
	Name    *gNameRef `parser:"(  @@"`
	Int     *string   `parser:" | @Int"`
	Real    *string   `parser:" | @Real"`
	Paren   *gExpr    `parser:" | \"(\" @@ \")\""`
	Cons    *gCons    `parser:" | @@"`
	Str     *string   `parser:" | @String"`
	Logical *string   `parser:" | @Logical )"`
}

type gCons struct {
	Square  bool     `parser:"(  @\"[\""`
	SqElems []*gExpr `parser:"   ( @@ ( \",\" @@ )* )? \"]\""`
	SlElems []*gExpr `parser:" | \"(/\" ( @@ ( \",\" @@ )* )? \"/)\" )"`
}

type gNameRef struct {
	Pos     lexer.Position
	Name    string  `parser:"@Ident"`
	HasArgs bool    `parser:"( @\"(\""`
	Args    []*gArg `parser:"  ( @@ ( \",\" @@ )* )? \")\" )?"`
}

// gArg is an actual argument, keyword argument or section triplet. The
// common prefix is factored out so parsing never backtracks over an
// expression (which would be exponential in the nesting depth). A name
// followed by "=" inside brackets is a KwName token (see runParse).
type gArg struct {
	Pos     lexer.Position
	Keyword *string `parser:"( @KwName \"=\" )?"`
	Lo      *gExpr  `parser:"( @@"`
	Colon   *gTail  `parser:"  @@?"`
	Only    *gTail  `parser:"| @@ )"`
}

// gTail is the ":hi[:stride]" or "::stride" part of a section triplet.
type gTail struct {
	DColon  bool   `parser:"(  @\"::\""`
	Stride2 *gExpr `parser:"   @@?"`
	Colon   bool   `parser:" | @\":\""`
	Hi      *gExpr `parser:"   @@?"`
	Stride  *gExpr `parser:"   ( \":\" @@? )? )"`
}

// --- statements ---

type gAssign struct {
	Pos    lexer.Position
	EndPos lexer.Position
	LHS    *gNameRef `parser:"@@"`
	Op     string    `parser:"@(\"=\" | \"=>\")"`
	RHS    *gExpr    `parser:"@@"`
}

type gCall struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   *gNameRef `parser:"\"call\" @@"`
}

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
	Derived *gName    `parser:" | ( \"type\" | \"class\" ) \"(\" @@ \")\" )"`
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
	exprParser     = participle.MustBuild[gExpr](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
	assignParser   = participle.MustBuild[gAssign](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
	callParser     = participle.MustBuild[gCall](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
	useParser      = participle.MustBuild[gUse](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
	declParser     = participle.MustBuild[gDecl](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
	attrStmtParser = participle.MustBuild[gAttrStmt](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
	headerParser   = participle.MustBuild[gHeader](participle.Lexer(lexDef{}), participle.UseLookahead(lookahead))
)
