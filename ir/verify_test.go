package ir_test

import (
	"os"
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/sema"
)

// compileFile runs the parser and sema over a corpus file.
func compileFile(t *testing.T, path string) *ir.Program {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, d := parser.Parse(path, src)
	prog, d2 := sema.Check([]*ast.File{f}, sema.Options{})
	d.Append(d2)
	if prog == nil || d.HasErrors() {
		t.Fatalf("%s:\n%s", path, d.String(diag.Sources{path: src}))
	}
	return prog
}

func firstAssign(body []ir.Stmt) *ir.Assign {
	for _, s := range body {
		switch s := s.(type) {
		case *ir.Assign:
			return s
		case *ir.Nest:
			if a := firstAssign(s.Body); a != nil {
				return a
			}
		case *ir.Loop:
			if a := firstAssign(s.Body); a != nil {
				return a
			}
		}
	}
	return nil
}

func firstNest(body []ir.Stmt) *ir.Nest {
	if n := ir.Nests(body); len(n) > 0 {
		return n[0]
	}
	return nil
}

func firstElem(e ir.Expr) *ir.Elem {
	var out *ir.Elem
	ir.Walk(e, func(x ir.Expr) {
		if el, ok := x.(*ir.Elem); ok && out == nil {
			out = el
		}
	})
	return out
}

func firstWindow(e ir.Expr) *ir.Window {
	var out *ir.Window
	ir.Walk(e, func(x ir.Expr) {
		if w, ok := x.(*ir.Window); ok && out == nil {
			out = w
		}
	})
	return out
}

// TestVerifyCatchesBrokenIR breaks well-formed programs of the corpus one
// invariant at a time and checks that Verify names what is broken.
func TestVerifyCatchesBrokenIR(t *testing.T) {
	const region = "../testdata/kernels/jacobi5.f90"
	const loops = "../testdata/kernels/loop_subcycle.f90"
	const reduce = "../testdata/kernels/loop_acc_reduce.f90"
	for _, tc := range []struct {
		name, file string
		breakIt    func(k *ir.Kernel)
		want       string
	}{
		{"window of another extent", region, func(k *ir.Kernel) {
			w := firstWindow(firstAssign(k.Body).RHS)
			w.Lo = []int{1, 1}
		}, "but its statement's frame is (n1-2, n2-2)"},
		{"undeclared variable", region, func(k *ir.Kernel) {
			k.Params = k.Params[1:] // h is still read
		}, `"h" is not a variable of the kernel`},
		{"operands of two kinds", region, func(k *ir.Kernel) {
			a := firstAssign(k.Body)
			b := a.RHS.(*ir.Binary)
			b.X = &ir.Const{Kind: ir.Real8, Float: 0.25}
		}, "operands not converted to one numeric kind"},
		{"call of a reduction row", region, func(k *ir.Kernel) {
			a := firstAssign(k.Body)
			a.RHS = &ir.Intrinsic{ID: ir.FnSum, Args: []ir.Expr{a.RHS}, T: a.RHS.Type()}
		}, "sum is no function"},
		{"nil expression", region, func(k *ir.Kernel) {
			firstAssign(k.Body).RHS.(*ir.Binary).Y = nil
		}, "nil expression"},
		{"assignment without a conversion", region, func(k *ir.Kernel) {
			a := firstAssign(k.Body)
			a.RHS = &ir.Convert{X: a.RHS, T: ir.Type{Kind: ir.Real8, Rank: 2}}
		}, "assignment of real(8) to real(4)"},
		{"elem with a subscript too few", loops, func(k *ir.Kernel) {
			e := firstElem(firstAssign(firstNest(k.Body).Body).LHS)
			e.Access = nil
		}, "with 1 subscripts and 0 affine forms"},
		{"nest index twice", loops, func(k *ir.Kernel) {
			n := firstNest(k.Body)
			n.Index = append(n.Index, n.Index[0])
			n.Lo = append(n.Lo, n.Lo[0])
			n.Hi = append(n.Hi, n.Hi[0])
		}, "is already an index or loop variable here"},
		{"nest bound over a local", loops, func(k *ir.Kernel) {
			n := firstNest(k.Body)
			var w *ir.Var
			for _, v := range k.Locals {
				if v.Name == "w" {
					w = v
				}
			}
			n.Hi[0] = ir.Affine{Terms: []ir.Term{{Coef: 1, Var: w}}}
		}, `a bound of nest index i is over "w"`},
		{"host loop not a host loop", loops, func(k *ir.Kernel) {
			for _, s := range k.Body {
				if l, ok := s.(*ir.Loop); ok {
					l.Host = nil
				}
			}
		}, "sequential loop outside a nest that is not a host loop"},
		{"host IF whose condition is not logical", loops, func(k *ir.Kernel) {
			lp := k.Body[len(k.Body)-1].(*ir.Loop)
			lp.Body[len(lp.Body)-1].(*ir.If).Cond = &ir.Const{Kind: ir.Int, Int: 1}
		}, "an if condition is integer, not logical"},
		{"nest in an IF inside a nest", loops, func(k *ir.Kernel) {
			n := firstNest(k.Body)
			n.Body = append(n.Body, &ir.If{Pos: n.Pos, Cond: &ir.Const{Kind: ir.Logical, Bool: true}, Then: []ir.Stmt{ir.Nests(k.Body)[2]}})
		}, "parallel nest that is not in the host procedure"},
		{"reduction without a result", reduce, func(k *ir.Kernel) {
			firstNest(k.Body).Reduces[0].Reduce.Result = nil
		}, `reduction "cmax" has no result`},
		{"reduction not declared by the nest", reduce, func(k *ir.Kernel) {
			firstNest(k.Body).Reduces = firstNest(k.Body).Reduces[1:]
		}, `"cmax" is not a variable of the kernel`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog := compileFile(t, tc.file)
			if tc.file == region { // the frame form (Note [frames as nests])
				k, err := ir.NestsToFrames(prog.Kernels[0])
				if err != nil {
					t.Fatal(err)
				}
				prog.Kernels[0] = k
			}
			if err := ir.Verify(prog); err != nil {
				t.Fatalf("well-formed program fails: %v", err)
			}
			tc.breakIt(prog.Kernels[0])
			err := ir.Verify(prog)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Verify after breaking it: %v; want %q", err, tc.want)
			}
		})
	}
}
