package ir

// AssignedIn adds to set the scalars that stmts assign (and the variables
// of their sequential loops).
func AssignedIn(stmts []Stmt, set map[*Var]bool) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *Assign:
			if r, ok := s.LHS.(*Ref); ok {
				set[r.Var] = true
			}
		case *If:
			AssignedIn(s.Then, set)
			AssignedIn(s.Else, set)
		case *Loop:
			set[s.Var] = true
			AssignedIn(s.Body, set)
		}
	}
}

// VisitRefs calls f for every scalar read in stmts.
func VisitRefs(stmts []Stmt, f func(*Ref)) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *Assign:
			WalkRefs(s.RHS, f)
			if e, ok := s.LHS.(*Elem); ok {
				WalkRefs(e, f)
			}
		case *If:
			WalkRefs(s.Cond, f)
			VisitRefs(s.Then, f)
			VisitRefs(s.Else, f)
		case *Print:
			for _, it := range s.Items {
				WalkRefs(it.X, f)
			}
		case *Loop:
			WalkRefs(s.Lo, f)
			WalkRefs(s.Hi, f)
			WalkRefs(s.Step, f)
			VisitRefs(s.Body, f)
		}
	}
}

// WalkRefs calls f for every variable reference in e.
func WalkRefs(e Expr, f func(*Ref)) {
	Walk(e, func(x Expr) {
		if r, ok := x.(*Ref); ok {
			f(r)
		}
	})
}

// VisitAssigns calls f for every assignment of stmts, inside IFs and
// loops too.
func VisitAssigns(stmts []Stmt, f func(*Assign)) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *Assign:
			f(s)
		case *If:
			VisitAssigns(s.Then, f)
			VisitAssigns(s.Else, f)
		case *Loop:
			VisitAssigns(s.Body, f)
		}
	}
}

// Widened returns x without a widening conversion between integer kinds
// (integer to integer(8)), which changes no value.
func Widened(x Expr) Expr {
	for {
		c, ok := x.(*Convert)
		if !ok || c.T.Kind != Long || !c.X.Type().Kind.IsInt() || c.T.Rank != 0 {
			return x
		}
		x = c.X
	}
}
