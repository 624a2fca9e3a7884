package codegen

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
)

// TestFortranHostLoopNames: a host loop variable that would collide with
// the Fortran host's own variables (fcl_g1 is launch 1's NDRange) is
// refused with a message naming it; another name gives a DO loop with
// the step written only when it is not 1.
func TestFortranHostLoopNames(t *testing.T) {
	for _, c := range []struct {
		v, step, want string
	}{
		{"g1", "", `loop variable "g1" collides with a name of the Fortran host`},
		{"ST", "", `loop variable "ST" collides`},
		{"it", "", "do fcl_it = 1, fcl_n1\n"},
		{"it", "-2", "do fcl_it = 1, fcl_n1, -2\n"},
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
		if err == nil && !strings.Contains(got, "forocl_set_arg(fcl_k1, 2, int(fcl_"+c.v+", c_int32_t)") {
			t.Errorf("loop over %q: the launch does not take the loop variable:\n%s", c.v, got)
		}
	}
}
