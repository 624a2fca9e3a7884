// Package driver runs forocl's pipeline over a set of files: read, parse,
// resolve modules through include directories, check, schedule, generate.
// It is the one place that shows the whole pipeline; cmd/forocl, the
// examples and the tests call it.
package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/sema"
)

// Version is forocl's version, printed in generated files.
const Version = "0.1.0"

// Options configure Compile.
type Options struct {
	// IncludeDirs are searched for modules that the files use but do not
	// define (like -I for a Fortran compiler).
	IncludeDirs []string
	// Defines are the preprocessor's -D and -U options, in order; Form
	// overrides the source form the extension implies (-ffixed-form,
	// -ffree-form). The preprocessor searches IncludeDirs for #include
	// files too.
	Defines []parser.Define
	Form    parser.Form
	// Kernels names subroutines to compile as kernels without an !$OFP
	// directive (see sema.Options.Kernels).
	Kernels []string
	// AutoReduce: see sema.Options.AutoReduce.
	AutoReduce bool
	// Target and Schedule are what Compile schedules the kernels for.
	Target   regions.Target
	Schedule regions.Options
	// RequireKernels makes files without kernels an error (build, run);
	// otherwise they are a warning (check).
	RequireKernels bool
}

// Result is what the pipeline produced. Program and Plan are nil when
// Diags has errors.
type Result struct {
	Files   []*ast.File
	Sources diag.Sources
	Program *ir.Program
	Plan    *regions.Plan
	Diags   diag.List
	// Library are the files of the include directories that Front read
	// for modules the files use but do not define (see ModuleSources).
	Library []*ast.File
	// candidates caches Candidates.
	candidates *[]Candidate
}

// Compile runs the front end over paths and schedules the kernels for
// opts.Target (see Front and Schedule).
func Compile(paths []string, opts Options) *Result {
	res := Front(paths, opts)
	if res.Program != nil {
		res.Schedule(opts.Target, opts.Schedule)
	}
	return res
}

// Schedule takes every decision of how the kernels run on target t (the
// plan codegen prints; see regions.Schedule). It runs once per Result:
// callers that learn the target only after the front end (forocl run picks
// its device after checking the sources) call Front, then Schedule.
// It returns the diagnostics it added to res.Diags.
func (res *Result) Schedule(t regions.Target, o regions.Options) diag.List {
	if res.Plan != nil {
		panic("internal error: driver: scheduled twice")
	}
	plan, diags := regions.Schedule(res.Program, t, o)
	parser.FixOffsets(&diags, res.Sources)
	res.Plan = plan
	res.Diags.Append(diags)
	res.Diags.Sort()
	return diags
}

// CheckGoPackage refuses kernels whose exported Go names would meet in
// the one Go package that forocl build --go-package writes
// (hostgen.CheckGoNames); check and run do not need it.
func (res *Result) CheckGoPackage() diag.List {
	var named []hostgen.Named
	for _, k := range res.Program.Kernels {
		named = append(named, hostgen.Named{Name: k.Name, File: k.File, Pos: k.Pos})
	}
	d := hostgen.CheckGoNames(named)
	parser.FixOffsets(&d, res.Sources)
	d.Sort()
	return d
}

// Generate writes the OpenCL of kernels (all of one source file, in
// order) as scheduled, and the ABI that says how to launch them.
func (res *Result) Generate(kernels []*ir.Kernel, file string, opts codegen.Options) *abi.Unit {
	return codegen.OpenCL(res.Program, res.Plan, kernels, file, opts)
}

// Parse reads and parses paths as Front does (the preprocessor with
// opts.Defines and opts.IncludeDirs, the source form opts.Form or the
// extension's) and stops there: the result has Files, Sources and the
// parser's diagnostics, sorted, but no program (dump --stage=ast).
func Parse(paths []string, opts Options) *Result {
	res := &Result{Sources: diag.Sources{}}
	for _, p := range paths {
		f := res.parse(p, opts)
		if f != nil {
			res.Files = append(res.Files, f)
		}
	}
	res.Diags.Sort()
	return res
}

// Front runs parse and sema over paths; the result has no plan yet.
func Front(paths []string, opts Options) *Result {
	res := Parse(paths, opts)
	lib := res.library(opts)
	res.Library = lib
	if res.Diags.HasErrors() {
		res.Diags.Sort()
		return res
	}
	prog, diags := sema.Check(res.Files, sema.Options{Library: lib, Kernels: opts.Kernels, AutoReduce: opts.AutoReduce})
	parser.FixOffsets(&diags, res.Sources) // see Note [source maps] in parser
	res.Diags.Append(diags)
	if prog != nil && !diags.HasErrors() {
		names := codegen.CheckNames(prog) // what the generated hosts could not compile: Note [host names]
		parser.FixOffsets(&names, res.Sources)
		res.Diags.Append(names)
	}
	if prog != nil && len(prog.Kernels) == 0 {
		res.noKernels(paths, opts.RequireKernels)
	}
	res.Diags.Sort()
	if res.Diags.HasErrors() || prog == nil {
		return res
	}
	res.Program = prog
	return res
}

func (res *Result) parse(path string, opts Options) *ast.File {
	src := res.readSource(path)
	if src == nil {
		return nil
	}
	res.Sources[path] = src
	f, diags, included := parser.ParseFile(path, src, opts.parserOptions())
	res.Diags.Append(diags)
	for p, text := range included {
		res.Sources[p] = text
	}
	return f
}

// library parses the Fortran files of the include directories that define
// modules the given files use but do not define.
func (res *Result) library(opts Options) []*ast.File {
	dirs := opts.IncludeDirs
	defined := map[string]bool{}
	for _, f := range res.Files {
		for _, u := range f.Units {
			if m, ok := u.(*ast.Module); ok {
				defined[m.Name.Name] = true
			}
		}
	}
	missing := false
	for _, f := range res.Files {
		for _, name := range f.UsedModules() {
			if !defined[name] {
				missing = true
			}
		}
	}
	if !missing {
		return nil
	}
	var lib []*ast.File
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			res.Diags.Add(diag.Diagnostic{Code: codeIncludeDirUnreadable, Severity: diag.Warning, Span: diag.Span{Start: diag.Pos{File: dir}}, Msg: "cannot read include directory: " + err.Error()})
			continue
		}
		names := make([]string, 0, len(entries))
		for _, e := range entries {
			ext := strings.ToLower(filepath.Ext(e.Name()))
			if !e.IsDir() && sourceExts[ext] {
				names = append(names, e.Name())
			}
		}
		sort.Strings(names)
		for _, n := range names {
			path := filepath.Join(dir, n)
			src, err := fsutil.ReadRegular(path, MaxSourceBytes)
			if err != nil {
				continue
			}
			f, _, included := parser.ParseFile(path, src, opts.parserOptions()) // errors in unrelated library files are not ours to report
			if f == nil {
				continue
			}
			res.Sources[path] = src
			for p, text := range included {
				res.Sources[p] = text
			}
			lib = append(lib, f)
		}
	}
	return lib
}

// sourceExts are the extensions (in lower case) of the Fortran files that
// library reads from include directories.
var sourceExts = map[string]bool{".f90": true, ".f95": true, ".f03": true, ".f08": true, ".f": true, ".for": true, ".ftn": true, ".f77": true}

func (o Options) parserOptions() parser.Options {
	return parser.Options{Form: o.Form, Defines: o.Defines, IncludeDirs: o.IncludeDirs}
}

// KernelsByFile groups the program's kernels by the file they came from,
// in the order of the files given to Compile.
func (res *Result) KernelsByFile() (files []string, kernels map[string][]*ir.Kernel) {
	kernels = map[string][]*ir.Kernel{}
	for _, k := range res.Program.Kernels {
		if _, seen := kernels[k.File]; !seen {
			files = append(files, k.File)
		}
		kernels[k.File] = append(kernels[k.File], k)
	}
	return files, kernels
}

// Kernel returns the kernel named name (case-insensitive), or an error
// listing the kernels there are.
func (res *Result) Kernel(name string) (*ir.Kernel, error) {
	var names []string
	for _, k := range res.Program.Kernels {
		if strings.EqualFold(k.Name, name) {
			return k, nil
		}
		names = append(names, k.Name)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no kernel %q: the files define no kernels", name)
	}
	return nil, fmt.Errorf("no kernel %q; kernels: %s", name, strings.Join(names, ", "))
}
