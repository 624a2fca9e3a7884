package runner

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// loopKernel is a loop kernel's interface: integer sizes, given as scalar
// dummies, and arrays declared with extents in them.
func loopKernel(arrays ...abi.Param) *abi.Kernel {
	k := &abi.Kernel{Name: "k"}
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

// Issue 20, item 6: an integer that a real kind cannot hold exactly was
// rounded with only a note (16777217 became 16777216 in real(4)).
func TestConvertIntegersExactly(t *testing.T) {
	i32 := func(v ...int32) *npy.Array { return &npy.Array{DType: npy.Int32, Shape: []int{len(v)}, I32: v} }
	i64 := func(v ...int64) *npy.Array { return &npy.Array{DType: npy.Int64, Shape: []int{len(v)}, I64: v} }
	for _, tc := range []struct {
		a    *npy.Array
		kind abi.Kind
		want string // "" for success
	}{
		{i32(1, 16777217), abi.Real4, "element (2) = 16777217 cannot be held exactly by real(4) (it would become 16777216)"},
		{i64(16777217, 3, -16777219), abi.Real4, "element (1) = 16777217 cannot be held exactly by real(4) (it would become 16777216) (and 1 more element like it)"},
		{i64(1<<53 + 1), abi.Real8, "element (1) = 9007199254740993 cannot be held exactly by real(8) (it would become 9007199254740992)"},
		{i64(math.MaxInt64), abi.Real8, "element (1) = 9223372036854775807 cannot be held exactly by real(8) (it would become 9223372036854775808)"},
		{i64(1<<62 + 1), abi.Int, "element (1) = 4611686018427387905 is outside the range of integer"},
		// Exact: accepted.
		{i32(16777216, -16777216, 1<<30, 3<<28, math.MinInt32), abi.Real4, ""},
		{i32(math.MaxInt32, math.MinInt32), abi.Real8, ""},
		{i64(1<<53, -(1 << 53), math.MinInt64, 16777216), abi.Real8, ""},
		{i64(math.MinInt64, 1<<40), abi.Real4, ""},
	} {
		got, err := ConvertTo(tc.a, tc.kind)
		if tc.want == "" {
			if err != nil || got.DType != KindDType(tc.kind) {
				t.Errorf("%v to %v: %v", tc.a, tc.kind, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%v to %v: error %v\nwant %s", tc.a, tc.kind, err, tc.want)
		}
	}
}

// Issue 20, item 6: the error names the array and the element as Fortran
// does, from the declared lower bounds.
func TestBindConversionNamesElement(t *testing.T) {
	k := loopKernel(
		abi.Param{Name: "u", Kind: abi.Real4, Intent: abi.In, Shape: []abi.Affine{ext("n", 2)}, Lower: []abi.Affine{{Const: 0}}},
		abi.Param{Name: "ou", Kind: abi.Real4, Intent: abi.Out, Shape: []abi.Affine{ext("n", 2)}},
	)
	a := &npy.Array{DType: npy.Int32, Shape: []int{4}, I32: []int32{1, 2, 16777217, 4}}
	read := func(string) (*npy.Array, error) { return a, nil }
	_, err := Bind(k, parse(t, Flags{Sets: []string{"n=2"}, Ins: []string{"u=u.npy"}}), read)
	want := `--in u=u.npy: u.npy is int32 and real(4) dummy "u" cannot hold all its values: element u(2) = 16777217 cannot be held exactly by real(4) (it would become 16777216); give values real(4) holds exactly, or declare "u" real(8)`
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant %s", err, want)
	}
	// A lower bound in a size not given: indices count from 1, and the
	// message says so.
	k.Params[1].Lower = []abi.Affine{ext("n", -3)}
	_, err = Bind(k, parse(t, Flags{Ins: []string{"u=u.npy"}}), read)
	if err == nil || !strings.Contains(err.Error(), "element u(3) = 16777217") || !strings.Contains(err.Error(), "indices count from 1 in each dimension") {
		t.Errorf("unknown lower bound: %v", err)
	}
}

// Issue 20: --set values are read as Fortran's list-directed READ reads
// them into the dummy's type (Note [--set values]); n=true was 1.
func TestBindSetLiterals(t *testing.T) {
	k := &abi.Kernel{Name: "s", Params: []abi.Param{
		{Name: "n", Kind: abi.Int, Intent: abi.In}, {Name: "m", Kind: abi.Int64, Intent: abi.In},
		{Name: "x", Kind: abi.Real4, Intent: abi.In}, {Name: "y", Kind: abi.Real8, Intent: abi.In},
		{Name: "l", Kind: abi.Logical, Intent: abi.In},
	}}
	for _, tc := range []struct {
		set, want string // want: the error, or "=VALUE" for the value bound
	}{
		{"n=true", `--set n=true: scalar "n" is an integer; give a whole number, not a logical`},
		{"n=1e3", `--set n=1e3: scalar "n" is an integer; give a whole number, written without a decimal point or exponent`},
		{"n=2.0", `--set n=2.0: scalar "n" is an integer; give a whole number, written without a decimal point or exponent`},
		{"n= 5", "=5"},
		{"n=-7_4", "=-7"},
		{"m=9007199254740993", `--set m=9007199254740993: 9007199254740993 is beyond 2^53, where --set cannot pass an integer(8) exactly, the kind of scalar "m"`},
		{"m=9007199254740992", "=9007199254740992"},
		{"x=16777217", `--set x=16777217: 16777217 cannot be held exactly by real(4) (it would become 16777216), the kind of scalar "x"; give a value real(4) holds exactly, or declare "x" real(8)`},
		{"x=16777217.0", "=16777217"}, // a real literal rounds, as Fortran's READ does
		{"x=0.1", "=0.1"},
		{"y=9007199254740993", `--set y=9007199254740993: 9007199254740993 cannot be held exactly by real(8) (it would become 9007199254740992)`},
		{"y=1.5d-3", "=0.0015"},
		{"y=.true.", `--set y=.true.: scalar "y" is a real; give a number, not a logical`},
		{"l=1", `--set l=1: scalar "l" is a logical; give .true. or .false.`},
		{"l=.TRUE.", "=1"},
		{"l=f", "=0"},
	} {
		b, err := Bind(k, parse(t, Flags{Sets: []string{tc.set}}), nil)
		if strings.HasPrefix(tc.want, "=") {
			name, _, _ := strings.Cut(tc.set, "=")
			if err != nil || strconv.FormatFloat(b.Scalars[name], 'f', -1, 64) != tc.want[1:] {
				t.Errorf("%s: %v %v, want %s", tc.set, b, err, tc.want)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v\nwant %s", tc.set, err, tc.want)
		}
	}
	// Not a number at all: usage errors, before the kernel is read.
	for set, want := range map[string]string{
		"n=0x10":                 `--set n=0x10: "0x10" is not a number`,
		"n=1_000":                `--set n=1_000: "1_000" has the kind suffix _000; give the number alone, or with _4 or _8`,
		"n=1.0_dp":               `--set n=1.0_dp: "1.0_dp" has the kind suffix _dp`,
		"y=1e400":                `--set y=1e400: 1e400 is beyond the range of real(8)`,
		"n=99999999999999999999": `--set n=99999999999999999999: 99999999999999999999 is outside the range of integer(8)`,
	} {
		_, err := ParseFlags(Flags{Sets: []string{set}})
		var ue *UsageError
		if !errors.As(err, &ue) || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v\nwant usage error %s", set, err, want)
		}
	}
}

// Issue 20, item 18: the copy a conversion makes is checked against the
// host's memory before it is made.
func TestBindConversionChecksHostMemory(t *testing.T) {
	withHostMemory(t, 1000, true)
	k := loopKernel(abi.Param{Name: "u", Kind: abi.Real8, Intent: abi.In, Shape: []abi.Affine{ext("n", 0)}})
	a := Zeros(npy.Int32, []int{200})
	read := func(string) (*npy.Array, error) { return a, nil }
	_, err := Bind(k, parse(t, Flags{Ins: []string{"u=u.npy"}}), read)
	want := "--in u=u.npy (converted to float64) needs 1.6 KiB (1600 bytes) of host memory for its arrays but 1000 B (1000 bytes) is available; convert the file to float64 first"
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant %s", err, want)
	}
	a = Zeros(npy.Int32, []int{100})
	if b, err := Bind(k, parse(t, Flags{Ins: []string{"u=u.npy"}}), read); err != nil || b.Arrays["u"].DType != npy.Float64 {
		t.Errorf("100 elements: %v", err)
	}
}
