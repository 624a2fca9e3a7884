package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/diag"
)

func init() { register(newExplainCmd) }

// newExplainCmd builds "forocl explain [CODE]", which prints the entry of a
// diagnostic code, or lists every code without one.
func newExplainCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "explain [CODE]",
		Short: "Explain a diagnostic code, or list them all",
		Long: `Print what a diagnostic code means: its severity, the pass that reports
it, why the rule exists and what to do. CODE is the text in brackets at the
end of a diagnostic's first line, such as "kernel-inout". Without CODE,
list every code with its summary. docs/errors.md has the same entries with
an example each.`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageErr("explain takes at most one code")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
				for _, c := range diag.Codes() {
					fmt.Fprintf(tw, "%s\t%s\t%s\n", c.Code, c.Severity, c.Summary)
				}
				return tw.Flush()
			}
			code := strings.Trim(strings.TrimSpace(args[0]), "[]")
			info, ok := diag.Lookup(diag.Code(code))
			if !ok {
				msg := fmt.Sprintf("unknown diagnostic code %q", code)
				if near := diag.Closest(code, 3); len(near) > 0 {
					var qs []string
					for _, c := range near {
						qs = append(qs, fmt.Sprintf("%q", c))
					}
					msg += "; did you mean " + strings.Join(qs, ", ") + "?"
				}
				return usageErr("%s\nrun \"forocl explain\" for the list of codes", msg)
			}
			_, err := fmt.Fprint(out, info.Explain())
			return err
		},
	}
}
