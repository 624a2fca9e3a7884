package driver

import (
	"bytes"
	"path/filepath"
	"sort"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// verifyCorpus lists every Fortran file of the corpora that compile:
// testdata/kernels (free, preprocessed and fixed form), testdata/f2023
// and the examples' kernels.
func verifyCorpus(t *testing.T) []string {
	var files []string
	for _, pattern := range []string{
		"../testdata/kernels/*.f90", "../testdata/kernels/*.F90", "../testdata/kernels/*.f", "../testdata/kernels/*.F",
		"../testdata/f2023/*.f90", "../examples/*/fortran/*.f90",
	} {
		more, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	sort.Strings(files)
	if len(files) < 70 {
		t.Fatalf("corpus has %d files, want at least 70", len(files))
	}
	return files
}

func irString(p *ir.Program) string {
	var b bytes.Buffer
	ir.Fprint(&b, p)
	return b.String()
}

// TestIRVerifiedAndUnchanged checks the IR of every corpus kernel with
// ir.Verify after sema, and that the passes after sema never change it
// (ARCHITECTURE.md: regions never mutates the IR; codegen is a pure
// function of the IR and the plan): the printed IR is the same after
// every schedule and every generation, and still verifies.
func TestIRVerifiedAndUnchanged(t *testing.T) {
	schedules := []struct {
		target regions.Target
		opts   regions.Options
	}{
		{opts: regions.Options{Strategy: regions.Local}},
		{opts: regions.Options{Strategy: regions.Direct}},
		{opts: regions.Options{Strategy: regions.Direct, Coarsen: []int{2, 3}}},
		{opts: regions.Options{Strategy: regions.Local, Tile: []int{8, 4}, Coarsen: []int{2, 3}}},
		{target: regions.Target{Type: "GPU"}, opts: regions.Tuned()},
	}
	for _, file := range verifyCorpus(t) {
		res := Front([]string{file}, Options{IncludeDirs: []string{"../fortran"}})
		if res.Diags.HasErrors() {
			t.Errorf("%s does not compile:\n%s", file, res.Diags.String(res.Sources))
			continue
		}
		if err := ir.Verify(res.Program); err != nil {
			t.Errorf("%s after sema: %v", file, err)
			continue
		}
		before := irString(res.Program)
		for _, s := range schedules {
			plan, diags := regions.Schedule(res.Program, s.target, s.opts)
			if after := irString(res.Program); after != before {
				t.Fatalf("%s: regions.Schedule(%+v) changed the IR:\n%s\nwas:\n%s", file, s.opts, after, before)
			}
			if diags.HasErrors() {
				continue // a schedule this kernel refuses
			}
			codegen.OpenCL(res.Program, plan, res.Program.Kernels, filepath.Base(file), codegen.Options{Version: Version})
			if after := irString(res.Program); after != before {
				t.Fatalf("%s: codegen.OpenCL(%+v) changed the IR:\n%s\nwas:\n%s", file, s.opts, after, before)
			}
		}
		if err := ir.Verify(res.Program); err != nil {
			t.Errorf("%s after regions and codegen: %v", file, err)
		}
	}
}
