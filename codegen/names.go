package codegen

import (
	"regexp"
	"strings"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// maxKernelName is the longest kernel name CheckNames accepts: with its
// longest suffix ("_element") an OpenCL symbol stays within 63 characters.
const maxKernelName = 55

// symbolSuffix matches what codegen puts after a kernel's name in its
// OpenCL symbols: "_N" (nests), "_rN" (reductions), "_pN" (positions) and
// "_element" (the elemental body).
var symbolSuffix = regexp.MustCompile(`^_(r|p)?[0-9]+$`)

// CheckNames refuses the names of p that the generated OpenCL could not
// compile (Note [host names] in opencl.go). The driver runs it after sema,
// so forocl check reports them. The hosts take every name: the Go
// harness's parameters and the Fortran host's own names cannot meet a
// dummy (Note [Go names], Note [the Fortran host]); only a Go package's
// exported names are checked, by CheckGoNames when one is built.
func CheckNames(p *ir.Program) diag.List {
	var d diag.List
	// OpenCL symbols: per file, a kernel or function name that is another
	// kernel's symbol family.
	type named struct {
		name string
		file string
		pos  diag.Span
	}
	var all []named
	for _, k := range p.Kernels {
		all = append(all, named{k.Name, k.File, k.Pos})
	}
	for _, k := range p.Kernels {
		checkComponentNames(&d, k) // Note [component names]
		if len(k.Name) > maxKernelName {
			d.Error(codeKernelNameTooLong, k.Pos, "kernel name %q has %d characters; forocl takes at most %d", k.Name, len(k.Name), maxKernelName).
				WithHint("its OpenCL kernels add up to 8 characters, and OpenCL compilers stop at 63; shorten the name")
		}
		for _, o := range p.Kernels {
			if o == k || o.File != k.File {
				continue
			}
			a, b := sanitize(k.Name), sanitize(o.Name)
			if strings.HasPrefix(a, b) && symbolSuffix.MatchString(a[len(b):]) {
				d.Error(codeHostNameCollision, k.Pos, "kernel %q is named as an OpenCL kernel of kernel %q (%s)", k.Name, o.Name, a).
					WithHint("rename one of the two kernels")
			}
		}
		for _, f := range p.Funcs {
			a, b := sanitize(f.Name), sanitize(k.Name)
			if strings.HasPrefix(a, b) && symbolSuffix.MatchString(a[len(b):]) {
				d.Error(codeHostNameCollision, f.Pos, "function %q is named as an OpenCL kernel of kernel %q (%s)", f.Name, k.Name, a).
					WithHint("rename the function or the kernel")
			}
		}
	}
	return d
}
