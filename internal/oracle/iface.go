package oracle

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
)

// Note [explicit interfaces]
//
// Fortran requires an explicit interface to call a procedure with an
// assumed-shape dummy: the caller passes a descriptor, not an address.
// A kernel in a module has one through USE; a stand-alone subroutine
// kernel with an assumed-shape dummy (a region kernel, or a = a + s*b
// on a(:) and b(:)) does not, so the serial driver declares it in an
// interface block written from the ABI: an array whose extents are sizes
// of the kernel that no scalar dummy names (a_n1, a region's grid n1) is
// assumed-shape, a(:) with its declared lower bounds; every other array
// has its declared bounds over the scalar dummies. Module variables are
// no dummies. Array-valued function kernels keep the driver's plain
// reference.

// assumedShape reports whether array p of k is an assumed-shape dummy.
func assumedShape(k *abi.Kernel, p *abi.Param) bool {
	if !p.Array || p.Sequence || p.Result() {
		return false
	}
	for _, e := range p.Shape {
		for _, t := range e.Terms {
			if q := k.Param(t.Size); q == nil || q.Array {
				return true
			}
		}
	}
	return false
}

// explicitInterface writes the interface block of stand-alone subroutine
// kernel k when one of its dummies is assumed-shape (Note [explicit
// interfaces]).
func explicitInterface(p func(string, ...any), k *abi.Kernel) {
	need := false
	for i := range k.Params {
		need = need || k.Params[i].Module == "" && assumedShape(k, &k.Params[i])
	}
	if !need || k.Module != "" || k.Function {
		return
	}
	var names []string
	for _, v := range k.Params {
		if v.Module == "" {
			names = append(names, v.Name)
		}
	}
	p("  interface")
	p("    subroutine %s(%s)", k.Name, strings.Join(names, ", "))
	for i := range k.Params {
		v := &k.Params[i]
		if v.Module != "" {
			continue
		}
		intent := map[abi.Intent]string{abi.In: "in", abi.Out: "out", abi.InOut: "inout"}[v.Intent]
		p("      %s, intent(%s) :: %s%s", ftype(v.Kind), intent, v.Name, declaredDims(k, v))
	}
	p("    end subroutine %s", k.Name)
	p("  end interface")
}

// declaredDims spells the dimensions of dummy v as the interface declares
// them: (:) for assumed shape, lo:hi otherwise; "" for a scalar.
func declaredDims(k *abi.Kernel, v *abi.Param) string {
	if !v.Array {
		return fixedDims(v)
	}
	name := func(s string) string { return s }
	var dims []string
	for d, e := range v.Shape {
		lo := abi.Affine{Const: 1}
		if d < len(v.Lower) {
			lo = v.Lower[d]
		}
		switch {
		case assumedShape(k, v):
			dims = append(dims, lo.Spell(name)+":")
		default:
			hi := lo
			hi.Terms = append(append([]abi.Term(nil), lo.Terms...), e.Terms...)
			hi.Const = lo.Const + e.Const - 1
			dims = append(dims, fmt.Sprintf("%s:%s", lo.Spell(name), hi.Spell(name)))
		}
	}
	return "(" + strings.Join(dims, ", ") + ")"
}
