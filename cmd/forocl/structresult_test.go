package main

import (
	"path/filepath"
	"testing"

	"github.com/forocl/forocl/npy"
)

// TestRunStructResultOut: a function whose result is a type(Field) with
// an allocatable component (tsunami's field_div_real: res = self, then
// the generic assignment of self%data / x; Note [whole structures] in
// sema/wholestruct.go) runs as a kernel whose outputs are the result's
// components: --out res%data and --out res%lb take them, res%data with
// self%data's shape and the quotients, res%lb a copy of self%lb.
func TestRunStructResultOut(t *testing.T) {
	requireOpenCL(t)
	dir := t.TempDir()
	data := &npy.Array{DType: npy.Float32, Shape: []int{3, 2}, F32: []float32{1, 2, 3, 4, 5, 6}}
	lb := &npy.Array{DType: npy.Int32, Shape: []int{2}, I32: []int32{7, -3}}
	ub := &npy.Array{DType: npy.Int32, Shape: []int{2}, I32: []int32{1, 1}}
	paths := map[string]string{}
	for name, a := range map[string]*npy.Array{"data": data, "lb": lb, "ub": ub} {
		paths[name] = filepath.Join(dir, name+".npy")
		if err := npy.Write(paths[name], a); err != nil {
			t.Fatal(err)
		}
	}
	outData, outLb := filepath.Join(dir, "res_data.npy"), filepath.Join(dir, "res_lb.npy")
	file := filepath.Join(kernelsDir, "loop_field_ops.f90")
	code, stdout, stderr := cli(t, "run", file, "--kernel", "field_div_real", "--device", testDevice(),
		"--in", "self%data="+paths["data"], "--in", "self%lb="+paths["lb"], "--in", "self%ub="+paths["ub"],
		"--set", "self%data%lb1=0", "--set", "self%data%lb2=0", "--set", "self%edge_size=5", "--set", "x=4",
		"--out", "res%data="+outData, "--out", "res%lb="+outLb)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	got := readNpy(t, outData)
	if len(got.Shape) != 2 || got.Shape[0] != 3 || got.Shape[1] != 2 || len(got.F32) != 6 {
		t.Fatalf("res%%data has shape %v (%d values), want [3 2]", got.Shape, len(got.F32))
	}
	for i, v := range data.F32 {
		if got.F32[i] != v/4 {
			t.Errorf("res%%data element %d = %g, want %g", i, got.F32[i], v/4)
		}
	}
	gotLb := readNpy(t, outLb)
	if len(gotLb.I32) != 2 || gotLb.I32[0] != 7 || gotLb.I32[1] != -3 {
		t.Errorf("res%%lb = %v, want [7 -3]", gotLb.I32)
	}
}
