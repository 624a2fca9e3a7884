package runner

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// TestConvertToRefusesLoss: conversions that would change a value beyond
// rounding are errors naming the first element; exact ones pass.
func TestConvertToRefusesLoss(t *testing.T) {
	f64 := func(shape []int, v ...float64) *npy.Array {
		return &npy.Array{DType: npy.Float64, Shape: shape, F64: v}
	}
	for _, tc := range []struct {
		a    *npy.Array
		kind abi.Kind
		want string // "" for success
	}{
		{f64([]int{2, 2}, 1, 2, 1e300, -1e300), abi.Real4, "element (1,2) = 1e+300 overflows real(4) (largest 3.4028235e+38) (and 1 more element like it)"},
		{f64([]int{3}, 1, math.NaN(), 1), abi.Int, "element (2) = NaN has no integer value"},
		{f64([]int{3}, 0, 1, math.Inf(-1)), abi.Int, "element (3) = -Inf has no integer value"},
		{f64([]int{2}, 3e9, 3e9), abi.Int, "element (1) = 3e+09 is outside the range of integer (-2147483648 to 2147483647) (and 1 more element like it)"},
		{f64([]int{2}, 2, 2.5), abi.Int, "element (2) = 2.5 is not a whole number"},
		{&npy.Array{DType: npy.Float32, Shape: []int{1}, F32: []float32{float32(math.NaN())}}, abi.Int, "element (1) = NaN has no integer value"},
		// Exact or merely rounded: accepted.
		{f64([]int{3}, 0.1, 3.4e38, math.Inf(1)), abi.Real4, ""},
		{f64([]int{3}, math.NaN(), -1e-50, 7), abi.Real4, ""},
		{f64([]int{2}, -2147483648, 2147483647), abi.Int, ""},
		{&npy.Array{DType: npy.Int32, Shape: []int{2}, I32: []int32{math.MaxInt32, -5}}, abi.Real8, ""},
		{&npy.Array{DType: npy.Int32, Shape: []int{1}, I32: []int32{1 << 30}}, abi.Real4, ""},
	} {
		got, err := ConvertTo(tc.a, tc.kind)
		if tc.want == "" {
			if err != nil || got.DType != KindDType(tc.kind) || got.Len() != tc.a.Len() {
				t.Errorf("%v to %v: %v", tc.a, tc.kind, err)
			}
			continue
		}
		var ce *ConvertError
		if !errors.As(err, &ce) || err.Error() != tc.want {
			t.Errorf("%v to %v: error %v, want %q", tc.a, tc.kind, err, tc.want)
		}
	}
}

func parse(t *testing.T, f Flags) *Parsed {
	t.Helper()
	p, err := ParseFlags(f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBindScalarRange: --set values that the scalar's kind cannot hold
// are errors with a hint (1e39 became inf in real(4) before).
func TestBindScalarRange(t *testing.T) {
	k := stencilKernel() // a real(4), k integer
	x := Zeros(npy.Float32, []int{4, 4})
	read := func(string) (*npy.Array, error) { return x, nil }
	for _, tc := range []struct {
		sets []string
		want string
	}{
		{[]string{"a=1e39", "k=1"}, `--set a=1e39: 1e+39 overflows real(4) (largest 3.4028235e+38), the kind of scalar "a"; give a value in range, or declare "a" real(8)`},
		{[]string{"a=-4d38", "k=1"}, `--set a=-4d38: -4e+38 overflows real(4)`},
		{[]string{"a=1", "k=3000000000"}, `--set k=3000000000: 3000000000 is outside the range of integer (-2147483648 to 2147483647), the kind of scalar "k"; give a value in range`},
		{[]string{"a=1", "k=3e9"}, `--set k=3e9: scalar "k" is an integer; give a whole number, written without a decimal point or exponent`},
		{[]string{"a=1", "k=nan"}, `--set k=nan: scalar "k" is an integer; give a whole number`},
		{[]string{"a=1", "k=2.5"}, `--set k=2.5: scalar "k" is an integer; give a whole number`},
	} {
		_, err := Bind(k, parse(t, Flags{Sets: tc.sets, Ins: []string{"X=x.npy"}}), read)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.sets, err, tc.want)
		}
	}
	b, err := Bind(k, parse(t, Flags{Sets: []string{"a=3.4e38", "k=-2147483648"}, Ins: []string{"X=x.npy"}}), read)
	if err != nil || b.Scalars["a"] != 3.4e38 || b.Scalars["k"] != -2147483648 {
		t.Errorf("values in range: %v, %v", b, err)
	}
}

// TestBindInputConversion: an input of another dtype is converted with a
// note, or refused when values would be lost.
func TestBindInputConversion(t *testing.T) {
	k := stencilKernel()
	big := &npy.Array{DType: npy.Float64, Shape: []int{2, 2}, F64: []float64{1, 1e300, 2, 3}}
	_, err := Bind(k, parse(t, Flags{Sets: []string{"a=1", "k=1"}, Ins: []string{"X=big.npy"}}), func(string) (*npy.Array, error) { return big, nil })
	want := `--in X=big.npy: big.npy is float64 and real(4) dummy "X" cannot hold all its values: element X(2,1) = 1e+300 overflows real(4) (largest 3.4028235e+38); give values in range, or declare "X" real(8)`
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant %s", err, want)
	}
	big.F64[1] = 0.1
	b, err := Bind(k, parse(t, Flags{Sets: []string{"a=1", "k=1"}, Ins: []string{"X=big.npy"}}), func(string) (*npy.Array, error) { return big, nil })
	if err != nil || b.Arrays["x"].F32[1] != float32(0.1) || len(b.Notes) != 1 || b.Notes[0] != `big.npy is float64; converted to float32 for real(4) dummy "X"` {
		t.Errorf("exact conversion: %+v, %v", b, err)
	}
}

// TestBindGridChecksHostMemory: a grid the host cannot hold is an error
// naming the bytes needed and available, before anything is allocated
// (a 100000x100000 grid crashed the Go runtime with exit 2 before).
func TestBindGridChecksHostMemory(t *testing.T) {
	saved := HostMemory
	defer func() { HostMemory = saved }()
	HostMemory = func() (int64, bool) { return 1 << 20, true }
	k := stencilKernel()
	_, err := Bind(k, parse(t, Flags{Sets: []string{"a=1", "k=1"}, Grid: "100000x100000"}), nil)
	// X is made (4e10 bytes), Y is sent as zeros and read back (8e10).
	want := "--grid 100000x100000 needs 111.8 GiB (120000000000 bytes) of host memory for its arrays but 1.0 MiB (1048576 bytes) is available; use a smaller grid"
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant %s", err, want)
	}
	b, err := Bind(k, parse(t, Flags{Sets: []string{"a=1", "k=1"}, Grid: "100x100"}), nil)
	if err != nil || b.Arrays["x"] == nil || b.Arrays["x"].Len() != 10000 {
		t.Errorf("a grid that fits: %v", err)
	}
	// Unknown host memory: no check.
	HostMemory = func() (int64, bool) { return 0, false }
	if _, err := Bind(k, parse(t, Flags{Sets: []string{"a=1", "k=1"}, Grid: "10x10"}), nil); err != nil {
		t.Error(err)
	}
	// The real host: this grid needs far more than any test machine has.
	HostMemory = saved
	if _, ok := HostMemory(); ok {
		_, err := Bind(k, parse(t, Flags{Sets: []string{"a=1", "k=1"}, Grid: "100000x100000"}), nil)
		if err == nil || !strings.Contains(err.Error(), "of host memory for its arrays but") {
			t.Errorf("real host: %v", err)
		}
	}
}

// TestParseFlagsOutputs: outputs are checked before anything runs;
// two outputs that are one file through a symlinked folder are a usage
// error (one output was silently lost before).
func TestParseFlagsOutputs(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "d"), 0o755)
	os.Symlink("d", filepath.Join(dir, "link"))
	_, err := ParseFlags(Flags{Outs: []string{"oA=" + filepath.Join(dir, "d", "o.npy"), "oB=" + filepath.Join(dir, "link", "o.npy")}})
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.HasSuffix(err.Error(), `o.npy is also the output of "oA"`) {
		t.Errorf("aliased outputs: %v", err)
	}
	_, err = ParseFlags(Flags{Outs: []string{"oA=/dev/null"}})
	if err == nil || errors.As(err, &ue) || err.Error() != "--out oA=/dev/null: /dev/null is a character device, not a regular file; refusing to replace it" {
		t.Errorf("/dev/null: %v", err)
	}
}
