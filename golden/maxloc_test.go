package golden

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/cltest"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

const nanLocSource = `module nanloc
  implicit none
contains
  subroutine nan_loc(x, imax, imin, mmax, mmin, whole)
  !$OFP PURE, KERNEL :: nan_loc
    real, dimension(:,:), contiguous, intent(in) :: x
    integer, intent(out) :: imax(2), imin(2), mmax(2), mmin(2), whole(2)
    imax = maxloc(x)
    imin = minloc(x)
    mmax = maxloc(x, mask=x /= 1.0)
    mmin = minloc(x, mask=x < 100.0)
    whole = maxloc(x, mask=x > -1.0e30)
  end subroutine
end module
`

// TestMaxlocNaN holds maxloc and minloc to gfortran's answers (gfortran
// 12, -O2) where the numeric tier's random inputs never go: NaNs among
// numbers (ignored), only NaNs (the first NaN's position, or zeros when a
// mask leaves none), infinities, signed zeros and ties, on every
// schedule variant and on work-groups of three shapes, which must all
// give the same positions (the fold is a total order: Note [maxloc]).
func TestMaxlocNaN(t *testing.T) {
	cltest.Gfortran(t)
	c := device(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "nanloc.f90")
	if err := os.WriteFile(src, []byte(nanLocSource), 0o644); err != nil {
		t.Fatal(err)
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	shape := []int{37, 29}
	n := shape[0] * shape[1]
	fill := func(f func(i int) float32) *npy.Array {
		a := runner.Zeros(npy.Float32, shape)
		for i := range a.F32 {
			a.F32[i] = f(i)
		}
		return a
	}
	inputs := map[string]*npy.Array{
		"nans among ties": fill(func(i int) float32 {
			switch {
			case i%7 == 3:
				return nan
			case i == 500 || i == 900:
				return 9 // the maximum, twice: the first wins
			case i == 40 || i == 41:
				return -9
			}
			return float32(i % 5)
		}),
		"all nan":      fill(func(int) float32 { return nan }),
		"nan first":    fill(func(i int) float32 { return map[bool]float32{true: nan, false: 2}[i < n/2] }),
		"infinities":   fill(func(i int) float32 { return map[bool]float32{true: -inf, false: inf}[i%2 == 0 && i != n-1] }),
		"all -inf":     fill(func(int) float32 { return -inf }),
		"signed zeros": fill(func(i int) float32 { return map[bool]float32{true: float32(math.Copysign(0, -1)), false: 0}[i%3 == 1] }),
	}
	var units []string
	results := map[string]map[string]map[string]*npy.Array{} // input, variant, output
	for _, tile := range [][]int{nil, {16, 4}, {8, 8}} {
		for _, s := range strategies {
			res := driver.Compile([]string{src}, driver.Options{Schedule: regions.Options{Strategy: s, Tile: tile}})
			if res.Diags.HasErrors() {
				t.Fatal(res.Diags.String(res.Sources))
			}
			u := res.Generate(res.Program.Kernels, "nanloc.f90", codegen.Options{Version: driver.Version})
			k := u.Kernels[0]
			name := fmt.Sprintf("%s %v", s, tile)
			units = append(units, name)
			exe, err := oracle.Build(k, []string{src}, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			for in, x := range inputs {
				arrays := map[string]*npy.Array{"x": x}
				got, err := runner.Run(c, runner.Job{Unit: u, Kernel: k, Arrays: arrays})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if results[in] == nil {
					want, err := exe.Run(nil, arrays)
					if err != nil {
						t.Fatal(err)
					}
					results[in] = map[string]map[string]*npy.Array{"gfortran": want}
				}
				results[in][name] = got.Outputs
			}
		}
	}
	for in, byVariant := range results {
		want := byVariant["gfortran"]
		for _, name := range units {
			for _, out := range []string{"imax", "imin", "mmax", "mmin", "whole"} {
				w, g := want[out].I32, byVariant[name][out].I32
				if fmt.Sprint(w) != fmt.Sprint(g) {
					t.Errorf("%s, %s: %s = %v, gfortran %v", in, name, out, g, w)
				}
			}
		}
	}
	// The cases must reach what they are about.
	if w := results["all nan"]["gfortran"]; fmt.Sprint(w["imax"].I32, w["mmin"].I32) != "[1 1] [0 0]" {
		t.Errorf("all nan: gfortran gives %v and %v; the test expects [1 1] (the first NaN) and [0 0] (an empty mask)", w["imax"].I32, w["mmin"].I32)
	}
}
