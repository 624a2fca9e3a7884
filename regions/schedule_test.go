package regions_test

import (
	"os"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/sema"
)

// TestGPUShape: with the tuned options on a GPU, kernels whose x-face
// temporaries are expensive get 2x4 blocks in 64x2 groups, the others 4
// rows in 128x1 groups (the choices measured on the H100, see
// BENCHMARKS.md); kernels with WHERE are not coarsened; on a CPU nothing
// is coarsened; explicit --tile and --coarsen win.
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
		{"../testdata/kernels/where_mask.f90", "minmod_slopes", []int{32, 8}, []int{1, 1}},
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
		gpu, _ := regions.Schedule(p, regions.Target{Type: "GPU"}, regions.Tuned())
		cpu, _ := regions.Schedule(p, regions.Target{Type: "CPU"}, regions.Tuned())
		forced, _ := regions.Schedule(p, regions.Target{Type: "GPU"}, regions.Options{Auto: true, Tile: []int{16, 4}})
		for i, k := range p.Kernels {
			if k.Name != c.kernel {
				continue
			}
			kp := gpu.Kernels[i]
			if regions.DimString(kp.Local) != regions.DimString(c.tile) || regions.DimString(kp.Coarsen) != regions.DimString(c.coarsen) {
				t.Errorf("%s: GPU: tile %v coarsen %v, want %v and %v", c.kernel, kp.Local, kp.Coarsen, c.tile, c.coarsen)
			}
			if kp.Strategy != regions.Direct || len(kp.Owned) != product(c.coarsen) {
				t.Errorf("%s: GPU: strategy %v, %d owned positions, want direct and %d", c.kernel, kp.Strategy, len(kp.Owned), product(c.coarsen))
			}
			if got := cpu.Kernels[i]; product(got.Coarsen) != 1 || regions.DimString(got.Local) != regions.DimString(regions.DefaultTile(regions.Direct, k.Rank)) {
				t.Errorf("%s: CPU: tile %v coarsen %v, want the default tile, no coarsening", c.kernel, got.Local, got.Coarsen)
			}
			if got := forced.Kernels[i]; got.Local[0] != 16 || got.Local[1] != 4 || product(got.Coarsen) != 1 {
				t.Errorf("%s: --tile 16x4 on a GPU: tile %v coarsen %v", c.kernel, got.Local, got.Coarsen)
			}
		}
	}
}

func product(xs []int) int {
	n := 1
	for _, x := range xs {
		n *= x
	}
	return n
}
