package runner

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/npy"
)

// A temporary array (a scratch buffer sized by extents: a FORALL's) counts
// against the device's memory and its largest buffer, as the arrays do.
func TestCheckDeviceCountsTemporaries(t *testing.T) {
	k := &abi.Kernel{Name: "k", Scratch: []abi.Buffer{{Name: "_forall1", Kind: abi.Real8,
		Extents: []abi.Affine{abi.SizeMinus("n", 0), abi.SizeMinus("n", 0)}}}}
	j := &Job{Unit: &abi.Unit{}, Kernel: k}
	a := &npy.Array{DType: npy.Float64, Shape: []int{100}, F64: make([]float64, 100)}
	arrays := map[string]*npy.Array{"a": a}
	sizes := map[string]int{"n": 100} // the temporary: 100*100 real(8), 80000 bytes
	roomy := clhost.Device{Name: "d", GlobalMem: 1 << 20, MaxAlloc: 1 << 20}
	if err := checkDevice(roomy, j, arrays, sizes, nil); err != nil {
		t.Fatalf("enough memory: %v", err)
	}
	small := clhost.Device{Name: "d", GlobalMem: 80000, MaxAlloc: 1 << 20}
	if err := checkDevice(small, j, arrays, sizes, nil); err == nil || !strings.Contains(err.Error(), "of device memory") {
		t.Errorf("80800 bytes on a device of 80000: %v", err)
	}
	narrow := clhost.Device{Name: "d", GlobalMem: 1 << 20, MaxAlloc: 50000}
	if err := checkDevice(narrow, j, arrays, sizes, nil); err == nil || !strings.Contains(err.Error(), "per buffer") {
		t.Errorf("a temporary of 80000 bytes, buffers of 50000: %v", err)
	}
}
