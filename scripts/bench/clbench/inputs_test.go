package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/runner"
)

// bindRun is what `forocl run` binds for the arguments args (those of
// runArgs): it compiles the file with its -D definitions, parses --grid
// and --set, and binds them with runner.Bind, as cmd/forocl's run does.
func bindRun(t *testing.T, args []string) *runner.Bound {
	t.Helper()
	var f runner.Flags
	var opts driver.Options
	var path, kernel string
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch a {
		case "--json":
		case "-D", "--grid", "--set", "--kernel", "--device":
			i++
			v := args[i]
			switch a {
			case "-D":
				d, err := parser.ParseDefine(v)
				if err != nil {
					t.Fatal(err)
				}
				opts.Defines = append(opts.Defines, d)
			case "--grid":
				f.Grid = v
			case "--set":
				f.Sets = append(f.Sets, v)
			case "--kernel":
				kernel = v
			}
		default:
			if strings.HasPrefix(a, "-") || path != "" {
				t.Fatalf("runArgs has %q, which this test does not know", a)
			}
			path = a
		}
	}
	opts.Kernels = []string{kernel}
	res := driver.Front([]string{path}, opts)
	if res.Program == nil {
		t.Fatalf("%s: %s", path, res.Diags.String(res.Sources))
	}
	irk, err := res.Kernel(kernel)
	if err != nil {
		t.Fatal(err)
	}
	p, err := runner.ParseFlags(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := runner.Bind(codegen.Interface(irk), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Issue 25: the hand-written kernels were timed on other values than
// forocl's (a golden-ratio sequence against forocl run's --grid fill), so
// data-dependent branches (viscosity's) could take other paths. Every
// array clbench uploads must be the one forocl run binds for the Fortran
// dummy of that name on the same --grid and --set, and every input forocl
// fills must be an array of the hand-written kernel.
func TestHandInputsAreForoclRunsInputs(t *testing.T) {
	b := &bench{config: &config{dir: "..", dev: "0"}}
	specs := append(append([]spec{rooflineSpec()}, cloverSpecs()...), babelSpecs()...)
	for _, sp := range specs {
		for _, kind := range []int{8, 4} {
			if !sp.babel && kind == 4 || sp.hand == "copy1d" && kind == 4 {
				continue // issue25.f90 and copy1d are real(8) only
			}
			n := 7
			if sp.babel {
				n *= n
			}
			bound := bindRun(t, b.runArgs(sp, n, kind))
			names := map[string]bool{}
			for _, a := range sp.arrays {
				names[a.name] = true
				got, err := b.input(sp, a, n, kind)
				if err != nil {
					t.Fatalf("%s real(%d): %v", sp.hand, kind, err)
				}
				want := bound.Arrays[a.name]
				switch {
				case want == nil:
					t.Errorf("%s real(%d): forocl run fills no %q", sp.hand, kind, a.name)
				case got.DType != want.DType || !reflect.DeepEqual(got.Shape, want.Shape):
					t.Errorf("%s real(%d), %s: clbench uploads %v %v, forocl run binds %v %v", sp.hand, kind, a.name, got.DType, got.Shape, want.DType, want.Shape)
				case !reflect.DeepEqual(got, want):
					t.Errorf("%s real(%d), %s: clbench uploads other values than forocl run binds", sp.hand, kind, a.name)
				}
			}
			for name := range bound.Arrays {
				if !names[name] {
					t.Errorf("%s real(%d): forocl run fills %q, which the hand-written kernel does not take", sp.hand, kind, name)
				}
			}
		}
	}
}
