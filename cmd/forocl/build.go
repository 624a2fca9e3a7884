package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/internal/fsutil"
)

func init() { register(newBuildCmd) }

// genFlags are the code generation flags shared by build, dump and run.
type genFlags struct {
	strategy string
	target   string
	tile     string
	coarsen  string
	contract bool
}

func (g *genFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&g.strategy, "strategy", "auto", "halo strategy: local (tiles in __local memory), direct (global reads, registers), or auto (what benchmarks chose for the device; direct when unknown)")
	c.Flags().StringVar(&g.target, "target", "", "with --strategy auto and no device at hand (build, dump): tune for a `gpu` or a cpu")
	c.Flags().StringVar(&g.tile, "tile", "", "work-group shape, e.g. 16x8 (default: per strategy and device)")
	c.Flags().StringVar(&g.coarsen, "coarsen", "", "direct strategy: grid positions per work-item, e.g. 4 (along the last dimension) or 2x4 (faces shared between them are computed once; default per device)")
	c.Flags().BoolVar(&g.contract, "fp-contract", false, "let the OpenCL compiler fuse multiply-adds (faster, differs from serial runs in the last bits)")
}

// options turns the flags into codegen options for a device of type
// deviceType ("" when unknown, as in build, where --target may say).
func (g *genFlags) options(deviceType string) (codegen.Options, error) {
	var o codegen.Options
	switch strings.ToLower(g.target) {
	case "":
	case "gpu", "cpu":
		if deviceType == "" {
			deviceType = strings.ToUpper(g.target)
		}
	default:
		return o, usageErr("--target %q: want gpu or cpu", g.target)
	}
	if g.strategy == "auto" {
		o = codegen.Tuned(deviceType)
	} else {
		s, err := codegen.ParseStrategy(g.strategy)
		if err != nil {
			return o, usageErr("%v", err)
		}
		o.Strategy = s
	}
	if g.tile != "" {
		t, err := codegen.ParseTile(g.tile)
		if err != nil {
			return o, usageErr("%v", err)
		}
		o.Tile = t
	}
	if g.coarsen != "" {
		c, err := codegen.ParseCoarsen(g.coarsen)
		if err != nil {
			return o, usageErr("%v", err)
		}
		if o.Strategy != codegen.Direct {
			return o, usageErr("--coarsen applies to --strategy direct only")
		}
		o.Coarsen = c
	}
	o.Version, o.Contract = driver.Version, g.contract
	return o, nil
}

// generated is one output file of forocl build.
type generated struct {
	file string // source file
	name string // output base name, e.g. wave.cl
	unit *codegen.Unit
}

// generate produces one OpenCL unit per source file that holds kernels.
func generate(c *cobra.Command, res *driver.Result, opts codegen.Options, werror bool) ([]generated, error) {
	var out []generated
	var diags diag.List
	files, byFile := res.KernelsByFile()
	for _, f := range files {
		u, d := codegen.OpenCL(res.Program, res.Plan, byFile[f], filepath.Base(f), opts)
		diags.Append(d)
		stem := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		out = append(out, generated{file: f, name: stem + ".cl", unit: u})
	}
	diag.Render(c.ErrOrStderr(), diags, res.Sources, 0)
	if diags.HasErrors() || (werror && diags.Count(diag.Warning) > 0) {
		return nil, failed
	}
	return out, nil
}

func newBuildCmd() *cobra.Command {
	var ff frontFlags
	var gf genFlags
	var outDir, goPkg string
	c := &cobra.Command{
		Use:   "build FILE.f90... -o DIR",
		Short: "Translate kernels to OpenCL C (one .cl per source file)",
		Args:  atLeast(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts, err := gf.options("")
			if err != nil {
				return err
			}
			if outDir == "" {
				return usageErr("build needs an output directory: -o DIR")
			}
			res, err := ff.compile(c, args)
			if err != nil {
				return err
			}
			gens, err := generate(c, res, opts, ff.werror)
			if err != nil {
				return err
			}
			if len(gens) == 0 {
				fmt.Fprintln(c.ErrOrStderr(), "forocl: no kernels found; nothing written")
				return nil
			}
			if err := os.MkdirAll(outDir, 0o755); err != nil {
				return fmt.Errorf("cannot create output directory: %v", err)
			}
			for _, g := range gens {
				path := filepath.Join(outDir, g.name)
				if err := fsutil.WriteFile(path, []byte(g.unit.Source), 0o644); err != nil {
					return err
				}
				if g.unit.FP64 {
					fmt.Fprintf(c.ErrOrStderr(), "forocl: note: %s uses real(8): it runs only on devices with cl_khr_fp64\n", path)
				}
				if goPkg != "" {
					src, err := codegen.GoHarness(g.unit, g.name, goPkg)
					if err != nil {
						return err
					}
					gp := filepath.Join(outDir, strings.TrimSuffix(g.name, ".cl")+"_cl.go")
					if err := fsutil.WriteFile(gp, src, 0o644); err != nil {
						return err
					}
				}
			}
			return nil
		},
	}
	ff.add(c)
	gf.add(c)
	c.Flags().StringVarP(&outDir, "output", "o", "", "write generated files into `DIR` (created if missing)")
	c.Flags().StringVar(&goPkg, "go-package", "", "also write a Go host harness per file in package `NAME`")
	return c
}
