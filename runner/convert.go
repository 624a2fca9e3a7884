package runner

import (
	"fmt"
	"math"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// ConvertError says which value a conversion would lose: the first such
// element (Fortran indices, from 1) and how many there are in all.
type ConvertError struct {
	Index  []int    // Fortran index of the first bad element; nil for a scalar
	Value  float64  // its value
	Kind   abi.Kind // the kind it was converted to
	Reason string   // "overflows real(4) (largest 3.4028235e+38)", ...
	Count  int      // bad elements in all
}

func (e *ConvertError) Error() string {
	var b strings.Builder
	if e.Index != nil {
		fmt.Fprintf(&b, "element %s = ", fortranIndex(e.Index))
	}
	fmt.Fprintf(&b, "%s %s", formatValue(e.Value), e.Reason)
	if e.Count > 1 {
		fmt.Fprintf(&b, " (and %d more element", e.Count-1)
		if e.Count > 2 {
			b.WriteString("s")
		}
		b.WriteString(" like it)")
	}
	return b.String()
}

func formatValue(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	}
	return fmt.Sprint(v)
}

func fortranIndex(ix []int) string {
	p := make([]string, len(ix))
	for i, x := range ix {
		p[i] = fmt.Sprint(x)
	}
	return "(" + strings.Join(p, ",") + ")"
}

// lossy returns why storing v in a value of kind k would lose it, or "".
// Rounding a real to the nearest real(4) is not a loss (Fortran's
// assignment does it), nor is a NaN or an infinity kept as one; a finite
// value that becomes an infinity is, and an integer must be a whole number
// in range.
func lossy(v float64, k abi.Kind) string {
	switch k {
	case abi.Real8:
		return ""
	case abi.Real4:
		if !math.IsInf(v, 0) && math.IsInf(float64(float32(v)), 0) {
			return fmt.Sprintf("overflows real(4) (largest %.8g)", math.MaxFloat32)
		}
		return ""
	}
	switch {
	case math.IsNaN(v), math.IsInf(v, 0):
		return "has no integer value"
	case v != math.Trunc(v):
		return "is not a whole number"
	case k == abi.Int64 && (v < math.MinInt64 || v >= math.MaxInt64):
		return fmt.Sprintf("is outside the range of integer(8) (%d to %d)", math.MinInt64, math.MaxInt64)
	case k != abi.Int64 && (v < math.MinInt32 || v > math.MaxInt32):
		return fmt.Sprintf("is outside the range of integer (%d to %d)", math.MinInt32, math.MaxInt32)
	}
	return ""
}

// CheckScalar returns a *ConvertError when v does not fit a scalar of kind
// k without loss (see lossy), else nil.
func CheckScalar(v float64, k abi.Kind) error {
	if r := lossy(v, k); r != "" {
		return &ConvertError{Value: v, Kind: k, Reason: r, Count: 1}
	}
	return nil
}

// ConvertTo converts a to the dtype of kind k, as Convert does, but
// refuses to lose values: an element that overflows real(4), or that is
// NaN, infinite, out of range or not whole for an integer, makes it
// return a *ConvertError naming the first one. Exact conversions and
// rounding between reals pass.
func ConvertTo(a *npy.Array, k abi.Kind) (*npy.Array, error) {
	dt := KindDType(k)
	if a.DType == dt {
		return a, nil
	}
	var bad *ConvertError
	if a.I32 == nil && !(a.I64 != nil && k == abi.Int64) { // every int32 fits the reals and integers
		for i := 0; i < a.Len(); i++ {
			v := at(a, i)
			r := lossy(v, k)
			if r == "" {
				continue
			}
			if bad == nil {
				bad = &ConvertError{Index: unflatten(i, a.Shape), Value: v, Kind: k, Reason: r}
			}
			bad.Count++
		}
	}
	if bad != nil {
		return nil, bad
	}
	return Convert(a, dt), nil
}

// at returns element i of a as a float64 (exact for every dtype but
// int64 beyond 2^53, which stays beyond the range of integer).
func at(a *npy.Array, i int) float64 {
	switch {
	case a.F32 != nil:
		return float64(a.F32[i])
	case a.F64 != nil:
		return a.F64[i]
	case a.I64 != nil:
		return float64(a.I64[i])
	}
	return float64(a.I32[i])
}

// unflatten turns a column-major offset into Fortran indices (from 1).
func unflatten(i int, shape []int) []int {
	ix := make([]int, len(shape))
	for d, n := range shape {
		if n <= 0 {
			break
		}
		ix[d] = i%n + 1
		i /= n
	}
	return ix
}
