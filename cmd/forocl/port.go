package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/port"
)

func init() { register(newPortCmd) }

func newPortCmd() *cobra.Command {
	var ff frontFlags
	var gf genFlags
	var outDir string
	c := &cobra.Command{
		Use:   "port FILE.f90... -o DIR",
		Short: "Write drop-in replacements of kernel files whose procedures run on the device",
		Long: "port writes DIR/NAME.f90 for each input NAME.f90 (.F90: its preprocessed text; fixed form: DIR/NAME.f and\n" +
			"DIR/NAME_cl.f90): the same modules and procedures, where every procedure forocl compiles launches its\n" +
			"OpenCL kernels (FOROCL_DEVICE=host runs the original code), plus DIR/forocl_cl.f90, the runtime.\n" +
			"It prints the compile order: gfortran FILES... <the application's other files> -lOpenCL.\n" +
			"A procedure forocl refuses, or keeps on the host, stays as written, with a warning that says why.\n\n" + kernelsTaken,
		Args: atLeast(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts, err := gf.options("")
			if err != nil {
				return err
			}
			if outDir == "" {
				return usageErr("port needs an output directory: -o DIR")
			}
			if err := checkOutputNames(args); err != nil {
				return err
			}
			fo, err := ff.src.options(ff.include)
			if err != nil {
				return err
			}
			fo.AutoReduce = ff.autoReduce
			res := port.Port(args, port.Options{Front: fo, Target: opts.target, Schedule: opts.sched, Code: opts.code}, forocl.FortranRuntime)
			diag.Render(c.ErrOrStderr(), res.Diags, res.Sources, 0)
			if res.Diags.HasErrors() || (ff.werror && res.Diags.Count(diag.Warning) > 0) {
				return failed
			}
			if err := checkPortOutputs(args, outDir, res.Files); err != nil {
				return err
			}
			if err := os.MkdirAll(outDir, 0o755); err != nil {
				return fmt.Errorf("cannot create output directory: %v", err)
			}
			var files []fsutil.File
			for _, f := range res.Files {
				data := f.Data
				files = append(files, fsutil.File{Path: filepath.Join(outDir, f.Name), Perm: 0o644, Write: func(w io.Writer) error {
					_, err := w.Write(data)
					return err
				}})
			}
			if err := fsutil.WriteFiles(files, fsutil.Options{}); err != nil {
				return err
			}
			for _, f := range files {
				fmt.Fprintln(c.OutOrStdout(), f.Path)
			}
			ported, kept := 0, 0
			for _, names := range res.Ported {
				ported += len(names)
			}
			for _, d := range res.Diags.Items {
				if d.Code == "port-kept-on-host" {
					kept++
				}
			}
			fmt.Fprintf(c.ErrOrStderr(), "forocl: note: %d procedures of %d files launch their kernels; %d stay host code\n", ported, len(args), kept)
			return nil
		},
	}
	ff.add(c)
	gf.add(c)
	c.Flags().StringVarP(&outDir, "output", "o", "", "write the ported files into `DIR` (created if missing); never the folder of an input")
	return c
}

// checkPortOutputs refuses outputs that would replace an input (the
// application's own sources stay as they are) or each other.
func checkPortOutputs(inputs []string, dir string, files []port.File) error {
	in := map[string]string{}
	for _, p := range inputs {
		if abs, err := filepath.Abs(p); err == nil {
			in[abs] = p
		}
	}
	seen := map[string]bool{}
	for _, f := range files {
		abs, err := filepath.Abs(filepath.Join(dir, f.Name))
		if err != nil {
			continue
		}
		if p, ok := in[abs]; ok {
			return usageErr("port would overwrite its input %s with %s; give another folder with -o", p, f.Name)
		}
		if seen[abs] {
			return usageErr("two inputs would both be ported into %s; port them into separate folders or rename one", filepath.Join(dir, f.Name))
		}
		seen[abs] = true
	}
	return nil
}
