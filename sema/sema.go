// Package sema checks parsed Fortran files against forocl's data-parallel
// subset and lowers the kernels to the typed IR of package ir.
//
// Check takes the ASTs that parser.Parse produced (plus library files found
// through -I, used only for their modules) and returns an *ir.Program and
// diagnostics. It resolves names (case-insensitively, with implicit typing
// where "implicit none" is absent and use association), evaluates kinds and
// named constants, finds the kernels (subroutines named by a
// "!$OFP PURE, KERNEL" or "!$OFP PURE, CONCURRENT" directive, and every pure
// elemental subroutine), enforces the subset's rules (intents, contiguity,
// purity, conforming shapes) and lowers each kernel and the elemental
// functions it calls. The command-line driver calls Check between the
// parser and regions.Analyze.
//
// Only kernels and what they call are checked: a unit that is neither is
// skipped silently, so files may hold host code forocl does not understand.
//
// See Note [halo tracking] in lower.go for how halo arrays become window
// offsets, and Note [where masks] for how WHERE becomes masked assignments.
package sema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// regionsModule is the module forocl itself provides (region_cpy and
// region_ptr); a use of it is never reported as missing.
const regionsModule = "forocl_regions"

// Options configures Check.
type Options struct {
	// Library holds files found through -I: only their modules are used (for
	// use-association); their kernels are not compiled.
	Library []*ast.File
	// Kernels names subroutines to translate as kernels as if an "!$OFP
	// PURE, KERNEL" directive named them (forocl --kernel NAME), so that
	// legacy files need no edit. A name no subroutine of the files has is
	// an error (kernel-flag-unknown).
	Kernels []string
	// AutoReduce lowers the reductions of DO nests with no directive as
	// parallel reductions (forocl --auto-reduce; Note [auto reductions]).
	AutoReduce bool
}

// Check resolves names, types and kinds across files, finds every kernel,
// enforces the subset's rules and lowers kernels and the elemental
// functions they call to IR. It returns diagnostics as data, sorted by
// position (it never prints and never panics on user input). The Program is
// nil when there are errors.
func Check(files []*ast.File, opts Options) (*ir.Program, diag.List) {
	c := &checker{
		modules:       map[string]*module{},
		global:        map[string]*proc{},
		warnedUse:     map[*ast.Use]bool{},
		funcs:         map[*ast.Subprogram]*funcState{},
		autoReduce:    opts.AutoReduce,
		refusedTypes:  map[*ast.TypeSpec]string{},
		pendingTypes:  map[ast.Stmt]diag.List{},
		hostChars:     map[string]*hostChars{},
		charDummies:   map[string]bool{},
		structVars:    map[ast.Stmt]map[string]*flatVar{},
		warnedStructs: map[string]bool{},
		compStructs:   map[*ast.Decl]*ir.Struct{},
	}
	env := newTypeEnv(files, opts.Library) // Note [derived-type dummies]
	files = c.flattenTypes(env, files)
	c.collect(files, false)
	c.collect(c.flattenTypes(env, opts.Library), true)
	c.addIntrinsicModules()
	prog := &ir.Program{}
	lowered := map[*proc]*ir.Kernel{}
	var elementals []*ir.Kernel
	for _, k := range c.findKernels(files, opts.Kernels) {
		if kern := c.lowerKernel(k); kern != nil {
			kern.Function = k.function
			if k.function {
				kern.Params = resultLast(kern.Params)
			}
			prog.Kernels = append(prog.Kernels, kern)
			lowered[k.p] = kern
			if k.elemental { // lowered as scalar code over the current element
				elementals = append(elementals, kern)
			}
		}
	}
	prog.Funcs = c.funcOrder
	uniqueFuncNames(prog.Funcs) // Note [user functions]
	if !c.diags.HasErrors() {
		c.warnings(lowered) // Note [warnings]
		for _, k := range elementals {
			elementalNest(k) // Note [elemental kernels]
		}
		c.frameNests(prog)
	}
	if !c.diags.HasErrors() {
		c.verify(prog)
	}
	c.diags.Sort()
	if c.diags.HasErrors() {
		return nil, c.diags
	}
	return prog, c.diags
}

// frameNests writes every region kernel's frame statements as the parallel
// nests of the one kernel model (Note [frames as nests] in package ir),
// once the frame form has been checked and warned about; the schedule
// recognises them.
func (c *checker) frameNests(prog *ir.Program) {
	for i, k := range prog.Kernels {
		if !k.FrameForm() {
			continue
		}
		n, err := ir.FramesToNests(k)
		if err != nil {
			c.diags.Error(diag.InternalError, k.Pos, "internal error: kernel %q: %v", k.Name, err).
				WithHint("this is a bug in forocl, not in the input; please report it with the input")
			continue
		}
		prog.Kernels[i] = n
	}
}

// verify reports a program that breaks the IR's invariants (Note
// [verifying the IR] in package ir) as internal errors: a bug of sema's,
// which must not reach code generation.
func (c *checker) verify(prog *ir.Program) {
	err := ir.Verify(prog)
	if err == nil {
		return
	}
	for _, p := range err.(*ir.VerifyError).Problems {
		c.diags.Error(diag.InternalError, p.Pos, "internal error: the IR is malformed: %s", p.Msg).
			WithHint("this is a bug in forocl, not in the input; please report it with the input")
	}
}

// checker holds the state of one Check call.
type checker struct {
	diags     diag.List
	modules   map[string]*module
	global    map[string]*proc // stand-alone subprograms of the files
	subs      []*proc          // every subprogram of the (non-library) files, in source order
	warnedUse map[*ast.Use]bool
	funcs     map[*ast.Subprogram]*funcState
	// inlined marks the kernels (by procKey) whose array-valued function
	// references were written out (Note [array-valued function references]).
	inlined    map[ast.Stmt]bool
	funcOrder  []*ir.Func
	autoReduce bool // Options.AutoReduce
	// refusedTypes are the derived type specs already refused (Note
	// [derived-type dummies]).
	refusedTypes  map[*ast.TypeSpec]string
	hostChars     map[string]*hostChars            // by hostCharsKey: Note [host characters] in ir/chars.go
	charDummies   map[string]bool                  // the procedures whose character dummies hostChars took, by name
	pendingTypes  map[ast.Stmt]diag.List           // Note [derived-type dummies]: checkStructUses
	structVars    map[ast.Stmt]map[string]*flatVar // the structures taken apart, by procKey
	warnedStructs map[string]bool                  // structures with an allocatable-dummy warning
	compStructs   map[*ast.Decl]*ir.Struct         // the structure of each component declaration flattenTypes made
}

// module is a module of the files or of the library.
type module struct {
	ast   *ast.Module
	scope *scope
	lib   bool
}

// funcState memoises the lowering of a function called from a kernel.
type funcState struct {
	fn   *ir.Func
	busy bool // being lowered: a call now is recursion
	ok   bool
	// host lists the host variables a contained function reads, in the
	// order of its extra parameters hostVars (Note [user functions]).
	host     []*symbol
	hostVars map[*symbol]*ir.Var
}

// collect registers the modules and stand-alone subprograms of files.
func (c *checker) collect(files []*ast.File, lib bool) {
	for _, f := range files {
		for _, u := range f.Units {
			switch u := u.(type) {
			case *ast.Module:
				if u.Name.Name == "" {
					continue // "module" without a name: the parser has said so
				}
				if prev := c.modules[u.Name.Name]; prev != nil {
					if !lib && !prev.lib {
						c.diags.Error(codeModuleTwice, u.Name.Pos, "module %q is defined twice", u.Name.Orig).
							WithHint("only one definition can be used; rename one module or leave one file out").
							WithNote(prev.ast.Name.Pos, "first defined here")
					}
					continue // the first definition wins (files before library)
				}
				m := &module{ast: u, lib: lib}
				m.scope = c.newScope(&u.Scope, nil, u.Name.Name, f.Name)
				for _, s := range u.Contains {
					p := &proc{sub: s, host: m.scope, file: f.Name}
					m.scope.procs[s.Name.Name] = p
					if !lib {
						c.subs = append(c.subs, p)
					}
				}
				c.modules[u.Name.Name] = m
			case *ast.Program:
				if !lib {
					c.collectProgram(u, f.Name)
				}
			case *ast.Subprogram:
				if lib {
					continue
				}
				p := &proc{sub: u, file: f.Name}
				if c.global[u.Name.Name] == nil {
					c.global[u.Name.Name] = p
				}
				c.subs = append(c.subs, p)
			}
		}
	}
}

// kernelRef is a subroutine to translate.
type kernelRef struct {
	p         *proc
	elemental bool
	function  bool // a function (Note [function kernels])
}

// findKernels returns the kernels of files in source order: subroutines
// named by a kernel directive and pure elemental subroutines.
func (c *checker) findKernels(files []*ast.File, extra []string) []kernelRef {
	named := map[string]bool{}
	for _, n := range extra {
		named[strings.ToLower(n)] = true
	}
	c.checkKernelFlags(files, extra)
	for _, f := range files {
		for _, d := range f.Directives {
			if !isKernelDirective(d) {
				continue
			}
			for _, n := range d.Names {
				named[n.Name] = true
				found := false
				for _, p := range c.subs {
					found = found || p.sub.Name.Name == n.Name
				}
				if !found {
					c.diags.Error(codeDirectiveUnknownKernel, n.Pos, "directive names %q, but no subroutine or function %q is defined", n.Orig, n.Orig)
				}
			}
		}
	}
	var out []kernelRef
	first := map[string]*proc{}
	for _, p := range c.subs {
		function := false
		if named[p.sub.Name.Name] {
			p = c.inlineArrayCalls(p) // Note [array-valued function references]
		}
		if q := c.functionKernel(p, named); q != nil {
			p, function = q, true // Note [function kernels]
		}
		s := p.sub
		if s.Kind != ast.Subroutine {
			continue
		}
		elemental := s.Elemental && !s.Impure
		if !named[s.Name.Name] && !elemental {
			continue
		}
		if prev := first[s.Name.Name]; prev != nil {
			c.diags.Error(codeKernelDefinedTwice, s.Name.Pos, "kernel %q is defined twice", s.Name.Orig).
				WithNote(prev.sub.Name.Pos, "first defined here")
			continue
		}
		first[s.Name.Name] = p
		out = append(out, kernelRef{p: p, elemental: s.Elemental, function: function})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].p.sub.Pos.Start, out[j].p.sub.Pos.Start
		if a.File != b.File {
			return fileIndex(files, a.File) < fileIndex(files, b.File)
		}
		return a.Offset < b.Offset
	})
	return out
}

// checkKernelFlags reports each name given with --kernel (extra) that no
// subroutine of files has, at the start of the first file, with the
// closest subroutine name as a hint.
func (c *checker) checkKernelFlags(files []*ast.File, extra []string) {
	subs := map[string]string{} // lower-case name -> as declared
	for _, p := range c.subs {
		subs[p.sub.Name.Name] = p.sub.Name.Orig // functions too (Note [function kernels])
	}
	names := make([]string, 0, len(subs))
	for n := range subs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range extra {
		lower := strings.ToLower(strings.TrimSpace(n))
		if _, ok := subs[lower]; ok {
			continue
		}
		at := diag.Span{}
		if len(files) > 0 {
			at = diag.Span{Start: diag.Pos{File: files[0].Name, Line: 1, Col: 1}}
		}
		d := c.diags.Error(codeKernelFlagUnknown, at, "--kernel %s names no subroutine in %s", n, fileWords(files))
		switch m := diag.Suggest(lower, names); {
		case m != "":
			d.WithHint("did you mean --kernel %s?", subs[m])
		case len(names) > 0 && len(names) <= 8:
			orig := make([]string, len(names))
			for i, x := range names {
				orig[i] = subs[x]
			}
			d.WithHint("the subroutines are %s", strings.Join(orig, ", "))
		}
	}
}

// fileWords says "this file" or "any of the N files".
func fileWords(files []*ast.File) string {
	if len(files) == 1 {
		return "this file"
	}
	return fmt.Sprintf("any of the %d files", len(files))
}

func fileIndex(files []*ast.File, name string) int {
	for i, f := range files {
		if f.Name == name {
			return i
		}
	}
	return len(files)
}

func isKernelDirective(d *ast.Directive) bool {
	for _, a := range d.Attrs {
		if a.Name == "kernel" || a.Name == "concurrent" {
			return true
		}
	}
	return false
}

// Subroutines returns the names of the subroutines of files (top level,
// module procedures and those contained in a main program), and of the
// functions that could be kernels (candidate), as declared, in source
// order: the procedures --kernel can name.
func Subroutines(files []*ast.File) []string {
	var names []string
	contained := func(subs []*ast.Subprogram) {
		for _, s := range subs {
			if candidate(s) {
				names = append(names, s.Name.Orig)
			}
		}
	}
	for _, f := range files {
		for _, u := range f.Units {
			switch u := u.(type) {
			case *ast.Module:
				contained(u.Contains)
			case *ast.Program:
				contained(u.Contains)
			case *ast.Subprogram:
				if candidate(u) {
					names = append(names, u.Name.Orig)
				}
			}
		}
	}
	return names
}

// candidate reports whether --kernel could name s: a subroutine, or a
// function that is elemental or has an array dummy or result (Note
// [function kernels]); a function of scalars is a helper that kernels
// call, not one to list.
func candidate(s *ast.Subprogram) bool {
	if s.Kind == ast.Subroutine || s.Elemental {
		return true
	}
	names := map[string]bool{resultIdent(s).Name: true}
	for _, a := range s.Args {
		names[a.Name] = true
	}
	for _, d := range s.Decls {
		dimension := false
		for _, a := range d.Attrs {
			dimension = dimension || a.Name == ast.AttrDimension
		}
		for _, e := range d.Entities {
			if names[e.Name.Name] && (dimension || len(e.Dims) > 0) {
				return true
			}
		}
	}
	return false
}
