package npy

import (
	"bytes"
	"testing"
)

func FuzzDecode(f *testing.F) {
	for _, a := range []*Array{
		{DType: Float32, Shape: []int{2, 3}, F32: []float32{1, 2, 3, 4, 5, 6}},
		{DType: Float64, Shape: []int{}, F64: []float64{3.5}},
		{DType: Int32, Shape: []int{2, 1, 2}, I32: []int32{1, -1, 7, 9}},
	} {
		var b bytes.Buffer
		if err := Encode(&b, a); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	f.Add(npyBytes(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", make([]byte, 24)))
	f.Add(npyBytes(3, "{'descr': '>i4', 'fortran_order': False, 'shape': (2, 2, 1), }", make([]byte, 16)))
	f.Add(npyBytes(2, "{'descr': '>f8', 'fortran_order': True, 'shape': (1,), }", make([]byte, 8)))
	f.Add([]byte("\x93NUMPY\x01\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, r := range []interface {
			Read([]byte) (int, error)
		}{bytes.NewReader(data), onlyReader{bytes.NewReader(data)}} {
			a, err := Decode(r, "fuzz.npy")
			if err != nil {
				continue
			}
			n := 1
			for _, s := range a.Shape {
				n *= s
			}
			if a.Len() != n {
				t.Fatalf("Len %d for shape %v", a.Len(), a.Shape)
			}
			var b bytes.Buffer
			if err := Encode(&b, a); err != nil {
				t.Fatalf("re-encode: %v", err)
			}
			a2, err := Decode(&b, "again.npy")
			if err != nil || a2.Len() != n || a2.DType != a.DType {
				t.Fatalf("round trip: %v", err)
			}
		}
	})
}
