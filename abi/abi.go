// Package abi describes a compiled unit for any host: how to launch the
// kernels that codegen emitted. It is the one contract between the compiler
// and its hosts (see Note [one contract]): codegen writes it, and runner,
// the Go harness emitter, the gfortran oracle and the CLI read only it.
// `forocl build --abi` writes it as JSON beside the .cl file, for hosts in
// other languages. The package depends on nothing else of forocl's.
//
// Note [one contract]
//
// A kernel is described by its parameters (the Fortran dummies, in order:
// scalars by value, arrays as device buffers, each array's extents as
// affine expressions of named sizes), and by the launches that run it, in
// order. Scalar results are intent(out) scalar parameters (Param.Result),
// passed to the launches as buffers of one element that the host reads
// back; an integer result of fixed size (maxloc's positions, loc(2)) is a
// buffer of that many elements (Param.ResultShape). A launch names an OpenCL kernel symbol, its arguments (parameters,
// sizes, scratch buffers, work-group counts), its global size as a number of grid positions
// per dimension (affine in the sizes) and positions per work-item, its
// fixed work-group, and an optional condition on scalar parameters; runs
// of launches may be repeated by host loops (Note [host loops] in
// loops.go). A host
// binds the sizes from the shapes of the arrays it was given (Bind),
// computes each launch's NDRange (Launch.NDRange) and sets the arguments in
// the order listed. Rules such as "which parameters are arrays" live here
// (Param.Array), not in each host.
package abi

import (
	"encoding/json"
	"fmt"
	"strings"
)

// FormatVersion is the version of the JSON layout; it changes when a host
// written for the previous layout would misread the new one.
const FormatVersion = 1

// FormatLoops is the version of units in which a kernel has host loops
// (Kernel.HostLoops): a host written for FormatVersion would run their
// launches once. Units without them are written as FormatVersion.
const FormatLoops = 2

// FormatHost is the version of units in which a kernel has host
// statements (Kernel.Steps, Note [host program]): a host written for
// FormatLoops would skip them.
const FormatHost = 3

// FormatTyped is the version of units whose host programs compute values
// of every scalar kind and fold reductions (Note [host values], Combine):
// a host written for FormatHost would read reals as integers.
const FormatTyped = 4

// FormatElems is the version of units whose host programs read elements
// of array parameters (Expr op "elem", Note [host elements]): a host
// written for FormatTyped would refuse the operator.
const FormatElems = 5

// FormatShapes is the version of units with no kernel dialect: every
// kernel, region, elemental or loop, is bound by one rule (Bind) from
// arrays with declared shapes affine in its sizes, and a launch over a
// loop nest says so itself (Launch.MayBeEmpty). Earlier units marked the
// kernels bound that way with "loops": true, which a host written for
// FormatElems needs to read a loop kernel's arrays; a unit that holds such
// a kernel is written as FormatShapes so that such a host refuses it.
// Unmarshal converts older units (Note [one binding]).
const FormatShapes = 6

// FormatExtents is the version of units with a scratch buffer sized by
// extents (Buffer.Extents: a loop kernel's temporary or automatic array,
// Note [forall temporaries] and Note [automatic arrays] in package sema): a host written for FormatShapes would
// make it of Elements, 0, elements.
const FormatExtents = 7

// FormatQuot is the version of units with a size that is a quotient of
// others (Size.Quot, a declared bound n/2): a host written for
// FormatShapes would solve it from an array's shape instead, and so
// accept arrays that disagree with n/2; such a unit is written as
// FormatQuot so that such a host refuses it.
const FormatQuot = 8

// FormatInElems is the version of units with a launch bound computed
// from an element of an intent(in) array (Note [host elements]): a host
// written for FormatQuot, whose dry run knows no element, would size the
// launch from a stale or missing value.
const FormatInElems = 9

// FormatLate is the version of units with a launch sized when the host
// reaches it, from a value read back from the device (Note [late
// launches]): a host written for FormatInElems would size it in its dry
// run, from a stale value.
const FormatLate = 10

// FormatNewest is the newest version this package reads and writes.
const FormatNewest = FormatChars

// Kind is the Fortran type of a parameter or result.
type Kind string

const (
	Real4   Kind = "real(4)"
	Real8   Kind = "real(8)"
	Int     Kind = "integer"
	Int64   Kind = "integer(8)" // OpenCL long
	Logical Kind = "logical"    // passed as a 32-bit int (0 or 1)
)

// Bytes is the size of one value of kind k in device memory.
func (k Kind) Bytes() int {
	if k == Real8 || k == Int64 {
		return 8
	}
	return 4
}

// Intent is a parameter's Fortran intent.
type Intent string

const (
	In    Intent = "in"
	Out   Intent = "out"
	InOut Intent = "inout"
)

// Unit is one generated OpenCL file and the kernels it holds.
type Unit struct {
	Format  int       `json:"format"`  // FormatVersion
	Version string    `json:"forocl"`  // forocl's version that generated it
	OpenCL  string    `json:"opencl"`  // the .cl file's name, relative to the ABI file
	FP64    bool      `json:"fp64"`    // the program needs cl_khr_fp64
	Kernels []*Kernel `json:"kernels"` // in source order
	// Source is the OpenCL C text (not part of the JSON: it is the .cl).
	Source string `json:"-"`
}

// Kernel is one Fortran kernel: its interface and its launches.
type Kernel struct {
	Name   string `json:"name"`             // the Fortran name
	File   string `json:"file"`             // the Fortran source it came from
	Module string `json:"module,omitempty"` // the module that contains it
	// Rank is the largest rank of the kernel's arrays.
	Rank     int       `json:"rank"`
	Sizes    []Size    `json:"sizes"`
	Params   []Param   `json:"params"`
	Scratch  []Buffer  `json:"scratch,omitempty"`
	Launches []*Launch `json:"launches"`
	// BoundsSites are the subscripts a kernel generated with
	// --check-bounds checks, numbered from 1 in its BoundsBuffer.
	BoundsSites []Site `json:"bounds_sites,omitempty"`
	// HostLoops are the loops that repeat runs of Launches (Note [host
	// loops] in abi/loops.go), outermost first.
	HostLoops []Loop `json:"host_loops,omitempty"`
	// Steps is the kernel's program when it has host statements (Note
	// [host program] in abi/host.go); nil otherwise.
	Steps []Step `json:"steps,omitempty"`
	// Reductions are a region kernel's reductions (sum, maxval, ...), in
	// source order: which grid positions each folds. Units written before
	// forocl recorded them have none; a host that splits the grid
	// (runner.CheckSlabs) then refuses the kernel's folds.
	Reductions []Reduction `json:"reductions,omitempty"`
	// Function marks an array-valued Fortran function run as a kernel:
	// its last parameter is the function's result (an intent(out) array
	// named as the result), which a Fortran caller assigns from a
	// function reference rather than passing to a call.
	Function bool `json:"function,omitempty"`
	// Split, for a loop kernel, says whether and how it runs on slabs.
	Split *Split `json:"split,omitempty"`
	// Chars are the character dummies and components the host procedure
	// assigns, CharSets those assignments, in order (Note [host
	// characters] in ir/chars.go; RunChars), CharTests the comparisons
	// of characters that IFs between nests read (CharTestVals).
	Chars     []CharParam `json:"chars,omitempty"`
	CharSets  []CharSet   `json:"char_sets,omitempty"`
	CharTests []CharTest  `json:"char_tests,omitempty"`
}

// Reduction is one reduction of a region kernel: a phase launch folds its
// values per work-group into partials and the launch Fold folds those
// into its value.
type Reduction struct {
	Name  string `json:"name"`  // the intrinsic: sum, dot_product, norm2, count, maxval, maxloc, ...
	Op    string `json:"op"`    // how values combine: sum, product, max, min, any, all, maxloc, minloc
	Where string `json:"where"` // its source position, file:line:col
	Fold  string `json:"fold"`  // the symbol of the launch that folds its partials
	// Window gives, per dimension, the grid positions it folds, in the
	// terms of a halo: [Lo, n - Hi) (0-based), n the dimension's extent.
	Window []Halo `json:"window"`
}

// Halo is a width at the low and the high end of a dimension.
type Halo struct {
	Lo int `json:"lo"`
	Hi int `json:"hi"`
}

// Reduction returns the reduction whose partials launch symbol folds, or
// nil.
func (k *Kernel) Reduction(fold string) *Reduction {
	for i := range k.Reductions {
		if k.Reductions[i].Fold == fold {
			return &k.Reductions[i]
		}
	}
	return nil
}

// Size is a named integer that extents and launch sizes are expressed in,
// such as n1, the first extent of every grid array, halo included.
type Size struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
	// Quot, when set, defines the size as the quotient of other sizes
	// (a declared bound n/2: Note [quotient sizes] in package sema); hosts
	// compute it once the sizes it reads are bound, and never from a
	// shape.
	Quot *Quot `json:"quot,omitempty"`
	// Kind is Int64 for an integer(8) scalar dummy, which the kernel
	// takes as a long (its value may exceed 32 bits: Note [index types]);
	// "" is the default integer.
	Kind Kind `json:"kind,omitempty"`
}

// Quot is Of / Div, truncated toward zero, as Fortran divides integers.
type Quot struct {
	Of  Affine `json:"of"`
	Div int    `json:"div"`
}

// Eval returns the quotient for the given sizes.
func (q *Quot) Eval(sizes map[string]int) (int, error) {
	v, err := q.Of.Eval(sizes)
	if err != nil {
		return 0, err
	}
	return v / q.Div, nil
}

// Wide reports whether s is a 64-bit size.
func (s Size) Wide() bool { return s.Kind == Int64 }

// Param is one Fortran dummy argument.
type Param struct {
	Name   string `json:"name"`
	Kind   Kind   `json:"kind"`
	Intent Intent `json:"intent"`
	// Array says the host passes a device buffer; otherwise a value.
	Array bool `json:"array"`
	// Shape lists an array's extents, first dimension first (column-major
	// memory). A result of fixed size (an intent(out)
	// integer array such as loc(2), which maxloc assigns) has one constant
	// entry: see ResultShape.
	Shape []Affine `json:"shape,omitempty"`
	// Lower gives a loop kernel array's declared lower bounds, first
	// dimension first (nil: 1 in every dimension), so that messages can
	// name an element as Fortran does: u(0) of u(0:n+1).
	Lower []Affine `json:"lower,omitempty"`
	// Sequence says the array is an explicit-shape dummy of rank 1, a(n),
	// that Fortran's sequence association lets a caller associate with an
	// actual array of any rank and n elements: a host binds it to any
	// shape whose element count is Shape[0] (Bind), and the element order
	// is the actual array's column-major order. An elemental subroutine's
	// dummies are such arrays.
	Sequence bool `json:"sequence,omitempty"`
	// Module, when set, says the parameter is a variable of that Fortran
	// module, which the kernel uses rather than takes as a dummy (Note
	// [module variables] in sema/modvars.go): hosts bind it by its name
	// like any parameter; a Fortran caller sets and reads it through the
	// module, and the Fortran host passes it from there.
	Module string `json:"module,omitempty"`
	// Struct, when set, says the parameter is a component of a
	// derived-type dummy (Note [component names]): hosts bind it by its
	// name, "p%x"; a Fortran caller passes the structure.
	Struct *Struct `json:"struct,omitempty"`
}

// Struct names the derived-type dummy a component parameter belongs to.
type Struct struct {
	Var    string `json:"var"`              // the structure's name
	Type   string `json:"type"`             // its type's name
	Module string `json:"module,omitempty"` // the module that defines the type
	Array  bool   `json:"array,omitempty"`  // an array of structures
	// Lower, for the lower bound "s%a%lbD" of allocatable component s%a,
	// is D; 0 otherwise.
	Lower int `json:"lower,omitempty"`
}

// Elements returns the number of elements of shape.
func Elements(shape []int) int {
	n := 1
	for _, e := range shape {
		n *= e
	}
	return n
}

// AnyRank reports whether every array of k is sequence-associated
// (Param.Sequence), so that k takes arrays of any rank, as an elemental
// kernel does.
func (k *Kernel) AnyRank() bool {
	arrays := k.Arrays()
	for _, p := range arrays {
		if !p.Sequence {
			return false
		}
	}
	return len(arrays) > 0
}

// bound is the shape of the array given for p as binding sees it: for a
// sequence-associated p, its element count (see Param.Sequence).
func (p *Param) bound(shape []int) []int {
	if p.Sequence {
		return []int{Elements(shape)}
	}
	return shape
}

// Output reports whether the kernel writes p: an array it writes, or a
// scalar result.
func (p *Param) Output() bool { return p.Intent != In }

// Result reports whether p is a scalar result: an intent(out) or
// intent(inout) scalar, passed as a buffer of one element that the host
// reads back. An intent(inout) one is a scalar input as well (Scalars):
// the host program starts from its value (Note [inout scalars] in
// sema/scalarintent.go).
func (p *Param) Result() bool { return !p.Array && (p.Intent == Out || p.Intent == InOut) }

// ResultsStrategy marks a loop kernel's results launch, its last: one
// work-item writes the host program's values of the scalar results, which
// it takes as HostArgs named as the results, into their buffers. A host
// that runs the host program has those values at that launch, and may
// take them instead of launching it and reading the buffers back (Note
// [results from the host]).
const ResultsStrategy = "results"

// Note [results from the host]
//
// A loop kernel with scalar results (a reduction's sum, an intent(out)
// scalar) ends with a results launch (ResultsStrategy): one work-item
// writes the host program's values of the results into their buffers,
// for a host to read back. Every host forocl has runs that host program,
// so it has those values at that launch, and takes them instead, neither
// launching it nor reading the buffers:
//   - the runner (forocl run and compare: takeResults, readOutputs in
//     runner/steps.go);
//   - the Go harness (hostgen/gohostprog.go): its launch callback stores
//     them in the kept slices run returns; a run that waits (RunContext)
//     keeps the last launch's event open, and waits for it there;
//   - the Fortran host (hostgen/fortranhost.go): it assigns each result
//     dummy from its host variable once the program has run, in the run
//     that launches, where every host variable is known.
// A reduction thus costs one launch and one read fewer per call; on an
// H100 such a one-work-item launch takes about 6 µs of device time, 4% of
// a real(4) dot of 59 million elements. The values are the words the
// launch would have passed (HostValue), so the results are the same bits.
// The result buffers stay: the nests' launches take them as arguments.
// Split runs (slabs, MPI), which combine the parts' results themselves,
// still launch it. The OpenCL keeps the results kernel, for hosts that
// launch from the ABI alone (forocl build --abi).

// ResultShape is the shape a host reads result p back in: empty for a
// scalar result (a 0-d array), [n] for an integer array result of fixed
// size n (maxloc's positions), whose Shape holds n as a constant.
func (p *Param) ResultShape() []int {
	if len(p.Shape) == 1 && len(p.Shape[0].Terms) == 0 {
		return []int{p.Shape[0].Const}
	}
	return []int{}
}

// ResultElements is the number of elements of result p: 1 for a scalar.
func (p *Param) ResultElements() int {
	n := 1
	for _, e := range p.ResultShape() {
		n *= e
	}
	return n
}

// Buffer is a scratch buffer the host allocates for the launches: of
// Elements elements, or, when Groups names a launch, of one element per
// work-group of that launch (the partials of a reduction), or, when
// Extents is set, of the product of the extents (each taken as at least
// 0): a temporary or automatic array of a loop kernel, whose shape is
// affine in the sizes and whose contents are undefined on entry (format 7,
// FormatExtents).
type Buffer struct {
	Name     string   `json:"name"`
	Kind     Kind     `json:"kind"`
	Elements Affine   `json:"elements"`
	Groups   string   `json:"groups,omitempty"`
	Extents  []Affine `json:"extents,omitempty"`
}

// Count returns the number of elements of a buffer that is not one per
// work-group, with the given sizes.
func (b *Buffer) Count(sizes map[string]int) (int, error) {
	if len(b.Extents) == 0 {
		return b.Elements.Eval(sizes)
	}
	n := 1
	for _, e := range b.Extents {
		v, err := e.Eval(sizes)
		if err != nil {
			return 0, err
		}
		n = mulSat(n, max(v, 0))
	}
	return n, nil
}

// SpellCount writes the element count of a buffer that is not one per
// work-group as an expression, each extent spelled by spell and clamped
// at 0 by clamp: the hosts' spelling of Count.
func (b *Buffer) SpellCount(spell func(Affine) string, clamp func(string) string) string {
	if len(b.Extents) == 0 {
		return spell(b.Elements)
	}
	var parts []string
	for _, e := range b.Extents {
		x := spell(e)
		if !e.IsConstant() {
			x = clamp(x)
		}
		parts = append(parts, x)
	}
	return strings.Join(parts, "*")
}

// Launch is one NDRange launch.
type Launch struct {
	Symbol string `json:"symbol"` // the OpenCL kernel's name
	Args   []Arg  `json:"args"`
	// Global gives, per dimension, the grid positions the launch covers
	// and how many consecutive positions one work-item owns; the NDRange
	// is ceil(positions/per) rounded up to a multiple of Local.
	Global []Range `json:"global"`
	Local  []int   `json:"local"` // the work-group shape (reqd_work_group_size)
	// Origin is the grid position (0-based) that work-item 0 owns; for
	// reading only: the kernel adds it itself.
	Origin []int `json:"origin"`
	// If, when not empty, is a condition on scalar parameters: the launch
	// runs only when it holds. (No kernel needs it yet.)
	If string `json:"if,omitempty"`
	// MayBeEmpty says the launch covers a loop nest, whose iteration space
	// may be empty (do i = 2, n-1 with n = 2), and whose kernel checks
	// every work-item against it: with no positions in a dimension the
	// launch runs one work-group there, which does nothing, as the empty
	// loop of Fortran does nothing.
	MayBeEmpty bool `json:"may_be_empty,omitempty"`
	// Accesses are the index ranges of the launch's subscripts that hosts
	// check against the declared bounds before a run (Note [access
	// ranges] in bounds.go); loop kernels only.
	Accesses []Access `json:"accesses,omitempty"`
	// LocalBytes is the __local memory one work-group uses.
	LocalBytes int    `json:"local_bytes"`
	Strategy   string `json:"strategy"` // "local" or "direct", for reports; ResultsStrategy for a results launch
	// Int32Frame says the launch numbers the elements of its frame in a
	// 32-bit int in either index type (maxloc and minloc): a host must
	// refuse arrays of more than MaxInt32 elements (Note [index types]).
	Int32Frame bool `json:"int32_frame,omitempty"`
}

// Range is one dimension of a launch.
type Range struct {
	Positions Affine `json:"positions"`
	Per       int    `json:"per"`
	// First, for a loop nest, is the value of its index at work-item 0
	// (the loop's lower bound, affine in the sizes, or under --align the
	// first element of the written array's row, NestPlan.Align); the
	// kernel adds global ids to it in FOROCL_INDEX_T (Note [index types]).
	First *Affine `json:"first,omitempty"`
}

// ArgKind says what a launch argument is.
type ArgKind string

const (
	ParamArg   ArgKind = "param"   // a Param, by name: a buffer, a value, or a result's buffer of one element
	SizeArg    ArgKind = "size"    // a Size, as a 32-bit int
	ScratchArg ArgKind = "scratch" // a Buffer, by name
	GroupsArg  ArgKind = "groups"  // the number of work-groups of the launch named, as a 32-bit int
	LoopArg    ArgKind = "loop"    // the current value of the variable of the enclosing Loop named, as a 32-bit int
	HostArg    ArgKind = "host"    // the value of the host variable or scalar named at the launch (Note [host program]), of kind Type
)

// Arg is one OpenCL kernel argument.
type Arg struct {
	Kind ArgKind `json:"kind"`
	Name string  `json:"name"`
	// Type is a HostArg's kind (a logical passed as a 32-bit int 0 or 1);
	// "" is the default integer (format 3).
	Type Kind `json:"type,omitempty"`
}

// Affine is Const + sum of Coef*Size over its terms.
type Affine struct {
	Const int    `json:"const"`
	Terms []Term `json:"terms,omitempty"`
}

// Term is one Coef*Size of an Affine.
type Term struct {
	Coef int    `json:"coef"`
	Size string `json:"size"`
}

// SizeMinus returns the affine expression name - c.
func SizeMinus(name string, c int) Affine {
	return Affine{Const: -c, Terms: []Term{{Coef: 1, Size: name}}}
}

// Eval evaluates a with the given sizes; a size not given is an error.
func (a Affine) Eval(sizes map[string]int) (int, error) {
	v := a.Const
	for _, t := range a.Terms {
		s, ok := sizes[t.Size]
		if !ok {
			return 0, fmt.Errorf("size %q is not known", t.Size)
		}
		v += t.Coef * s
	}
	return v, nil
}

func (a Affine) String() string { return a.Spell(func(size string) string { return size }) }

// Spell writes a as an expression in C, Go or Fortran syntax, with each
// size spelled by name: 2*nx - ny + 1, -n, 0. Hosts spell their launches
// with it.
func (a Affine) Spell(name func(size string) string) string {
	var b strings.Builder
	for i, t := range a.Terms {
		c := t.Coef
		switch {
		case i == 0 && c < 0:
			b.WriteString("-")
			c = -c
		case i > 0 && c < 0:
			b.WriteString(" - ")
			c = -c
		case i > 0:
			b.WriteString(" + ")
		}
		if c != 1 {
			fmt.Fprintf(&b, "%d*", c)
		}
		b.WriteString(name(t.Size))
	}
	switch {
	case len(a.Terms) == 0:
		fmt.Fprint(&b, a.Const)
	case a.Const > 0:
		fmt.Fprintf(&b, " + %d", a.Const)
	case a.Const < 0:
		fmt.Fprintf(&b, " - %d", -a.Const)
	}
	return b.String()
}

// Param returns the parameter called name (case-insensitive), or nil.
func (k *Kernel) Param(name string) *Param {
	for i := range k.Params {
		if strings.EqualFold(k.Params[i].Name, name) {
			return &k.Params[i]
		}
	}
	return nil
}

// Arrays, Scalars, Results and Outputs list the kernel's array
// parameters, scalar inputs, scalar results, and what it writes (arrays
// and results), in argument order. An intent(inout) scalar is both a
// scalar input and a result.
func (k *Kernel) Arrays() []*Param { return k.filter(func(p *Param) bool { return p.Array }) }
func (k *Kernel) Scalars() []*Param {
	return k.filter(func(p *Param) bool { return !p.Array && p.Intent != Out })
}
func (k *Kernel) Results() []*Param { return k.filter((*Param).Result) }
func (k *Kernel) Outputs() []*Param { return k.filter((*Param).Output) }

func (k *Kernel) filter(keep func(*Param) bool) []*Param {
	var out []*Param
	for i := range k.Params {
		if keep(&k.Params[i]) {
			out = append(out, &k.Params[i])
		}
	}
	return out
}

// Names returns the names of ps.
func Names(ps []*Param) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// Bind works out the kernel's sizes from the shapes of the arrays a host
// was given (by parameter name, as in Params; arrays not given are left
// out) and checks every given shape against the kernel's extents; a
// sequence-associated array (Param.Sequence) may have any shape with as
// many elements. The error names the array and both shapes.
func (k *Kernel) Bind(shapes map[string][]int) (map[string]int, error) {
	return k.BindWith(shapes, nil)
}

// BindWith is Bind with some sizes given by the host (by size name; names
// that are not sizes are ignored). See Note [one binding].
//
// Note [one binding]
//
// Every kernel's interface is arrays with declared shapes affine in named
// sizes (Param.Shape). A size is an integer scalar parameter that extents
// are affine in, such as x_min and x_max in an extent x_max - x_min + 5,
// or the extent of an assumed-shape array (a region kernel's grid extents
// n1..nr: every grid array has shape (n1, ..., nr) and lower bounds 1). A
// host binds them all one way: the sizes given, then any size that is the
// one unknown of an extent of a given array with coefficient ±1 (from the
// array's shape); the others must be given (forocl run --set). Units
// before FormatShapes marked kernels bound this way "loops": true and bound
// the others (region kernels) by a rule this one includes; Unmarshal
// converts them: an old loop kernel's launches cover loop nests
// (Launch.MayBeEmpty), which is what hosts still need to know (slabs).
func (k *Kernel) BindWith(shapes map[string][]int, given map[string]int) (map[string]int, error) {
	return k.bind(shapes, given)
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Extents returns the extents of array p for the given sizes; an extent
// below 0 is 0, as in Fortran (a(n) with n = -5 has no elements).
func (p *Param) Extents(sizes map[string]int) ([]int, error) {
	out := make([]int, len(p.Shape))
	for d, e := range p.Shape {
		v, err := e.Eval(sizes)
		if err != nil {
			return nil, err
		}
		out[d] = max(v, 0)
	}
	return out, nil
}

// NDRange returns the global and local sizes of l for the given sizes: per
// dimension ceil(positions/per), rounded up to a multiple of the
// work-group. A dimension with no positions (halos wider than the grid) is
// an error.
func (l *Launch) NDRange(sizes map[string]int) (global, local []int, err error) {
	global = make([]int, len(l.Global))
	for d, r := range l.Global {
		e, err := r.Positions.Eval(sizes)
		if err != nil {
			return nil, nil, err
		}
		if e < 1 && l.MayBeEmpty {
			e = 1
		}
		if e < 1 {
			if t := r.Positions.Terms; len(t) == 1 && t[0].Coef == 1 {
				return nil, nil, fmt.Errorf("grid extent %d in dimension %d leaves no interior (the halos take %d)", sizes[t[0].Size], d+1, -r.Positions.Const)
			}
			return nil, nil, fmt.Errorf("grid extent %s = %d in dimension %d leaves no interior", r.Positions, e, d+1)
		}
		if r.Per > 1 {
			e = (e + r.Per - 1) / r.Per
		}
		global[d] = (e + l.Local[d] - 1) / l.Local[d] * l.Local[d]
	}
	return global, append([]int(nil), l.Local...), nil
}

// ShapeString spells a shape as (4, 5).
func ShapeString(s []int) string {
	p := make([]string, len(s))
	for i, n := range s {
		p[i] = fmt.Sprint(n)
	}
	return "(" + strings.Join(p, ", ") + ")"
}

// Marshal returns u as indented JSON, the file `forocl build --abi` writes.
func Marshal(u *Unit) ([]byte, error) {
	b, err := json.MarshalIndent(u, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Unmarshal reads a unit written by Marshal, refusing other format
// versions; it converts units older than FormatShapes (Note [one binding]).
func Unmarshal(b []byte) (*Unit, error) {
	var u Unit
	if err := json.Unmarshal(b, &u); err != nil {
		return nil, fmt.Errorf("abi: %v", err)
	}
	if u.Format < FormatVersion || u.Format > FormatNewest {
		return nil, fmt.Errorf("abi: format version %d; this forocl reads versions %d to %d", u.Format, FormatVersion, FormatNewest)
	}
	if u.Format < FormatShapes {
		if err := convertLoops(&u, b); err != nil {
			return nil, err
		}
	}
	for _, k := range u.Kernels {
		for _, s := range k.Sizes {
			if s.Quot != nil && s.Quot.Div <= 0 {
				return nil, fmt.Errorf("abi: kernel %q: size %q is a quotient by %d; the divisor must be positive", k.Name, s.Name, s.Quot.Div)
			}
		}
		for _, p := range k.Params {
			if p.Sequence && (!p.Array || len(p.Shape) != 1) {
				return nil, fmt.Errorf("abi: kernel %q: parameter %q is sequence-associated but not an array of rank 1", k.Name, p.Name)
			}
		}
		if err := k.CheckLoops(); err != nil {
			return nil, fmt.Errorf("abi: %v", err)
		}
	}
	return &u, nil
}

// convertLoops reads the "loops" marks of a unit older than FormatShapes
// (Note [one binding]): every launch of a kernel so marked covers a loop
// nest, as codegen wrote them, and says so.
func convertLoops(u *Unit, b []byte) error {
	var old struct {
		Kernels []struct {
			OldLoops bool `json:"loops"` // format 1-5: a loop kernel
		} `json:"kernels"`
	}
	if err := json.Unmarshal(b, &old); err != nil {
		return fmt.Errorf("abi: %v", err)
	}
	for i, k := range old.Kernels {
		if k.OldLoops && i < len(u.Kernels) {
			for _, l := range u.Kernels[i].Launches {
				l.MayBeEmpty = true
			}
		}
	}
	return nil
}

// bind binds a kernel's sizes: the given ones, then repeatedly any size
// that is the one unknown of an extent of a given array with coefficient
// ±1; then it checks every given shape.
func (k *Kernel) bind(shapes map[string][]int, given map[string]int) (map[string]int, error) {
	sizes := map[string]int{}
	from := map[string]string{} // the array whose shape determined a size; "" when given
	for _, s := range k.Sizes {
		if v, ok := given[s.Name]; ok {
			sizes[s.Name] = v
		}
	}
	arrays := k.Arrays()
	for _, p := range arrays {
		if shape, ok := shapes[p.Name]; ok && len(p.bound(shape)) != len(p.Shape) {
			return nil, fmt.Errorf("array %q has shape %s but kernel %q takes a %d-D array", p.Name, ShapeString(shape), k.Name, len(p.Shape))
		}
	}
	quot := map[string]bool{}
	for _, s := range k.Sizes {
		quot[s.Name] = s.Quot != nil
	}
	for progress := true; progress; {
		progress = false
		for _, s := range k.Sizes {
			if _, ok := sizes[s.Name]; !ok && s.Quot != nil {
				if v, err := s.Quot.Eval(sizes); err == nil {
					sizes[s.Name] = v
					progress = true
				}
			}
		}
		for _, p := range arrays {
			shape, ok := shapes[p.Name]
			if !ok {
				continue
			}
			shape = p.bound(shape)
			for d, ext := range p.Shape {
				unknown, rest := -1, ext.Const
				for i, t := range ext.Terms {
					if v, ok := sizes[t.Size]; ok {
						rest += t.Coef * v
					} else if quot[t.Size] {
						unknown = -2 // computed, never solved from a shape
						break
					} else if unknown < 0 {
						unknown = i
					} else {
						unknown = -2
						break
					}
				}
				if unknown < 0 {
					continue
				}
				t := ext.Terms[unknown]
				if t.Coef != 1 && t.Coef != -1 {
					continue
				}
				sizes[t.Size] = (shape[d] - rest) * t.Coef
				from[t.Size] = p.Name
				progress = true
			}
		}
	}
	for _, s := range k.Sizes {
		if _, ok := sizes[s.Name]; !ok && k.Param(s.Name) == nil && len(shapes) == 0 {
			return nil, fmt.Errorf("kernel %q: no array given, so size %q (an extent of the arrays) is unknown", k.Name, s.Name)
		}
		if _, ok := sizes[s.Name]; !ok {
			return nil, fmt.Errorf("kernel %q: size %q cannot be derived from the shapes of the arrays given; give it with --set %s=VALUE", k.Name, s.Name, s.Name)
		}
	}
	for _, p := range arrays {
		shape, ok := shapes[p.Name]
		if !ok {
			continue
		}
		want, err := p.Extents(sizes)
		if err != nil {
			return nil, err
		}
		if b := p.bound(shape); !equal(b, want) {
			if p.Sequence {
				return nil, fmt.Errorf("array %q has shape %s, %d elements, but kernel %q takes %d elements (%s)%s", p.Name, ShapeString(shape), b[0], k.Name, want[0], sizeList(k, sizes), blame(p, b, want, sizes, from, shapes))
			}
			return nil, fmt.Errorf("array %q has shape %s but kernel %q declares it %s with %s%s", p.Name, ShapeString(shape), k.Name, ShapeString(want), sizeList(k, sizes), blame(p, shape, want, sizes, from, shapes))
		}
	}
	return sizes, nil
}

// blame says where the sizes in the extents of p that disagree with shape
// came from: the array whose shape determined them, or --set.
func blame(p *Param, shape, want []int, sizes map[string]int, from map[string]string, shapes map[string][]int) string {
	var parts, suspects []string
	seen := map[string]bool{}
	set := false
	for d, e := range p.Shape {
		if shape[d] == want[d] {
			continue
		}
		for _, t := range e.Terms {
			if seen[t.Size] {
				continue
			}
			seen[t.Size] = true
			switch a := from[t.Size]; {
			case a == "":
				set = true
				parts = append(parts, fmt.Sprintf("%s=%d was given with --set", t.Size, sizes[t.Size]))
			case a == p.Name:
				parts = append(parts, fmt.Sprintf("%s=%d comes from another extent of %q", t.Size, sizes[t.Size], a))
			default:
				parts = append(parts, fmt.Sprintf("%s=%d comes from the shape %s of array %q", t.Size, sizes[t.Size], ShapeString(shapes[a]), a))
				if !seen["array "+a] {
					seen["array "+a] = true
					suspects = append(suspects, fmt.Sprintf("%q", a))
				}
			}
		}
	}
	if len(parts) == 0 {
		return ""
	}
	var hint string
	switch {
	case len(suspects) > 0:
		hint = fmt.Sprintf("%s or %q has the wrong shape", strings.Join(suspects, ", "), p.Name)
	case set:
		hint = fmt.Sprintf("check the --set value or the shape of %q", p.Name)
	default:
		hint = "its extents disagree"
	}
	return ": " + strings.Join(parts, ", ") + "; " + hint
}

// sizeList spells the sizes of k as "x_min=1, x_max=10".
func sizeList(k *Kernel, sizes map[string]int) string {
	var parts []string
	for _, s := range k.Sizes {
		parts = append(parts, fmt.Sprintf("%s=%d", s.Name, sizes[s.Name]))
	}
	return strings.Join(parts, ", ")
}
