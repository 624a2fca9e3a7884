package runner

import (
	"fmt"
	"math"
	"math/big"
	mbits "math/bits"
	"strconv"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// ConvertError says which value a conversion would lose: the first such
// element (Fortran indices) and how many there are in all.
type ConvertError struct {
	Name   string   // the array's name, for messages; "" when not known
	Index  []int    // Fortran index of the first bad element (from 1, or the declared lower bounds); nil for a scalar
	Value  float64  // its value
	Text   string   // its value spelled exactly ("" to print Value): an int64 beyond 2^53, a --set value as given
	Kind   abi.Kind // the kind it was converted to
	Reason string   // "overflows real(4) (largest 3.4028235e+38)", ...
	Count  int      // bad elements in all
	// Inexact says an integer value would be rounded to the nearest value
	// a real kind holds (16777217 in real(4)).
	Inexact bool
}

func (e *ConvertError) Error() string {
	var b strings.Builder
	if e.Index != nil {
		fmt.Fprintf(&b, "element %s%s = ", e.Name, fortranIndex(e.Index))
	}
	val := e.Text
	if val == "" {
		val = formatValue(e.Value)
	}
	fmt.Fprintf(&b, "%s %s", val, e.Reason)
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
// refuses to lose values: an element that overflows real(4), that is NaN,
// infinite, out of range or not whole for an integer, or an integer that
// the real kind cannot hold exactly (16777217 in real(4), 2^53+1 in
// real(8)), makes it return a *ConvertError naming the first one.
// Rounding between reals passes, as in Fortran's assignment.
func ConvertTo(a *npy.Array, k abi.Kind) (*npy.Array, error) {
	dt := KindDType(k)
	if a.DType == dt {
		return a, nil
	}
	var bad *ConvertError
	for i := 0; i < a.Len(); i++ {
		e := lostAt(a, i, k)
		if e == nil {
			continue
		}
		if bad == nil {
			bad = e
			bad.Index = unflatten(i, a.Shape)
		}
		bad.Count++
	}
	if bad != nil {
		return nil, bad
	}
	return Convert(a, dt), nil
}

// lostAt returns a *ConvertError (without Index and Count) when element
// i of a would lose its value in kind k, else nil.
func lostAt(a *npy.Array, i int, k abi.Kind) *ConvertError {
	var x int64
	switch {
	case a.I64 != nil:
		x = a.I64[i]
	case a.I32 != nil:
		x = int64(a.I32[i])
	default:
		v := at(a, i)
		if r := lossy(v, k); r != "" {
			return &ConvertError{Value: v, Kind: k, Reason: r}
		}
		return nil
	}
	text := strconv.FormatInt(x, 10)
	switch k {
	case abi.Int64:
		return nil
	case abi.Real4, abi.Real8:
		if r := inexact(x, k); r != "" {
			return &ConvertError{Value: float64(x), Text: text, Kind: k, Reason: r, Inexact: true}
		}
		return nil
	}
	if x < math.MinInt32 || x > math.MaxInt32 {
		return &ConvertError{Value: float64(x), Text: text, Kind: k, Reason: fmt.Sprintf("is outside the range of integer (%d to %d)", math.MinInt32, math.MaxInt32)}
	}
	return nil
}

// inexact returns why integer x cannot be held exactly by real kind k
// ("" when it can): its significant bits must fit the kind's mantissa
// (24 bits for real(4), 53 for real(8)).
func inexact(x int64, k abi.Kind) string {
	bits, width := 53, "real(8)"
	if k == abi.Real4 {
		bits, width = 24, "real(4)"
	}
	if exactInt(x, bits) {
		return ""
	}
	f := float64(x)
	if k == abi.Real4 {
		f = float64(float32(x))
	}
	near := new(big.Float).SetFloat64(f).Text('f', 0) // every digit: 9223372036854775808
	return fmt.Sprintf("cannot be held exactly by %s (it would become %s)", width, near)
}

// exactInt reports whether x has at most bits significant bits, so that a
// binary float with a bits-bit mantissa holds it exactly.
func exactInt(x int64, bits int) bool {
	u := uint64(x)
	if x < 0 {
		u = -u
	}
	if u == 0 {
		return true
	}
	u >>= mbits.TrailingZeros64(u)
	return u < 1<<bits
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
