package benchreport

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Size of the PNG written by PlotLogLog, in pixels.
const (
	Width  = 1000
	Height = 650
)

// legendWidth is the part of the picture on the right that holds the
// legend, in pixels.
const legendWidth = 260

// Series is one line of a chart. Points whose X or Y is NaN, infinite or not
// positive cannot be shown on log axes and are skipped; the remaining points
// are joined in order of increasing X.
type Series struct {
	Name string
	X    []float64
	Y    []float64
}

// Palette holds the series colours, used in order and cycled. None of them is
// used for the background, the axes, the gridlines or the text.
var Palette = []color.RGBA{
	{31, 119, 180, 255},  // blue
	{255, 127, 14, 255},  // orange
	{44, 160, 44, 255},   // green
	{214, 39, 40, 255},   // red
	{148, 103, 189, 255}, // purple
	{140, 86, 75, 255},   // brown
	{227, 119, 194, 255}, // pink
	{188, 189, 34, 255},  // olive
	{23, 190, 207, 255},  // cyan
	{90, 90, 90, 255},    // dark grey
}

// markers are the glyphs of the series, used in order and cycled
// (independently of the colours).
var markers = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PyramidGlyph{},
	draw.CrossGlyph{}, draw.BoxGlyph{}, draw.PlusGlyph{}, draw.RingGlyph{},
}

const (
	maxNameLen  = 32
	maxMajor    = 12 // at most this many labelled decades per axis
	maxMinorDec = 8  // draw 2..9 minor ticks only up to this many decades
)

type point struct{ x, y float64 }

type tick struct {
	pos   float64 // log10 of the value
	label string
}

type axis struct {
	lo, hi float64 // log10 bounds
	major  []tick
	minor  []float64 // log10 positions
}

func validPoint(x, y float64) bool {
	return x > 0 && y > 0 && !math.IsInf(x, 0) && !math.IsInf(y, 0)
	// NaN fails the comparisons above.
}

// seriesPoints returns the plottable points of s, sorted by X (stable).
func seriesPoints(s Series) []point {
	var pts []point
	for i := range s.X {
		if validPoint(s.X[i], s.Y[i]) {
			pts = append(pts, point{s.X[i], s.Y[i]})
		}
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].x < pts[j].x })
	return pts
}

// floorDecade returns the largest integer e with 10^e <= v (v > 0), robust to
// rounding in math.Log10.
func floorDecade(v float64) int {
	e := int(math.Floor(math.Log10(v)))
	for math.Pow10(e) > v {
		e--
	}
	for math.Pow10(e+1) <= v && !math.IsInf(math.Pow10(e+1), 1) {
		e++
	}
	return e
}

// ceilDecade returns the smallest integer e with 10^e >= v (v > 0).
func ceilDecade(v float64) int {
	e := floorDecade(v)
	if math.Pow10(e) < v {
		e++
	}
	return e
}

func formatValue(v float64) string {
	if v >= 1e-4 && v < 1e7 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func formatDecade(e int) string {
	if e >= -4 && e <= 6 {
		return strconv.FormatFloat(math.Pow10(e), 'f', -1, 64)
	}
	return "1e" + strconv.Itoa(e)
}

// decadeAxis builds an axis spanning whole decades that covers vals (all
// positive and finite), at least one decade wide. Decades are labelled (every
// step-th one when there are many); an axis of exactly one decade is also
// labelled at 2 and 5.
func decadeAxis(vals []float64) axis {
	lo, hi := 0, 1
	if len(vals) > 0 {
		mn, mx := vals[0], vals[0]
		for _, v := range vals {
			mn = math.Min(mn, v)
			mx = math.Max(mx, v)
		}
		lo, hi = floorDecade(mn), ceilDecade(mx)
		if hi <= lo {
			hi = lo + 1
		}
	}
	n := hi - lo
	step := (n + maxMajor - 1) / maxMajor
	a := axis{lo: float64(lo), hi: float64(hi)}
	for e := lo; e <= hi; e++ {
		if (e-lo)%step == 0 {
			a.major = append(a.major, tick{float64(e), formatDecade(e)})
		}
		if n == 1 && e < hi {
			// A single decade gets intermediate labels at 2 and 5.
			for _, k := range []float64{2, 5} {
				a.major = append(a.major, tick{float64(e) + math.Log10(k), formatValue(k * math.Pow10(e))})
			}
		}
		if n <= maxMinorDec && e < hi {
			for k := 2; k <= 9; k++ {
				a.minor = append(a.minor, float64(e)+math.Log10(float64(k)))
			}
		}
	}
	return a
}

// tickAxis builds an axis with the given tick values (positive, finite,
// sorted, unique) that also covers vals.
func tickAxis(ticks, vals []float64) axis {
	mn, mx := ticks[0], ticks[len(ticks)-1]
	for _, v := range vals {
		mn = math.Min(mn, v)
		mx = math.Max(mx, v)
	}
	a := axis{lo: math.Log10(mn), hi: math.Log10(mx)}
	if a.hi-a.lo < 1e-9 {
		a.lo -= 0.5
		a.hi += 0.5
	}
	for _, t := range ticks {
		a.major = append(a.major, tick{math.Log10(t), formatValue(t)})
	}
	return a
}

func truncateName(s string) string {
	r := []rune(s)
	if len(r) > maxNameLen {
		return string(r[:maxNameLen-3]) + "..."
	}
	return s
}

// axes returns the x and y axes of the points: x labelled at the positive
// values of xticks when there are any, else at decades; y at decades.
func axes(xticks []float64, all [][]point) (x, y axis) {
	var xs, ys []float64
	for _, pts := range all {
		for _, p := range pts {
			xs = append(xs, p.x)
			ys = append(ys, p.y)
		}
	}
	var tv []float64
	for _, t := range xticks {
		if t > 0 && !math.IsInf(t, 0) {
			tv = append(tv, t)
		}
	}
	sort.Float64s(tv)
	uniq := tv[:0]
	for i, t := range tv {
		if i == 0 || t != tv[i-1] {
			uniq = append(uniq, t)
		}
	}
	if len(uniq) > 0 {
		x = tickAxis(uniq, xs)
	} else {
		x = decadeAxis(xs)
	}
	return x, decadeAxis(ys)
}

// ticks are an axis's ticks for gonum/plot: majors labelled, minors not.
func (a axis) ticks() plot.ConstantTicks {
	var ts []plot.Tick
	for _, t := range a.major {
		ts = append(ts, plot.Tick{Value: t.pos, Label: t.label})
	}
	for _, m := range a.minor {
		ts = append(ts, plot.Tick{Value: m})
	}
	return plot.ConstantTicks(ts)
}

// PlotLogLog draws a line chart of the series on log10 axes and writes it to
// w as a Width x Height PNG, through gonum.org/v1/plot.
//
// If xticks contains positive values, the x axis is labelled exactly at
// those values (e.g. 16, 64, 256, 1024, 4096) and spans them plus the data;
// otherwise it is labelled at powers of ten. The y axis always spans whole
// decades (at least one) and is labelled at powers of ten (0.001 ... 1000;
// a one-decade axis also at 2 and 5 times the decade).
// Each series gets its own colour and marker and a legend entry, right of
// the chart, even when none of its points can be drawn. Series with
// len(X) != len(Y) are an error. Output is deterministic.
func PlotLogLog(w io.Writer, title, xlabel, ylabel string, xticks []float64, series []Series) error {
	all := make([][]point, len(series))
	for i, s := range series {
		if len(s.X) != len(s.Y) {
			return fmt.Errorf("benchreport: series %q has %d X values but %d Y values", s.Name, len(s.X), len(s.Y))
		}
		all[i] = seriesPoints(s)
	}
	xa, ya := axes(xticks, all)

	// The data are drawn as log10 values on linear axes, labelled with the
	// values themselves: no value can break a log scale (5e-324 included).
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = 16
	p.Title.Padding = vg.Points(10)
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = xa.lo, xa.hi, ya.lo, ya.hi
	p.X.Tick.Marker, p.Y.Tick.Marker = xa.ticks(), ya.ticks()
	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{215}
	grid.Horizontal.Color = color.Gray{215}
	p.Add(grid)

	legend := plot.NewLegend()
	legend.Top, legend.Left = true, true
	legend.Padding = vg.Points(5)
	for i, s := range series {
		line := &plotter.Line{LineStyle: draw.LineStyle{Color: Palette[i%len(Palette)], Width: vg.Points(1.5)}}
		dots := &plotter.Scatter{GlyphStyle: draw.GlyphStyle{Color: Palette[i%len(Palette)], Radius: vg.Points(3.5), Shape: markers[i%len(markers)]}}
		if pts := all[i]; len(pts) > 0 {
			xys := make(plotter.XYs, len(pts))
			for j, q := range pts {
				xys[j] = plotter.XY{X: math.Log10(q.x), Y: math.Log10(q.y)}
			}
			line.XYs, dots.XYs = xys, xys
			p.Add(line, dots)
		}
		legend.Add(truncateName(s.Name), line, dots)
	}

	c := vgimg.NewWith(vgimg.UseWH(Width*vg.Inch/96, Height*vg.Inch/96), vgimg.UseDPI(96), vgimg.UseBackgroundColor(color.White))
	dc := draw.New(c)
	chartRight := vg.Length(0)
	if len(series) > 0 {
		chartRight = -legendWidth * vg.Inch / 96
		top := vg.Length(44) // about the title's height
		legend.Draw(draw.Crop(dc, vg.Length(Width-legendWidth+16)*vg.Inch/96, -8, 0, -top))
	}
	p.Draw(draw.Crop(dc, 0, chartRight, 0, 0))
	_, err := vgimg.PngCanvas{Canvas: c}.WriteTo(w)
	return err
}
