package hostgen

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
)

// TestFortranHostLoopNames: a host loop variable that would collide with
// the Fortran host's own variables (fcl_g1 is launch 1's NDRange, fcl_st
// its status, fcl_cd the values of real(8) reductions read back, fcl_e3 a
// temporary, fcl_launching says which run of the host program it is) or
// that ends with "_" gets a numbered variable (Note
// [Fortran host names]); another name gives fcl_NAME; the DO loop has
// the step written only when it is not 1.
func TestFortranHostLoopNames(t *testing.T) {
	for _, c := range []struct {
		v, step, want, arg string
	}{
		{"g1", "", "do fcl_x2_ = 1, fcl_n1\n", "fcl_x2_"},
		{"ST", "", "do fcl_x2_ = 1, fcl_n1\n", "fcl_x2_"},
		{"cd", "", "do fcl_x2_ = 1, fcl_n1\n", "fcl_x2_"}, // a Combine step's real(8) values
		{"E3", "", "do fcl_x2_ = 1, fcl_n1\n", "fcl_x2_"}, // a host program's real(4) temporary
		{"launching", "", "do fcl_x2_ = 1, fcl_n1\n", "fcl_x2_"},
		{"it_", "", "do fcl_x2_ = 1, fcl_n1\n", "fcl_x2_"},
		{"it", "", "do fcl_it = 1, fcl_n1\n", "fcl_it"},
		{"it", "-2", "do fcl_it = 1, fcl_n1, -2\n", "fcl_it"},
	} {
		u := hostUnit("k", oneArray, "__kernel void k() {}\n")
		k := u.Kernels[0]
		step := abi.Affine{Const: 1}
		if c.step == "-2" {
			step.Const = -2
		}
		k.HostLoops = []abi.Loop{{Var: c.v, Lo: abi.Affine{Const: 1}, Hi: abi.SizeMinus("n1", 0), Step: step, First: 0, End: 1}}
		k.Launches[0].Args = append(k.Launches[0].Args, abi.Arg{Kind: abi.LoopArg, Name: c.v})
		src, err := FortranHost(u, "t")
		got := string(src)
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("loop over %q step %q: got\n%s\nwant %q", c.v, c.step, got, c.want)
		}
		if err == nil && !strings.Contains(got, "forocl_set_arg(fcl_k1, 2, int("+c.arg+", c_int32_t)") {
			t.Errorf("loop over %q: the launch does not take the loop variable:\n%s", c.v, got)
		}
	}
}

// TestFortranHostLoopSizes: a loop kernel's sizes that are not dummies
// (an assumed-shape array's extent) are derived from the shapes of the
// arrays passed, as abi.Kernel.BindWith derives them: through the sizes
// already known, with coefficient -1, and over several passes when an
// extent names two unknown sizes until a later array gives one; a size
// with no extent of coefficient ±1 is refused with a message naming it.
func TestFortranHostLoopSizes(t *testing.T) {
	term := func(c int, s string) abi.Term { return abi.Term{Coef: c, Size: s} }
	arr := func(name string, ext abi.Affine) abi.Param {
		return abi.Param{Name: name, Kind: abi.Real8, Intent: abi.InOut, Array: true, Shape: []abi.Affine{ext}}
	}
	for _, c := range []struct {
		name   string
		sizes  []string
		params []abi.Param
		want   []string // lines of the module, in order, or the error
	}{
		{"through a dummy", []string{"lo", "hi"}, []abi.Param{
			{Name: "lo", Kind: abi.Int, Intent: abi.In},
			arr("a", abi.Affine{Const: 5, Terms: []abi.Term{term(1, "hi"), term(-1, "lo")}}),
		}, []string{"fcl_lo = int(lo)\n", "fcl_hi = a%shape(1) - (-fcl_lo + 5)\n",
			"forocl_check_declared(fcl_name, 'a', a, [fcl_hi - fcl_lo + 5]"}},
		{"negative coefficient", []string{"m"}, []abi.Param{
			arr("b", abi.Affine{Const: 10, Terms: []abi.Term{term(-1, "m")}}),
		}, []string{"fcl_m = -(b%shape(1) - (10))\n"}},
		{"two passes", []string{"p", "q"}, []abi.Param{
			arr("c", abi.Affine{Terms: []abi.Term{term(1, "p"), term(1, "q")}}),
			arr("d", abi.Affine{Terms: []abi.Term{term(1, "q")}}),
		}, []string{"fcl_q = d%shape(1)\n", "fcl_p = c%shape(1) - (fcl_q)\n"}},
		{"not derivable", []string{"h"}, []abi.Param{
			arr("e", abi.Affine{Terms: []abi.Term{term(2, "h")}}),
		}, []string{`kernel "k": size "h" is neither a dummy nor derivable from the shapes of its arrays`}},
	} {
		u := hostUnit("k", c.params, "__kernel void k() {}\n")
		k := u.Kernels[0]
		k.Sizes = nil
		for _, s := range c.sizes {
			k.Sizes = append(k.Sizes, abi.Size{Name: s})
		}
		k.Launches[0].Global = []abi.Range{{Positions: abi.Affine{Const: 4}, Per: 1}}
		k.Launches[0].Args = k.Launches[0].Args[:len(c.params)]
		src, err := FortranHost(u, "t")
		got := string(src)
		if err != nil {
			got = err.Error()
		}
		rest := got
		for _, w := range c.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: %q missing or out of order in\n%s", c.name, w, got)
				break
			}
			rest = rest[i+len(w):]
		}
	}
}
