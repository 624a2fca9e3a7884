package oracle

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
)

// Note [structures in the driver]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A derived-type dummy reaches forocl's hosts as one parameter per
// component, "p%x" (Note [component names] in package abi), and its
// inputs and outputs are one .npy per component. The serial driver calls
// the kernel as written, with the structure: it uses the type from its
// module under a name of its own, declares the structure t_<first
// component> (allocatable, of the components' shape, for an array of
// structures), assigns every component from the component's input after
// reading them, passes the structure in the place of its first component
// (the others are not arguments), and copies every output component back
// into the component's array or scalar before writing it, so every
// component is compared. A function kernel's structure result is the
// actual argument of the driver's contained oracle_result, which copies
// its components (structResultCall). The device driver passes the
// components to the Fortran host, whose dummies they are.

// structs returns the structure parameters of k, each by its first
// component, in parameter order.
func structs(k *abi.Kernel) []abi.Param {
	var out []abi.Param
	seen := map[string]bool{}
	for _, v := range k.Params {
		if v.Struct != nil && !seen[strings.ToLower(v.Struct.Var)] {
			seen[strings.ToLower(v.Struct.Var)] = true
			out = append(out, v)
		}
	}
	return out
}

// checkStructs refuses a kernel whose structure the driver cannot declare.
func checkStructs(k *abi.Kernel, dev *Device) error {
	for _, v := range structs(k) {
		if dev == nil && v.Struct.Module == "" {
			return fmt.Errorf("oracle: kernel %q: type %q of %q is not defined in a module, so the driver cannot declare it", k.Name, v.Struct.Type, v.Struct.Var)
		}
	}
	return nil
}

// structVar is the driver's variable for the structure of component v,
// and typeAlias the name it uses its type by.
func structVar(k *abi.Kernel, v abi.Param) string { return id("t_", k, firstComponent(k, v).Name) }
func typeAlias(k *abi.Kernel, v abi.Param) string { return id("ot_", k, firstComponent(k, v).Name) }

func firstComponent(k *abi.Kernel, v abi.Param) abi.Param {
	for _, w := range k.Params {
		if w.Struct != nil && strings.EqualFold(w.Struct.Var, v.Struct.Var) {
			return w
		}
	}
	return v
}

// structUses writes the use statements of the structures' types.
func structUses(p func(string, ...any), k *abi.Kernel, dev *Device) {
	if dev != nil {
		return // the Fortran host takes the components
	}
	for _, v := range structs(k) {
		p("  use %s, only: %s => %s", v.Struct.Module, typeAlias(k, v), v.Struct.Type)
	}
}

// structDecls declares the structures.
func structDecls(p func(string, ...any), k *abi.Kernel, dev *Device) {
	if dev != nil {
		return // the Fortran host takes the components
	}
	for _, v := range structs(k) {
		if v.Struct.Array {
			p("  type(%s), allocatable :: %s(%s)", typeAlias(k, v), structVar(k, v), strings.TrimSuffix(strings.Repeat(":,", len(v.Shape)), ","))
		} else {
			p("  type(%s) :: %s", typeAlias(k, v), structVar(k, v))
		}
	}
}

// componentVar is the driver's array or scalar of component v.
func componentVar(k *abi.Kernel, v abi.Param) string {
	if v.Array {
		return id("a_", k, v.Name)
	}
	return id("s_", k, v.Name)
}

// component spells component v of its structure in the driver.
func component(k *abi.Kernel, v abi.Param) string {
	return structVar(k, v) + "%" + strings.ToLower(v.Name[strings.IndexByte(v.Name, '%')+1:])
}

// structFill allocates the structures and assigns their components.
func structFill(p func(string, ...any), k *abi.Kernel, dev *Device) {
	if dev != nil {
		return // the Fortran host takes the components
	}
	for _, v := range structs(k) {
		if v.Struct.Array {
			var ext []string
			for d := 1; d <= len(v.Shape); d++ {
				ext = append(ext, fmt.Sprintf("size(%s, %d)", componentVar(k, v), d))
			}
			p("  allocate(%s(%s))", structVar(k, v), strings.Join(ext, ", "))
		}
	}
	for _, v := range k.Params {
		if v.Struct == nil || v.Struct.Lower > 0 {
			continue
		}
		var lbs []string // Note [allocatable components] in sema/types.go
		for d := 1; d <= len(v.Shape); d++ {
			if lb := k.Param(fmt.Sprintf("%s%%lb%d", v.Name, d)); lb != nil {
				lbs = append(lbs, fmt.Sprintf("%s:%s+size(%s, %d)-1", componentVar(k, *lb), componentVar(k, *lb), componentVar(k, v), d))
			}
		}
		if len(lbs) > 0 {
			p("  allocate(%s(%s))", component(k, v), strings.Join(lbs, ", "))
		}
		p("  %s = %s", component(k, v), componentVar(k, v))
	}
}

// structArg returns the actual argument that stands for component v in
// the call: the structure for its first component, "" for the others.
func structArg(k *abi.Kernel, v abi.Param) string {
	if firstComponent(k, v).Name != v.Name {
		return ""
	}
	return structVar(k, v)
}

// structBack copies the output components back before they are written.
func structBack(p func(string, ...any), k *abi.Kernel, dev *Device) {
	if dev != nil {
		return // the Fortran host takes the components
	}
	for _, v := range k.Outputs() {
		if v.Struct != nil && v.Struct.Lower == 0 {
			p("  %s = %s", componentVar(k, *v), component(k, *v))
		}
	}
}

// structResult returns the result parameter of function kernel k, run
// serially, when it is a structure's component.
func structResult(k *abi.Kernel, dev *Device) (abi.Param, bool) {
	if !k.Function || dev != nil || len(k.Params) == 0 || k.Params[len(k.Params)-1].Struct == nil || k.Params[len(k.Params)-1].Struct.Array {
		return abi.Param{}, false
	}
	return k.Params[len(k.Params)-1], true
}

// structResultCall writes the serial run of a function kernel whose
// result is a structure, and reports whether it is one: the function's
// value is the actual argument of the driver's own subroutine
// oracle_result, which copies each result component from it. An
// assignment of the value to the structure would call the type's
// defined assignment where it has one for structures (tsunami's
// assign_field, which exchanges halos) rather than copy the function's
// value; gfortran 12 frees an ASSOCIATE name of such a value twice.
func structResultCall(p func(string, ...any), k *abi.Kernel, dev *Device, callee string, args []string) bool {
	if _, ok := structResult(k, dev); !ok || len(args) == 0 {
		return false
	}
	p("  call oracle_result(%s(%s))", callee, strings.Join(args[:len(args)-1], ", "))
	return true
}

// structResultTake writes oracle_result, contained in the driver.
func structResultTake(p func(string, ...any), k *abi.Kernel, dev *Device) {
	res, ok := structResult(k, dev)
	if !ok {
		return
	}
	val := id("v_", k, firstComponent(k, res).Name)
	p("contains")
	p("  subroutine oracle_result(%s)", val)
	p("    type(%s), intent(in) :: %s", typeAlias(k, res), val)
	for _, v := range k.Params {
		if v.Struct != nil && strings.EqualFold(v.Struct.Var, res.Struct.Var) && v.Struct.Lower == 0 {
			_, comp, _ := strings.Cut(strings.ToLower(v.Name), "%")
			p("    %s = %s%%%s", component(k, v), val, comp)
		}
	}
	charResult(p, k, res, val) // Note [characters in the driver]
	p("  end subroutine oracle_result")
}
