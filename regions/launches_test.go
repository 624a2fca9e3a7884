package regions_test

import (
	"os"
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/sema"
)

// TestLaunches: every kernel with a grid has a plan that is a list of
// launches (Note [phases]): a kernel without reductions one nest launch
// that its plan itself schedules; a kernel with reductions nest launches
// named _p1, _p2, ..., each followed by one fold launch per reduction it
// ends with, and scalar statements that need the last fold's value run in
// that fold (Launch.Tail), not as a launch. A loop kernel's plan is a
// list of the same launches (Note [loop schedules]): one per nest carrying
// the nest's plan (l for loop nest), the folds of its reductions after
// it, and a last launch that writes the scalar results (r).
func TestLaunches(t *testing.T) {
	want := map[string]string{ // kernel: its launches, n a nest, f a fold, f+ a fold with a tail
		"wave_advance": "n",
		"field_stats":  "n f f f f f f f f+",
		"normalize":    "n f n",
		"reorder":      "n f n f f n",
		"relax_resid":  "l l l f r",
		"jacobi_iters": "l l l",
	}
	for _, file := range []string{"../examples/shallowwater/fortran/wave.f90", "../testdata/kernels/reductions.f90", "../testdata/kernels/loop_relax_resid.f90", "../testdata/kernels/loop_jacobi_iters.f90"} {
		p := check(t, file)
		plan, _ := regions.Schedule(p, regions.Target{}, regions.Options{})
		for _, kp := range plan.Kernels {
			var got []string
			for _, l := range kp.Launches {
				switch {
				case l.Nest != nil:
					got = append(got, "l")
					if l.Plan != nil || l.Fold != nil || l.Kernel != kp.Kernel || len(l.Reduces) != len(l.Nest.Nest.Reduces) {
						t.Errorf("%s: a loop nest's launch is not the nest's alone", kp.Kernel.Name)
					}
				case l.Fold == nil && !kp.Kernel.FrameForm():
					got = append(got, "r")
					if !l.Last || l.Plan != nil {
						t.Errorf("%s: a loop kernel's launch has neither a nest nor a fold and does not write the results", kp.Kernel.Name)
					}
				case l.Fold == nil:
					got = append(got, "n")
					if len(kp.Launches) == 1 && (l.Plan != kp || l.Kernel != kp.Kernel) {
						t.Errorf("%s: its one launch is not planned by its plan", kp.Kernel.Name)
					}
				case l.Tail != nil:
					got = append(got, "f+")
					if l.Tail.Plan != nil {
						t.Errorf("%s: launch %s runs in a fold but has array statements", kp.Kernel.Name, l.Tail.Kernel.Name)
					}
				default:
					got = append(got, "f")
				}
			}
			if w, ok := want[kp.Kernel.Name]; ok && strings.Join(got, " ") != w {
				t.Errorf("%s: launches %q, want %q", kp.Kernel.Name, strings.Join(got, " "), w)
			}
			delete(want, kp.Kernel.Name)
			if len(got) == 0 {
				t.Errorf("%s: a kernel has no launches", kp.Kernel.Name)
			}
		}
	}
	for k := range want {
		t.Errorf("no kernel %s", k)
	}
}

func check(t *testing.T, file string) *ir.Program {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	f, diags := parser.Parse(file, src)
	if diags.HasErrors() {
		t.Fatal(diags.String(nil))
	}
	p, diags := sema.Check([]*ast.File{f}, sema.Options{})
	if diags.HasErrors() {
		t.Fatal(diags.String(nil))
	}
	return p
}
