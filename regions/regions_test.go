package regions_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/sema"
)

// kernel parses and checks src and returns its only kernel.
func kernel(t *testing.T, src string) *ir.Kernel {
	t.Helper()
	f, diags := parser.Parse("t.f90", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags.String(nil))
	}
	p, diags := sema.Check([]*ast.File{f}, sema.Options{})
	if diags.HasErrors() {
		t.Fatal(diags.String(nil))
	}
	k, err := regions.Frames(p.Kernels[0]) // Note [frames as nests] in package ir
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func shifts(ss []regions.Shift, rank int) string {
	var parts []string
	for _, s := range ss {
		parts = append(parts, fmt.Sprint(s[:rank]))
	}
	return strings.Join(parts, " ")
}

// evals lists the evaluation shifts of every array assignment, in order.
func evals(kp *regions.KernelPlan) []string {
	var out []string
	regions.ForEachAssign(kp.Kernel.Body, func(a *ir.Assign) {
		if _, ok := a.LHS.(*ir.Window); ok {
			out = append(out, shifts(kp.Eval[a], kp.Rank))
		}
	})
	return out
}

const lw1d = `
module m
contains
subroutine lw(c, U, oU)
!$OFP PURE, KERNEL :: lw
  real, intent(in) :: c
  real, dimension(:), contiguous, intent(in) :: U
  real, dimension(:), contiguous, intent(out), target :: oU
  real, allocatable, dimension(:) :: F
  real, pointer, dimension(:) :: p
  F = 0.5*(region_cpy(U,[0,1]) + region_cpy(U,[1,0])) - c*(region_cpy(U,[1,0]) - region_cpy(U,[0,1]))
  p => region_ptr(oU, [1,1])
  p = region_cpy(U,[1,1]) - c*(region_cpy(F,[1,0]) - region_cpy(F,[0,1]))
end subroutine
end module
`

// TestFaceTemporary: a face temporary read at the cell's left and right
// faces is evaluated at two shifts, and the input is read at three.
func TestFaceTemporary(t *testing.T) {
	kp := regions.AnalyzeKernel(kernel(t, lw1d), nil)
	if got := strings.Join(evals(kp), " | "); got != "[-1] [0] | [0]" {
		t.Errorf("evaluation shifts %q", got)
	}
	u := kp.Kernel.Params[1]
	if got := shifts(kp.Inputs[u], 1); got != "[-1] [0] [1]" {
		t.Errorf("U read at %q", got)
	}
	if kp.Origin[0] != 1 || kp.Shrink[0] != 2 {
		t.Errorf("launch origin %v shrink %v", kp.Origin, kp.Shrink)
	}
	if b := regions.BoxOf(kp.Inputs[u]); b.Size(0, 16) != 18 {
		t.Errorf("tile of U for 16 work-items: %d", b.Size(0, 16))
	}
}

// TestCoarsenedSharesFaces: owning 4 consecutive cells, a work-item needs
// the face temporary at 5 shifts, not 8.
func TestCoarsenedSharesFaces(t *testing.T) {
	owned := []regions.Shift{{0}, {1}, {2}, {3}}
	kp := regions.AnalyzeKernel(kernel(t, lw1d), owned)
	if got := strings.Join(evals(kp), " | "); got != "[-1] [0] [1] [2] [3] | [0] [1] [2] [3]" {
		t.Errorf("evaluation shifts %q", got)
	}
}

// TestMaskedKeepsOldValue: a masked assignment needs the temporary's
// earlier value at the same shifts; an unmasked one kills it.
func TestMaskedKeepsOldValue(t *testing.T) {
	src := `
module m
contains
subroutine k(A, oA)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in) :: A
  real, dimension(:), contiguous, intent(out), target :: oA
  real, allocatable, dimension(:) :: T
  real, pointer, dimension(:) :: p
  T = 2.0*region_cpy(A,[0,0])
  where (region_cpy(A,[0,0]) > 1.0) T = 0.0
  p => region_ptr(oA, [1,1])
  p = region_cpy(T,[0,2]) + region_cpy(T,[2,0])
end subroutine
end module
`
	kp := regions.AnalyzeKernel(kernel(t, src), nil)
	if got := strings.Join(evals(kp), " | "); got != "[-1] [1] | [-1] [1] | [0]" {
		t.Errorf("evaluation shifts %q", got)
	}
}

// TestDeadTemporary: a temporary nobody reads is not evaluated.
func TestDeadTemporary(t *testing.T) {
	src := `
module m
contains
subroutine k(A, oA)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in) :: A
  real, dimension(:,:), contiguous, intent(out) :: oA
  real, allocatable, dimension(:,:) :: T
  T = region_cpy(A,[1,0,0,0])
  oA = 3.0*A
end subroutine
end module
`
	kp := regions.AnalyzeKernel(kernel(t, src), nil)
	if got := strings.Join(evals(kp), " | "); got != " | [0 0]" {
		t.Errorf("evaluation shifts %q", got)
	}
	if kp.Origin != (regions.Shift{}) || kp.Shrink != (regions.Shift{}) {
		t.Errorf("whole-array output: origin %v shrink %v", kp.Origin, kp.Shrink)
	}
}
