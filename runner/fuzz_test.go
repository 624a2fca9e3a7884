package runner

import (
	"hash/fnv"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// fuzzArray makes a small array for a --in file name: its dtype, shape
// and values (NaN, infinities, huge, fractional) follow from the name.
func fuzzArray(name string) (*npy.Array, error) {
	h := fnv.New64a()
	h.Write([]byte(name))
	s := h.Sum64()
	shape := []int{int(s%4) + 1, int(s>>8%3) + 1}
	if s>>16%5 == 0 {
		shape = shape[:1]
	}
	specials := []float64{0, 1, -2.5, math.NaN(), math.Inf(1), 1e300, -1e39, 3e9, 2147483647, 0.1}
	dt := []npy.DType{npy.Float32, npy.Float64, npy.Int32}[s>>24%3]
	a := Zeros(dt, shape)
	for i := 0; i < a.Len(); i++ {
		v := specials[(s>>(32+i%8))%uint64(len(specials))]
		switch dt {
		case npy.Float32:
			a.F32[i] = float32(v)
		case npy.Float64:
			a.F64[i] = v
		default:
			if !math.IsNaN(v) && v >= math.MinInt32 && v <= math.MaxInt32 {
				a.I32[i] = int32(v)
			}
		}
	}
	return a, nil
}

// FuzzBind: flag binding never panics, and what it accepts is what the
// kernel declares: scalars that fit their kinds, arrays of the declared
// dtypes holding the input's values, outputs that are intent(out) dummies
// in distinct files.
func FuzzBind(f *testing.F) {
	f.Add("a=1\nk=2", "X=x.npy", "Y=y.npy", "")
	f.Add("a=1e39\nk=nan", "X=big", "Y=a\nY=b", "4x4")
	f.Add("A=1d0\nK=-3_8", "x=q", "y=./d/../o", "100000x100000")
	f.Add("a=.true.\nk=3e9", "", "y=o\nz=./o", "2x3x4x5")
	f.Fuzz(func(t *testing.T, sets, ins, outs, grid string) {
		split := func(s string) []string {
			if s == "" {
				return nil
			}
			return strings.Split(s, "\n")
		}
		dir := t.TempDir()
		var outArgs []string
		for _, o := range split(outs) {
			// Outputs stay inside the test's folder.
			name, file, _ := strings.Cut(o, "=")
			outArgs = append(outArgs, name+"="+filepath.Join(dir, filepath.Clean("/"+file)))
		}
		saved := HostMemory
		HostMemory = func() (int64, bool) { return 64 << 20, true }
		defer func() { HostMemory = saved }()
		p, err := ParseFlags(Flags{Sets: split(sets), Ins: split(ins), Outs: outArgs, Grid: grid})
		if err != nil {
			return
		}
		k := stencilKernel()
		b, err := Bind(k, p, fuzzArray)
		if err != nil {
			return
		}
		for i := range k.Params {
			v := &k.Params[i]
			name := strings.ToLower(v.Name)
			if x, ok := b.Scalars[name]; ok && CheckScalar(x, v.Kind) != nil {
				t.Errorf("scalar %s = %v accepted for %v", v.Name, x, v.Kind)
			}
			a := b.Arrays[name]
			if a == nil {
				continue
			}
			if a.DType != KindDType(v.Kind) {
				t.Errorf("array %s is %v, declared %v", v.Name, a.DType, v.Kind)
			}
			for _, in := range p.Ins {
				if in.Name != name {
					continue
				}
				orig, _ := fuzzArray(in.Value)
				for i := 0; i < a.Len(); i++ {
					x, y := at(orig, i), at(a, i)
					if v.Kind == abi.Int && x != y || v.Kind == abi.Real4 && math.IsInf(y, 0) && !math.IsInf(x, 0) {
						t.Errorf("%s element %d: %v became %v", v.Name, i, x, y)
					}
				}
			}
		}
		seen := map[string]bool{}
		for _, o := range b.Outputs {
			v := k.Param(o.Name)
			if v == nil || !v.Output() {
				t.Errorf("output %q is not an intent(out) array", o.Name)
			}
			if seen[filepath.Clean(o.Path)] {
				t.Errorf("two outputs write %s", o.Path)
			}
			seen[filepath.Clean(o.Path)] = true
		}
	})
}
