package runner

import (
	"fmt"
	"sort"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// givenSizes adds to sizes (the --set ones) those the shapes of the
// arrays given with --in determine, when they determine all of them, so
// that --grid fills the others at their declared shapes.
func givenSizes(k *abi.Kernel, sizes map[string]int, given map[string]*npy.Array) {
	shapes := map[string][]int{}
	for _, v := range k.Arrays() {
		if a := given[strings.ToLower(v.Name)]; a != nil {
			shapes[v.Name] = a.Shape
		}
	}
	if len(shapes) == 0 {
		return
	}
	if all, err := k.BindWith(shapes, sizes); err == nil {
		for n, x := range all {
			sizes[n] = x
		}
	}
}

// checkStaggeredGrid refuses --grid shape on a kernel whose arrays of the
// grid's rank are declared with different extents (a staggered grid)
// while sizes, the sizes given with --set, lack some that those extents
// need: one grid shape cannot stand for them all, and the sizes would be
// derived from arrays filled at the wrong shape. The message suggests
// --set values that give the kernel's most common shape the grid's.
//
// Only the arrays --grid fills count: inputs not given with --in. Outputs
// take the shapes the sizes bound from those get (transpose's b(m,n)
// beside a(n,m)).
func checkStaggeredGrid(k *abi.Kernel, shape []int, sizes map[string]int, given map[string]*npy.Array) error {
	count := map[string]int{}
	var shapes []string              // distinct declared shapes, first seen first
	first := map[string]*abi.Param{} // an array of each
	missing := map[string]bool{}
	for _, v := range k.Arrays() {
		if len(v.Shape) != len(shape) || v.Sequence || v.Intent == abi.Out || given[strings.ToLower(v.Name)] != nil {
			continue
		}
		s := affineList(v.Shape)
		if count[s] == 0 {
			shapes = append(shapes, s)
			first[s] = v
		}
		count[s]++
		for _, e := range v.Shape {
			for _, t := range e.Terms {
				if _, ok := sizes[t.Size]; !ok {
					missing[t.Size] = true
				}
			}
		}
	}
	if len(shapes) < 2 || len(missing) == 0 {
		return nil
	}
	ref := shapes[0]
	for _, s := range shapes {
		if count[s] > count[ref] {
			ref = s
		}
	}
	grid := dimString(shape)
	var list []string
	for _, s := range shapes {
		list = append(list, first[s].Name+"("+s+")")
	}
	msg := fmt.Sprintf("--grid %s: kernel %q has staggered arrays of different declared extents (%s), so one grid shape cannot fill them all; each array takes its declared shape, which needs sizes not given",
		grid, k.Name, strings.Join(list, ", "))
	if set := gridSizes(first[ref], shape, sizes); set != "" {
		return codeErrorf(codeGridNeedsSizes, "%s: add %s (which makes %s %s)", msg, set, first[ref].Name, grid)
	}
	names := make([]string, 0, len(missing))
	for n := range missing {
		names = append(names, n)
	}
	sort.Strings(names)
	return codeErrorf(codeGridNeedsSizes, "%s: give %s with --set NAME=VALUE", msg, strings.Join(names, ", "))
}

// gridSizes finds values of the sizes missing from given that make array
// v's declared extents shape: a size with a negative coefficient (a lower
// bound such as x_min) is 1, and each dimension then solves for the one
// size left. It spells them as --set flags, or returns "" when that does
// not work out.
func gridSizes(v *abi.Param, shape []int, given map[string]int) string {
	sizes := map[string]int{}
	for n, x := range given {
		sizes[n] = x
	}
	var order []string
	choose := func(n string, x int) {
		sizes[n] = x
		order = append(order, n)
	}
	for _, e := range v.Shape {
		for _, t := range e.Terms {
			if _, ok := sizes[t.Size]; !ok && t.Coef < 0 {
				choose(t.Size, 1)
			}
		}
	}
	for d, e := range v.Shape {
		rest, unknown := shape[d]-e.Const, []abi.Term(nil)
		for _, t := range e.Terms {
			if x, ok := sizes[t.Size]; ok {
				rest -= t.Coef * x
			} else {
				unknown = append(unknown, t)
			}
		}
		if len(unknown) == 0 {
			continue
		}
		if len(unknown) > 1 || rest%unknown[0].Coef != 0 || rest/unknown[0].Coef < 1 {
			return ""
		}
		choose(unknown[0].Size, rest/unknown[0].Coef)
	}
	if ext, err := v.Extents(sizes); err != nil || dimString(ext) != dimString(shape) {
		return ""
	}
	flags := make([]string, len(order))
	for i, n := range order {
		flags[i] = fmt.Sprintf("--set %s=%d", strings.ToLower(n), sizes[n])
	}
	return strings.Join(flags, " ")
}
