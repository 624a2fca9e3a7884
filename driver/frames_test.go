package driver

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/ir"
)

// TestFramesRoundTrip takes every kernel of the corpus with a grid, as
// sema gives it (nests: Note [frames as nests] in package ir), to the frame
// form the region schedule takes and back: the frame form verifies, and
// the nests come back the same. A kernel without a grid has no frame
// form.
func TestFramesRoundTrip(t *testing.T) {
	gridKernels := 0
	for _, file := range verifyCorpus(t) {
		res := Front([]string{file}, Options{IncludeDirs: []string{"../fortran"}})
		if res.Diags.HasErrors() {
			continue // TestIRVerifiedAndUnchanged reports it
		}
		for _, k := range res.Program.Kernels {
			frames, err := ir.NestsToFrames(k)
			if k.Grid() == nil {
				if err == nil {
					t.Errorf("%s: kernel %s without a grid taken for frames", file, k.Name)
				}
				continue
			}
			gridKernels++
			text := irString(&ir.Program{Kernels: []*ir.Kernel{k}})
			if err != nil {
				t.Errorf("%s: %s to frames: %v\n%s", file, k.Name, err, text)
				continue
			}
			fp := &ir.Program{Funcs: res.Program.Funcs, Kernels: []*ir.Kernel{frames}}
			if err := ir.Verify(fp); err != nil {
				t.Errorf("%s: the frame form of %s does not verify: %v\n%s", file, k.Name, err, irString(fp))
				continue
			}
			if ft := irString(fp); !strings.Contains(ft, "(n1") || strings.Contains(ft, "parallel") {
				t.Errorf("%s: the frame form of %s has nests or no frame:\n%s", file, k.Name, ft)
			}
			back, err := ir.FramesToNests(frames)
			if err != nil {
				t.Errorf("%s: %s back to nests: %v", file, k.Name, err)
				continue
			}
			if got := irString(&ir.Program{Kernels: []*ir.Kernel{back}}); got != text {
				t.Errorf("%s: %s does not round-trip:\n%s\nwant:\n%s\nthrough:\n%s", file, k.Name, got, text, irString(fp))
			}
		}
	}
	if gridKernels < 30 {
		t.Errorf("%d kernels with a grid in the corpus, want at least 30", gridKernels)
	}
}

// TestNestsNotFrames checks that NestsToFrames refuses nests of a grid that are not
// frame-shaped rather than giving frames of another meaning.
func TestNestsNotFrames(t *testing.T) {
	nestForm := func(file, name string) *ir.Kernel {
		res := Front([]string{file}, Options{IncludeDirs: []string{"../fortran"}})
		for _, k := range res.Program.Kernels {
			if k.Name == name {
				return k // sema's nest form
			}
		}
		t.Fatalf("%s: no kernel %s", file, name)
		return nil
	}
	firstNest := func(k *ir.Kernel) *ir.Nest {
		for _, s := range k.Body {
			if n, ok := s.(*ir.Nest); ok {
				return n
			}
		}
		t.Fatal("no nest")
		return nil
	}
	firstElem := func(n *ir.Nest) *ir.Elem {
		var e *ir.Elem
		ir.Walk(n.Body[0].(*ir.Assign).RHS, func(x ir.Expr) {
			if y, ok := x.(*ir.Elem); ok && e == nil {
				e = y
			}
		})
		return e
	}
	cases := []struct {
		name, file, kernel, want string
		change                   func(*ir.Kernel)
	}{
		{"two statements", "../testdata/kernels/jacobi5.f90", "jacobi5_step", "one assignment over a frame",
			func(k *ir.Kernel) { n := firstNest(k); n.Body = append(n.Body, n.Body[0]) }},
		{"stride", "../testdata/kernels/jacobi5.f90", "jacobi5_step", "not the nest's index",
			func(k *ir.Kernel) { firstElem(firstNest(k)).Access[0].Terms[0].Coef = 2 }},
		{"outside", "../testdata/kernels/jacobi5.f90", "jacobi5_step", "within the array",
			func(k *ir.Kernel) { firstElem(firstNest(k)).Access[1].Const = -1 }},
		{"bounds", "../testdata/kernels/jacobi5.f90", "jacobi5_step", "over a frame",
			func(k *ir.Kernel) { firstNest(k).Lo[0] = ir.Affine{Const: 2} }},
		{"no start", "../examples/shallowwater/fortran/summary.f90", "wave_summary", "not started",
			func(k *ir.Kernel) { k.Body = k.Body[1:] }},
		{"index read", "../testdata/kernels/jacobi5.f90", "jacobi5_step", "other than as an element's subscript",
			func(k *ir.Kernel) {
				a := firstNest(k).Body[0].(*ir.Assign)
				a.RHS = &ir.Convert{X: &ir.Ref{Var: firstNest(k).Index[0]}, T: a.RHS.Type()}
			}},
		{"no grid", "../testdata/kernels/jacobi5.f90", "jacobi5_step", "not a kernel of a grid",
			func(k *ir.Kernel) { k.Rank = 0 }},
	}
	for _, c := range cases {
		k := nestForm(c.file, c.kernel)
		if _, err := ir.NestsToFrames(k); err != nil {
			t.Fatalf("%s: unchanged: %v", c.name, err)
		}
		c.change(k)
		_, err := ir.NestsToFrames(k)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
}
