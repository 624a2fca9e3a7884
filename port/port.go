// Package port writes drop-in replacements of an application's kernel
// files: it takes the files and the front end's and schedule's options,
// runs the pipeline (driver) and the Fortran host emitter (hostgen), and
// gives each file's ported text (the same modules and procedures, whose
// accepted procedures launch their OpenCL kernels), the runtime and the
// compile order, with a warning for each procedure left on the host.
// forocl port (cmd/forocl) calls Port. See Note [the port].
package port

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/sema"
)

// Note [the port]
//
// forocl port FILE... -o DIR writes, for each input NAME.f90 (.F90, .f),
// a drop-in replacement: the original text with two insertions per
// procedure forocl accepts as a kernel, nothing removed.
//
//   - Which procedures: every one that --kernel could name
//     (sema.Subroutines) and sema accepts alone, that is neither pure nor
//     elemental (the launch is impure; an elemental procedure runs per
//     element), has no optional or assumed-size dummy, is not contained in a main program
//     and takes no module variable of a module of its own file (the host
//     module uses that module, which would use it back). Then all of them
//     are compiled together, and a kernel whose Fortran host cannot be
//     written, or has a logical array, is dropped and the rest compiled
//     again. Every procedure left out gets a port-kept-on-host warning
//     with the reason and stays as written.
//   - Right after the procedure statement: "use NAME_cl_mod, only:
//     forocl_k => K_cl" (the module hostgen.FortranHost writes for the
//     file) and "use forocl_cl, only: ..." the runtime's port names.
//   - After the last specification statement: "if
//     (forocl_port_device()) then", a block that declares a device array
//     per array dummy, calls forocl_port_enter for each (the runtime
//     uploads, or in resident mode finds, the data), calls forocl_k with
//     the scalars and device arrays in the kernel's order (scalar results
//     and a function's result come back through it), forocl_port_exit in
//     reverse order, and returns. FOROCL_DEVICE=host makes
//     forocl_port_device false: the original body below runs.
//   - The host module comes first in DIR/NAME.f90; a fixed-form file
//     stays fixed form as DIR/NAME.f, with the module in DIR/NAME_cl.f90
//     before it. A preprocessed file is ported from its preprocessed text
//     (parser.PortText). Positions are the lines of the text ported,
//     from a parse of that text alone.
//   - DIR/forocl_cl.f90 is the runtime; the compile order puts it first
//     and every file after the inputs whose modules it uses.

// Options configure Port.
type Options struct {
	// Front are the front end's options (-I, -D, -U, source form,
	// --auto-reduce); its Kernels and RequireKernels are ignored.
	Front    driver.Options
	Target   regions.Target
	Schedule regions.Options
	Code     codegen.Options
}

// File is one file Port writes.
type File struct {
	Name string // base name in the output folder
	Data []byte
}

// Result is what Port produced: Files in compile order (the runtime
// first), or none when Diags has errors.
type Result struct {
	Files   []File
	Diags   diag.List
	Sources diag.Sources
	// Ported names the procedures that launch kernels, per input path.
	Ported map[string][]string
}

// RuntimeName is the runtime's file in the output folder.
const RuntimeName = "forocl_cl.f90"

// proc is one procedure --kernel could name.
type proc struct {
	sub    *ast.Subprogram
	path   string // input file
	inProg bool   // contained in a main program
}

// Port ports the files at paths; runtime is the text of forocl_cl.f90.
func Port(paths []string, o Options, runtime []byte) *Result {
	fo := o.Front
	fo.Kernels, fo.RequireKernels = nil, false
	front := driver.Front(paths, fo)
	out := &Result{Sources: front.Sources, Ported: map[string][]string{}}
	for _, d := range front.Diags.Items {
		if d.Code != "no-kernels" {
			out.Diags.Add(d)
		}
	}
	if out.Diags.HasErrors() {
		return out
	}
	accepted := screen(front, procs(front.Files), &out.Diags)
	res, units := compile(paths, o, accepted, &out.Diags)
	if res == nil {
		return out
	}
	out.Sources = res.Sources
	out.Files = append(out.Files, File{Name: RuntimeName, Data: runtime})
	ported := map[string][]File{}
	for _, path := range paths {
		ported[path], out.Ported[path] = portFile(path, res, units[path], accepted, o, &out.Diags)
	}
	for _, path := range compileOrder(paths, res.Files) {
		out.Files = append(out.Files, ported[path]...)
	}
	out.Diags.Sort()
	return out
}

// procs lists the procedures of files that --kernel could name.
func procs(files []*ast.File) []*proc {
	named := map[string]bool{}
	for _, n := range sema.Subroutines(files) {
		named[strings.ToLower(n)] = true
	}
	var out []*proc
	add := func(path string, subs []*ast.Subprogram, inProg bool) {
		for _, s := range subs {
			if named[s.Name.Name] {
				out = append(out, &proc{sub: s, path: path, inProg: inProg})
			}
		}
	}
	for _, f := range files {
		for _, u := range f.Units {
			switch u := u.(type) {
			case *ast.Module:
				add(f.Name, u.Contains, false)
			case *ast.Program:
				add(f.Name, u.Contains, true)
			case *ast.Subprogram:
				add(f.Name, []*ast.Subprogram{u}, false)
			}
		}
	}
	return out
}

// screen returns the procedures of ps that may be ported and that sema
// accepts alone, warning about the others (elemental ones stay host code
// silently: they are called per element).
func screen(front *driver.Result, ps []*proc, diags *diag.List) map[string]*proc {
	accepted := map[string]*proc{}
	for _, p := range ps {
		s := p.sub
		if s.Elemental {
			continue
		}
		if why := unportable(p); why != "" {
			diags.Warn(codeKeptOnHost, s.Name.Pos, "procedure %q stays host code: %s", s.Name.Orig, why)
			continue
		}
		_, d := sema.Check(front.Files, sema.Options{Library: front.Library, Kernels: []string{s.Name.Orig}})
		parser.FixOffsets(&d, front.Sources)
		d.Sort()
		if first := firstError(d); first != nil {
			diags.Warn(codeKeptOnHost, s.Name.Pos, "procedure %q stays host code: forocl refuses it as a kernel: %s", s.Name.Orig, first.Msg).
				WithNote(first.Span, "refused here [%s]", first.Code).
				WithHint("forocl check --kernel %s says more", s.Name.Orig)
			continue
		}
		accepted[s.Name.Name] = p
	}
	return accepted
}

func firstError(l diag.List) *diag.Diagnostic {
	for i := range l.Items {
		if l.Items[i].Severity == diag.Error {
			return &l.Items[i]
		}
	}
	return nil
}

// unportable says why procedure p cannot be ported whatever its body, or
// "".
func unportable(p *proc) string {
	s := p.sub
	switch {
	case p.inProg:
		return "it is contained in a main program; forocl port ports module and external procedures"
	case s.Pure:
		return "it is pure, and the device launch forocl port adds is not; remove pure to port it"
	case len(s.Body) == 0:
		return "it has no executable statement"
	}
	args := map[string]bool{}
	for _, a := range s.Args {
		args[a.Name] = true
	}
	if s.Kind == ast.Function {
		args[resultName(s)] = true
	}
	for _, d := range s.Decls {
		for _, e := range d.Entities {
			n := e.Name.Name
			if strings.HasPrefix(n, "fcl_") || strings.HasPrefix(n, "forocl_") {
				return fmt.Sprintf("%q starts with fcl_ or forocl_, which the ported procedure declares; rename it", e.Name.Orig)
			}
			if !args[n] {
				continue
			}
			if assumedSize(d, e) {
				return fmt.Sprintf("dummy %q is assumed-size: the runtime moves arrays whose shape the procedure knows; declare its last bound", e.Name.Orig)
			}
			for _, a := range d.Attrs {
				if a.Name == ast.AttrOptional {
					return fmt.Sprintf("dummy %q is optional", e.Name.Orig)
				}
				if (a.Name == ast.AttrAllocatable || a.Name == ast.AttrPointer) && s.Kind == ast.Function && n == resultName(s) {
					return fmt.Sprintf("its result %q is %s, whose shape the launch cannot know before the call", e.Name.Orig, a.Word)
				}
			}
		}
	}
	return ""
}

// assumedSize reports whether entity e of declaration d is an
// assumed-size array, a(*) or a(n, *).
func assumedSize(d *ast.Decl, e *ast.Entity) bool {
	dims := e.Dims
	for _, a := range d.Attrs {
		if a.Name == ast.AttrDimension && dims == nil {
			dims = a.Dims
		}
	}
	return len(dims) > 0 && !dims[len(dims)-1].Deferred && dims[len(dims)-1].Hi == nil
}

// resultName is function s's result variable (lower case).
func resultName(s *ast.Subprogram) string {
	if s.Result != nil {
		return s.Result.Name
	}
	return s.Name.Name
}

// compile compiles paths with the accepted procedures as kernels and
// returns the result and each file's unit. A kernel the port cannot host
// is dropped from accepted with a warning and the rest compiled again.
func compile(paths []string, o Options, accepted map[string]*proc, diags *diag.List) (*driver.Result, map[string]*abi.Unit) {
	for {
		fo := o.Front
		fo.RequireKernels = false
		fo.Kernels = nil
		for _, p := range accepted {
			fo.Kernels = append(fo.Kernels, p.sub.Name.Orig)
		}
		sort.Strings(fo.Kernels)
		res := driver.Front(paths, fo)
		if res.Program == nil || res.Diags.HasErrors() {
			diags.Append(res.Diags)
			return nil, nil
		}
		if sd := res.Schedule(o.Target, o.Schedule); sd.HasErrors() {
			diags.Append(sd)
			return nil, nil
		}
		units := map[string]*abi.Unit{}
		files, byFile := res.KernelsByFile()
		dropped := false
		for _, f := range files {
			u := res.Generate(byFile[f], filepath.Base(f), o.Code)
			u.OpenCL = stem(f) + ".cl"
			units[f] = u
			for _, k := range u.Kernels {
				p := accepted[strings.ToLower(k.Name)]
				if p == nil {
					continue
				}
				if why := unhostable(u, k, res.Files, f); why != "" {
					diags.Warn(codeKeptOnHost, p.sub.Name.Pos, "procedure %q stays host code: %s", p.sub.Name.Orig, why)
					delete(accepted, strings.ToLower(k.Name))
					dropped = true
				}
			}
		}
		if !dropped {
			return res, units
		}
	}
}

// unhostable says why kernel k of unit u (from file path) cannot be
// called from its ported procedure, or "".
func unhostable(u *abi.Unit, k *abi.Kernel, files []*ast.File, path string) string {
	one := *u
	one.Kernels = []*abi.Kernel{k}
	mod, err := hostgen.FortranHost(&one, stem(path))
	if err != nil {
		return err.Error()
	}
	for i, l := range strings.Split(string(mod), "\n") {
		if len(l) > 132 {
			return fmt.Sprintf("its Fortran host module has a line of %d characters (line %d), over Fortran's 132", len(l), i+1)
		}
	}
	own := map[string]bool{}
	for _, f := range files {
		if f.Name == path {
			for _, un := range f.Units {
				if m, ok := un.(*ast.Module); ok {
					own[m.Name.Name] = true
				}
			}
		}
	}
	for _, p := range k.Params {
		switch {
		case p.Array && p.Kind == abi.Logical:
			return fmt.Sprintf("logical array %q: the runtime moves real(4), real(8), integer(4) and integer(8) arrays", p.Name)
		case p.Struct != nil:
			return fmt.Sprintf("it takes the derived-type dummy %q, whose components the port does not pass yet", p.Struct.Var)
		case p.Module != "" && own[strings.ToLower(p.Module)]:
			return fmt.Sprintf("it uses %q of module %s in its own file, which the kernel's host module would use while the module uses it; move the variable to another module or pass it as an argument", p.Name, p.Module)
		}
	}
	return ""
}

// stem is a path's base name without its extension.
func stem(path string) string {
	b := filepath.Base(path)
	return strings.TrimSuffix(b, filepath.Ext(b))
}
