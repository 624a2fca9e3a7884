package main

import (
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"image/png"
	"io"
	"math"
)

// heightImage renders the interior of the full (nx+2) x (ny+2) height
// array h with a blue colour ramp from lo to hi, y up, at least 256 pixels
// across (cells are scaled up on small grids).
func heightImage(h []float64, nx, ny int, lo, hi float64) *image.RGBA {
	scale := max(1, 256/max(nx, ny))
	img := image.NewRGBA(image.Rect(0, 0, nx*scale, ny*scale))
	n1 := nx + 2
	for j := 0; j < ny; j++ {
		for i := 0; i < nx; i++ {
			x := h[(i+1)+(j+1)*n1]
			t := 0.0
			if hi > lo {
				t = math.Max(0, math.Min(1, (x-lo)/(hi-lo)))
			}
			c := ramp(t)
			for dy := 0; dy < scale; dy++ {
				for dx := 0; dx < scale; dx++ {
					img.Set(i*scale+dx, (ny-1-j)*scale+dy, c)
				}
			}
		}
	}
	return img
}

// ramp maps 0..1 to dark blue .. light cyan .. white.
func ramp(t float64) color.RGBA {
	lerp := func(a, b float64) uint8 { return uint8(a + (b-a)*t + 0.5) }
	if t < 0.5 {
		t *= 2
		return color.RGBA{lerp(8, 40), lerp(24, 140), lerp(88, 220), 255}
	}
	t = (t - 0.5) * 2
	return color.RGBA{lerp(40, 255), lerp(140, 255), lerp(220, 255), 255}
}

func writePNG(w io.Writer, img image.Image) error { return png.Encode(w, img) }

// animation collects frames for an animated GIF.
type animation struct {
	g gif.GIF
}

func (a *animation) add(img *image.RGBA) {
	p := image.NewPaletted(img.Bounds(), palette.Plan9)
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			p.Set(x, y, img.At(x, y))
		}
	}
	a.g.Image = append(a.g.Image, p)
	a.g.Delay = append(a.g.Delay, 8)
}

func (a *animation) write(w io.Writer) error { return gif.EncodeAll(w, &a.g) }
