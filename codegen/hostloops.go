package codegen

import (
	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ir"
)

// Host loops (Note [host loops] in package ir): the launches of the nests
// in a host loop are repeated by the host (abi.Loop); a nest that reads
// the loop variable takes its value as a host scalar (hostprog.go).

// hostLaunches walks body, the top level of loop kernel k or the body of
// a host loop, calling emit for each nest, and records the host loops in
// ak.
func hostLaunches(ak *abi.Kernel, body []ir.Stmt, emit func(*ir.Nest)) {
	for _, s := range body {
		switch s := s.(type) {
		case *ir.Nest:
			emit(s)
		case *ir.Loop:
			if s.Host == nil {
				panic("internal error: codegen: sequential loop at the top level of a loop kernel")
			}
			at := len(ak.HostLoops)
			ak.HostLoops = append(ak.HostLoops, abi.Loop{Var: s.Var.Name, Lo: abiAffine(s.Host.Lo), Hi: abiAffine(s.Host.Hi), Step: abiAffine(s.Host.Step), First: len(ak.Launches)})
			hostLaunches(ak, s.Body, emit)
			ak.HostLoops[at].End = len(ak.Launches)
		case *ir.If:
			hostLaunches(ak, s.Then, emit)
			hostLaunches(ak, s.Else, emit)
		}
	}
}
