package abi

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Fprint writes the host procedure of every kernel of u as a host runs
// it (what `forocl dump --stage=host` prints), reading only the ABI: how
// the sizes are derived, the parameters and what moves between host and
// device, the scratch buffers, the subscripts checked before a run, the
// host variables, the program (Set, If, host DO loops and launches, each
// launch with its NDRange expressions and argument bindings, folds with
// the reduction they finish) and what is read back after the last launch.
// Region, elemental and loop kernels print in the same form. The output is
// deterministic; a step or an argument of a kind the printer does not know
// prints visibly, marked "??", never skipped.
func Fprint(w io.Writer, u *Unit) {
	for i, k := range u.Kernels {
		if i > 0 {
			fmt.Fprintln(w)
		}
		FprintKernel(w, k)
	}
}

// FprintKernel writes the host procedure of one kernel (see Fprint).
func FprintKernel(w io.Writer, k *Kernel) {
	p := &hostPrinter{w: w, k: k}
	where := k.File
	if k.Module != "" {
		where += ", module " + k.Module
	}
	p.line(0, "kernel %s (%s): rank %d, %d launch(es)", k.Name, where, k.Rank, len(k.Launches))
	p.sizes()
	p.params()
	p.scratch()
	p.checks()
	if hv := k.HostVars(); len(hv) > 0 {
		p.line(1, "host variables (the host computes them; a launch takes the value it has then):")
		for _, s := range hv {
			p.line(2, "%s %s", s.Var, s.Kind)
		}
	}
	p.line(1, "program:")
	p.steps(2, k.Program())
	p.readBack()
	if k.Split != nil { // Note [slabs] in package runner
		p.line(1, "slabs: %s", k.Split)
	}
}

type hostPrinter struct {
	w io.Writer
	k *Kernel
}

func (p *hostPrinter) line(indent int, format string, args ...any) {
	fmt.Fprintf(p.w, "%s%s\n", strings.Repeat("  ", indent), fmt.Sprintf(format, args...))
}

// sizes says how each size is bound (BindWith): a size that is also a
// scalar parameter is passed by the host (else derived as below); a
// quotient is computed from the sizes it divides; the others follow from
// the extents that name them alone, with coefficient
// ±1, once the other sizes of the extent are known.
func (p *hostPrinter) sizes() {
	if len(p.k.Sizes) == 0 {
		return
	}
	p.line(1, "sizes (bound before the first launch):")
	for _, s := range p.k.Sizes {
		// The arrays whose extent determines it, grouped by extent.
		var from []string
		of := map[string][]string{}
		for _, a := range p.k.Arrays() {
			for d, e := range a.Shape {
				for _, t := range e.Terms {
					if t.Size == s.Name && (t.Coef == 1 || t.Coef == -1) {
						key := fmt.Sprintf("extent %d (%s) of ", d+1, e)
						if of[key] == nil {
							from = append(from, key)
						}
						of[key] = append(of[key], a.Name)
					}
				}
			}
		}
		for i, key := range from {
			from[i] = key + strings.Join(of[key], ", ")
		}
		how := "derived from " + strings.Join(from, "; ")
		if q := p.k.Param(s.Name); q != nil && !q.Array {
			how = "passed by the host"
			if len(from) > 0 {
				how += "; when not given, derived from " + strings.Join(from, "; ")
			}
		} else if s.Quot != nil {
			how = fmt.Sprintf("computed as (%s) / %d, truncated toward zero", s.Quot.Of, s.Quot.Div)
		} else if len(from) == 0 {
			how = "?? neither passed nor derived from an array"
		}
		p.line(2, "%s: %s; %s", s.Name, s.Doc, how)
	}
}

func (p *hostPrinter) params() {
	p.line(1, "parameters:")
	for i := range p.k.Params {
		q := &p.k.Params[i]
		var what string
		switch {
		case q.Result():
			what = fmt.Sprintf("result: a buffer of %d element(s), read back after the last launch", q.ResultElements())
		case !q.Array:
			what = "value"
		default:
			what = "buffer " + affines(q.Shape)
			if q.Lower != nil {
				what += ", lower bounds " + affines(q.Lower)
			}
			switch q.Intent {
			case In:
				what += ", written to the device before the first launch"
			case Out:
				what += ", read back after the last launch"
			default:
				what += ", written to the device before the first launch and read back after the last"
			}
		}
		if q.Module != "" {
			what += "; a variable of module " + q.Module
		}
		p.line(2, "%s %s intent(%s): %s", q.Name, q.Kind, q.Intent, what)
	}
	p.chars()
}

func (p *hostPrinter) scratch() {
	if len(p.k.Scratch) == 0 {
		return
	}
	p.line(1, "scratch buffers (on the device only):")
	for _, b := range p.k.Scratch {
		n := b.SpellCount(Affine.String, func(x string) string { return "max(" + x + ", 0)" }) + " element(s)"
		if b.Groups != "" {
			n = "one element per work-group of " + b.Groups
		}
		p.line(2, "%s %s: %s", b.Name, b.Kind, n)
	}
}

// checks lists the subscripts a host checks against the declared bounds
// before any launch (Note [access ranges]): with the sizes, and with the
// values each launch sees for those that name host variables.
func (p *hostPrinter) checks() {
	all := p.k.AccessChecks()
	if len(all) > 0 {
		p.line(1, "checks before the first launch (the indices each subscript takes, within the declared bounds):")
		for i := range all {
			p.line(2, "%s", accessString(&all[i]))
		}
	}
	for i, l := range p.k.Launches {
		hs := p.k.HostAccesses(i)
		if len(hs) == 0 {
			continue
		}
		p.line(1, "checks of launch %s with the values of the host variables it sees:", l.Symbol)
		for j := range hs {
			p.line(2, "%s", accessString(&hs[j]))
		}
	}
}

func accessString(a *Access) string {
	verb := "reads"
	if a.Write {
		verb = "writes"
	}
	s := fmt.Sprintf("%s dim %d %s %s .. %s within %s .. %s", a.Param, a.Dim, verb, a.Min, a.Max, a.Lo, a.Hi)
	if len(a.When) > 0 {
		conds := make([]string, len(a.When))
		for i, w := range a.When {
			conds[i] = w.String() + " >= 0"
		}
		s += ", when " + strings.Join(conds, " and ")
	}
	if a.At != "" {
		s += " (" + a.At + ")"
	}
	return s
}

// steps prints a program; its one switch over the kinds of Step is where
// a new kind gets its case (one it lacks prints as "??", with its JSON).
func (p *hostPrinter) steps(indent int, steps []Step) {
	for i := range steps {
		s := &steps[i]
		switch {
		case s.Set != nil:
			if s.Set.NonZero != "" {
				p.line(indent, "%s = %s  (not 0, else %q)", s.Set.Var, s.Set.X, s.Set.NonZero)
			} else {
				p.line(indent, "%s = %s", s.Set.Var, s.Set.X)
			}
		case s.If != nil:
			p.line(indent, "if %s then", s.If.Cond)
			p.steps(indent+1, s.If.Then)
			if len(s.If.Else) > 0 {
				p.line(indent, "else")
				p.steps(indent+1, s.If.Else)
			}
			p.line(indent, "end if")
		case s.Loop != nil:
			l := s.Loop
			p.line(indent, "do %s = %s, %s, %s", l.Var, l.Lo, l.Hi, l.Step)
			p.steps(indent+1, s.Body)
			p.line(indent, "end do")
		case s.Print != nil:
			items := make([]string, len(s.Print.Items))
			for i, it := range s.Print.Items {
				items[i] = fmt.Sprintf("%q", it.Text)
				if it.X != nil {
					items[i] = it.X.String()
				}
			}
			p.line(indent, "write (%d, *) %s", s.Print.Unit, strings.Join(items, ", "))
		case s.Combine != nil:
			c := s.Combine
			p.line(indent, "%s = %s(%s, %s): read back from the device buffer %s", c.Var, c.Op, c.Var, c.Buffer, c.Buffer)
		case s.IsLaunch() && s.Launch >= 0 && s.Launch < len(p.k.Launches):
			p.launch(indent, s.Launch)
		default:
			b, _ := json.Marshal(s)
			p.line(indent, "?? a step the printer does not know: %s", b)
		}
	}
}

// launch prints launch i: its NDRange, its work-group, where work-item 0
// starts, its arguments in order, and what a fold finishes.
func (p *hostPrinter) launch(indent, i int) {
	l := p.k.Launches[i]
	p.line(indent, "launch %d: %s (%s)", i+1, l.Symbol, l.Strategy)
	in := indent + 1
	if l.If != "" {
		p.line(in, "runs only if %s", l.If)
	}
	p.line(in, "global (%s), local (%s)", globalSize(l), ints(l.Local))
	var first, per []string
	coarse := false
	for _, r := range l.Global {
		if r.First != nil {
			first = append(first, r.First.String())
		}
		per = append(per, fmt.Sprint(r.Per))
		coarse = coarse || r.Per > 1
	}
	block := ""
	if coarse {
		block = fmt.Sprintf("; a block of %s per work-item", strings.Join(per, "x"))
	}
	origin := false
	for _, o := range l.Origin {
		origin = origin || o != 0
	}
	switch {
	case first != nil:
		p.line(in, "at work-item 0 the nest's indices along each dimension are (%s)%s", strings.Join(first, ", "), block)
	case origin || coarse:
		p.line(in, "work-item 0 owns grid position (%s) (0-based)%s", ints(l.Origin), block)
	}
	if l.MayBeEmpty {
		p.line(in, "may be empty: with no positions in a dimension it runs one work-group, which does nothing")
	}
	if l.LocalBytes > 0 {
		p.line(in, "%d bytes of __local memory per work-group", l.LocalBytes)
	}
	if l.Int32Frame {
		p.line(in, "numbers its frame in a 32-bit int: arrays of more than 2147483647 elements are refused")
	}
	p.folds(in, l)
	if r := p.k.Reduction(l.Symbol); r != nil {
		p.line(in, "finishes %s (%s, at %s) over the grid positions %s", r.Name, r.Op, r.Where, window(r.Window))
	}
	for j, a := range l.Args {
		p.line(in, "arg %d: %s", j, p.arg(a))
	}
}

// arg says what a host binds to a launch argument.
func (p *hostPrinter) arg(a Arg) string {
	switch a.Kind {
	case ParamArg:
		q := p.k.Param(a.Name)
		switch {
		case q == nil:
			return fmt.Sprintf("?? %s: a parameter the kernel does not have", a.Name)
		case q.Result():
			return fmt.Sprintf("%s (the buffer of result %s, %s)", a.Name, q.Name, q.Kind)
		case q.Array:
			return fmt.Sprintf("%s (buffer, %s)", a.Name, q.Kind)
		}
		return fmt.Sprintf("%s (value, %s)", a.Name, q.Kind)
	case SizeArg:
		return fmt.Sprintf("%s (size, int)", a.Name)
	case ScratchArg:
		return fmt.Sprintf("%s (scratch buffer)", a.Name)
	case GroupsArg:
		return fmt.Sprintf("the work-group count of launch %s (int)", a.Name)
	case LoopArg:
		return fmt.Sprintf("%s (host loop variable, int)", a.Name)
	case HostArg:
		t := "int"
		if a.Type != "" {
			t = string(a.Type)
		}
		return fmt.Sprintf("%s (host variable, %s)", a.Name, t)
	}
	return fmt.Sprintf("?? %s: an argument of kind %q the printer does not know", a.Name, a.Kind)
}

// folds says which partials a launch that takes another launch's
// work-group count folds: the scratch buffer of one element per work-group
// of that launch, into the next scratch buffer of fixed size.
func (p *hostPrinter) folds(indent int, l *Launch) {
	scratch := map[string]*Buffer{}
	for i := range p.k.Scratch {
		scratch[p.k.Scratch[i].Name] = &p.k.Scratch[i]
	}
	for _, g := range l.Args {
		if g.Kind != GroupsArg {
			continue
		}
		for i, a := range l.Args {
			b := scratch[a.Name]
			if a.Kind != ScratchArg || b == nil || b.Groups != g.Name {
				continue
			}
			into := "??"
			for _, b := range l.Args[i+1:] {
				if b.Kind == ScratchArg && scratch[b.Name] != nil && scratch[b.Name].Groups == "" {
					into = b.Name
					break
				}
			}
			p.line(indent, "folds the partials %s of launch %s into %s", a.Name, g.Name, into)
		}
	}
}

// globalSize spells the global size of l per dimension (NDRange):
// ceil(positions / per), at least 1 when the launch may be empty, rounded
// up to a multiple of the work-group; a number when it is constant.
func globalSize(l *Launch) string {
	global := make([]string, len(l.Global))
	for d, r := range l.Global {
		local := 1
		if d < len(l.Local) {
			local = l.Local[d]
		}
		if r.Positions.IsConstant() {
			e := r.Positions.Const
			if l.MayBeEmpty {
				e = max(e, 1)
			}
			e = (e + r.Per - 1) / max(r.Per, 1)
			global[d] = fmt.Sprint((e + local - 1) / local * local)
			continue
		}
		pos := r.Positions.String()
		if l.MayBeEmpty {
			pos = "max(" + pos + ", 1)"
		}
		if r.Per > 1 {
			if strings.Contains(pos, " ") && !l.MayBeEmpty {
				pos = "(" + pos + ")"
			}
			pos = fmt.Sprintf("ceil(%s / %d)", pos, r.Per)
		}
		if local > 1 {
			pos = fmt.Sprintf("roundup(%s, %d)", pos, local)
		}
		global[d] = pos
	}
	return strings.Join(global, ", ")
}

// readBack says what the host copies from the device after the last
// launch.
func (p *hostPrinter) readBack() {
	var arrays, results []string
	for _, q := range p.k.Outputs() {
		if q.Result() {
			results = append(results, q.Name)
		} else {
			arrays = append(arrays, q.Name)
		}
	}
	if len(arrays) > 0 {
		p.line(1, "read back after the last launch: arrays %s", strings.Join(arrays, ", "))
	}
	if len(results) > 0 {
		p.line(1, "read back after the last launch: results %s", strings.Join(results, ", "))
	}
	if len(p.k.BoundsSites) > 0 {
		p.line(1, "read back after the last launch: %s, the first subscript out of bounds (0: none) of %d checked", BoundsBuffer, len(p.k.BoundsSites))
	}
}

func affines(as []Affine) string {
	s := make([]string, len(as))
	for i, a := range as {
		s[i] = a.String()
	}
	return "(" + strings.Join(s, ", ") + ")"
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// window spells a reduction's window as [lo, n1 - hi) x ...
func window(w []Halo) string {
	s := make([]string, len(w))
	for d, h := range w {
		s[d] = fmt.Sprintf("[%d, %s)", h.Lo, SizeMinus(fmt.Sprintf("n%d", d+1), h.Hi))
	}
	return strings.Join(s, " x ")
}
