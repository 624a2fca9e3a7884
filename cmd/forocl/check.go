package main

import "github.com/spf13/cobra"

func init() { register(newCheckCmd) }

func newCheckCmd() *cobra.Command {
	var ff frontFlags
	c := &cobra.Command{
		Use:   "check FILE.f90...",
		Short: "Check kernels against forocl's Fortran subset; print diagnostics",
		Long:  "check parses the files, finds every kernel (!$OFP PURE, KERNEL :: name, or pure elemental subroutines)\nand checks it and everything it calls. It prints nothing and exits 0 when all is well,\nprints diagnostics and exits 1 otherwise. A legacy file needs no marks: --kernel NAME takes any\nsubroutine, and a file with no marked kernel gets a warning that lists the subroutines\n--kernel would take and those it refuses.",
		Args:  atLeast(1),
		RunE: func(c *cobra.Command, args []string) error {
			_, err := ff.compile(c, args, nil)
			return err
		},
	}
	ff.add(c)
	ff.addKernels(c)
	return c
}
