package codegen

import (
	"fmt"
	"regexp"

	"github.com/forocl/forocl/abi"
)

// fortranProgram writes a kernel's program (abi.Kernel.Program): each
// launch through launch, each host loop as a Fortran DO over fcl_VAR,
// which evaluates the trip count once as the source's loop did (Note
// [host loops] in package abi).
func fortranProgram(e *fortEmitter, steps []abi.Step, launch func(int)) {
	for _, s := range steps {
		if s.Loop == nil {
			launch(s.Launch)
			continue
		}
		l := s.Loop
		step := ""
		if !(len(l.Step.Terms) == 0 && l.Step.Const == 1) {
			step = ", " + fortranAffine(l.Step)
		}
		e.line("! host loop: launches %d to %d for each %s", l.First+1, l.End, l.Var)
		e.line("do fcl_%s = %s, %s%s", l.Var, fortranAffine(l.Lo), fortranAffine(l.Hi), step)
		e.indent++
		fortranProgram(e, s.Body, launch)
		e.indent--
		e.line("end do")
	}
}

// fortranHostName matches the names of the Fortran host's own variables
// after their prefix fcl_.
var fortranHostName = regexp.MustCompile(`^(?i)([gwsrvk][0-9]+|st|msg|name|run|build|program|source)$`)

// fortranCheckLoops refuses host loops whose variables would collide with
// the Fortran host's own names.
func fortranCheckLoops(k *abi.Kernel) error {
	for _, l := range k.HostLoops {
		if fortranHostName.MatchString(l.Var) {
			return fmt.Errorf("kernel %q: loop variable %q collides with a name of the Fortran host; rename it", k.Name, l.Var)
		}
		for _, s := range k.Sizes {
			if s.Name == l.Var {
				return fmt.Errorf("kernel %q: loop variable %q collides with a size", k.Name, l.Var)
			}
		}
	}
	return nil
}
