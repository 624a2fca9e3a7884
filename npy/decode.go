package npy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"unicode/utf8"
)

// Error classes; every error from Read and Decode matches one of them
// (errors.Is) or comes from the underlying reader.
var (
	ErrNotNpy           = errors.New("not an npy file")
	ErrTruncated        = errors.New("truncated")
	ErrUnsupportedDType = errors.New("unsupported dtype")
	ErrMalformed        = errors.New("malformed header")
)

const (
	magic         = "\x93NUMPY"
	zipMagic      = "PK\x03\x04" // an .npz file is a zip archive of .npy files
	maxHeaderSize = 1 << 20      // NumPy itself refuses headers over 10000 bytes by default
)

// Array is an n-dimensional array with its data in Fortran (column-major)
// order. Exactly one of F32, F64, I32 and I64 is non-nil, matching DType.
type Array struct {
	DType DType
	Shape []int     // NumPy shape; Fortran element A(i,j,...) is a[i-1,j-1,...]
	F32   []float32 // data for Float32, column-major
	F64   []float64 // data for Float64, column-major
	I32   []int32   // data for Int32, column-major
	I64   []int64   // data for Int64, column-major
}

// Len returns the number of elements, the length of the data slice that
// DType selects.
func (a *Array) Len() int {
	if a == nil {
		return 0
	}
	switch a.DType {
	case Float32:
		return len(a.F32)
	case Float64:
		return len(a.F64)
	case Int32:
		return len(a.I32)
	case Int64:
		return len(a.I64)
	}
	return 0
}

// Read reads the .npy file at path.
func Read(path string) (*Array, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("npy: %w", err)
	}
	defer f.Close()
	return Decode(f, path)
}

// Decode reads one .npy array from r; name (usually the file name) is used
// in error messages. The data is returned in Fortran order whatever the
// file's order. When r can tell how many bytes remain (an *os.File, or
// anything with a Len method such as *bytes.Reader), a header that claims
// more data than remains fails before any allocation; otherwise the data
// buffer grows only as bytes actually arrive.
func Decode(r io.Reader, name string) (*Array, error) {
	if r == nil {
		return nil, fmt.Errorf("npy: %s: nil reader", name)
	}
	d := &decoder{r: r, name: name, remaining: remainingBytes(r)}
	return d.decode()
}

type decoder struct {
	r         io.Reader
	name      string
	remaining int64 // bytes left in r, -1 if unknown
}

func (d *decoder) errorf(class error, format string, args ...any) error {
	return fmt.Errorf("npy: %s: %w: %s", d.name, class, fmt.Sprintf(format, args...))
}

// remainingBytes reports how many bytes r still holds, or -1.
func remainingBytes(r io.Reader) int64 {
	switch v := r.(type) {
	case interface{ Len() int }:
		return int64(v.Len())
	case *os.File:
		st, err := v.Stat()
		if err != nil || !st.Mode().IsRegular() {
			return -1
		}
		pos, err := v.Seek(0, io.SeekCurrent)
		if err != nil || pos > st.Size() {
			return -1
		}
		return st.Size() - pos
	}
	return -1
}

// readFull reads exactly len(buf) bytes; it returns how many arrived.
func (d *decoder) readFull(buf []byte) (int, error) {
	n, err := io.ReadFull(d.r, buf)
	if d.remaining >= 0 {
		d.remaining -= int64(n)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	return n, err
}

// decode reads the preamble, the header and the data, in that order.
func (d *decoder) decode() (*Array, error) {
	major, hlen, err := d.preamble()
	if err != nil {
		return nil, err
	}
	h, dt, big, err := d.header(major, hlen)
	if err != nil {
		return nil, err
	}
	count, data, err := d.payload(h, dt)
	if err != nil {
		return nil, err
	}
	var order binary.ByteOrder = binary.LittleEndian
	if big {
		order = binary.BigEndian
	}
	return unpack(h, dt, order, data, count), nil
}

// preamble reads the magic string, the format version and the header
// length; it returns the major version and the header length.
func (d *decoder) preamble() (major byte, hlen int64, err error) {
	pre := make([]byte, len(magic)+2)
	n, err := d.readFull(pre)
	if err != nil {
		return 0, 0, fmt.Errorf("npy: %s: %w", d.name, err)
	}
	if n == 0 {
		return 0, 0, d.errorf(ErrNotNpy, "the file is empty")
	}
	if n >= 4 && string(pre[:4]) == zipMagic {
		return 0, 0, d.errorf(ErrNotNpy, "an .npz archive; save each array as .npy (numpy.save, not numpy.savez)")
	}
	if m := min(n, len(magic)); string(pre[:m]) != magic[:m] {
		return 0, 0, d.errorf(ErrNotNpy, "bad magic %q, want \"\\x93NUMPY\"", pre[:m])
	}
	if n < len(pre) {
		return 0, 0, d.errorf(ErrTruncated, "expected %d-byte preamble, found %d bytes", len(pre), n)
	}
	major, minor := pre[6], pre[7]
	lenSize := 0
	switch {
	case major == 1 && minor == 0:
		lenSize = 2
	case (major == 2 || major == 3) && minor == 0:
		lenSize = 4
	default:
		return 0, 0, d.errorf(ErrMalformed, "unsupported format version %d.%d (supported: 1.0, 2.0, 3.0)", major, minor)
	}
	lb := make([]byte, lenSize)
	if n, err := d.readFull(lb); err != nil {
		return 0, 0, fmt.Errorf("npy: %s: %w", d.name, err)
	} else if n < lenSize {
		return 0, 0, d.errorf(ErrTruncated, "expected %d-byte header length, found %d bytes", lenSize, n)
	}
	if lenSize == 2 {
		hlen = int64(binary.LittleEndian.Uint16(lb))
	} else {
		hlen = int64(binary.LittleEndian.Uint32(lb))
	}
	return major, hlen, nil
}

// header reads and parses the hlen-byte header of a file of format
// version major, and its dtype: dt, stored big-endian when big is set.
func (d *decoder) header(major byte, hlen int64) (h header, dt DType, big bool, err error) {
	if hlen > maxHeaderSize {
		return h, 0, false, d.errorf(ErrMalformed, "header length %d bytes exceeds the %d-byte limit", hlen, maxHeaderSize)
	}
	if d.remaining >= 0 && hlen > d.remaining {
		return h, 0, false, d.errorf(ErrTruncated, "expected %d header bytes, found %d", hlen, d.remaining)
	}
	hb := make([]byte, hlen)
	if n, err := d.readFull(hb); err != nil {
		return h, 0, false, fmt.Errorf("npy: %s: %w", d.name, err)
	} else if int64(n) < hlen {
		return h, 0, false, d.errorf(ErrTruncated, "expected %d header bytes, found %d", hlen, n)
	}
	if major == 3 && !utf8.Valid(hb) {
		return h, 0, false, d.errorf(ErrMalformed, "version 3.0 header is not valid UTF-8")
	}
	h, err = parseHeader(strings.TrimRight(string(hb), " \t\r\n\x00"))
	if err != nil {
		return h, 0, false, d.errorf(ErrMalformed, "%v", err)
	}
	dt, big, ok := parseDescr(h.descr)
	if !ok && len(h.descr) == 3 && h.descr[1:] == "f2" {
		return h, 0, false, d.errorf(ErrUnsupportedDType, "'%s' is float16, which kernels do not compute with; save the array as float32 (a.astype(numpy.float32))", h.descr)
	}
	if !ok {
		return h, 0, false, d.errorf(ErrUnsupportedDType, "'%s' (%s)", h.descr, supportedDTypes)
	}
	return h, dt, big, nil
}

// payload sizes the data from the shape of h, refusing overflow and
// anything larger than the input can hold before allocating, and reads
// it: count elements of dt.
func (d *decoder) payload(h header, dt DType) (count int64, data []byte, err error) {
	count = 1
	limit := int64(math.MaxInt) / int64(dt.size())
	for _, n := range h.shape {
		if n != 0 && count > limit/int64(n) {
			return 0, nil, d.errorf(ErrMalformed, "shape %s is too large", fmtShape(h.shape))
		}
		count *= int64(n)
	}
	nbytes := count * int64(dt.size())
	if d.remaining >= 0 && nbytes > d.remaining {
		return 0, nil, d.errorf(ErrTruncated, "shape %s of %s needs %d bytes of data, found %d", fmtShape(h.shape), dt, nbytes, d.remaining)
	}
	data, err = d.readData(nbytes)
	if err != nil {
		return 0, nil, err
	}
	if int64(len(data)) < nbytes {
		return 0, nil, d.errorf(ErrTruncated, "shape %s of %s needs %d bytes of data, found %d", fmtShape(h.shape), dt, nbytes, len(data))
	}
	return count, data, nil
}

// unpack converts count elements of dt in byte order order into an
// Array in Fortran order.
func unpack(h header, dt DType, order binary.ByteOrder, data []byte, count int64) *Array {
	a := &Array{DType: dt, Shape: h.shape}
	switch dt {
	case Float32:
		v := make([]float32, count)
		for i := range v {
			v[i] = math.Float32frombits(order.Uint32(data[4*i:]))
		}
		a.F32 = toFortran(v, h.shape, h.fortran)
	case Float64:
		v := make([]float64, count)
		for i := range v {
			v[i] = math.Float64frombits(order.Uint64(data[8*i:]))
		}
		a.F64 = toFortran(v, h.shape, h.fortran)
	case Int32:
		v := make([]int32, count)
		for i := range v {
			v[i] = int32(order.Uint32(data[4*i:]))
		}
		a.I32 = toFortran(v, h.shape, h.fortran)
	case Int64:
		v := make([]int64, count)
		for i := range v {
			v[i] = int64(order.Uint64(data[8*i:]))
		}
		a.I64 = toFortran(v, h.shape, h.fortran)
	}
	return a
}

// readData reads up to n bytes. With a known input size the buffer is
// allocated at once (the size was checked); otherwise it grows with the data
// that actually arrives, so a lying header cannot force a huge allocation.
func (d *decoder) readData(n int64) ([]byte, error) {
	if d.remaining >= 0 {
		buf := make([]byte, n)
		got, err := d.readFull(buf)
		if err != nil {
			return nil, fmt.Errorf("npy: %s: %w", d.name, err)
		}
		return buf[:got], nil
	}
	var buf bytes.Buffer
	_, err := io.CopyN(&buf, d.r, n)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("npy: %s: %w", d.name, err)
	}
	return buf.Bytes(), nil
}

// toFortran returns the data in Fortran order: as is when the file was
// already in Fortran order or has rank below 2, otherwise transposed from
// C (row-major) order.
func toFortran[T any](src []T, shape []int, fortran bool) []T {
	if fortran || len(shape) < 2 || len(src) == 0 {
		return src
	}
	k := len(shape)
	stride := make([]int, k) // Fortran strides
	s := 1
	for i, n := range shape {
		stride[i] = s
		s *= n
	}
	dst := make([]T, len(src))
	idx := make([]int, k)
	off := 0
	for _, v := range src {
		dst[off] = v
		// Advance the C-order multi-index: the last dimension fastest.
		for j := k - 1; j >= 0; j-- {
			idx[j]++
			off += stride[j]
			if idx[j] < shape[j] {
				break
			}
			off -= stride[j] * shape[j]
			idx[j] = 0
		}
	}
	return dst
}

// fmtShape formats a shape as NumPy prints it: (), (3,), (2, 3).
func fmtShape(shape []int) string {
	h := formatHeader("", false, shape)
	return h[strings.Index(h, "'shape': ")+len("'shape': ") : len(h)-len(", }")]
}

// Float is element i of a, in memory order, as a float64 (exact for
// float32, float64 and int32; int64 past 2^53 rounds).
func (a *Array) Float(i int) float64 {
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
