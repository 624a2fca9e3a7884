package hostgen

import (
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/emit"
)

// charParams are k's character parameters as parameters, for the checks
// of their names.
func charParams(k *abi.Kernel) []abi.Param {
	var out []abi.Param
	for _, c := range k.Chars {
		out = append(out, abi.Param{Name: c.Name, Intent: c.Intent})
	}
	return out
}

// fortranCharDecls declares the Fortran host's character dummies, after
// the others: as the kernel declares them (Note [host characters]).
func fortranCharDecls(e *fortEmitter, k *abi.Kernel) {
	for _, c := range k.Chars {
		switch {
		case c.Deferred:
			e.Line("character(len=:), allocatable, intent(%s) :: %s", c.Intent, c.Name)
		case c.Len == 0:
			e.Line("character(len=*), intent(%s) :: %s", c.Intent, c.Name)
		default:
			e.Line("character(len=%d), intent(%s) :: %s", c.Len, c.Intent, c.Name)
		}
	}
	if len(k.CharSets) > 0 {
		e.Line("character(len=:), allocatable :: fcl__cval")
	}
}

// fortranCharSets writes the kernel's character assignments, which
// Fortran's own assignment runs with the kernel's semantics.
func fortranCharSets(e *fortEmitter, k *abi.Kernel) {
	for _, s := range k.CharSets {
		if p := k.CharParam(s.Var); p != nil && p.Deferred && len(s.Parts) == 1 && !s.Parts[0].IsLit {
			if q := k.CharParam(s.Parts[0].Name); q != nil && q.Deferred {
				// a copy of an unallocated one is unallocated (abi.Kernel.RunChars)
				e.Line("if (allocated(%s)) then", q.Name)
				e.Line("  fcl__cval = %s", q.Name)
				e.Line("  %s = fcl__cval", p.Name)
				e.Line("else if (allocated(%s)) then", p.Name)
				e.Line("  deallocate(%s)", p.Name)
				e.Line("end if")
				continue
			}
		}
		// Through a deferred-length copy: gfortran -Wall warns of the
		// truncation a len=N target makes, which is Fortran's rule here.
		e.Line("fcl__cval = %s", fortranConcat(s.Parts))
		e.Line("%s = fcl__cval", s.Var)
	}
}

// fortranString spells s as a Fortran character literal.
func fortranString(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// goCharParams adds k's character parameters to a Go harness's
// parameters (charInput, string) and results (intent out and inout,
// goCharResult).
func goCharParams(k *abi.Kernel, gn *goNames, params, results, resTypes []string) ([]string, []string, []string) {
	for _, c := range k.Chars {
		name := gn.of(c.Name)
		if charInput(c) {
			params = append(params, name+" string")
		}
		if c.Intent != abi.In {
			res := goCharResult(c, gn)
			results = append(results, res)
			resTypes = append(resTypes, res+" string")
		}
	}
	return params, results, resTypes
}

// goCharSets writes the run of k's character assignments, before any
// launch, through abi.Kernel.RunChars (Note [host characters]): an
// intent(out) one starts with no value, and one never given a value
// returns "".
func goCharSets(e *emit.Writer, k *abi.Kernel, gn *goNames) {
	if len(k.Chars) == 0 {
		return
	}
	e.Line("charsIn := map[string]string{}")
	for _, c := range k.Chars {
		if charInput(c) {
			e.Line("charsIn[%q] = %s", c.Name, gn.of(c.Name))
		}
	}
	e.Line("charsOut, err := %s.RunChars(charsIn)", abiVar(k))
	e.Open("if err != nil")
	e.Line("return")
	e.Close("")
	for _, c := range k.Chars {
		if c.Intent != abi.In {
			e.Line("%s = charsOut[%q]", goCharResult(c, gn), c.Name)
		}
	}
}

// charInput reports whether a host takes a value of c: intent in and
// inout, and len=* of any intent, whose length the value gives.
func charInput(c abi.CharParam) bool {
	return c.Intent != abi.Out || c.Len == 0 && !c.Deferred
}

// goCharResult is the Go result of character output c: "new" and its
// name when it is an input too, else its name.
func goCharResult(c abi.CharParam, gn *goNames) string {
	if charInput(c) {
		return gn.derived("new", c.Name)
	}
	return gn.of(c.Name)
}

// fortranConcat spells the concatenation of parts in Fortran.
func fortranConcat(parts []abi.CharPart) string {
	var out []string
	for _, p := range parts {
		if p.IsLit {
			out = append(out, fortranString(p.Lit))
		} else {
			out = append(out, p.Name)
		}
	}
	return strings.Join(out, " // ")
}

// fortranCharTests sets the host variables of k's comparisons of
// characters, which the host program starts with at 0 (Note [host
// characters]): Fortran's comparison is the kernel's.
func fortranCharTests(e *fortEmitter, n *fortNames, k *abi.Kernel) {
	for _, t := range k.CharTests {
		e.Line("if (%s %s %s) %s = 1", fortranConcat(t.X), t.Op, fortranConcat(t.Y), n.v(t.Var))
	}
}

// goCharTests adds the values of k's comparisons of characters to the
// Go harness's hostInit, from the characters goCharSets took.
func goCharTests(e *emit.Writer, k *abi.Kernel) {
	if len(k.CharTests) == 0 {
		return
	}
	e.Line("charTests, cerr := %s.CharTestVals(charsIn)", abiVar(k))
	e.Open("if cerr != nil")
	e.Line("err = cerr")
	e.Line("return")
	e.Close("")
	e.Open("for v, w := range charTests")
	e.Line("hostInit[v] = w")
	e.Close("")
}
