package runner

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// loopKernel is a loop kernel's interface: integer sizes, given as scalar
// dummies, and arrays declared with extents in them.
func loopKernel(arrays ...abi.Param) *abi.Kernel {
	k := &abi.Kernel{Name: "k", Loops: true}
	seen := map[string]bool{}
	for _, a := range arrays {
		a.Array = true
		k.Rank = max(k.Rank, len(a.Shape))
		for _, e := range a.Shape {
			for _, t := range e.Terms {
				if !seen[t.Size] {
					seen[t.Size] = true
					k.Sizes = append(k.Sizes, abi.Size{Name: t.Size})
					k.Params = append(k.Params, abi.Param{Name: t.Size, Kind: abi.Int, Intent: abi.In})
				}
			}
		}
	}
	for _, a := range arrays {
		a.Array = true
		k.Params = append(k.Params, a)
	}
	return k
}

func ext(size string, c int) abi.Affine { return abi.SizeMinus(size, -c) }

// withHostMemory runs f with HostMemory reporting avail bytes (known
// when ok).
func withHostMemory(t *testing.T, avail int64, ok bool) {
	t.Helper()
	saved := HostMemory
	HostMemory = func() (int64, bool) { return avail, ok }
	t.Cleanup(func() { HostMemory = saved })
}

// Issue 20, item 5: --swap u=ou with u(0:n+1) and ou(n) was accepted and
// gave the next step an input of the wrong shape, its values shifted.
func TestCheckSwapShapes(t *testing.T) {
	k := loopKernel(
		abi.Param{Name: "u", Kind: abi.Real4, Intent: abi.In, Shape: []abi.Affine{ext("n", 2)}},
		abi.Param{Name: "ou", Kind: abi.Real4, Intent: abi.Out, Shape: []abi.Affine{ext("n", 0)}},
		abi.Param{Name: "w", Kind: abi.Real4, Intent: abi.Out, Shape: []abi.Affine{ext("n", 2)}},
		abi.Param{Name: "iw", Kind: abi.Int, Intent: abi.Out, Shape: []abi.Affine{ext("n", 2)}},
	)
	job := func(swap string) *Job {
		in, out, _ := strings.Cut(swap, "=")
		return &Job{Kernel: k, Scalars: map[string]float64{"n": 8}, Arrays: map[string]*npy.Array{"u": Zeros(npy.Float32, []int{10})}, Swap: []Swap{{In: in, Out: out}}}
	}
	want := `--swap u=ou: "u" has shape (10) but "ou" has shape (8) (kernel "k" declares u(n + 2) and ou(n)); only arrays of one shape can be swapped: declare both with the same extents`
	if err := Check(job("u=ou")); err == nil || err.Error() != want {
		t.Errorf("u=ou: %v\nwant %s", err, want)
	}
	if _, _, err := Prepare(job("u=ou")); err == nil || err.Error() != want {
		t.Errorf("Prepare u=ou: %v", err)
	}
	if err := Check(job("u=w")); err != nil {
		t.Errorf("u=w, one shape: %v", err)
	}
	if err := Check(job("u=iw")); err == nil || !strings.Contains(err.Error(), `"u" is real(4) but "iw" is integer`) {
		t.Errorf("u=iw: %v", err)
	}
}

// Issue 20, item 18: arrays shaped by --set sizes were not checked
// against the host's memory (Go's out-of-memory crash), and a product of
// extents could overflow.
func TestCheckHostMemoryFromSizes(t *testing.T) {
	withHostMemory(t, 1<<20, true)
	k := loopKernel(abi.Param{Name: "a", Kind: abi.Real4, Intent: abi.Out, Shape: []abi.Affine{ext("nx", 0), ext("ny", 0)}})
	j := &Job{Kernel: k, Scalars: map[string]float64{"nx": 65536, "ny": 65536}}
	// The zeros a starts from and the array it is read back into.
	want := `kernel "k" with nx=65536, ny=65536 needs 32.0 GiB (34359738368 bytes) of host memory for its arrays but 1.0 MiB (1048576 bytes) is available; give smaller sizes or arrays`
	if err := Check(j); err == nil || err.Error() != want {
		t.Errorf("Check: %v\nwant %s", err, want)
	}
	if _, _, err := Prepare(j); err == nil || err.Error() != want {
		t.Errorf("Prepare: %v", err)
	}
	j.Scalars = map[string]float64{"nx": 100, "ny": 100}
	if a, _, err := Prepare(j); err != nil || a["a"].Len() != 10000 {
		t.Errorf("100x100: %v", err)
	}
	// Overflow is an error even where the host's memory is not known.
	withHostMemory(t, 0, false)
	k3 := loopKernel(abi.Param{Name: "a", Kind: abi.Real8, Intent: abi.Out, Shape: []abi.Affine{ext("nx", 0), ext("ny", 0), ext("nz", 0)}})
	j = &Job{Kernel: k3, Scalars: map[string]float64{"nx": 2147483647, "ny": 2147483647, "nz": 2147483647}}
	if err := Check(j); err == nil || !strings.Contains(err.Error(), "element counts overflow 64-bit integers") {
		t.Errorf("overflow: %v", err)
	}
}

// Issue 20, item 18: inputs filled on a --grid take the shape their
// --set sizes give, and were made before those shapes were checked.
func TestBindGridChecksSetSizes(t *testing.T) {
	withHostMemory(t, 1<<20, true)
	k := loopKernel(
		abi.Param{Name: "u", Kind: abi.Real4, Intent: abi.In, Shape: []abi.Affine{ext("nx", 0), ext("ny", 0)}},
		abi.Param{Name: "v", Kind: abi.Real4, Intent: abi.Out, Shape: []abi.Affine{ext("nx", 0), ext("ny", 0)}},
	)
	_, err := Bind(k, parse(t, Flags{Sets: []string{"nx=1024", "ny=1024"}, Grid: "4x4"}), nil)
	// u is filled (4 MiB), v starts as zeros and is read back (8 MiB).
	want := "--grid 4x4 needs 12.0 MiB (12582912 bytes) of host memory for its arrays but 1.0 MiB (1048576 bytes) is available; use a smaller grid"
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant %s", err, want)
	}
	b, err := Bind(k, parse(t, Flags{Sets: []string{"nx=100", "ny=100"}, Grid: "4x4"}), nil)
	if err != nil || b.Arrays["u"].Len() != 10000 {
		t.Errorf("100x100: %v", err)
	}
}

// Issue 20: an extent below 0 is 0, as in Fortran: such an array has no
// elements, and messages print the clamped extent.
func TestNegativeExtents(t *testing.T) {
	k := loopKernel(
		abi.Param{Name: "u", Kind: abi.Real4, Intent: abi.In, Shape: []abi.Affine{ext("nx", 0), ext("ny", 0)}},
		abi.Param{Name: "v", Kind: abi.Real4, Intent: abi.Out, Shape: []abi.Affine{ext("nx", 0), ext("ny", 0)}},
	)
	j := &Job{Kernel: k, Scalars: map[string]float64{"nx": -5}, Arrays: map[string]*npy.Array{"u": Zeros(npy.Float32, []int{0, 3})}}
	a, sizes, err := Prepare(j)
	if err != nil || a["v"].Len() != 0 || a["v"].Shape[0] != 0 || sizes["nx"] != -5 || sizes["ny"] != 3 {
		t.Fatalf("nx=-5: %v %v %v", a, sizes, err)
	}
	j.Arrays["u"] = Zeros(npy.Float32, []int{5, 3})
	want := `array "u" has shape (5, 3) but kernel "k" declares it (0, 3) with nx=-5, ny=3: nx=-5 was given with --set; check the --set value or the shape of "u"`
	if _, _, err := Prepare(j); err == nil || err.Error() != want {
		t.Errorf("error %v\nwant %s", err, want)
	}
}
