package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/internal/picture"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/runner"
)

// pictureFlag is one --png NAME=FILE.
type pictureFlag struct{ name, path string }

// parsePictures reads the --png flags.
func parsePictures(flags []string) ([]pictureFlag, error) {
	var out []pictureFlag
	for _, f := range flags {
		name, path, ok := strings.Cut(f, "=")
		if !ok || strings.TrimSpace(name) == "" || path == "" {
			return nil, usageErr("--png %q: want NAME=FILE, such as --png oT=heat.png", f)
		}
		out = append(out, pictureFlag{strings.TrimSpace(name), path})
	}
	return out, nil
}

// checkPictures checks that every --png names an array k writes and that
// the array can be 2-D.
func checkPictures(k *abi.Kernel, pngs []pictureFlag) error {
	for _, f := range pngs {
		p := k.Param(f.name) // case-insensitive
		if p == nil || !p.Array || !p.Output() {
			return usageErr("--png %s=%s: %q is not an intent(out) array of kernel %q; arrays it writes: %s", f.name, f.path, f.name, k.Name, nameList(outputArrays(k)))
		}
		if k.Rank != 2 && !k.AnyRank() {
			return runErrf("--png %s: kernel %q is %d-D; pictures are drawn of 2-D arrays (use --out and draw slices yourself)", f.name, k.Name, k.Rank)
		}
	}
	return nil
}

// pictureRange parses --png-range LO:HI; nil when not given.
func pictureRange(s string) (*[2]float64, error) {
	if s == "" {
		return nil, nil
	}
	a, b, ok := strings.Cut(s, ":")
	lo, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	hi, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err1 != nil || err2 != nil || math.IsInf(lo, 0) || math.IsInf(hi, 0) || !(lo < hi) {
		return nil, usageErr("--png-range %s: want LO:HI, two numbers with LO < HI, such as --png-range 0:1.5", s)
	}
	return &[2]float64{lo, hi}, nil
}

// pictureJob is what drawPictures needs of a finished run.
type pictureJob struct {
	k      *abi.Kernel
	irk    *ir.Kernel // for the index names; may be nil
	r      *runner.Result
	bound  *runner.Bound
	steps  int         // of a --steps run, for the caption
	scale  *[2]float64 // --png-range, or nil
	notes  []string    // what each picture shows, for --verbose
	sizes  map[string]int
	sizeOK bool
}

// drawPictures draws the --png outputs of a finished run with a colour
// bar, titled with the kernel and array. The colours span the array's
// interior (Note [picture interior]) unless --png-range sets them.
func drawPictures(pj *pictureJob, pngs []pictureFlag) ([]fsutil.File, error) {
	var files []fsutil.File
	pj.bindSizes()
	for _, f := range pngs {
		a := pj.r.Outputs[strings.ToLower(f.name)]
		p := pj.k.Param(f.name)
		if a == nil || p == nil {
			panic("internal error: runner returned no output " + f.name)
		}
		if len(a.Shape) != 2 {
			return nil, runErrf("--png %s: array %q has shape %v; pictures are drawn of 2-D arrays", f.name, f.name, a.Shape)
		}
		field := picture.Field{NX: a.Shape[0], NY: a.Shape[1], V: make([]float64, a.Len())}
		for i := range field.V {
			field.V[i] = a.Float(i)
		}
		lower, in := pj.interior(p, a.Shape)
		field.X0, field.Y0 = lower[0], lower[1]
		names := indexNames(pj.irk, p.Name)
		field.XName = names[0] + " (first index)"
		field.YName = names[1] + " (second index)"
		whole := boxText(p.Name, lower[0], lower[0]+a.Shape[0]-1, lower[1], lower[1]+a.Shape[1]-1)
		inner := boxText(p.Name, in[0], in[2], in[1], in[3])
		lo, hi := field.Sub(in[0]-lower[0], in[1]-lower[1], in[2]-lower[0]+1, in[3]-lower[1]+1).Range()
		over := "colours fit " + inner
		switch {
		case pj.scale != nil:
			lo, hi = pj.scale[0], pj.scale[1]
			over = fmt.Sprintf("colours %g to %g (--png-range)", lo, hi)
		case !(lo <= hi): // no finite value inside: the whole array's
			lo, hi = field.Range()
			over = "colours fit " + whole
		case inner == whole:
			over = "colours fit the whole array"
		}
		caption := whole + ", origin bottom left; " + over
		if pj.steps > 0 {
			caption = fmt.Sprintf("after %d steps: %s", pj.steps, caption)
		}
		note := fmt.Sprintf("%s: %s, first index (%s) along x, second (%s) up, origin at the bottom left; %s", f.path, whole, names[0], names[1], over)
		if pj.scale == nil {
			note += fmt.Sprintf(", from %.6g to %.6g", lo, hi)
		}
		pj.notes = append(pj.notes, note)
		var b bytes.Buffer
		if err := picture.WritePNGScale(&b, field, lo, hi, fmt.Sprintf("%s of kernel %s", f.name, pj.k.Name), caption); err != nil {
			return nil, runErr(err)
		}
		data := b.Bytes()
		files = append(files, fsutil.File{Path: f.path, Perm: 0o644, Write: func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		}})
	}
	return files, nil
}

// boxText spells a 2-D section: t(1:20, 1:10).
func boxText(name string, x0, x1, y0, y1 int) string {
	return fmt.Sprintf("%s(%d:%d, %d:%d)", name, x0, x1, y0, y1)
}

// bindSizes works out the kernel's sizes from the run's arrays and the
// --set values, as the run did, for the declared bounds.
func (pj *pictureJob) bindSizes() {
	shapes := map[string][]int{}
	given := map[string]int{}
	for _, p := range pj.k.Params {
		n := strings.ToLower(p.Name)
		if a := pj.r.Outputs[n]; a != nil && p.Array {
			shapes[p.Name] = a.Shape
		} else if a := pj.bound.Arrays[n]; a != nil {
			shapes[p.Name] = a.Shape
		}
		if x, ok := pj.bound.Scalars[n]; ok && x == math.Trunc(x) {
			given[p.Name] = int(x)
		}
	}
	sizes, err := pj.k.BindWith(shapes, given)
	pj.sizes, pj.sizeOK = sizes, err == nil
}

// Note [picture interior]
//
// A picture's colours span the interior of the array by default, so that
// a halo of boundary values or sentinels (-9) does not flatten the field.
// The interior is what the declaration says where it can: in each
// dimension of a loop kernel's array, a lower bound of a size minus a
// constant (x_min-2) or a constant below 1 (0 in u(0:n+1)) puts the
// interior's first index at the size (or 1), and an upper bound of a size
// plus a constant (x_max+2, n+1) its last at the size. A region kernel's
// arrays are assumed-shape: their interior is what the launches that take
// the array cover, the widest of them (region_ptr(oA, halo) leaves the
// halo out). Without either, the interior is the whole array. --png-range
// sets the scale instead.

// interior returns the declared lower bounds of array p of the given shape
// and its interior (Note [picture interior]) as first and last index:
// x0, y0, x1, y1.
func (pj *pictureJob) interior(p *abi.Param, shape []int) (lower [2]int, in [4]int) {
	lower = [2]int{1, 1}
	for d := range 2 {
		lo, hi := 0, 0 // the halo's widths
		if d < len(p.Lower) && pj.sizeOK {
			if l, err := p.Lower[d].Eval(pj.sizes); err == nil {
				lower[d] = l
				upper := affineSum(p.Lower[d], p.Shape[d], -1)
				lo, hi = lowHalo(p.Lower[d]), highHalo(upper)
			}
		} else if len(p.Lower) == 0 {
			lo, hi = pj.launchHalo(p, d, shape[d])
		}
		if lo+hi >= shape[d] || lo < 0 || hi < 0 {
			lo, hi = 0, 0
		}
		in[d], in[d+2] = lower[d]+lo, lower[d]+shape[d]-1-hi
	}
	return lower, in
}

// lowHalo is the halo below a lower bound l: x_min-2 has 2, 0 has 1.
func lowHalo(l abi.Affine) int {
	switch {
	case len(l.Terms) == 1 && l.Terms[0].Coef == 1 && l.Const < 0:
		return -l.Const
	case len(l.Terms) == 0 && l.Const < 1:
		return 1 - l.Const
	}
	return 0
}

// highHalo is the halo above an upper bound u: x_max+2 has 2.
func highHalo(u abi.Affine) int {
	if len(u.Terms) == 1 && u.Terms[0].Coef == 1 && u.Const > 0 {
		return u.Const
	}
	return 0
}

// affineSum is a + b + c.
func affineSum(a, b abi.Affine, c int) abi.Affine {
	coef := map[string]int{}
	var order []string
	for _, t := range append(append([]abi.Term(nil), a.Terms...), b.Terms...) {
		if _, seen := coef[t.Size]; !seen {
			order = append(order, t.Size)
		}
		coef[t.Size] += t.Coef
	}
	out := abi.Affine{Const: a.Const + b.Const + c}
	for _, n := range order {
		if coef[n] != 0 {
			out.Terms = append(out.Terms, abi.Term{Coef: coef[n], Size: n})
		}
	}
	return out
}

// launchHalo is the halo a region kernel's launches leave out of array p
// along dimension d of extent n: the least that any launch taking p does.
func (pj *pictureJob) launchHalo(p *abi.Param, d, n int) (lo, hi int) {
	lo, hi = n, n
	for _, l := range pj.k.Launches {
		takes := false
		for _, a := range l.Args {
			takes = takes || a.Kind == abi.ParamArg && strings.EqualFold(a.Name, p.Name)
		}
		if !takes || d >= len(l.Global) || d >= len(l.Origin) || !pj.sizeOK {
			continue
		}
		pos, err := l.Global[d].Positions.Eval(pj.sizes)
		if err != nil {
			return 0, 0
		}
		lo, hi = min(lo, l.Origin[d]), min(hi, n-l.Origin[d]-pos)
	}
	if lo == n {
		return 0, 0
	}
	return lo, hi
}

// indexNames names the first two indices of array name by the variables
// that subscript the first assignment to it of irk that subscripts it
// with plain variables (t(j, k) = ...), or "first" and "second".
func indexNames(irk *ir.Kernel, name string) [2]string {
	out := [2]string{"", ""}
	var walk func([]ir.Stmt) bool
	walk = func(stmts []ir.Stmt) bool {
		for _, s := range stmts {
			switch s := s.(type) {
			case *ir.Assign:
				e, ok := s.LHS.(*ir.Elem)
				if !ok || !strings.EqualFold(e.Var.Name, name) || len(e.Index) != 2 {
					continue
				}
				x, ok1 := ir.Widened(e.Index[0]).(*ir.Ref)
				y, ok2 := ir.Widened(e.Index[1]).(*ir.Ref)
				if ok1 && ok2 && x.Var != y.Var {
					out = [2]string{x.Var.Name, y.Var.Name}
					return true
				}
			case *ir.Nest:
				if walk(s.Body) {
					return true
				}
			case *ir.Loop:
				if walk(s.Body) {
					return true
				}
			case *ir.If:
				if walk(s.Then) || walk(s.Else) {
					return true
				}
			}
		}
		return false
	}
	if irk != nil && walk(irk.Body) {
		return out
	}
	return [2]string{"i", "j"}
}
