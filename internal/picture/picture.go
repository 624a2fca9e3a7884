// Package picture draws 2-D fields of numbers as pictures with a key: a
// perceptually uniform colour map (viridis), a colour bar labelled with
// values, axes in grid cells, a title and a caption line (the step and the
// simulated time, for frames of a run). The forocl run command (--png) and
// the shallow-water example (-png, -gif) call it; the drawing is done by
// gonum.org/v1/plot.
//
// A Field is column-major, as Fortran stores it: V[i+j*NX] is the value at
// x = i, y = j, and pictures put y up.
package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	vgdraw "gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Field is a 2-D grid of values, column-major: V[i+j*NX] is the value at
// x = i, y = j (0-based). len(V) is NX*NY.
type Field struct {
	NX, NY int
	V      []float64
	// XName and YName, when set, label the axes (such as "j, first
	// index"); otherwise "x (cells)" and "y (cells)". X0 and Y0 are the
	// indices the axes give the first cell (Fortran's lower bounds), 0
	// by default.
	XName, YName string
	X0, Y0       int
}

// Sub returns the cells x0 <= x < x1, y0 <= y < y1 of f (a copy), for a
// range over an interior.
func (f Field) Sub(x0, y0, x1, y1 int) Field {
	out := Field{NX: x1 - x0, NY: y1 - y0}
	for j := y0; j < y1; j++ {
		out.V = append(out.V, f.V[x0+j*f.NX:x1+j*f.NX]...)
	}
	return out
}

// Range returns the least and greatest finite values of f; lo > hi when
// f has none.
func (f Field) Range() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range f.V {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	return lo, hi
}

// maxCells is the most cells a picture keeps along each axis: larger
// fields are averaged down in blocks, since a picture has no more pixels.
const maxCells = 512

// reduce averages f down in blocks so that neither side exceeds maxCells.
func (f Field) reduce() Field {
	b := max((f.NX+maxCells-1)/maxCells, (f.NY+maxCells-1)/maxCells)
	if b <= 1 {
		return f
	}
	out := Field{NX: (f.NX + b - 1) / b, NY: (f.NY + b - 1) / b, XName: f.XName, YName: f.YName, X0: f.X0, Y0: f.Y0}
	out.V = make([]float64, out.NX*out.NY)
	count := make([]int, len(out.V))
	for j := 0; j < f.NY; j++ {
		for i := 0; i < f.NX; i++ {
			k := i/b + (j/b)*out.NX
			out.V[k] += f.V[i+j*f.NX]
			count[k]++
		}
	}
	for k := range out.V {
		out.V[k] /= float64(count[k])
	}
	return out
}

// viridisStops are nine evenly spaced colours of matplotlib's viridis
// map (van der Walt and Smith, 2015): dark blue through green to yellow,
// lightness rising evenly, readable in grey and by colour-blind viewers.
var viridisStops = []color.Color{
	color.NRGBA{0x44, 0x01, 0x54, 0xff},
	color.NRGBA{0x47, 0x2d, 0x7b, 0xff},
	color.NRGBA{0x3b, 0x52, 0x8b, 0xff},
	color.NRGBA{0x2c, 0x72, 0x8e, 0xff},
	color.NRGBA{0x21, 0x91, 0x8c, 0xff},
	color.NRGBA{0x28, 0xae, 0x80, 0xff},
	color.NRGBA{0x5e, 0xc9, 0x62, 0xff},
	color.NRGBA{0xad, 0xdc, 0x30, 0xff},
	color.NRGBA{0xfd, 0xe7, 0x25, 0xff},
}

// Viridis returns the viridis colour map over [lo, hi], interpolated
// between viridisStops in CIE L*a*b* space.
func Viridis(lo, hi float64) palette.ColorMap {
	m, err := moreland.NewLuminance(viridisStops)
	if err != nil {
		panic("internal error: picture: viridis stops: " + err.Error())
	}
	m.SetMin(lo)
	m.SetMax(hi)
	return m
}

// lutSize is the number of colours of the map a picture uses (also the
// GIF palette, with black, white and greys for the axes and text).
const lutSize = 224

// lut samples the colour map into lutSize colours, lowest first.
func lut() []color.RGBA {
	m := Viridis(0, 1)
	out := make([]color.RGBA, lutSize)
	for i := range out {
		c, err := m.At(float64(i) / (lutSize - 1))
		if err != nil {
			panic("internal error: picture: " + err.Error())
		}
		r, g, b, _ := c.RGBA()
		out[i] = color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
	}
	return out
}

var colours = lut()

// nanColour marks values that are not finite.
var nanColour = color.RGBA{255, 0, 255, 255}

// raster maps f to colours on [lo, hi], y up, one pixel per cell.
func raster(f Field, lo, hi float64) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, f.NX, f.NY))
	for j := 0; j < f.NY; j++ {
		for i := 0; i < f.NX; i++ {
			x := f.V[i+j*f.NX]
			c := nanColour
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				t := 0.0
				if hi > lo {
					t = math.Max(0, math.Min(1, (x-lo)/(hi-lo)))
				}
				c = colours[int(t*(lutSize-1)+0.5)]
			}
			img.SetRGBA(i, f.NY-1-j, c)
		}
	}
	return img
}

// enlarge repeats every pixel of img k times in x and y.
func enlarge(img *image.RGBA, k int) *image.RGBA {
	if k == 1 {
		return img
	}
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()*k, b.Dy()*k))
	for y := 0; y < b.Dy()*k; y++ {
		for x := 0; x < b.Dx()*k; x++ {
			out.SetRGBA(x, y, img.RGBAAt(b.Min.X+x/k, b.Min.Y+y/k))
		}
	}
	return out
}

// valueTicks labels a colour bar with about six round values.
type valueTicks struct{}

// Ticks returns the ticks of plot.DefaultTicks with labels of at most four
// significant digits.
func (valueTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(ts[i].Value, 'g', 4, 64)
		}
	}
	return ts
}

// cellTicks labels an axis of cells: ticks at the centres of cells
// (cell i spans [i, i+1)) every 1, 2, 5, 10, 20, 50, ... cells, labelled
// with the cell's index counted from first; never a fraction.
type cellTicks struct{ first int }

func (c cellTicks) Ticks(lo, hi float64) []plot.Tick {
	n := int(math.Round(hi - lo))
	step := 1
	for m, p10 := 1, 1; n/step > 8; m++ {
		if m%3 == 0 {
			p10 *= 10
		}
		step = []int{1, 2, 5}[m%3] * p10
	}
	var ts []plot.Tick
	// The cells whose index is a multiple of step.
	for i := ((-c.first)%step + step) % step; i < n; i += step {
		ts = append(ts, plot.Tick{Value: lo + float64(i) + 0.5, Label: strconv.Itoa(c.first + i)})
	}
	return ts
}

// Size is a picture's size in pixels.
var Size = image.Pt(640, 520)

// Render draws f on the scale [lo, hi] (values outside take the end
// colours) with axes, a colour bar labelled with values, title and caption
// (a second title line, such as "step 100, t = 5"; may be empty).
func Render(f Field, lo, hi float64, title, caption string) (*image.RGBA, error) {
	if f.NX < 1 || f.NY < 1 || len(f.V) != f.NX*f.NY {
		return nil, fmt.Errorf("picture: field of %dx%d cells has %d values", f.NX, f.NY, len(f.V))
	}
	if !(hi > lo) { // a constant field: a scale around its value
		lo, hi = lo-0.5, lo+0.5
		if math.IsInf(lo, 0) || math.IsNaN(lo) {
			lo, hi = 0, 1
		}
	}
	nx, ny := float64(f.NX), float64(f.NY)
	r := f.reduce()
	// Cells are drawn as crisp blocks: the raster is enlarged by a whole
	// factor to about the size it takes on the picture before the renderer
	// scales it smoothly the rest of the way.
	up := max(1, 480/max(r.NX, r.NY))

	p := plot.New()
	p.Title.Text = title
	if caption != "" {
		p.Title.Text += "\n" + caption
	}
	p.X.Label.Text, p.Y.Label.Text = "x (cells)", "y (cells)"
	if f.XName != "" {
		p.X.Label.Text = f.XName
	}
	if f.YName != "" {
		p.Y.Label.Text = f.YName
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = cellTicks{f.X0}, cellTicks{f.Y0}
	p.Add(plotter.NewImage(enlarge(raster(r, lo, hi), up), 0, 0, nx, ny))
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, nx, 0, ny

	// The colour bar is a plot of its own; an invisible copy of the
	// field's title and x axis keeps its bar level with the field.
	bar := plot.New()
	bar.Title.Text = p.Title.Text
	bar.Title.TextStyle.Color = color.Transparent
	bar.X.Label.Text = p.X.Label.Text
	bar.X.Label.TextStyle.Color = color.Transparent
	bar.X.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 0.5, Label: "0"}})
	bar.X.Tick.Label.Color = color.Transparent
	bar.X.Tick.LineStyle.Color = color.Transparent
	bar.X.LineStyle.Color = color.Transparent
	bar.Y.Tick.Marker = valueTicks{}
	bar.Add(&plotter.ColorBar{ColorMap: Viridis(lo, hi), Vertical: true})

	w, h := vg.Length(Size.X)*vg.Inch/96, vg.Length(Size.Y)*vg.Inch/96
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(96), vgimg.UseBackgroundColor(color.White))
	dc := vgdraw.New(c)
	barW := 1.2 * vg.Inch
	// The field keeps square cells within the space left of the bar; the
	// axes and titles take about padX and padY around the data.
	padX, padY := 0.75*vg.Inch, 1.0*vg.Inch
	if caption == "" {
		padY -= 0.2 * vg.Inch
	}
	fw, fh := w-barW, h
	aspect := nx / ny
	if float64(fw-padX) < aspect*float64(fh-padY) {
		fh = vg.Length(float64(fw-padX)/aspect) + padY
	} else {
		fw = vg.Length(aspect*float64(fh-padY)) + padX
	}
	top := (h - fh) / 2
	p.Draw(vgdraw.Crop(dc, 0, fw-w, top, -top))
	bar.Draw(vgdraw.Crop(dc, fw+0.05*vg.Inch, fw+0.95*vg.Inch-w, top, -top))
	img, ok := c.Image().(*image.RGBA)
	if !ok {
		out := image.NewRGBA(c.Image().Bounds())
		draw.Draw(out, out.Bounds(), c.Image(), image.Point{}, draw.Src)
		img = out
	}
	return img, nil
}

// WritePNG draws f on its own range and encodes it as a PNG.
func WritePNG(w io.Writer, f Field, title, caption string) error {
	lo, hi := f.Range()
	return WritePNGScale(w, f, lo, hi, title, caption)
}

// WritePNGScale draws f on the scale [lo, hi] (values outside take the
// end colours) and encodes it as a PNG.
func WritePNGScale(w io.Writer, f Field, lo, hi float64, title, caption string) error {
	img, err := Render(f, lo, hi, title, caption)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// Animation collects the frames of an animated GIF. Frames are kept as
// numbers (averaged down to at most 512 cells a side) and drawn when the
// GIF is written, all on one scale: the range of every frame.
type Animation struct {
	Title  string
	Delay  int // between frames, in 100ths of a second; 0 means 8
	frames []frame
}

type frame struct {
	f       Field
	caption string
}

// Add appends a frame of field f with its caption ("step 100, t = 5").
// The values are copied.
func (a *Animation) Add(f Field, caption string) {
	r := f.reduce()
	if r.NX == f.NX && r.NY == f.NY {
		r.V = append([]float64(nil), f.V...)
	}
	a.frames = append(a.frames, frame{r, caption})
}

// Len returns the number of frames.
func (a *Animation) Len() int { return len(a.frames) }

// Scale returns the range of every frame: the GIF's one scale.
func (a *Animation) Scale() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, fr := range a.frames {
		l, h := fr.f.Range()
		lo, hi = min(lo, l), max(hi, h)
	}
	return lo, hi
}

// gifPalette is the colour map's colours, then black, white and greys for
// the axes and text (anti-aliased edges take the nearest grey).
func gifPalette() color.Palette {
	p := make(color.Palette, 0, 256)
	for _, c := range colours {
		p = append(p, c)
	}
	p = append(p, nanColour)
	for len(p) < 256 {
		v := uint8(255 * (len(p) - lutSize - 1) / (256 - lutSize - 2))
		p = append(p, color.RGBA{v, v, v, 255})
	}
	return p
}

// Encode writes the frames as an animated GIF that loops.
func (a *Animation) Encode(w io.Writer) error {
	if len(a.frames) == 0 {
		return fmt.Errorf("picture: an animation needs at least one frame")
	}
	lo, hi := a.Scale()
	delay := a.Delay
	if delay == 0 {
		delay = 8
	}
	pal := gifPalette()
	var g gif.GIF
	for _, fr := range a.frames {
		img, err := Render(fr.f, lo, hi, a.Title, fr.caption)
		if err != nil {
			return err
		}
		p := image.NewPaletted(img.Bounds(), pal)
		draw.Draw(p, p.Bounds(), img, img.Bounds().Min, draw.Src)
		g.Image = append(g.Image, p)
		g.Delay = append(g.Delay, delay)
	}
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, &g); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
