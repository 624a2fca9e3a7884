package hostgen

import "github.com/forocl/forocl/diag"

// Codes of CheckGoNames: exported names of a Go package of harnesses
// (forocl build --go-package) that would meet.
var codeGoNameCollision = diag.Define(diag.CodeInfo{Code: "go-name-collision", Severity: diag.Error, Stage: "codegen", Topic: "Directives",
	Summary: "two kernels would have one exported name in a Go package",
	Help:    "forocl build --go-package makes each kernel a Go type named after it (wave_step gives WaveStep, with NewWaveStep and NewWaveStepContext) and each file a string XSource. Kernels step and step_, or a kernel named new_wave_step beside wave_step, would meet there. check and run accept them; rename one kernel, or write the Go packages of the two kernels in separate builds."})
