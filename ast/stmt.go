package ast

import "github.com/forocl/forocl/diag"

// Stmt is an executable statement.
type Stmt interface {
	Node
	stmt()
}

// AssignStmt is "lhs = rhs" or, with Pointer, "lhs => rhs".
type AssignStmt struct {
	Pos     diag.Span
	LHS     Expr // *Ident or *Call (element or section reference)
	RHS     Expr
	Pointer bool
}

// WhereStmt is a WHERE construct or, with Single, the one-line
// "where (mask) stmt".
type WhereStmt struct {
	Pos       diag.Span
	Mask      Expr
	Body      []Stmt
	ElseWhere []*ElseWhere
	Single    bool
	End       diag.Span // the end where statement; zero for Single
}

// ElseWhere is "elsewhere (mask)" (Mask != nil) or a final "elsewhere".
type ElseWhere struct {
	Pos  diag.Span
	Mask Expr
	Body []Stmt
}

// IfStmt is an IF construct or, with Single, the one-line "if (c) stmt".
type IfStmt struct {
	Pos     diag.Span
	Cond    Expr
	Then    []Stmt
	ElseIfs []*ElseIf
	Else    []Stmt
	HasElse bool
	Single  bool
	End     diag.Span
}

// ElseIf is "else if (cond) then" and its block.
type ElseIf struct {
	Pos  diag.Span
	Cond Expr
	Body []Stmt
}

// CallStmt is "call name(args)".
type CallStmt struct {
	Pos  diag.Span
	Name Ident
	Args []Arg
}

// ReturnStmt is "return".
type ReturnStmt struct {
	Pos diag.Span
}

// OtherStmt is any statement outside forocl's subset that the parser still
// recognises by its leading keyword (do, end do, print, write, read, stop,
// allocate, deallocate, open, close, save, select, cycle, exit, go to, ...)
// or could not parse at all (Keyword == ""). Text is the statement as
// written (continuations joined). Sema rejects it inside kernels and the
// procedures they call; elsewhere it is ignored.
type OtherStmt struct {
	Pos     diag.Span
	Keyword string // lower-case, e.g. "print", "do", "end do"; "" when unparsable
	Text    string
	// Err is the parser's message when the statement could not be parsed;
	// sema reports it, with ErrCode, if the statement is in code forocl
	// must translate.
	Err     string
	ErrCode diag.Code
	// Assoc lists the associations of an ASSOCIATE statement, name =>
	// selector, in order; nil for other statements or when the list did
	// not parse. The block's statements follow it, up to "end associate".
	Assoc []Association
}

// Association is one "name => selector" of an ASSOCIATE statement.
type Association struct {
	Name     Ident
	Selector Expr
}

func (*AssignStmt) stmt() {}
func (*WhereStmt) stmt()  {}
func (*IfStmt) stmt()     {}
func (*CallStmt) stmt()   {}
func (*ReturnStmt) stmt() {}
func (*OtherStmt) stmt()  {}
func (*WriteStmt) stmt()  {}

func (s *AssignStmt) Span() diag.Span { return s.Pos }
func (s *WhereStmt) Span() diag.Span  { return s.Pos }
func (s *ElseWhere) Span() diag.Span  { return s.Pos }
func (s *IfStmt) Span() diag.Span     { return s.Pos }
func (s *ElseIf) Span() diag.Span     { return s.Pos }
func (s *CallStmt) Span() diag.Span   { return s.Pos }
func (s *ReturnStmt) Span() diag.Span { return s.Pos }
func (s *OtherStmt) Span() diag.Span  { return s.Pos }
func (s *WriteStmt) Span() diag.Span  { return s.Pos }

// WriteStmt is a list-directed output statement: "write (unit, *) items"
// or "print *, items". Other output statements (a format, iostat=, an
// implied DO) stay OtherStmts.
type WriteStmt struct {
	Pos     diag.Span
	Keyword string // "write" or "print"
	Unit    Expr   // nil for * (print, or write(*, *))
	Items   []Expr
}
