package runner

import "github.com/forocl/forocl/diag"

// Codes of forocl run's papercuts (issue 26).
var codeGridNeedsSizes = diag.Define(diag.CodeInfo{
	Code: "grid-needs-sizes", Severity: diag.Error, Stage: "runner", Topic: "Kernels and intents",
	Summary: "--grid cannot give a staggered kernel's arrays their shapes without the sizes (--set)",
	Help: "--grid fills the inputs not given with --in on one grid shape. When a loop kernel's arrays have " +
		"declared extents that differ (a staggered grid: cell-centred x_max+4 beside node-centred x_max+5 " +
		"columns), one shape cannot fit them all: each array takes its declared shape, which needs the sizes " +
		"it is declared with. Give them with --set; the message suggests values that make the kernel's most " +
		"common array the --grid shape.",
})
