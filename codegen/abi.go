// Package codegen emits OpenCL C kernels and Go host harnesses from the IR
// and the scheduled region plan, and describes how to launch what it
// emitted as an abi.Unit. Its emitters are pure functions of (IR, plan,
// options) and take no scheduling decision of their own (see
// regions.Schedule): same input, byte-identical output, no timestamps or
// absolute paths. The driver, the CLI and the examples call it.
package codegen

import (
	"fmt"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ir"
	"github.com/forocl/forocl/regions"
)

// abiKind is the ABI's name for an IR kind.
func abiKind(k ir.Kind) abi.Kind {
	switch k {
	case ir.Real4:
		return abi.Real4
	case ir.Real8:
		return abi.Real8
	case ir.Logical:
		return abi.Logical
	case ir.Long:
		return abi.Int64
	}
	return abi.Int
}

func abiIntent(i ir.Intent) abi.Intent {
	switch i {
	case ir.Out:
		return abi.Out
	case ir.InOut:
		return abi.InOut
	}
	return abi.In
}

// Interface describes kernel k's parameters and sizes (n1..nr, or a loop
// kernel's), without launches: what a host needs to check its
// inputs before a device and a schedule are chosen. regionKernel adds
// the launches. A kernel with a grid has the interface of its frame form
// (Note [frames as nests] in package ir).
func Interface(k *ir.Kernel) *abi.Kernel {
	if fk, err := regions.Frames(k); err == nil {
		k = fk
	}
	if !k.FrameForm() {
		return loopInterface(k)
	}
	rank := k.Rank
	ak := &abi.Kernel{Name: k.Name, File: k.File, Module: k.Module, Rank: rank, Function: k.Function}
	charInterface(k, ak)
	for d := 0; d < rank; d++ {
		ak.Sizes = append(ak.Sizes, abi.Size{Name: fmt.Sprintf("n%d", d+1), Doc: fmt.Sprintf("extent %d of every array, halo included", d+1)})
	}
	for _, v := range k.Params {
		p := abi.Param{Name: v.Name, Kind: abiKind(v.Kind), Intent: abiIntent(v.Intent), Array: v.Rank > 0, Struct: abiStruct(v.Struct)}
		if p.Array {
			for _, s := range ak.Sizes {
				p.Shape = append(p.Shape, abi.SizeMinus(s.Name, 0))
			}
		}
		if v.Elems > 0 {
			p.Shape = []abi.Affine{{Const: v.Elems}} // a result of fixed size (maxloc's positions)
		}
		ak.Params = append(ak.Params, p)
	}
	return ak
}
