package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/clhost"
)

func init() { register(newDevicesCmd) }

// newDevicesCmd builds "forocl devices", which lists the OpenCL devices.
func newDevicesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "devices",
		Short: "List the OpenCL devices forocl can run on",
		Long: `List every OpenCL device of every platform, one per line.

The INDEX column ("platform:device"), a row number counting from 0 (a bare
number is always an index), or any case-insensitive part of a platform or
device name (e.g. "nvidia", "pocl", "cpu") can be given to "forocl run
--device" or the FOROCL_DEVICE environment variable; a part of a name that
matches devices of different models is an error. By default forocl uses
the first GPU, else the first device.`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErr("devices takes no arguments")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			ds, err := clhost.Devices()
			if err != nil {
				return err
			}
			return writeDevices(cmd.OutOrStdout(), ds)
		},
	}
}

// writeDevices prints ds as an aligned table with a header row.
func writeDevices(w io.Writer, ds []clhost.Device) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "INDEX\tPLATFORM\tDEVICE\tTYPE\tCUS\tGLOBAL MEM\tLOCAL MEM\tMAX WG\tOPENCL C\tFP64")
	for _, d := range ds {
		fp64 := "no"
		if d.FP64 {
			fp64 = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%d\t%s\t%s\n",
			d.Index, d.Platform, d.Name, d.Type, d.ComputeUnits,
			deviceBytes(d.GlobalMem), deviceBytes(d.LocalMem), d.MaxWorkGroupSize,
			deviceCVersion(d.OpenCLC), fp64)
	}
	return tw.Flush()
}

// deviceBytes formats a byte count in binary units: "512 B", "48 KiB",
// "15.6 GiB".
func deviceBytes(n uint64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v := float64(n)
	u := 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	if u == 0 || v == float64(uint64(v)) {
		return strconv.FormatFloat(v, 'f', 0, 64) + " " + units[u]
	}
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if s == "1024.0" && u < len(units)-1 { // rounding carried into the next unit
		return "1 " + units[u+1]
	}
	return s + " " + units[u]
}

// deviceCVersion shortens "OpenCL C 1.2 PoCL" to "1.2 PoCL".
func deviceCVersion(s string) string {
	if v := strings.TrimSpace(strings.TrimPrefix(s, "OpenCL C ")); v != "" {
		return v
	}
	return "-"
}
