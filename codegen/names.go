package codegen

import (
	"path/filepath"
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
var symbolSuffix = regexp.MustCompile(`^_(r|p)?[0-9]+$|^_element$`)

// goInternal matches the Go harness's own variables that are built from a
// name (sizeN, resX, scratchX, groupsX, loopX, xVal).
var goInternal = regexp.MustCompile(`^(size|res|scratch|groups|loop)[A-Z0-9]|Val$`)

// fortranHostNames are the names the Fortran host module uses inside each
// procedure: the intrinsics it calls and the iso_c_binding names it
// imports (fcl_*, forocl_*, stat and errmsg are refused by fortranCheck).
var fortranHostNames = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`int max min merge product shape size len achar real flush trim present
		c_float c_double c_int32_t c_int64_t iso_c_binding stat errmsg`) {
		fortranHostNames[w] = true
	}
}

// CheckNames refuses the names of p that the generated OpenCL, Go harness
// or Fortran host could not compile (Note [host names] in opencl.go). The
// driver runs it after sema, so forocl check reports them.
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
	// Go types: one package holds the harnesses of every file of a build.
	types := map[string]*ir.Kernel{}
	for _, k := range p.Kernels {
		types[goName(k.Name, true)] = k
	}
	sources := map[string]bool{}
	for _, k := range p.Kernels {
		sources[goName(strings.TrimSuffix(filepath.Base(k.File), filepath.Ext(k.File)), true)+"Source"] = true
	}
	seen := map[string]*ir.Kernel{}
	for _, k := range p.Kernels {
		t := goName(k.Name, true)
		if o := seen[t]; o != nil && o != k {
			d.Error(codeHostNameCollision, k.Pos, "kernels %q and %q would both be the Go type %s", o.Name, k.Name, t).
				WithHint("rename one of the two kernels")
		}
		seen[t] = k
		var clash string
		for _, pre := range []string{"New"} {
			if o := types[strings.TrimPrefix(t, pre)]; strings.HasPrefix(t, pre) && o != nil && o != k {
				clash = o.Name
			}
			if s := strings.TrimSuffix(strings.TrimPrefix(t, pre), "Context"); strings.HasPrefix(t, pre) && strings.HasSuffix(t, "Context") && types[s] != nil && types[s] != k {
				clash = types[s].Name
			}
		}
		if clash != "" || sources[t] {
			d.Error(codeHostNameCollision, k.Pos, "kernel %q would be the Go type %s, a name the Go harness uses for another thing", k.Name, t).
				WithHint("rename the kernel")
		}
		// Dummies.
		byGo := map[string]*ir.Var{}
		for _, v := range k.Params {
			g := goName(v.Name, false)
			if o := byGo[g]; o != nil {
				d.Error(codeHostNameCollision, v.Pos, "dummies %q and %q of kernel %q would both be the Go parameter %s", o.Name, v.Name, k.Name, g).
					WithHint("rename one of the two dummies")
			}
			byGo[g] = v
			switch low := strings.ToLower(v.Name); {
			case goInternal.MatchString(g):
				d.Error(codeHostNameReserved, v.Pos, "dummy %q of kernel %q would be the Go parameter %s, a name the Go harness uses for its own variables", v.Name, k.Name, g).
					WithHint("rename the dummy")
			case fortranHostNames[low]:
				d.Error(codeHostNameReserved, v.Pos, "dummy %q of kernel %q is a name the Fortran host module uses (%s)", v.Name, k.Name, low).
					WithHint("rename the dummy")
			}
		}
	}
	return d
}
