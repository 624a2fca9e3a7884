package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/internal/picture"
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

// drawPictures draws the --png outputs of a finished run, each on its own
// range with a colour bar, titled with the kernel and array.
// steps > 0 is the number of steps of a --steps run, for the caption.
func drawPictures(k *abi.Kernel, pngs []pictureFlag, r *runner.Result, steps int) ([]fsutil.File, error) {
	var files []fsutil.File
	for _, f := range pngs {
		a := r.Outputs[strings.ToLower(f.name)]
		if a == nil {
			panic("internal error: runner returned no output " + f.name)
		}
		if len(a.Shape) != 2 {
			return nil, runErrf("--png %s: array %q has shape %v; pictures are drawn of 2-D arrays", f.name, f.name, a.Shape)
		}
		field := picture.Field{NX: a.Shape[0], NY: a.Shape[1], V: make([]float64, a.Len())}
		for i := range field.V {
			switch {
			case a.F32 != nil:
				field.V[i] = float64(a.F32[i])
			case a.F64 != nil:
				field.V[i] = a.F64[i]
			default:
				field.V[i] = float64(a.I32[i])
			}
		}
		var b bytes.Buffer
		caption := fmt.Sprintf("%d x %d", field.NX, field.NY)
		if steps > 0 {
			caption += fmt.Sprintf(", after %d steps", steps)
		}
		if err := picture.WritePNG(&b, field, fmt.Sprintf("%s of kernel %s", f.name, k.Name), caption); err != nil {
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
