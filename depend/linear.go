package depend

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"github.com/forocl/forocl/ir"
)

// Note [linearised subscripts]
//
// Legacy code packs a 2-D region into a 1-D buffer through one subscript,
// index = off + j + (k+d-1)*d with j in 1..d, often through a scalar
// temporary that the body assigns first. Such a subscript is a sum of
// c_i*p_i over the parallel indices plus a uniform rest, where the
// coefficients c_i are polynomials in uniform scalars (dummies, host
// variables, the variables of host loops around the nest). It is
// one-to-one over the index box when, in some order of the indices, each
// coefficient exceeds the span of the terms below it:
//
//	|c_k| >= 1 + sum over i<k of |c_i| * (hi_i - lo_i)
//
// (two iterations that differ first, from the top, at index k differ by
// at least |c_k| there and by less below). forocl proves each inequality
// by folding its difference to a constant >= 0, or to one that differs
// from a known fact by a constant >= 0; the facts are what must hold for
// any two iterations to run: every extent hi_i - lo_i of the nest is >= 0,
// and every host loop around it has run a trip (lo <= v <= hi, over
// intent(in) dummies). With the coefficients 1 and d and the extent d-1,
// the difference is d - 1 - (d-1) = 0. A difference that depends on
// run-time values (x_min - 1 >= 0) is not proven, and the nest runs
// serially; the warning names the condition.
//
// A scalar the host checks is not 0 before the nest (Nest.NonZero: the
// step of a loop with a variable step) has |v| >= 1 whatever its sign: a
// coefficient +-v is taken as a variable |v| with the fact |v| - 1 >= 0.
//
// A scalar temporary is replaced by its value when the body assigns it
// once, at its top level, and reads it nowhere before (privateTemps):
// every read then sees that value in the same iteration.

// mono is a monomial: coef times the product of vars (sorted by name,
// repeated for powers).
type mono struct {
	vars []*ir.Var
	coef int64
}

// Poly is an integer polynomial, keyed by the monomials' variable names.
type Poly map[string]mono

func monoKey(vs []*ir.Var) string {
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = v.Name
	}
	return strings.Join(names, "*")
}

func constPoly(c int64) Poly {
	if c == 0 {
		return Poly{}
	}
	return Poly{"": {coef: c}}
}

// addMono adds m to p in place; false on overflow.
func (p Poly) addMono(m mono) bool {
	k := monoKey(m.vars)
	old := p[k]
	sum := old.coef + m.coef
	if (m.coef > 0 && sum < old.coef) || (m.coef < 0 && sum > old.coef) {
		return false
	}
	if sum == 0 {
		delete(p, k)
		return true
	}
	p[k] = mono{vars: m.vars, coef: sum}
	return true
}

// plus returns p + s*q; false on overflow.
func (p Poly) plus(q Poly, s int64) (Poly, bool) {
	out := Poly{}
	for _, m := range p {
		out.addMono(m)
	}
	for _, m := range q {
		c, ok := mul64(m.coef, s)
		if !ok || !out.addMono(mono{vars: m.vars, coef: c}) {
			return nil, false
		}
	}
	return out, true
}

// times returns p*q; false on overflow.
func (p Poly) times(q Poly) (Poly, bool) {
	out := Poly{}
	for _, a := range p {
		for _, b := range q {
			c, ok := mul64(a.coef, b.coef)
			vs := append(append([]*ir.Var(nil), a.vars...), b.vars...)
			sort.Slice(vs, func(i, j int) bool { return vs[i].Name < vs[j].Name })
			if !ok || !out.addMono(mono{vars: vs, coef: c}) {
				return nil, false
			}
		}
	}
	return out, true
}

func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	hi, lo := bits.Mul64(uint64(abs64(a)), uint64(abs64(b)))
	if hi != 0 || lo > 1<<62 {
		return 0, false
	}
	if (a < 0) != (b < 0) {
		return -int64(lo), true
	}
	return int64(lo), true
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// constant returns p's value when it has no variables.
func (p Poly) constant() (int64, bool) {
	switch len(p) {
	case 0:
		return 0, true
	case 1:
		m, ok := p[""]
		return m.coef, ok
	}
	return 0, false
}

func (p Poly) equal(q Poly) bool {
	d, ok := p.plus(q, -1)
	return ok && len(d) == 0
}

// String spells p for a message: x_min - 1.
func (p Poly) String() string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] != "" && (keys[j] == "" || keys[i] < keys[j]) })
	var b strings.Builder
	for i, k := range keys {
		c := p[k].coef
		switch {
		case i == 0 && c < 0:
			b.WriteString("-")
		case i > 0 && c < 0:
			b.WriteString(" - ")
		case i > 0:
			b.WriteString(" + ")
		}
		if c = abs64(c); k == "" || c != 1 {
			fmt.Fprint(&b, c)
			if k != "" {
				b.WriteString("*")
			}
		}
		b.WriteString(k)
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

func affinePoly(a ir.Affine) Poly {
	p := constPoly(a.Const)
	for _, t := range a.Terms {
		p.addMono(mono{vars: []*ir.Var{t.Var}, coef: t.Coef})
	}
	return p
}

// depNest is what the linear analysis knows of one nest.
type depNest struct {
	n       *ir.Nest
	temps   map[*ir.Var]ir.Expr // private temporaries and their values
	varying map[*ir.Var]bool    // scalars the body assigns
	facts   []Poly              // each >= 0 whenever two iterations run
	// abs maps a scalar the host checks is not 0 to a variable that
	// stands for its absolute value, with the fact |v| - 1 >= 0.
	abs map[*ir.Var]*ir.Var
}

// nonZero records that the scalars vs are not 0 (Nest.NonZero).
func (d *depNest) nonZero(vs []*ir.Var) {
	for _, v := range vs {
		if d.abs == nil {
			d.abs = map[*ir.Var]*ir.Var{}
		}
		a := &ir.Var{Name: "|" + v.Name + "|", Kind: v.Kind, Role: ir.Local, Pos: v.Pos}
		d.abs[v] = a
		f := constPoly(-1)
		f.addMono(mono{vars: []*ir.Var{a}, coef: 1})
		d.facts = append(d.facts, f)
	}
}

// absOf returns |c| when c is s*v, s = 1 or -1, for a scalar v known not
// to be 0 (nonZero): the variable that stands for |v|.
func (d *depNest) absOf(c Poly) (Poly, bool) {
	if len(c) != 1 {
		return nil, false
	}
	for _, m := range c {
		if len(m.vars) != 1 || (m.coef != 1 && m.coef != -1) {
			return nil, false
		}
		if a, ok := d.abs[m.vars[0]]; ok {
			p := constPoly(0)
			p.addMono(mono{vars: []*ir.Var{a}, coef: 1})
			return p, true
		}
	}
	return nil, false
}

// newDepNest gathers the temporaries and facts of nest n; trips are the
// host loops around it.
func newDepNest(n *ir.Nest, trips []*ir.Loop) *depNest {
	d := &depNest{n: n, temps: privateTemps(n.Body), varying: map[*ir.Var]bool{}}
	ir.AssignedIn(n.Body, d.varying)
	for i := range n.Index {
		d.facts = append(d.facts, affinePoly(n.Hi[i].Add(n.Lo[i].Scale(-1))))
	}
	for _, lp := range trips {
		if lp.Host == nil || !lp.Host.Step.IsConst() || lp.Host.Step.Const <= 0 {
			continue
		}
		lo, hi, v := affinePoly(lp.Host.Lo), affinePoly(lp.Host.Hi), constPoly(0)
		v.addMono(mono{vars: []*ir.Var{lp.Var}, coef: 1})
		if !inputsOnly(lo) || !inputsOnly(hi) {
			continue
		}
		for _, f := range [][2]Poly{{hi, lo}, {v, lo}, {hi, v}} {
			if x, ok := f[0].plus(f[1], -1); ok {
				d.facts = append(d.facts, x)
			}
		}
	}
	return d
}

// inputsOnly reports whether p's variables are intent(in) scalar
// dummies, which keep their value through the kernel.
func inputsOnly(p Poly) bool {
	for _, m := range p {
		for _, v := range m.vars {
			if v.Role != ir.Dummy || v.Intent != ir.In {
				return false
			}
		}
	}
	return true
}

// privateTemps returns the integer scalar locals that body assigns once,
// at its top level, and reads nowhere before that, with their values.
func privateTemps(body []ir.Stmt) map[*ir.Var]ir.Expr {
	count := map[*ir.Var]int{}
	ir.VisitAssigns(body, func(a *ir.Assign) {
		if r, ok := a.LHS.(*ir.Ref); ok {
			count[r.Var]++
		}
	})
	loops := map[*ir.Var]bool{}
	ir.AssignedIn(body, loops) // loop variables count as assignments too
	temps := map[*ir.Var]ir.Expr{}
	for i, s := range body {
		a, ok := s.(*ir.Assign)
		if !ok {
			continue
		}
		r, ok := a.LHS.(*ir.Ref)
		if !ok || r.Var.Role != ir.Local || r.Var.Rank != 0 || !r.Var.Kind.IsInt() || count[r.Var] != 1 || a.Mask != nil {
			continue
		}
		early := false
		ir.VisitRefs(append(append([]ir.Stmt(nil), body[:i]...), &ir.Assign{LHS: &ir.Ref{Var: r.Var}, RHS: a.RHS}), func(x *ir.Ref) {
			early = early || x.Var == r.Var
		})
		if !early && !loopVarIn(body, r.Var) {
			temps[r.Var] = a.RHS
		}
	}
	return temps
}

// loopVarIn reports whether v is the variable of a DO loop in stmts.
func loopVarIn(stmts []ir.Stmt, v *ir.Var) bool {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Loop:
			if s.Var == v || loopVarIn(s.Body, v) {
				return true
			}
		case *ir.If:
			if loopVarIn(s.Then, v) || loopVarIn(s.Else, v) {
				return true
			}
		}
	}
	return false
}

// polyOf converts an integer subscript to a polynomial, replacing
// temporaries by their values; false when it is not one (a division, an
// element of an array, a call).
func (d *depNest) polyOf(x ir.Expr, depth int) (Poly, bool) {
	if depth > 16 || !x.Type().Kind.IsInt() || x.Type().Rank != 0 {
		return nil, false
	}
	switch x := ir.Widened(x).(type) {
	case *ir.Const:
		return constPoly(x.Int), true
	case *ir.Ref:
		if t, ok := d.temps[x.Var]; ok {
			return d.polyOf(t, depth+1)
		}
		p := Poly{}
		p.addMono(mono{vars: []*ir.Var{x.Var}, coef: 1})
		return p, true
	case *ir.Unary:
		if p, ok := d.polyOf(x.X, depth+1); ok && x.Op == ir.Neg {
			return constPoly(0).plus(p, -1)
		}
	case *ir.Binary:
		a, ok1 := d.polyOf(x.X, depth+1)
		b, ok2 := d.polyOf(x.Y, depth+1)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch x.Op {
		case ir.Add:
			return a.plus(b, 1)
		case ir.Sub:
			return a.plus(b, -1)
		case ir.Mul:
			return a.times(b)
		}
	}
	return nil, false
}

// linear splits subscript x into a coefficient per parallel index and a
// rest, all uniform over the nest; false when it is not such a sum.
func (d *depNest) linear(x ir.Expr) (coef []Poly, rest Poly, ok bool) {
	p, ok := d.polyOf(x, 0)
	if !ok {
		return nil, nil, false
	}
	coef, rest = make([]Poly, len(d.n.Index)), Poly{}
	for i := range coef {
		coef[i] = Poly{}
	}
	for _, m := range p {
		at, others := -1, []*ir.Var(nil)
		for _, v := range m.vars {
			i := indexOf(d.n, v)
			switch {
			case i >= 0 && at >= 0:
				return nil, nil, false // a product of indices
			case i >= 0:
				at = i
			case !d.uniform(v):
				return nil, nil, false
			default:
				others = append(others, v)
			}
		}
		if at < 0 {
			rest.addMono(m)
		} else {
			coef[at].addMono(mono{vars: others, coef: m.coef})
		}
	}
	return coef, rest, true
}

// uniform reports whether scalar v has one value in every iteration.
func (d *depNest) uniform(v *ir.Var) bool {
	return v.Rank == 0 && !d.varying[v] && (v.Role == ir.Dummy || v.Role == ir.Local)
}

// covers returns the parallel indices over which a subscript with the
// coefficients coef is one-to-one (Note [linearised subscripts]): all
// those it varies with, or none; and, when none, the polynomial whose
// being >= 0 would prove the next step (nil when none would).
func (d *depNest) covers(coef []Poly) ([]int, Poly) {
	var set []int
	for i, c := range coef {
		if len(c) > 0 {
			set = append(set, i)
		}
	}
	if len(set) == 0 {
		return nil, nil
	}
	var cond Poly
	furthest, ok := -1, false
	permute(set, func(order []int) bool {
		why, at := d.ordered(coef, order)
		if at == len(order) {
			ok = true
		} else if at > furthest && why != nil {
			cond, furthest = why, at // the order that got furthest says most
		}
		return ok
	})
	if ok {
		return set, nil
	}
	return nil, cond
}

// ordered checks the inequalities of Note [linearised subscripts] for
// the indices in order, lowest first: it returns how many hold, and the
// difference that is not proven >= 0 where one does not.
func (d *depNest) ordered(coef []Poly, order []int) (Poly, int) {
	span := Poly{} // sum of |c_i| * extent_i below
	for at, i := range order {
		var abs, why Poly
		if a, ok := d.absOf(coef[i]); ok { // |step| >= 1, whatever its sign
			need, ok1 := a.plus(span, -1)
			need, ok2 := need.plus(constPoly(1), -1)
			if ok1 && ok2 && d.nonNegative(need) {
				abs = a
			}
		}
		for _, s := range []int64{1, -1} {
			if abs != nil {
				break
			}
			sc, ok := constPoly(0).plus(coef[i], s)
			need, ok2 := sc.plus(span, -1)
			if !ok || !ok2 {
				return nil, at
			}
			if need, ok = need.plus(constPoly(1), -1); !ok {
				return nil, at
			}
			if d.nonNegative(need) {
				abs = sc
				break
			}
			if why == nil {
				why = need
			}
		}
		if abs == nil {
			return why, at
		}
		ext := affinePoly(d.n.Hi[i].Add(d.n.Lo[i].Scale(-1)))
		term, ok := abs.times(ext)
		if !ok {
			return nil, at
		}
		if span, ok = span.plus(term, 1); !ok {
			return nil, at
		}
	}
	return nil, len(order)
}

// nonNegative reports whether p >= 0 folds to a constant, or to one
// apart from a fact.
func (d *depNest) nonNegative(p Poly) bool {
	if c, ok := p.constant(); ok {
		return c >= 0
	}
	for _, f := range d.facts {
		if x, ok := p.plus(f, -1); ok {
			if c, ok := x.constant(); ok && c >= 0 {
				return true
			}
		}
	}
	return false
}

// permute calls f with every order of set until it returns true.
func permute(set []int, f func([]int) bool) {
	var rec func(k int) bool
	rec = func(k int) bool {
		if k == len(set) {
			return f(set)
		}
		for i := k; i < len(set); i++ {
			set[k], set[i] = set[i], set[k]
			done := rec(k + 1)
			set[k], set[i] = set[i], set[k]
			if done {
				return true
			}
		}
		return false
	}
	rec(0)
}

// injective reports whether write w gives every iteration its own
// element by the linear analysis: every parallel index is covered by a
// dimension's subscript. Otherwise it returns the polynomial whose
// being >= 0 would take the proof a step further, if one would.
func (d *depNest) injective(w *ir.Elem) (bool, Poly) {
	covered := map[int]bool{}
	var cond Poly
	for _, x := range w.Index {
		coef, _, ok := d.linear(x)
		if !ok {
			continue
		}
		set, why := d.covers(coef)
		for _, i := range set {
			covered[i] = true
		}
		if cond == nil {
			cond = why
		}
	}
	if len(covered) == len(d.n.Index) {
		return true, nil
	}
	return false, cond
}

// separated reports whether accesses a and b of one array meet only
// within one iteration: for every parallel index, a dimension where both
// have the same subscript and it is one-to-one over that index.
func (d *depNest) separated(a, b *ir.Elem) bool {
	covered := map[int]bool{}
	for k := range a.Index {
		pa, ok1 := d.polyOf(a.Index[k], 0)
		pb, ok2 := d.polyOf(b.Index[k], 0)
		if !ok1 || !ok2 || !pa.equal(pb) {
			continue
		}
		coef, _, ok := d.linear(a.Index[k])
		if !ok {
			continue
		}
		set, _ := d.covers(coef)
		for _, i := range set {
			covered[i] = true
		}
	}
	return len(covered) == len(d.n.Index)
}
