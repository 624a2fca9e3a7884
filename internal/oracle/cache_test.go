package oracle_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
)

// countGfortran puts a gfortran first on PATH that logs its arguments
// and runs the real one; the result counts the driver builds so far.
func countGfortran(t *testing.T) func() int {
	t.Helper()
	real, err := exec.LookPath("gfortran")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "calls.log")
	script := fmt.Sprintf("#!/bin/sh\necho \"$*\" >> '%s'\nexec '%s' \"$@\"\n", log, real)
	if err := os.WriteFile(filepath.Join(dir, "gfortran"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return func() int {
		data, _ := os.ReadFile(log)
		return strings.Count(string(data), "oracle_driver.f90")
	}
}

// scaleKernel writes a kernel y = WEIGHT*x whose weight comes from an
// #include file, and returns its interface, the source and the include.
func scaleKernel(t *testing.T, weight string) (*abi.Kernel, string, string) {
	t.Helper()
	dir := t.TempDir()
	inc := filepath.Join(dir, "weight.inc")
	if err := os.WriteFile(inc, []byte("#define WEIGHT "+weight+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "scale.F90")
	if err := os.WriteFile(src, []byte(`#include "weight.inc"
module scale_module
  implicit none
contains
  pure subroutine scale(x, y)
  !$OFP PURE, KERNEL :: scale
    real(8), dimension(:), contiguous, intent(in) :: x
    real(8), dimension(:), contiguous, intent(out) :: y
    y = WEIGHT * x
  end subroutine scale
end module scale_module
`), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Compile([]string{src}, driver.Options{Kernels: []string{"scale"}})
	if res.Diags.HasErrors() || res.Program == nil {
		t.Fatalf("the test kernel does not compile:\n%s", res.Diags.String(res.Sources))
	}
	irk, err := res.Kernel("scale")
	if err != nil {
		t.Fatal(err)
	}
	return codegen.Interface(irk), src, inc
}

// runScale builds the oracle of k into a new folder and returns y(2) for
// x = 1, 2, 3.
func runScale(t *testing.T, k *abi.Kernel, src string) float64 {
	t.Helper()
	y, err := scale(k, src, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return y
}

func scale(k *abi.Kernel, src, dir string) (float64, error) {
	exe, err := oracle.Build(k, []string{src}, dir)
	if err != nil {
		return 0, err
	}
	x := &npy.Array{DType: npy.Float64, Shape: []int{3}, F64: []float64{1, 2, 3}}
	y := &npy.Array{DType: npy.Float64, Shape: []int{3}, F64: make([]float64, 3)}
	out, err := exe.Run(nil, map[string]*npy.Array{"x": x, "y": y})
	if err != nil {
		return 0, err
	}
	return out["y"].F64[1], nil
}

// TestBuildCache: a second build of the same oracle, in another folder,
// runs no gfortran (from memory, then from the disk cache in a "new
// process"); an entry that is corrupt, truncated or not a file is built
// again; a changed include file or source is a new build with the new
// result.
func TestBuildCache(t *testing.T) {
	requireGfortran(t)
	cache := t.TempDir()
	t.Setenv("FOROCL_ORACLE_CACHE", cache)
	oracle.ResetMemo()
	builds := countGfortran(t)
	k, src, inc := scaleKernel(t, "3.0d0")
	step := func(what string, wantBuilds int, wantY float64) {
		t.Helper()
		if y := runScale(t, k, src); y != wantY {
			t.Errorf("%s: y(2) = %v, want %v", what, y, wantY)
		}
		if n := builds(); n != wantBuilds {
			t.Errorf("%s: gfortran built the driver %d times in all, want %d", what, n, wantBuilds)
		}
	}
	step("first build", 1, 6)
	step("same process", 1, 6)
	oracle.ResetMemo()
	step("from disk", 1, 6)

	entries, _ := filepath.Glob(filepath.Join(cache, "*.exe"))
	if len(entries) != 1 {
		t.Fatalf("cache holds %v, want one entry", entries)
	}
	entry := entries[0]
	data, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	damage := []struct {
		name  string
		apply func() error
	}{
		{"one byte changed", func() error {
			bad := append([]byte(nil), data...)
			bad[len(bad)/2] ^= 0x40
			return os.WriteFile(entry, bad, 0o644)
		}},
		{"truncated", func() error { return os.WriteFile(entry, data[:len(data)/3], 0o644) }},
		{"a folder", func() error {
			if err := os.Remove(entry); err != nil {
				return err
			}
			return os.Mkdir(entry, 0o755)
		}},
		{"missing", func() error { return os.RemoveAll(entry) }},
	}
	n := 1
	for _, d := range damage {
		if err := d.apply(); err != nil {
			t.Fatal(err)
		}
		oracle.ResetMemo()
		n++
		step("entry "+d.name, n, 6)
		if d.name == "a folder" {
			os.RemoveAll(entry)
			continue
		}
		// The entry was written again, whole.
		oracle.ResetMemo()
		step("entry "+d.name+", rewritten", n, 6)
	}

	// The include file is part of the key.
	if err := os.WriteFile(inc, []byte("#define WEIGHT 5.0d0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	n++
	step("include changed", n, 10)
	// So is the source (here only a comment differs).
	text, _ := os.ReadFile(src)
	if err := os.WriteFile(src, append(text, "! changed\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	n++
	step("source changed", n, 10)
}

// TestBuildCacheConcurrent: eight concurrent builds of one oracle run
// gfortran once and all work.
func TestBuildCacheConcurrent(t *testing.T) {
	requireGfortran(t)
	t.Setenv("FOROCL_ORACLE_CACHE", "off")
	oracle.ResetMemo()
	builds := countGfortran(t)
	k, src, _ := scaleKernel(t, "0.5d0")
	var wg sync.WaitGroup
	ys := make([]float64, 8)
	errs := make([]error, 8)
	for i := range ys {
		dir := t.TempDir()
		wg.Add(1)
		go func() {
			defer wg.Done()
			ys[i], errs[i] = scale(k, src, dir)
		}()
	}
	wg.Wait()
	for i, y := range ys {
		if errs[i] != nil || y != 1 {
			t.Errorf("build %d: y(2) = %v (%v), want 1", i, y, errs[i])
		}
	}
	if n := builds(); n != 1 {
		t.Errorf("gfortran built the driver %d times, want 1", n)
	}
}

// TestBuildUncached: a source whose include cannot be named (a macro) is
// built every time, never keyed on a guess.
func TestBuildUncached(t *testing.T) {
	requireGfortran(t)
	t.Setenv("FOROCL_ORACLE_CACHE", t.TempDir())
	oracle.ResetMemo()
	builds := countGfortran(t)
	k, src, _ := scaleKernel(t, "2.0d0")
	text, _ := os.ReadFile(src)
	text = append([]byte("#define WFILE \"weight.inc\"\n#include WFILE\n"), text...)
	if err := os.WriteFile(src, text, 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 2; i++ {
		if y := runScale(t, k, src); y != 4 {
			t.Errorf("y(2) = %v, want 4", y)
		}
		if n := builds(); n != i {
			t.Errorf("after %d builds gfortran built the driver %d times", i, n)
		}
	}
}
