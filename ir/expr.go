package ir

import "github.com/forocl/forocl/diag"

// Expr is a typed expression. Type().Rank > 0 marks an array-valued
// (element-wise) expression; its element at frame index k is what codegen
// computes per work-item.
type Expr interface {
	Type() Type
	Span() diag.Span
	expr()
}

// Const is a literal or a folded named constant. Name is the parameter it
// came from ("" for a literal), kept for readable output. Text is the
// literal as written, when it was one.
type Const struct {
	Pos   diag.Span
	Kind  Kind
	Float float64 // Real4, Real8
	Int   int64   // Int
	Bool  bool    // Logical
	Name  string
}

// Ref reads or writes a scalar variable (a scalar dummy, local, or function
// result) or, in an elemental kernel, the current element of a dummy.
// Elem, for a Var with Elems, is the 1-based element; 0 otherwise.
type Ref struct {
	Pos  diag.Span
	Var  *Var
	Elem int
}

// Window is region_cpy(Var, halo) or a whole array (all Lo/Hi zero): frame
// element k is Var's element k+Lo. len(Lo) == len(Hi) == Var.Rank.
type Window struct {
	Pos diag.Span
	Var *Var
	Lo  []int
	Hi  []int
}

// Op is a unary or binary operator.
type Op int

const (
	Neg Op = iota
	Not
	Add
	Sub
	Mul
	Div
	Pow
	Eq
	Ne
	Lt
	Le
	Gt
	Ge
	And
	Or
	Eqv
	Neqv
)

var opNames = [...]string{"-", ".not.", "+", "-", "*", "/", "**", "==", "/=", "<", "<=", ">", ">=", ".and.", ".or.", ".eqv.", ".neqv."}

func (o Op) String() string { return opNames[o] }

// Unary is Neg or Not applied to X.
type Unary struct {
	Pos diag.Span
	Op  Op
	X   Expr
	T   Type
}

// Binary is X Op Y. Operands of arithmetic ops have been converted to a
// common kind, except Pow with an integer exponent (kept for pown).
type Binary struct {
	Pos  diag.Span
	Op   Op
	X, Y Expr
	T    Type
}

// Intrinsic is a call of a Fortran intrinsic: a row of Intrinsics, which
// says how it is typed, folded and spelled in OpenCL. Sema has checked the
// arguments against the row and converted them as its Result rule says.
type Intrinsic struct {
	Pos  diag.Span
	ID   IntrinsicID
	Args []Expr
	T    Type
}

// Call is a call of a user elemental function, applied element-wise when
// any argument is an array.
type Call struct {
	Pos  diag.Span
	Func *Func
	Args []Expr
	T    Type
}

// Convert changes X's kind to T.Kind (real(4)<->real(8), integer->real).
// Sema inserts it where Fortran promotes implicitly.
type Convert struct {
	Pos diag.Span
	X   Expr
	T   Type
}

// GridExtent is n_{Dim+1}, the extent of a region kernel's grid along
// dimension Dim (from 0), halo included: a default integer that every
// launch of the kernel knows. Sema uses it to tell an empty window of a
// maxval from one of only NaNs (Note [maxval and NaN] in sema/reduce.go).
type GridExtent struct {
	Pos diag.Span
	Dim int
}

func (e *GridExtent) Type() Type      { return Type{Kind: Int} }
func (e *GridExtent) Span() diag.Span { return e.Pos }
func (*GridExtent) expr()             {}

func (e *Const) Type() Type     { return Type{Kind: e.Kind} }
func (e *Ref) Type() Type       { return Type{Kind: e.Var.Kind} }
func (e *Window) Type() Type    { return Type{Kind: e.Var.Kind, Rank: e.Var.Rank} }
func (e *Unary) Type() Type     { return e.T }
func (e *Binary) Type() Type    { return e.T }
func (e *Intrinsic) Type() Type { return e.T }
func (e *Call) Type() Type      { return e.T }
func (e *Convert) Type() Type   { return e.T }

func (e *Const) Span() diag.Span     { return e.Pos }
func (e *Ref) Span() diag.Span       { return e.Pos }
func (e *Window) Span() diag.Span    { return e.Pos }
func (e *Unary) Span() diag.Span     { return e.Pos }
func (e *Binary) Span() diag.Span    { return e.Pos }
func (e *Intrinsic) Span() diag.Span { return e.Pos }
func (e *Call) Span() diag.Span      { return e.Pos }
func (e *Convert) Span() diag.Span   { return e.Pos }

func (*Const) expr()     {}
func (*Ref) expr()       {}
func (*Window) expr()    {}
func (*Unary) expr()     {}
func (*Binary) expr()    {}
func (*Intrinsic) expr() {}
func (*Call) expr()      {}
func (*Convert) expr()   {}

// Walk calls f for e and every sub-expression of e, parents first.
func Walk(e Expr, f func(Expr)) {
	if e == nil {
		return
	}
	f(e)
	switch e := e.(type) {
	case *Unary:
		Walk(e.X, f)
	case *Binary:
		Walk(e.X, f)
		Walk(e.Y, f)
	case *Intrinsic:
		for _, a := range e.Args {
			Walk(a, f)
		}
	case *Call:
		for _, a := range e.Args {
			Walk(a, f)
		}
	case *Convert:
		Walk(e.X, f)
	case *Elem:
		for _, x := range e.Index {
			Walk(x, f)
		}
	}
}
