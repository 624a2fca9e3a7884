package oracle

import (
	"fmt"
	"math/rand"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/forocl/forocl/npy"
)

// Note [test inputs]
//
// The numeric tier (and forocl compare) fills every input with random
// values (RandomArray): reals in [0.5, 1.5), integers in 1..7
// (integer(8): those times 2^33, beyond 32 bits). An index array (a connectivity table, a
// permutation) must hold valid indices instead, and what is valid is the
// kernel's contract, not something the tier can guess; so a corpus file
// states it in a comment line that gfortran and forocl ignore:
//
//	! test input: conn values in 1:nnode
//	! test input: perm is a permutation of 1:n
//
// The bounds are integers or sizes of the kernel (the integer scalars in
// its bounds, as the tier chose them for the run). "values in" draws each
// element uniformly from the range; "is a permutation of" shuffles the
// range, which must have as many values as the array has elements.

// InputRule is one "! test input:" line.
type InputRule struct {
	array       string // lower case
	lo, hi      string
	permutation bool
}

var inputRuleRE = regexp.MustCompile(`(?i)^\s*!\s*test input:\s*([\w%]+)\s+(values in|is a permutation of)\s+([\w+-]+)\s*:\s*([\w+-]+)\s*$`)

// InputRules reads the test-input lines of a Fortran file, by lower-case
// array name.
func InputRules(file string) (map[string]InputRule, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	rules := map[string]InputRule{}
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.Contains(strings.ToLower(line), "test input:") {
			continue
		}
		m := inputRuleRE.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("%s: cannot read %q; write \"! test input: NAME values in LO:HI\" or \"! test input: NAME is a permutation of LO:HI\"", file, strings.TrimSpace(line))
		}
		rules[strings.ToLower(m[1])] = InputRule{array: strings.ToLower(m[1]), lo: m[3], hi: m[4], permutation: strings.HasPrefix(strings.ToLower(m[2]), "is")}
	}
	return rules, nil
}

// Apply refills the integer array a by the rule, with the kernel's sizes.
func (r InputRule) Apply(rng *rand.Rand, a *npy.Array, sizes map[string]int) error {
	bound := func(s string) (int, error) {
		if n, err := strconv.Atoi(s); err == nil {
			return n, nil
		}
		for k, v := range sizes {
			if strings.EqualFold(k, s) {
				return v, nil
			}
		}
		return 0, fmt.Errorf("test input %q: %q is neither an integer nor a size of the kernel", r.array, s)
	}
	lo, err := bound(r.lo)
	if err != nil {
		return err
	}
	hi, err := bound(r.hi)
	if err != nil {
		return err
	}
	if a.I32 == nil && a.I64 == nil {
		return fmt.Errorf("test input %q: not an integer array", r.array)
	}
	if hi < lo {
		return fmt.Errorf("test input %q: empty range %d:%d", r.array, lo, hi)
	}
	vals := make([]int, a.Len())
	if r.permutation {
		if hi-lo+1 != a.Len() {
			return fmt.Errorf("test input %q: a permutation of %d:%d needs %d elements, the array has %d", r.array, lo, hi, hi-lo+1, a.Len())
		}
		for i, p := range rng.Perm(a.Len()) {
			vals[i] = lo + p
		}
	} else {
		for i := range vals {
			vals[i] = lo + rng.Intn(hi-lo+1)
		}
	}
	for i, v := range vals {
		if a.I64 != nil {
			a.I64[i] = int64(v)
		} else {
			a.I32[i] = int32(v)
		}
	}
	return nil
}
