package runner

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// intKernel is stencilKernel with an integer input array "M".
func intKernel() *abi.Kernel {
	k := stencilKernel()
	grid := []abi.Affine{abi.SizeMinus("n1", 0), abi.SizeMinus("n2", 0)}
	k.Params = append(k.Params, abi.Param{Name: "M", Kind: abi.Int, Intent: abi.In, Array: true, Shape: grid})
	return k
}

// An int64 .npy (NumPy's default integer) binds to an integer dummy when
// every value fits int32, with a note; otherwise the error names the first
// value out of range. It converts to real dummies as int32 does.
func TestBindInt64Input(t *testing.T) {
	k := intKernel()
	x := Zeros(npy.Float32, []int{2, 2})
	m := &npy.Array{DType: npy.Int64, Shape: []int{2, 2}, I64: []int64{1, -2, 2147483647, -2147483648}}
	read := func(p string) (*npy.Array, error) {
		if p == "m.npy" {
			return m, nil
		}
		return x, nil
	}
	flags := Flags{Sets: []string{"a=1", "k=1"}, Ins: []string{"X=x.npy", "M=m.npy"}}
	b, err := Bind(k, parse(t, flags), read)
	if err != nil {
		t.Fatal(err)
	}
	got := b.Arrays["m"]
	if got.DType != npy.Int32 || got.I32[0] != 1 || got.I32[1] != -2 || got.I32[2] != 2147483647 || got.I32[3] != -2147483648 {
		t.Errorf("converted: %+v", got)
	}
	if len(b.Notes) != 1 || b.Notes[0] != `m.npy is int64; converted to int32 for integer dummy "M"` {
		t.Errorf("notes: %q", b.Notes)
	}
	m.I64[2] = 3000000000
	m.I64[3] = -3000000000
	_, err = Bind(k, parse(t, flags), read)
	want := `--in M=m.npy: m.npy is int64 and integer dummy "M" cannot hold all its values: element M(1,2) = 3000000000 is outside the range of integer (-2147483648 to 2147483647) (and 1 more element like it); give values in range`
	if err == nil || err.Error() != want {
		t.Errorf("out of range: %v\nwant %s", err, want)
	}
	// To a real dummy.
	x64 := &npy.Array{DType: npy.Int64, Shape: []int{2, 2}, I64: []int64{1, 2, 3, 4}}
	c, err := ConvertTo(x64, abi.Real4)
	if err != nil || c.F32[3] != 4 {
		t.Errorf("int64 to real(4): %+v, %v", c, err)
	}
}

// --grid with commas is refused with the spelling that works.
func TestParseGridSuggestsX(t *testing.T) {
	for in, want := range map[string]string{"100,30": "--grid 100x30", "4, 5, 6": "--grid 4x5x6"} {
		_, err := ParseGrid(in)
		if err == nil || !strings.Contains(err.Error(), `separate the extents with "x": `+want) {
			t.Errorf("ParseGrid(%q): %v", in, err)
		}
	}
}

// A --grid is reported as ignored when every input array was given, and
// not when it fills one.
func TestBindGridIgnoredWarning(t *testing.T) {
	k := stencilKernel()
	x := Zeros(npy.Float32, []int{4, 4})
	read := func(string) (*npy.Array, error) { return x, nil }
	b, err := Bind(k, parse(t, Flags{Sets: []string{"a=1", "k=1"}, Ins: []string{"X=x.npy"}, Grid: "8x8"}), read)
	if err != nil {
		t.Fatal(err)
	}
	want := `--grid 8x8 is ignored: every input array was given with --in, and the kernel runs on their shape; drop --grid`
	if len(b.Warnings) != 1 || b.Warnings[0] != want || b.Arrays["x"] != x {
		t.Errorf("warnings %q, want %q", b.Warnings, want)
	}
	b, err = Bind(k, parse(t, Flags{Sets: []string{"a=1", "k=1"}, Grid: "8x8"}), read)
	if err != nil || len(b.Warnings) != 0 || b.Arrays["x"].Len() != 64 {
		t.Errorf("a grid that fills X: %v, %q", err, b.Warnings)
	}
}
