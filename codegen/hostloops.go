package codegen

import (
	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ir"
)

// Host loops (Note [host loops] in package ir): the launches of the nests
// in a host loop are repeated by the host (abi.Loop), each taking the
// loop variable's value as an argument, _loop_NAME, which the statements
// every work-item replays copy into the variable where the loop begins.
// A launch after a host loop replays its last trip.

// hostLaunches walks body, the top level of loop kernel k or the body of
// the host loops loops, calling emit for each nest with the statements
// its launch replays (prelude, then body's statements before it), and
// records the host loops in ak. It returns prelude extended by body.
func hostLaunches(ak *abi.Kernel, body, prelude []ir.Stmt, loops []*ir.Loop, emit func(*ir.Nest, []ir.Stmt, []*ir.Loop)) []ir.Stmt {
	prelude = append([]ir.Stmt(nil), prelude...)
	for _, s := range body {
		switch s := s.(type) {
		case *ir.Nest:
			emit(s, prelude, loops)
			if len(s.Reduces) > 0 {
				prelude = append(prelude, s) // later launches load its values
			}
		case *ir.Loop:
			if s.Host == nil {
				panic("internal error: codegen: sequential loop at the top level of a loop kernel")
			}
			at := len(ak.HostLoops)
			ak.HostLoops = append(ak.HostLoops, abi.Loop{Var: s.Var.Name, Lo: abiAffine(s.Host.Lo), Hi: abiAffine(s.Host.Hi), Step: abiAffine(s.Host.Step), First: len(ak.Launches)})
			entry := &ir.Assign{Pos: s.Pos, LHS: &ir.Ref{Pos: s.Pos, Var: s.Var}, RHS: &ir.Ref{Pos: s.Pos, Var: loopParam(s)}}
			inner := append(append([]ir.Stmt(nil), prelude...), entry)
			hostLaunches(ak, s.Body, inner, append(append([]*ir.Loop(nil), loops...), s), emit)
			ak.HostLoops[at].End = len(ak.Launches)
			prelude = append(prelude, s) // replayed as its last trip
		default:
			prelude = append(prelude, s)
		}
	}
	return prelude
}

// loopParam is the kernel parameter that passes the value of host loop
// s's variable to the launches inside it.
func loopParam(s *ir.Loop) *ir.Var {
	return &ir.Var{Name: "_loop_" + s.Var.Name, Kind: ir.Int, Role: ir.Local, Pos: s.Pos}
}

// loopArgs extends a launch's arguments and parameters with the
// variables of the host loops around it.
func loopArgs(args []abi.Arg, params []string, loops []*ir.Loop) ([]abi.Arg, []string) {
	for _, s := range loops {
		args = append(args, abi.Arg{Kind: abi.LoopArg, Name: s.Var.Name})
		params = append(params, "const int "+loopParam(s).Name)
	}
	return args, params
}

// preludeLoads returns the reductions whose values the statements of
// prelude load: those of its nests, and of the nests of its host loops.
func preludeLoads(prelude []ir.Stmt) []*ir.Var {
	var out []*ir.Var
	for _, s := range prelude {
		switch s := s.(type) {
		case *ir.Nest:
			out = append(out, s.Reduces...)
		case *ir.Loop:
			if s.Host != nil {
				out = append(out, preludeLoads(s.Body)...)
			}
		}
	}
	return out
}

// lastTrip replays host loop s for a launch after it: its last trip, if
// it has one, then its variable's value after the loop, lo + trips*step,
// as Fortran leaves it. Sema has checked that no scalar passes from one
// trip to the next, so the last trip gives every scalar its value.
func (lg *loopGen) lastTrip(s *ir.Loop) {
	e := &lg.e
	v := sanitize(s.Var.Name)
	lo, step, trips := "_lo_"+s.Var.Name, "_step_"+s.Var.Name, "_trips_"+s.Var.Name
	e.Line("{ // the DO loop at %s runs on the host: its last trip", where(s.Pos))
	e.Indent++
	e.Line("const int %s = %s;", lo, lg.affine(s.Host.Lo))
	e.Line("const int %s = %s;", step, lg.affine(s.Host.Step))
	e.Line("const int %s = (%s - %s + %s) / %s;", trips, lg.affine(s.Host.Hi), lo, step, step)
	e.Open("if (%s > 0)", trips)
	e.Line("%s = %s + (%s - 1)*%s;", v, lo, trips, step)
	lg.stmts(s.Body)
	e.Close("")
	e.Line("%s = %s + (%s > 0 ? %s : 0)*%s;", v, lo, trips, trips, step)
	e.Indent--
	e.Line("}")
}
