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
	gn := newGoNames(k)
	av := abiVar(k)
	sizes := map[string]bool{}
	var init []string
	for _, s := range k.Sizes {
		sizes[s.Name] = true
		init = append(init, fmt.Sprintf("%q: %s", s.Name, gn.size(s.Name)))
	}
	for _, p := range k.Scalars() {
		switch {
		case sizes[p.Name]:
		case p.Kind.IsReal():
			init = append(init, fmt.Sprintf("%q: abi.RealWord(float64(%s))", p.Name, gn.of(p.Name)))
		case p.Kind == abi.Logical && !p.Result():
			init = append(init, fmt.Sprintf("%q: int(%s)", p.Name, goArg(k, abi.Arg{Kind: abi.ParamArg, Name: p.Name}, nil)))
		default:
			init = append(init, fmt.Sprintf("%q: int(%s)", p.Name, gn.of(p.Name)))
		}
	}
	e.Line("// The host program runs through the kernel's ABI, as forocl run runs it:")
	e.Line("// its host variables at each launch size the NDRanges first.")
	e.Line("hostInit := map[string]int{%s}", strings.Join(init, ", "))
	goCharTests(e, k)
	e.Line("var launchVals []map[string]int")
	dry := av + ".LaunchVals(hostInit)"
	if k.ReadsElements() { // the dry run reads intent(in) arrays' (Note [host elements] in package abi)
		goElem(e, k)
		dry = av + ".LaunchValsIn(hostInit, elem)"
	}
	e.Open("if launchVals, err = %s; err != nil", dry)
	e.Line("return")
	e.Close("")
	e.Open("if err = %s.CheckHostAccesses(launchVals); err != nil", av)
	e.Line("return")
	e.Close("")
	late := goNDRanges(e, k, av)
	for i, l := range k.Launches {
		if usedAsGroups(k, l.Symbol) {
			e.Line("groups%s = groupCount(globals[%d], locals[%d])", goName(l.Symbol), i, i)
		}
	}
	goScratch(e, k)
	e.Line("read := func(name string, kind abi.Kind) (int, error) {")
	e.Indent++
	e.Line("x := abi.Element(kind)")
	e.Line("var b *clhost.Buffer")
	e.Line("switch name {")
	for _, b := range k.Scratch {
		if b.Groups == "" && b.Elements.IsConstant() && b.Elements.Const == 1 {
			e.Line("case %q:", b.Name)
			e.Line("\tb = scratch%s", goName(b.Name))
		}
	}
	e.Line("}")
	e.Open("if err := k.ctx.ReadContext(ctx, b, x); err != nil")
	e.Line("return 0, err")
	e.Close("")
	e.Line("return abi.ElementWord(x), nil")
	e.Indent--
	e.Line("}")
	elem := ""
	if k.ReadsElements() {
		elem = " Elem: elem,"
	}
	e.Open("err = %s.Run(hostInit, abi.Host{Read: read,%s Write: abi.StdWrite, Launch: func(launch int, vals map[string]int) error", av, elem)
	e.Line("var args []any")
	e.Line("var err error")
	e.Open("host := func(name string, kind abi.Kind) any")
	e.Line("v, herr := abi.HostValue(name, kind, vals[name])")
	e.Open("if herr != nil")
	e.Line("err = herr")
	e.Close("")
	e.Line("return v")
	e.Close("")
	e.Line("_ = host")
	e.Line("switch launch {")
	for i, l := range k.Launches {
		var args []string
		for _, a := range l.Args {
			switch a.Kind {
			case abi.ScratchArg:
				args = append(args, "scratch"+goName(a.Name))
			case abi.LoopArg, abi.HostArg:
				args = append(args, fmt.Sprintf("host(%q, %q)", a.Name, a.Type))
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
	e.Open("if err != nil")
	e.Line("return err")
	e.Close("")
	if late {
		e.Open("if late[launch]")
		e.Open("if globals[launch], locals[launch], err = %s.LateNDRange(launch, vals); err != nil", av)
		e.Line("return err")
		e.Close("")
		e.Close("")
	}
	e.Line("ev, err := k.ctx.LaunchWith(k.kernels[launch], globals[launch], locals[launch], args...)")
	e.Open("if err != nil")
	e.Line("return err")
	e.Close("")
	e.Line("return k.finish(ctx, ev, launch == %d) // the queue is in order", len(k.Launches)-1)
	e.Close("})")
	e.Open("if err != nil")
	e.Line("return")
	e.Close("")
}

// goNDRanges writes globals and locals, each launch's NDRange from the
// dry run's values, but a late one's (Note [late launches] in package
// abi), which the launch callback sizes; it reports whether k has one.
func goNDRanges(e *emit.Writer, k *abi.Kernel, av string) bool {
	e.Line("globals, locals := make([][]int, %d), make([][]int, %d)", len(k.Launches), len(k.Launches))
	late := slices.Contains(k.Late(), true)
	if late {
		e.Line("late := %s.Late() // sized when the program reaches them (Note [late launches] in package abi)", av)
	}
	e.Open("for i, l := range %s.Launches", av)
	if late {
		e.Open("if late[i]")
		e.Line("continue")
		e.Close("")
	}
	e.Open("if globals[i], locals[i], err = l.NDRange(launchVals[i]); err != nil")
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
	e.Line("x := make([]byte, kind.Bytes())")
	e.Open("if err := k.ctx.ReadBytesAt(b, int64(off*len(x)), x); err != nil")
	e.Line("return 0, err")
	e.Close("")
	e.Line("return abi.WordOf(kind, x), nil")
	e.Indent--
	e.Line("}")
}
