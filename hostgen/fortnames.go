package hostgen

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
)

// See Note [Fortran host names].
//
// Note [Fortran host names]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// A procedure of the Fortran host keeps the kernel's dummies' names: they
// are its interface (keyword arguments). A dummy hides every name of the
// module and of the language it is spelled as, so the procedure's body
// reaches what it needs through names no dummy takes, and fortNames says
// which spelling to write:
//
//   - its own variables start with fcl_ (the host's locals and module
//     variables) or forocl_ (forocl_cl's names); a dummy with one of
//     those prefixes, or named as the procedure, is refused when the
//     Fortran host is built (fortranCheck);
//   - a size, host loop variable or host variable x is fcl_x, unless x ends with "_",
//     is one of the fixed names after fcl_ (fortranHostName: st, msg,
//     g1, ...) or fcl_x would pass 63 characters: then it is fcl_xN_,
//     numbered in the kernel (no fcl_x ends with "_", no fixed one does);
//   - an intrinsic the body calls (int, max, product, merge) is called as
//     forocl_cl's wrapper (forocl_to_int, forocl_max, forocl_product,
//     forocl_flag, forocl_int32) when a dummy has its name, and an
//     iso_c_binding kind (c_float, c_double, c_int32_t, c_int64_t) is
//     forocl_cl's copy forocl_c_float, ... when a dummy has its name;
//     otherwise the intrinsic itself, so ordinary kernels' hosts do not
//     change;
//   - the optional stat and errmsg are forocl_stat and forocl_errmsg in a
//     procedure one of whose dummies is named stat or errmsg.

// fortNames spells the names a Fortran host procedure uses (Note [Fortran
// host names]).
type fortNames struct {
	dummy map[string]bool   // the kernel's dummies, lower-case
	local map[string]string // fcl_ variables of sizes, loop and host variables
	wide  map[string]bool   // the integer(8) host variables, lower-case: affine narrows them (fits32)
}

// newFortNames returns the spellings of kernel k's procedure.
func newFortNames(k *abi.Kernel) *fortNames {
	n := &fortNames{dummy: map[string]bool{}, local: map[string]string{}, wide: map[string]bool{}}
	for _, p := range k.Params {
		n.dummy[strings.ToLower(p.Name)] = true
	}
	var names []string
	for _, s := range k.Sizes {
		names = append(names, s.Name)
	}
	for _, l := range k.HostLoops {
		names = append(names, l.Var)
	}
	for _, s := range k.HostVars() {
		names = append(names, s.Var)
		if s.Kind == abi.Int64 {
			n.wide[strings.ToLower(s.Var)] = true
		}
	}
	for _, name := range names {
		low := strings.ToLower(name)
		if _, ok := n.local[low]; ok {
			continue
		}
		v := "fcl_" + low
		if strings.HasSuffix(low, "_") || fortranHostName.MatchString(low) || len(v) > maxFortranName {
			v = fmt.Sprintf("fcl_x%d_", len(n.local)+1)
		}
		n.local[low] = v
	}
	return n
}

// v is the fcl_ variable of size, host loop variable or host variable name.
func (n *fortNames) v(name string) string {
	if v, ok := n.local[strings.ToLower(name)]; ok {
		return v
	}
	panic("internal error: codegen: no Fortran variable for " + name)
}

// kind spells iso_c_binding kind c (c_float, ...).
func (n *fortNames) kind(c string) string {
	if n.dummy[c] {
		return "forocl_" + c
	}
	return c
}

// i32 converts a default integer expression to integer(c_int32_t).
func (n *fortNames) i32(x string) string {
	if n.dummy["int"] {
		return "forocl_int32(" + x + ")"
	}
	return "int(" + x + ", " + n.kind("c_int32_t") + ")"
}

// toInt converts an integer expression of any kind to default integer.
func (n *fortNames) toInt(x string) string {
	if n.dummy["int"] {
		return "forocl_to_int(" + x + ")"
	}
	return "int(" + x + ")"
}

// max1 is max(1, x) of a default integer x.
func (n *fortNames) max1(x string) string {
	if n.dummy["max"] {
		return "forocl_max(1, " + x + ")"
	}
	return "max(1, " + x + ")"
}

// product is the product of a default integer array.
func (n *fortNames) product(x string) string {
	if n.dummy["product"] {
		return "forocl_product(" + x + ")"
	}
	return "product(" + x + ")"
}

// flag is logical l as integer(c_int32_t) 1 or 0.
func (n *fortNames) flag(l string) string {
	if n.dummy["merge"] {
		return "forocl_flag(" + l + ")"
	}
	k := n.kind("c_int32_t")
	return "merge(1_" + k + ", 0_" + k + ", " + l + ")"
}

// stat and errmsg are the names of the procedure's optional arguments.
func (n *fortNames) stat() string {
	if n.dummy["stat"] {
		return "forocl_stat"
	}
	return "stat"
}

func (n *fortNames) errmsg() string {
	if n.dummy["errmsg"] {
		return "forocl_errmsg"
	}
	return "errmsg"
}

// scalarType is the Fortran type of a scalar dummy of kind k.
func (n *fortNames) scalarType(k abi.Kind) string {
	switch k {
	case abi.Real4:
		return "real(" + n.kind("c_float") + ")"
	case abi.Real8:
		return "real(" + n.kind("c_double") + ")"
	case abi.Logical:
		return "logical"
	case abi.Int64:
		return "integer(" + n.kind("c_int64_t") + ")"
	}
	return "integer(" + n.kind("c_int32_t") + ")"
}

// bufferType is the host type a result of kind k is read into (logicals
// are 32-bit integers on the device).
func (n *fortNames) bufferType(k abi.Kind) string {
	if k == abi.Logical {
		return "integer(" + n.kind("c_int32_t") + ")"
	}
	return n.scalarType(k)
}

// affine spells a in the procedure's size variables.
// An integer(8) host variable is narrowed to the default integer that
// the runtime's sizes and bounds take, after fits32 checked it fits.
func (n *fortNames) affine(a abi.Affine) string {
	return a.Spell(func(name string) string {
		if n.wide[strings.ToLower(name)] {
			return "int(" + n.v(name) + ")"
		}
		return n.v(name)
	})
}

// fits32 writes the check that each integer(8) host variable that xs read
// fits the default integer that affine narrows it to: past it, the call
// ends with an error, never a wrapped bound.
func (n *fortNames) fits32(e *fortEmitter, what string, xs ...abi.Affine) {
	seen := map[string]bool{}
	for _, x := range xs {
		for _, t := range x.Terms {
			low := strings.ToLower(t.Size)
			if !n.wide[low] || seen[low] {
				continue
			}
			seen[low] = true
			e.Line("if (%s > huge(0) .or. %s < -huge(0)) then", n.v(t.Size), n.v(t.Size))
			e.Line("  fcl_st = 1")
			e.Line("  fcl_msg = '%s' // &", what)
			e.Line("      ': %s is past 2**31-1; use forocl run'", t.Size)
			e.Line("end if")
			e.Line("if (fcl_st /= 0) exit fcl_run")
		}
	}
}
