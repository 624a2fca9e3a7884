package hostgen

import (
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/emit"
)

// hostResults returns the index of kernel k's results launch, whose
// values both generated hosts take from the host program instead of
// launching it and reading the result buffers back (Note [results from
// the host] in package abi), or -1 when k has none: it is the last launch
// of a kernel with a host program, of abi.ResultsStrategy, and passes
// every scalar result, each of one element, as a HostArg.
func hostResults(k *abi.Kernel) int {
	last := len(k.Launches) - 1
	if k.Steps == nil || last < 0 || k.Launches[last].Strategy != abi.ResultsStrategy {
		return -1
	}
	passed := map[string]bool{}
	for _, a := range k.Launches[last].Args {
		if a.Kind == abi.HostArg {
			passed[strings.ToLower(a.Name)] = true
		}
	}
	for _, p := range k.Results() {
		if !passed[strings.ToLower(p.Name)] || p.ResultElements() != 1 {
			return -1
		}
	}
	return last
}

// goRelease writes the release method of kernel type typ, whose results
// come from the host program: in a run that waits (RunContext) each
// launch's event stays open (held) until the next launch, so that the
// results launch, which launches nothing, can wait for the last one.
func goRelease(e *emit.Writer, typ string) {
	e.Line("// release closes ev, the event of the last launch when held; wait says")
	e.Line("// to wait for it first, as a run that waits does at its results launch.")
	e.Open("func (k *%s) release(ctx context.Context, wait bool) error", typ)
	e.Open("if !k.held")
	e.Line("return nil")
	e.Close("")
	e.Line("k.held = false")
	e.Line("defer k.ev.Close()")
	e.Open("if wait")
	e.Line("return k.ev.WaitContext(ctx)")
	e.Close("")
	e.Line("return nil")
	e.Close("")
}

// goHostResults writes, in the launch callback of a host program, the
// results launch ri of kernel k, which launches nothing: the values its
// HostArgs pass go into the results' kept slices (valX, which run
// returns), typed as the launch takes them, and a run that waits waits
// for the last launch (Note [results from the host] in package abi).
func goHostResults(e *emit.Writer, k *abi.Kernel, ri int) {
	gn := newGoNames(k)
	l := k.Launches[ri]
	e.Line("case %d: // %s, not launched: the results are the host program's (Note [results from the host] in package abi)", ri, l.Symbol)
	e.Indent++
	checked := false // a value hostInt32 checks, which sets err
	for _, a := range l.Args {
		if a.Kind == abi.HostArg {
			v := goHostValue(a.Name, a.Type)
			e.Line("k.%s[0] = %s", gn.derived("val", a.Name), v)
			checked = checked || strings.HasPrefix(v, "hostInt32")
		}
	}
	if checked {
		e.Open("if err != nil")
		e.Line("return err")
		e.Close("")
	}
	e.Line("return k.release(ctx, true)")
	e.Indent--
}

// assignResults writes, in place of the reads of the results, the
// assignment of each result dummy from its host variable, which holds
// the value the results launch would have passed (Note [results from the
// host] in package abi): the program has run to its end, in the run that
// launches, where every host variable is known.
func (f *fortKernel) assignResults() {
	for _, p := range f.results {
		v := f.n.v(p.Name)
		if p.Kind == abi.Logical { // 0 or 1
			v += " /= 0"
		}
		f.e.Line("%s = %s", p.Name, v)
	}
}
