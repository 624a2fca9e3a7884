package abi

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Note [host program]
//
// A loop kernel is a host procedure whose parallel loop nests are
// launches. Besides launches and host loops (Note [host loops]), its
// program holds host statements that the host runs between launches:
// Set assigns a host variable (a scalar local or result of the Fortran
// kernel, of any scalar kind) the value of an Expr, If runs its Then or
// its Else steps (the IFs and SELECT CASEs around nests: a launch in a
// branch not taken does not run), and Combine folds a reduction's value,
// read back from the device, into its scalar. Expressions read
// constants, sizes, scalar parameters, host variables, loop variables
// (all held in vals by name, as words: Note [host values]) and elements
// of array parameters (Note [host elements]).
//
// A launch's ranges (Range.Positions, Range.First) may name host
// variables, with their values at that launch; a launch argument of kind
// HostArg passes a host variable's value, of its kind. A host runs the
// program once without launching (LaunchVals, a dry run) to size
// NDRanges and scratch buffers: there a value read from the device (a
// Combine's, an element's) is unknown, what is computed from it too, and
// neither branch of an IF whose condition reads one runs. A launch whose
// ranges read such a value is late: the host sizes it when it reaches
// it (Note [late launches]).
//
// Kernel.Steps holds the program when it has host statements (nil
// otherwise: Program builds it from HostLoops, and old units read as
// before). Eval and Kernel.Run give the semantics, in one place (Note
// [host values]): integers in their kind, a result outside it an error,
// never a wrap; division truncating toward zero, MOD with the sign of the
// dividend, division or MOD by zero an error; comparisons and
// .and./.or./.not. on 0/1; reals rounded to their kind after every
// operation. The Go harness runs the program through this package; the
// Fortran host emits the same operations in Fortran.

// Expr is a host expression: Op with its operands, of kind Kind (Note
// [host values]).
type Expr struct {
	// Op is one of: const, name, elem, neg, +, -, *, /, **, mod, modulo,
	// sign, min, max, abs, sqrt, conv, nint, merge, ==, /=, <, <=, >, >=,
	// and, or, not. An elem reads element Name(Args...) of an array
	// parameter (Note [host elements]).
	Op    string  `json:"op"`
	Kind  Kind    `json:"kind,omitempty"`  // the value's kind; "" is integer
	Value int     `json:"value,omitempty"` // const of an integer or logical kind
	Real  float64 `json:"real,omitempty"`  // const of a real kind
	Bits  string  `json:"bits,omitempty"`  // const of a real kind that JSON cannot spell (NaN, infinities): its float64 bits, decimal
	Name  string  `json:"name,omitempty"`  // name: a size, scalar parameter, host or loop variable; elem: an array parameter
	Args  []Expr  `json:"args,omitempty"`
	Line  int     `json:"line,omitempty"` // elem: the source line that reads it, for messages
}

// Set assigns host variable Var (of Kind) the value of X, converted to
// Kind as Fortran's assignment does.
type Set struct {
	Var  string `json:"var"`
	Kind Kind   `json:"kind"`
	X    Expr   `json:"x"`
	// NonZero, when set, makes a zero value an error with this message
	// (the step of a parallel loop: "line 65: the step of the loop over
	// \"jt\" is zero"), which a host reports as it reports the others.
	NonZero string `json:"nonzero,omitempty"`
}

// If runs Then when Cond is true (non-zero), else Else.
type If struct {
	Cond Expr   `json:"cond"`
	Then []Step `json:"then,omitempty"`
	Else []Step `json:"else,omitempty"`
}

// Combine folds the value a reducing launch left in scratch buffer
// Buffer (one element) into host variable Var of Kind, as Fortran's
// reduction does with the variable's value before the loop: Var = Var Op
// value, Op one of +, *, max, min, or, and (max and min of reals drop a
// NaN, as OpenCL's fmax and fmin). The host reads the buffer back when
// it reaches the step (Note [host program]).
type Combine struct {
	Var    string `json:"var"`
	Kind   Kind   `json:"kind"`
	Op     string `json:"op"`
	Buffer string `json:"buffer"`
}

// IsLaunch reports whether s is a launch.
func (s *Step) IsLaunch() bool {
	return s.Loop == nil && s.Set == nil && s.If == nil && s.Combine == nil && s.Print == nil
}

// arity gives the operand count of each operator (-1: one or more).
var arity = map[string]int{
	"const": 0, "name": 0, "elem": -1, "neg": 1, "abs": 1, "not": 1, "sqrt": 1, "conv": 1, "nint": 1,
	"+": 2, "-": 2, "*": 2, "/": 2, "**": 2, "mod": 2, "modulo": 2, "sign": 2,
	"==": 2, "/=": 2, "<": 2, "<=": 2, ">": 2, ">=": 2, "and": 2, "or": 2,
	"min": -1, "max": -1, "merge": 3,
}

// Eval evaluates x with vals (see Notes [host program] and [host
// values] for the semantics) and returns its word; an element read is an
// error (see eval).
func (x *Expr) Eval(vals map[string]int) (int, error) {
	return x.eval(vals, nil)
}

// errUnknown is the error of a dry run's read of a value it does not
// know (Host.Read and Host.Elem nil, Note [host program]).
var errUnknown = errors.New("a value read from the device, unknown in a dry run")

// eval is Eval with elem reading the elements x reads (nil: none may be
// read, and an elem is unknown).
func (x *Expr) eval(vals map[string]int, elem func(x *Expr, index []int) (int, error)) (int, error) {
	n, ok := arity[x.Op]
	if !ok || n >= 0 && len(x.Args) != n || n < 0 && len(x.Args) == 0 {
		return 0, fmt.Errorf("host expression %s is malformed", x)
	}
	switch x.Op {
	case "const":
		if x.exprKind().IsReal() && x.Bits != "" {
			b, err := strconv.ParseUint(x.Bits, 10, 64)
			return int(b), err
		}
		if x.exprKind().IsReal() {
			return RealWord(x.Real), nil
		}
		return x.Value, nil
	case "name":
		v, ok := vals[x.Name]
		if !ok {
			return 0, fmt.Errorf("%q has no value", x.Name)
		}
		return v, nil
	}
	var small [4]int // the operands of most operators, on the stack
	a := small[:0]
	if len(x.Args) > len(small) {
		a = make([]int, 0, len(x.Args))
	}
	a = a[:len(x.Args)]
	for i := range x.Args {
		v, err := x.Args[i].eval(vals, elem)
		if err != nil {
			return 0, err
		}
		a[i] = v
	}
	if x.Op == "elem" {
		if elem == nil {
			return 0, errUnknown
		}
		return elem(x, slices.Clone(a)) // elem may keep its index
	}
	v, err := x.apply(a)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", x.String(), err)
	}
	return v, nil
}

// apply applies x's operator to the words a of its operands.
func (x *Expr) apply(a []int) (int, error) {
	if v, ok, err := x.typedOp(a); ok {
		return v, err
	}
	k := x.exprKind()
	if k.IsReal() {
		f := make([]float64, len(a))
		for i, w := range a {
			f[i] = WordReal(w)
		}
		v, err := applyReal(x.Op, k, f)
		return RealWord(v), err
	}
	var v int
	var err error
	switch x.Op {
	case "+", "-", "*":
		v, err = checkedInt(x.Op, a[0], a[1])
	case "neg":
		v, err = checkedInt("-", 0, a[0])
	case "abs":
		v, err = checkedInt("-", 0, a[0])
		if a[0] >= 0 {
			v = a[0]
		}
	case "modulo":
		v, err = apply("mod", a)
		if err == nil && v != 0 && (v < 0) != (a[1] < 0) {
			v += a[1]
		}
	case "sign":
		v, err = checkedInt("-", 0, a[0])
		if a[0] >= 0 == (a[1] >= 0) {
			v = a[0]
		}
	default:
		v, err = apply(x.Op, a)
	}
	if err == nil {
		err = fitInt(v, k)
	}
	return v, err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func apply(op string, a []int) (int, error) {
	switch op {
	case "neg":
		return -a[0], nil
	case "abs":
		return abs(a[0]), nil
	case "not":
		return b2i(a[0] == 0), nil
	case "+":
		return a[0] + a[1], nil
	case "-":
		return a[0] - a[1], nil
	case "*":
		return a[0] * a[1], nil
	case "/", "mod":
		if a[1] == 0 {
			return 0, fmt.Errorf("division by zero")
		}
		if op == "/" {
			return a[0] / a[1], nil // Go truncates toward zero, as Fortran
		}
		return a[0] % a[1], nil // the sign of the dividend, as Fortran's MOD
	case "==":
		return b2i(a[0] == a[1]), nil
	case "/=":
		return b2i(a[0] != a[1]), nil
	case "<":
		return b2i(a[0] < a[1]), nil
	case "<=":
		return b2i(a[0] <= a[1]), nil
	case ">":
		return b2i(a[0] > a[1]), nil
	case ">=":
		return b2i(a[0] >= a[1]), nil
	case "and":
		return b2i(a[0] != 0 && a[1] != 0), nil
	case "or":
		return b2i(a[0] != 0 || a[1] != 0), nil
	case "min":
		return minOf(a[0], a[1:]...), nil
	case "max":
		return maxOf(a[0], a[1:]...), nil
	}
	return 0, fmt.Errorf("unknown operator %q", op)
}

func minOf(x int, ys ...int) int {
	for _, y := range ys {
		if y < x {
			x = y
		}
	}
	return x
}

func maxOf(x int, ys ...int) int {
	for _, y := range ys {
		if y > x {
			x = y
		}
	}
	return x
}

// String spells x in Fortran.
func (x Expr) String() string {
	switch x.Op {
	case "const":
		switch x.Kind {
		case Real4:
			return realLit(strconv.FormatFloat(x.Real, 'g', -1, 32)) + "_4"
		case Real8:
			return realLit(strconv.FormatFloat(x.Real, 'g', -1, 64)) + "_8"
		case Logical:
			return map[bool]string{true: ".true.", false: ".false."}[x.Value != 0]
		}
		return fmt.Sprint(x.Value)
	case "name":
		return x.Name
	case "elem":
		p := make([]string, len(x.Args))
		for i := range x.Args {
			p[i] = x.arg(i)
		}
		return x.Name + "(" + strings.Join(p, ", ") + ")"
	case "conv":
		if x.exprKind().IsReal() {
			return "real(" + x.arg(0) + ", " + strings.TrimSuffix(strings.TrimPrefix(string(x.Kind), "real("), ")") + ")"
		}
		if x.Kind == Int64 {
			return "int(" + x.arg(0) + ", 8)"
		}
		return "int(" + x.arg(0) + ")"
	case "neg":
		return "(-" + x.arg(0) + ")"
	case "not":
		return "(.not. " + x.arg(0) + ")"
	case "and", "or":
		return "(" + x.arg(0) + " ." + x.Op + ". " + x.arg(1) + ")"
	case "abs", "mod", "min", "max", "modulo", "sign", "sqrt", "nint", "merge":
		p := make([]string, len(x.Args))
		for i := range x.Args {
			p[i] = x.arg(i)
		}
		return x.Op + "(" + strings.Join(p, ", ") + ")"
	}
	if len(x.Args) == 2 {
		return "(" + x.arg(0) + " " + x.Op + " " + x.arg(1) + ")"
	}
	return "<" + x.Op + "?>"
}

// realLit makes a formatted real a Fortran real literal: 2 -> 2.0.
func realLit(f string) string {
	if strings.ContainsAny(f, ".eIN") {
		return f
	}
	return f + ".0"
}

func (x Expr) arg(i int) string {
	if i < len(x.Args) {
		return x.Args[i].String()
	}
	return "?"
}

// Names calls f for every name x reads.
func (x *Expr) Names(f func(string)) {
	if x.Op == "name" {
		f(x.Name)
	}
	for i := range x.Args {
		x.Args[i].Names(f)
	}
}

// exec runs a host statement and returns the steps to run next.
func (w *walker) exec(h *Host, s *Step) (body []Step, err error) {
	k, vals := w.k, w.vals
	switch {
	case s.Combine != nil:
		c := s.Combine
		if h.Read == nil {
			w.unknown[c.Var] = true
			return nil, nil
		}
		v, err := h.Read(c.Buffer, c.Kind)
		if err == nil {
			v, err = combine(c, vals[c.Var], v)
		}
		if err != nil {
			return nil, fmt.Errorf("kernel %q: the reduction into %s: %v", k.Name, c.Var, err)
		}
		vals[c.Var] = v
	case s.Set != nil:
		v, known, err := w.value(h, &s.Set.X)
		if err == nil && known && s.Set.Kind != Logical { // converted to the variable's kind
			conv := Expr{Op: "conv", Kind: s.Set.Kind}
			if v, err = conv.convert(v, s.Set.X.exprKind()); err != nil {
				conv.Args = []Expr{s.Set.X}
				err = fmt.Errorf("%s: %v", conv.String(), err)
			}
		}
		if err == nil && !known {
			w.unknown[s.Set.Var] = true
			return nil, nil
		}
		delete(w.unknown, s.Set.Var)
		if err != nil {
			return nil, fmt.Errorf("kernel %q: setting %s: %v", k.Name, s.Set.Var, err)
		}
		if s.Set.NonZero != "" && v == 0 {
			return nil, fmt.Errorf("kernel %q: %s", k.Name, s.Set.NonZero)
		}
		if s.Set.Kind == Logical {
			v = b2i(v != 0)
		}
		vals[s.Set.Var] = v
	case s.Print != nil:
		return nil, w.print(h, s.Print)
	case s.If != nil:
		c, known, err := w.value(h, &s.If.Cond)
		if err == nil && !known {
			for _, v := range setIn(s.If.Then, setIn(s.If.Else, nil)) {
				w.unknown[v] = true
			}
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("kernel %q: IF %s: %v", k.Name, s.If.Cond, err)
		}
		if c != 0 {
			return s.If.Then, nil
		}
		return s.If.Else, nil
	}
	return nil, nil
}

// value evaluates x; known is false when x reads a value a dry run does
// not know (a variable computed from the device's data, or an element).
func (w *walker) value(h *Host, x *Expr) (v int, known bool, err error) {
	if w.reads(x) {
		return 0, false, nil
	}
	var elem func(*Expr, []int) (int, error)
	switch {
	case h.Elem != nil:
		elem = func(x *Expr, index []int) (int, error) { return w.elem(h, x, index) }
	case h.In != nil: // a dry run that knows the intent(in) arrays
		elem = func(x *Expr, index []int) (int, error) {
			if p := w.k.Param(x.Name); p == nil || p.Intent != In {
				return 0, errUnknown
			}
			return w.elem(h, x, index)
		}
	}
	v, err = x.eval(w.vals, elem)
	if errors.Is(err, errUnknown) {
		return 0, false, nil
	}
	return v, true, err
}

// Note [host elements]
//
// A host expression may read an element of an array parameter (op elem:
// Name the array, Args its subscripts as Fortran writes them, Line the
// source line): IF (fields(FIELD_DENSITY0) == 1) around nests, x_cent =
// state_xmin(state) in a host loop. The host checks every subscript
// against the array's declared bounds (Param.Lower and Param.Shape, with
// the sizes' values) when it reaches the read, and a subscript outside
// them is an error naming the array, the index and the line, never a
// read. The element is read when the program reaches it, so it sees what
// the launches before it wrote: the runner and the Go harness read it
// from the device buffer (Host.Elem), the Fortran host reads an
// intent(in) array's element from its own dummy and reads any other
// array back from the device first. A dry run (LaunchVals) knows no
// element of an array a launch may write: what it computes from one is
// unknown, as a reduction's value is. It does know the elements of
// intent(in) arrays, which no launch changes (LaunchValsIn: the host
// reads them from its inputs, Host.In), so a bound may be start(1) of an
// intent(in) start (sema/hostvars.go); sema sees to it that no bound
// depends on any other element, and a unit with such a bound is
// FormatInElems, which an older host, whose dry run knows no element,
// refuses.

// elem reads element index of x's array through the host, after
// checking index against the declared bounds (Note [host elements]).
func (w *walker) elem(h *Host, x *Expr, index []int) (int, error) {
	p := w.k.Param(x.Name)
	if p == nil || !p.Array || len(p.Shape) != len(index) {
		return 0, fmt.Errorf("host expression %s reads no array parameter of rank %d", x, len(index))
	}
	off, stride := 0, 1
	for d, i := range index {
		lo, ext := 1, 0
		var err error
		if d < len(p.Lower) {
			lo, err = p.Lower[d].Eval(w.vals)
		}
		if err == nil {
			ext, err = p.Shape[d].Eval(w.vals)
		}
		if err != nil {
			return 0, err
		}
		if i < lo || i >= lo+max(ext, 0) {
			return 0, fmt.Errorf("line %d: %s is outside the declared bounds of %q: subscript %d is %d, not in %d:%d", x.Line, elemString(x.Name, index), p.Name, d+1, i, lo, lo+ext-1)
		}
		off += (i - lo) * stride
		stride *= ext
	}
	read := h.Elem
	if read == nil {
		read = h.In
	}
	v, err := read(p.Name, p.Kind, off)
	if err != nil {
		return 0, fmt.Errorf("line %d: reading %s: %v", x.Line, elemString(x.Name, index), err)
	}
	if p.Kind == Logical {
		v = b2i(v != 0)
	}
	return v, nil
}

// elemString spells element index of array name: a(3, 4).
func elemString(name string, index []int) string {
	p := make([]string, len(index))
	for i, v := range index {
		p[i] = fmt.Sprint(v)
	}
	return name + "(" + strings.Join(p, ", ") + ")"
}

// reads reports whether x reads a value a dry run does not know.
func (w *walker) reads(x *Expr) bool {
	found := false
	x.Names(func(n string) { found = found || w.unknown[n] })
	return found
}

// setIn appends the variables steps set.
func setIn(steps []Step, out []string) []string {
	for _, s := range steps {
		switch {
		case s.Set != nil:
			out = append(out, s.Set.Var)
		case s.Combine != nil:
			out = append(out, s.Combine.Var)
		case s.If != nil:
			out = setIn(s.If.Then, setIn(s.If.Else, out))
		case s.Loop != nil:
			out = setIn(s.Body, out)
		}
	}
	return out
}

// combine folds word v into word acc by c.Op.
func combine(c *Combine, acc, v int) (int, error) {
	op := c.Op
	switch op {
	case "and", "or":
		return b2i(op == "and" && acc != 0 && v != 0 || op == "or" && (acc != 0 || v != 0)), nil
	case "max", "min":
		if c.Kind.IsReal() && math.IsNaN(WordReal(acc)) {
			return v, nil
		}
		if c.Kind.IsReal() && math.IsNaN(WordReal(v)) {
			return acc, nil
		}
	}
	if _, ok := arity[op]; !ok || op != "+" && op != "*" && op != "max" && op != "min" {
		return 0, fmt.Errorf("unknown reduction operator %q", op)
	}
	x := Expr{Op: op, Kind: c.Kind} // a op b, applied without a map of a and b
	operands := [2]int{acc, v}
	r, err := x.apply(operands[:])
	if err != nil {
		x.Args = []Expr{{Op: "name", Kind: c.Kind, Name: "a"}, {Op: "name", Kind: c.Kind, Name: "b"}}
		return 0, fmt.Errorf("%s: %v", x.String(), err)
	}
	return r, nil
}

// ReadsElements reports whether the kernel's program reads elements of
// arrays (Note [host elements]).
func (k *Kernel) ReadsElements() bool {
	found := false
	visitExprs(k.Steps, func(x *Expr) {
		x.visit(func(y *Expr) { found = found || y.Op == "elem" })
	})
	return found
}

// visit calls f for x and every expression inside it.
func (x *Expr) visit(f func(*Expr)) {
	f(x)
	for i := range x.Args {
		x.Args[i].visit(f)
	}
}

// visitExprs calls f for the expression of every Set and IF of steps.
func visitExprs(steps []Step, f func(*Expr)) {
	for i := range steps {
		s := &steps[i]
		switch {
		case s.Set != nil:
			f(&s.Set.X)
		case s.If != nil:
			f(&s.If.Cond)
			visitExprs(s.If.Then, f)
			visitExprs(s.If.Else, f)
		}
		visitExprs(s.Body, f)
	}
}

// HostVars lists the host variables the kernel's program sets, in order
// of first appearance.
func (k *Kernel) HostVars() []Set {
	var out []Set
	seen := map[string]bool{}
	var visit func([]Step)
	visit = func(steps []Step) {
		for _, s := range steps {
			if s.Set != nil && !seen[s.Set.Var] {
				seen[s.Set.Var] = true
				out = append(out, *s.Set)
			}
			if c := s.Combine; c != nil && !seen[c.Var] {
				seen[c.Var] = true
				out = append(out, Set{Var: c.Var, Kind: c.Kind})
			}
			visit(s.Body)
			if s.If != nil {
				visit(s.If.Then)
				visit(s.If.Else)
			}
		}
	}
	visit(k.Steps)
	for _, t := range k.CharTests { // the host computes them first (Note [host characters] in ir/chars.go)
		out = append(out, Set{Var: t.Var, Kind: Logical})
	}
	if k.Steps != nil {
		for _, p := range k.Results() {
			if !seen[p.Name] { // a result the program never sets: 0
				out = append(out, Set{Var: p.Name, Kind: p.Kind})
			}
		}
	}
	return out
}

// LaunchVals runs the program without launching (Note [host program])
// and returns, per launch, the values of the sizes, scalar parameters and
// host variables it sees (loop variables left out); a launch the program
// never reaches gets the values at the end. init holds the sizes and the
// integer and logical scalar parameters.
func (k *Kernel) LaunchVals(init map[string]int) ([]map[string]int, error) {
	return k.LaunchValsIn(init, nil)
}

// LaunchValsIn is LaunchVals whose dry run reads the elements of
// intent(in) array parameters with in (Host.In; nil: it knows none).
func (k *Kernel) LaunchValsIn(init map[string]int, in func(array string, k Kind, offset int) (int, error)) ([]map[string]int, error) {
	out := make([]map[string]int, len(k.Launches))
	loopVars := map[string]bool{}
	for _, l := range k.HostLoops {
		loopVars[l.Var] = true
	}
	copyVals := func(vals map[string]int) map[string]int {
		c := make(map[string]int, len(vals))
		for n, v := range vals {
			if !loopVars[n] {
				c[n] = v
			}
		}
		return c
	}
	var last map[string]int
	err := k.Run(init, Host{In: in, Launch: func(li int, vals map[string]int) error {
		if out[li] == nil {
			out[li] = copyVals(vals)
		}
		return nil
	}, End: func(vals map[string]int) { last = copyVals(vals) }})
	if err != nil {
		return nil, err
	}
	for i := range out {
		if out[i] == nil {
			out[i] = last
		}
	}
	return out, nil
}

// HostInit returns the values a host program starts from: the sizes and
// the scalar parameters (from scalars, by lower-case name), as words
// (Note [host values]); a result not given starts at 0.
func (k *Kernel) HostInit(sizes map[string]int, scalars map[string]float64) map[string]int {
	init := make(map[string]int, len(sizes)+len(k.Params))
	for _, p := range k.Scalars() {
		v, ok := scalars[strings.ToLower(p.Name)]
		switch {
		case !ok && p.Result():
			init[p.Name] = 0
		case ok && p.Kind.IsReal():
			init[p.Name] = RealWord(roundTo(v, p.Kind))
		case ok:
			init[p.Name] = int(v)
		}
	}
	for n, v := range sizes {
		init[n] = v
	}
	return init
}

// checkSteps reports whether Steps, when set, is well formed: every
// launch appears once, in order; each Set is of an integer or logical;
// every expression is well formed and names only sizes, scalar
// parameters, host variables and loop variables; a HostArg names a host
// variable.
func (k *Kernel) checkSteps() error {
	if k.Steps == nil {
		return nil
	}
	known := map[string]bool{}
	for _, s := range k.Sizes {
		known[s.Name] = true
	}
	for _, p := range k.Scalars() {
		known[p.Name] = true
	}
	for _, l := range k.HostLoops {
		known[l.Var] = true
	}
	hv := map[string]bool{}
	for _, s := range k.HostVars() {
		if s.Kind != Int && s.Kind != Logical && s.Kind != Int64 && !s.Kind.IsReal() {
			return fmt.Errorf("kernel %q: host variable %q is of kind %q", k.Name, s.Var, s.Kind)
		}
		known[s.Var], hv[s.Var] = true, true
	}
	next := 0
	var check func([]Step) error
	checkExpr := func(x *Expr) error {
		var bad error
		var visit func(x *Expr)
		visit = func(x *Expr) {
			if n, ok := arity[x.Op]; !ok || n >= 0 && len(x.Args) != n || n < 0 && len(x.Args) == 0 {
				bad = fmt.Errorf("kernel %q: host expression %s is malformed", k.Name, x)
			}
			if x.Op == "elem" {
				if p := k.Param(x.Name); p == nil || !p.Array || len(p.Shape) != len(x.Args) {
					bad = fmt.Errorf("kernel %q: host expression %s reads no array parameter of rank %d", k.Name, x, len(x.Args))
				}
			}
			if x.Op == "name" && !known[x.Name] {
				bad = fmt.Errorf("kernel %q: host expression %s names %q, which is no size, scalar parameter, host or loop variable", k.Name, x, x.Name)
			}
			for i := range x.Args {
				visit(&x.Args[i])
			}
		}
		visit(x)
		return bad
	}
	check = func(steps []Step) error {
		for i := range steps {
			s := &steps[i]
			var err error
			switch {
			case s.Set != nil:
				err = checkExpr(&s.Set.X)
			case s.If != nil:
				err = checkExpr(&s.If.Cond)
				if err == nil {
					err = check(s.If.Then)
				}
				if err == nil {
					err = check(s.If.Else)
				}
			case s.Loop != nil:
				err = check(s.Body)
			case s.Print != nil:
				if u := s.Print.Unit; u != 0 && u != 6 {
					err = fmt.Errorf("kernel %q: a write to unit %d, which is no standard stream", k.Name, u)
				}
				for i := range s.Print.Items {
					if x := s.Print.Items[i].X; err == nil && x != nil {
						err = checkExpr(x)
					}
				}
			case s.Combine != nil:
				if k.scratch(s.Combine.Buffer) == nil {
					err = fmt.Errorf("kernel %q: the reduction into %s reads buffer %q, which is no scratch buffer", k.Name, s.Combine.Var, s.Combine.Buffer)
				}
			default:
				if s.Launch != next {
					return fmt.Errorf("kernel %q: the program runs launch %d where launch %d is due", k.Name, s.Launch, next)
				}
				next++
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
	if err := check(k.Steps); err != nil {
		return err
	}
	if next != len(k.Launches) {
		return fmt.Errorf("kernel %q: the program runs %d of its %d launches", k.Name, next, len(k.Launches))
	}
	for _, ln := range k.Launches {
		for _, a := range ln.Args {
			if a.Kind == HostArg && !hv[a.Name] && !known[a.Name] {
				return fmt.Errorf("kernel %q: launch %s takes %q, which is no host variable", k.Name, ln.Symbol, a.Name)
			}
		}
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// scratch returns the scratch buffer named name, or nil.
func (k *Kernel) scratch(name string) *Buffer {
	for i := range k.Scratch {
		if k.Scratch[i].Name == name {
			return &k.Scratch[i]
		}
	}
	return nil
}
