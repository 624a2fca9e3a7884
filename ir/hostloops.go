package ir

// Note [host loops]
//
// A sequential DO at the top level of a loop kernel whose body holds
// parallel nests is a host loop: a Loop with Host set. The host runs it
// (abi.Loop): it evaluates the trip count once, as Fortran does, from
// Host's affine forms, which are over the kernel's integer scalar dummies
// (sizes) and the variables of enclosing host loops, and repeats the
// launches of the nests in the body, passing the loop variable to each
// as an argument. Scalar statements stay on the device and are replayed
// by every work-item as before (Note [loop kernels]): a launch inside the
// loop replays the statements before the loop, then those of the body
// before its nest, with the loop variable's value of this trip. A launch
// after the loop replays its last trip (when it has one) and sets the
// variable to its value on exit, lo + trips*step. Both are exact because
// sema refuses scalars carried from one trip to the next (a scalar read
// in the body before the body sets it on every path, when the body sets
// it); a reduction into a scalar inside the loop must therefore be reset
// in the body. Each trip rewrites the reductions' value buffers, so after
// the loop they hold the last trip's values, which is what the replay
// loads.

// Trip is a host loop's bounds in affine form: Var runs from Lo to Hi by
// Step (Step.Const 1 when the source has none); every Term's Var is an
// integer scalar dummy (a size of the kernel) or the variable of an
// enclosing host loop.
type Trip struct {
	Lo, Hi, Step Affine
}

// Nests returns the nests of a loop kernel's body in launch order, those
// in host loops and under IFs included.
func Nests(body []Stmt) []*Nest {
	var out []*Nest
	for _, s := range body {
		switch s := s.(type) {
		case *Nest:
			out = append(out, s)
		case *Loop:
			if s.Host != nil {
				out = append(out, Nests(s.Body)...)
			}
		case *If: // an IF of the host procedure: its THEN, then its ELSE
			out = append(out, Nests(s.Then)...)
			out = append(out, Nests(s.Else)...)
		}
	}
	return out
}
