package clhost

import (
	"math"
	"strings"
	"testing"
)

func TestBufferRoundTrips(t *testing.T) {
	c := newTestContext(t)

	f32 := []float32{1.5, -2.25e-30, math.MaxFloat32, math.SmallestNonzeroFloat32, float32(math.Inf(-1)), 0x1.fffffep-1, -0, 16777217}
	b := mustBuffer(t, c, int64(4*len(f32)))
	if b.Size() != int64(4*len(f32)) {
		t.Errorf("Size = %d", b.Size())
	}
	if err := c.WriteFloat32(b, f32); err != nil {
		t.Fatal(err)
	}
	got32 := make([]float32, len(f32))
	if err := c.ReadFloat32(b, got32); err != nil {
		t.Fatal(err)
	}
	for i := range f32 {
		if math.Float32bits(got32[i]) != math.Float32bits(f32[i]) {
			t.Errorf("float32[%d] = %x, want %x", i, math.Float32bits(got32[i]), math.Float32bits(f32[i]))
		}
	}

	f64 := []float64{math.Pi, -1e300, math.SmallestNonzeroFloat64, math.Copysign(0, -1), 1 + 0x1p-52, math.NaN()}
	b64 := mustBuffer(t, c, int64(8*len(f64)))
	if err := c.WriteFloat64(b64, f64); err != nil {
		t.Fatal(err)
	}
	got64 := make([]float64, len(f64))
	if err := c.ReadFloat64(b64, got64); err != nil {
		t.Fatal(err)
	}
	for i := range f64 {
		if math.Float64bits(got64[i]) != math.Float64bits(f64[i]) {
			t.Errorf("float64[%d] = %x, want %x", i, math.Float64bits(got64[i]), math.Float64bits(f64[i]))
		}
	}

	i32 := []int32{0x01020304, -1, math.MinInt32, math.MaxInt32, 0, 0x7f00ff00}
	bi := mustBuffer(t, c, int64(4*len(i32)))
	if err := c.WriteInt32(bi, i32); err != nil {
		t.Fatal(err)
	}
	goti := make([]int32, len(i32))
	if err := c.ReadInt32(bi, goti); err != nil {
		t.Fatal(err)
	}
	for i := range i32 {
		if goti[i] != i32[i] {
			t.Errorf("int32[%d] = %#x, want %#x", i, goti[i], i32[i])
		}
	}

	// Bytes in, int32 out: reveals byte-order or element-size confusion.
	raw := []byte{1, 2, 3, 4, 0xff, 0xff, 0xff, 0x7f}
	bb := mustBuffer(t, c, 8)
	if err := c.WriteBytes(bb, raw); err != nil {
		t.Fatal(err)
	}
	two := make([]int32, 2)
	if err := c.ReadInt32(bb, two); err != nil {
		t.Fatal(err)
	}
	if two[0] != 0x04030201 || two[1] != math.MaxInt32 {
		t.Errorf("bytes read back as int32 %#x, want [0x4030201 0x7fffffff]", two)
	}
	back := make([]byte, 8)
	if err := c.ReadBytes(bb, back); err != nil || string(back) != string(raw) {
		t.Errorf("ReadBytes = %v, %v", back, err)
	}

	// Device-side copy; a partial read reads from the start.
	dst := mustBuffer(t, c, int64(4*len(i32)))
	if err := c.CopyBuffer(dst, bi); err != nil {
		t.Fatal(err)
	}
	first := make([]int32, 3)
	if err := c.ReadInt32(dst, first); err != nil {
		t.Fatal(err)
	}
	if first[0] != i32[0] || first[2] != i32[2] {
		t.Errorf("CopyBuffer: got %v", first)
	}
}

func TestBufferMisuse(t *testing.T) {
	c := newTestContext(t)
	if _, err := c.NewBuffer(0); err == nil {
		t.Error("NewBuffer(0) succeeded")
	}
	if _, err := c.NewBuffer(-5); err == nil {
		t.Error("NewBuffer(-5) succeeded")
	}
	b := mustBuffer(t, c, 8)
	if err := c.WriteFloat32(b, make([]float32, 3)); err == nil || !strings.Contains(err.Error(), "do not fit") {
		t.Errorf("oversized write: %v", err)
	}
	if err := c.ReadFloat64(b, make([]float64, 2)); err == nil {
		t.Error("oversized read succeeded")
	}
	if err := c.WriteFloat32(b, nil); err != nil {
		t.Errorf("empty write: %v", err)
	}
	small := mustBuffer(t, c, 4)
	if err := c.CopyBuffer(small, b); err == nil {
		t.Error("CopyBuffer into a smaller buffer succeeded")
	}
	if err := c.CopyBuffer(b, b); err == nil {
		t.Error("CopyBuffer onto itself succeeded")
	}
	if err := c.CopyBuffer(nil, b); err == nil {
		t.Error("CopyBuffer(nil, b) succeeded")
	}
	b.Release()
	b.Release() // idempotent
	if err := c.WriteFloat32(b, []float32{1}); err == nil || !strings.Contains(err.Error(), "released") {
		t.Errorf("write after Release: %v", err)
	}

	other := newTestContext(t)
	ob := mustBuffer(t, other, 8)
	if err := c.WriteFloat32(ob, []float32{1}); err == nil || !strings.Contains(err.Error(), "another context") {
		t.Errorf("cross-context write: %v", err)
	}
}
