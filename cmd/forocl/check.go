package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/driver"
)

func init() { register(newCheckCmd) }

func newCheckCmd() *cobra.Command {
	var ff frontFlags
	c := &cobra.Command{
		Use:   "check FILE.f90...",
		Short: "Check Fortran kernels, marked or not; list the procedures --kernel could take",
		Long: `check parses the files and checks every kernel and everything it calls. It prints nothing and
exits 0 when all is well, prints diagnostics and exits 1 otherwise.

` + kernelsTaken + `

When no kernel is marked and --kernel is not given, check lists on stdout each procedure --kernel
could name and whether forocl takes it, or the first error that refuses it (with a no-kernels
warning). A --kernel that names no procedure of the files is an error.`,
		Example: `  forocl check legacy.f90                   # lists the procedures --kernel could take
  forocl check legacy.f90 --kernel accelerate -I include`,
		Args: atLeast(1),
		RunE: func(c *cobra.Command, args []string) error {
			res, err := ff.compile(c, args, nil)
			if err == nil && len(ff.kernels) == 0 && len(res.Program.Kernels) == 0 {
				printCandidates(c.OutOrStdout(), res.Candidates())
			}
			return err
		},
	}
	ff.add(c)
	ff.addKernels(c)
	return c
}

// printCandidates writes forocl check's list of the procedures --kernel
// could name in files that mark no kernel: each name, then "accepted" or
// the first error that refuses it, as one diagnostic line.
func printCandidates(w io.Writer, cands []driver.Candidate) {
	if len(cands) == 0 {
		return
	}
	width := 0
	for _, cd := range cands {
		width = max(width, len(cd.Name))
	}
	fmt.Fprintln(w, "no kernel is marked; the procedures --kernel NAME can name:")
	for _, cd := range cands {
		verdict := "accepted"
		if r := cd.Refusal; r != nil {
			verdict = fmt.Sprintf("refused: %s: %s [%s]", r.Span, r.Msg, r.Code)
		}
		fmt.Fprintf(w, "  %-*s  %s\n", width, cd.Name, verdict)
	}
}
