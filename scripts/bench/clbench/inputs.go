package main

import (
	"fmt"
	"path/filepath"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/runner"
)

// source is the Fortran file of sp's kernel and the preprocessor's -D
// definitions it is compiled with in kind (babel25.F90: RK).
func (c *config) source(sp spec, kind int) (path string, defines []string) {
	if sp.babel {
		return filepath.Join(c.dir, "babel25.F90"), []string{fmt.Sprintf("RK=%d", kind)}
	}
	return filepath.Join(c.dir, "issue25.f90"), nil
}

// iface compiles sp's Fortran kernel in kind, as `forocl run` does, and
// returns its interface (cached: the order and kinds of its dummies).
func (b *bench) iface(sp spec, kind int) (*abi.Kernel, error) {
	key := fmt.Sprintf("%s.%d", sp.forocl, kind)
	if k := b.ifaces[key]; k != nil {
		return k, nil
	}
	path, defs := b.source(sp, kind)
	opts := driver.Options{Kernels: []string{sp.forocl}}
	for _, d := range defs {
		def, err := parser.ParseDefine(d)
		if err != nil {
			return nil, err
		}
		opts.Defines = append(opts.Defines, def)
	}
	res := driver.Front([]string{path}, opts)
	if res.Diags.HasErrors() || res.Program == nil {
		return nil, fmt.Errorf("%s does not compile:\n%s", path, res.Diags.String(res.Sources))
	}
	irk, err := res.Kernel(sp.forocl)
	if err != nil {
		return nil, err
	}
	if b.ifaces == nil {
		b.ifaces = map[string]*abi.Kernel{}
	}
	b.ifaces[key] = codegen.Interface(irk)
	return b.ifaces[key], nil
}

// input is the array the hand-written kernel of sp gets for a at size n in
// kind: the one `forocl run --grid` fills a's Fortran dummy with
// (runner.GridFill: the dummy's kind, a's shape and the dummy's position
// as the seed), so that both kernels run on the same values.
func (b *bench) input(sp spec, a array, n, kind int) (*npy.Array, error) {
	k, err := b.iface(sp, kind)
	if err != nil {
		return nil, err
	}
	arr := runner.GridFill(k, a.name, a.shape.dims(n))
	if arr == nil {
		return nil, fmt.Errorf("kernel %s has no array dummy %q", sp.forocl, a.name)
	}
	if want := map[int]npy.DType{4: npy.Float32, 8: npy.Float64}[kind]; arr.DType != want {
		return nil, fmt.Errorf("%s's dummy %q is %v, not real(%d)", sp.forocl, a.name, arr.DType, kind)
	}
	return arr, nil
}
