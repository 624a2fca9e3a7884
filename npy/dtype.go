package npy

import "fmt"

// DType is the element type of an Array; clhost.DType is the same type.
type DType int

// The supported element types.
const (
	Float32 DType = iota + 1 // NumPy '<f4'
	Float64                  // NumPy '<f8'
	Int32                    // NumPy '<i4'
	Int64                    // NumPy '<i8', NumPy's default integer; hosts convert it (see runner.ConvertTo)
)

// String returns the NumPy name of the type: "float32", "float64", "int32",
// "int64".
func (t DType) String() string {
	switch t {
	case Float32:
		return "float32"
	case Float64:
		return "float64"
	case Int32:
		return "int32"
	case Int64:
		return "int64"
	}
	return fmt.Sprintf("DType(%d)", int(t))
}

// Size returns the element size in bytes, 0 for an invalid type.
func (t DType) Size() int64 { return int64(t.size()) }

// size returns the element size in bytes, 0 for an invalid type.
func (t DType) size() int {
	switch t {
	case Float32, Int32:
		return 4
	case Float64, Int64:
		return 8
	}
	return 0
}

// descr returns the little-endian NumPy descr string.
func (t DType) descr() string {
	switch t {
	case Float32:
		return "<f4"
	case Float64:
		return "<f8"
	case Int32:
		return "<i4"
	case Int64:
		return "<i8"
	}
	return ""
}

const supportedDTypes = "supported: '<f4' (float32), '<f8' (float64), '<i4' (int32), '<i8' (int64), little- or big-endian ('>')"

// parseDescr maps a NumPy descr string to a DType and its byte order.
func parseDescr(s string) (t DType, bigEndian, ok bool) {
	if len(s) != 3 {
		return 0, false, false
	}
	switch s[0] {
	case '<', '=':
	case '>':
		bigEndian = true
	default:
		return 0, false, false
	}
	switch s[1:] {
	case "f4":
		t = Float32
	case "f8":
		t = Float64
	case "i4":
		t = Int32
	case "i8":
		t = Int64
	default:
		return 0, false, false
	}
	return t, bigEndian, true
}
