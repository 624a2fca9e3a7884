package ir

// Note [host loops]
//
// A sequential DO at the top level of a loop kernel whose body holds
// parallel nests is a host loop: a Loop with Host set. The host runs it
// (abi.Loop, Note [host program] in package abi): it evaluates the trip
// count once, as Fortran does, from Host's affine forms, which are over
// the kernel's integer scalar dummies (sizes) and the variables of
// enclosing host loops, and runs the body's statements and launches on
// every trip; a nest that reads the loop variable, or a scalar the body
// sets, takes the host's value as a launch argument. Sema refuses
// scalars carried from one trip to the next (a scalar read in the body
// before the body sets it on every path, when the body sets it), so a
// reduction into a scalar inside the loop must be reset in the body.

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
