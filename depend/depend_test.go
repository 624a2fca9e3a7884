package depend_test

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/depend"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// The tests build nests by hand, as sema lowers them: every subscript
// has its expression (Index) and its affine form (Access), Computed where
// the subscript is not affine in the indices.

var intT = ir.Type{Kind: ir.Int}

// at gives each node its own line, so that messages can be told apart.
func at(line int) diag.Span { return diag.Span{Start: diag.Pos{Line: line, Col: 1}} }

func dummy(name string) *ir.Var {
	return &ir.Var{Name: name, Kind: ir.Int, Role: ir.Dummy, Intent: ir.In}
}

func local(name string, k ir.Kind) *ir.Var { return &ir.Var{Name: name, Kind: k, Role: ir.Local} }

func array(name string, rank int) *ir.Var {
	return &ir.Var{Name: name, Kind: ir.Real8, Rank: rank, Role: ir.Dummy, Intent: ir.InOut}
}

func ref(v *ir.Var) *ir.Ref       { return &ir.Ref{Var: v} }
func num(c int64) *ir.Const       { return &ir.Const{Kind: ir.Int, Int: c} }
func add(x, y ir.Expr) *ir.Binary { return &ir.Binary{Op: ir.Add, X: x, Y: y, T: intT} }
func sub(x, y ir.Expr) *ir.Binary { return &ir.Binary{Op: ir.Sub, X: x, Y: y, T: intT} }
func mul(x, y ir.Expr) *ir.Binary { return &ir.Binary{Op: ir.Mul, X: x, Y: y, T: intT} }

// aff is c + v (the affine form of an index shifted by a constant).
func aff(v *ir.Var, c int64) ir.Affine {
	return ir.Affine{Const: c, Terms: []ir.Term{{Coef: 1, Var: v}}}
}

// shifted is the subscript v + c, with its affine form.
func shifted(v *ir.Var, c int64) (ir.Expr, ir.Affine) {
	if c == 0 {
		return ref(v), aff(v, 0)
	}
	return add(ref(v), num(c)), aff(v, c)
}

// elem is v(idx(0)+off[0], idx(1)+off[1], ...), affine in the indices.
func elem(line int, v *ir.Var, idx []*ir.Var, off ...int64) *ir.Elem {
	e := &ir.Elem{Pos: at(line), Var: v}
	for d, p := range idx {
		x, a := shifted(p, off[d])
		e.Index = append(e.Index, x)
		e.Access = append(e.Access, a)
	}
	return e
}

// computed is v(x), a subscript that is not affine in the indices.
func computed(line int, v *ir.Var, x ir.Expr) *ir.Elem {
	return &ir.Elem{Pos: at(line), Var: v, Index: []ir.Expr{x}, Access: []ir.Affine{ir.Computed(at(line))}}
}

func assign(lhs, rhs ir.Expr) *ir.Assign { return &ir.Assign{LHS: lhs, RHS: rhs} }

// nest is a parallel nest over idx, outermost first, idx[d] in lo[d]..hi[d].
func nest(idx []*ir.Var, lo, hi []ir.Affine, body ...ir.Stmt) *ir.Nest {
	return &ir.Nest{Source: "!$omp parallel do", Index: idx, Lo: lo, Hi: hi, Body: body}
}

// grid2 is the nest j = 1..m, i = 1..n.
func grid2(i, j, n, m *ir.Var, body ...ir.Stmt) *ir.Nest {
	return nest([]*ir.Var{j, i}, []ir.Affine{{Const: 1}, {Const: 1}}, []ir.Affine{aff(m, 0), aff(n, 0)}, body...)
}

// TestIndependentUpdate: a(i,j) = a(i,j) + b(i+1,j) touches only the
// iteration's own element of a, and b is only read.
func TestIndependentUpdate(t *testing.T) {
	i, j, n, m := local("i", ir.Int), local("j", ir.Int), dummy("n"), dummy("m")
	a, b := array("a", 2), array("b", 2)
	idx := []*ir.Var{i, j}
	w, r1, r2 := elem(1, a, idx, 0, 0), elem(1, a, idx, 0, 0), elem(1, b, idx, 1, 0)
	in := &depend.Nest{
		N:      grid2(i, j, n, m, assign(w, &ir.Binary{Op: ir.Add, X: r1, Y: r2, T: ir.Type{Kind: ir.Real8}})),
		Writes: []*ir.Elem{w},
		Reads:  []*ir.Elem{r1, r2},
	}
	if c := depend.InPlace(in); c != nil {
		t.Fatalf("InPlace = %s, want nil", c)
	}
	if r := depend.CarriedRead(in.N); r != nil {
		t.Errorf("CarriedRead = %q, want nil", r.Var.Name)
	}
	if why := depend.Why(in.N, nil); why != "" {
		t.Errorf("Why = %q, want \"\"", why)
	}
}

// TestNeighbourRead: a(i,j) = a(i+1,j) reads what iteration i+1 writes.
func TestNeighbourRead(t *testing.T) {
	i, j, n, m := local("i", ir.Int), local("j", ir.Int), dummy("n"), dummy("m")
	a := array("a", 2)
	idx := []*ir.Var{i, j}
	w, r := elem(3, a, idx, 0, 0), elem(4, a, idx, 1, 0)
	in := &depend.Nest{N: grid2(i, j, n, m, assign(w, r)), Writes: []*ir.Elem{w}, Reads: []*ir.Elem{r}}
	c := depend.InPlace(in)
	if c == nil {
		t.Fatal("InPlace = nil, want a conflict")
	}
	if c.Read != r || c.Write != w || c.Rewrite || c.Cond != nil {
		t.Errorf("InPlace = %+v, want Read = a(i+1,j), Write = a(i,j)", *c)
	}
	if got, want := c.String(), `iterations may read "a" at 4:1 while others write it at 3:1`; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if conds := depend.RuntimeConds(in, c); conds != nil {
		t.Errorf("RuntimeConds = %v, want nil (no size makes it independent)", conds)
	}
}

// linearNest is buf(off + j + (k-1)*w) = 0 over k = 1..h, j = jlo..jhi.
func linearNest(jlo, jhi ir.Affine, k, j, off, w, h *ir.Var) *depend.Nest {
	buf := array("buf", 1)
	x := add(add(ref(off), ref(j)), mul(sub(ref(k), num(1)), ref(w)))
	e := computed(5, buf, x)
	n := nest([]*ir.Var{k, j}, []ir.Affine{{Const: 1}, jlo}, []ir.Affine{aff(h, 0), jhi},
		assign(e, &ir.Const{Kind: ir.Real8}))
	return &depend.Nest{N: n, Writes: []*ir.Elem{e}}
}

// TestLinearisedWrite: a packed row of w elements per k is one-to-one
// when j covers 1..w, and not when j covers 1..w+1 (rows overlap).
func TestLinearisedWrite(t *testing.T) {
	k, j := local("k", ir.Int), local("j", ir.Int)
	off, w, h := dummy("off"), dummy("w"), dummy("h")
	if c := depend.InPlace(linearNest(ir.Affine{Const: 1}, aff(w, 0), k, j, off, w, h)); c != nil {
		t.Errorf("j in 1..w: InPlace = %s, want nil", c)
	}
	in := linearNest(ir.Affine{Const: 1}, aff(w, 1), k, j, off, w, h)
	c := depend.InPlace(in)
	if c == nil {
		t.Fatal("j in 1..w+1: InPlace = nil, want a conflict")
	}
	if c.Read != in.Writes[0] || c.Write != in.Writes[0] || c.Rewrite {
		t.Errorf("j in 1..w+1: InPlace = %+v, want the write against itself", *c)
	}
	if conds := depend.RuntimeConds(in, c); conds != nil {
		t.Errorf("j in 1..w+1: RuntimeConds = %v, want nil (the rows overlap for every size)", conds)
	}
}

// TestLinearisedThroughTemp: ix = off + j + (k-1)*w; buf(ix) = buf(ix)
// + 1 is the same proof, the private temporary replaced by its value, and
// the read is the iteration's own element.
func TestLinearisedThroughTemp(t *testing.T) {
	k, j, ix := local("k", ir.Int), local("j", ir.Int), local("ix", ir.Int)
	off, w, h := dummy("off"), dummy("w"), dummy("h")
	for _, tc := range []struct {
		hi   ir.Affine
		want bool
	}{{aff(w, 0), true}, {aff(w, 1), false}} {
		in := linearNest(ir.Affine{Const: 1}, tc.hi, k, j, off, w, h)
		e := in.Writes[0]
		set := assign(ref(ix), e.Index[0])
		e.Index = []ir.Expr{ref(ix)}
		r := computed(5, e.Var, ref(ix))
		in.Reads = []*ir.Elem{r}
		in.N.Body = []ir.Stmt{set, assign(e, &ir.Binary{Op: ir.Add, X: r, Y: &ir.Const{Kind: ir.Real8, Float: 1}, T: ir.Type{Kind: ir.Real8}})}
		if c := depend.InPlace(in); (c == nil) != tc.want {
			t.Errorf("j in 1..%s: InPlace = %v, want proven = %v", tc.hi, c, tc.want)
		}
	}
}

// TestRuntimeCond: buf(j + k*w) over j = x_min..w does not overlap the
// next row only if x_min >= 1: the proof needs x_min - 1 >= 0.
func TestRuntimeCond(t *testing.T) {
	k, j := local("k", ir.Int), local("j", ir.Int)
	xmin, w, h := dummy("x_min"), dummy("w"), dummy("h")
	buf := array("buf", 1)
	e := computed(7, buf, add(ref(j), mul(ref(k), ref(w))))
	n := nest([]*ir.Var{k, j}, []ir.Affine{{Const: 1}, aff(xmin, 0)}, []ir.Affine{aff(h, 0), aff(w, 0)},
		assign(e, &ir.Const{Kind: ir.Real8}))
	in := &depend.Nest{N: n, Writes: []*ir.Elem{e}}
	c := depend.InPlace(in)
	if c == nil {
		t.Fatal("InPlace = nil, want a conflict with a condition")
	}
	if c.Read != e || c.Write != e || c.Cond == nil || c.Cond.String() != "x_min - 1" {
		t.Fatalf("InPlace = %+v, want the write with Cond x_min - 1", *c)
	}
	if !strings.Contains(depend.Why(n, c), "one-to-one only if x_min - 1 >= 0") {
		t.Errorf("Why = %q, want it to name the condition", depend.Why(n, c))
	}
	conds := depend.RuntimeConds(in, c)
	if len(conds) != 1 || conds[0].String() != "x_min - 1" {
		t.Fatalf("RuntimeConds = %v, want [x_min - 1]", conds)
	}
	// the host evaluates it in integer(8)
	if got := ir.ExprString(conds[0].Expr(at(7))); !strings.Contains(got, "x_min") {
		t.Errorf("Expr = %s, want it to read x_min", got)
	}
}

// TestCarriedRead: s = s + a(i) reads the s of the previous iteration;
// t = a(i); b(i) = t reads only the iteration's own t.
func TestCarriedRead(t *testing.T) {
	i, n := local("i", ir.Int), dummy("n")
	s, tmp := local("s", ir.Real8), local("t", ir.Real8)
	a, b := array("a", 1), array("b", 1)
	idx := []*ir.Var{i}
	one := func(body ...ir.Stmt) *ir.Nest {
		return nest(idx, []ir.Affine{{Const: 1}}, []ir.Affine{aff(n, 0)}, body...)
	}
	read := &ir.Ref{Pos: at(9), Var: s}
	sum := one(assign(ref(s), &ir.Binary{Op: ir.Add, X: read, Y: elem(9, a, idx, 0), T: ir.Type{Kind: ir.Real8}}))
	if r := depend.CarriedRead(sum); r != read {
		t.Errorf("running sum: CarriedRead = %v, want the read of s at 9:1", r)
	}
	if why := depend.Why(sum, nil); !strings.Contains(why, `"s" is read at 9:1`) {
		t.Errorf("running sum: Why = %q", why)
	}
	private := one(assign(ref(tmp), elem(10, a, idx, 0)), assign(elem(11, b, idx, 0), ref(tmp)))
	if r := depend.CarriedRead(private); r != nil {
		t.Errorf("private temporary: CarriedRead = %q, want nil", r.Var.Name)
	}
	// assigned on one branch only: the read may see the last iteration's
	cond := &ir.Binary{Op: ir.Gt, X: elem(12, a, idx, 0), Y: &ir.Const{Kind: ir.Real8}, T: ir.Type{Kind: ir.Logical}}
	late := &ir.Ref{Pos: at(13), Var: tmp}
	branch := one(&ir.If{Cond: cond, Then: []ir.Stmt{assign(ref(tmp), elem(12, a, idx, 0))}},
		assign(elem(13, b, idx, 0), late))
	if got := depend.CarriedReads(branch); len(got) != 1 || got[0] != late {
		t.Errorf("one-branch assignment: CarriedReads = %v, want the read of t at 13:1", got)
	}
}

// TestConcurrent: in DO CONCURRENT, a(i) = a(i-1) + 1 is a recurrence
// along i at distance 1; a(i) = a(i) + 1 has none.
func TestConcurrent(t *testing.T) {
	i, n := local("i", ir.Int), dummy("n")
	a := array("a", 1)
	idx := []*ir.Var{i}
	for _, tc := range []struct {
		off  int64
		dist int64
	}{{-1, 1}, {0, 0}, {2, 2}} {
		w, r := elem(14, a, idx, 0), elem(14, a, idx, tc.off)
		nn := nest(idx, []ir.Affine{{Const: 1}}, []ir.Affine{aff(n, 0)}, assign(w, r))
		nn.Source = "do concurrent"
		deps := depend.Concurrent(&depend.Nest{N: nn, Writes: []*ir.Elem{w}, Reads: []*ir.Elem{r}})
		switch {
		case tc.dist == 0 && len(deps) != 0:
			t.Errorf("a(i) = a(i%+d): Concurrent = %+v, want none", tc.off, deps)
		case tc.dist != 0 && (len(deps) != 1 || deps[0].Write != w || deps[0].Other != r || deps[0].Along != i || deps[0].Dist != tc.dist || deps[0].OtherWrites):
			t.Errorf("a(i) = a(i%+d): Concurrent = %+v, want one along i at distance %d", tc.off, deps, tc.dist)
		}
	}
}
