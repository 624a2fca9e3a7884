package port

import "github.com/forocl/forocl/diag"

// Codes of forocl port (issue 23).
var (
	codeKeptOnHost = diag.Define(diag.CodeInfo{
		Code: "port-kept-on-host", Severity: diag.Warning, Stage: "port", Topic: "Porting",
		Summary: "forocl port leaves a procedure as host code",
		Help: "forocl port makes every procedure it compiles launch its kernels, and leaves the others as written: " +
			"they still run, on the host. The message says why this one stays (the first error forocl check --kernel NAME " +
			"gives, or what the ported procedure could not keep). Change what it names if the procedure should run on the device.",
	})
)
