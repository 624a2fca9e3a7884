package codegen

import (
	"os"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/sema"
)

// TestGPUShape: kernels whose x-face temporaries are expensive get 2x4
// blocks in 64x2 groups, the others 4 rows in 128x1 groups (the choices
// measured on the H100, see BENCHMARKS.md).
func TestGPUShape(t *testing.T) {
	for _, c := range []struct {
		file, kernel  string
		tile, coarsen []int
	}{
		{"../examples/shallowwater/fortran/wave.f90", "wave_advance", []int{64, 2}, []int{2, 4}},
		{"../testdata/kernels/jacobi5.f90", "jacobi5_step", []int{128, 1}, []int{1, 4}},
		{"../testdata/kernels/two_frames.f90", "laplace_and_magnitude", []int{128, 1}, []int{1, 4}},
		{"../testdata/kernels/stencil7_3d.f90", "heat7", []int{128, 1, 1}, []int{1, 1, 4}},
		{"../testdata/kernels/heat3d_faces.f90", "heat3d_var", []int{64, 2, 1}, []int{2, 1, 4}},
		{"../testdata/kernels/where_mask.f90", "minmod_slopes", []int{32, 8}, nil},
	} {
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		f, diags := parser.Parse(c.file, src)
		if diags.HasErrors() {
			t.Fatal(diags.String(nil))
		}
		p, diags := sema.Check([]*ast.File{f}, sema.Options{})
		if diags.HasErrors() {
			t.Fatal(diags.String(nil))
		}
		for _, k := range p.Kernels {
			if k.Name != c.kernel {
				continue
			}
			tile, coarsen := gpuShape(k, regions.AnalyzeKernel(k, nil), k.Rank)
			if TileString(tile) != TileString(c.tile) || TileString(coarsen) != TileString(c.coarsen) {
				t.Errorf("%s: tile %v coarsen %v, want %v and %v", c.kernel, tile, coarsen, c.tile, c.coarsen)
			}
			u, _ := OpenCL(p, regions.Analyze(p), []*ir.Kernel{k}, "x.f90", Tuned("GPU"))
			want := c.coarsen
			if want == nil {
				want = []int{1, 1, 1}[:k.Rank]
			}
			if got := u.Kernels[0]; TileString(got.Local) != TileString(c.tile) || TileString(got.Coarsen) != TileString(want) {
				t.Errorf("%s: Tuned(GPU) gives tile %v coarsen %v", c.kernel, got.Local, got.Coarsen)
			}
		}
	}
}
