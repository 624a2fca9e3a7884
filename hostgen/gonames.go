package hostgen

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/forocl/forocl/diag"
)

// Named is a kernel as CheckGoNames sees it: its Fortran name, the file
// it came from and where it is declared.
type Named struct {
	Name string
	File string
	Pos  diag.Span
}

// CheckGoNames refuses the kernels of p whose exported Go names would meet
// in one Go package (forocl build --go-package): two kernels with one Go
// type (step and step_ both give Step), a type that is another kernel's
// constructor (NewX, NewXContext) or a file's source (XSource). Dummies
// never meet (Note [Go names]), so nothing else is refused.
func CheckGoNames(kernels []Named) diag.List {
	var d diag.List
	types := map[string]*Named{}
	for i := range kernels {
		k := &kernels[i]
		types[goName(k.Name)] = k
	}
	sources := map[string]bool{}
	for i := range kernels {
		k := &kernels[i]
		sources[goName(strings.TrimSuffix(filepath.Base(k.File), filepath.Ext(k.File)))+"Source"] = true
	}
	seen := map[string]*Named{}
	for i := range kernels {
		k := &kernels[i]
		t := goName(k.Name)
		if o := seen[t]; o != nil && o != k {
			d.Error(codeGoNameCollision, k.Pos, "kernels %q and %q would both be the Go type %s", o.Name, k.Name, t).
				WithHint("rename one of the two kernels, or build the Go package from separate runs")
		}
		seen[t] = k
		var clash string
		if o := types[strings.TrimPrefix(t, "New")]; strings.HasPrefix(t, "New") && o != nil && o != k {
			clash = o.Name
		}
		if s := strings.TrimSuffix(strings.TrimPrefix(t, "New"), "Context"); strings.HasPrefix(t, "New") && strings.HasSuffix(t, "Context") && types[s] != nil && types[s] != k {
			clash = types[s].Name
		}
		if clash != "" || sources[t] {
			d.Error(codeGoNameCollision, k.Pos, "kernel %q would be the Go type %s, a name the Go harness uses for another thing", k.Name, t).
				WithHint("rename the kernel, or build the Go package from separate runs")
		}
	}
	return d
}

// dims spells a work-group shape as the plan does: 16x8.
func dims(t []int) string {
	return strings.Trim(strings.Join(strings.Fields(fmt.Sprint(t)), "x"), "[]")
}
