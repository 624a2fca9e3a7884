package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/regions"
)

func init() { register(newDumpCmd) }

func newDumpCmd() *cobra.Command {
	var ff frontFlags
	var gf genFlags
	var stage string
	c := &cobra.Command{
		Use:   "dump --stage=ast|ir|regions|cl FILE.f90...",
		Short: "Print what a compiler stage produced",
		Args:  atLeast(1),
		RunE: func(c *cobra.Command, args []string) error {
			w := c.OutOrStdout()
			switch stage {
			case "ast":
				for _, p := range args {
					src, err := os.ReadFile(p)
					if err != nil {
						return fmt.Errorf("cannot read %s: %v", p, err)
					}
					f, diags := parser.Parse(p, src)
					diag.Render(c.ErrOrStderr(), diags, diag.Sources{p: src}, 0)
					ast.Fprint(w, f)
				}
				return nil
			case "ir", "regions", "cl":
			default:
				return usageErr("unknown stage %q (want ast, ir, regions or cl)", stage)
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
	c.Flags().StringVar(&stage, "stage", "ir", "stage to print: ast, ir, regions or cl")
	return c
}
