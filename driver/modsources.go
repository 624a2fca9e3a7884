package driver

import (
	"strings"

	"github.com/forocl/forocl/ast"
)

// ModuleSources returns what gfortran must compile before the files of
// res (forocl compare's serial run): the paths of the Library files that
// define the modules the files use, directly or through one another, each
// after the files whose modules it uses; and the modules used that no
// file defines (such as forocl_regions, which forocl knows without its
// source), in lower case; intrinsic modules are neither.
func (res *Result) ModuleSources() (paths, missing []string) {
	own := map[string]bool{}
	for _, f := range res.Files {
		for _, m := range definedModules(f) {
			own[m] = true
		}
	}
	defines := map[string]int{} // module -> index in res.Library
	for i, f := range res.Library {
		for _, m := range definedModules(f) {
			if _, ok := defines[m]; !ok {
				defines[m] = i
			}
		}
	}
	seen := map[int]bool{}
	gone := map[string]bool{}
	var visit func(uses []string)
	visit = func(uses []string) {
		for _, m := range uses {
			m = strings.ToLower(m)
			i, ok := defines[m]
			switch {
			case own[m], intrinsicModules[m]:
			case !ok:
				if !gone[m] {
					gone[m] = true
					missing = append(missing, m)
				}
			case !seen[i]:
				seen[i] = true
				visit(res.Library[i].UsedModules())
				paths = append(paths, res.Library[i].Name)
			}
		}
	}
	for _, f := range res.Files {
		visit(servingUses(f))
	}
	return paths, missing
}

// servingUses lists the modules that the units of f which the serial
// build keeps use: a main program that contains no procedure becomes
// blank lines there (Note [programs in the serial build] in package
// oracle), so what only it uses, such as a timer module whose C half no
// file holds, needs no source.
func servingUses(f *ast.File) []string {
	g := *f
	g.Units = nil
	for _, u := range f.Units {
		if p, ok := u.(*ast.Program); ok && len(p.Contains) == 0 {
			continue
		}
		g.Units = append(g.Units, u)
	}
	return g.UsedModules()
}

// intrinsicModules are the modules the compiler provides.
var intrinsicModules = map[string]bool{"iso_c_binding": true, "iso_fortran_env": true, "ieee_arithmetic": true, "ieee_exceptions": true, "ieee_features": true, "omp_lib": true, "omp_lib_kinds": true, "openacc": true}

// definedModules lists the modules f defines, in lower case.
func definedModules(f *ast.File) []string {
	var out []string
	for _, u := range f.Units {
		if m, ok := u.(*ast.Module); ok {
			out = append(out, strings.ToLower(m.Name.Name))
		}
	}
	return out
}
