package abi

import (
	"encoding/json"
	"fmt"
	"math"
)

// Note [index types]
//
// The generated OpenCL computes array offsets, global indices and the
// positions of work-items in the type FOROCL_INDEX_T, a macro that the
// .cl file defines as int unless the build options define it first. int
// is the fast common case, and its code is the same as before the macro
// existed; a host builds with -DFOROCL_INDEX_T=long (IndexOptions) when
// a run needs it. Kernel.IndexType is the one rule every host follows
// (runner, the generated Go harness, the generated Fortran host): for the
// sizes of a run it says whether int cannot wrap, whether only long
// cannot, or that no variant is exact, which the host reports before
// anything runs.
//
// int cannot wrap when every array (and scratch buffer) has at most
// MaxInt32 elements, so that every offset of an element fits, and every
// position a work-item computes fits: in each dimension of each launch,
// from the first position (First, or Origin) up to the last one the
// padded NDRange reaches, First + global*Per - 1. Otherwise long is
// needed. Values that stay 32-bit in both variants must fit int32, or
// the run is refused: the default-integer sizes (passed as 32-bit ints),
// every extent and the partial sums the kernel computes it by (up to the
// first term in a 64-bit size, Size.Wide: the kernel takes those as
// longs, and C computes the rest of the sum in long), the first positions,
// and the work-group counts of reductions; an NDRange dimension over
// MaxNDRange work-items; and a launch whose flat frame index is a 32-bit
// int (maxloc's, Launch.Int32Frame) over a frame of more than MaxInt32
// elements.

// MaxInt32 is the largest value a 32-bit index holds.
const MaxInt32 = math.MaxInt32

// MaxNDRange is the largest global size per dimension a host launches:
// 2^32 - 1, the most a device with 32-bit size_t counts.
const MaxNDRange = math.MaxUint32

// IndexType is the C type a program is built with for FOROCL_INDEX_T.
type IndexType string

const (
	Index32 IndexType = "int"
	Index64 IndexType = "long"
)

// IndexOptions is the clBuildProgram options for index type t: none for
// int, so that the common case builds (and caches) exactly as before.
func IndexOptions(t IndexType) string {
	if t == Index64 {
		return "-DFOROCL_INDEX_T=long"
	}
	return ""
}

// IndexType returns the index type k's program must be built with to run
// with sizes (Note [index types]), or an error saying what does not fit.
func (k *Kernel) IndexType(sizes map[string]int) (IndexType, error) {
	t := Index32
	need := func() { t = Index64 }
	wide := map[string]bool{}
	for _, s := range k.Sizes {
		v, ok := sizes[s.Name]
		if !ok {
			return "", fmt.Errorf("kernel %q: size %q is not known", k.Name, s.Name)
		}
		if s.Wide() {
			wide[s.Name] = true // a long in the kernel
		} else if !fits32(v) {
			return "", fmt.Errorf("kernel %q: size %s = %d does not fit a 32-bit integer; declare it integer(8) to pass it as a 64-bit value", k.Name, s.Name, v)
		}
	}
	elements := 0 // the most elements of any array
	for _, p := range k.Arrays() {
		n := 1
		for d, e := range p.Shape {
			v, err := partials32(e, sizes, wide)
			if err != nil {
				return "", fmt.Errorf("kernel %q: extent %d of array %q (%s): %v", k.Name, d+1, p.Name, e, err)
			}
			n = mulSat(n, max(v, 0))
		}
		elements = max(elements, n)
	}
	for _, b := range k.Scratch {
		if b.Groups != "" {
			continue // one element per work-group: checked with the launch
		}
		v, err := partials32(b.Elements, sizes, wide)
		for _, e := range b.Shape { // an automatic array: its extents, then their product
			if _, err = partials32(e, sizes, wide); err != nil {
				break
			}
		}
		if err == nil && len(b.Shape) > 0 {
			v, err = b.Count(sizes)
		}
		if err != nil {
			return "", fmt.Errorf("kernel %q: scratch buffer %q: %v", k.Name, b.Name, err)
		}
		elements = max(elements, v)
	}
	if elements > MaxInt32 {
		need()
	}
	for _, l := range k.Launches {
		global, local, err := l.NDRange(sizes)
		if err != nil {
			continue // the host reports it when it launches
		}
		groups := 1
		for d, g := range global {
			if g > MaxNDRange {
				return "", fmt.Errorf("kernel %q: launch %s needs %d work-items in dimension %d, more than %d", k.Name, l.Symbol, g, d+1, int64(MaxNDRange))
			}
			first := 0
			if d < len(l.Origin) {
				first = l.Origin[d]
			}
			if r := l.Global[d]; r.First != nil {
				if first, err = partials32(*r.First, sizes, wide); err != nil {
					return "", fmt.Errorf("kernel %q: launch %s: first position in dimension %d (%s): %v", k.Name, l.Symbol, d+1, r.First, err)
				}
			}
			per := max(l.Global[d].Per, 1)
			if last := first + mulSat(g, per) - 1; !fits32(last) || !fits32(mulSat(g, per)) {
				need()
			}
			groups = mulSat(groups, g/local[d])
		}
		if groups > MaxInt32 {
			return "", fmt.Errorf("kernel %q: launch %s has %d work-groups, more than %d", k.Name, l.Symbol, groups, MaxInt32)
		}
		if l.Int32Frame && elements > MaxInt32 {
			return "", fmt.Errorf("kernel %q: launch %s numbers the elements of its arrays in a 32-bit integer (maxloc or minloc), and an array has %d elements, more than %d", k.Name, l.Symbol, elements, MaxInt32)
		}
	}
	return t, nil
}

// partials32 evaluates a in the order the kernel does (its terms, then
// the constant) and checks that every partial sum fits int32, up to the
// first term in a wide size: from there C computes in long, and the sum
// need only fit 64 bits (which mulSat's saturation keeps it from
// pretending).
func partials32(a Affine, sizes map[string]int, wide map[string]bool) (int, error) {
	v, long := 0, false
	for i, t := range a.Terms {
		s, ok := sizes[t.Size]
		if !ok {
			return 0, fmt.Errorf("size %q is not known", t.Size)
		}
		long = long || wide[t.Size]
		if i == 0 {
			v = mulSat(t.Coef, s)
		} else {
			v += mulSat(t.Coef, s)
		}
		if long && (v >= 1<<62 || v <= -(1<<62)) {
			return 0, fmt.Errorf("reaches %d or more, which does not fit a 64-bit integer", v)
		}
		if !long && !fits32(v) {
			return 0, fmt.Errorf("reaches %d, which does not fit a 32-bit integer", v)
		}
	}
	v += a.Const
	if long {
		return v, nil
	}
	if !fits32(v) {
		return 0, fmt.Errorf("is %d, which does not fit a 32-bit integer", v)
	}
	return v, nil
}

func fits32(v int) bool { return v >= math.MinInt32 && v <= MaxInt32 }

// mulSat multiplies a and b, saturating at ±(2^62) so that products of
// many extents never wrap; either operand may be negative.
func mulSat(a, b int) int {
	const lim = 1 << 62
	if a == 0 || b == 0 {
		return 0
	}
	neg := (a < 0) != (b < 0)
	ua, ub := a, b
	if ua < 0 {
		ua = -ua
	}
	if ub < 0 {
		ub = -ub
	}
	if ua > lim/ub {
		if neg {
			return -lim
		}
		return lim
	}
	if neg {
		return -(ua * ub)
	}
	return ua * ub
}

// Check32 is IndexType for hosts that build only the int variant (the
// generated Go harness and Fortran host): an error when a run with sizes
// needs 64-bit indices, saying to run it with forocl run.
func (k *Kernel) Check32(sizes map[string]int) error {
	t, err := k.IndexType(sizes)
	if err != nil {
		return err
	}
	if t != Index32 {
		return fmt.Errorf("kernel %q: these arrays or bounds need 64-bit indices (an array of more than %d elements, or positions past it), which this host does not build; run it with forocl run", k.Name, MaxInt32)
	}
	return nil
}

// MustKernel reads one kernel as JSON, as a generated host embeds it; it
// panics on a malformed kernel, which only a broken generator writes.
func MustKernel(js string) *Kernel {
	var k Kernel
	if err := json.Unmarshal([]byte(js), &k); err != nil {
		panic("abi: embedded kernel: " + err.Error())
	}
	return &k
}
