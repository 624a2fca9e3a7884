package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// scope is the specification part of one module or subprogram: its declared
// names, its use statements and its host.
type scope struct {
	c            *checker
	parent       *scope // host (the module of a module procedure), nil at top level
	name         string
	file         string
	uses         []*ast.Use
	implicitNone bool
	implicit     []*ast.OtherStmt
	other        []*ast.OtherStmt
	syms         map[string]*symbol
	order        []*symbol
	procs        map[string]*proc // procedures contained in this unit
	sub          *ast.Subprogram  // for subprogram scopes
	program      bool             // the scope of a main program (Note [contained in a program])
	dups         []*symbol        // names declared with a type twice
	dupPos       []diag.Span
}

// symbol is one declared (or implicitly typed) name of a scope.
type symbol struct {
	name, orig string
	pos        diag.Span
	sc         *scope
	typ        *ast.TypeSpec // nil: implicitly typed
	dims       []ast.DimSpec
	hasDims    bool
	intent     ast.Intent
	target     bool
	pointer    bool
	alloc      bool
	value      bool
	param      bool
	save       bool
	optional   bool
	other      []string
	init       ast.Expr
	initPtr    bool
	dummy      bool
	implicit   bool       // created by implicit typing on first use
	comp       *ir.Struct // a component of a structure (Note [derived-type dummies])

	kindDone bool
	kind     ir.Kind
	cvState  int // 0 not evaluated, 1 evaluating, 2 done
	cv       cval
	cvOK     bool
}

// rank is the number of dimensions the symbol was declared with.
func (s *symbol) rank() int { return len(s.dims) }

// proc is a subprogram that can be referenced by name.
type proc struct {
	sub  *ast.Subprogram
	host *scope // the scope the subprogram is contained in; nil when stand-alone
	file string
	sc   *scope // its own scope, built on demand
}

func (c *checker) newScope(sp *ast.Scope, parent *scope, name, file string) *scope {
	s := &scope{
		c:            c,
		parent:       parent,
		name:         name,
		file:         file,
		uses:         sp.Uses,
		implicitNone: sp.ImplicitNone,
		implicit:     sp.Implicit,
		other:        sp.Other,
		syms:         map[string]*symbol{},
		procs:        map[string]*proc{},
	}
	for _, d := range sp.Decls {
		for _, e := range d.Entities {
			sym := s.get(e.Name)
			if sym.typ != nil {
				s.dups = append(s.dups, sym)
				s.dupPos = append(s.dupPos, e.Name.Pos)
				continue
			}
			sym.typ = d.Type
			sym.pos = e.Name.Pos
			sym.comp = c.compStructs[d]
			for _, a := range d.Attrs {
				sym.apply(a)
			}
			if len(e.Dims) > 0 {
				sym.dims = e.Dims
				sym.hasDims = true
			}
			if e.Init != nil {
				sym.init = e.Init
				sym.initPtr = e.PtrInit
			}
		}
	}
	for _, ps := range sp.Params {
		sym := s.get(ps.Name)
		sym.param, sym.init = true, ps.Value
	}
	for _, as := range sp.AttrStmts {
		if as.Attr.Name == ast.AttrOther && (as.Attr.Word == "public" || as.Attr.Word == "private") {
			continue // accessibility does not declare anything
		}
		for _, n := range as.Names {
			sym := s.get(n)
			sym.apply(as.Attr)
		}
	}
	return s
}

// get returns the symbol named id in s, creating it when absent.
func (s *scope) get(id ast.Ident) *symbol {
	if sym, ok := s.syms[id.Name]; ok {
		return sym
	}
	sym := &symbol{name: id.Name, orig: id.Orig, pos: id.Pos, sc: s}
	if sym.orig == "" {
		sym.orig = id.Name
	}
	s.syms[id.Name] = sym
	s.order = append(s.order, sym)
	return sym
}

func (sym *symbol) apply(a *ast.Attr) {
	switch a.Name {
	case ast.AttrDimension:
		if !sym.hasDims {
			sym.dims = a.Dims
			sym.hasDims = true
		}
	case ast.AttrIntent:
		sym.intent = a.Intent
	case ast.AttrContiguous:
		// Nothing to record: hosts always pass contiguous buffers.
	case ast.AttrTarget:
		sym.target = true
	case ast.AttrPointer:
		sym.pointer = true
	case ast.AttrAllocatable:
		sym.alloc = true
	case ast.AttrValue:
		sym.value = true
	case ast.AttrParameter:
		sym.param = true
	case ast.AttrSave:
		sym.save = true
	case ast.AttrOptional:
		sym.optional = true
	default:
		sym.other = append(sym.other, a.Word)
	}
}

// isImplicitNone reports whether implicit typing is off in s or its hosts.
func (s *scope) isImplicitNone() bool {
	for t := s; t != nil; t = t.parent {
		if t.implicitNone {
			return true
		}
	}
	return false
}

// implicitKind is the implicit type of a name: i-n integer, otherwise real.
func implicitKind(name string) ir.Kind {
	if name != "" && name[0] >= 'i' && name[0] <= 'n' {
		return ir.Int
	}
	return ir.Real4
}

// entry is what a name resolves to: a symbol or a procedure.
type entry struct {
	sym  *symbol
	proc *proc
}

func (e entry) found() bool { return e.sym != nil || e.proc != nil }

// lookup resolves name in s: local declarations, contained procedures,
// use-associated names, the host, then stand-alone procedures of all files.
func (s *scope) lookup(name string) entry {
	for t := s; t != nil; t = t.parent {
		if sym, ok := t.syms[name]; ok {
			return entry{sym: sym}
		}
		if p, ok := t.procs[name]; ok {
			return entry{proc: p}
		}
		for _, u := range t.uses {
			if e := t.c.fromUse(u, name, map[string]bool{}); e.found() {
				return e
			}
		}
	}
	if p, ok := s.c.global[name]; ok {
		return entry{proc: p}
	}
	return entry{}
}

// fromUse resolves name through use statement u.
func (c *checker) fromUse(u *ast.Use, name string, seen map[string]bool) entry {
	if u.HasOnly {
		ok := false
		for _, o := range u.Only {
			if o.Name == name {
				ok = true
				break
			}
		}
		if !ok {
			return entry{}
		}
	}
	m := c.modules[u.Module.Name]
	if m == nil || seen[m.scope.name] {
		return entry{}
	}
	seen[m.scope.name] = true
	if remote, ok := u.Renames[name]; ok {
		name = remote // use m, only: local => remote
	}
	return c.exported(m.scope, name, seen)
}

// exported resolves name among the entities a module makes available.
func (c *checker) exported(ms *scope, name string, seen map[string]bool) entry {
	if sym, ok := ms.syms[name]; ok {
		return entry{sym: sym}
	}
	if p, ok := ms.procs[name]; ok {
		return entry{proc: p}
	}
	for _, u := range ms.uses {
		if e := c.fromUse(u, name, seen); e.found() {
			return e
		}
	}
	return entry{}
}

// missingUses returns the use statements of s and its hosts that name a
// module forocl does not know (other than forocl_regions).
func (s *scope) missingUses() []*ast.Use {
	var out []*ast.Use
	for t := s; t != nil; t = t.parent {
		for _, u := range t.uses {
			if s.c.modules[u.Module.Name] == nil && u.Module.Name != regionsModule {
				out = append(out, u)
			}
		}
	}
	return out
}

// checkUses warns, once per use statement, about modules that are not found.
func (c *checker) checkUses(s *scope) {
	for t := s; t != nil; t = t.parent {
		for _, u := range t.uses {
			if c.warnedUse[u] {
				continue
			}
			c.warnedUse[u] = true
			if c.modules[u.Module.Name] == nil && u.Module.Name != regionsModule {
				c.diags.Warn(codeModuleNotFound, u.Module.Pos, "module %q not found; its names are unknown to forocl", u.Module.Orig).
					WithHint("pass the directory that holds it with -I")
			}
		}
	}
}

// procScope returns the scope of a procedure, building it on first use.
func (c *checker) procScope(p *proc) *scope {
	if p.sc == nil {
		p.sc = c.newScope(&p.sub.Scope, p.host, p.sub.Name.Name, p.file)
		p.sc.sub = p.sub
		c.typeDiags(p.sub) // Note [derived-type dummies]
		for _, cs := range p.sub.Contains {
			p.sc.procs[cs.Name.Name] = &proc{sub: cs, host: p.sc, file: p.file}
		}
		for _, a := range p.sub.Args {
			p.sc.get(a).dummy = true
		}
	}
	return p.sc
}

// symKind resolves the kind of sym (its declared type or its implicit type).
func (c *checker) symKind(sym *symbol) ir.Kind {
	if sym.kindDone {
		return sym.kind
	}
	sym.kindDone = true
	if sym.typ == nil {
		sym.kind = implicitKind(sym.name)
		return sym.kind
	}
	sym.kind = c.typeKind(sym.sc, sym.typ)
	return sym.kind
}

// typeKind evaluates a type specification to a kind, reporting what forocl
// does not support. It returns ir.Invalid after an error.
func (c *checker) typeKind(s *scope, t *ast.TypeSpec) ir.Kind {
	switch t.Base {
	case ast.Real:
		if t.Kind == nil {
			return ir.Real4
		}
		k, ok := c.kindValue(s, t.Kind)
		if !ok {
			return ir.Invalid
		}
		switch k {
		case 4:
			return ir.Real4
		case 8:
			return ir.Real8
		}
		c.diags.Error(codeUnsupportedKind, t.Kind.Span(), "real kind %d is not supported; forocl knows kinds 4 and 8", k)
		return ir.Invalid
	case ast.DoublePrecision:
		return ir.Real8
	case ast.Integer:
		if t.Kind != nil {
			k, ok := c.kindValue(s, t.Kind)
			if !ok {
				return ir.Invalid
			}
			switch k {
			case 4:
				return ir.Int
			case 8:
				return ir.Long
			}
			c.diags.Error(codeUnsupportedKind, t.Kind.Span(), "integer kind %d is not supported; forocl knows integer kinds 4 and 8", k)
			return ir.Invalid
		}
		return ir.Int
	case ast.Logical:
		if t.Kind != nil {
			k, ok := c.kindValue(s, t.Kind)
			if !ok {
				return ir.Invalid
			}
			if k != 4 {
				c.diags.Error(codeUnsupportedKind, t.Kind.Span(), "logical kind %d is not supported; forocl knows only default logicals", k)
				return ir.Invalid
			}
		}
		return ir.Logical
	case ast.Character:
		c.diags.Error(codeUnsupportedCharacter, t.Pos, "character variables are not supported by forocl")
	case ast.Complex:
		c.diags.Error(codeUnsupportedComplex, t.Pos, "complex variables are not supported by forocl")
	default:
		c.derivedTypeKind(t)
	}
	return ir.Invalid
}

// kindValue evaluates a kind selector to an integer.
func (c *checker) kindValue(s *scope, e ast.Expr) (int64, bool) {
	v, err := c.evalConst(s, nil, e)
	if err != nil {
		c.reportConst(err)
		return 0, false
	}
	if v.isArr || v.kind != ir.Int {
		c.diags.Error(codeKindNotIntegerConstant, e.Span(), "kind must be a scalar integer constant, not %s", v.describe())
		return 0, false
	}
	return v.i, true
}
