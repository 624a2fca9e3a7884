package regions_test

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/sema"
)

// program parses and checks src.
func program(t *testing.T, src string) *ir.Program {
	t.Helper()
	f, diags := parser.Parse("t.f90", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags.String(nil))
	}
	p, diags := sema.Check([]*ast.File{f}, sema.Options{})
	if diags.HasErrors() {
		t.Fatal(diags.String(nil))
	}
	return p
}

// firstNest schedules p's only kernel and returns its first nest's plan.
func firstNest(t *testing.T, p *ir.Program, tg regions.Target, o regions.Options) *regions.NestPlan {
	t.Helper()
	plan, diags := regions.Schedule(p, tg, o)
	if diags.HasErrors() {
		t.Fatal(diags.String(nil))
	}
	nests := plan.Kernels[0].NestPlans()
	if len(nests) == 0 {
		t.Fatal("no nest")
	}
	return nests[0]
}

const dotSrc = `!$OFP KERNEL :: dot
subroutine dot(n, a, b, s)
  integer, intent(in) :: n
  real(8), intent(in) :: a(n), b(n)
  real(8), intent(out) :: s
  integer :: i
  s = 0
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + a(i) * b(i)
  end do
end subroutine dot
`

const sum2Src = `!$OFP KERNEL :: total
subroutine total(n, m, a, s)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: s
  integer :: i, j
  s = 0
  do concurrent (j = 1:m, i = 1:n) reduce(+:s)
    s = s + a(i, j)
  end do
end subroutine total
`

const sumCopySrc = `!$OFP KERNEL :: sumcopy
subroutine sumcopy(n, m, a, b, s)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(inout) :: b(n, m)
  real, intent(out) :: s
  integer :: i, j
  s = 0
  !$omp parallel do collapse(2) reduction(max:s)
  do j = 1, m
    do i = 1, n
      b(i, j) = a(i, j)
      s = max(s, a(i, j))
    end do
  end do
end subroutine sumcopy
`

// TestReductionShape pins the GPU rule for nests that reduce (Note [loop
// schedules]): a 1-D nest reduceInterleave (8) interleaved points in
// groups of 256; a 2-D nest that only reduces 16 rows in 256x1 groups; one
// that also writes an array the shape of other nests (a stream: one point
// per work-item in 128x1 groups). On a CPU a nest that only reduces 16
// consecutive points (rows in 2-D); with --tile, or no device, one point.
func TestReductionShape(t *testing.T) {
	gpu, cpu := regions.Target{Type: "GPU"}, regions.Target{Type: "CPU"}
	for _, c := range []struct {
		name, src            string
		local, coarsen       string
		interleave           bool
		cpuLocal, cpuCoarsen string
	}{
		{"dot", dotSrc, "256", "8", true, "256", "16"},
		{"total", sum2Src, "256x1", "1x16", false, "256x1", "1x16"},
		{"sumcopy", sumCopySrc, "128x1", "1x1", false, "32x8", "1x1"},
	} {
		p := program(t, c.src)
		np := firstNest(t, p, gpu, regions.Tuned())
		if regions.DimString(np.Local) != c.local || regions.DimString(np.Coarsen) != c.coarsen || np.Interleave != c.interleave {
			t.Errorf("%s on a GPU: work-group %v, block %v, interleaved %v; want %s, %s, %v",
				c.name, np.Local, np.Coarsen, np.Interleave, c.local, c.coarsen, c.interleave)
		}
		np = firstNest(t, p, cpu, regions.Tuned())
		if regions.DimString(np.Local) != c.cpuLocal || regions.DimString(np.Coarsen) != c.cpuCoarsen || np.Interleave {
			t.Errorf("%s on a CPU: work-group %v, block %v, interleaved %v; want %s, %s, consecutive",
				c.name, np.Local, np.Coarsen, np.Interleave, c.cpuLocal, c.cpuCoarsen)
		}
		for what, got := range map[string]*regions.NestPlan{
			"with --tile 64x1": firstNest(t, p, gpu, regions.Options{Auto: true, Strategy: regions.Direct, Tile: []int{64, 1}}),
			"with no device":   firstNest(t, p, regions.Target{}, regions.Tuned()),
		} {
			if np := got; np.Coarse() || np.Interleave {
				t.Errorf("%s %s: block %v, interleaved %v; want one point per work-item", c.name, what, np.Coarsen, np.Interleave)
			}
		}
	}
}

// TestInterleaveOption: --interleave interleaves a block's points along
// NDRange dimension 0 whenever the block has several there, on any
// device; a block of one point there is left as it is.
func TestInterleaveOption(t *testing.T) {
	o := regions.Options{Strategy: regions.Direct, Coarsen: []int{4, 2}, Interleave: true}
	if np := firstNest(t, program(t, dotSrc), regions.Target{Type: "CPU"}, o); !np.Interleave || np.Coarsen[0] != 4 {
		t.Errorf("dot with --coarsen 4x2 --interleave: block %v, interleaved %v; want 4 interleaved", np.Coarsen, np.Interleave)
	}
	if np := firstNest(t, program(t, sumCopySrc), regions.Target{}, o); !np.Interleave || regions.DimString(np.Coarsen) != "4x2" {
		t.Errorf("sumcopy with --coarsen 4x2 --interleave: block %v, interleaved %v; want 4x2 interleaved", np.Coarsen, np.Interleave)
	}
	o.Coarsen = []int{4} // the last dimension only
	if np := firstNest(t, program(t, sumCopySrc), regions.Target{}, o); np.Interleave {
		t.Errorf("sumcopy with --coarsen 4 --interleave: block %v interleaved; want consecutive rows", np.Coarsen)
	}
}

const revertSrc = `!$OFP KERNEL :: revert
subroutine revert(x_min, x_max, y_min, y_max, d0, d1, e0, e1)
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(in) :: d0, e0
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(inout) :: d1, e1
  integer :: j, k
  !$omp parallel do
  do k = y_min, y_max
    do j = x_min, x_max
      d1(j, k) = d0(j, k)
      e1(j, k) = e0(j-1, k) + e0(j+1, k)
    end do
  end do
end subroutine revert
`

const rowsSrc = `!$OFP KERNEL :: rows
subroutine rows(x_min, x_max, y_min, y_max, u, v, w)
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real, dimension(x_min-2:x_max+3, y_min-2:y_max+3), intent(in) :: u, v
  real, dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(inout) :: w
  integer :: j, k
  !$omp parallel do
  do k = y_min, y_max
    do j = x_min, x_max
      w(j, k) = u(j, k) + v(j, k+1)
    end do
  end do
  !$omp parallel do
  do k = y_min, y_max
    do j = x_min, x_max
      w(j, k) = u(j, k) + u(j, k+1)
    end do
  end do
end subroutine rows
`

const copy1Src = `!$OFP KERNEL :: copy1
subroutine copy1(n, a, b)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(i)
  end do
end subroutine copy1
`

// TestStreamRule pins the GPU rule for nests that do not reduce (Note
// [loop schedules]): a 2-D stream, whose points read no array at two
// offsets along the last NDRange dimension (reads along the first do not
// count, nor two arrays at different rows), and a 2-D nest over real(8)
// arrays run one point per work-item in 128x1 groups; a real(4) nest that
// reads an array at two rows gets 4 rows per work-item; a 1-D nest 4
// points interleaved in groups of 256 (H100, issue 25: a real(4) copy at
// 82% of the real(8) copy's bandwidth with one point, 101% with these).
func TestStreamRule(t *testing.T) {
	gpu := regions.Target{Type: "GPU"}
	rows8 := strings.ReplaceAll(rowsSrc, "real,", "real(8),")
	for _, c := range []struct {
		name, src      string
		nest           int
		local, coarsen string
		interleave     bool
	}{
		{"revert", revertSrc, 0, "128x1", "1x1", false},
		{"rows: two arrays at different rows", rowsSrc, 0, "128x1", "1x1", false},
		{"rows: one array at two rows", rowsSrc, 1, "128x1", "1x4", false},
		{"rows in real(8): one array at two rows", rows8, 1, "128x1", "1x1", false},
		{"copy1", copy1Src, 0, "256", "4", true},
	} {
		plan, diags := regions.Schedule(program(t, c.src), gpu, regions.Tuned())
		if diags.HasErrors() {
			t.Fatal(diags.String(nil))
		}
		np := plan.Kernels[0].NestPlans()[c.nest]
		if regions.DimString(np.Local) != c.local || regions.DimString(np.Coarsen) != c.coarsen || np.Interleave != c.interleave {
			t.Errorf("%s: work-group %v, block %v, interleaved %v; want %s, %s, %v", c.name, np.Local, np.Coarsen, np.Interleave, c.local, c.coarsen, c.interleave)
		}
	}
}

const alignSrc = `!$OFP KERNEL :: shifted
subroutine shifted(x_min, x_max, y_min, y_max, n, a, b, c)
  integer, intent(in) :: x_min, x_max, y_min, y_max, n
  real, dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(inout) :: a
  real, dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(in) :: b
  real, dimension(n, y_min-2:y_max+2), intent(inout) :: c
  integer :: j, k
  !$omp parallel do
  do k = y_min, y_max
    do j = x_min, x_max
      a(j+1, k) = b(j, k)
    end do
  end do
  !$omp parallel do
  do k = y_min, y_max
    do j = x_min, x_max
      c(j, k) = b(j, k)
    end do
  end do
end subroutine shifted
`

// TestAlignOption: --align starts a one-point nest's work-items at the
// first element of the written array's row: a(j+1, k) over j = x_min..
// with a(x_min-2:...) is 3 points in; an offset that is not a constant
// (c(n, ...) from 1) leaves the start at the lower bound, as do blocks.
func TestAlignOption(t *testing.T) {
	p := program(t, alignSrc)
	plan, diags := regions.Schedule(p, regions.Target{Type: "GPU"}, regions.Options{Strategy: regions.Direct, Align: true})
	if diags.HasErrors() {
		t.Fatal(diags.String(nil))
	}
	nests := plan.Kernels[0].NestPlans()
	if nests[0].Align != 3 || nests[1].Align != 0 {
		t.Errorf("--align: nests start %d and %d points early; want 3 and 0", nests[0].Align, nests[1].Align)
	}
	plan, _ = regions.Schedule(p, regions.Target{Type: "GPU"}, regions.Options{Strategy: regions.Direct, Align: true, Coarsen: []int{2}})
	if np := plan.Kernels[0].NestPlans()[0]; np.Align != 0 {
		t.Errorf("--align --coarsen 2: the nest starts %d points early; want 0", np.Align)
	}
	plan, _ = regions.Schedule(p, regions.Target{Type: "CPU"}, regions.Tuned())
	if np := plan.Kernels[0].NestPlans()[0]; np.Align != 0 {
		t.Errorf("on CPUs without --align: the nest starts %d points early; want 0", np.Align)
	}
}

// TestAlignStreamsOnGPUs: on GPUs a stream nest (rows share no element)
// is aligned by default, a nest whose rows share elements is not, and
// --no-align turns the default off.
func TestAlignStreamsOnGPUs(t *testing.T) {
	p := program(t, alignSrc)
	plan, _ := regions.Schedule(p, regions.Target{Type: "GPU"}, regions.Tuned())
	if np := plan.Kernels[0].NestPlans()[0]; np.Align != 3 {
		t.Errorf("a stream on a GPU: the nest starts %d points early; want 3", np.Align)
	}
	no := regions.Tuned()
	no.NoAlign = true
	plan, _ = regions.Schedule(p, regions.Target{Type: "GPU"}, no)
	if np := plan.Kernels[0].NestPlans()[0]; np.Align != 0 {
		t.Errorf("--no-align: the nest starts %d points early; want 0", np.Align)
	}
	p = program(t, strings.Replace(alignSrc, "a(j+1, k) = b(j, k)", "a(j+1, k) = b(j, k) + b(j, k+1)", 1))
	plan, _ = regions.Schedule(p, regions.Target{Type: "GPU"}, regions.Tuned())
	if np := plan.Kernels[0].NestPlans()[0]; np.Align != 0 {
		t.Errorf("a nest reading two rows: the nest starts %d points early; want 0", np.Align)
	}
}
