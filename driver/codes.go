package driver

import "github.com/forocl/forocl/diag"

// The diagnostic codes of driver: one diag.Define entry per rule. docs/errors.md
// is generated from these entries, and each needs an example in
// robust/testdata/errors/CODE.f90 (see ARCHITECTURE.md, "Where to start").
var (
	codeFileUnreadable = diag.Define(diag.CodeInfo{Code: "file-unreadable", Severity: diag.Error, Stage: "driver", Topic: "Files",
		Summary: "cannot read file: …",
		Help:    "forocl can only check what it can read; the message carries the operating system's reason."})
	codeIncludeDirUnreadable = diag.Define(diag.CodeInfo{Code: "include-dir-unreadable", Severity: diag.Warning, Stage: "driver", Topic: "Warnings",
		Summary: "cannot read include directory: …",
		Help:    "A -I directory that does not exist is usually a typo on the command line."})
)
