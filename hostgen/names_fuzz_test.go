package hostgen

import (
	"go/token"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
)

var fortranName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,62}$`)

// FuzzHostNames checks the hosts' names on any Fortran name x and its
// neighbours (x with one more or one less trailing "_", "n", "i", a
// reserved word): goNames gives one-to-one Go names, no parameter a Go
// word or a harness name (Note [Go names]); newFortNames gives one-to-one
// fcl_ variables (Note [Fortran host names]).
// Building the generated hosts is TestHostileNames (cmd/forocl), which is
// too slow for a fuzz target.
func FuzzHostNames(f *testing.F) {
	for _, s := range []string{"a", "a_", "a__", "step", "step_", "n", "i", "max", "int", "product", "size", "c_float",
		"c_int32_t", "float", "kernel", "global", "func", "type", "range", "len", "err", "ctx", "k", "do", "end",
		"x_1", "x1", "size_x", "x_val", "main", strings.Repeat("k", 63), "wave_advance", "waveAdvance"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, x string) {
		if !fortranName.MatchString(x) {
			return
		}
		others := []string{x + "_", strings.TrimSuffix(x, "_"), "n", "i", "step", "step_", "int", "a", "a_"}
		// Go: a kernel of x and its neighbours as dummies, sizes and loop
		// variables gets one-to-one Go names, no parameter is a Go word or
		// a harness name, and no derived name is a parameter.
		var params []abi.Param
		seen := map[string]bool{}
		for _, o := range append([]string{x}, others...) {
			if o == "" || seen[strings.ToLower(o)] || !fortranName.MatchString(o) {
				continue
			}
			seen[strings.ToLower(o)] = true
			params = append(params, abi.Param{Name: o, Kind: abi.Real4})
		}
		ak := &abi.Kernel{Name: "k", Params: params, Sizes: []abi.Size{{Name: x}}, HostLoops: []abi.Loop{{Var: x + "_"}}}
		gn := newGoNames(ak)
		used := map[string]string{}
		for _, p := range params {
			g := gn.of(p.Name)
			if !token.IsIdentifier(g) || goKeywords[g] || goInternal.MatchString(g) || strings.HasPrefix(g, "_") {
				t.Errorf("dummy %q: Go parameter %q", p.Name, g)
			}
			if o, ok := used[g]; ok {
				t.Errorf("dummies %q and %q are both Go %s", o, p.Name, g)
			}
			used[g] = p.Name
		}
		for _, d := range []string{gn.size(x), gn.loop(x + "_"), gn.derived("res", x), gn.derived("val", x)} {
			if !token.IsIdentifier(d) || !goInternal.MatchString(d) {
				t.Errorf("derived Go name %q of %q", d, x)
			}
			if o, ok := used[d]; ok {
				t.Errorf("derived %s is dummy %q's Go name", d, o)
			}
			used[d] = "derived"
		}
		// Fortran: the sizes' and loop variables' fcl_ variables are
		// one-to-one, valid, and none of the host's fixed ones.
		fn := newFortNames(&abi.Kernel{Name: "k", Sizes: []abi.Size{{Name: x}, {Name: x + "_"}, {Name: "st"}}, HostLoops: []abi.Loop{{Var: strings.TrimSuffix(x, "_") + "1"}}})
		fused := map[string]string{}
		for low, v := range fn.local {
			if !fortranName.MatchString(v) || !strings.HasPrefix(v, "fcl_") || fortranHostName.MatchString(strings.TrimPrefix(v, "fcl_")) {
				t.Errorf("Fortran variable of %q: %q", low, v)
			}
			if o, ok := fused[v]; ok {
				t.Errorf("%q and %q are both Fortran %s", o, low, v)
			}
			fused[v] = low
		}
		if g := goName(x); !token.IsIdentifier(g) {
			t.Errorf("goName(%q) = %q", x, g)
		}
	})
}
