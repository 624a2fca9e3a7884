package codegen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
)

// goHostProgram emits the launches of a kernel with a host program (Note
// [host program] in package abi). The generated Go does not spell the
// program's expressions again: it runs them through the ABI it embeds
// (abiVar), as forocl run does, so their semantics (32-bit integers, an
// overflow or a division by zero an error) stay in one place. LaunchVals
// gives each launch's host variables, from which NDRange sizes it and
// CheckHostAccesses checks its accesses; then WalkWith runs the program,
// Set and If steps and host loops, calling back for each launch with the
// values of the host and loop variables it takes.
func goHostProgram(e *emitter, k *abi.Kernel, resBuf map[string]string) {
	gn := newGoNames(k)
	av := abiVar(k)
	sizes := map[string]bool{}
	var init []string
	for _, s := range k.Sizes {
		sizes[s.Name] = true
		init = append(init, fmt.Sprintf("%q: %s", s.Name, gn.size(s.Name)))
	}
	for _, p := range k.Scalars() {
		if !sizes[p.Name] && (p.Kind == abi.Int || p.Kind == abi.Logical || p.Kind == abi.Int64) {
			init = append(init, fmt.Sprintf("%q: int(%s)", p.Name, gn.of(p.Name)))
		}
	}
	e.line("// The host program runs through the kernel's ABI, as forocl run runs it:")
	e.line("// its host variables at each launch size the NDRanges first.")
	e.line("hostInit := map[string]int{%s}", strings.Join(init, ", "))
	e.line("var launchVals []map[string]int")
	e.open("if launchVals, err = %s.LaunchVals(hostInit); err != nil", av)
	e.line("return")
	e.close("")
	e.open("if err = %s.CheckHostAccesses(launchVals); err != nil", av)
	e.line("return")
	e.close("")
	e.line("globals, locals := make([][]int, %d), make([][]int, %d)", len(k.Launches), len(k.Launches))
	e.open("for i, l := range %s.Launches", av)
	e.open("if globals[i], locals[i], err = l.NDRange(launchVals[i]); err != nil")
	e.line("err = fmt.Errorf(\"kernel %%q: %%v\", %q, err)", k.Name)
	e.line("return")
	e.close("")
	e.close("")
	for i, l := range k.Launches {
		if usedAsGroups(k, l.Symbol) {
			e.line("groups%s = groupCount(globals[%d], locals[%d])", goName(l.Symbol), i, i)
		}
	}
	goScratch(e, k)
	e.open("err = %s.WalkWith(hostInit, func(launch int, vals map[string]int) error", av)
	e.line("var args []any")
	e.line("switch launch {")
	for i, l := range k.Launches {
		var args []string
		for _, a := range l.Args {
			switch a.Kind {
			case abi.ScratchArg:
				args = append(args, "scratch"+goName(a.Name))
			case abi.LoopArg, abi.HostArg:
				args = append(args, fmt.Sprintf("int32(vals[%q])", a.Name))
			default:
				args = append(args, goArg(k, a, resBuf))
			}
		}
		e.line("case %d: // %s", i, l.Symbol)
		e.indent++
		e.line("args = []any{%s}", strings.Join(args, ", "))
		e.indent--
	}
	e.line("}")
	e.line("ev, err := k.ctx.LaunchWith(k.kernels[launch], globals[launch], locals[launch], args...)")
	e.open("if err != nil")
	e.line("return err")
	e.close("")
	if len(k.Results()) > 0 {
		// The results are read once the last launch is done.
		e.open("if launch == %d", len(k.Launches)-1)
		e.line("defer ev.Close()")
		e.line("return ev.WaitContext(ctx)")
		e.close("")
	}
	// The queue is in order: the next launch sees this one's writes.
	e.line("ev.Close()")
	e.line("return nil")
	e.close(", nil)")
	e.open("if err != nil")
	e.line("return")
	e.close("")
}
