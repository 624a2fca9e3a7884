package hostgen

import (
	"fmt"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/emit"
)

// The scratch buffers of late launches that reduce (Note [late launches]
// in package abi): one partial result per work-group, whose count each
// host knows only when it sizes the launch; it grows them then.

// goLateLaunch sizes a late launch in the launch callback, before its
// arguments: its NDRange, and for one that reduces, its work-group count
// and the scratch buffers of one value per work-group, grown to it (Note
// [late launches] in package abi).
func goLateLaunch(e *emit.Writer, k *abi.Kernel, av string) {
	e.Open("if late[launch]")
	e.Open("if globals[launch], locals[launch], err = %s.LateNDRange(launch, vals); err != nil", av)
	e.Line("return err")
	e.Close("")
	late := k.Late()
	var cases []int
	for i, l := range k.Launches {
		if late[i] && usedAsGroups(k, l.Symbol) {
			cases = append(cases, i)
		}
	}
	if len(cases) > 0 {
		e.Line("switch launch {")
		for _, i := range cases {
			sym := k.Launches[i].Symbol
			e.Line("case %d: // %s: one partial result per work-group", i, sym)
			e.Indent++
			e.Line("groups%s = groupCount(globals[%d], locals[%d])", goName(sym), i, i)
			for _, b := range k.Scratch {
				if b.Groups != sym {
					continue
				}
				e.Open("if scratch%s, err = k.buffer(slot%s, int64(max(groups%s, 1))*%d); err != nil", goName(b.Name), goName(b.Name), goName(sym), b.Kind.Bytes())
				e.Line("return err")
				e.Close("")
			}
			e.Indent--
		}
		e.Line("}")
	}
	e.Close("")
}

// lateSymbols is the set of k's late launches' symbols (Note [late
// launches] in package abi).
func lateSymbols(k *abi.Kernel) map[string]bool {
	out := map[string]bool{}
	for i, late := range k.Late() {
		if late {
			out[k.Launches[i].Symbol] = true
		}
	}
	return out
}

// lateScratch writes, after late launch li is sized (fcl_wI its
// work-group count), the reallocation of the scratch buffers of one value
// per work-group of it to that count (forocl_scratch keeps a buffer whose
// shape holds).
func (f *fortKernel) lateScratch(li int) {
	sym := f.k.Launches[li].Symbol
	for i, s := range f.k.Scratch {
		if s.Groups != sym {
			continue
		}
		f.e.call("", "forocl_scratch", fmt.Sprintf("fcl_s%d", i+1), fortranArrayKind(s.Kind), "["+f.n.max1(fmt.Sprintf("fcl_w%d", li+1))+"]", ".false.", "fcl_st", "fcl_msg")
		f.check()
	}
}
