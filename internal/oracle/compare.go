package oracle

import (
	"fmt"
	"math"
	"math/rand"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// Randomize fills a with the numeric tier's pseudo-random inputs (Note
// [test inputs]): reals in [0.5, 1.5), integers in 1..7, integer(8)
// values those times 2^33 (beyond 32 bits).
func Randomize(rng *rand.Rand, a *npy.Array) {
	for i := 0; i < a.Len(); i++ {
		x := 0.5 + rng.Float64()
		switch {
		case a.F32 != nil:
			a.F32[i] = float32(x)
		case a.F64 != nil:
			a.F64[i] = x
		case a.I64 != nil:
			a.I64[i] = int64(rng.Intn(7)+1) << 33
		default:
			a.I32[i] = int32(rng.Intn(7) + 1)
		}
	}
}

// Tolerance is how far an OpenCL result may be from gfortran's serial
// one, relative to max(1, |gfortran's value|): 0 for integers (and
// logicals), 1e-12 for real(8), 2e-5 for real(4). The numeric tier and
// forocl compare both judge by it (see README, Arithmetic, for where
// results are bit-identical and where the OpenCL math library differs).
func Tolerance(k abi.Kind) float64 {
	switch k {
	case abi.Real8:
		return 1e-12
	case abi.Real4:
		return 2e-5
	}
	return 0
}

// TolDoc spells Tolerance for help texts.
const TolDoc = "|opencl - gfortran| / max(1, |gfortran|) at most 2e-5 for real(4), 1e-12 for real(8), 0 for integers and logicals; a NaN matches only a NaN"

// Value is element i of a (in memory order) as a float64.
func Value(a *npy.Array, i int) float64 { return a.Float(i) }

// Diff is how an output of the device run differs from gfortran's.
type Diff struct {
	Len      int     // elements compared
	Differ   int     // elements that are not identical (NaN is identical to NaN)
	Beyond   int     // elements beyond Tolerance
	MaxAbs   float64 // the largest |got - want| (+Inf where one is NaN)
	MaxRel   float64 // the largest |got - want| / max(1, |want|), Tolerance's measure
	First    int     // flat index of the first element not identical, -1 if none
	FirstBad int     // flat index of the first element beyond Tolerance, -1 if none
	Tol      float64
}

// Identical reports whether every element is identical.
func (d Diff) Identical() bool { return d.Differ == 0 }

// Compare compares got (the device run) with want (gfortran's) element by
// element, as arrays of kind k of one shape.
func Compare(k abi.Kind, want, got *npy.Array) (Diff, error) {
	d := Diff{First: -1, FirstBad: -1, Tol: Tolerance(k)}
	if fmt.Sprint(want.Shape) != fmt.Sprint(got.Shape) {
		return d, fmt.Errorf("shapes differ: gfortran %v, opencl %v", want.Shape, got.Shape)
	}
	d.Len = want.Len()
	for i := 0; i < d.Len; i++ {
		ref, x := Value(want, i), Value(got, i)
		if x == ref || math.IsNaN(x) && math.IsNaN(ref) {
			continue
		}
		abs, rel := math.Abs(x-ref), math.Abs(x-ref)/math.Max(1, math.Abs(ref))
		if math.IsNaN(abs) {
			abs, rel = math.Inf(1), math.Inf(1)
		}
		d.Differ++
		if d.First < 0 {
			d.First = i
		}
		d.MaxAbs, d.MaxRel = math.Max(d.MaxAbs, abs), math.Max(d.MaxRel, rel)
		if rel > d.Tol {
			d.Beyond++
			if d.FirstBad < 0 {
				d.FirstBad = i
			}
		}
	}
	return d, nil
}

// FortranIndex spells flat index i (Fortran order) of an array of the
// given shape whose dimensions start at lower (nil: all at 1) as Fortran
// does: "(3,5)".
func FortranIndex(i int, shape, lower []int) string {
	p := make([]string, len(shape))
	for d, n := range shape {
		lo := 1
		if d < len(lower) {
			lo = lower[d]
		}
		x := i
		if n > 0 {
			x = i % n
			i /= n
		}
		p[d] = fmt.Sprint(lo + x)
	}
	return "(" + strings.Join(p, ",") + ")"
}
