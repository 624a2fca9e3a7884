package npy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// int64 (NumPy's default integer) decodes in Fortran order, from both
// byte orders, and round-trips.
func TestInt64(t *testing.T) {
	var data []byte
	for _, v := range []int64{1, -2, 3, 1 << 40, 5, 6} {
		data = binary.BigEndian.AppendUint64(data, uint64(v))
	}
	a, err := decodeBytes(t, npyBytes(1, "{'descr': '>i8', 'fortran_order': False, 'shape': (2, 3), }", data))
	if err != nil {
		t.Fatal(err)
	}
	if a.DType != Int64 || a.DType.String() != "int64" || !reflect.DeepEqual(a.I64, []int64{1, 1 << 40, -2, 5, 3, 6}) || a.Len() != 6 {
		t.Fatalf("got %+v", a)
	}
	var b bytes.Buffer
	if err := Encode(&b, a); err != nil {
		t.Fatal(err)
	}
	back, err := Decode(&b, "back.npy")
	if err != nil || !reflect.DeepEqual(back, a) {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

// An .npz archive and a float16 array get errors that say what to do.
func TestNpzAndFloat16(t *testing.T) {
	_, err := Decode(strings.NewReader("PK\x03\x04\x14\x00\x00\x00rest of a zip"), "arrays.npz")
	if !errors.Is(err, ErrNotNpy) || !strings.Contains(err.Error(), "an .npz archive; save each array as .npy") {
		t.Errorf(".npz: %v", err)
	}
	_, err = decodeBytes(t, npyBytes(1, "{'descr': '<f2', 'fortran_order': False, 'shape': (2,), }", []byte{0, 0, 0, 0}))
	if !errors.Is(err, ErrUnsupportedDType) || !strings.Contains(err.Error(), "'<f2' is float16") || !strings.Contains(err.Error(), "save the array as float32") {
		t.Errorf("float16: %v", err)
	}
}
