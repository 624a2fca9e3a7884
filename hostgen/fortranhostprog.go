package hostgen

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/forocl/forocl/abi"
)

// The Fortran host's host program (Note [host program] in package abi).
// Its host variables are default integers, fcl_NAME (Note [Fortran host
// names]), or integer(c_int64_t) for integer(8) ones, which launch
// bounds narrow after a checked fit (fortNames.affine, fits32). Each Set and IF condition is computed one operation at a time
// in integer(c_int64_t) temporaries fcl_hN, with abi.Expr.Eval's rules
// spelled in Fortran: every result outside the default integer's range,
// and every division or MOD by zero, ends the call with an error instead
// of a wrapped value; division truncates toward zero, and MOD is
// a - (a/b)*b, which has the dividend's sign; comparisons and
// .and./.or./.not. give 0 or 1. No intrinsic is called, so no dummy's
// name can hide one.
//
// The procedure runs the program twice. The first run launches nothing:
// at each launch's first arrival it computes the launch's NDRange and
// checks the accesses that name host variables (abi.Kernel.HostAccesses),
// with the values the launch sees; a launch never reached gets them with
// the values at the end, as abi.Kernel.LaunchVals gives them; a late
// launch is sized in the second run instead (Note [late launches] in
// package abi). As there,
// a value read from the device is unknown in the first run (fcl_unk
// flags each host variable set from a reduction or an element of an
// array that is not intent(in), or from
// one so flagged), and neither branch of an IF that reads one runs, so
// no stale value raises an error or sizes a launch. Scratch buffers are
// then sized, and the second run launches.

// fortHost writes the Fortran of a kernel's host statements.
type fortHost struct {
	e    *fortEmitter
	n    *fortNames
	k    *abi.Kernel
	next int // the next temporary, fcl_hN
}

// exprTemps is the number of temporaries x needs: one per operation.
func exprTemps(x *abi.Expr) int {
	t := 1
	for i := range x.Args {
		t += exprTemps(&x.Args[i])
	}
	return t
}

// hostTemps is the number of temporaries the largest expression of the
// program needs.
func hostTemps(steps []abi.Step) int {
	m := 0
	for _, s := range steps {
		switch {
		case s.Set != nil:
			m = max(m, exprTemps(&s.Set.X)+1) // and its conversion
		case s.If != nil:
			m = max(m, exprTemps(&s.If.Cond), hostTemps(s.If.Then), hostTemps(s.If.Else))
		case s.Loop != nil:
			m = max(m, hostTemps(s.Body))
		case s.Print != nil:
			t := 0
			for _, it := range s.Print.Items {
				if it.X != nil {
					t += exprTemps(it.X)
				}
			}
			m = max(m, t)
		}
	}
	return m
}

// name spells a name an expression reads: a size, host or loop variable
// (fcl_NAME), or an integer or logical scalar dummy (a logical as 0 or 1).
func (h *fortHost) name(nm string) string {
	if _, ok := h.n.local[strings.ToLower(nm)]; ok {
		return h.n.v(nm)
	}
	if p := h.k.Param(nm); p != nil && p.Kind == abi.Logical {
		return h.n.flag(p.Name)
	}
	return nm
}

// fail writes the error that ends the call when cond holds.
func (h *fortHost) fail(cond, what, why string) {
	e := h.e
	e.Line("if (%s) then", cond)
	e.Line("  fcl_st = 1")
	e.Line("  fcl_msg = '%s: %s'", what, why)
	e.Line("  exit fcl_run")
	e.Line("end if")
}

// temp returns a new temporary of x's kind: fcl_hN (integer(c_int64_t),
// for every integer and logical kind), fcl_eN (real(c_float)) or fcl_dN
// (real(c_double)).
func (h *fortHost) temp(k abi.Kind) string {
	h.next++
	switch k {
	case abi.Real4:
		return fmt.Sprintf("fcl_e%d", h.next)
	case abi.Real8:
		return fmt.Sprintf("fcl_d%d", h.next)
	}
	return fmt.Sprintf("fcl_h%d", h.next)
}

// kindOf is x's kind (the default integer when unset).
func kindOf(x *abi.Expr) abi.Kind {
	if x.Kind == "" {
		return abi.Int
	}
	return x.Kind
}

// realKind spells real kind k's parameter.
func (h *fortHost) realKind(k abi.Kind) string {
	if k == abi.Real4 {
		return h.n.kind("c_float")
	}
	return h.n.kind("c_double")
}

// expr writes the statements that compute x into a new temporary and
// returns it; what names the statement in messages. Real operations are
// gfortran's own, one per statement, so each result is rounded to its
// kind (Note [host values] in package abi).
func (h *fortHost) expr(x *abi.Expr, what string) string {
	var a []string
	for i := range x.Args {
		a = append(a, h.expr(&x.Args[i], what))
	}
	k := kindOf(x)
	t := h.temp(k)
	if x.Op == "elem" {
		h.elem(x, t, a)
		return t
	}
	if k.IsReal() {
		h.realExpr(x, t, a, what)
		return t
	}
	e := h.e
	flag := func(cond string) {
		e.Line("%s = 0", t)
		e.Line("if (%s) %s = 1", cond, t)
	}
	checked := true
	switch x.Op {
	case "const":
		e.Line("%s = %d_%s", t, x.Value, h.n.kind("c_int64_t"))
		checked = false
	case "name":
		e.Line("%s = %s", t, h.name(x.Name))
		checked = false
	case "neg":
		e.Line("%s = -%s", t, a[0])
	case "abs":
		e.Line("%s = %s", t, a[0])
		e.Line("if (%s < 0) %s = -%s", t, t, t)
	case "not":
		flag(a[0] + " == 0")
		checked = false
	case "+", "-", "*":
		if k == abi.Int64 {
			h.fail(fmt.Sprintf("abs(real(%s, 16) %s real(%s, 16)) >= 2.0_16**63", a[0], x.Op, a[1]), what, "a result overflows integer(8)")
		}
		e.Line("%s = %s %s %s", t, a[0], x.Op, a[1])
	case "/", "mod", "modulo":
		h.fail(a[1]+" == 0", what, "division by zero")
		switch x.Op {
		case "/":
			e.Line("%s = %s / %s", t, a[0], a[1])
		default:
			e.Line("%s = %s - (%s / %s) * %s", t, a[0], a[0], a[1], a[1])
			if x.Op == "modulo" {
				e.Line("if (%s /= 0 .and. (%s < 0 .neqv. %s < 0)) %s = %s + %s", t, t, a[1], t, t, a[1])
			}
		}
	case "sign":
		e.Line("%s = %s", t, a[0])
		e.Line("if (%s < 0) %s = -%s", t, t, t)
		e.Line("if (%s < 0) %s = -%s", a[1], t, t)
	case "**":
		h.fail(fmt.Sprintf("abs(real(%s, 16)**%s) >= 2.0_16**63", a[0], a[1]), what, "a result overflows")
		h.fail(fmt.Sprintf("%s == 0 .and. %s < 0", a[0], a[1]), what, "0 to a negative power")
		e.Line("%s = %s ** %s", t, a[0], a[1])
	case "conv", "nint":
		if kindOf(&x.Args[0]).IsReal() {
			r := a[0]
			if x.Op == "nint" {
				r = "anint(" + r + ")"
			}
			lim := "2.0_16**31"
			if k == abi.Int64 {
				lim = "2.0_16**63"
			}
			h.fail(fmt.Sprintf(".not. (real(%s, 16) < %s .and. real(%s, 16) > -%s - 1)", r, lim, r, lim), what, "a real does not fit the integer")
			e.Line("%s = int(%s, %s)", t, r, h.n.kind("c_int64_t"))
		} else {
			e.Line("%s = %s", t, a[0])
		}
	case "merge":
		e.Line("%s = %s", t, a[1])
		e.Line("if (%s /= 0) %s = %s", a[2], t, a[0])
		checked = false
	case "==", "/=", "<", "<=", ">", ">=":
		flag(a[0] + " " + x.Op + " " + a[1])
		checked = false
	case "and", "or":
		flag(a[0] + " /= 0 ." + x.Op + ". " + a[1] + " /= 0")
		checked = false
	case "min", "max":
		cmp := "<"
		if x.Op == "max" {
			cmp = ">"
		}
		e.Line("%s = %s", t, a[0])
		for _, b := range a[1:] {
			e.Line("if (%s %s %s) %s = %s", b, cmp, t, t, b)
		}
		checked = false
	default:
		panic("internal error: codegen: host operator " + x.Op)
	}
	if checked && k != abi.Int64 {
		h.fail(fmt.Sprintf("%s < -2147483647 - 1 .or. %s > 2147483647", t, t), what, "a result overflows a default integer")
	}
	return t
}

// elem writes the read of element x (subscripts in temporaries a) into
// t: forocl_read_elem checks the subscripts against the declared bounds
// and reads the element from the device (Note [host elements] in package
// abi).
func (h *fortHost) elem(x *abi.Expr, t string, a []string) {
	p := h.k.Param(x.Name)
	i64 := h.n.kind("c_int64_t")
	var lo, ext []string
	for d := range p.Shape {
		l := "1"
		if d < len(p.Lower) {
			l = h.n.affine(p.Lower[d])
		}
		lo = append(lo, "int("+l+", "+i64+")")
		ext = append(ext, "int("+h.n.affine(p.Shape[d])+", "+i64+")")
	}
	h.e.call("", "forocl_read_elem", "'"+h.k.Name+"'", p.Name, "'"+p.Name+"'", fmt.Sprint(x.Line), fmt.Sprint(len(a)),
		"["+strings.Join(a, ", ")+"]", "["+strings.Join(lo, ", ")+"]", "["+strings.Join(ext, ", ")+"]", "fcl_ri", "fcl_rd", "fcl_st", "fcl_msg")
	h.e.Line("if (fcl_st /= 0) exit fcl_run")
	switch k := kindOf(x); {
	case k.IsReal():
		h.e.Line("%s = real(fcl_rd, %s)", t, h.realKind(k))
	case k == abi.Logical:
		h.e.Line("%s = 0", t)
		h.e.Line("if (fcl_ri /= 0) %s = 1", t)
	default:
		h.e.Line("%s = fcl_ri", t)
	}
}

// realExpr writes the statement that computes real x into t, from its
// operands' temporaries a: gfortran's own operations and intrinsics.
func (h *fortHost) realExpr(x *abi.Expr, t string, a []string, what string) {
	e := h.e
	rk := h.realKind(kindOf(x))
	switch x.Op {
	case "const":
		bits := 64
		if x.Kind == abi.Real4 {
			bits = 32
		}
		if x.Bits != "" { // a NaN or an infinity, from its bits
			// The bit pattern of the temporary's own kind: a conversion
			// of a NaN is an error to gfortran, even at compile time.
			w, _ := strconv.ParseUint(x.Bits, 10, 64)
			if x.Kind == abi.Real4 {
				e.Line("%s = transfer(%d_%s, 1.0_%s)", t, int32(math.Float32bits(float32(math.Float64frombits(w)))), h.n.kind("c_int32_t"), rk)
			} else {
				e.Line("%s = transfer(%d_%s, 1.0_%s)", t, int64(w), h.n.kind("c_int64_t"), rk)
			}
			break
		}
		e.Line("%s = %s_%s", t, strconv.FormatFloat(x.Real, 'e', -1, bits), rk)
	case "name":
		e.Line("%s = %s", t, h.name(x.Name))
	case "neg":
		e.Line("%s = -%s", t, a[0])
	case "abs":
		e.Line("%s = %s", t, a[0])
		e.Line("if (%s <= 0) %s = 0 - %s", t, t, t)
	case "+", "-", "*", "/":
		e.Line("%s = %s %s %s", t, a[0], x.Op, a[1])
	case "**":
		e.Line("%s = %s ** int(%s)", t, a[0], a[1])
	case "conv":
		e.Line("%s = real(%s, %s)", t, a[0], rk)
	case "merge":
		e.Line("%s = %s", t, a[1])
		e.Line("if (%s /= 0) %s = %s", a[2], t, a[0])
	case "sqrt", "mod", "modulo", "sign", "min", "max":
		e.Line("%s = %s(%s)", t, x.Op, strings.Join(a, ", "))
	default:
		panic("internal error: codegen: host operator " + x.Op + " on reals")
	}
}

// set writes a Set step.
func (h *fortHost) set(s *abi.Set) {
	h.next = 0
	x := &s.X
	if s.Kind != abi.Logical {
		x = &abi.Expr{Op: "conv", Kind: s.Kind, Args: []abi.Expr{s.X}}
	}
	u := h.unknownTest(&s.X)
	if u != "" {
		h.e.Line("if (%s) then", u)
		h.e.Line("  %s = .true.", h.unkFlag(s.Var))
		h.e.Line("else")
		h.e.Indent++
		defer func() { h.e.Indent--; h.e.Line("end if") }()
	}
	h.e.Line("%s = .false.", h.unkFlag(s.Var))
	t := h.expr(x, "setting "+s.Var)
	if s.NonZero != "" {
		h.e.Line("if (%s == 0) then", t)
		h.e.Line("  fcl_st = 1")
		h.message(fmt.Sprintf("kernel %q: %s", h.k.Name, s.NonZero))
		h.e.Line("  exit fcl_run")
		h.e.Line("end if")
	}
	switch s.Kind {
	case abi.Logical:
		h.e.Line("if (%s /= 0) %s = 1", t, t)
		h.e.Line("%s = %s", h.n.v(s.Var), h.n.toInt(t))
	case abi.Int:
		h.e.Line("%s = %s", h.n.v(s.Var), h.n.toInt(t))
	default:
		h.e.Line("%s = %s", h.n.v(s.Var), t)
	}
}

// message writes fcl_msg = msg, in pieces joined by continuation lines,
// so that no line passes 132 columns whatever the names in msg.
func (h *fortHost) message(msg string) {
	const piece = 60
	var parts []string
	for len(msg) > piece {
		parts, msg = append(parts, msg[:piece]), msg[piece:]
	}
	parts = append(parts, msg)
	for i, p := range parts {
		lead, tail := "      ", " // &"
		if i == 0 {
			lead = "  fcl_msg = "
		}
		if i == len(parts)-1 {
			tail = ""
		}
		h.e.Line("%s'%s'%s", lead, strings.ReplaceAll(p, "'", "''"), tail)
	}
}

// combines writes Combine steps in a row (the reductions of one nest):
// the second run reads their values back, starting every read but the
// last (forocl_read_start), so that the host waits once, at the last
// (the queue runs in order), then folds each in; the first run leaves
// the variables, flagged unknown. The j-th value lands in element j of
// the saved array of its kind (combineArray), which a read started
// before an error returns still finds.
func (h *fortHost) combines(steps []abi.Step) {
	e := h.e
	e.Line("if (fcl_launching) then")
	e.Indent++
	for j, s := range steps {
		read := "forocl_read_start"
		if j == len(steps)-1 {
			read = "forocl_read"
		}
		buffer := fmt.Sprintf("fcl_s%d", scratchIndex(h.k, s.Combine.Buffer)+1)
		e.call("", read, buffer, fmt.Sprintf("%s(%d:%d)", combineArray(s.Combine.Kind), j+1, j+1), "fcl_st", "fcl_msg")
		e.Line("if (fcl_st /= 0) exit fcl_run")
	}
	for j, s := range steps {
		h.fold(s.Combine, fmt.Sprintf("%s(%d)", combineArray(s.Combine.Kind), j+1))
	}
	e.Indent--
	e.Line("else")
	for _, s := range steps {
		e.Line("  %s = .true.", h.unkFlag(s.Combine.Var)) // unknown in the sizing run, as in abi's dry run
	}
	e.Line("end if")
}

// fold writes c's fold of the value x read back into its variable.
func (h *fortHost) fold(c *abi.Combine, x string) {
	e := h.e
	v := h.n.v(c.Var)
	switch c.Op {
	case "+", "*":
		e.Line("%s = %s %s %s", v, v, c.Op, x)
	case "and", "or":
		e.Line("if (%s /= 0 .%s. %s /= 0) then", v, c.Op, x)
		e.Line("  %s = 1", v)
		e.Line("else")
		e.Line("  %s = 0", v)
		e.Line("end if")
	default: // max, min; a real NaN is dropped, as fmax and fmin do
		e.Line("if (.not. (%s /= %s)) then", x, x)
		e.Line("  if (%s /= %s) then", v, v)
		e.Line("    %s = %s", v, x)
		e.Line("  else")
		e.Line("    %s = %s(%s, %s)", v, c.Op, v, x)
		e.Line("  end if")
		e.Line("end if")
	}
}

// combineArray is the array Combine steps of kind k read their values
// back into.
func combineArray(k abi.Kind) string {
	if c, ok := map[abi.Kind]string{abi.Real4: "fcl_ce", abi.Real8: "fcl_cd", abi.Int64: "fcl_ch"}[k]; ok {
		return c
	}
	return "fcl_ci"
}

// combineRun is the number of Combine steps in a row at the start of
// steps.
func combineRun(steps []abi.Step) int {
	n := 0
	for n < len(steps) && steps[n].Combine != nil {
		n++
	}
	return n
}

// longestCombines is the longest run of Combine steps in steps, the
// bodies of IFs and host loops included: the size of the arrays they
// read back into.
func longestCombines(steps []abi.Step) int {
	m := 0
	for i, s := range steps {
		switch {
		case s.Combine != nil:
			m = max(m, combineRun(steps[i:]))
		case s.If != nil:
			m = max(m, longestCombines(s.If.Then), longestCombines(s.If.Else))
		case s.Loop != nil:
			m = max(m, longestCombines(s.Body))
		}
	}
	return m
}

// unkFlag is the flag that says, in the sizing run, that host variable
// v holds no value: it was computed from the device's data (a reduction,
// an element), as abi's dry run (LaunchVals) marks it unknown.
func (h *fortHost) unkFlag(v string) string {
	for i, s := range h.k.HostVars() {
		if s.Var == v {
			return fmt.Sprintf("fcl_unk(%d)", i+1)
		}
	}
	panic("internal error: hostgen: no host variable " + v)
}

// unknownTest returns the Fortran test that x reads a value the sizing
// run does not know (an element, or a host variable flagged unknown), ""
// when it never does.
func (h *fortHost) unknownTest(x *abi.Expr) string {
	var flags []string
	elem := false
	var walk func(x *abi.Expr)
	walk = func(x *abi.Expr) {
		if p := h.k.Param(x.Name); x.Op == "elem" && (p == nil || p.Intent != abi.In) {
			elem = true // an intent(in) array's is known: no launch changes it
		}
		for i := range x.Args {
			walk(&x.Args[i])
		}
	}
	walk(x)
	if elem {
		return ".not. fcl_launching"
	}
	seen := map[string]bool{}
	x.Names(func(n string) {
		for i, s := range h.k.HostVars() {
			if s.Var == n && !seen[n] {
				seen[n] = true
				flags = append(flags, fmt.Sprintf("fcl_unk(%d)", i+1))
			}
		}
	})
	if len(flags) == 0 {
		return ""
	}
	return ".not. fcl_launching .and. (" + strings.Join(flags, " .or. ") + ")"
}

// unknownIf writes, for an IF whose condition the sizing run may not
// know, an IF that flags what its branches set when it does not, and
// opens the ELSE that evaluates it; false when it always knows.
func (h *fortHost) unknownIf(s *abi.If) bool {
	u := h.unknownTest(&s.Cond)
	if u == "" {
		return false
	}
	h.e.Line("if (%s) then", u)
	h.e.Indent++
	var mark func(steps []abi.Step)
	mark = func(steps []abi.Step) {
		for _, st := range steps {
			switch {
			case st.Set != nil:
				h.e.Line("%s = .true.", h.unkFlag(st.Set.Var))
			case st.Combine != nil:
				h.e.Line("%s = .true.", h.unkFlag(st.Combine.Var))
			case st.If != nil:
				mark(st.If.Then)
				mark(st.If.Else)
			case st.Loop != nil:
				mark(st.Body)
			}
		}
	}
	mark(s.Then)
	mark(s.Else)
	h.e.Line("continue")
	h.e.Indent--
	h.e.Line("else")
	return true
}

// print writes a Print step as the WRITE it is, in the run that launches
// (the first run only sizes the launches): gfortran lays the record out.
func (h *fortHost) print(p *abi.Print) {
	h.next = 0
	var items []string
	for _, it := range p.Items {
		if it.X == nil {
			items = append(items, "'"+strings.ReplaceAll(it.Text, "'", "''")+"'")
			continue
		}
		t := h.expr(it.X, "a write")
		switch kindOf(it.X) {
		case abi.Int:
			t = "int(" + t + ")"
		case abi.Logical:
			t = "(" + t + " /= 0)"
		}
		items = append(items, t)
	}
	h.e.Line("if (fcl_launching) then")
	h.e.Indent++
	h.e.list(fmt.Sprintf("write (%d, *) ", p.Unit), items, "")
	h.e.Indent--
	h.e.Line("end if")
}

// cond writes an IF step's test and returns the temporary holding it.
func (h *fortHost) cond(s *abi.If) string {
	h.next = 0
	return h.expr(&s.Cond, "an IF of the host program")
}

// declare writes the declarations of the host program's variables and
// temporaries, and reset (at the start of each run) sets every host
// variable to 0, the value a result starts from.
func (h *fortHost) declare() {
	e, n := h.e, h.n
	types := map[abi.Kind]string{abi.Int: "integer", abi.Logical: "integer", abi.Int64: "integer(" + n.kind("c_int64_t") + ")",
		abi.Real4: "real(" + n.kind("c_float") + ")", abi.Real8: "real(" + n.kind("c_double") + ")"}
	for _, s := range h.k.HostVars() {
		e.Line("%s :: %s", types[s.Kind], n.v(s.Var))
	}
	used := map[string]bool{}
	tempsUsed(h.k.Steps, used)
	var ints, f4, f8 []string
	for i := 1; i <= hostTemps(h.k.Steps); i++ {
		for _, p := range []struct {
			pre  string
			list *[]string
		}{{"fcl_h", &ints}, {"fcl_e", &f4}, {"fcl_d", &f8}} {
			if v := fmt.Sprintf("%s%d", p.pre, i); used[v] {
				*p.list = append(*p.list, v)
			}
		}
	}
	for _, d := range []struct {
		k     abi.Kind
		names []string
	}{{abi.Int64, ints}, {abi.Real4, f4}, {abi.Real8, f8}} {
		if len(d.names) > 0 {
			e.list(types[d.k]+" :: ", d.names, "")
		}
	}
	for _, c := range []struct {
		k    abi.Kind
		name string
	}{{abi.Real4, "fcl_ce"}, {abi.Real8, "fcl_cd"}, {abi.Int64, "fcl_ch"}, {abi.Int, "fcl_ci"}} {
		if used[c.name] { // saved: a read started lands there (combines)
			t := types[c.k]
			if c.k == abi.Int {
				t = "integer(" + n.kind("c_int32_t") + ")"
			}
			e.Line("%s, save, target :: %s(%d)", t, c.name, longestCombines(h.k.Steps))
		}
	}
	if used["fcl_ri"] {
		e.Line("integer(%s) :: fcl_ri", n.kind("c_int64_t"))
		e.Line("real(%s) :: fcl_rd", n.kind("c_double"))
	}
	e.Line("logical :: fcl_launching")
	e.Line("logical :: fcl_unk(%d)", max(len(h.k.HostVars()), 1))
}

// reset starts the host program: every host variable 0, except an
// intent(inout) scalar's, which starts from the caller's value (Note
// [inout scalars] in sema/scalarintent.go).
func (h *fortHost) reset(launching bool) {
	for _, s := range h.k.HostVars() {
		init := "0"
		if p := h.k.Param(s.Var); p != nil && !p.Array && p.Intent == abi.InOut {
			init = p.Name
			if p.Kind == abi.Logical {
				init = fmt.Sprintf("merge(1, 0, %s)", p.Name)
			}
		}
		h.e.Line("%s = %s", h.n.v(s.Var), init)
	}
	fortranCharTests(h.e, h.n, h.k)
	h.e.Line("fcl_unk = .false.")
	h.e.Line("fcl_launching = %s", map[bool]string{true: ".true.", false: ".false."}[launching])
}

// hostArg spells HostArg a's value as the kernel takes it.
func hostArg(n *fortNames, a abi.Arg) string {
	if a.Type.IsReal() {
		return n.v(a.Name)
	}
	if a.Type == abi.Int64 { // a loop variable is a default integer here: widen it
		return "(" + n.v(a.Name) + " + 0_" + n.kind("c_int64_t") + ")"
	}
	return n.i32(n.v(a.Name))
}

// tempsUsed records in used the temporaries (and the read-back arrays of
// Combine steps) that steps use, numbered as expr numbers them.
func tempsUsed(steps []abi.Step, used map[string]bool) {
	var visit func(x *abi.Expr, next *int)
	visit = func(x *abi.Expr, next *int) {
		for i := range x.Args {
			visit(&x.Args[i], next)
		}
		*next++
		if x.Op == "elem" {
			used["fcl_ri"], used["fcl_rd"] = true, true
		}
		pre := map[abi.Kind]string{abi.Real4: "fcl_e", abi.Real8: "fcl_d"}[kindOf(x)]
		if pre == "" {
			pre = "fcl_h"
		}
		used[fmt.Sprintf("%s%d", pre, *next)] = true
	}
	for _, s := range steps {
		next := 0
		switch {
		case s.Set != nil:
			x := &s.Set.X
			if s.Set.Kind != abi.Logical {
				x = &abi.Expr{Op: "conv", Kind: s.Set.Kind, Args: []abi.Expr{s.Set.X}}
			}
			visit(x, &next)
		case s.If != nil:
			visit(&s.If.Cond, &next)
			tempsUsed(s.If.Then, used)
			tempsUsed(s.If.Else, used)
		case s.Loop != nil:
			tempsUsed(s.Body, used)
		case s.Print != nil:
			for _, it := range s.Print.Items {
				if it.X != nil {
					visit(it.X, &next)
				}
			}
		case s.Combine != nil:
			used[combineArray(s.Combine.Kind)] = true
		}
	}
}
