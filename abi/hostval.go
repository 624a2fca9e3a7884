package abi

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Note [host values]
//
// A host program (Note [host program]) computes values of every scalar
// kind. The values a host walks with (vals, by name) are 64-bit words: an
// integer or logical is itself (a logical 0 or 1), a real is the bits of
// its float64 value (math.Float64bits; a real(4) value is exactly a
// float64 too). Every Expr carries the kind of its value (Kind; "" is the
// default integer, as in format 3), so a name's word is read by the kind
// of the node that names it. The operands of an operator have its kind,
// except the comparisons' (of their operands' kind, the result a logical),
// a conversion's and nint's (any kind), ** (an integer exponent) and
// merge's condition. Semantics, as gfortran gives them:
//   - integer arithmetic in the kind, a result outside it an error;
//     division truncating toward zero, MOD with the dividend's sign,
//     MODULO with the divisor's, division or MOD by zero an error;
//   - real(4) and real(8) arithmetic rounded to the kind after every
//     operation (each op converts its result explicitly, so Go fuses no
//     multiply-add), IEEE division by zero giving an infinity;
//   - sqrt correctly rounded; MOD of reals exact (fmod); MODULO of reals
//     fmod then + p when the signs differ; SIGN of reals copysign;
//   - ** of a real by a constant integer (|n| <= 4, the only form sema
//     lets through, where gfortran's chains of multiplies all agree):
//     repeated squaring as libgcc's __powi; of integers exact and checked;
//   - conversions to an integer truncate (nint rounds half away from
//     zero), a value outside the kind (or a NaN) an error.

// RealWord is the word of real value f (Note [host values]).
func RealWord(f float64) int { return int(math.Float64bits(f)) }

// WordReal is the real value of word w (Note [host values]).
func WordReal(w int) float64 { return math.Float64frombits(uint64(w)) }

// IsReal reports whether k is a real kind.
func (k Kind) IsReal() bool { return k == Real4 || k == Real8 }

// exprKind is x's kind, the default integer when unset.
func (x *Expr) exprKind() Kind {
	if x.Kind == "" {
		return Int
	}
	return x.Kind
}

// roundTo rounds f to kind k.
func roundTo(f float64, k Kind) float64 {
	if k == Real4 {
		return float64(float32(f))
	}
	return f
}

// fitInt checks that v fits integer kind k.
func fitInt(v int, k Kind) error {
	if k != Int64 && (v < math.MinInt32 || v > math.MaxInt32) {
		return fmt.Errorf("%d overflows a default integer", v)
	}
	return nil
}

// toInt converts real f to integer kind k by truncation.
func toInt(f float64, k Kind) (int, error) {
	lim := math.Ldexp(1, 63)
	if k != Int64 {
		lim = math.Ldexp(1, 31)
	}
	t := math.Trunc(f)
	if math.IsNaN(f) || t >= lim || t < -lim {
		return 0, fmt.Errorf("%g does not fit %s", f, k)
	}
	return int(t), nil
}

// applyReal applies op to real operands of kind k.
func applyReal(op string, k Kind, a []float64) (float64, error) {
	var v float64
	switch op {
	case "neg":
		v = -a[0]
	case "abs":
		v = math.Abs(a[0])
	case "+":
		v = a[0] + a[1]
	case "-":
		v = a[0] - a[1]
	case "*":
		v = a[0] * a[1]
	case "/":
		v = a[0] / a[1]
	case "sqrt":
		v = math.Sqrt(a[0])
	case "mod":
		v = math.Mod(a[0], a[1])
	case "modulo":
		v = math.Mod(a[0], a[1])
		if v != 0 && (a[0] < 0) != (a[1] < 0) {
			v = roundTo(v+a[1], k)
		} else if v == 0 {
			v = math.Copysign(0, a[1])
		}
	case "sign":
		v = math.Copysign(math.Abs(a[0]), a[1])
	case "min", "max":
		v = a[0]
		for _, b := range a[1:] {
			if math.IsNaN(v) || op == "max" && b > v || op == "min" && b < v {
				v = b
			}
		}
	default:
		return 0, fmt.Errorf("operator %q does not apply to %s", op, k)
	}
	return roundTo(v, k), nil
}

// powReal is x**n for a real x and integer n, as libgcc's __powi: repeated
// squaring, rounded to kind k after every multiply.
func powReal(x float64, n int, k Kind) float64 {
	m := n
	if m < 0 {
		m = -m
	}
	y := 1.0
	if m%2 == 1 {
		y = x
	}
	for m >>= 1; m > 0; m >>= 1 {
		x = roundTo(x*x, k)
		if m%2 == 1 {
			y = roundTo(y*x, k)
		}
	}
	if n < 0 {
		return roundTo(1/y, k)
	}
	return y
}

// powInt is x**n for integers, Fortran's: a negative n gives 0 unless
// |x| is 1, and 0**n with n < 0 is an error.
func powInt(x, n int, k Kind) (int, error) {
	if n < 0 {
		switch x {
		case 0:
			return 0, fmt.Errorf("0 to a negative power")
		case 1:
			return 1, nil
		case -1:
			return 1 - 2*(-n%2), nil
		}
		return 0, nil
	}
	y := 1
	for i := 0; i < n; i++ {
		if y != 0 && (y*x)/y != x {
			return 0, fmt.Errorf("%d**%d overflows %s", x, n, k)
		}
		y *= x
		if err := fitInt(y, k); err != nil {
			return 0, err
		}
		if y == 0 || y == 1 && x == 1 {
			break
		}
	}
	return y, nil
}

// checkedInt applies an integer + - * with a check that int64 does not
// wrap (the kind's range is checked by the caller).
func checkedInt(op string, a, b int) (int, error) {
	var v int
	switch op {
	case "+":
		v = a + b
		if (b > 0 && v < a) || (b < 0 && v > a) {
			return 0, fmt.Errorf("%d + %d overflows", a, b)
		}
	case "-":
		v = a - b
		if (b < 0 && v < a) || (b > 0 && v > a) {
			return 0, fmt.Errorf("%d - %d overflows", a, b)
		}
	default:
		v = a * b
		if a != 0 && (v/a != b || a == -1 && b == math.MinInt64) {
			return 0, fmt.Errorf("%d * %d overflows", a, b)
		}
	}
	return v, nil
}

// convert evaluates conversion x (conv or nint, to x's kind) of word w of
// kind from.
func (x *Expr) convert(w int, from Kind) (int, error) {
	k := x.exprKind()
	switch {
	case !from.IsReal() && !k.IsReal():
		return w, fitInt(w, k)
	case !from.IsReal():
		return RealWord(roundTo(float64(w), k)), nil
	case k.IsReal():
		return RealWord(roundTo(WordReal(w), k)), nil
	case x.Op == "nint":
		return toInt(math.Round(WordReal(w)), k)
	}
	return toInt(WordReal(w), k)
}

// typedOp evaluates the operators whose operands are not all of the
// result's kind (conversions, nint, **, comparisons, merge); ok is false
// for the others.
func (x *Expr) typedOp(a []int) (v int, ok bool, err error) {
	k := x.exprKind()
	switch x.Op {
	case "conv", "nint":
		v, err := x.convert(a[0], x.Args[0].exprKind())
		return v, true, err
	case "**":
		if k.IsReal() {
			return RealWord(powReal(WordReal(a[0]), a[1], k)), true, nil
		}
		v, err := powInt(a[0], a[1], k)
		return v, true, err
	case "merge":
		if a[2] != 0 {
			return a[0], true, nil
		}
		return a[1], true, nil
	case "==", "/=", "<", "<=", ">", ">=":
		if x.Args[0].exprKind().IsReal() {
			p, q := WordReal(a[0]), WordReal(a[1])
			c := map[string]bool{"==": p == q, "/=": p != q, "<": p < q, "<=": p <= q, ">": p > q, ">=": p >= q}[x.Op]
			return b2i(c), true, nil
		}
	}
	return 0, false, nil
}

// Element returns a slice of one element of kind k's Go type, for a host
// to read a one-element device buffer into (a logical as an int32).
func Element(k Kind) any {
	switch k {
	case Real4:
		return make([]float32, 1)
	case Real8:
		return make([]float64, 1)
	case Int64:
		return make([]int64, 1)
	}
	return make([]int32, 1)
}

// ElementWord is the word (Note [host values]) of the element of a slice
// Element returned.
func ElementWord(x any) int {
	switch x := x.(type) {
	case []float32:
		return RealWord(float64(x[0]))
	case []float64:
		return RealWord(x[0])
	case []int64:
		return int(x[0])
	case []int32:
		return int(x[0])
	}
	panic(fmt.Sprintf("abi: ElementWord of %T", x))
}

// WordOf is the word (Note [host values]) of the value of kind k whose
// device bytes (little-endian, k.Bytes() of them) are b.
func WordOf(k Kind, b []byte) int {
	switch k {
	case Real4:
		return RealWord(float64(math.Float32frombits(binary.LittleEndian.Uint32(b))))
	case Real8:
		return RealWord(math.Float64frombits(binary.LittleEndian.Uint64(b)))
	case Int64:
		return int(int64(binary.LittleEndian.Uint64(b)))
	}
	return int(int32(binary.LittleEndian.Uint32(b)))
}

// HostValue is the OpenCL argument that passes word w of a HostArg (or a
// LoopArg, of the default integer) of kind k: a float32, float64, int64
// or int32; a value outside an int32 is an error.
func HostValue(name string, k Kind, w int) (any, error) {
	switch k {
	case Real4:
		return float32(WordReal(w)), nil
	case Real8:
		return WordReal(w), nil
	case Int64:
		return int64(w), nil
	}
	v, err := HostInt32(name, w)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// HostInt32 is HostValue of a kind passed as an int32 (integer(4),
// logical), without the interface: a Go harness passes its host values
// typed, so that they are not boxed on the heap.
func HostInt32(name string, w int) (int32, error) {
	if w < math.MinInt32 || w > math.MaxInt32 {
		return 0, fmt.Errorf("%q = %d does not fit the 32-bit integer the kernel takes", name, w)
	}
	return int32(w), nil
}
