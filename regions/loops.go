package regions

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/forocl/forocl/ir"
)

// NestPlan is the schedule of one parallel nest of a loop kernel (Note
// [loop kernels] in package ir): one launch, one work-item per iteration
// point, no local memory.
type NestPlan struct {
	Nest *ir.Nest
	// Dims maps NDRange dimension g to the nest index Nest.Index[Dims[g]].
	// Dimension 0 varies fastest between neighbouring work-items, so it
	// gets the index that subscripts the lowest array dimension (the
	// contiguous one in Fortran's column-major layout): coalesced accesses.
	Dims []int
	// Local is the work-group shape, one entry per NDRange dimension.
	Local []int
}

// scheduleLoops plans a loop kernel: per nest the mapping of its indices to
// NDRange dimensions and the work-group (o.Tile, else DefaultTile for the
// direct strategy). The strategy is always direct.
func scheduleLoops(k *ir.Kernel, o Options) *KernelPlan {
	kp := &KernelPlan{Kernel: k, Strategy: Direct}
	for _, s := range k.Body {
		n, ok := s.(*ir.Nest)
		if !ok {
			continue
		}
		np := &NestPlan{Nest: n, Dims: nestDims(n)}
		np.Local = fit(o.Tile, DefaultTile(Direct, len(n.Index)), len(n.Index))
		kp.Nests = append(kp.Nests, np)
	}
	if len(kp.Nests) > 0 {
		kp.Local = kp.Nests[0].Local
		kp.Coarsen = ones(len(kp.Local))
	}
	return kp
}

// nestDims orders the nest's indices for the NDRange: by the lowest array
// dimension each subscripts (over every element the body reads or
// writes), ties and unused indices innermost first.
func nestDims(n *ir.Nest) []int {
	const unused = 1 << 20
	lowest := make([]int, len(n.Index))
	for i := range lowest {
		lowest[i] = unused
	}
	pos := map[*ir.Var]int{}
	for i, v := range n.Index {
		pos[v] = i
	}
	visitElems(n.Body, func(e *ir.Elem) {
		for d, a := range e.Access {
			for _, t := range a.Terms {
				if i, ok := pos[t.Var]; ok && d < lowest[i] {
					lowest[i] = d
				}
			}
		}
	})
	dims := make([]int, len(n.Index))
	for g := range dims {
		dims[g] = len(n.Index) - 1 - g // innermost first
	}
	sort.SliceStable(dims, func(a, b int) bool { return lowest[dims[a]] < lowest[dims[b]] })
	return dims
}

// visitElems calls f for every array element of stmts.
func visitElems(stmts []ir.Stmt, f func(*ir.Elem)) {
	expr := func(x ir.Expr) {
		ir.Walk(x, func(x ir.Expr) {
			if e, ok := x.(*ir.Elem); ok {
				f(e)
			}
		})
	}
	for _, s := range stmts {
		switch s := s.(type) {
		case *ir.Assign:
			expr(s.LHS)
			expr(s.RHS)
			expr(s.Mask)
		case *ir.If:
			expr(s.Cond)
			visitElems(s.Then, f)
			visitElems(s.Else, f)
		case *ir.Loop:
			expr(s.Lo)
			expr(s.Hi)
			expr(s.Step)
			visitElems(s.Body, f)
		case *ir.Nest:
			visitElems(s.Body, f)
		}
	}
}

// fprintLoops prints the plan of a loop kernel.
func fprintLoops(w io.Writer, kp *KernelPlan) {
	k := kp.Kernel
	launches := len(kp.Nests)
	for _, np := range kp.Nests {
		launches += len(np.Nest.Reduces)
	}
	results := ""
	for _, v := range k.Params {
		if v.Rank == 0 && v.Intent == ir.Out {
			results += " " + v.Name
		}
	}
	if results != "" {
		launches++ // the last launch writes the results
		results = ", the last writes the results" + results
	}
	fmt.Fprintf(w, "kernel %s: loop kernel, %d launch(es), direct strategy%s\n", k.Name, launches, results)
	for _, v := range k.Params {
		if v.Rank == 0 {
			continue
		}
		var ext []string
		for _, e := range v.Extents() {
			ext = append(ext, e.String())
		}
		fmt.Fprintf(w, "  array %s intent(%s): extents (%s)\n", v.Name, v.Intent, strings.Join(ext, ", "))
	}
	for i, np := range kp.Nests {
		n := np.Nest
		var m []string
		for g, d := range np.Dims {
			m = append(m, fmt.Sprintf("%d:%s = %s..%s", g, n.Index[d].Name, n.Lo[d], n.Hi[d]))
		}
		guard := ""
		if n.Guard != nil {
			guard = ", runs only if " + ir.ExprString(n.Guard)
		}
		for _, r := range n.Reduces {
			guard += fmt.Sprintf(", reduces %s into %s (partials per work-group, then a fold launch)", r.Reduce.Op, r.Reduce.Result.Name)
		}
		fmt.Fprintf(w, "  launch %d (%s, line %d): NDRange %s, work-group %s%s\n", i+1, n.Source, n.Pos.Start.Line, strings.Join(m, ", "), DimString(np.Local), guard)
	}
}
