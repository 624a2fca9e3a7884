package main

// The kernels clbench times: each a hand-written kernel of issue25.cl and
// the Fortran kernel forocl generates from issue25.f90 or babel25.F90.

// shape is how an array's extents follow from the interior size n (the
// CloverLeaf-style kernels: n x n cells with halos of two) or from the
// element count n (the BabelStream-style kernels).
type shape int

const (
	cell  shape = iota // (n+4) x (n+4)
	node               // (n+5) x (n+5)
	xface              // (n+5) x (n+4)
	yface              // (n+4) x (n+5)
	edge               // n+4: celldx, celldy
	flat               // n
)

// dims is the Fortran shape of an array of shape s for size n.
func (s shape) dims(n int) []int {
	switch s {
	case cell:
		return []int{n + 4, n + 4}
	case node:
		return []int{n + 5, n + 5}
	case xface:
		return []int{n + 5, n + 4}
	case yface:
		return []int{n + 4, n + 5}
	case edge:
		return []int{n + 4}
	}
	return []int{n}
}

// array is a kernel's array argument, in the order of both kernels'
// arguments.
type array struct {
	name  string
	shape shape
	out   bool // written by the kernel
}

// spec is one benchmark row.
type spec struct {
	label  string  // the row's name
	hand   string  // the hand-written kernel (issue25.cl)
	forocl string  // the Fortran kernel
	babel  bool    // babel25.F90 (1-D, n = size^2 elements, in float and double); else issue25.f90
	scalar string  // a real scalar argument after the sizes: dt or scalar; "" for none
	arrays []array // the array arguments after it
	moved  int     // arrays whose interior points must move: bytes = moved * points * element size
	dot    bool    // a reduction: the hand-written kernel (b_dot, mass_sum) makes partials, b_dot_fold folds them
	result string  // a reduction's result: "s" when empty
	// assumed: the Fortran kernel's arrays are assumed-shape (no size
	// argument; --grid gives their shape)
	assumed bool
	// handOnly: a hand-written variant timed alone (its forocl kernel is
	// another row's; -check still compares the two)
	handOnly bool
	// bound: a hand-written bound that does not compute the kernel's
	// results (timed alone; -check skips it)
	bound bool
}

func arrs(names string, s shape, out bool) []array {
	var a []array
	for _, n := range splitFields(names) {
		a = append(a, array{name: n, shape: s, out: out})
	}
	return a
}

func cat(parts ...[]array) []array {
	var out []array
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func viscosityArrays() []array {
	return cat(arrs("celldx celldy", edge, false), arrs("density0 pressure", cell, false), arrs("viscosity", cell, true), arrs("xvel0 yvel0", node, false))
}

// cloverSpecs are the CloverLeaf-style kernels, with copy25 (a halo copy in
// loop form) beside them.
func cloverSpecs() []spec {
	return []spec{
		{label: "copy (halo, loop form)", hand: "copy2d", forocl: "copy25", arrays: cat(arrs("a", cell, false), arrs("b", cell, true)), moved: 2},
		{label: "ideal_gas", hand: "ideal_gas", forocl: "ideal_gas25", arrays: cat(arrs("density energy", cell, false), arrs("pressure soundspeed", cell, true)), moved: 4},
		{label: "viscosity", hand: "viscosity", forocl: "viscosity25", arrays: viscosityArrays(), moved: 5},
		{label: "viscosity bound: its arithmetic alone (loads from cache)", hand: "viscosity_arith", forocl: "viscosity25",
			arrays: viscosityArrays(), moved: 5, handOnly: true, bound: true},
		{label: "viscosity bound: its traffic (divisions as multiplications)", hand: "viscosity_mul", forocl: "viscosity25",
			arrays: viscosityArrays(), moved: 5, handOnly: true, bound: true},
		{label: "accelerate", hand: "accelerate", forocl: "accelerate25", scalar: "dt",
			arrays: cat(arrs("xarea", xface, false), arrs("yarea", yface, false), arrs("volume density0 pressure viscosity", cell, false),
				arrs("xvel0 yvel0", node, false), arrs("xvel1 yvel1", node, true)), moved: 10},
		{label: "flux_calc", hand: "flux_calc", forocl: "flux_calc25", scalar: "dt",
			arrays: cat(arrs("xarea", xface, false), arrs("yarea", yface, false), arrs("xvel0 yvel0 xvel1 yvel1", node, false),
				arrs("vol_flux_x", xface, true), arrs("vol_flux_y", yface, true)), moved: 8},
		{label: "mass (a 2-D sum)", hand: "mass_sum", forocl: "mass25", arrays: arrs("density0 volume", cell, false), moved: 2, dot: true, result: "mass"},
		{label: "revert", hand: "revert", forocl: "revert25", arrays: cat(arrs("density0", cell, false), arrs("density1", cell, true), arrs("energy0", cell, false), arrs("energy1", cell, true)), moved: 4},
		{label: "reset_field", hand: "reset_field", forocl: "reset_field25",
			arrays: cat(arrs("density0", cell, true), arrs("density1", cell, false), arrs("energy0", cell, true), arrs("energy1", cell, false),
				arrs("xvel0", node, true), arrs("xvel1", node, false), arrs("yvel0", node, true), arrs("yvel1", node, false)), moved: 8},
	}
}

// rooflineSpec is copy, the roofline: a plain 1-D copy of (n+4)^2 real(8)
// elements, hand-written, on the inputs of babel25.F90's copy.
func rooflineSpec() spec {
	return spec{label: "copy (roofline)", hand: "copy1d", forocl: "copy", babel: true, arrays: cat(arrs("a", flat, false), arrs("c", flat, true)), moved: 2, handOnly: true}
}

// babelSpecs are the BabelStream-style kernels.
func babelSpecs() []spec {
	return []spec{
		{label: "copy", hand: "b_copy", forocl: "copy", babel: true, arrays: cat(arrs("a", flat, false), arrs("c", flat, true)), moved: 2},
		{label: "mul", hand: "b_mul", forocl: "mul", babel: true, scalar: "scalar", arrays: cat(arrs("b", flat, true), arrs("c", flat, false)), moved: 2},
		{label: "add", hand: "b_add", forocl: "add", babel: true, arrays: cat(arrs("a b", flat, false), arrs("c", flat, true)), moved: 3},
		{label: "triad", hand: "b_triad", forocl: "triad", babel: true, scalar: "scalar", arrays: cat(arrs("a", flat, true), arrs("b c", flat, false)), moved: 3},
		{label: "nstream", hand: "b_nstream", forocl: "nstream", babel: true, scalar: "scalar", arrays: cat(arrs("a", flat, true), arrs("b c", flat, false)), moved: 4},
		{label: "dot", hand: "b_dot", forocl: "dot", babel: true, arrays: arrs("a b", flat, false), moved: 2, dot: true},
		{label: "dot, hand-written with vload4", hand: "b_dot4", forocl: "dot", babel: true, arrays: arrs("a b", flat, false), moved: 2, dot: true, handOnly: true},
		{label: "dot (array syntax)", hand: "b_dot", forocl: "dotp", babel: true, arrays: arrs("a b", flat, false), moved: 2, dot: true, assumed: true},
	}
}
