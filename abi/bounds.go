package abi

import (
	"fmt"
	"strings"
)

// Note [access ranges]
//
// A loop kernel indexes its arrays in their declared bounds, and nothing
// on the device stops a subscript that leaves them: a write to b(i) for i
// up to size(a) when b is smaller stores past b's buffer, and a read
// there returns another buffer's data (or, on a CPU device that runs in
// the host process, corrupts or reads the host's heap). So the ABI says,
// per launch, which indices each affine subscript of an array dummy
// touches, and every host checks them against the declared bounds before
// it launches anything (Kernel.CheckAccesses; the Go harness and the
// Fortran host generate the same comparisons from the same records).
//
// An Access is listed only where its range is exact, so that a valid
// program is never refused: the subscript is affine in the sizes and in
// the nest's indices, every index of the nest runs between bounds affine
// in the sizes (a rectangular iteration space), and the element is
// touched at every point of it (not under an IF, a WHERE mask, a
// sequential DO, after a RETURN, in the second operand of .and./.or. or
// in merge). Then the subscript's smallest and largest values are Min
// and Max, taken at the corners of the space, and they are reached
// whenever the space is not empty: each When is then >= 0 (Hi - Lo of
// each index). A launch inside host loops is checked when every loop
// around it has bounds in the sizes and a constant step, and runs at
// least once. Every other subscript (gathers a(idx(i)), triangular
// nests, accesses under conditions) is left to forocl run --check-bounds
// (Note [checked subscripts] in codegen/bounds.go).

// Access is the range of indices one subscript of an array dummy touches
// in one launch (see Note [access ranges]).
type Access struct {
	Param string `json:"param"`
	Dim   int    `json:"dim"` // 1-based
	Write bool   `json:"write,omitempty"`
	// Min and Max are the smallest and largest index the subscript takes,
	// Lo and Hi the dimension's declared bounds, all affine in the sizes.
	Min Affine `json:"min"`
	Max Affine `json:"max"`
	Lo  Affine `json:"lo"`
	Hi  Affine `json:"hi"`
	// When lists the expressions that must all be >= 0 for the access to
	// happen (the nest's iteration space is not empty).
	When []Affine `json:"when,omitempty"`
	At   string   `json:"at,omitempty"` // the subscript's source position, file:line
}

// Runs reports whether the launch a is in runs for the given sizes, as far
// as When says; false when the iteration space is empty.
func (a *Access) Runs(sizes map[string]int) (bool, error) {
	for _, w := range a.When {
		v, err := w.Eval(sizes)
		if err != nil {
			return false, err
		}
		if v < 0 {
			return false, nil
		}
	}
	return true, nil
}

// AccessChecks returns the accesses of k's launches that hosts check
// before a run (Note [access ranges]), in launch order: each with the
// conditions for its launch to run prepended to When (every host loop
// around it has a trip: Hi - Lo >= 0, or Lo - Hi for a negative step).
// A launch inside a host loop whose bounds are not in the sizes alone, or
// whose step is not constant, is left out.
func (k *Kernel) AccessChecks() []Access {
	sizes := map[string]bool{}
	for _, s := range k.Sizes {
		sizes[s.Name] = true
	}
	inSizes := func(a Affine) bool {
		for _, t := range a.Terms {
			if !sizes[t.Size] {
				return false
			}
		}
		return true
	}
	var out []Access
launches:
	for i, l := range k.Launches {
		if k.namesHostVars(l) {
			continue // CheckHostAccesses
		}
		var guards []Affine
		for _, lp := range k.HostLoops {
			if i < lp.First || i >= lp.End {
				continue
			}
			if !lp.Step.IsConstant() || lp.Step.Const == 0 || !inSizes(lp.Lo) || !inSizes(lp.Hi) {
				continue launches
			}
			if lp.Step.Const > 0 {
				guards = append(guards, lp.Hi.Minus(lp.Lo))
			} else {
				guards = append(guards, lp.Lo.Minus(lp.Hi))
			}
		}
		for _, a := range l.Accesses {
			a.When = append(append([]Affine(nil), guards...), a.When...)
			out = append(out, a)
		}
	}
	return out
}

// Sides reports which of the two comparisons of a can fail for some
// sizes: Min < Lo (low) and Max > Hi (high); one whose difference is a
// constant that holds needs no test.
func (a *Access) Sides() (low, high bool) {
	l, h := a.Min.Minus(a.Lo), a.Hi.Minus(a.Max)
	return !l.IsConstant() || l.Const < 0, !h.IsConstant() || h.Const < 0
}

// Minus returns a - b.
func (a Affine) Minus(b Affine) Affine {
	out := Affine{Const: a.Const - b.Const, Terms: append([]Term(nil), a.Terms...)}
	for _, t := range b.Terms {
		found := false
		for i := range out.Terms {
			if out.Terms[i].Size == t.Size {
				out.Terms[i].Coef -= t.Coef
				found = true
			}
		}
		if !found {
			out.Terms = append(out.Terms, Term{Coef: -t.Coef, Size: t.Size})
		}
	}
	kept := out.Terms[:0]
	for _, t := range out.Terms {
		if t.Coef != 0 {
			kept = append(kept, t)
		}
	}
	out.Terms = kept
	return out
}

// CheckAccesses checks every access of AccessChecks against its declared
// bounds with the given sizes, and returns an error naming the first that
// leaves them: the array, the dimension, the indices and the bounds.
func (k *Kernel) CheckAccesses(sizes map[string]int) error {
	for _, a := range k.AccessChecks() {
		if err := k.checkAccess(&a, sizes); err != nil {
			return err
		}
	}
	return nil
}

func (k *Kernel) checkAccess(a *Access, sizes map[string]int) error {
	ok, err := a.Runs(sizes)
	if err != nil || !ok {
		return err
	}
	var v [4]int
	for i, x := range []Affine{a.Min, a.Max, a.Lo, a.Hi} {
		if v[i], err = x.Eval(sizes); err != nil {
			return err
		}
	}
	if v[0] < v[2] || v[1] > v[3] {
		return fmt.Errorf("kernel %q "+a.ProblemFormat(), k.Name, v[0], v[1], v[2], v[3], sizeList(k, sizes))
	}
	return nil
}

// CheckHostAccesses checks the accesses that AccessChecks leaves out
// because they name host variables (Note [host program]), with the values
// each launch sees (LaunchVals); launches inside host loops are left out.
func (k *Kernel) CheckHostAccesses(lvals []map[string]int) error {
	late := k.Late()
	for i := range k.Launches {
		if late[i] { // checked when the host reaches it (Note [late launches])
			continue
		}
		for _, a := range k.HostAccesses(i) {
			if err := k.checkAccess(&a, lvals[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// HostAccesses returns the accesses of launch i that CheckHostAccesses
// checks with the values that launch sees (none when AccessChecks has
// them, or the launch is inside a host loop).
func (k *Kernel) HostAccesses(i int) []Access {
	for _, lp := range k.HostLoops {
		if lp.First <= i && i < lp.End {
			return nil
		}
	}
	if !k.namesHostVars(k.Launches[i]) {
		return nil
	}
	return k.Launches[i].Accesses
}

// namesHostVars reports whether an access of l names a host variable.
func (k *Kernel) namesHostVars(l *Launch) bool {
	if k.Steps == nil {
		return false
	}
	hv := map[string]bool{}
	for _, s := range k.HostVars() {
		hv[s.Var] = true
	}
	for _, a := range l.Accesses {
		for _, x := range append([]Affine{a.Min, a.Max, a.Lo, a.Hi}, a.When...) {
			for _, t := range x.Terms {
				if hv[t.Size] {
					return true
				}
			}
		}
	}
	return false
}

// ProblemFormat is the message of an access that leaves its bounds, after
// the kernel's name, as a format of five arguments: the smallest and
// largest index touched, the declared bounds (four ints) and the sizes
// ("n=12, m=10"). Every host words it the same way.
func (a *Access) ProblemFormat() string {
	verb := "reads"
	if a.Write {
		verb = "writes"
	}
	at := ""
	if a.At != "" {
		at = " (" + a.At + ")"
	}
	esc := func(s string) string { return strings.ReplaceAll(s, "%", "%%") }
	return fmt.Sprintf("%s array %s at indices %%d:%%d of dimension %d%s, outside its declared bounds %%d:%%d (with %%s); give sizes that keep the loop inside the array",
		verb, esc(fmt.Sprintf("%q", a.Param)), a.Dim, esc(at))
}

// BoundsBuffer is the scratch buffer of a kernel generated with
// --check-bounds (Note [checked subscripts] in codegen/bounds.go): four
// 32-bit integers, zero before the first launch; a launch that finds a
// subscript outside its bounds sets the first to the number of its Site
// (from 1) and the next two to the index (low and high 32 bits), and
// skips the access. The host reads it after the launches.
const BoundsBuffer = "_bounds"

// Site is one array subscript that a kernel generated with --check-bounds
// checks: dimension Dim (1-based) of array dummy Param, declared Lo:Hi.
type Site struct {
	Param string `json:"param"`
	Dim   int    `json:"dim"`
	Lo    Affine `json:"lo"`
	Hi    Affine `json:"hi"`
	At    string `json:"at,omitempty"` // file:line
}

// BoundsError returns the error a host reports for the contents of a
// kernel's BoundsBuffer read after the launches: nil when no subscript
// left its bounds, else one naming the array, the dimension, the index,
// the bounds, the kernel and the source line.
func (k *Kernel) BoundsError(buf []int32, sizes map[string]int) error {
	if len(buf) < 3 || buf[0] == 0 {
		return nil
	}
	if int(buf[0]) > len(k.BoundsSites) || buf[0] < 0 {
		return fmt.Errorf("kernel %q: bounds check site %d is not listed", k.Name, buf[0])
	}
	s := k.BoundsSites[buf[0]-1]
	v := int64(uint32(buf[1])) | int64(buf[2])<<32
	lo, err := s.Lo.Eval(sizes)
	if err != nil {
		return err
	}
	hi, err := s.Hi.Eval(sizes)
	if err != nil {
		return err
	}
	return fmt.Errorf(BoundsFormat(k.Name, s), v, lo, hi)
}

// BoundsFormat is the message of a subscript out of bounds at site s of
// kernel name, a format of the index and the bounds (three ints), which
// every host words the same way.
func BoundsFormat(name string, s Site) string {
	at := ""
	if s.At != "" {
		at = " (" + strings.ReplaceAll(s.At, "%", "%%") + ")"
	}
	return fmt.Sprintf("index %%d of dimension %d of array %s out of bounds %%d:%%d in kernel %s%s",
		s.Dim, strings.ReplaceAll(fmt.Sprintf("%q", s.Param), "%", "%%"), strings.ReplaceAll(fmt.Sprintf("%q", name), "%", "%%"), at)
}
