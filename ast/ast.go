// Package ast defines forocl's abstract syntax tree for free-form Fortran: the
// clean tree that parser.Parse produces from participle's grammar structs and
// that sema.Check reads. Passes after the parser never see participle types.
//
// Every node carries the diag.Span of its source text in the ORIGINAL file
// (continuation lines are not re-numbered), so diagnostics point at what the
// user wrote. Names are stored lower-cased in Ident.Name (Fortran is
// case-insensitive) with the spelling the user wrote in Ident.Orig.
//
// Units and statements outside forocl's subset are kept rather than rejected:
// a main program is a *Program, an unknown statement is an *OtherStmt. Sema
// reports them only when they occur in a kernel or in something a kernel
// calls.
package ast

import "github.com/forocl/forocl/diag"

// Node is implemented by every AST node.
type Node interface {
	Span() diag.Span
}

// File is one parsed source file.
type File struct {
	Name  string
	Units []Unit
	// Directives are all !$OFP directive lines of the file, in source order,
	// including those attached to a subprogram.
	Directives []*Directive
}

// Directive is a line "!$OFP PURE, KERNEL :: name[, name]".
type Directive struct {
	Pos   diag.Span
	Attrs []Ident // upper-case-insensitive words before "::", e.g. pure, kernel, concurrent
	Names []Ident // the subprograms it names
}

func (d *Directive) Span() diag.Span { return d.Pos }

// Unit is a program unit: *Module, *Subprogram or *Program.
type Unit interface {
	Node
	unit()
}

// Scope is the specification part shared by modules, subprograms and
// programs.
type Scope struct {
	Uses         []*Use
	ImplicitNone bool
	Implicit     []*OtherStmt // other IMPLICIT statements, kept verbatim
	Decls        []*Decl
	AttrStmts    []*AttrStmt
	// Params are the named constants of F77 PARAMETER statements,
	// "parameter (epsil = 1e-6, n = 10)": each name takes the parameter
	// attribute and the value as its initialiser (its type comes from a
	// declaration, before or after, or the implicit rules).
	Params []*ParamStmt
	// Other holds the remaining specification statements, kept verbatim:
	// parameter, data, common, module procedure, and every statement of an
	// interface block or derived-type definition (through "end interface" /
	// "end type").
	Other []*OtherStmt
	// Types are the derived-type definitions of the scope; their
	// statements are in Other too.
	Types []*TypeDef
}

// ParamStmt is one "name = value" of a PARAMETER statement.
type ParamStmt struct {
	Pos   diag.Span
	Name  Ident
	Value Expr
}

func (p *ParamStmt) Span() diag.Span { return p.Pos }

// Module is "module name ... [contains ...] end module".
type Module struct {
	Pos  diag.Span
	Name Ident
	Scope
	Contains []*Subprogram
	End      diag.Span
}

// Program is a main program. forocl never translates one; it is kept so
// files that hold one are not rejected.
type Program struct {
	Pos  diag.Span
	Name Ident
	Scope
	Body     []Stmt
	Contains []*Subprogram
	End      diag.Span
}

// ProcKind says whether a subprogram is a subroutine or a function.
type ProcKind int

const (
	Subroutine ProcKind = iota
	Function
)

// Subprogram is a subroutine or function, stand-alone or inside a module or
// program.
type Subprogram struct {
	Pos        diag.Span // the subroutine/function statement
	Kind       ProcKind
	Name       Ident
	Pure       bool
	Elemental  bool
	Impure     bool
	Recursive  bool
	TypePrefix *TypeSpec // "real function f" / "pure elemental real(8) function f"
	Args       []Ident
	Result     *Ident // result(r); nil when absent
	Scope
	Body       []Stmt
	Contains   []*Subprogram
	Directives []*Directive // directives inside the subprogram or on the line(s) just before it
	End        diag.Span
}

// TypeBase is the intrinsic type of a declaration.
type TypeBase int

const (
	Real TypeBase = iota
	DoublePrecision
	Integer
	Logical
	Character
	Complex
	Derived // type(name): outside the subset
)

// TypeSpec is "real", "real(8)", "real(kind=dp)", "double precision",
// "integer", "logical", ...
type TypeSpec struct {
	Pos  diag.Span
	Base TypeBase
	Kind Expr // nil when no kind selector; the expression of (8), (kind=dp), *8; for Derived, the type name as an *Ident
	// Class is set for a Derived type written class(name).
	Class bool
	// Len is a Character type's length: nil when none is written
	// (length 1).
	Len *CharLen
}

// CharLen is the length of a character type: an expression, * (assumed,
// taken from the actual argument) or : (deferred, of an allocatable).
type CharLen struct {
	Expr  Expr
	Star  bool
	Colon bool
}

func (t *TypeSpec) Span() diag.Span { return t.Pos }

// Decl is a type declaration statement:
// "real, dimension(:,:), intent(in) :: H, U".
type Decl struct {
	Pos      diag.Span
	Type     *TypeSpec
	Attrs    []*Attr
	Entities []*Entity
}

func (d *Decl) Span() diag.Span { return d.Pos }

// AttrName is an attribute keyword.
type AttrName int

const (
	AttrDimension AttrName = iota
	AttrIntent
	AttrContiguous
	AttrTarget
	AttrPointer
	AttrAllocatable
	AttrValue
	AttrParameter
	AttrSave
	AttrOptional
	AttrOther // recognised but outside the subset (e.g. external); Word says which
)

// Intent is the value of intent(...).
type Intent int

const (
	IntentNone Intent = iota
	IntentIn
	IntentOut
	IntentInOut
)

// Attr is one attribute of a declaration or attribute statement.
type Attr struct {
	Pos    diag.Span
	Name   AttrName
	Word   string    // the keyword as written, lower-case
	Intent Intent    // for AttrIntent
	Dims   []DimSpec // for AttrDimension
}

func (a *Attr) Span() diag.Span { return a.Pos }

// DimSpec is one entry of a dimension list: ":" (Deferred), or an explicit
// bound "n" / "lo:hi".
type DimSpec struct {
	Deferred bool
	Lo, Hi   Expr // Lo nil means 1; both nil when Deferred
}

// Entity is one declared name: "H", "A(:,:)", "halo(4) = [1,1,1,1]",
// "p => null()".
type Entity struct {
	Pos     diag.Span
	Name    Ident
	Dims    []DimSpec // entity-level dimension, overrides the attribute
	Init    Expr      // initialiser, nil when absent
	PtrInit bool      // initialised with "=>"
}

func (e *Entity) Span() diag.Span { return e.Pos }

// AttrStmt is an attribute given as its own statement:
// "intent(in) :: H, U, V", "contiguous :: H", "target :: oH".
type AttrStmt struct {
	Pos   diag.Span
	Attr  *Attr
	Names []Ident
}

func (a *AttrStmt) Span() diag.Span { return a.Pos }

// Use is "use name" or "use name, only: a, b".
type Use struct {
	Pos     diag.Span
	Module  Ident
	HasOnly bool
	Only    []Ident
	// Renames maps each local name of "local => remote" to its remote
	// name, both lower-case.
	Renames map[string]string
}

func (u *Use) Span() diag.Span { return u.Pos }

func (*Module) unit()     {}
func (*Program) unit()    {}
func (*Subprogram) unit() {}

func (m *Module) Span() diag.Span     { return m.Pos }
func (p *Program) Span() diag.Span    { return p.Pos }
func (s *Subprogram) Span() diag.Span { return s.Pos }
