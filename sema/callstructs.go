package sema

import (
	"strings"

	"github.com/forocl/forocl/ast"
)

// Note [structure arguments]
//
// A structure passed to a subroutine that a kernel calls (Note [subroutine
// calls]) is taken apart as both sides already are (Note [derived-type
// dummies] in sema/types.go): the callee's structure dummy is its
// components' dummies, in component order, and structActuals writes the
// actual structure as the same components of the caller's, p%x for
// dummy component s%x (p(i)%x for an element p(i) passed to a scalar
// structure dummy), each then passed as any scalar or array (an array of
// structures' components are arrays, associated with the caller's: Note
// [array arguments of inlined calls]). A structure passed whole to a
// subroutine has all its components in the caller, each written
// (componentsUsed), since the callee may use any.

// structActuals returns the arguments of cs with each structure passed for
// a structure dummy of p written as its components, positional in p's
// dummy order, and true; cs's own arguments and false when p takes no
// structure, or when they do not match p's dummies one for one (the
// matching reports it).
func (l *lowerer) structActuals(cs *ast.CallStmt, p *proc) ([]ast.Arg, bool) {
	vars := l.c.structVars[procKey(p.sub.Body)]
	if len(vars) == 0 {
		return cs.Args, false
	}
	type group struct {
		name  string   // the dummy as declared
		comps []string // its flattened dummies: itself, or its components
	}
	var groups []group
	for _, a := range p.sub.Args {
		base, _, isComp := strings.Cut(a.Name, "%")
		if isComp && vars[base] != nil {
			if n := len(groups); n > 0 && groups[n-1].name == base {
				groups[n-1].comps = append(groups[n-1].comps, a.Name)
				continue
			}
			groups = append(groups, group{base, []string{a.Name}})
			continue
		}
		groups = append(groups, group{a.Name, []string{a.Name}})
	}
	dummies := make([]ast.Ident, len(groups))
	for i, g := range groups {
		dummies[i] = ast.Ident{Name: g.name}
	}
	dummy, why, _ := matchArgs(cs.Args, dummies)
	if why != argsMatch {
		return cs.Args, false
	}
	out := make([]ast.Arg, len(p.sub.Args))
	at := 0
	starts := make([]int, len(groups))
	for i, g := range groups {
		starts[i] = at
		at += len(g.comps)
	}
	for i, a := range cs.Args {
		g := groups[dummy[i]]
		if vars[g.name] == nil { // not a structure
			a.Keyword = nil
			out[starts[dummy[i]]] = a
			continue
		}
		for k, comp := range g.comps {
			rest := comp[len(g.name):] // "%x"
			c := a
			c.Keyword = nil
			switch v := a.Value.(type) {
			case *ast.Ident:
				c.Value = &ast.Ident{Pos: v.Pos, Name: v.Name + rest, Orig: v.Orig + rest}
			case *ast.Call:
				n := *v
				n.Name = ast.Ident{Pos: v.Name.Pos, Name: v.Name.Name + rest, Orig: v.Name.Orig + rest}
				n.BaseSubs = true
				c.Value = &n
			}
			out[starts[dummy[i]]+k] = c
		}
	}
	return out, true
}
