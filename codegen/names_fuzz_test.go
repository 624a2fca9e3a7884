package codegen

import (
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/ir"
)

var fortranName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,62}$`)
var cIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// FuzzOpenCLNames checks Note [host names] on any Fortran name x and its
// neighbours (x with one more or one less trailing "_", "n", "i", a
// reserved word): sanitize is injective and gives valid
// names that are not OpenCL words nor forocl's own; and CheckNames
// refuses no dummy name, only a kernel whose name passes 55 characters.
// The hosts' names are hostgen's FuzzHostNames.
func FuzzOpenCLNames(f *testing.F) {
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
		for _, o := range others {
			if o == x || o == "" {
				continue
			}
			if sanitize(o) == sx {
				t.Errorf("sanitize(%q) = sanitize(%q) = %q", x, o, sx)
			}
		}
		// check refuses no dummy name.
		k := &ir.Kernel{Name: "k", Params: []*ir.Var{{Name: x}, {Name: x + "_"}}}
		if d := CheckNames(&ir.Program{Kernels: []*ir.Kernel{k}}); d.HasErrors() {
			t.Errorf("dummies %q and %q: CheckNames errors %v", x, x+"_", d.Items)
		}
		k = &ir.Kernel{Name: x, Params: []*ir.Var{{Name: "p"}}}
		if d := CheckNames(&ir.Program{Kernels: []*ir.Kernel{k}}); (len(x) > maxKernelName) != d.HasErrors() {
			t.Errorf("kernel %q (%d characters): CheckNames errors %v", x, len(x), d.Items)
		}
	})
}
