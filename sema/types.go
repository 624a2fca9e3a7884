package sema

import (
	"fmt"
	"slices"
	"strings"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// Note [derived-type dummies]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A variable of a derived type whose components are numeric or logical
// scalars, fixed-size arrays or (on a scalar variable) allocatable arrays
// is taken apart before sema sees it: flattenTypes rewrites every scope
// of the given files so that `type(particle_t) :: p(n)` declares one
// variable per component, "p%x" of p's shape (or the component's, for a
// scalar p), with p's attributes and the component's, and a dummy p
// becomes its components' dummies in the dummy list, in component order.
// The parser already spells a component reference as a name with "%" in
// it (p(i)%x is the element i of "p%x", Note [component references] in
// package parser), so the rest of sema, the IR, codegen and the ABI see
// arrays and scalars named "p%x": arrays of structures become one array
// per component (structure of arrays on the device, coalesced reads), a
// scalar intent(in) structure its scalars by value, an allocatable
// component an array whose bounds are bound at run time as an
// allocatable dummy's. The ABI names parameters "p%x"; hosts spell
// them as identifiers through codegen's and hostgen's name mangling.
//
// Refused at the declaration (derived-type-form): a type that extends
// another, class(T) where a given type extends T, components of derived
// type, pointer components, array components of an array of
// structures, and default initial values where Fortran would apply them
// (intent(out) dummies and locals). A character component of a scalar
// structure is no variable at all: the kernel cannot hold a string; its
// assignments at the top level and comparisons in IFs are host values
// (Note [host characters] in ir/chars.go), and any other use is refused
// there (derived-type-whole). A structure used whole (assigned, passed to a
// function) is refused at its use (derived-type-whole), as is a
// type-bound call (type-bound-call); one passed to a subroutine is its
// components (Note [structure arguments] in sema/callstructs.go).

// typeEnv finds derived-type definitions by name through scopes and the
// modules they use.
type typeEnv struct {
	mods    map[string]*ast.Module
	extends map[string]string // type name -> the type it extends, over all files
	modOf   map[*ast.Scope]string
	// contains are the procedures each scope's unit contains, and
	// typeScope the scope that defines each type (Note [whole structures])
	contains  map[*ast.Scope][]*ast.Subprogram
	typeScope map[*ast.TypeDef]*ast.Scope
}

func newTypeEnv(files ...[]*ast.File) *typeEnv {
	t := &typeEnv{mods: map[string]*ast.Module{}, extends: map[string]string{}, modOf: map[*ast.Scope]string{},
		contains: map[*ast.Scope][]*ast.Subprogram{}, typeScope: map[*ast.TypeDef]*ast.Scope{}}
	scope := func(sc *ast.Scope) {
		for _, td := range sc.Types {
			t.typeScope[td] = sc
			if td.Extends != "" {
				t.extends[td.Name.Name] = td.Extends
			}
		}
	}
	var sub func(s *ast.Subprogram)
	sub = func(s *ast.Subprogram) {
		scope(&s.Scope)
		t.contains[&s.Scope] = s.Contains
		for _, cs := range s.Contains {
			sub(cs)
		}
	}
	for _, fs := range files {
		for _, f := range fs {
			for _, u := range f.Units {
				switch u := u.(type) {
				case *ast.Module:
					if t.mods[u.Name.Name] == nil {
						t.mods[u.Name.Name] = u
					}
					t.modOf[&u.Scope] = u.Name.Orig
					t.contains[&u.Scope] = u.Contains
					scope(&u.Scope)
					for _, s := range u.Contains {
						sub(s)
					}
				case *ast.Program:
					scope(&u.Scope)
					t.contains[&u.Scope] = u.Contains
					// the serial build makes a program that holds a kernel
					// a module of its name (Note [programs in the serial
					// build] in internal/oracle)
					t.modOf[&u.Scope] = u.Name.Orig
				case *ast.Subprogram:
					sub(u)
				}
			}
		}
	}
	return t
}

// find returns the definition of type name visible in chain (innermost
// scope first), directly or through use statements, and the module that
// holds it ("" for none).
func (t *typeEnv) find(name string, chain []*ast.Scope) (*ast.TypeDef, string) {
	var mod string
	seen := map[string]bool{}
	var inScope func(sc *ast.Scope) *ast.TypeDef
	inScope = func(sc *ast.Scope) *ast.TypeDef {
		for _, td := range sc.Types {
			if td.Name.Name == name {
				mod = t.modOf[sc]
				return td
			}
		}
		for _, u := range sc.Uses {
			m := t.mods[u.Module.Name]
			if m == nil || seen[m.Name.Name] {
				continue
			}
			seen[m.Name.Name] = true
			if td := inScope(&m.Scope); td != nil {
				return td
			}
		}
		return nil
	}
	for _, sc := range chain {
		if td := inScope(sc); td != nil {
			return td, mod
		}
	}
	return nil, ""
}

// flattenTypes returns files with every variable of a derived type that
// can be taken apart replaced by its components (Note [derived-type
// dummies]). Units with no such variable are returned as they are.
func (c *checker) flattenTypes(env *typeEnv, files []*ast.File) []*ast.File {
	out := make([]*ast.File, len(files))
	defer func() { c.checkCharCalls(out) }() // Note [host characters] in ir/chars.go
	for i, f := range files {
		nf := *f
		nf.Units = make([]ast.Unit, len(f.Units))
		for j, u := range f.Units {
			switch u := u.(type) {
			case *ast.Module:
				m := *u
				chain := []*ast.Scope{&u.Scope}
				c.hostStructs(&u.Scope, "module")
				m.Contains = c.flatSubs(env, u.Contains, chain)
				nf.Units[j] = &m
			case *ast.Program:
				p := *u
				chain := []*ast.Scope{&u.Scope}
				c.hostStructs(&u.Scope, "main program")
				p.Contains = c.flatSubs(env, u.Contains, chain)
				nf.Units[j] = &p
			case *ast.Subprogram:
				nf.Units[j] = c.flatSubs(env, []*ast.Subprogram{u}, nil)[0]
			default:
				nf.Units[j] = u
			}
		}
		out[i] = &nf
	}
	return out
}

// hostStructs leaves the structures of a module or main program whole:
// a loop kernel would take them as parameters (Note [module variables]),
// which the hosts set through the module by name, and a component is no
// name there; one that a kernel uses is refused (derived-type-form).
func (c *checker) hostStructs(sc *ast.Scope, what string) {
	for _, d := range sc.Decls {
		if d.Type != nil && d.Type.Base == ast.Derived {
			c.refusedTypes[d.Type] = fmt.Sprintf("%s is a structure of a %s, which forocl passes to no kernel; pass it as a dummy", d.Entities[0].Name.Orig, what)
		}
	}
}

// flatSubs flattens subprograms contained in the scopes of chain; a
// subprogram with nothing to flatten is kept as it is.
func (c *checker) flatSubs(env *typeEnv, subs []*ast.Subprogram, chain []*ast.Scope) []*ast.Subprogram {
	out := make([]*ast.Subprogram, len(subs))
	for i, s := range subs {
		inner := append([]*ast.Scope{&s.Scope}, chain...)
		rsc := resultDecl(s)
		body, bounds, refused := c.expandStructs(env, s, rsc, inner) // Note [whole structures]
		res := &flatResult{bounds: bounds}
		if s.Kind == ast.Function {
			res.name = resultIdent(s).Name
		}
		body, rsc, sargs, hc := c.takeHostChars(env, rsc, inner, s.Args, res.name, body) // Note [host characters] in ir/chars.go
		sc, args := c.flatScope(env, rsc, inner, sargs, body, res)
		if k := procKey(body); k != nil && len(refused.Items) > 0 {
			d := c.pendingTypes[k]
			d.Append(refused)
			c.pendingTypes[k] = d
		}
		contains := c.flatSubs(env, s.Contains, inner)
		out[i] = s
		if !sameDecls(sc.Decls, s.Decls) || !sameSubs(contains, s.Contains) || !slices.Equal(body, s.Body) {
			ns := *s
			ns.Scope, ns.Args, ns.Contains, ns.Body = sc, args, contains, body
			out[i] = &ns
		}
		if hc != nil {
			c.hostChars[hostCharsKey(out[i])] = hc
			c.charDummies[s.Name.Name] = len(sargs) < len(s.Args)
		}
	}
	return out
}

// resultDecl returns the scope of s with a declaration of its result
// added when s is a function whose type prefix is a derived type
// (type(T) function f(x) result(r)), so that the result is taken apart as
// a declared one is; s's own scope otherwise.
func resultDecl(s *ast.Subprogram) *ast.Scope {
	t := s.TypePrefix
	if s.Kind != ast.Function || t == nil || t.Base != ast.Derived {
		return &s.Scope
	}
	rid := resultIdent(s)
	sc := s.Scope
	sc.Decls = append([]*ast.Decl{{Pos: t.Pos, Type: t, Entities: []*ast.Entity{{Pos: rid.Pos, Name: rid}}}}, s.Scope.Decls...)
	return &sc
}

func sameDecls(a, b []*ast.Decl) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func sameSubs(a, b []*ast.Subprogram) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// flatVar is a variable taken apart into components.
type flatVar struct {
	decl    *ast.Decl
	ent     *ast.Entity
	array   bool     // an array of structures
	comps   []string // its components' flattened names, in order
	td      *ast.TypeDef
	st      *ir.Struct
	strings []string // its character components, which are not taken apart
}

// flatResult is a function's result, as flatScope takes it apart.
type flatResult struct {
	name   string                   // the result's name; "" for a subroutine
	bounds map[string][]ast.DimSpec // its allocatable components' dimensions (Note [whole structures])
}

// flatScope returns sc with its derived-type variables taken apart, and
// args with each such dummy replaced by its components' names.
func (c *checker) flatScope(env *typeEnv, sc *ast.Scope, chain []*ast.Scope, args []ast.Ident, body []ast.Stmt, res *flatResult) (ast.Scope, []ast.Ident) {
	out := *sc
	vars := map[string]*flatVar{}
	var decls []*ast.Decl
	changed := false
	used := componentsUsed(sc, body)
	for _, d := range sc.Decls {
		if d.Type == nil || d.Type.Base != ast.Derived {
			decls = append(decls, d)
			continue
		}
		tn, _ := d.Type.Kind.(*ast.Ident)
		td, mod := (*ast.TypeDef)(nil), ""
		if tn != nil {
			td, mod = env.find(tn.Name, chain)
		}
		if td == nil || !c.flattenable(env, d, td, args, res.name) {
			decls = append(decls, d)
			continue
		}
		changed = true
		for _, e := range d.Entities {
			fv := &flatVar{decl: d, ent: e, td: td, array: len(e.Dims) > 0 || hasAttr(d.Attrs, ast.AttrDimension)}
			fv.st = &ir.Struct{Var: e.Name.Orig, Type: td.Name.Orig, Module: mod, Array: fv.array}
			vars[e.Name.Name] = fv
			decls = append(decls, c.componentDecls(fv, used, res)...)
		}
	}
	if !changed {
		return out, args
	}
	out.Decls = decls
	out.AttrStmts = flatAttrStmts(sc.AttrStmts, vars)
	var nargs []ast.Ident
	for _, a := range args {
		if fv := vars[a.Name]; fv != nil {
			for _, n := range fv.comps {
				nargs = append(nargs, ast.Ident{Pos: a.Pos, Name: n, Orig: a.Orig + n[strings.IndexByte(n, '%'):]})
			}
			continue
		}
		nargs = append(nargs, a)
	}
	if k := procKey(body); k != nil {
		c.structVars[k] = vars
		c.checkStructUses(args, body, vars)
	}
	return out, nargs
}

func hasAttr(as []*ast.Attr, n ast.AttrName) bool {
	for _, a := range as {
		if a.Name == n {
			return true
		}
	}
	return false
}

// flatAttrStmts gives an attribute statement that names a structure each
// of its components instead.
func flatAttrStmts(stmts []*ast.AttrStmt, vars map[string]*flatVar) []*ast.AttrStmt {
	var out []*ast.AttrStmt
	for _, as := range stmts {
		ns := *as
		ns.Names = nil
		for _, n := range as.Names {
			fv := vars[n.Name]
			if fv == nil {
				ns.Names = append(ns.Names, n)
				continue
			}
			for _, cn := range fv.comps {
				ns.Names = append(ns.Names, ast.Ident{Pos: n.Pos, Name: cn, Orig: cn})
			}
		}
		out = append(out, &ns)
	}
	return out
}

// componentDecls declares the components of fv that used holds (all
// of them when it holds none) as variables of their own; a component the
// kernel never names is no parameter, and the caller's structure keeps
// it. An allocatable array component is an assumed-shape array whose
// lower bounds are integer dummies of their own, "s%a%lb1", ..., right
// after it (Note [allocatable components]).
func (c *checker) componentDecls(fv *flatVar, used map[string]int, res *flatResult) []*ast.Decl {
	named := false
	whole := used[fv.ent.Name.Name+"%"] > 0 // passed whole to a subroutine
	for _, cd := range fv.td.Components {
		for _, ce := range cd.Entities {
			named = named || used[fv.ent.Name.Name+"%"+ce.Name.Name] > 0 && cd.Type.Base != ast.Character && !whole
		}
	}
	var out []*ast.Decl
	for _, cd := range fv.td.Components {
		if cd.Type.Base == ast.Character {
			for _, ce := range cd.Entities {
				fv.strings = append(fv.strings, ce.Name.Name)
			}
			continue
		}
		alloc := hasAttr(cd.Attrs, ast.AttrAllocatable)
		for _, ce := range cd.Entities {
			name := fv.ent.Name.Name + "%" + ce.Name.Name
			if named && used[name] == 0 {
				continue
			}
			fv.comps = append(fv.comps, name)
			id := ast.Ident{Pos: fv.ent.Name.Pos, Name: name, Orig: fv.ent.Name.Orig + "%" + ce.Name.Orig}
			dims := fv.ent.Dims
			if cdims := componentDims(cd, ce); len(cdims) > 0 {
				dims = cdims
			}
			var lbs []*ast.Decl
			switch {
			case alloc && fv.ent.Name.Name == res.name:
				// allocated by its first assignment (Note [whole structures])
				dims = res.bounds[name]
				if len(dims) != len(componentDims(cd, ce)) {
					dims = make([]ast.DimSpec, len(componentDims(cd, ce)))
					for d := range dims {
						dims[d].Deferred = true
					}
				}
			case alloc:
				dims, lbs = c.lowerBounds(fv, id, dims)
			}
			nd := &ast.Decl{Pos: fv.decl.Pos, Type: cd.Type, Attrs: componentAttrs(fv.decl.Attrs, cd.Attrs, used[name] == written || whole),
				Entities: []*ast.Entity{{Pos: fv.ent.Pos, Name: id, Dims: dims}}}
			c.compStructs[nd] = fv.st
			out = append(append(out, nd), lbs...)
		}
	}
	return out
}

// componentDims is the declared shape of component ce of declaration cd.
func componentDims(cd *ast.Decl, ce *ast.Entity) []ast.DimSpec {
	if len(ce.Dims) > 0 {
		return ce.Dims
	}
	for _, a := range cd.Attrs {
		if a.Name == ast.AttrDimension {
			return a.Dims
		}
	}
	return nil
}

// componentAttrs are a component's attributes: the structure's, but
// intent(inout) becomes intent(in) for a component the kernel does not
// write, which is then no output; and the component's, but for its
// accessibility, its dimension (the entity's dimensions say it) and
// allocatable (Note [allocatable components]).
func componentAttrs(structAttrs, compAttrs []*ast.Attr, written bool) []*ast.Attr {
	var attrs []*ast.Attr
	for _, a := range structAttrs {
		if a.Name == ast.AttrIntent && a.Intent == ast.IntentInOut && !written {
			in := *a
			in.Intent = ast.IntentIn
			a = &in
		}
		attrs = append(attrs, a)
	}
	for _, a := range compAttrs {
		switch {
		case a.Name == ast.AttrOther && (a.Word == "public" || a.Word == "private"):
		case a.Name == ast.AttrDimension, a.Name == ast.AttrAllocatable:
		default:
			attrs = append(attrs, a)
		}
	}
	return attrs
}

// Note [allocatable components]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// An allocatable array component s%a of a scalar structure (tsunami's
// Field%data(:,:), allocated as data(lb-1:ub+1, ...)) is an array the
// caller allocated, with the caller's lower bounds. forocl takes it as
// an assumed-shape array s%a(s%a%lb1:, s%a%lb2:, ...) whose lower bounds
// are integer intent(in) dummies of their own, named so, right after it:
// forocl run takes them with --set s%a%lb1=0 (the extents come from the
// array, as an assumed-shape dummy's do), the oracle allocates the
// component with those bounds before it assigns it, and lbound, ubound
// and every subscript see the caller's bounds. The kernel cannot
// allocate, deallocate or reallocate it: an assignment of a whole array
// of another shape is refused by the hosts' shape checks (the extents
// are unified, Note [conforming extents]).

// lowerBounds returns the dimensions of allocatable component id, each
// from a lower-bound dummy, and the declarations of those dummies.
func (c *checker) lowerBounds(fv *flatVar, id ast.Ident, dims []ast.DimSpec) ([]ast.DimSpec, []*ast.Decl) {
	out := make([]ast.DimSpec, len(dims))
	var decls []*ast.Decl
	for d := range dims {
		lb := ast.Ident{Pos: id.Pos, Name: fmt.Sprintf("%s%%lb%d", id.Name, d+1), Orig: fmt.Sprintf("%s%%lb%d", id.Orig, d+1)}
		out[d] = ast.DimSpec{Deferred: true, Lo: &lb}
		fv.comps = append(fv.comps, lb.Name)
		nd := &ast.Decl{Pos: fv.decl.Pos, Type: &ast.TypeSpec{Pos: fv.decl.Type.Pos, Base: ast.Integer},
			Attrs:    []*ast.Attr{{Pos: fv.decl.Pos, Name: ast.AttrIntent, Word: "intent", Intent: ast.IntentIn}},
			Entities: []*ast.Entity{{Pos: fv.ent.Pos, Name: lb}}}
		st := *fv.st
		st.Lower = d + 1
		c.compStructs[nd] = &st
		decls = append(decls, nd)
	}
	return out, decls
}

// flattenable reports whether the variables of declaration d, of type
// td, can be taken apart, and says why not at the declaration otherwise.
func (c *checker) flattenable(env *typeEnv, d *ast.Decl, td *ast.TypeDef, args []ast.Ident, result string) bool {
	why := ""
	refuse := func(format string, a ...any) {
		if why == "" {
			why = fmt.Sprintf(format, a...)
		}
	}
	if td.Extends != "" {
		refuse("type %s extends %s; forocl takes apart types without a parent only", td.Name.Orig, td.Extends)
	}
	if d.Type.Class {
		for child, parent := range env.extends {
			if parent == td.Name.Name {
				refuse("class(%s) is polymorphic: type %s extends %s", td.Name.Orig, child, td.Name.Orig)
			}
		}
	}
	array := hasAttr(d.Attrs, ast.AttrDimension)
	for _, e := range d.Entities {
		array = array || len(e.Dims) > 0
	}
	dummy := map[string]bool{}
	for _, a := range args {
		dummy[a.Name] = true
	}
	out := false
	for _, a := range d.Attrs {
		out = out || a.Name == ast.AttrIntent && a.Intent == ast.IntentOut
	}
	for _, a := range d.Attrs {
		// An allocatable array of structures that the caller allocated
		// (ParRes pic's particles) is as an allocatable array dummy
		// (Note [allocatable dummies]): each component keeps the
		// attribute, and sema takes it from lower bound 1 with a warning.
		dummyArray := array && !out && dummy[d.Entities[0].Name.Name]
		if a.Name == ast.AttrPointer || a.Name == ast.AttrAllocatable && !dummyArray {
			refuse("a %s structure; declare the structure as a dummy without %s", a.Word, a.Word)
		}
	}
	numeric := 0
	for _, cd := range td.Components {
		if cd.Type.Base != ast.Character {
			numeric++
		}
	}
	if numeric == 0 {
		refuse("type %s has no numeric or logical component, so the kernel would take nothing of it", td.Name.Orig)
	}
	for _, cd := range td.Components {
		cname := cd.Entities[0].Name.Orig
		switch cd.Type.Base {
		case ast.Derived:
			refuse("component %s is of a derived type", cname)
		case ast.Character:
			if array {
				refuse("component %s is a character string in an array of structures", cname)
			}
		}
		for _, ce := range cd.Entities {
			if (len(ce.Dims) > 0 || hasAttr(cd.Attrs, ast.AttrDimension)) && array {
				refuse("component %s is an array in an array of structures; pass it as an array dummy of its own", ce.Name.Orig)
			}
			if ce.Init != nil && (out || !dummy[d.Entities[0].Name.Name]) {
				refuse("component %s has a default initial value, which Fortran gives this variable on entry", ce.Name.Orig)
			}
		}
		// a function result's is allocated by its first assignment (Note [whole structures])
		owner := d.Entities[0].Name.Name
		if hasAttr(cd.Attrs, ast.AttrAllocatable) && cd.Type.Base != ast.Character && (out || !dummy[owner] && owner != result) {
			refuse("component %s is allocatable, and this structure's would be allocated in the kernel", cname)
		}
		if hasAttr(cd.Attrs, ast.AttrPointer) {
			refuse("component %s is a pointer", cname)
		}
	}
	if why != "" {
		c.refusedTypes[d.Type] = fmt.Sprintf("type(%s) cannot be passed per component: %s", td.Name.Orig, why)
		return false
	}
	return true
}

// checkStructUses refuses a structure used whole in body, a type-bound
// call, and a component reference subscripted on the wrong part.
// The diagnostics wait until the procedure is translated (procScope), so
// that procedures forocl does not translate may use structures as they like.
func (c *checker) checkStructUses(args []ast.Ident, body []ast.Stmt, vars map[string]*flatVar) {
	var d diag.List
	base := func(name string) (*flatVar, string) {
		i := strings.IndexByte(name, '%')
		if i < 0 {
			return vars[name], ""
		}
		return vars[name[:i]], name[i+1:]
	}
	passed := map[ast.Expr]bool{} // structures passed whole to a subroutine (Note [structure arguments])
	walkStmts(body, func(s ast.Stmt) {
		if cs, ok := s.(*ast.CallStmt); ok {
			for _, a := range cs.Args {
				passed[a.Value] = true
			}
			if fv, comp := base(cs.Name.Name); fv != nil && comp != "" {
				d.Error(codeTypeBoundCall, cs.Pos, "%s is a type-bound call, which forocl does not make", cs.Name.Orig).
					WithHint("call the procedure by its own name with %s as an argument", fv.ent.Name.Orig)
			}
		}
	})
	walkStmtExprs(body, func(e ast.Expr) {
		var id ast.Ident
		var call *ast.Call
		switch e := e.(type) {
		case *ast.Ident:
			id = *e
		case *ast.Call:
			id, call = e.Name, e
		default:
			return
		}
		fv, comp := base(id.Name)
		if i := strings.IndexByte(comp, '%'); i >= 0 {
			comp = comp[:i]
		}
		switch {
		case fv == nil:
		case comp != "" && !isComponent(fv.td, comp):
			d.Error(codeTypeBoundCall, id.Pos, "%s names no component of type %s: a type-bound procedure, which forocl does not call", id.Orig, fv.td.Name.Orig).
				WithHint("call the procedure by its own name with %s's components", fv.ent.Name.Orig)
		case slices.Contains(fv.strings, comp):
			d.Error(codeDerivedTypeWhole, id.Pos, "%s is a character component, which a kernel cannot hold", id.Orig).
				WithHint("assign it where the kernel is called")
		case comp == "" && passed[e]:
		case comp == "":
			d.Error(codeDerivedTypeWhole, id.Pos, "structure %s is used whole; forocl takes a derived-type variable apart into its components", id.Orig).
				WithHint("use its components (%s) here", strings.Join(fv.comps, ", "))
		case call != nil && call.BaseSubs && !fv.array:
			d.Error(codeComponentRef, id.Pos, "%s is subscripted, but %s is not an array", id.Orig, fv.ent.Name.Orig)
		case call != nil && !call.BaseSubs && fv.array:
			d.Error(codeComponentRef, id.Pos, "in %s, the subscripts belong on the structure array: write %s(...)%%%s", id.Orig, fv.ent.Name.Orig, comp)
		}
	})
	if len(d.Items) > 0 {
		c.pendingTypes[procKey(body)] = d
	}
}

// derivedTypeKind reports a variable of derived type t that flattenTypes
// left whole, once: when a kernel or a function it calls declares it, so
// that procedures forocl does not translate may use any type.
func (c *checker) derivedTypeKind(t *ast.TypeSpec) {
	if why, ok := c.refusedTypes[t]; ok {
		if why != "" {
			c.diags.Error(codeDerivedTypeForm, t.Pos, "%s", why)
			c.refusedTypes[t] = "" // said once
		}
		return
	}
	name := "?"
	if id, ok := t.Kind.(*ast.Ident); ok {
		name = id.Orig
	}
	c.diags.Error(codeUnsupportedDerivedType, t.Pos, "type(%s) is not defined in the given files, so forocl cannot take it apart into its components", name).
		WithHint("give the file that defines the type, or the module that does, with the kernel's file")
}

// procKey identifies a procedure by its body across the copies that
// flattenTypes and functionKernel make of its ast.Subprogram.
func procKey(body []ast.Stmt) ast.Stmt {
	if len(body) == 0 {
		return nil
	}
	return body[0]
}

// typeDiags reports the structure uses of procedure sub that
// checkStructUses found, when sub is translated.
func (c *checker) typeDiags(sub *ast.Subprogram) {
	k := procKey(sub.Body)
	if d, ok := c.pendingTypes[k]; k != nil && ok {
		c.diags.Append(d)
		delete(c.pendingTypes, k)
	}
}

// refusedComponent reports whether id is a component of a structure
// whose declaration was refused (derived-type-form says why; it makes
// sure that is reported) or a structure taken apart, so that their uses
// add nothing to what was said.
func (l *lowerer) refusedComponent(id *ast.Ident) bool {
	base, _, comp := strings.Cut(id.Name, "%")
	if l.sub != nil && l.c.structVars[procKey(l.sub.Body)][base] != nil {
		// a structure used whole, its string or a binding: checkStructUses
		// said so, unless it missed a form, when undefined-name speaks
		return l.c.diags.HasErrors()
	}
	if !comp {
		return false
	}
	sym := l.s.lookup(base).sym
	if sym == nil || sym.typ == nil || sym.typ.Base != ast.Derived {
		return false
	}
	l.c.symKind(sym)
	return l.c.diags.HasErrors()
}

// The uses of a component: read, or written (assigned, or an actual
// argument of a call, which may write it).
const (
	read    = 1
	written = 2
)

// componentsUsed returns the components ("s%a") that body and the
// declarations of sc name, and how.
func componentsUsed(sc *ast.Scope, body []ast.Stmt) map[string]int {
	used := map[string]int{}
	how := read
	note := func(e ast.Expr) {
		var name string
		switch e := e.(type) {
		case *ast.Ident:
			name = e.Name
		case *ast.Call:
			name = e.Name.Name
		}
		if parts := strings.SplitN(name, "%", 3); len(parts) >= 2 {
			used[parts[0]+"%"+parts[1]] = max(used[parts[0]+"%"+parts[1]], how)
		}
	}
	walkStmtExprs(body, note)
	how = written
	walkStmts(body, func(s ast.Stmt) {
		switch s := s.(type) {
		case *ast.CallStmt:
			note(&s.Name)
			for _, a := range s.Args {
				if id, _ := lhsName(a.Value); id != nil && !strings.Contains(id.Name, "%") {
					used[id.Name+"%"] = written // a structure (or its element) passed whole, perhaps: every component (Note [structure arguments])
				}
				walkAST(a.Value, note)
			}
		case *ast.AssignStmt:
			note(s.LHS)
		}
	})
	how = read
	for _, d := range sc.Decls {
		for _, e := range d.Entities {
			for _, dim := range e.Dims {
				walkAST(dim.Lo, note)
				walkAST(dim.Hi, note)
			}
			walkAST(e.Init, note)
		}
	}
	return used
}

// structWarned reports whether component sym's structure has had its
// allocatable-dummy warning already, and records that it has now: the
// caller allocated the structure, not each component.
func (l *lowerer) structWarned(sym *symbol) bool {
	if sym.comp == nil {
		return false
	}
	key := sym.sc.name + "." + strings.ToLower(sym.comp.Var)
	if l.c.warnedStructs[key] {
		return true
	}
	l.c.warnedStructs[key] = true
	return false
}

// structResult makes the components of function result rid, when it is
// a structure taken apart, the last dummies of sub, the function as a
// kernel (Note [function kernels]), each intent(out), and returns them;
// nil when rid is no such structure. The hosts bind them as any
// component; the oracle assigns the function's value to the structure.
func (c *checker) structResult(sub *ast.Subprogram, rid ast.Ident) []string {
	fv := c.structVars[procKey(sub.Body)][rid.Name]
	if fv == nil {
		return nil
	}
	sub.Args = sub.Args[:len(sub.Args)-1]
	for _, n := range fv.comps {
		sub.Args = append(sub.Args, ast.Ident{Pos: rid.Pos, Name: n, Orig: rid.Orig + n[strings.IndexByte(n, '%'):]})
	}
	return fv.comps
}

// isComponent reports whether td has a component named comp.
func isComponent(td *ast.TypeDef, comp string) bool {
	for _, cd := range td.Components {
		for _, ce := range cd.Entities {
			if ce.Name.Name == comp {
				return true
			}
		}
	}
	return false
}

// structNames returns ids with each structure taken apart replaced by
// its components, as a list of names in a clause (local(t), private(t))
// means them all.
func (l *lowerer) structNames(ids []ast.Ident) []ast.Ident {
	var vars map[string]*flatVar
	if l.sub != nil {
		vars = l.c.structVars[procKey(l.sub.Body)]
	}
	var out []ast.Ident
	for _, id := range ids {
		fv := vars[id.Name]
		if fv == nil {
			out = append(out, id)
			continue
		}
		for _, n := range fv.comps {
			out = append(out, ast.Ident{Pos: id.Pos, Name: n, Orig: id.Orig + n[strings.IndexByte(n, '%'):]})
		}
	}
	return out
}
