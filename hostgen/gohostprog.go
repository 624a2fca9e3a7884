package hostgen

import (
	"fmt"
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
// values of the host and loop variables it takes.
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
		if !sizes[p.Name] && (p.Kind == abi.Int || p.Kind == abi.Logical || p.Kind == abi.Int64) {
			init = append(init, fmt.Sprintf("%q: int(%s)", p.Name, gn.of(p.Name)))
		}
	}
	e.Line("// The host program runs through the kernel's ABI, as forocl run runs it:")
	e.Line("// its host variables at each launch size the NDRanges first.")
	e.Line("hostInit := map[string]int{%s}", strings.Join(init, ", "))
	e.Line("var launchVals []map[string]int")
	e.Open("if launchVals, err = %s.LaunchVals(hostInit); err != nil", av)
	e.Line("return")
	e.Close("")
	e.Open("if err = %s.CheckHostAccesses(launchVals); err != nil", av)
	e.Line("return")
	e.Close("")
	e.Line("globals, locals := make([][]int, %d), make([][]int, %d)", len(k.Launches), len(k.Launches))
	e.Open("for i, l := range %s.Launches", av)
	e.Open("if globals[i], locals[i], err = l.NDRange(launchVals[i]); err != nil")
	e.Line("err = fmt.Errorf(\"kernel %%q: %%v\", %q, err)", k.Name)
	e.Line("return")
	e.Close("")
	e.Close("")
	for i, l := range k.Launches {
		if usedAsGroups(k, l.Symbol) {
			e.Line("groups%s = groupCount(globals[%d], locals[%d])", goName(l.Symbol), i, i)
		}
	}
	goScratch(e, k)
	e.Open("err = %s.WalkWith(hostInit, func(launch int, vals map[string]int) error", av)
	e.Line("var args []any")
	e.Line("switch launch {")
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
		e.Line("case %d: // %s", i, l.Symbol)
		e.Indent++
		e.Line("args = []any{%s}", strings.Join(args, ", "))
		e.Indent--
	}
	e.Line("}")
	e.Line("ev, err := k.ctx.LaunchWith(k.kernels[launch], globals[launch], locals[launch], args...)")
	e.Open("if err != nil")
	e.Line("return err")
	e.Close("")
	if len(k.Results()) > 0 {
		// The results are read once the last launch is done.
		e.Open("if launch == %d", len(k.Launches)-1)
		e.Line("defer ev.Close()")
		e.Line("return ev.WaitContext(ctx)")
		e.Close("")
	}
	// The queue is in order: the next launch sees this one's writes.
	e.Line("ev.Close()")
	e.Line("return nil")
	e.Close(", nil)")
	e.Open("if err != nil")
	e.Line("return")
	e.Close("")
}
