package main

import (
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/regions"
)

func init() { register(newBuildCmd) }

// genFlags are the code generation flags shared by build, dump and run.
type genFlags struct {
	strategy string
	target   string
	tile     string
	coarsen  string
	// interleave: loop nests' blocks interleaved along NDRange dimension 0.
	interleave bool
	// align: loop nests' work-items start at the written array's row start.
	align    bool
	noAlign  bool
	contract bool
	// checkBounds: loop kernels check every subscript on the device.
	checkBounds bool
}

func (g *genFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&g.strategy, "strategy", "auto", "halo strategy: local (tiles in __local memory), direct (global reads, registers), or auto (what benchmarks chose for the device; direct when unknown)")
	c.Flags().StringVar(&g.target, "target", "", "with --strategy auto and no device at hand (build, dump): tune for a `gpu` or a cpu")
	c.Flags().StringVar(&g.tile, "tile", "", "work-group shape, e.g. 16x8 (default: per strategy and device)")
	c.Flags().StringVar(&g.coarsen, "coarsen", "", "grid positions (loop kernels: iteration points) per work-item, e.g. 4 (along the last dimension) or 2x4 (faces shared between them are computed once; default per device); region kernels: direct strategy only")
	c.Flags().BoolVar(&g.interleave, "interleave", false, "loop kernels: a work-item's points along the NDRange's first dimension lie a work-group's width apart instead of next to each other (each load coalesced across the work-group; with --coarsen; the default for 1-D nests on GPUs)")
	c.Flags().BoolVar(&g.align, "align", false, "loop kernels: a 2-D or 3-D nest of one point per work-item starts its work-items at the first element of the written array's row (its halo) and masks those before the loop's lower bound, as hand-written kernels over halo arrays do (on GPUs stream nests, whose rows share no element, do so by default)")
	c.Flags().BoolVar(&g.noAlign, "no-align", false, "loop kernels: no nest starts its work-items before the loop's lower bound (turns off the GPUs' default alignment of stream nests)")
	c.RegisterFlagCompletionFunc("strategy", completeWords(strategies...))
	c.RegisterFlagCompletionFunc("target", completeWords("gpu", "cpu"))
	c.Flags().BoolVar(&g.checkBounds, "check-bounds", false, "loop kernels check every array subscript against its declared bounds, as gfortran -fcheck=bounds does: the first index out of bounds is an error naming it (slower; hosts read the error buffer after the launches)")
	c.Flags().BoolVar(&g.contract, "fp-contract", false, "let the OpenCL compiler fuse multiply-adds (faster, differs from serial runs in the last bits)")
}

// strategies are every value --strategy takes, for its errors and shell
// completion.
var strategies = []string{"auto", "local", "direct"}

// genOpts are what the code generation flags ask for.
type genOpts struct {
	target regions.Target
	sched  regions.Options
	code   codegen.Options
}

// options turns the flags into the schedule's target and options and the
// codegen options, for a device of type deviceType ("" when unknown, as in
// build, where --target may say).
func (g *genFlags) options(deviceType string) (*genOpts, error) {
	o := &genOpts{code: codegen.Options{Version: driver.Version, Contract: g.contract, CheckBounds: g.checkBounds}}
	switch strings.ToLower(g.target) {
	case "":
	case "gpu", "cpu":
		if deviceType == "" {
			deviceType = strings.ToUpper(g.target)
		}
	default:
		return nil, usageErr("--target %q: want gpu or cpu", g.target)
	}
	o.target.Type = deviceType
	if g.strategy == "auto" {
		o.sched = regions.Tuned()
	} else {
		s, err := regions.ParseStrategy(g.strategy)
		if err != nil || g.strategy == "" {
			return nil, usageErr("--strategy %q: want one of %s", g.strategy, strings.Join(strategies, ", "))
		}
		o.sched.Strategy = s
	}
	if g.tile != "" {
		t, err := regions.ParseTile(g.tile)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		o.sched.Tile = t
	}
	if g.coarsen != "" {
		c, err := regions.ParseCoarsen(g.coarsen)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		if o.sched.Strategy != regions.Direct && o.sched.Strategy != regions.Local {
			return nil, usageErr("--coarsen applies to --strategy direct, and to loop kernels under --strategy local")
		}
		o.sched.Coarsen = c
	}
	o.sched.Interleave = g.interleave
	if g.align && g.noAlign {
		return nil, usageErr("--align and --no-align contradict each other: give one")
	}
	o.sched.Align, o.sched.NoAlign = g.align, g.noAlign
	return o, nil
}

// generated is one output file of forocl build.
type generated struct {
	file string // source file
	name string // output base name, e.g. wave.cl
	unit *abi.Unit
}

// generate produces one OpenCL unit per source file that holds kernels.
func generate(res *driver.Result, opts codegen.Options) []generated {
	var out []generated
	files, byFile := res.KernelsByFile()
	for _, f := range files {
		stem := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		u := res.Generate(byFile[f], filepath.Base(f), opts)
		u.OpenCL = stem + ".cl"
		out = append(out, generated{file: f, name: u.OpenCL, unit: u})
	}
	return out
}

func newBuildCmd() *cobra.Command {
	ff := frontFlags{requireKernels: true}
	var gf genFlags
	var outDir, goPkg string
	var writeABI, writeFortran bool
	c := &cobra.Command{
		Use:   "build FILE.f90... -o DIR",
		Short: "Translate kernels to OpenCL C (one .cl per source file), with a Go or Fortran host",
		Long: `build writes DIR/NAME.cl for each source file with kernels, all files or none. With --go-package,
a Go package: a type per kernel that launches it (NAME_cl.go, doc.go). With --fortran, DIR/NAME_cl.f90:
a Fortran module with a procedure per kernel on device arrays, for a Fortran main program (its header
gives the gfortran command). With --abi, NAME.abi.json for hosts in other languages.

` + kernelsTaken,
		Args: atLeast(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts, err := gf.options("")
			if err != nil {
				return err
			}
			if outDir == "" {
				return usageErr("build needs an output directory: -o DIR")
			}
			if goPkg != "" && !validGoPackage(goPkg) {
				return usageErr("--go-package %q: want a Go package name: a letter or _ and then letters, digits or _ (not a Go keyword, not _ alone), such as heatcl", goPkg)
			}
			if goPkg != "" && writeFortran {
				// A Go package may hold no .f90 file ("Fortran source files not allowed when not using cgo").
				return usageErr("--go-package and --fortran would write a Go package and Fortran files into one folder, which go build refuses; run build twice, with a different -o for each")
			}
			if err := checkOutputNames(args); err != nil {
				return err
			}
			res, err := ff.compile(c, args, opts)
			if err != nil {
				return err
			}
			if goPkg != "" {
				d := res.CheckGoPackage()
				diag.Render(c.ErrOrStderr(), d, res.Sources, 0)
				if d.HasErrors() {
					return failed
				}
			}
			gens := generate(res, opts.code)
			if err := os.MkdirAll(outDir, 0o755); err != nil {
				return fmt.Errorf("cannot create output directory: %v", err)
			}
			// Every file or none.
			var files []fsutil.File
			add := func(name string, data []byte) {
				files = append(files, fsutil.File{Path: filepath.Join(outDir, name), Perm: 0o644, Write: func(w io.Writer) error {
					_, err := w.Write(data)
					return err
				}})
			}
			for _, g := range gens {
				stem := strings.TrimSuffix(g.name, ".cl")
				add(g.name, []byte(g.unit.Source))
				if writeABI {
					data, err := abi.Marshal(g.unit)
					if err != nil {
						return err
					}
					add(stem+".abi.json", data)
				}
				if goPkg != "" {
					src, err := hostgen.GoHarness(g.unit, g.name, goPkg)
					if err != nil {
						return err
					}
					add(stem+"_cl.go", src)
				}
				if writeFortran {
					src, err := hostgen.FortranHost(g.unit, stem)
					if err != nil {
						return fmt.Errorf("%s: %v", g.file, err)
					}
					add(hostgen.FortranModuleName(stem)+".f90", src)
				}
			}
			if goPkg != "" && len(gens) > 0 {
				// One package comment for the package, in doc.go.
				var srcs, cls []string
				for _, g := range gens {
					srcs, cls = append(srcs, filepath.Base(g.file)), append(cls, g.name)
				}
				add("doc.go", hostgen.GoPackageDoc(goPkg, driver.Version, srcs, cls))
			}
			if err := fsutil.WriteFiles(files, fsutil.Options{}); err != nil {
				return err
			}
			for _, g := range gens {
				if g.unit.FP64 {
					fmt.Fprintf(c.ErrOrStderr(), "forocl: note: %s uses real(8): it runs only on devices with cl_khr_fp64\n", filepath.Join(outDir, g.name))
				}
			}
			return nil
		},
	}
	ff.add(c)
	ff.addKernels(c)
	gf.add(c)
	c.Flags().StringVarP(&outDir, "output", "o", "", "write generated files into `DIR` (created if missing)")
	c.Flags().StringVar(&goPkg, "go-package", "", "also write a Go host harness per file in package `NAME`")
	c.Flags().BoolVar(&writeABI, "abi", false, "also write FILE.abi.json per file: how to launch its kernels, for hosts in other languages")
	c.Flags().BoolVar(&writeFortran, "fortran", false, "also write a Fortran host module per file (FILE_cl.f90, module FILE_cl): one procedure KERNEL_cl per kernel, for programs built with fortran/forocl_cl.f90")
	return c
}

// validGoPackage reports whether name can follow "package" in Go source:
// an identifier that is neither a keyword nor the blank identifier.
func validGoPackage(name string) bool {
	return token.IsIdentifier(name) && name != "_"
}
