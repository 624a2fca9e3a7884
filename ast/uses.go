package ast

// UsedModules lists the modules the units of f USE, as written, their
// contained procedures' included: modules, main programs and external
// procedures alike.
func (f *File) UsedModules() []string {
	var out []string
	var sub func(s *Subprogram)
	scope := func(sc *Scope, contains []*Subprogram) {
		for _, u := range sc.Uses {
			out = append(out, u.Module.Name)
		}
		for _, s := range contains {
			sub(s)
		}
	}
	sub = func(s *Subprogram) { scope(&s.Scope, s.Contains) }
	for _, u := range f.Units {
		switch u := u.(type) {
		case *Module:
			scope(&u.Scope, u.Contains)
		case *Program:
			scope(&u.Scope, u.Contains)
		case *Subprogram:
			sub(u)
		}
	}
	return out
}
