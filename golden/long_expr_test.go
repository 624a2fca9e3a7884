package golden

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// longSum is a module with an elemental kernel whose result is a sum of n
// terms, and a stencil kernel with a sum of m region_cpy terms.
func longSum(n, m int) string {
	var b strings.Builder
	b.WriteString("module longsum\n  use forocl_regions\n  implicit none\ncontains\n")
	b.WriteString("  pure elemental subroutine esum(x, y)\n    real, intent(in) :: x\n    real, intent(out) :: y\n    y = 0.5*x")
	for i := 1; i < n; i++ {
		if i%8 == 0 {
			b.WriteString(" &\n      ")
		}
		fmt.Fprintf(&b, " + %d.25*x", i%7+1)
	}
	b.WriteString("\n  end subroutine esum\n")
	b.WriteString("  subroutine ssum(A, oA)\n  !$OFP PURE, KERNEL :: ssum\n    real, dimension(:), contiguous, intent(in) :: A\n" +
		"    real, dimension(:), contiguous, intent(out), target :: oA\n    real, pointer, dimension(:) :: p\n" +
		"    p => region_ptr(oA, [1,1])\n    p = region_cpy(A, [1,1])")
	for i := 1; i < m; i++ {
		if i%4 == 0 { // lines within free form's 132 columns
			b.WriteString(" &\n      ")
		}
		fmt.Fprintf(&b, " + %d.5*region_cpy(A, [%d,%d])", i%5+1, i%3, 2-i%3)
	}
	b.WriteString("\n  end subroutine ssum\nend module longsum\n")
	return b.String()
}

// Issue 11: a 50,000-term sum crashed PoCL's compiler (a segfault in
// clBuildProgram). Codegen now splits it into partial sums (Note [long
// expressions]); every strategy must build on PoCL and give, bit for bit,
// the sums taken left to right in float32, which shows that the partial
// sums keep Fortran's order. (gfortran -O2 takes many minutes over such a
// sum, so the reference is computed here, rounding after every operation.)
func TestLongExpressions(t *testing.T) {
	const n, m = 50000, 3000
	c := device(t)
	f := filepath.Join(t.TempDir(), "longsum.f90")
	if err := os.WriteFile(f, []byte(longSum(n, m)), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Front([]string{f}, driver.Options{IncludeDirs: []string{"../fortran"}})
	if res.Diags.HasErrors() || len(res.Diags.Items) > 0 {
		t.Fatalf("diagnostics:\n%s", res.Diags.String(res.Sources))
	}
	const size = 97
	rng := rand.New(rand.NewSource(7))
	x := randomArray(rng, abi.Real4, []int{size})
	old := randomArray(rng, abi.Real4, []int{size})

	// references: elemental y(i) = 0.5*x(i) + sum (k%7+1).25*x(i);
	// stencil oA(i) = A(i) + sum (k%5+1).5*A(i-1+k%3), interior only
	ey := make([]float32, size)
	for i := range ey {
		s := float32(0.5 * x.F32[i])
		for k := 1; k < n; k++ {
			s = float32(s + float32(float32(k%7+1)+0.25)*x.F32[i])
		}
		ey[i] = s
	}
	sy := append([]float32(nil), old.F32...)
	for i := 1; i < size-1; i++ {
		s := x.F32[i]
		for k := 1; k < m; k++ {
			s = float32(s + float32(float32(k%5+1)+0.5)*x.F32[i-1+k%3])
		}
		sy[i] = s
	}
	want := map[string][]float32{"esum": ey, "ssum": sy}

	for ki, k := range res.Program.Kernels {
		arrays := map[string]*npy.Array{}
		for _, v := range k.Params {
			if v.Intent == ir.Out {
				arrays[strings.ToLower(v.Name)] = old
			} else {
				arrays[strings.ToLower(v.Name)] = x
			}
		}
		for _, s := range []regions.Strategy{regions.Direct, regions.Local} {
			plan, diags := regions.Schedule(res.Program, regions.Target{}, regions.Options{Strategy: s})
			if diags.HasErrors() {
				t.Fatalf("schedule: %s", diags.String(res.Sources))
			}
			u := codegen.OpenCL(res.Program, plan, res.Program.Kernels, "longsum.f90", codegen.Options{Version: driver.Version})
			if !strings.Contains(u.Source, "_part0") {
				t.Fatalf("%v: the long sum was not split", s)
			}
			got, err := runner.Run(c, runner.Job{Unit: u, Kernel: u.Kernels[ki], Scalars: map[string]float64{}, Arrays: arrays})
			if err != nil {
				t.Fatalf("%s %v: %v", k.Name, s, err)
			}
			var out *npy.Array
			for name, a := range got.Outputs {
				if name == "y" || name == "oa" {
					out = a
				}
			}
			if out == nil {
				t.Fatalf("%s %v: no output", k.Name, s)
			}
			w := want[strings.ToLower(k.Name)]
			for i := range w {
				if out.F32[i] != w[i] {
					t.Errorf("%s %v: element %d = %v, want %v (bit-identical)", k.Name, s, i, out.F32[i], w[i])
					break
				}
			}
		}
	}
}

// TestDeepestIfBuilds backs sema's limit of 64 nested if blocks
// (codeIfNesting in sema; clang stops at 256 nested brackets): the deepest
// nesting forocl accepts builds on PoCL with both strategies.
func TestDeepestIfBuilds(t *testing.T) {
	c := device(t)
	var b strings.Builder
	b.WriteString("module deepif\n  implicit none\ncontains\n  pure elemental subroutine k(x, y)\n    real, intent(in) :: x\n    real, intent(out) :: y\n    y = 0.0\n")
	for i := 0; i < 64; i++ {
		fmt.Fprintf(&b, "if (x > %d.0) then\n", i)
	}
	b.WriteString("y = x\n" + strings.Repeat("end if\n", 64) + "  end subroutine k\nend module deepif\n")
	f := filepath.Join(t.TempDir(), "deepif.f90")
	if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Front([]string{f}, driver.Options{})
	if res.Diags.HasErrors() {
		t.Fatalf("64 nested ifs are refused:\n%s", res.Diags.String(res.Sources))
	}
	for _, s := range []regions.Strategy{regions.Direct, regions.Local} {
		plan, diags := regions.Schedule(res.Program, regions.Target{}, regions.Options{Strategy: s})
		if diags.HasErrors() {
			t.Fatalf("schedule: %s", diags.String(res.Sources))
		}
		u := codegen.OpenCL(res.Program, plan, res.Program.Kernels, "deepif.f90", codegen.Options{Version: driver.Version})
		p, err := c.BuildProgram(u.Source, "-Werror")
		if err != nil {
			t.Errorf("%v: %v", s, err)
			continue
		}
		p.Release()
	}
}
