package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

func init() { register(newDumpCmd) }

// dumpStages are the stages dump prints, in pipeline order.
var dumpStages = []string{"ast", "ir", "regions", "host", "cl"}

func newDumpCmd() *cobra.Command {
	var ff frontFlags
	var gf genFlags
	var stage string
	c := &cobra.Command{
		Use:   "dump --stage=ast|ir|regions|host|cl FILE.f90...",
		Short: "Print what a compiler stage produced",
		Long: `dump prints what a stage produced for the files' kernels: ast (the syntax tree), ir (the typed IR),
regions (the schedule: each nest's NDRange, work-group, tiles), host (how a host launches them) or cl
(the OpenCL C).

` + kernelsTaken,
		Args: atLeast(1),
		RunE: func(c *cobra.Command, args []string) error {
			w := c.OutOrStdout()
			switch stage {
			case "ast":
				return ff.dumpAST(c, args)
			case "ir", "regions", "host", "cl":
			default:
				return usageErr("unknown stage %q (want %s)", stage, strings.Join(dumpStages, ", "))
			}
			opts, err := gf.options("")
			if err != nil {
				return err
			}
			res, err := ff.compile(c, args, opts)
			if err != nil {
				return err
			}
			switch stage {
			case "ir":
				ir.Fprint(w, res.Program)
			case "regions":
				regions.Fprint(w, res.Plan)
			case "host":
				for i, g := range generate(res, opts.code) {
					if i > 0 {
						fmt.Fprintln(w)
					}
					abi.Fprint(w, g.unit)
				}
			case "cl":
				for _, g := range generate(res, opts.code) {
					w.Write([]byte(g.unit.Source))
				}
			}
			return nil
		},
	}
	ff.add(c)
	ff.addKernels(c)
	gf.add(c)
	c.Flags().StringVar(&stage, "stage", "ir", "stage to print: ast (syntax tree), ir (typed IR), regions (the schedule of every kernel and nest), host (the host procedure as a host runs it: sizes, program, launches, arguments, read-backs) or cl (OpenCL C)")
	c.RegisterFlagCompletionFunc("stage", completeWords(dumpStages...))
	return c
}

// dumpAST prints the syntax tree of every file as the driver's front end
// parses it (-I, -D, -U and the source form honoured) and its diagnostics;
// it fails when there were errors (or warnings under --werror).
func (f *frontFlags) dumpAST(c *cobra.Command, paths []string) error {
	o, err := f.src.options(f.include)
	if err != nil {
		return err
	}
	res := driver.Parse(paths, o)
	diag.Render(c.ErrOrStderr(), res.Diags, res.Sources, 0)
	for _, file := range res.Files {
		ast.Fprint(c.OutOrStdout(), file)
	}
	if res.Diags.HasErrors() || (f.werror && res.Diags.Count(diag.Warning) > 0) {
		return failed
	}
	return nil
}
