package main

import (
	"fmt"
	"math"
)

// checkAll runs every kernel, hand-written and generated, at each size on
// the same inputs, those of the timed runs (the Fortran kernel's
// --grid fills), and compares the outputs: equal to a relative 1e-12
// (1e-5 in real(4)); a dot's sums, folded in different orders, to 1e-10
// (1e-4).
func (b *bench) checkAll() error {
	bad := 0
	for _, n := range b.sizes {
		var all []spec
		for _, sp := range cloverSpecs() {
			all = append(all, sp)
		}
		for _, kind := range []int{8, 4} {
			for _, sp := range append(all, babelSpecs()...) {
				if (!sp.babel && kind == 4) || !b.selected(sp) || sp.bound {
					continue
				}
				size := n
				if sp.babel {
					size = n * n
				}
				msg, err := b.check(sp, size, kind)
				if err != nil {
					return err
				}
				if msg != "" {
					bad++
				}
				fmt.Printf("check %-14s %-12s real(%d) %5d: %s\n", sp.forocl, sp.hand, kind, n, ok(msg))
			}
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d kernel(s) differ", bad)
	}
	return nil
}

func ok(msg string) string {
	if msg == "" {
		return "same"
	}
	return msg
}

// check compares one kernel; it returns what differs, "" for nothing.
func (b *bench) check(sp spec, n, kind int) (string, error) {
	hand := data{}
	if _, err := b.hand(sp, n, kind, hand); err != nil {
		return "", err
	}
	_, gen, err := b.foroclRun(sp, n, kind, nil, true, false)
	if err != nil {
		return "", err
	}
	tol := map[int]float64{4: 1e-5, 8: 1e-12}[kind]
	if sp.dot {
		tol *= 100
	}
	var names []string // what both must have written
	for _, a := range sp.arrays {
		if a.out {
			names = append(names, a.name)
		}
	}
	if sp.dot {
		names = append(names, resultName(sp))
	}
	for _, name := range names {
		got, want := hand[name], gen[name]
		if want == nil {
			return fmt.Sprintf("forocl wrote no %s", name), nil
		}
		if len(got) != len(want) {
			return fmt.Sprintf("%s: %d elements against %d", name, len(got), len(want)), nil
		}
		for i := range want {
			if d := math.Abs(got[i] - want[i]); d > tol*math.Max(1, math.Abs(want[i])) || math.IsNaN(d) {
				return fmt.Sprintf("%s[%d]: hand-written %g, forocl %g", name, i, got[i], want[i]), nil
			}
		}
	}
	return "", nil
}
