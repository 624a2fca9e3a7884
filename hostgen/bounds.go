package hostgen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/emit"
)

// goAccessChecks writes the general harness's checks of the subscripts
// whose index ranges the ABI lists (abi.Kernel.AccessChecks, the rule
// abi.Kernel.CheckAccesses applies for runner), after the sizes: an
// access that would leave its array is an error before anything runs.
func goAccessChecks(e *emit.Writer, k *abi.Kernel) {
	checks := k.AccessChecks()
	if len(checks) == 0 {
		return
	}
	var names, vals []string
	for _, s := range k.Sizes {
		names = append(names, strings.ReplaceAll(s.Name, "%", "%%")+"=%d") // a component's size has a % in it
		vals = append(vals, newGoNames(k).size(s.Name))
	}
	sizes := fmt.Sprintf("fmt.Sprintf(%q, %s)", strings.Join(names, ", "), strings.Join(vals, ", "))
	e.Line("// Subscripts that leave their arrays for these sizes (Note [access ranges] in package abi).")
	for _, a := range checks {
		var conds []string
		for _, w := range a.When {
			conds = append(conds, newGoNames(k).affine(w)+" >= 0")
		}
		min, max, lo, hi := newGoNames(k).affine(a.Min), newGoNames(k).affine(a.Max), newGoNames(k).affine(a.Lo), newGoNames(k).affine(a.Hi)
		var fails []string
		low, high := a.Sides()
		if !low && !high {
			continue
		}
		if low {
			fails = append(fails, min+" < "+lo)
		}
		if high {
			fails = append(fails, max+" > "+hi)
		}
		conds = append(conds, "("+strings.Join(fails, " || ")+")")
		e.Open("if %s", strings.Join(conds, " && "))
		e.Line("err = fmt.Errorf(%q, %s, %s, %s, %s, %s)", fmt.Sprintf("kernel %q ", k.Name)+a.ProblemFormat(), min, max, lo, hi, sizes)
		e.Line("return")
		e.Close("")
	}
}

// fortranAccessChecks writes the Fortran host's checks of the subscripts
// whose index ranges the ABI lists, as goAccessChecks does.
func fortranAccessChecks(e *fortEmitter, k *abi.Kernel, n *fortNames) {
	fortranChecks(e, n, k.AccessChecks())
}

// fortranChecks writes the checks of accesses (fortranAccessChecks).
func fortranChecks(e *fortEmitter, n *fortNames, accesses []abi.Access) {
	for _, a := range accesses {
		var conds []string
		for _, w := range a.When {
			conds = append(conds, n.affine(w)+" >= 0")
		}
		prefix := ""
		if len(conds) > 0 {
			prefix = "if (" + strings.Join(conds, " .and. ") + ") "
		}
		verb := "reads"
		if a.Write {
			verb = "writes"
		}
		e.call(prefix, "forocl_check_access", "fcl_name", fmt.Sprintf("'%s array \"%s\"'", verb, a.Param), fmt.Sprint(a.Dim), "'"+strings.ReplaceAll(a.At, "'", "''")+"'",
			n.affine(a.Min), n.affine(a.Max), n.affine(a.Lo), n.affine(a.Hi), "fcl_st", "fcl_msg")
		e.Line("if (fcl_st /= 0) exit fcl_run")
	}
}

// goZeroBounds writes, after scratch buffer b is made, the zeros that a
// bounds buffer starts from (Note [checked subscripts]).
func goZeroBounds(e *emit.Writer, b abi.Buffer) {
	if b.Name != abi.BoundsBuffer {
		return
	}
	e.Open("if err = k.ctx.WriteInt32(scratch%s, make([]int32, %d)); err != nil", goName(b.Name), b.Elements.Const)
	e.Line("return")
	e.Close("")
}

// goBoundsError writes, after the launches of a kernel generated with
// --check-bounds, the read of its bounds buffer and the error of the
// first subscript out of bounds (abi.Kernel.BoundsError's message).
func goBoundsError(e *emit.Writer, k *abi.Kernel) {
	if len(k.BoundsSites) == 0 {
		return
	}
	v := "scratch" + goName(abi.BoundsBuffer)
	e.Line("// The first subscript out of its bounds, if any (forocl --check-bounds).")
	// _bounds and _index cannot be a dummy's Go name: no Fortran name starts with "_".
	e.Line("_bounds := make([]int32, 4)")
	e.Open("if err = k.ctx.ReadContext(ctx, %s, _bounds); err != nil", v)
	e.Line("return")
	e.Close("")
	e.Line("_index := int64(uint32(_bounds[1])) | int64(_bounds[2])<<32")
	e.Open("switch _bounds[0]")
	for i, s := range k.BoundsSites {
		e.Line("case %d:", i+1)
		e.Line("\terr = fmt.Errorf(%q, _index, %s, %s)", abi.BoundsFormat(k.Name, s), newGoNames(k).affine(s.Lo), newGoNames(k).affine(s.Hi))
		e.Line("\treturn")
	}
	e.Close("")
}

// unitChecksBounds reports whether a kernel of u was generated with
// --check-bounds, whose Fortran host reads its bounds buffer's index into
// an integer(c_int64_t).
func unitChecksBounds(u *abi.Unit) bool {
	for _, k := range u.Kernels {
		if len(k.BoundsSites) > 0 {
			return true
		}
	}
	return false
}

// fortranBoundsLocals declares the variables that fortranBoundsError
// reads the bounds buffer into. Their two underscores keep them apart
// from fcl_NAME, the sizes and loop variables, whose names start with a
// letter.
func fortranBoundsLocals(e *fortEmitter, k *abi.Kernel) {
	if len(k.BoundsSites) == 0 {
		return
	}
	e.Line("integer :: fcl__site  ! forocl --check-bounds: the first bad subscript's site")
	e.Line("integer(c_int64_t) :: fcl__index  ! and its value")
}

// fortranBoundsError writes, after the launches of a kernel generated
// with --check-bounds, the read of its bounds buffer and the error of the
// first subscript out of bounds (abi.Kernel.BoundsError's message), as
// goBoundsError does for the Go harness.
func fortranBoundsError(e *fortEmitter, n *fortNames, k *abi.Kernel) {
	if len(k.BoundsSites) == 0 {
		return
	}
	e.Line("! The first subscript out of its bounds, if any (forocl --check-bounds).")
	e.call("", "forocl_bounds_read", "fcl_name", fmt.Sprintf("fcl_s%d", scratchIndex(k, abi.BoundsBuffer)+1), fmt.Sprint(len(k.BoundsSites)),
		"fcl__site", "fcl__index", "fcl_st", "fcl_msg")
	e.Line("if (fcl_st /= 0) exit fcl_run")
	e.Line("select case (fcl__site)")
	for i, s := range k.BoundsSites {
		e.Line("case (%d)", i+1)
		e.Indent++
		e.call("", "forocl_bounds_error", "fcl_name", "'"+s.Param+"'", fmt.Sprint(s.Dim), "'"+strings.ReplaceAll(s.At, "'", "''")+"'",
			"fcl__index", n.affine(s.Lo), n.affine(s.Hi), "fcl_st", "fcl_msg")
		e.Indent--
	}
	e.Line("end select")
	e.Line("if (fcl_st /= 0) exit fcl_run")
}
