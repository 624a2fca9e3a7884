package oracle

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ast"
)

// Note [explicit interfaces]
//
// The serial driver calls the kernel by name. A kernel in a module comes
// with its interface (the driver USEs the module); an external procedure
// is called through an implicit interface, which Fortran allows only
// where the procedure needs no explicit one. An elemental procedure,
// a dummy that is assumed-shape, VALUE, OPTIONAL, POINTER or ALLOCATABLE,
// BIND(C) (whose binding name is not the Fortran name) or an array-valued
// function result all need one: without it gfortran passes an array where
// a VALUE scalar is expected, or links to the wrong symbol, and the
// serial run is wrong or does not build. For such a kernel compare writes
// a module of one interface block, copied from the procedure's own
// statement and specification part, into the scratch folder, and the
// driver USEs that module as it would the kernel's own.

// ifaceModule is the name of the module compare writes.
const ifaceModule = "forocl_oracle_iface"

// ExplicitInterface returns k, or, for an external procedure of files
// that needs an explicit interface (Note [explicit interfaces]), a copy
// of k that a module holds and the path of that module's source, written
// into dir.
func ExplicitInterface(files []*ast.File, k *abi.Kernel, dir string) (*abi.Kernel, string, error) {
	if k.Module != "" {
		return k, "", nil
	}
	sp := externalProc(files, k.Name)
	if sp == nil {
		return k, "", nil
	}
	src, err := os.ReadFile(sp.Pos.Start.File)
	if err != nil {
		return k, "", nil // not a file of its own: left to the implicit interface
	}
	lines := strings.Split(string(src), "\n")
	first, last := sp.Pos.Start.Line, sp.End.Start.Line-1
	if len(sp.Body) > 0 {
		last = sp.Body[0].Span().Start.Line - 1
	}
	if first < 1 || last < first || last > len(lines) {
		return k, "", nil
	}
	spec := lines[first-1 : last]
	if !needsInterface(sp, spec[0]) {
		return k, "", nil
	}
	end := "end subroutine"
	if sp.Kind == ast.Function {
		end = "end function"
	}
	indent, ext := "", ".f90"
	if isFixedForm(sp.Pos.Start.File) {
		indent, ext = "      ", ".f"
	}
	var b strings.Builder
	for _, l := range []string{"module " + ifaceModule, "interface"} {
		fmt.Fprintf(&b, "%s%s\n", indent, l)
	}
	for _, l := range spec {
		fmt.Fprintf(&b, "%s\n", l)
	}
	for _, l := range []string{end, "end interface", "end module " + ifaceModule} {
		fmt.Fprintf(&b, "%s%s\n", indent, l)
	}
	path := filepath.Join(dir, ifaceModule+ext)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return nil, "", err
	}
	kk := *k
	kk.Module = ifaceModule
	return &kk, path, nil
}

// externalProc returns the external procedure name of files, or nil.
func externalProc(files []*ast.File, name string) *ast.Subprogram {
	for _, f := range files {
		for _, u := range f.Units {
			if sp, ok := u.(*ast.Subprogram); ok && strings.EqualFold(sp.Name.Name, name) {
				return sp
			}
		}
	}
	return nil
}

var bindRE = regexp.MustCompile(`(?i)\bbind\s*\(`)

// needsInterface reports whether a call of sp needs an explicit
// interface (Note [explicit interfaces]); header is the first line of its
// statement.
func needsInterface(sp *ast.Subprogram, header string) bool {
	if sp.Elemental || bindRE.MatchString(header) {
		return true
	}
	dummy := map[string]bool{}
	for _, a := range sp.Args {
		dummy[a.Name] = true
	}
	if sp.Kind == ast.Function {
		dummy[resultName(sp)] = true
	}
	for _, st := range sp.AttrStmts {
		switch st.Attr.Name {
		case ast.AttrValue, ast.AttrOptional, ast.AttrPointer, ast.AttrAllocatable:
			for _, n := range st.Names {
				if dummy[n.Name] {
					return true
				}
			}
		}
	}
	for _, d := range sp.Decls {
		special, deferred := false, false
		for _, a := range d.Attrs {
			switch a.Name {
			case ast.AttrValue, ast.AttrOptional, ast.AttrPointer, ast.AttrAllocatable:
				special = true
			case ast.AttrDimension:
				deferred = deferred || len(a.Dims) > 0 && a.Dims[0].Deferred
			}
		}
		for _, e := range d.Entities {
			if !dummy[e.Name.Name] {
				continue
			}
			if special || deferred && e.Dims == nil || len(e.Dims) > 0 && e.Dims[0].Deferred {
				return true
			}
			result := sp.Kind == ast.Function && e.Name.Name == resultName(sp)
			if result && (len(e.Dims) > 0 || hasDimension(d)) {
				return true // an array-valued result
			}
		}
	}
	return false
}

// resultName is the name of function sp's result variable.
func resultName(sp *ast.Subprogram) string {
	if sp.Result != nil {
		return sp.Result.Name
	}
	return sp.Name.Name
}

// hasDimension reports whether d has a DIMENSION attribute.
func hasDimension(d *ast.Decl) bool {
	for _, a := range d.Attrs {
		if a.Name == ast.AttrDimension {
			return true
		}
	}
	return false
}

// isFixedForm reports whether path is a fixed-form file by its extension,
// as gfortran reads it.
func isFixedForm(path string) bool {
	switch filepath.Ext(path) {
	case ".f", ".for", ".F", ".FOR", ".ftn", ".fpp":
		return true
	}
	return false
}

// Note [main programs]
//
// A file may hold a main program beside the kernel (a test program that
// calls it). The serial driver is a main program of its own, so compare
// compiles a copy of such a file, written into the scratch folder, whose
// main program's lines are blank (the line numbers stay those of the
// file); INCLUDE lines in the copy find their files through the original
// file's folder, which WithoutMainPrograms returns.

// WithoutMainPrograms returns sources with each file of files that holds
// a main program replaced by such a copy in dir (Note [main programs]),
// and the folders of the files it copied.
func WithoutMainPrograms(files []*ast.File, sources []string, dir string) ([]string, []string, error) {
	progs := map[string][][2]int{} // file: line ranges of its main programs
	for _, f := range files {
		for _, u := range f.Units {
			if p, ok := u.(*ast.Program); ok {
				progs[p.Pos.Start.File] = append(progs[p.Pos.Start.File], [2]int{p.Pos.Start.Line, p.End.End.Line})
			}
		}
	}
	out := append([]string(nil), sources...)
	var dirs []string
	for i, s := range sources {
		ranges, ok := progs[s]
		if !ok {
			continue
		}
		src, err := os.ReadFile(s)
		if err != nil {
			return nil, nil, err
		}
		lines := strings.Split(string(src), "\n")
		for _, r := range ranges {
			for l := r[0]; l <= r[1] && l <= len(lines); l++ {
				lines[l-1] = ""
			}
		}
		path := filepath.Join(dir, fmt.Sprintf("nomain%d_%s", i, filepath.Base(s)))
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			return nil, nil, err
		}
		out[i] = path
		dirs = append(dirs, filepath.Dir(s))
	}
	return out, dirs, nil
}
