package npy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// npyBytes hand-builds an .npy stream: preamble for the given major
// version, the header padded with spaces to a 64-byte boundary, then data.
func npyBytes(major byte, header string, data []byte) []byte {
	lenSize := 2
	if major > 1 {
		lenSize = 4
	}
	total := 8 + lenSize + len(header) + 1
	header += strings.Repeat(" ", (64-total%64)%64) + "\n"
	b := []byte("\x93NUMPY")
	b = append(b, major, 0)
	if lenSize == 2 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(header)))
	} else {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(header)))
	}
	b = append(b, header...)
	return append(b, data...)
}

func f32Bytes(order binary.AppendByteOrder, v ...float32) []byte {
	var b []byte
	for _, x := range v {
		b = order.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

// onlyReader hides Len so Decode cannot know the input size.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

func decodeBytes(t *testing.T, b []byte) (*Array, error) {
	t.Helper()
	a, err := Decode(bytes.NewReader(b), "fixture.npy")
	// The unknown-size path must agree.
	a2, err2 := Decode(onlyReader{bytes.NewReader(b)}, "fixture.npy")
	if (err == nil) != (err2 == nil) || (err == nil && !reflect.DeepEqual(a, a2)) {
		t.Errorf("known-size and unknown-size decoding disagree: %v / %v", err, err2)
	}
	return a, err
}

func TestCOrderFixture2x3(t *testing.T) {
	// NumPy a = [[11, 12, 13], [21, 22, 23]] as float32, C order.
	b := npyBytes(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
		f32Bytes(binary.LittleEndian, 11, 12, 13, 21, 22, 23))
	a, err := decodeBytes(t, b)
	if err != nil {
		t.Fatal(err)
	}
	if a.DType != Float32 || !reflect.DeepEqual(a.Shape, []int{2, 3}) || a.F64 != nil || a.I32 != nil {
		t.Fatalf("got %+v", a)
	}
	// Fortran A(i,j) = a[i-1,j-1] lives at (i-1) + 2*(j-1).
	for i := 1; i <= 2; i++ {
		for j := 1; j <= 3; j++ {
			if got, want := a.F32[(i-1)+2*(j-1)], float32(10*i+j); got != want {
				t.Errorf("A(%d,%d) = %v, want %v", i, j, got, want)
			}
		}
	}
	if !reflect.DeepEqual(a.F32, []float32{11, 21, 12, 22, 13, 23}) {
		t.Errorf("column-major data = %v", a.F32)
	}
}

func TestCOrder3D(t *testing.T) {
	var data []byte
	for i := 0; i < 2; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 4; k++ {
				data = binary.LittleEndian.AppendUint32(data, uint32(100*i+10*j+k))
			}
		}
	}
	a, err := decodeBytes(t, npyBytes(2, "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3, 4), }", data))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 4; k++ {
				if got := a.I32[i+2*(j+3*k)]; got != int32(100*i+10*j+k) {
					t.Fatalf("A(%d,%d,%d) = %d", i+1, j+1, k+1, got)
				}
			}
		}
	}
}

func TestFortranOrderAndBigEndian(t *testing.T) {
	var data []byte
	for _, v := range []float64{1.5, -2, math.Inf(1)} {
		data = binary.BigEndian.AppendUint64(data, math.Float64bits(v))
	}
	a, err := decodeBytes(t, npyBytes(3, `{"descr": ">f8", "fortran_order": True, "shape": (3,)}`, data))
	if err != nil {
		t.Fatal(err)
	}
	if a.DType != Float64 || !reflect.DeepEqual(a.F64, []float64{1.5, -2, math.Inf(1)}) {
		t.Errorf("big-endian f8: %+v", a)
	}
	// Big-endian int32, Fortran order 2x2: data already column-major.
	var id []byte
	for _, v := range []int32{1, -2, 0x01020304, math.MinInt32} {
		id = binary.BigEndian.AppendUint32(id, uint32(v))
	}
	a, err = decodeBytes(t, npyBytes(1, "{'descr': '>i4', 'fortran_order': True, 'shape': (2, 2), }", id))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.I32, []int32{1, -2, 0x01020304, math.MinInt32}) {
		t.Errorf("big-endian i4: %v", a.I32)
	}
	// Big-endian float32, C order 2x2 is transposed.
	a, err = decodeBytes(t, npyBytes(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (2, 2), }",
		f32Bytes(binary.BigEndian, 1, 2, 3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.F32, []float32{1, 3, 2, 4}) {
		t.Errorf("big-endian C-order f4: %v", a.F32)
	}
}

func TestZeroDimAndEmpty(t *testing.T) {
	a, err := decodeBytes(t, npyBytes(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (), }", f32Bytes(binary.LittleEndian, 42)))
	if err != nil || a.Len() != 1 || a.F32[0] != 42 || len(a.Shape) != 0 {
		t.Errorf("0-d: %+v, %v", a, err)
	}
	a, err = decodeBytes(t, npyBytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (0, 5), }", nil))
	if err != nil || a.Len() != 0 || a.F64 == nil {
		t.Errorf("empty: %+v, %v", a, err)
	}
}

func TestRoundTrips(t *testing.T) {
	dir := t.TempDir()
	shapes := [][]int{{}, {7}, {3, 5}, {2, 3, 4}, {0}, {2, 0, 3}}
	for _, dt := range []DType{Float32, Float64, Int32, Int64} {
		for _, shape := range shapes {
			n := 1
			for _, s := range shape {
				n *= s
			}
			a := &Array{DType: dt, Shape: shape}
			switch dt {
			case Float32:
				a.F32 = make([]float32, n)
				for i := range a.F32 {
					a.F32[i] = float32(i)*1.25 - 3e-20
				}
			case Float64:
				a.F64 = make([]float64, n)
				for i := range a.F64 {
					a.F64[i] = float64(i)*math.Pi - 1e300
				}
			case Int32:
				a.I32 = make([]int32, n)
				for i := range a.I32 {
					a.I32[i] = int32(i)*0x01010101 - 7
				}
			case Int64:
				a.I64 = make([]int64, n)
				for i := range a.I64 {
					a.I64[i] = int64(i)*0x0101010101010101 - 7
				}
			}
			path := filepath.Join(dir, dt.String()+".npy")
			if err := Write(path, a); err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			hlen := int(binary.LittleEndian.Uint16(raw[8:]))
			if string(raw[:8]) != "\x93NUMPY\x01\x00" || (10+hlen)%64 != 0 || raw[10+hlen-1] != '\n' ||
				!bytes.Contains(raw[:10+hlen], []byte("'fortran_order': True")) ||
				!bytes.Contains(raw[:10+hlen], []byte("'descr': '"+dt.descr()+"'")) {
				t.Errorf("%v %v: bad header %q", dt, shape, raw[:10+hlen])
			}
			b, err := Read(path)
			if err != nil {
				t.Fatalf("%v %v: %v", dt, shape, err)
			}
			if b.DType != dt || len(b.Shape) != len(shape) || b.Len() != n {
				t.Errorf("%v %v: read back %v %v len %d", dt, shape, b.DType, b.Shape, b.Len())
			}
			if !reflect.DeepEqual(a.F32, b.F32) && n > 0 || !reflect.DeepEqual(a.F64, b.F64) && n > 0 || !reflect.DeepEqual(a.I32, b.I32) && n > 0 || !reflect.DeepEqual(a.I64, b.I64) && n > 0 {
				t.Errorf("%v %v: data differs", dt, shape)
			}
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 4 {
		t.Errorf("directory holds %d entries, want 4 (temporary files left?)", len(entries))
	}
}

func TestHeaderFormat(t *testing.T) {
	for shape, want := range map[string]string{
		"":      "{'descr': '<f4', 'fortran_order': True, 'shape': (), }",
		"3":     "{'descr': '<f4', 'fortran_order': True, 'shape': (3,), }",
		"2,3":   "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }",
		"2,3,4": "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3, 4), }",
	} {
		var s []int
		for _, f := range strings.Split(shape, ",") {
			if f != "" {
				s = append(s, int(f[0]-'0'))
			}
		}
		if got := formatHeader("<f4", true, s); got != want {
			t.Errorf("formatHeader(%v) = %q, want %q", s, got, want)
		}
	}
}

func TestErrors(t *testing.T) {
	good := "{'descr': '<f4', 'fortran_order': False, 'shape': (10,), }"
	for _, tc := range []struct {
		name  string
		data  []byte
		class error
		want  []string
	}{
		{"empty", nil, ErrNotNpy, []string{"empty"}},
		{"bad magic", []byte("GIF89a this is a picture, not npy"), ErrNotNpy, []string{"magic"}},
		{"npz", []byte("PK\x03\x04 this is a zip file, not npy"), ErrNotNpy, []string{"an .npz archive; save each array as .npy"}},
		{"short magic", []byte("\x93NUM"), ErrTruncated, nil},
		{"truncated data", npyBytes(1, good, make([]byte, 12)), ErrTruncated, []string{"40 bytes", "found 12"}},
		{"truncated header", npyBytes(1, good, nil)[:30], ErrTruncated, []string{"header"}},
		{"unsupported dtype", npyBytes(1, "{'descr': '|i1', 'fortran_order': False, 'shape': (4,), }", make([]byte, 4)),
			ErrUnsupportedDType, []string{"'|i1'", "<f4", "<f8", "<i4"}},
		{"structured dtype", npyBytes(1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", make([]byte, 4)),
			ErrUnsupportedDType, nil},
		{"complex64", npyBytes(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", make([]byte, 8)),
			ErrUnsupportedDType, []string{"<c8", "'<i8' (int64)"}},
		{"no shape", npyBytes(1, "{'descr': '<f4', 'fortran_order': False}", nil), ErrMalformed, []string{"shape"}},
		{"bad fortran", npyBytes(1, "{'descr': '<f4', 'fortran_order': 'yes', 'shape': (1,)}", nil), ErrMalformed, nil},
		{"negative dim", npyBytes(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}", nil), ErrMalformed, nil},
		{"unclosed", npyBytes(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,", nil), ErrMalformed, nil},
		{"junk after", npyBytes(1, good+" junk", nil), ErrMalformed, nil},
		{"not a dict", npyBytes(1, "[1, 2]", nil), ErrMalformed, nil},
		{"version 4", append([]byte("\x93NUMPY\x04\x00"), 0, 0), ErrMalformed, []string{"version 4.0"}},
		{"deep nesting", npyBytes(1, strings.Repeat("(", 1000), nil), ErrMalformed, nil},
		{"overflow shape", npyBytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904, 4611686018427387904), }", nil),
			ErrMalformed, []string{"too large"}},
		{"huge header length", append([]byte("\x93NUMPY\x02\x00"), 0xff, 0xff, 0xff, 0x7f), ErrMalformed, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decodeBytes(t, tc.data)
			if !errors.Is(err, tc.class) {
				t.Fatalf("got %v, want %v", err, tc.class)
			}
			if !strings.Contains(err.Error(), "fixture.npy") {
				t.Errorf("error %q does not name the file", err)
			}
			for _, s := range tc.want {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q lacks %q", err, s)
				}
			}
		})
	}
}

// A header claiming 10^12 elements in a tiny file fails fast without a
// large allocation, whether or not the reader's size is known.
func TestHugeClaimedShape(t *testing.T) {
	b := npyBytes(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1000000, 1000000), }", make([]byte, 36))
	path := filepath.Join(t.TempDir(), "huge.npy")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err1 := Read(path)
	_, err2 := Decode(bytes.NewReader(b), "huge.npy")
	_, err3 := Decode(onlyReader{bytes.NewReader(b)}, "huge.npy")
	runtime.ReadMemStats(&after)
	for _, err := range []error{err1, err2, err3} {
		if !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), "huge.npy") || !strings.Contains(err.Error(), "4000000000000 bytes") {
			t.Errorf("got %v, want a truncation error naming the file and the size", err)
		}
	}
	if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
		t.Errorf("allocated %d bytes decoding a %d-byte file", d, len(b))
	}
}

func TestReadMissingFile(t *testing.T) {
	_, err := Read(filepath.Join(t.TempDir(), "nope.npy"))
	if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "nope.npy") {
		t.Errorf("got %v", err)
	}
}

func TestWriteFailuresLeaveNothing(t *testing.T) {
	dir := t.TempDir()
	a := &Array{DType: Float32, Shape: []int{2}, F32: []float32{1, 2}}
	missing := filepath.Join(dir, "no", "such", "dir", "a.npy")
	if err := Write(missing, a); err == nil {
		t.Fatal("Write into a missing directory succeeded")
	}
	bad := []*Array{
		nil,
		{DType: Float32, Shape: []int{3}, F32: []float32{1, 2}},
		{DType: Float32, Shape: []int{2}, F32: []float32{1, 2}, I32: []int32{1}},
		{DType: Float64, Shape: []int{2}, F32: []float32{1, 2}},
		{DType: DType(9), Shape: []int{0}},
		{DType: Int32, Shape: []int{-1}},
	}
	for i, b := range bad {
		if err := Write(filepath.Join(dir, "bad.npy"), b); err == nil {
			t.Errorf("bad array %d written", i)
		}
		if err := Encode(io.Discard, b); err == nil {
			t.Errorf("bad array %d encoded", i)
		}
	}
	// A failing writer is reported.
	if err := Encode(failWriter{}, a); err == nil {
		t.Error("Encode to a failing writer succeeded")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
	// Overwriting an existing file works and leaves no temporary file.
	p := filepath.Join(dir, "a.npy")
	for range 2 {
		if err := Write(p, a); err != nil {
			t.Fatal(err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("after overwrite: %v", entries)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestDTypeString(t *testing.T) {
	for dt, want := range map[DType]string{Float32: "float32", Float64: "float64", Int32: "int32", 0: "DType(0)"} {
		if dt.String() != want {
			t.Errorf("%d.String() = %q", int(dt), dt.String())
		}
	}
	if (*Array)(nil).Len() != 0 {
		t.Error("nil Len")
	}
}

func TestPythonTwoHeader(t *testing.T) {
	// NumPy under Python 2 wrote long integers with an L suffix.
	a, err := decodeBytes(t, npyBytes(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (2L,), }", make([]byte, 8)))
	if err != nil || !reflect.DeepEqual(a.Shape, []int{2}) {
		t.Errorf("got %+v, %v", a, err)
	}
}

func TestFmtShape(t *testing.T) {
	for _, tc := range []struct {
		s    []int
		want string
	}{{nil, "()"}, {[]int{3}, "(3,)"}, {[]int{2, 3}, "(2, 3)"}} {
		if got := fmtShape(tc.s); got != tc.want {
			t.Errorf("fmtShape(%v) = %q, want %q", tc.s, got, tc.want)
		}
	}
}

// A header too long for version 1.0 is written as version 2.0.
func TestVersion2Header(t *testing.T) {
	a := &Array{DType: Int32, Shape: make([]int, 25000), I32: []int32{-9}}
	for i := range a.Shape {
		a.Shape[i] = 1
	}
	var b bytes.Buffer
	if err := Encode(&b, a); err != nil {
		t.Fatal(err)
	}
	raw := b.Bytes()
	if raw[6] != 2 || (12+int(binary.LittleEndian.Uint32(raw[8:])))%64 != 0 {
		t.Errorf("preamble %q", raw[:12])
	}
	got, err := decodeBytes(t, raw)
	if err != nil || len(got.Shape) != 25000 || got.I32[0] != -9 {
		t.Errorf("round trip: %v", err)
	}
}
