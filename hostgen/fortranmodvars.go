package hostgen

import (
	"fmt"

	"github.com/forocl/forocl/abi"
)

// Module variables in the Fortran host (Note [module variables] in
// sema/modvars.go): a parameter with a Module is no dummy of the host
// procedure. The procedure uses the module: a scalar by its own name, an
// array as fcl_uI, which it copies into a device array of the parameter's
// name before the checks, reads back after the last launch when the
// kernel writes it (so such a call waits for the device), and frees.

// fortranModuleUses writes the USE statements of k's module variables.
func fortranModuleUses(e *fortEmitter, k *abi.Kernel) {
	for i, p := range k.Params {
		switch {
		case p.Module == "":
		case p.Array:
			e.Line("use %s, only: fcl_u%d => %s", p.Module, i+1, p.Name)
		default:
			e.Line("use %s, only: %s", p.Module, p.Name)
		}
	}
}

// moduleArrays calls f with each module array of k and the name of its
// module variable.
func moduleArrays(k *abi.Kernel, f func(p *abi.Param, host string)) {
	for i := range k.Params {
		if p := &k.Params[i]; p.Module != "" && p.Array {
			f(p, fmt.Sprintf("fcl_u%d", i+1))
		}
	}
}

// moduleToDevice writes the copies of k's module arrays to the device,
// after checking that an allocatable one is allocated from lower bound 1
// (Note [allocatable module arrays] in sema/modalloc.go).
func (f *fortKernel) moduleToDevice() {
	moduleArrays(f.k, func(p *abi.Param, host string) {
		if allocatableModuleArray(p) {
			f.e.Line("if (.not. allocated(%s)) then", host)
			f.e.Line("  fcl_st = 1")
			f.e.Line("  fcl_msg = 'module array %s' // &", p.Name) // a long name keeps the line within 132 columns
			f.e.Line("      ': not allocated'")
			f.e.Line("else if (any(lbound(%s) /= 1)) then", host)
			f.e.Line("  fcl_st = 1")
			f.e.Line("  fcl_msg = 'module array %s' // &", p.Name)
			f.e.Line("      ': allocated from a lower bound other than 1; the kernel takes it from 1'")
			f.e.Line("end if")
			f.check()
		}
		f.e.call("", "forocl_create", p.Name, host, "fcl_st", "fcl_msg")
		f.check()
	})
}

// allocatableModuleArray reports whether module array p is an
// allocatable one: its extents are sizes of their own, not constants.
func allocatableModuleArray(p *abi.Param) bool {
	for _, e := range p.Shape {
		if !e.IsConstant() {
			return true
		}
	}
	return false
}

// moduleFromDevice writes the reads of the module arrays k writes.
func (f *fortKernel) moduleFromDevice() {
	moduleArrays(f.k, func(p *abi.Param, host string) {
		if p.Intent != abi.In {
			f.e.call("", "forocl_read", p.Name, host, "fcl_st", "fcl_msg")
			f.check()
		}
	})
}

// moduleFree writes the frees of the device copies of k's module arrays.
func (f *fortKernel) moduleFree() {
	moduleArrays(f.k, func(p *abi.Param, _ string) {
		f.e.Line("call forocl_free(%s)", p.Name)
	})
}

// fortranCheckModule refuses a module array the runtime cannot copy,
// and arrays of a rank it does not move (1 to 3).
func fortranCheckModule(k *abi.Kernel) error {
	for _, p := range k.Params {
		if p.Array && len(p.Shape) > 3 {
			return fmt.Errorf("kernel %q: array %q has rank %d; the Fortran host moves arrays of rank 1 to 3", k.Name, p.Name, len(p.Shape))
		}
		if p.Module != "" && p.Array && p.Kind == abi.Logical {
			return fmt.Errorf("kernel %q: logical module array %q cannot be copied to the device by the Fortran host; pass an integer array", k.Name, p.Name)
		}
	}
	return nil
}
