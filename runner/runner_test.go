package runner

import (
	"errors"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/npy"
)

func TestMain(m *testing.M) {
	// Programs built here go to a private cache, removed afterwards.
	dir, err := os.MkdirTemp("", "forocl-runner-cache")
	if err == nil {
		os.Setenv("FOROCL_CACHE", dir)
	}
	code := m.Run()
	if dir != "" {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// stencilKernel is the ABI of
//
//	subroutine shift_add(a, k, X, Y)   ! Y(2:n1-1,2:n2-1) = a*X(i,j) + X(i-1,j) + k
//
// with real(4) a, integer k, real(4) X intent(in) and Y intent(out),
// launched over n-2 positions per dimension from position 1.
func stencilKernel() *abi.Kernel {
	grid := []abi.Affine{abi.SizeMinus("n1", 0), abi.SizeMinus("n2", 0)}
	return &abi.Kernel{
		Name:  "shift_add",
		Rank:  2,
		Sizes: []abi.Size{{Name: "n1"}, {Name: "n2"}},
		Params: []abi.Param{
			{Name: "a", Kind: abi.Real4, Intent: abi.In},
			{Name: "k", Kind: abi.Int, Intent: abi.In},
			{Name: "X", Kind: abi.Real4, Intent: abi.In, Array: true, Shape: grid},
			{Name: "Y", Kind: abi.Real4, Intent: abi.Out, Array: true, Shape: grid},
		},
		Launches: []*abi.Launch{{
			Symbol: "shift_add",
			Args: []abi.Arg{{Kind: abi.ParamArg, Name: "a"}, {Kind: abi.ParamArg, Name: "k"}, {Kind: abi.ParamArg, Name: "X"},
				{Kind: abi.ParamArg, Name: "Y"}, {Kind: abi.SizeArg, Name: "n1"}, {Kind: abi.SizeArg, Name: "n2"}},
			Global: []abi.Range{{Positions: abi.SizeMinus("n1", 2), Per: 1}, {Positions: abi.SizeMinus("n2", 2), Per: 1}},
			Local:  []int{4, 4},
			Origin: []int{1, 1},
		}},
	}
}

// stencilSource is hand-written OpenCL for stencilKernel: work-item g owns
// grid position 1+g and the launch covers n-2 positions per dimension.
const stencilSource = `
__kernel __attribute__((reqd_work_group_size(4, 4, 1)))
void shift_add(const float a, const int k, __global const float* restrict X, __global float* restrict Y, const int _n1, const int _n2) {
    const int i = get_global_id(0) + 1, j = get_global_id(1) + 1;
    if (i >= _n1 - 1 || j >= _n2 - 1) return;
    Y[i + _n1*j] = a*X[i + _n1*j] + X[i - 1 + _n1*j] + (float)k;
}
`

func stencilUnit() (*abi.Unit, *abi.Kernel) {
	k := stencilKernel()
	return &abi.Unit{Source: stencilSource, Kernels: []*abi.Kernel{k}}, k
}

// elementalKernel is "pure elemental subroutine mul(x, y, z)" in real(8),
// z = x*y, as a loop kernel of one nest over sequence-associated dummies
// x(n), y(n), z(n) (Note [elemental kernels] in sema/elemental.go).
func elementalKernel() *abi.Kernel {
	n := []abi.Affine{abi.SizeMinus("n", 0)}
	one := abi.Affine{Const: 1}
	return &abi.Kernel{
		Name:  "mul",
		Rank:  1,
		Sizes: []abi.Size{{Name: "n"}},
		Params: []abi.Param{
			{Name: "x", Kind: abi.Real8, Intent: abi.In, Array: true, Shape: n, Sequence: true},
			{Name: "y", Kind: abi.Real8, Intent: abi.In, Array: true, Shape: n, Sequence: true},
			{Name: "z", Kind: abi.Real8, Intent: abi.Out, Array: true, Shape: n, Sequence: true},
		},
		Launches: []*abi.Launch{{
			Symbol:     "mul",
			Args:       []abi.Arg{{Kind: abi.ParamArg, Name: "x"}, {Kind: abi.ParamArg, Name: "y"}, {Kind: abi.ParamArg, Name: "z"}, {Kind: abi.SizeArg, Name: "n"}},
			Global:     []abi.Range{{Positions: abi.SizeMinus("n", 0), Per: 1, First: &one}},
			Local:      []int{8},
			Origin:     []int{0},
			MayBeEmpty: true,
		}},
	}
}

const elementalSource = `
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel __attribute__((reqd_work_group_size(8, 1, 1)))
void mul(__global const double* restrict x, __global const double* restrict y, __global double* restrict z, const int _n) {
    const int i = 1 + get_global_id(0);
    if (i > _n) return;
    z[i - 1] = x[i - 1]*y[i - 1];
}
`

func elementalUnit() (*abi.Unit, *abi.Kernel) {
	k := elementalKernel()
	return &abi.Unit{Source: elementalSource, Kernels: []*abi.Kernel{k}, FP64: true}, k
}

func f32(shape []int, f func(i int) float32) *npy.Array {
	a := Zeros(npy.Float32, shape)
	for i := range a.F32 {
		a.F32[i] = f(i)
	}
	return a
}

func TestPrepareErrors(t *testing.T) {
	x := f32([]int{7, 5}, func(i int) float32 { return float32(i) })
	tests := []struct {
		name    string
		scalars map[string]float64
		arrays  map[string]*npy.Array
		want    string
	}{
		{"missing scalar", map[string]float64{"a": 1},
			map[string]*npy.Array{"x": x},
			`kernel "shift_add" needs scalar "k": give --set k=VALUE`},
		{"missing scalars", nil,
			map[string]*npy.Array{"x": x},
			`kernel "shift_add" needs scalar "a", "k": give --set a=VALUE --set k=VALUE`},
		{"missing input", map[string]float64{"a": 1, "k": 2},
			map[string]*npy.Array{"y": Zeros(npy.Float32, []int{7, 5})},
			`kernel "shift_add" needs input array "X": give it with --in X=FILE.npy`},
		{"shape mismatch", map[string]float64{"a": 1, "k": 2},
			map[string]*npy.Array{"x": x, "y": Zeros(npy.Float32, []int{7, 4})},
			`array "Y" has shape (7, 4) but kernel "shift_add" declares it (7, 5) with n1=7, n2=5: n2=5 comes from the shape (7, 5) of array "X"; "X" or "Y" has the wrong shape`},
		{"dtype mismatch", map[string]float64{"a": 1, "k": 2},
			map[string]*npy.Array{"x": Zeros(npy.Float64, []int{7, 5})},
			`array "X" holds float64 but "shift_add" declares it real(4)`},
		{"1-D for 2-D", map[string]float64{"a": 1, "k": 2},
			map[string]*npy.Array{"x": Zeros(npy.Float32, []int{35})},
			`array "X" has shape (35) but kernel "shift_add" takes a 2-D array`},
		{"3-D for 2-D", map[string]float64{"a": 1, "k": 2},
			map[string]*npy.Array{"x": Zeros(npy.Float32, []int{7, 5, 1})},
			`array "X" has shape (7, 5, 1) but kernel "shift_add" takes a 2-D array`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Prepare(&Job{Kernel: stencilKernel(), Scalars: tc.scalars, Arrays: tc.arrays})
			if err == nil {
				t.Fatalf("Prepare succeeded, want error %q", tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("error:\n got %q\nwant %q", err, tc.want)
			}
		})
	}
}

func TestPrepareNoArray(t *testing.T) {
	k := &abi.Kernel{Name: "fill", Rank: 1, Sizes: []abi.Size{{Name: "n1"}}, Params: []abi.Param{
		{Name: "c", Kind: abi.Real4, Intent: abi.In},
		{Name: "oA", Kind: abi.Real4, Intent: abi.Out, Array: true, Shape: []abi.Affine{abi.SizeMinus("n1", 0)}},
	}}
	_, _, err := Prepare(&Job{Kernel: k, Scalars: map[string]float64{"c": 1}})
	if err == nil || err.Error() != `kernel "fill": no array given, so size "n1" (an extent of the arrays) is unknown` {
		t.Errorf("error = %v", err)
	}
}

func TestPrepareFillsOutputs(t *testing.T) {
	x := f32([]int{7, 5}, func(i int) float32 { return 1 })
	arrays, sizes, err := Prepare(&Job{Kernel: stencilKernel(), Scalars: map[string]float64{"a": 1, "k": 0}, Arrays: map[string]*npy.Array{"x": x}})
	if err != nil {
		t.Fatal(err)
	}
	if len(sizes) != 2 || sizes["n1"] != 7 || sizes["n2"] != 5 {
		t.Errorf("sizes = %v, want n1=7 n2=5", sizes)
	}
	if arrays["x"] != x {
		t.Error("input array was copied or replaced")
	}
	y := arrays["y"]
	if y == nil || y.DType != npy.Float32 || len(y.F32) != 35 {
		t.Fatalf("output y = %+v, want 35 float32 zeros", y)
	}
	for _, v := range y.F32 {
		if v != 0 {
			t.Fatalf("output y not zero: %v", y.F32)
		}
	}
	// An elemental kernel takes arrays of any rank with as many elements
	// (sequence association); its outputs keep the inputs' shape.
	ek := elementalKernel()
	x3 := Zeros(npy.Float64, []int{2, 3, 4})
	arrays, sizes, err = Prepare(&Job{Kernel: ek, Arrays: map[string]*npy.Array{"x": x3, "y": Zeros(npy.Float64, []int{24})}})
	if err != nil {
		t.Fatal(err)
	}
	if sizes["n"] != 24 || abi.ShapeString(arrays["z"].Shape) != "(2, 3, 4)" {
		t.Errorf("elemental: sizes %v, z has shape %v", sizes, arrays["z"].Shape)
	}
	if _, _, err = Prepare(&Job{Kernel: ek, Arrays: map[string]*npy.Array{"x": x3, "y": Zeros(npy.Float64, []int{5, 5})}}); err == nil || !strings.Contains(err.Error(), `array "y" has shape (5, 5), 25 elements, but kernel "mul" takes 24 elements`) {
		t.Errorf("elemental arrays of 24 and 25 elements: %v", err)
	}
}

func TestConvert(t *testing.T) {
	a32 := &npy.Array{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{0.5, -1.25, 3, 1e-3, 7, -0}}
	if Convert(a32, npy.Float32) != a32 {
		t.Error("Convert to the same dtype should return the array itself")
	}
	a64 := Convert(a32, npy.Float64)
	if a64.DType != npy.Float64 || len(a64.F64) != 6 || a64.F32 != nil || a64.I32 != nil {
		t.Fatalf("float32->float64: %+v", a64)
	}
	back := Convert(a64, npy.Float32)
	for i := range a32.F32 {
		if back.F32[i] != a32.F32[i] || a64.F64[i] != float64(a32.F32[i]) {
			t.Errorf("element %d: %v -> %v -> %v", i, a32.F32[i], a64.F64[i], back.F32[i])
		}
	}
	if &a64.Shape[0] == &a32.Shape[0] {
		t.Error("Convert shares the shape slice with its input")
	}

	i32 := &npy.Array{DType: npy.Int32, Shape: []int{4}, I32: []int32{-7, 0, 1 << 24, math.MaxInt32}}
	viaF64 := Convert(Convert(i32, npy.Float64), npy.Int32)
	for i := range i32.I32 {
		if viaF64.I32[i] != i32.I32[i] {
			t.Errorf("int32 round trip through float64: %d -> %d", i32.I32[i], viaF64.I32[i])
		}
	}
	// float64 -> float32 rounds to nearest.
	d := &npy.Array{DType: npy.Float64, Shape: []int{2}, F64: []float64{0.1, 1.0 / 3}}
	s := Convert(d, npy.Float32)
	if s.F32[0] != float32(0.1) || s.F32[1] != float32(1.0/3) {
		t.Errorf("float64->float32: %v", s.F32)
	}
	// Reals to integers truncate toward zero, like Fortran's int().
	r := Convert(&npy.Array{DType: npy.Float32, Shape: []int{2}, F32: []float32{2.9, -2.9}}, npy.Int32)
	if r.I32[0] != 2 || r.I32[1] != -2 {
		t.Errorf("float32->int32: %v", r.I32)
	}
}

func TestKindDType(t *testing.T) {
	for k, want := range map[abi.Kind]npy.DType{abi.Real4: npy.Float32, abi.Real8: npy.Float64, abi.Int: npy.Int32, abi.Logical: npy.Int32} {
		if got := KindDType(k); got != want {
			t.Errorf("KindDType(%v) = %v, want %v", k, got, want)
		}
	}
}

// testContext opens a context on PoCL (or FOROCL_DEVICE), skipping when
// OpenCL is missing unless FOROCL_REQUIRE_OPENCL is set.
func testContext(t *testing.T) *clhost.Context {
	t.Helper()
	sel := os.Getenv("FOROCL_DEVICE")
	if sel == "" {
		sel = "pocl"
	}
	d, err := clhost.Select(sel)
	if err != nil {
		if os.Getenv("FOROCL_REQUIRE_OPENCL") == "" {
			t.Skipf("no OpenCL device %q (set FOROCL_REQUIRE_OPENCL=1 to fail instead): %v", sel, err)
		}
		t.Fatalf("FOROCL_REQUIRE_OPENCL is set but device %q is not available: %v", sel, err)
	}
	c, err := clhost.NewContext(d)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return c
}

func TestRunStencil(t *testing.T) {
	ctx := testContext(t)
	unit, k := stencilUnit()
	const n1, n2 = 7, 5 // not multiples of the 4x4 work-group
	x := f32([]int{n1, n2}, func(i int) float32 { return float32(i%11) + 0.5 })
	y0 := f32([]int{n1, n2}, func(i int) float32 { return -float32(i) - 100 })
	job := Job{Unit: unit, Kernel: k,
		Scalars: map[string]float64{"a": 2, "k": 3},
		Arrays:  map[string]*npy.Array{"x": x, "y": y0}}
	res, err := Run(ctx, job)
	if err != nil {
		t.Fatal(err)
	}
	y := res.Outputs["y"]
	if y == nil || len(res.Outputs) != 1 {
		t.Fatalf("outputs = %v, want just y", res.Outputs)
	}
	for j := 0; j < n2; j++ {
		for i := 0; i < n1; i++ {
			p := i + n1*j
			want := y0.F32[p] // halo keeps the given contents
			if i > 0 && i < n1-1 && j > 0 && j < n2-1 {
				want = 2*x.F32[p] + x.F32[p-1] + 3
			}
			if y.F32[p] != want {
				t.Errorf("Y(%d,%d) = %v, want %v", i+1, j+1, y.F32[p], want)
			}
		}
	}
	if y0.F32[8] != -108 {
		t.Error("Run modified the caller's array")
	}
	if got, want := res.Bytes, int64(2*n1*n2*4); got != want {
		t.Errorf("Bytes = %d, want %d", got, want)
	}
	if dims := res.Global; len(dims) != 2 || dims[0] != 8 || dims[1] != 4 {
		t.Errorf("Global = %v, want [8 4] (5x3 interior padded to 4x4 groups)", dims)
	}
	if res.Median != 0 || len(res.Times) != 0 {
		t.Errorf("Repeat 0 timed launches: %v", res.Times)
	}

	// Without Y the output starts from zeros, halo included.
	delete(job.Arrays, "y")
	res, err = Run(ctx, job)
	if err != nil {
		t.Fatal(err)
	}
	if v := res.Outputs["y"].F32[0]; v != 0 {
		t.Errorf("Y(1,1) = %v, want 0", v)
	}
	if v, want := res.Outputs["y"].F32[1+n1], 2*x.F32[1+n1]+x.F32[n1]+3; v != want {
		t.Errorf("Y(2,2) = %v, want %v", v, want)
	}
}

func TestRunRepeat(t *testing.T) {
	ctx := testContext(t)
	unit, k := stencilUnit()
	x := f32([]int{9, 6}, func(i int) float32 { return float32(i) })
	res, err := Run(ctx, Job{Unit: unit, Kernel: k,
		Scalars: map[string]float64{"a": 1, "k": 0}, Arrays: map[string]*npy.Array{"x": x}, Repeat: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Times) != 5 {
		t.Fatalf("%d times, want 5 (the warm-up is not timed)", len(res.Times))
	}
	s := append(res.Times[:0:0], res.Times...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if res.Median != s[2] || res.Median <= 0 {
		t.Errorf("Median = %v, times %v", res.Median, res.Times)
	}
	// The result is that of one launch (the kernel is idempotent).
	if v, want := res.Outputs["y"].F32[1+9], x.F32[1+9]+x.F32[9]; v != want {
		t.Errorf("Y(2,2) = %v, want %v", v, want)
	}
}

func TestRunElemental(t *testing.T) {
	ctx := testContext(t)
	if !ctx.Device().FP64 {
		t.Skip("device has no fp64")
	}
	unit, k := elementalUnit()
	shape := []int{3, 5, 2} // 30 elements: 4 work-groups of 8, the last one partly masked
	x := Zeros(npy.Float64, shape)
	y := Zeros(npy.Float64, shape)
	for i := range x.F64 {
		x.F64[i] = 1 + float64(i)/7
		y.F64[i] = 3 - float64(i)/13
	}
	res, err := Run(ctx, Job{Unit: unit, Kernel: k, Arrays: map[string]*npy.Array{"x": x, "y": y}})
	if err != nil {
		t.Fatal(err)
	}
	z := res.Outputs["z"]
	if len(z.Shape) != 3 || z.Shape[2] != 2 {
		t.Errorf("z shape = %v, want %v", z.Shape, shape)
	}
	for i := range z.F64 {
		if z.F64[i] != x.F64[i]*y.F64[i] {
			t.Errorf("z[%d] = %v, want %v", i, z.F64[i], x.F64[i]*y.F64[i])
		}
	}
}

func TestRunChecksBeforeBuilding(t *testing.T) {
	ctx := testContext(t)
	x := f32([]int{7, 5}, func(int) float32 { return 1 })
	scalars := map[string]float64{"a": 1, "k": 0}
	tests := []struct {
		name   string
		change func(u *abi.Unit, k *abi.Kernel, j *Job)
		want   string
	}{
		{"grid smaller than the halo", func(u *abi.Unit, k *abi.Kernel, j *Job) {
			j.Arrays = map[string]*npy.Array{"x": f32([]int{2, 5}, func(int) float32 { return 1 })}
		}, `kernel "shift_add": grid extent 2 in dimension 1 leaves no interior (the halos take 2)`},
		{"local memory", func(u *abi.Unit, k *abi.Kernel, j *Job) {
			k.Launches[0].LocalBytes = 1 << 40
		}, `kernel "shift_add" needs 1024.0 GiB of local memory per work-group (tile 4x4)`},
		{"work-group too large", func(u *abi.Unit, k *abi.Kernel, j *Job) {
			k.Launches[0].Local = []int{1024, 1024}
		}, `kernel "shift_add": work-group 1024x1024 has 1048576 work-items`},
		{"source does not compile", func(u *abi.Unit, k *abi.Kernel, j *Job) {
			u.Source = "__kernel void shift_add(__global float* x) { x[0] = undefined_name; }"
		}, "OpenCL program build failed"},
		{"canceled", func(u *abi.Unit, k *abi.Kernel, j *Job) {
			c := make(chan struct{})
			close(c)
			j.Cancel = c
		}, "canceled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			unit, k := stencilUnit()
			j := Job{Unit: unit, Kernel: k, Scalars: scalars, Arrays: map[string]*npy.Array{"x": x}}
			tc.change(unit, k, &j)
			_, err := Run(ctx, j)
			if err == nil {
				t.Fatalf("Run succeeded, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q lacks %q", err, tc.want)
			}
			if tc.name == "canceled" && !errors.Is(err, ErrCanceled) {
				t.Errorf("error %v is not ErrCanceled", err)
			}
		})
	}
}
