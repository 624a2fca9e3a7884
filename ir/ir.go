// Package ir is forocl's typed kernel IR: what sema.Check produces from the
// AST and what every later pass (regions, codegen) reads. It knows nothing of
// Fortran syntax or of participle. It also holds the intrinsic table that
// sema types calls with and codegen spells them from (Note [the intrinsic
// table]), and Fold, the one evaluator of constant expressions.
//
// The IR is data-parallel. An array statement is an element-wise assignment
// over a "frame": the index space k (0-based, per dimension) whose extent is
// the grid extent n_d minus the statement's Shrink[d]. Every array operand is
// a Window: element k of the frame reads element k+Lo[d] of the window's
// variable. A window of a kernel dummy is region_cpy(A, halo) (Lo/Hi are the
// halo's low and high entries); a whole array is a window with zero Lo/Hi.
// Windows of temporaries work the same way on the temporary's own index
// space, whose extent is n_d - Var.Shrink[d]. See Note [frames] in regions
// for how frames map to work-items.
//
// Invariants established by sema (later passes may rely on them):
//   - every Window in one Assign has the same extent n_d - Assign.Shrink[d];
//   - pointers (region_ptr) have been resolved: an assignment through pH is an
//     Assign whose LHS is a Window of the intent(out) dummy;
//   - where/elsewhere are lowered to Assigns with a Mask; a mask that reads an
//     array assigned in the same WHERE is first copied into a logical temp;
//   - halo arrays and named constants are folded into constants;
//   - mixed kinds are made explicit with Convert nodes;
//   - a reduction (sum, maxval, ...) is an Assign to a Reduction variable
//     at the top level of a kernel's body, before the statements that read
//     its Result; a kernel with reductions has no Return, and no temporary
//     or IF-assigned scalar crosses a reduction (regions splits the kernel
//     into phases there: see Note [phases] in regions).
//
// That is the frame form, which sema checks and which the region schedule
// works on; sema returns every kernel as parallel nests, a region kernel's
// frame statements written as nests over its grid (Note [frames as nests]
// in frames.go), and regions takes them back to frames.
//
// Verify checks these invariants and those of loop kernels (Note
// [verifying the IR] in verify.go); sema runs it on every program it
// returns.
package ir

import "github.com/forocl/forocl/diag"

// Kind is a scalar type.
type Kind int

const (
	Invalid Kind = iota
	Int          // default integer, 32-bit
	Real4        // real, real(4)
	Real8        // real(8), double precision
	Logical
	Long // integer(8), OpenCL long
)

func (k Kind) String() string {
	switch k {
	case Int:
		return "integer"
	case Real4:
		return "real(4)"
	case Real8:
		return "real(8)"
	case Logical:
		return "logical"
	case Long:
		return "integer(8)"
	}
	return "invalid"
}

// IsInt reports whether k is an integer kind (Int or Long).
func (k Kind) IsInt() bool { return k == Int || k == Long }

// IsReal reports whether k is Real4 or Real8.
func (k Kind) IsReal() bool { return k == Real4 || k == Real8 }

// Bytes is the size of one value of kind k in OpenCL memory.
func (k Kind) Bytes() int {
	if k == Real8 || k == Long {
		return 8
	}
	return 4
}

// Type is a kind and a rank (0 for scalars).
type Type struct {
	Kind Kind
	Rank int
}

// Intent is a dummy argument's intent.
type Intent int

const (
	IntentNone Intent = iota
	In
	Out
	InOut
)

func (i Intent) String() string {
	switch i {
	case In:
		return "in"
	case Out:
		return "out"
	case InOut:
		return "inout"
	}
	return "none"
}

// Role says what a variable is.
type Role int

const (
	Dummy   Role = iota // a kernel or function dummy argument
	Local               // a local of a kernel or function: a scalar, or a private array of a loop kernel
	Temp                // an allocatable array temporary of a kernel
	Pointer             // a region_ptr pointer; resolved away in statements
	Result              // an elemental function's result variable
	// Reduction is the array a reduction (sum, maxval, ...) folds: its one
	// assignment gives the values over the reduction's frame (and Mask
	// which of them count); it is evaluated at the owned positions like an
	// output's. Var.Reduce says how to fold and where the value goes.
	Reduction
	// Table is a named constant array (parameter) that a loop kernel
	// subscripts: read-only, its elements in Var.Data (Note [small
	// arrays] in smallarrays.go).
	Table
	// Automatic is a local array of a loop kernel whose bounds are affine
	// in its sizes (real :: work(n)): a device buffer the host allocates
	// at that size before the first launch, shared by every work-item as
	// a dummy's is, its contents undefined on entry (Note [automatic
	// arrays] in smallarrays.go).
	Automatic
)

// ReduceOp is how a reduction folds its values.
type ReduceOp int

const (
	RSum ReduceOp = iota
	RProduct
	RMax
	RMin
	RAny // logical or
	RAll // logical and
	// RMaxLoc and RMinLoc fold (value, linear index) pairs: the first
	// position of the largest (smallest) value, NaNs only when all are
	// (Note [maxloc] in codegen/reduce.go). Reduce.Positions gets it.
	RMaxLoc
	RMinLoc
)

func (o ReduceOp) String() string {
	return [...]string{"sum", "product", "max", "min", "any", "all", "maxloc", "minloc"}[o]
}

// Loc reports whether o folds a position (maxloc, minloc).
func (o ReduceOp) Loc() bool { return o == RMaxLoc || o == RMinLoc }

// Reduce describes the fold of a Reduction variable.
type Reduce struct {
	Op ReduceOp
	// Intrinsic is the Fortran intrinsic it comes from (sum, count,
	// dot_product, norm2, maxval, maxloc, ...), for messages and the ABI.
	Intrinsic string
	// Result is the scalar local that holds the folded value; statements
	// after the reduction read it.
	Result *Var
	// Index numbers the reductions of a kernel from 1, for names.
	Index int
	// Positions, for RMaxLoc and RMinLoc, are integer locals, one per
	// dimension of the reduction's frame: the 1-based position of the
	// element found, or 0 when no element counts (an empty mask). Result
	// is Positions[0].
	Positions []*Var
	// Counts, for the any() that tells an empty maxval or minval of reals
	// from one of only NaNs (Note [maxval and NaN] in sema/reduce.go), is
	// that reduction: the any folds the same frame, anchored as it is.
	Counts *Var
}

// Var is a variable of a kernel or elemental function. Vars are compared by
// pointer identity.
type Var struct {
	Name   string // as first declared by the user
	Kind   Kind
	Rank   int
	Role   Role
	Intent Intent
	Target bool
	Pos    diag.Span // the declaration
	// Shrink, for a Temp or Reduction, gives its extent per dimension as
	// n_d - Shrink[d], fixed by its first assignment. Nil for scalars and
	// dummies (dummies have the grid extent, Shrink 0).
	Shrink []int
	// Reduce is set for Role Reduction.
	Reduce *Reduce
	// Bounds, for an array of a loop kernel, gives its declared bounds per
	// dimension (see Note [loop kernels]); nil otherwise.
	Bounds []Bound
	// Elems, for an integer array of a fixed size off the grid (an
	// intent(out) dummy or a local such as loc(2), which maxloc assigns),
	// is its number of elements; such a Var has Rank 0 and is read and
	// written element by element (Ref.Elem). 0 otherwise.
	Elems int
	// Data, for a Table, holds its elements in column-major order, of the
	// table's Kind.
	Data []*Const
	// Sequence marks an explicit-shape dummy of rank 1, a(n), that a host
	// may bind to an actual array of any rank with n elements, as
	// Fortran's sequence association lets a caller: an elemental
	// subroutine's dummies (Note [elemental kernels] in sema/elemental.go).
	Sequence bool
	// Quot, for a size of a loop kernel that stands for a quotient in a
	// declared bound (v(-1:n/2+1)), gives it: Of / Div, truncated toward
	// zero as Fortran's integer division is (Note [quotient sizes] in
	// sema/quotsize.go). Nil otherwise.
	Quot *Quot
	// Module, for a parameter that stands for a variable of a module the
	// kernel uses, names that module (Note [module variables] in
	// sema/modvars.go); "" for a dummy.
	Module string
	// Struct, for a component of a derived-type dummy, names the
	// structure (Note [derived-type dummies] in sema/types.go); nil
	// otherwise.
	Struct *Struct
}

// Result reports whether v is a scalar result of its kernel: a scalar
// dummy that is intent(out), or intent(inout), whose value the kernel
// starts from the caller's and gives back (Note [inout scalars] in
// sema/scalarintent.go).
func (v *Var) Result() bool {
	return v.Role == Dummy && v.Rank == 0 && (v.Intent == Out || v.Intent == InOut)
}

// Struct is the derived-type variable a component parameter belongs to.
type Struct struct {
	Var    string // the structure's name, as written
	Type   string // its type's name, as written
	Module string // the module that defines the type; "" when none does
	Array  bool   // an array of structures: each component has its shape
	// Lower, for the lower-bound dummy "s%a%lbD" of allocatable
	// component s%a, is D (Note [allocatable components] in
	// sema/types.go); 0 otherwise.
	Lower int
}

// Quot is the quotient Of / Div of an affine expression of integer scalar
// dummies by a positive constant.
type Quot struct {
	Of  Affine
	Div int64
}

// Program is everything forocl translates from a set of files: the elemental
// functions (callees before callers) and the kernels, in source order.
type Program struct {
	Funcs   []*Func
	Kernels []*Kernel
}

// Kernel is a !$OFP KERNEL subroutine or a pure elemental subroutine.
type Kernel struct {
	Name   string
	File   string // the source file, as given on the command line
	Module string // the module that contains it; "" for a stand-alone subroutine
	Pos    diag.Span
	// Rank is the grid's rank: every array of a kernel with a grid has
	// this rank and the grid's extents (a region kernel; Note [frames as
	// nests]); 0 for a kernel whose arrays have bounds of their own.
	Rank   int
	Params []*Var // dummies in argument order
	Locals []*Var // scalar locals
	Temps  []*Var // array temporaries in order of first assignment
	Body   []Stmt
	// Sizes lists the integer scalars that array bounds and nest bounds
	// are affine in (Note [loop kernels]): dummies in argument order, then
	// the locals that stand for assumed-shape extents (a_n1); for a kernel
	// with a grid, its extents _n1.._nr (Grid). Every kernel sema returns
	// is a host procedure of Nests, scalar statements, IFs and host loops,
	// whose arrays carry Bounds. Empty, with a Rank, only in the frame form
	// that the region schedule works on (FrameForm).
	Sizes []*Var
	// HostVars are a loop kernel's host variables: integer and logical
	// locals that parallel loop bounds use (directly or through others),
	// which the host computes from the top-level statements before each
	// launch (Note [host program] in package abi; sema/hostvars.go).
	HostVars []*Var
	// BoundElems marks a kernel whose host variables read elements of
	// intent(in) array dummies (abi.FormatInElems).
	BoundElems bool
	// Tables are the named constant arrays a loop kernel subscripts
	// (Role Table), in order of first use.
	Tables []*Var
	// Automatic are a loop kernel's automatic arrays (Role Automatic),
	// in declaration order.
	Automatic []*Var
	// Function marks an array-valued function translated as a kernel: its
	// last parameter is the function's result, an intent(out) array
	// (Note [function kernels] in sema/kernelfn.go).
	Function bool
	// Chars are the character dummies and components the host procedure
	// assigns, CharSets those assignments (Note [host characters]).
	Chars     []*CharParam
	CharSets  []CharSet
	CharTests []CharTest
}

// Func is a pure elemental function, translated to an inline OpenCL
// function. All dummies are scalar intent(in).
type Func struct {
	Name   string
	File   string
	Pos    diag.Span
	Params []*Var
	Result *Var
	Locals []*Var
	Body   []Stmt // scalar statements only
}

// Stmt is a statement: *Assign, *If or *Return.
type Stmt interface {
	Span() diag.Span
	stmt()
}

// Assign is "LHS = RHS". For an array assignment LHS is a *Window and
// Shrink gives the frame; for a scalar assignment LHS is a *Ref and Shrink
// is nil. Mask, when not nil, is a logical expression of the same frame:
// the element is assigned only where it is true (lowered WHERE).
type Assign struct {
	Pos    diag.Span
	LHS    Expr
	RHS    Expr
	Mask   Expr
	Shrink []int
	// NonZero, for an assignment of the host procedure, makes a zero
	// value an error: the host stops there with this message (a DO
	// CONCURRENT's step, Note [variable steps] in sema/varstep.go).
	NonZero string
}

// If is a scalar IF; Cond is a scalar logical expression. In kernels the
// condition is uniform across work-items unless it reads an elemental
// kernel's dummies.
type If struct {
	Pos  diag.Span
	Cond Expr
	Then []Stmt
	Else []Stmt
}

// Return leaves the kernel or function.
type Return struct {
	Pos diag.Span
}

func (*Assign) stmt() {}
func (*If) stmt()     {}
func (*Return) stmt() {}

func (s *Assign) Span() diag.Span { return s.Pos }
func (s *If) Span() diag.Span     { return s.Pos }
func (s *Return) Span() diag.Span { return s.Pos }
