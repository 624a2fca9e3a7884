package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/driver"
)

// Shell completion (forocl completion bash|zsh|fish|powershell, cobra's
// own command) suggests the values of the flags that name something:
// kernels of the files already on the command line, devices, strategies
// and targets.

// completeKernels suggests the kernels defined in the files given so far
// (forocl run and compare). Files that do not parse contribute the kernels
// they still define. Files that mark no kernel offer the procedures forocl
// check lists for --kernel (see kernelWords).
func completeKernels(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return kernelWords(c, args, toComplete, true), cobra.ShellCompDirectiveNoFileComp
}

// completeCandidates suggests, for the --kernel of check, build and dump,
// the procedures forocl check lists for --kernel (see kernelWords).
func completeCandidates(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return kernelWords(c, args, toComplete, false), cobra.ShellCompDirectiveNoFileComp
}

// kernelWords returns the names that start with toComplete (in any case)
// among the kernels the files args mark, when marked is set and there are
// some, else among the procedures forocl check lists for --kernel: those
// it takes, then those it refuses, described so.
func kernelWords(c *cobra.Command, args []string, toComplete string, marked bool) []string {
	if len(args) == 0 {
		return nil
	}
	include, _ := c.Flags().GetStringArray("include")
	res := driver.Front(args, driver.Options{IncludeDirs: include})
	var out []string
	offer := func(name, about string) {
		if strings.HasPrefix(strings.ToLower(name), strings.ToLower(toComplete)) {
			out = append(out, name+about)
		}
	}
	if marked && res.Program != nil && len(res.Program.Kernels) > 0 {
		for _, k := range res.Program.Kernels {
			offer(k.Name, "")
		}
		return out
	}
	cands := res.Candidates()
	for _, cd := range cands {
		if cd.Refusal == nil {
			offer(cd.Name, "")
		}
	}
	for _, cd := range cands {
		if cd.Refusal != nil {
			offer(cd.Name, "\trefused: forocl check --kernel "+cd.Name+" says why")
		}
	}
	return out
}

// listDevices is clhost.Devices; tests replace it.
var listDevices = clhost.Devices

// completeDevices suggests every device by its index, described by name.
func completeDevices(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	devs, err := listDevices()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, d := range devs {
		if strings.HasPrefix(d.Index, toComplete) {
			out = append(out, d.Index+"\t"+d.Name+" ("+d.Platform+", "+d.Type+")")
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeWords suggests fixed values.
func completeWords(words ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return words, cobra.ShellCompDirectiveNoFileComp
	}
}

// fortranFiles completes positional arguments with Fortran sources.
func fortranFiles(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return []string{"f90", "F90", "f", "F", "for"}, cobra.ShellCompDirectiveFilterFileExt
}
