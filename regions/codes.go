package regions

import "github.com/forocl/forocl/diag"

// The diagnostic codes of regions: one diag.Define entry per rule. docs/errors.md
// is generated from these entries, and each needs an example in
// robust/testdata/errors/CODE.f90 (see ARCHITECTURE.md, "Where to start").
var (
	codeLocalMemory = diag.Define(diag.CodeInfo{Code: "local-memory", Severity: diag.Warning, Stage: "regions", Topic: "Warnings",
		Summary: "kernel \"…\" needs N KiB of local memory per work-group with tile …; most GPUs have 48 KiB",
		Help:    "The local strategy keeps a work-group's inputs plus their halos in __local memory; too large a tile will fail to launch on most GPUs."})
)
