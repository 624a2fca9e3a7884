package benchreport

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var nan = math.NaN()

// table1 resembles Table 1 of the ForOpenCL paper: ms per step vs grid width.
func table1() []Series {
	w := []float64{16, 32, 64, 128, 256, 512, 1024, 2048, 4096}
	return []Series{
		{Name: "Fortran serial", X: w, Y: []float64{0.004, 0.016, 0.07, 0.3, 1.2, 4.8, 19, 77, 310}},
		{Name: "OpenCL CPU", X: w, Y: []float64{0.05, 0.06, 0.09, 0.2, 0.6, 2.1, 8.5, 34, 140}},
		{Name: "OpenCL GPU", X: w, Y: []float64{0.02, 0.021, 0.022, 0.025, 0.04, 0.1, 0.35, 1.3, 5.1}},
		{Name: "OpenCL GPU (tiled)", X: w, Y: []float64{nan, 0.012, 0.013, 0.015, 0.022, 0.05, nan, 0.6, 2.3}},
	}
}

var xticks = []float64{16, 64, 256, 1024, 4096}

func chart(t *testing.T, title string, xt []float64, ss []Series) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := PlotLogLog(&b, title, "grid width", "ms per step", xt, ss); err != nil {
		t.Fatalf("PlotLogLog: %v", err)
	}
	return b.Bytes()
}

func TestPlotLogLog(t *testing.T) {
	ss := table1()
	data := chart(t, "Shallow water: time per step", xticks, ss)
	if p := os.Getenv("BENCHREPORT_PNG"); p != "" {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if got := img.Bounds(); got != image.Rect(0, 0, Width, Height) || Width < 900 || Height < 600 {
		t.Fatalf("bounds %v, want %dx%d (>= 900x600)", got, Width, Height)
	}

	// Every series is drawn in its colour in the chart, left of the legend.
	area := image.Rect(0, 0, Width-legendWidth, Height)
	for i := range ss {
		if n := countColour(img, area, Palette[i%len(Palette)]); n < 30 {
			t.Errorf("series %d (%s): only %d pixels of colour %v in the chart", i, ss[i].Name, n, Palette[i%len(Palette)])
		}
	}
	// Background is white.
	if r, g, b, _ := img.At(1, 1).RGBA(); r != 0xffff || g != 0xffff || b != 0xffff {
		t.Errorf("corner pixel not white")
	}

	if again := chart(t, "Shallow water: time per step", xticks, table1()); !bytes.Equal(data, again) {
		t.Errorf("output not deterministic")
	}
}

func TestAxes(t *testing.T) {
	ss := table1()
	all := make([][]point, len(ss))
	for i, s := range ss {
		all[i] = seriesPoints(s)
	}
	x, y := axes(xticks, all)
	var ylab []string
	for _, tk := range y.major {
		ylab = append(ylab, tk.label)
	}
	if got, want := ylab, []string{"0.001", "0.01", "0.1", "1", "10", "100", "1000"}; !equalStrings(got, want) {
		t.Errorf("y labels %v, want %v", got, want)
	}
	var xlab []string
	for _, tk := range x.major {
		xlab = append(xlab, tk.label)
	}
	if got, want := xlab, []string{"16", "64", "256", "1024", "4096"}; !equalStrings(got, want) {
		t.Errorf("x labels %v, want %v", got, want)
	}

	// One decade at least, even for a single value or a narrow range.
	for _, vals := range [][]float64{{5}, {2, 3}, {10}, {1000}, nil} {
		a := decadeAxis(vals)
		if a.hi-a.lo < 1 {
			t.Errorf("decadeAxis(%v) spans %v..%v", vals, a.lo, a.hi)
		}
		for _, v := range vals {
			if lv := math.Log10(v); lv < a.lo-1e-12 || lv > a.hi+1e-12 {
				t.Errorf("decadeAxis(%v) = %v..%v does not cover %v", vals, a.lo, a.hi, v)
			}
		}
	}
	if a := decadeAxis([]float64{1000}); a.lo != 3 || a.hi != 4 {
		t.Errorf("decadeAxis(1000) = %v..%v, want 3..4", a.lo, a.hi)
	}
	var one []string
	for _, tk := range decadeAxis([]float64{0.002, 0.003}).major {
		one = append(one, tk.label)
	}
	if want := []string{"0.001", "0.002", "0.005", "0.01"}; !equalStrings(one, want) {
		t.Errorf("one-decade labels %v, want %v", one, want)
	}
	if a := decadeAxis([]float64{0.001, 1000}); a.lo != -3 || a.hi != 3 {
		t.Errorf("decadeAxis(0.001, 1000) = %v..%v, want -3..3", a.lo, a.hi)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestPlotEdgeCases(t *testing.T) {
	cases := map[string]struct {
		xt []float64
		ss []Series
	}{
		"no series":      {nil, nil},
		"empty series":   {xticks, []Series{{Name: "empty"}}},
		"single point":   {nil, []Series{{Name: "one", X: []float64{64}, Y: []float64{3}}}},
		"all NaN":        {xticks, []Series{{Name: "nan", X: []float64{16, 64}, Y: []float64{nan, nan}}, {Name: "ok", X: []float64{16, 64}, Y: []float64{1, 2}}}},
		"one decade":     {xticks, []Series{{Name: "flat", X: []float64{16, 4096}, Y: []float64{2, 2}}}},
		"non-positive":   {[]float64{-1, 0, nan, 10}, []Series{{Name: "neg", X: []float64{-1, 0, 10, 100}, Y: []float64{1, 2, 0, -5}}}},
		"infinities":     {nil, []Series{{Name: "inf", X: []float64{math.Inf(1), 1, 2}, Y: []float64{1, math.Inf(1), 3}}}},
		"single tick":    {[]float64{64}, []Series{{Name: "s", X: []float64{64}, Y: []float64{1}}}},
		"huge range":     {nil, []Series{{Name: "h", X: []float64{1e-300, 1e300}, Y: []float64{5e-324, math.MaxFloat64}}}},
		"many series":    {xticks, manySeries(25)},
		"long name":      {nil, []Series{{Name: "a very long series name that goes on and on and on", X: []float64{1, 10}, Y: []float64{1, 10}}}},
		"unsorted x":     {xticks, []Series{{Name: "u", X: []float64{4096, 16, 256}, Y: []float64{100, 0.01, 1}}}},
		"empty strings":  {nil, []Series{{X: []float64{1, 2}, Y: []float64{1, 2}}}},
		"duplicate tick": {[]float64{16, 16, 64}, []Series{{Name: "d", X: []float64{16, 64}, Y: []float64{1, 2}}}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			data := chart(t, name, c.xt, c.ss)
			if dir := os.Getenv("BENCHREPORT_DIR"); dir != "" {
				if err := os.WriteFile(filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".png"), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds().Dx() != Width || img.Bounds().Dy() != Height {
				t.Fatalf("bounds %v", img.Bounds())
			}
		})
	}
}

func manySeries(n int) []Series {
	ss := make([]Series, n)
	for i := range ss {
		ss[i] = Series{Name: "s", X: []float64{1, 10, 100}, Y: []float64{float64(i + 1), float64(i + 2), float64(i + 3)}}
	}
	return ss
}

func TestPlotLengthMismatch(t *testing.T) {
	var b bytes.Buffer
	err := PlotLogLog(&b, "", "", "", nil, []Series{{Name: "bad", X: []float64{1, 2}, Y: []float64{1}}})
	if err == nil {
		t.Fatal("want error for len(X) != len(Y)")
	}
}

func TestAllNaNHasLegendOnly(t *testing.T) {
	ss := []Series{
		{Name: "ok", X: []float64{16, 64}, Y: []float64{1, 2}},
		{Name: "nan", X: []float64{16, 64}, Y: []float64{nan, nan}},
	}
	data := chart(t, "", xticks, ss)
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if n := countColour(img, image.Rect(0, 0, Width-legendWidth, Height), Palette[1]); n != 0 {
		t.Errorf("all-NaN series drew %d pixels in the chart", n)
	}
	if n := countColour(img, image.Rect(Width-legendWidth, 0, Width, Height), Palette[1]); n == 0 {
		t.Errorf("all-NaN series has no legend sample")
	}
}

// countColour counts the pixels of exactly colour want in r.
func countColour(img image.Image, r image.Rectangle, want color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if uint8(cr>>8) == want.R && uint8(cg>>8) == want.G && uint8(cb>>8) == want.B {
				n++
			}
		}
	}
	return n
}
