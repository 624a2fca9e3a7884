package hostgen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/emit"
)

// goHostProgram emits the launches of a kernel with a host program (Note
// [host program] in package abi). The generated Go does not spell the
// program's expressions again: it runs them through the ABI it embeds
// (abiVar), as forocl run does, so their semantics (32-bit integers, an
// overflow or a division by zero an error) stay in one place. LaunchVals
// gives each launch's host variables, from which NDRange sizes it and
// CheckHostAccesses checks its accesses; then WalkWith runs the program,
// Set and If steps and host loops, calling back for each launch with the
// values of the host and loop variables it takes; a late launch (Note
// [late launches] in package abi) is sized there, with those values.
func goHostProgram(e *emit.Writer, k *abi.Kernel, resBuf map[string]string) {
	av := abiVar(k)
	init, words := goHostInit(k)
	e.Line("// The host program runs through the kernel's ABI, as forocl run runs it:")
	e.Line("// its host variables at each launch size the NDRanges first.")
	e.Line("hostInit := map[string]int{%s}", strings.Join(init, ", "))
	goCharTests(e, k)
	if slices.Contains(k.Late(), true) {
		e.Open("if k.late == nil")
		e.Line("k.late = %s.Late() // sized when the program reaches them (Note [late launches] in package abi)", av)
		e.Close("")
		e.Line("late := k.late")
	}
	dry := av + ".LaunchVals(hostInit)"
	if k.ReadsElements() { // the dry run reads intent(in) arrays' (Note [host elements] in package abi)
		goElem(e, k)
		dry = av + ".LaunchValsIn(hostInit, elem)"
	}
	// The dry run on every run where its array elements or its characters'
	// tests may have changed since the last.
	everyRun := k.ReadsElements() || len(k.CharTests) > 0
	if everyRun {
		e.Open("")
	} else {
		e.Line("// The dry run again only when its inputs change: it allocates.")
		e.Open("if plan := [%d]int{%s}; !k.planned || plan != k.plan", len(words), strings.Join(words, ", "))
		e.Line("k.planned = false // until the whole plan is made")
	}
	e.Line("var launchVals []map[string]int")
	e.Open("if launchVals, err = %s; err != nil", dry)
	e.Line("return")
	e.Close("")
	e.Open("if err = %s.CheckHostAccesses(launchVals); err != nil", av)
	e.Line("return")
	e.Close("")
	late := goNDRanges(e, k, av)
	if !everyRun {
		e.Line("k.planned, k.plan = true, plan")
	}
	e.Close("")
	e.Line("globals, locals := k.globals, k.locals")
	for i, l := range k.Launches {
		if usedAsGroups(k, l.Symbol) {
			e.Line("groups%s = groupCount(globals[%d], locals[%d])", goName(l.Symbol), i, i)
		}
	}
	goScratch(e, k)
	goRead(e, k)
	elem := ""
	if k.ReadsElements() {
		elem = " Elem: elem,"
	}
	e.Open("err = %s.Run(hostInit, abi.Host{Read: read,%s Write: abi.StdWrite, Launch: func(launch int, vals map[string]int) error", av, elem)
	e.Line("var args []any")
	e.Line("var err error")
	e.Line("// host values typed, as abi.HostValue gives them, not boxed on the heap")
	e.Open("hostInt32 := func(name string) int32")
	e.Line("v, herr := abi.HostInt32(name, vals[name])")
	e.Open("if herr != nil")
	e.Line("err = herr")
	e.Close("")
	e.Line("return v")
	e.Close("")
	e.Line("_ = hostInt32")
	if late {
		goLateLaunch(e, k, av)
	}
	ri := hostResults(k)
	goLaunchArgs(e, k, resBuf, ri)
	e.Open("if err != nil")
	e.Line("return err")
	e.Close("")
	if ri >= 0 {
		e.Line("k.release(ctx, false) // the launch before's")
	}
	e.Open("if err := k.ctx.LaunchInto(&k.ev, k.kernels[launch], globals[launch], locals[launch], args...); err != nil")
	e.Line("return err")
	e.Close("")
	if ri >= 0 {
		e.Open("if k.wait && !k.timed")
		e.Line("k.held = true // until the next launch, or the results launch waits for it")
		e.Line("return nil")
		e.Close("")
		e.Line("return k.finish(ctx, &k.ev, false)")
	} else {
		e.Line("return k.finish(ctx, &k.ev, launch == %d) // the queue is in order", len(k.Launches)-1)
	}
	e.Close("})")
	e.Open("if err != nil")
	if ri >= 0 {
		e.Line("k.release(ctx, false) // the last launch's, when an error stopped the program")
	}
	e.Line("return")
	e.Close("")
}

// goRead writes read, which reads the one element of a scratch buffer for
// the host program (abi.Host.Read).
func goRead(e *emit.Writer, k *abi.Kernel) {
	e.Line("read := func(name string, kind abi.Kind) (int, error) {")
	e.Indent++
	e.Line("x := k.word[:kind.Bytes()]")
	e.Line("var b *clhost.Buffer")
	e.Line("switch name {")
	for _, b := range k.Scratch {
		if b.Groups == "" && b.Elements.IsConstant() && b.Elements.Const == 1 {
			e.Line("case %q:", b.Name)
			e.Line("\tb = scratch%s", goName(b.Name))
		}
	}
	e.Line("}")
	e.Open("if err := clhost.ReadSlice(ctx, k.ctx, b, x); err != nil")
	e.Line("return 0, err")
	e.Close("")
	e.Line("return abi.WordOf(kind, x), nil")
	e.Indent--
	e.Line("}")
}

// goLaunchArgs writes the switch that sets each launch's arguments in the
// host program's launch callback; the results launch, ri (-1: none), takes
// the results instead (goHostResults).
func goLaunchArgs(e *emit.Writer, k *abi.Kernel, resBuf map[string]string, ri int) {
	e.Line("switch launch {")
	for i, l := range k.Launches {
		if i == ri {
			goHostResults(e, k, ri)
			continue
		}
		var args []string
		for _, a := range l.Args {
			switch a.Kind {
			case abi.ScratchArg:
				args = append(args, "scratch"+goName(a.Name))
			case abi.LoopArg, abi.HostArg:
				args = append(args, goHostValue(a.Name, a.Type))
			default:
				args = append(args, goArg(k, a, resBuf))
			}
		}
		e.Line("case %d: // %s", i, l.Symbol)
		e.Indent++
		e.Line("args = []any{%s}", strings.Join(args, ", "))
		e.Indent--
	}
	e.Line("}")
}

// goHostInit spells the host program's initial values (abi.HostInit):
// init the entries of its map, words their values alone, in order.
func goHostInit(k *abi.Kernel) (init, words []string) {
	gn := newGoNames(k)
	sizes := map[string]bool{}
	word := func(name, w string) {
		init = append(init, fmt.Sprintf("%q: %s", name, w))
		words = append(words, w)
	}
	for _, s := range k.Sizes {
		sizes[s.Name] = true
		word(s.Name, gn.size(s.Name))
	}
	for _, p := range k.Scalars() {
		switch {
		case sizes[p.Name]:
		case p.Kind.IsReal():
			word(p.Name, fmt.Sprintf("abi.RealWord(float64(%s))", gn.of(p.Name)))
		case p.Kind == abi.Logical && !p.Result():
			word(p.Name, fmt.Sprintf("int(%s)", goArg(k, abi.Arg{Kind: abi.ParamArg, Name: p.Name}, nil)))
		default:
			word(p.Name, fmt.Sprintf("int(%s)", gn.of(p.Name)))
		}
	}
	return init, words
}

// goHostValue spells the argument that passes host variable name of
// kind k (abi.HostValue's value, typed).
func goHostValue(name string, k abi.Kind) string {
	switch k {
	case abi.Real4:
		return fmt.Sprintf("float32(abi.WordReal(vals[%q]))", name)
	case abi.Real8:
		return fmt.Sprintf("abi.WordReal(vals[%q])", name)
	case abi.Int64:
		return fmt.Sprintf("int64(vals[%q])", name)
	}
	return fmt.Sprintf("hostInt32(%q)", name)
}

// goNDRanges writes k.globals and k.locals, each launch's NDRange from
// the dry run's values, but a late one's (Note [late launches] in package
// abi), which the launch callback sizes; it reports whether k has one.
func goNDRanges(e *emit.Writer, k *abi.Kernel, av string) bool {
	e.Line("k.globals, k.locals = make([][]int, %d), make([][]int, %d)", len(k.Launches), len(k.Launches))
	late := slices.Contains(k.Late(), true)
	e.Open("for i, l := range %s.Launches", av)
	if late {
		e.Open("if late[i]")
		e.Line("continue")
		e.Close("")
	}
	e.Open("if k.globals[i], k.locals[i], err = l.NDRange(launchVals[i]); err != nil")
	e.Line("err = fmt.Errorf(\"kernel %%q: %%v\", %q, err)", k.Name)
	e.Line("return")
	e.Close("")
	e.Close("")
	return late
}

// goElem writes elem, which reads an element of an array parameter from
// its device buffer for the host program (abi.Host.Elem, Note [host
// elements] in package abi).
func goElem(e *emit.Writer, k *abi.Kernel) {
	e.Line("elem := func(name string, kind abi.Kind, off int) (int, error) {")
	e.Indent++
	e.Line("var b *clhost.Buffer")
	e.Line("switch name {")
	for _, p := range k.Arrays() {
		if p.Result() {
			continue
		}
		e.Line("case %q:", p.Name)
		e.Line("\tb = %s", goArg(k, abi.Arg{Kind: abi.ParamArg, Name: p.Name}, nil))
	}
	e.Line("}")
	e.Line("x := k.word[:kind.Bytes()]")
	e.Open("if err := k.ctx.ReadBytesAt(b, int64(off*len(x)), x); err != nil")
	e.Line("return 0, err")
	e.Close("")
	e.Line("return abi.WordOf(kind, x), nil")
	e.Indent--
	e.Line("}")
}
