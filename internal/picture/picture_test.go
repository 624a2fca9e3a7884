package picture

import (
	"bytes"
	"image"
	"image/gif"
	"image/png"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// bump is a smooth 2-D field: a raised column in the middle of a flat
// surface at 1.
func bump(nx, ny int, height float64) Field {
	f := Field{NX: nx, NY: ny, V: make([]float64, nx*ny)}
	for j := 0; j < ny; j++ {
		for i := 0; i < nx; i++ {
			dx, dy := float64(i)-float64(nx)/2, float64(j)-float64(ny)/3
			f.V[i+j*nx] = 1 + height*math.Exp(-(dx*dx+dy*dy)/float64(nx*nx/40))
		}
	}
	return f
}

func TestRenderPNG(t *testing.T) {
	f := bump(64, 48, 0.5)
	var b bytes.Buffer
	if err := WritePNG(&b, f, "water height", "step 10, t = 0.5"); err != nil {
		t.Fatal(err)
	}
	if out := os.Getenv("PICTURE_OUT"); out != "" {
		os.WriteFile(out, b.Bytes(), 0o644)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Size() != Size {
		t.Errorf("size %v, want %v", img.Bounds().Size(), Size)
	}
	// The field's highest and lowest values take the map's two ends, and
	// the colour bar shows both.
	near := func(x, y int, c [3]uint8) bool {
		r, g, b, _ := img.At(x, y).RGBA()
		d := math.Abs(float64(r>>8)-float64(c[0])) + math.Abs(float64(g>>8)-float64(c[1])) + math.Abs(float64(b>>8)-float64(c[2]))
		return d < 16
	}
	var nLow, nHigh int
	for y := 0; y < img.Bounds().Dy(); y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			if near(x, y, [3]uint8{0x44, 0x01, 0x54}) {
				nLow++
			}
			if near(x, y, [3]uint8{0xfd, 0xe7, 0x25}) {
				nHigh++
			}
		}
	}
	if nLow < 100 || nHigh < 10 {
		t.Errorf("%d pixels of the lowest colour and %d of the highest; want both ends of the map drawn", nLow, nHigh)
	}
}

func TestViridisIsPerceptuallyOrdered(t *testing.T) {
	// Lightness (here: luma) rises monotonically from the low end to the
	// high end, so the order of values survives printing in grey.
	prev := -1.0
	for i, c := range colours {
		l := 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
		if l < prev-1 { // allow rounding of one level
			t.Fatalf("colour %d (%v) is darker than the one before it", i, c)
		}
		prev = l
	}
	if c := colours[0]; c.R != 0x44 || c.G != 0x01 || c.B != 0x54 {
		t.Errorf("lowest colour %v, want viridis' #440154", c)
	}
}

func TestAnimationOneScale(t *testing.T) {
	// Frames whose ranges differ are drawn on the range of all of them:
	// a flat frame at 1 is drawn in the lowest colour, not the middle one.
	var a Animation
	a.Title = "h"
	a.Add(bump(32, 32, 1), "step 0")
	flat := Field{NX: 32, NY: 32, V: make([]float64, 32*32)}
	for i := range flat.V {
		flat.V[i] = 1
	}
	a.Add(flat, "step 1")
	_, peak := bump(32, 32, 1).Range()
	if lo, hi := a.Scale(); lo != 1 || hi != peak || peak < 1.9 {
		t.Errorf("Scale = %g, %g; want 1, %g (the range of both frames)", lo, hi, peak)
	}
	var b bytes.Buffer
	if err := a.Encode(&b); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&b)
	if err != nil || len(g.Image) != 2 {
		t.Fatalf("GIF: %v, %d frames, want 2", err, len(g.Image))
	}
	// The middle of the field in the second frame is the lowest colour.
	img := g.Image[1]
	center := fieldCenter(img)
	r, gg, bb, _ := img.At(center.X, center.Y).RGBA()
	if got := [3]uint8{uint8(r >> 8), uint8(gg >> 8), uint8(bb >> 8)}; got != [3]uint8{0x44, 0x01, 0x54} {
		t.Errorf("flat frame drawn as %v at %v, want the lowest colour #440154", got, center)
	}
}

// fieldCenter is about the middle of the field's area of a picture (left
// of the colour bar).
func fieldCenter(img image.Image) image.Point {
	b := img.Bounds()
	return image.Pt(b.Min.X+(b.Dx()-106)/2+20, b.Min.Y+b.Dy()/2)
}

func TestReduceAverages(t *testing.T) {
	f := Field{NX: 1020, NY: 4, V: make([]float64, 1020*4)}
	for k := range f.V {
		f.V[k] = float64(k % 2)
	}
	r := f.reduce()
	if r.NX != 510 || r.NY != 2 {
		t.Fatalf("reduced to %dx%d, want 510x2 (blocks of 2)", r.NX, r.NY)
	}
	if r.V[0] != 0.5 {
		t.Errorf("block average %g, want 0.5", r.V[0])
	}
}

func TestRenderRejectsBadField(t *testing.T) {
	if _, err := Render(Field{NX: 3, NY: 3, V: make([]float64, 8)}, 0, 1, "", ""); err == nil {
		t.Error("a field with too few values rendered without error")
	}
}

// TestCellTicks: axis ticks sit at cell centres, label whole indices
// counted from the first cell's, at round steps, and never more than
// about eight.
func TestCellTicks(t *testing.T) {
	for _, c := range []struct {
		first, n int
		want     string
	}{
		{1, 5, "1 2 3 4 5"},
		{0, 22, "0 5 10 15 20"},
		{-1, 14, "0 2 4 6 8 10 12"},
		{1, 4096, "500 1000 1500 2000 2500 3000 3500 4000"},
		{-2, 64, "0 10 20 30 40 50 60"},
	} {
		ts := cellTicks{c.first}.Ticks(0, float64(c.n))
		var labels []string
		for _, tk := range ts {
			labels = append(labels, tk.Label)
			if v := tk.Value - 0.5; v != math.Trunc(v) || strconv.Itoa(c.first+int(v)) != tk.Label {
				t.Errorf("first %d: tick %q at %g, want the centre of its cell", c.first, tk.Label, tk.Value)
			}
		}
		if got := strings.Join(labels, " "); got != c.want {
			t.Errorf("first %d, %d cells: ticks %q, want %q", c.first, c.n, got, c.want)
		}
	}
}
