package hostgen

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/forocl/forocl/abi"
)

// fortranProgram writes a kernel's program (abi.Kernel.Program): each
// launch through launch, each host loop as a Fortran DO over fcl_VAR,
// which evaluates the trip count once as the source's loop did (Note
// [host loops] in package abi), and host statements through h (Note
// [host program] in package abi; nil when the kernel has none).
func fortranProgram(e *fortEmitter, n *fortNames, steps []abi.Step, launch func(int), h *fortHost) {
	for i := 0; i < len(steps); i++ {
		s := steps[i]
		switch {
		case s.Set != nil:
			h.set(s.Set)
			continue
		case s.Combine != nil:
			run := combineRun(steps[i:])
			h.combines(steps[i : i+run])
			i += run - 1
			continue
		case s.Print != nil:
			h.print(s.Print)
			continue
		case s.If != nil:
			unknown := h.unknownIf(s.If) // the sizing run takes neither branch
			if unknown {
				e.Indent++
			}
			e.Line("if (%s /= 0) then", h.cond(s.If))
			e.Indent++
			fortranProgram(e, n, s.If.Then, launch, h)
			e.Indent--
			if len(s.If.Else) > 0 {
				e.Line("else")
				e.Indent++
				fortranProgram(e, n, s.If.Else, launch, h)
				e.Indent--
			}
			e.Line("end if")
			if unknown {
				e.Indent--
				e.Line("end if")
			}
			continue
		case s.Loop == nil:
			launch(s.Launch)
			continue
		}
		l := s.Loop
		step := ""
		if !(len(l.Step.Terms) == 0 && l.Step.Const == 1) {
			step = ", " + n.affine(l.Step)
		}
		e.Line("! host loop: launches %d to %d for each %s", l.First+1, l.End, l.Var)
		e.Line("do %s = %s, %s%s", n.v(l.Var), n.affine(l.Lo), n.affine(l.Hi), step)
		e.Indent++
		fortranProgram(e, n, s.Body, launch, h)
		e.Indent--
		e.Line("end do")
	}
}

// fortranHostName matches the names of the Fortran host's own variables
// after their prefix fcl_ (the host program's temporaries hN, eN, dN and
// read-back arrays ce, cd, ch, ci, ri, rd, a module variable's uN); a
// size, loop or host variable of such a name gets another variable (Note
// [Fortran host names]).
var fortranHostName = regexp.MustCompile(`^(?i)([gwsrvkhedu][0-9]+|c[edhi]|r[id]|st|msg|name|run|build|program|source|seen|unk|launching)$`)

// fortranCheckLoops refuses host loops whose variables are sizes, and kernels with a size that is
// neither a dummy nor derivable from the arrays' shapes.
func fortranCheckLoops(k *abi.Kernel) error {
	known := map[string]bool{}
	for _, sz := range k.Sizes {
		if p := k.Param(sz.Name); p != nil && !p.Array || sz.Quot != nil {
			known[sz.Name] = true
		}
	}
	loopDerivations(k, newFortNames(k), known)
	for _, sz := range k.Sizes {
		if !known[sz.Name] {
			return fmt.Errorf("kernel %q: size %q is neither a dummy nor derivable from the shapes of its arrays, so the Fortran host cannot bind it; launch it from its ABI with --set %s=VALUE", k.Name, sz.Name, sz.Name)
		}
	}
	for _, l := range k.HostLoops {
		for _, s := range k.Sizes {
			if s.Name == l.Var {
				return fmt.Errorf("kernel %q: loop variable %q collides with a size", k.Name, l.Var)
			}
		}
	}
	return nil
}

// fortranLoopSizes writes the statements that set a kernel's sizes
// (fcl_NAME): a size that is a scalar dummy is its value; the others are
// derived from the shapes of the arrays passed as abi.Kernel.BindWith
// derives them: an extent whose only unknown size has coefficient ±1
// gives it, repeatedly until every size is known. fortranLoopDerivable
// has refused kernels where that does not end.
func fortranLoopSizes(e *fortEmitter, k *abi.Kernel, n *fortNames) map[string]string {
	known := map[string]bool{}
	for _, sz := range k.Sizes {
		if p := k.Param(sz.Name); p != nil && !p.Array {
			if sz.Wide() {
				// This host builds only 32-bit indices (Note [index
				// types] in package abi): a 64-bit size is never narrowed.
				e.Line("if (%s > 2147483647 .or. %s < -2147483647 - 1) then", p.Name, p.Name)
				e.Line("  fcl_st = 1")
				e.Line("  write (fcl_msg, '(a, i0, a)') 'size %s = ', %s, &", sz.Name, p.Name)
				e.Line("      ' does not fit 32 bits, which this host builds; use forocl run'")
				e.Line("  exit fcl_run")
				e.Line("end if")
			}
			e.Line("%s = %s", n.v(sz.Name), n.toInt(p.Name))
			known[sz.Name] = true
		}
	}
	for _, sz := range k.Sizes {
		if sz.Quot != nil {
			// From the dummies (Note [quotient sizes] in package sema);
			// Fortran's / truncates as the kernel's does.
			e.Line("%s = (%s) / %d", n.v(sz.Name), n.affine(sz.Quot.Of), sz.Quot.Div)
			known[sz.Name] = true
		}
	}
	from := map[string]string{}
	for _, d := range loopDerivations(k, n, known) {
		e.Line("%s = %s", n.v(d.size), d.expr)
		from[d.size] = d.from
	}
	return from
}

// fortranCheckShapes checks every array against the extents the sizes
// give it (from: the array each size was derived from). An array of the
// same extents as the one array its sizes came from is compared with that
// array (a grid that all arrays share: the message names both).
func fortranCheckShapes(e *fortEmitter, k *abi.Kernel, n *fortNames, from map[string]string, check func()) {
	for _, p := range k.Arrays() {
		if p.Sequence {
			e.call("", "forocl_check_count", "fcl_name", "'"+p.Name+"'", p.Name, n.affine(p.Shape[0]), "fcl_st", "fcl_msg")
			check()
			continue
		}
		var want []string
		src := ""
		for d, ext := range p.Shape {
			want = append(want, n.affine(ext))
			for _, t := range ext.Terms {
				if d == 0 && src == "" {
					src = from[t.Size]
				}
				if from[t.Size] != src {
					src = "-"
				}
			}
		}
		if src == p.Name && ownSizes(p) {
			continue // its shape gave its sizes: nothing to check
		}
		if q := k.Param(src); q != nil && q.Name != p.Name && !q.Sequence && sameShape(p.Shape, q.Shape) {
			e.call("", "forocl_check_extents", "fcl_name", "'"+p.Name+"'", p.Name, "["+strings.Join(want, ", ")+"]", "'"+q.Name+"'", q.Name, "fcl_st", "fcl_msg")
		} else {
			e.call("", "forocl_check_declared", "fcl_name", "'"+p.Name+"'", p.Name, "["+strings.Join(want, ", ")+"]", "fcl_st", "fcl_msg")
		}
		check()
	}
}

// ownSizes reports whether every extent of p is one size of its own
// plus a constant, so that the sizes derived from p's shape give it.
func ownSizes(p *abi.Param) bool {
	seen := map[string]bool{}
	for _, e := range p.Shape {
		if len(e.Terms) != 1 || e.Terms[0].Coef != 1 || seen[e.Terms[0].Size] {
			return false
		}
		seen[e.Terms[0].Size] = true
	}
	return true
}

// sameShape reports whether two arrays are declared with the same extents.
func sameShape(a, b []abi.Affine) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			return false
		}
	}
	return true
}

// loopDerivation sets one size from an array's extent.
type loopDerivation struct{ size, expr, from string } // from: the array

// loopDerivations returns, in order, how each size not in known is
// derived from an array's shape; known gains them.
func loopDerivations(k *abi.Kernel, n *fortNames, known map[string]bool) []loopDerivation {
	var out []loopDerivation
	for progress := true; progress; {
		progress = false
		for _, p := range k.Arrays() {
			for d, ext := range p.Shape {
				unknown := -1
				for i, t := range ext.Terms {
					if known[t.Size] {
						continue
					}
					if unknown >= 0 {
						unknown = -2
						break
					}
					unknown = i
				}
				if unknown < 0 {
					continue
				}
				t := ext.Terms[unknown]
				if t.Coef != 1 && t.Coef != -1 {
					continue
				}
				// extent = coef*size + rest, so size = coef*(extent - rest).
				rest := abi.Affine{Const: ext.Const}
				for i, o := range ext.Terms {
					if i != unknown {
						rest.Terms = append(rest.Terms, o)
					}
				}
				expr := fmt.Sprintf("%s%%shape(%d)", p.Name, d+1)
				if p.Sequence {
					expr = n.toInt(p.Name + "%count") // any rank (abi.Param.Sequence)
				}
				if r := n.affine(rest); r != "0" {
					expr += " - (" + r + ")"
				}
				if t.Coef == -1 {
					expr = "-(" + expr + ")"
				}
				out = append(out, loopDerivation{t.Size, expr, p.Name})
				known[t.Size] = true
				progress = true
			}
		}
	}
	return out
}
