package runner

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
)

// TestSlabsRefuseHostLoops: slabs exchange halos between steps, not
// between the trips of a host loop, so a kernel with one is refused
// before any device is used.
func TestSlabsRefuseHostLoops(t *testing.T) {
	k := &abi.Kernel{Name: "iters", Launches: []*abi.Launch{{Symbol: "iters"}},
		HostLoops: []abi.Loop{{Var: "it", Lo: abi.Affine{Const: 1}, Hi: abi.Affine{Const: 3}, Step: abi.Affine{Const: 1}, First: 0, End: 1}}}
	_, err := RunSlabs(Job{Unit: &abi.Unit{Kernels: []*abi.Kernel{k}}, Kernel: k}, Slabs{Contexts: []*clhost.Context{nil, nil}})
	if err == nil || !strings.Contains(err.Error(), `kernel "iters": it repeats launches in a DO loop on the host`) || !strings.HasSuffix(err.Error(), "[slabs-unsupported]") {
		t.Errorf("RunSlabs: %v", err)
	}
}
