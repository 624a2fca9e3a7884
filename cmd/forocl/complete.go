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

// completeKernels suggests the kernels defined in the files given so far.
// Files that do not parse contribute the kernels they still define.
func completeKernels(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	include, _ := c.Flags().GetStringArray("include")
	res := driver.Front(args, driver.Options{IncludeDirs: include})
	if res.Program == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, k := range res.Program.Kernels {
		if strings.HasPrefix(strings.ToLower(k.Name), strings.ToLower(toComplete)) {
			out = append(out, k.Name)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
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
