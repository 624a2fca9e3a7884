package benchreport

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"sort"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// Size of the PNG written by PlotLogLog, in pixels.
const (
	Width  = 1000
	Height = 650
)

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

// Markers, used in order and cycled (independently of the colours).
const (
	markerCircle = iota
	markerSquare
	markerTriangle
	markerDiamond
	markerCross
	markerTriangleDown
	markerPlus
	markerRing
	numMarkers
)

var (
	colWhite     = color.RGBA{255, 255, 255, 255}
	colBlack     = color.RGBA{0, 0, 0, 255}
	colGridMajor = color.RGBA{215, 215, 215, 255}
	colGridMinor = color.RGBA{238, 238, 238, 255}
	colLegendBox = color.RGBA{160, 160, 160, 255}
)

const (
	margin      = 14 // outer margin
	tickLen     = 5
	dataInset   = 8 // data area is inset from the axes frame by this much
	lineHeight  = 13
	fontAscent  = 11
	charWidth   = 7
	titleScale  = 2
	legendRowH  = 20
	legendLineW = 30
	maxNameLen  = 32
	maxMajor    = 12 // at most this many labelled decades per axis
	maxMinorDec = 8  // draw 2..9 minor gridlines only up to this many decades
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

type layout struct {
	frame  image.Rectangle // axes box (its border is the axis lines)
	data   image.Rectangle // where the axis bounds map to
	legend image.Rectangle // empty when there are no series
	x, y   axis
	names  []string // legend names, truncated
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

func textWidth(s string) int {
	return font.MeasureString(basicfont.Face7x13, s).Ceil()
}

func truncateName(s string) string {
	r := []rune(s)
	if len(r) > maxNameLen {
		return string(r[:maxNameLen-3]) + "..."
	}
	return s
}

func computeLayout(title, xlabel, ylabel string, xticks []float64, series []Series, all [][]point) layout {
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
	tv = uniq

	var l layout
	if len(tv) > 0 {
		l.x = tickAxis(tv, xs)
	} else {
		l.x = decadeAxis(xs)
	}
	l.y = decadeAxis(ys)

	yTickW := 0
	for _, t := range l.y.major {
		yTickW = max(yTickW, textWidth(t.label))
	}
	left := margin + yTickW + tickLen + 4
	if ylabel != "" {
		left += lineHeight + 10
	}
	top := margin + 6
	if title != "" {
		top = margin + lineHeight*titleScale + 14
	}
	bottom := Height - margin - tickLen - 4 - lineHeight
	if xlabel != "" {
		bottom -= lineHeight + 8
	}
	right := Width - margin - 6
	if len(series) > 0 {
		nameW := 0
		for _, s := range series {
			n := truncateName(s.Name)
			l.names = append(l.names, n)
			nameW = max(nameW, textWidth(n))
		}
		legendW := 10 + legendLineW + 8 + nameW + 10
		lx1 := Width - margin
		lx0 := lx1 - legendW
		l.legend = image.Rect(lx0, top, lx1, top+8+legendRowH*len(series))
		right = lx0 - 14
	}
	l.frame = image.Rect(left, top, right, bottom)
	l.data = l.frame.Inset(dataInset)
	return l
}

// px maps a log10 x position to a pixel column.
func (l *layout) px(lx float64) int {
	f := (lx - l.x.lo) / (l.x.hi - l.x.lo)
	return l.data.Min.X + int(math.Round(f*float64(l.data.Dx()-1)))
}

// py maps a log10 y position to a pixel row.
func (l *layout) py(ly float64) int {
	f := (ly - l.y.lo) / (l.y.hi - l.y.lo)
	return l.data.Max.Y - 1 - int(math.Round(f*float64(l.data.Dy()-1)))
}

// canvas is an RGBA image with a clip rectangle for pixel writes.
type canvas struct {
	img  *image.RGBA
	clip image.Rectangle
}

func (c *canvas) set(x, y int, col color.RGBA) {
	if image.Pt(x, y).In(c.clip) {
		c.img.SetRGBA(x, y, col)
	}
}

func (c *canvas) fill(r image.Rectangle, col color.RGBA) {
	r = r.Intersect(c.clip)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c.img.SetRGBA(x, y, col)
		}
	}
}

func (c *canvas) hline(x0, x1, y int, col color.RGBA) {
	c.fill(image.Rect(min(x0, x1), y, max(x0, x1)+1, y+1), col)
}

func (c *canvas) vline(x, y0, y1 int, col color.RGBA) {
	c.fill(image.Rect(x, min(y0, y1), x+1, max(y0, y1)+1), col)
}

// line draws a 2 px thick line with Bresenham's algorithm, stamping a 2x2
// block at every step.
func (c *canvas) line(x0, y0, x1, y1 int, col color.RGBA) {
	dx := abs(x1 - x0)
	dy := -abs(y1 - y0)
	sx, sy := 1, 1
	if x0 > x1 {
		sx = -1
	}
	if y0 > y1 {
		sy = -1
	}
	err := dx + dy
	for {
		c.set(x0, y0, col)
		c.set(x0+1, y0, col)
		c.set(x0, y0+1, col)
		c.set(x0+1, y0+1, col)
		if x0 == x1 && y0 == y1 {
			return
		}
		e2 := 2 * err
		if e2 >= dy {
			err += dy
			x0 += sx
		}
		if e2 <= dx {
			err += dx
			y0 += sy
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// inMarker reports whether offset (dx, dy) from the centre belongs to marker m.
func inMarker(m, dx, dy int) bool {
	d2 := dx*dx + dy*dy
	switch m {
	case markerCircle:
		return d2 <= 20
	case markerSquare:
		return abs(dx) <= 4 && abs(dy) <= 4
	case markerTriangle: // apex up
		return dy >= -5 && dy <= 4 && abs(dx)*9 <= (dy+5)*5
	case markerTriangleDown:
		return dy <= 5 && dy >= -4 && abs(dx)*9 <= (5-dy)*5
	case markerDiamond:
		return abs(dx)+abs(dy) <= 5
	case markerCross:
		return abs(dx) <= 5 && abs(dy) <= 5 && (abs(dx-dy) <= 1 || abs(dx+dy) <= 1)
	case markerPlus:
		return (abs(dx) <= 1 && abs(dy) <= 6) || (abs(dy) <= 1 && abs(dx) <= 6)
	case markerRing:
		return d2 >= 9 && d2 <= 24
	}
	return false
}

func (c *canvas) marker(m, cx, cy int, col color.RGBA) {
	for dy := -6; dy <= 6; dy++ {
		for dx := -6; dx <= 6; dx++ {
			if inMarker(m, dx, dy) {
				c.set(cx+dx, cy+dy, col)
			}
		}
	}
}

// textMask renders s in basicfont onto an alpha mask lineHeight px high.
func textMask(s string) *image.Alpha {
	w := textWidth(s)
	m := image.NewAlpha(image.Rect(0, 0, max(w, 1), lineHeight))
	d := font.Drawer{
		Dst:  m,
		Src:  image.Opaque,
		Face: basicfont.Face7x13,
		Dot:  fixed.P(0, fontAscent),
	}
	d.DrawString(s)
	return m
}

// text draws s with its top-left corner at (x, y), scaled by an integer
// factor; if vertical, it is rotated 90° counter-clockwise (reading upwards)
// and (x, y) is the top-left corner of the rotated box.
func (c *canvas) text(s string, x, y, scale int, vertical bool, col color.RGBA) {
	if s == "" {
		return
	}
	m := textMask(s)
	b := m.Bounds()
	for ty := 0; ty < b.Dy(); ty++ {
		for tx := 0; tx < b.Dx(); tx++ {
			if m.AlphaAt(tx, ty).A < 128 {
				continue
			}
			ox, oy := tx, ty
			if vertical {
				ox, oy = ty, b.Dx()-1-tx
			}
			c.fill(image.Rect(x+ox*scale, y+oy*scale, x+(ox+1)*scale, y+(oy+1)*scale), col)
		}
	}
}

// PlotLogLog draws a line chart of the series on log10 axes and writes it to
// w as a Width x Height PNG.
//
// If xticks contains positive values, the x axis is labelled exactly at
// those values (e.g. 16, 64, 256, 1024, 4096) and spans them plus the data;
// otherwise it is labelled at powers of ten. The y axis always spans whole
// decades (at least one) and is labelled at powers of ten (0.001 ... 1000;
// a one-decade axis also at 2 and 5 times the decade).
// Each series gets its own colour and marker and a legend entry, even when
// none of its points can be drawn. Series with len(X) != len(Y) are an error.
// Output is deterministic.
func PlotLogLog(w io.Writer, title, xlabel, ylabel string, xticks []float64, series []Series) error {
	all := make([][]point, len(series))
	for i, s := range series {
		if len(s.X) != len(s.Y) {
			return fmt.Errorf("benchreport: series %q has %d X values but %d Y values", s.Name, len(s.X), len(s.Y))
		}
		all[i] = seriesPoints(s)
	}
	l := computeLayout(title, xlabel, ylabel, xticks, series, all)

	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	c := &canvas{img: img, clip: img.Bounds()}
	c.fill(img.Bounds(), colWhite)

	// Gridlines (inside the frame).
	c.clip = l.frame.Inset(1)
	for _, p := range l.x.minor {
		c.vline(l.px(p), l.frame.Min.Y, l.frame.Max.Y, colGridMinor)
	}
	for _, p := range l.y.minor {
		c.hline(l.frame.Min.X, l.frame.Max.X, l.py(p), colGridMinor)
	}
	for _, t := range l.x.major {
		c.vline(l.px(t.pos), l.frame.Min.Y, l.frame.Max.Y, colGridMajor)
	}
	for _, t := range l.y.major {
		c.hline(l.frame.Min.X, l.frame.Max.X, l.py(t.pos), colGridMajor)
	}

	// Series: all lines first, then all markers on top.
	for i, pts := range all {
		col := Palette[i%len(Palette)]
		for j := 1; j < len(pts); j++ {
			c.line(l.px(math.Log10(pts[j-1].x)), l.py(math.Log10(pts[j-1].y)),
				l.px(math.Log10(pts[j].x)), l.py(math.Log10(pts[j].y)), col)
		}
	}
	for i, pts := range all {
		col := Palette[i%len(Palette)]
		for _, p := range pts {
			c.marker(i%numMarkers, l.px(math.Log10(p.x)), l.py(math.Log10(p.y)), col)
		}
	}

	// Frame, ticks and tick labels.
	c.clip = img.Bounds()
	f := l.frame
	c.hline(f.Min.X, f.Max.X-1, f.Min.Y, colBlack)
	c.hline(f.Min.X, f.Max.X-1, f.Max.Y-1, colBlack)
	c.vline(f.Min.X, f.Min.Y, f.Max.Y-1, colBlack)
	c.vline(f.Max.X-1, f.Min.Y, f.Max.Y-1, colBlack)
	lastRight := math.MinInt
	for _, t := range l.x.major {
		x := l.px(t.pos)
		if x < f.Min.X || x >= f.Max.X {
			continue
		}
		c.vline(x, f.Max.Y, f.Max.Y+tickLen-1, colBlack)
		tw := textWidth(t.label)
		lx := x - tw/2
		if lx <= lastRight+6 { // would overlap the previous label
			continue
		}
		c.text(t.label, lx, f.Max.Y+tickLen+3, 1, false, colBlack)
		lastRight = lx + tw
	}
	for _, t := range l.y.major {
		y := l.py(t.pos)
		if y < f.Min.Y || y >= f.Max.Y {
			continue
		}
		c.hline(f.Min.X-tickLen, f.Min.X-1, y, colBlack)
		tw := textWidth(t.label)
		c.text(t.label, f.Min.X-tickLen-3-tw, y-lineHeight/2, 1, false, colBlack)
	}

	// Title and axis labels.
	if title != "" {
		tw := textWidth(title) * titleScale
		c.text(title, f.Min.X+(f.Dx()-tw)/2, margin, titleScale, false, colBlack)
	}
	if xlabel != "" {
		tw := textWidth(xlabel)
		c.text(xlabel, f.Min.X+(f.Dx()-tw)/2, Height-margin-lineHeight, 1, false, colBlack)
	}
	if ylabel != "" {
		tw := textWidth(ylabel)
		c.text(ylabel, margin, f.Min.Y+(f.Dy()-tw)/2, 1, true, colBlack)
	}

	// Legend.
	if len(series) > 0 {
		lg := l.legend
		c.hline(lg.Min.X, lg.Max.X-1, lg.Min.Y, colLegendBox)
		c.hline(lg.Min.X, lg.Max.X-1, lg.Max.Y-1, colLegendBox)
		c.vline(lg.Min.X, lg.Min.Y, lg.Max.Y-1, colLegendBox)
		c.vline(lg.Max.X-1, lg.Min.Y, lg.Max.Y-1, colLegendBox)
		for i, name := range l.names {
			col := Palette[i%len(Palette)]
			cy := lg.Min.Y + 4 + legendRowH*i + legendRowH/2
			x0 := lg.Min.X + 10
			c.line(x0, cy, x0+legendLineW, cy, col)
			c.marker(i%numMarkers, x0+legendLineW/2, cy, col)
			c.text(name, x0+legendLineW+8, cy-lineHeight/2, 1, false, colBlack)
		}
	}

	return png.Encode(w, img)
}
