package abi

import (
	"fmt"
	"math"
	"strings"
)

// Note [host program]
//
// A loop kernel is a host procedure whose parallel loop nests are
// launches. Besides launches and host loops (Note [host loops]), its
// program may hold host statements that the host runs between launches:
// Set assigns a host variable (an integer or logical local of the Fortran
// kernel) the value of an Expr, and If runs its Then or its Else steps.
// Their expressions read constants, sizes, integer and logical scalar
// parameters, host variables and loop variables, all held in vals by
// name (a logical as 0 or 1), and nothing a launch writes: the values at
// every launch follow from the sizes and the scalar arguments alone, so a
// host may run the program once before any launch (LaunchVals) to size
// NDRanges and scratch buffers.
//
// A launch's ranges (Range.Positions, Range.First) may name host
// variables, with their values at that launch; a launch argument of kind
// HostArg passes a host variable's value as a 32-bit int. A host
// variable is never set inside a host loop, so each launch sees one value
// of every host variable in a run.
//
// Kernel.Steps holds the program when it has host statements (nil
// otherwise: Program builds it from HostLoops, and old units read as
// before). Eval gives the semantics, in one place: Fortran's default
// integer (32 bits; a result outside it is an error, never a wrap),
// division truncating toward zero, MOD with the sign of the dividend,
// division or MOD by zero an error, comparisons and .and./.or./.not. on
// 0/1. Hosts that emit code (the Go harness, the Fortran host) emit the
// same operations; the Fortran host emits Fortran's own.

// Expr is a host expression: Op with its operands.
type Expr struct {
	// Op is one of: const, name, neg, +, -, *, /, mod, min, max, abs,
	// ==, /=, <, <=, >, >=, and, or, not.
	Op    string `json:"op"`
	Value int    `json:"value,omitempty"` // const
	Name  string `json:"name,omitempty"`  // name: a size, scalar parameter, host or loop variable
	Args  []Expr `json:"args,omitempty"`
}

// Set assigns host variable Var (of Kind Int or Logical) the value of X.
type Set struct {
	Var  string `json:"var"`
	Kind Kind   `json:"kind"`
	X    Expr   `json:"x"`
}

// If runs Then when Cond is true (non-zero), else Else.
type If struct {
	Cond Expr   `json:"cond"`
	Then []Step `json:"then,omitempty"`
	Else []Step `json:"else,omitempty"`
}

// IsLaunch reports whether s is a launch.
func (s *Step) IsLaunch() bool { return s.Loop == nil && s.Set == nil && s.If == nil }

// arity gives the operand count of each operator (-1: one or more).
var arity = map[string]int{
	"const": 0, "name": 0, "neg": 1, "abs": 1, "not": 1,
	"+": 2, "-": 2, "*": 2, "/": 2, "mod": 2,
	"==": 2, "/=": 2, "<": 2, "<=": 2, ">": 2, ">=": 2, "and": 2, "or": 2,
	"min": -1, "max": -1,
}

// Eval evaluates x with vals (see Note [host program] for the semantics).
func (x *Expr) Eval(vals map[string]int) (int, error) {
	n, ok := arity[x.Op]
	if !ok || n >= 0 && len(x.Args) != n || n < 0 && len(x.Args) == 0 {
		return 0, fmt.Errorf("host expression %s is malformed", x)
	}
	switch x.Op {
	case "const":
		return x.Value, nil
	case "name":
		v, ok := vals[x.Name]
		if !ok {
			return 0, fmt.Errorf("%q has no value", x.Name)
		}
		return v, nil
	}
	a := make([]int, len(x.Args))
	for i := range x.Args {
		v, err := x.Args[i].Eval(vals)
		if err != nil {
			return 0, err
		}
		a[i] = v
	}
	v, err := apply(x.Op, a)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", x, err)
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, fmt.Errorf("%s = %d overflows a default integer", x, v)
	}
	return v, nil
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
		return fmt.Sprint(x.Value)
	case "name":
		return x.Name
	case "neg":
		return "(-" + x.arg(0) + ")"
	case "not":
		return "(.not. " + x.arg(0) + ")"
	case "and", "or":
		return "(" + x.arg(0) + " ." + x.Op + ". " + x.arg(1) + ")"
	case "abs", "mod", "min", "max":
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

// exec runs a host statement over vals.
func (k *Kernel) exec(s *Step, vals map[string]int) (body []Step, err error) {
	switch {
	case s.Set != nil:
		v, err := s.Set.X.Eval(vals)
		if err != nil {
			return nil, fmt.Errorf("kernel %q: setting %s: %v", k.Name, s.Set.Var, err)
		}
		if s.Set.Kind == Logical {
			v = b2i(v != 0)
		}
		vals[s.Set.Var] = v
		return nil, nil
	case s.If != nil:
		c, err := s.If.Cond.Eval(vals)
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
			visit(s.Body)
			if s.If != nil {
				visit(s.If.Then)
				visit(s.If.Else)
			}
		}
	}
	visit(k.Steps)
	return out
}

// LaunchVals runs the program without launching (Note [host program])
// and returns, per launch, the values of the sizes, scalar parameters and
// host variables it sees (loop variables left out); a launch the program
// never reaches gets the values at the end. init holds the sizes and the
// integer and logical scalar parameters.
func (k *Kernel) LaunchVals(init map[string]int) ([]map[string]int, error) {
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
	err := k.WalkWith(init, func(li int, vals map[string]int) error {
		if out[li] == nil {
			out[li] = copyVals(vals)
		}
		return nil
	}, func(vals map[string]int) { last = copyVals(vals) })
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
// the integer and logical scalar parameters (from scalars, by lower-case
// name).
func (k *Kernel) HostInit(sizes map[string]int, scalars map[string]float64) map[string]int {
	init := make(map[string]int, len(sizes)+len(k.Params))
	for _, p := range k.Scalars() {
		if v, ok := scalars[strings.ToLower(p.Name)]; ok && (p.Kind == Int || p.Kind == Logical || p.Kind == Int64) {
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
		if s.Kind != Int && s.Kind != Logical {
			return fmt.Errorf("kernel %q: host variable %q is of kind %s; only integer and logical ones are", k.Name, s.Var, s.Kind)
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
			if a.Kind == HostArg && !hv[a.Name] {
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
