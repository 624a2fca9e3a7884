package codegen

import (
	"go/token"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/ir"
)

var fortranName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,62}$`)
var cIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// FuzzHostNames checks Note [host names] on any Fortran name x and its
// neighbours (x with one more or one less trailing "_", "n", "i", a
// reserved word): sanitize and wrapperCopy are injective and give valid
// names that are not OpenCL words nor forocl's own; goName gives a valid
// Go identifier that is no keyword; and CheckNames refuses a kernel whose
// two dummies would share a Go name, or whose name passes 55 characters.
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
		sx := sanitize(x)
		if !cIdent.MatchString(sx) || reserved[sx] || strings.HasPrefix(sx, "_") {
			t.Errorf("sanitize(%q) = %q", x, sx)
		}
		cx := wrapperCopy(x)
		if cx == "_n" || cx == "_i" {
			t.Errorf("wrapperCopy(%q) = %q, the wrapper's own", x, cx)
		}
		for _, o := range others {
			if o == x || o == "" {
				continue
			}
			if sanitize(o) == sx {
				t.Errorf("sanitize(%q) = sanitize(%q) = %q", x, o, sx)
			}
			if wrapperCopy(o) == cx {
				t.Errorf("wrapperCopy(%q) = wrapperCopy(%q) = %q", x, o, cx)
			}
			gx, gox := goName(x, false), goName(o, false)
			if gx == gox && strings.ToLower(x) != strings.ToLower(o) {
				k := &ir.Kernel{Name: "k", Params: []*ir.Var{{Name: x}, {Name: o}}}
				d := CheckNames(&ir.Program{Kernels: []*ir.Kernel{k}})
				if !d.HasErrors() {
					t.Errorf("dummies %q and %q are both Go %s, and CheckNames accepts them", x, o, gx)
				}
			}
		}
		for _, exported := range []bool{false, true} {
			g := goName(x, exported)
			if !token.IsIdentifier(g) || goKeywords[g] && !exported {
				t.Errorf("goName(%q, %v) = %q", x, exported, g)
			}
		}
		k := &ir.Kernel{Name: x, Params: []*ir.Var{{Name: "p"}}}
		if d := CheckNames(&ir.Program{Kernels: []*ir.Kernel{k}}); (len(x) > maxKernelName) != d.HasErrors() {
			t.Errorf("kernel %q (%d characters): CheckNames errors %v", x, len(x), d.Items)
		}
	})
}
