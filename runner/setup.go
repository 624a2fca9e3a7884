package runner

import (
	"fmt"
	"sort"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/npy"
)

// This file holds the steps Run and newSlabRun share to set a kernel up
// on one context: its OpenCL kernels, its buffers, and their release.

// cancelFunc returns a function that reports whether c is closed; a nil c
// never is.
func cancelFunc(c <-chan struct{}) func() bool {
	return func() bool {
		select {
		case <-c:
			return true
		default:
			return false
		}
	}
}

// makeKernels fills kerns with prog's kernel for each launch; on an error
// the ones made so far stay in kerns, for releaseKernels.
func makeKernels(prog *clhost.Program, launches []launch, kerns []*clhost.Kernel) error {
	var err error
	for i, l := range launches {
		if kerns[i], err = prog.Kernel(l.l.Symbol); err != nil {
			return err
		}
	}
	return nil
}

// releaseKernels releases the kernels made so far.
func releaseKernels(kerns []*clhost.Kernel) {
	for _, kern := range kerns {
		if kern != nil {
			kern.Release()
		}
	}
}

// releaseBuffers releases every buffer in bufs.
func releaseBuffers(bufs map[string]*clhost.Buffer) {
	for _, b := range bufs {
		b.Release()
	}
}

// arrayBuffers makes a buffer for each array, in name order, holding its
// contents, and returns their total size in bytes.
func arrayBuffers(ctx *clhost.Context, arrays map[string]*npy.Array, bufs map[string]*clhost.Buffer) (int64, error) {
	names := make([]string, 0, len(arrays))
	for name := range arrays {
		names = append(names, name)
	}
	sort.Strings(names)
	var total int64
	for _, name := range names {
		a := arrays[name]
		size := int64(a.Len()) * elemBytes(a.DType)
		total += size
		b, err := ctx.NewBuffer(max(size, 4))
		if err != nil {
			return 0, err
		}
		bufs[name] = b
		if err := write(ctx, b, a); err != nil {
			return 0, err
		}
	}
	return total, nil
}

// resultBuffers makes the scalar results' buffers, read back at the end.
func resultBuffers(ctx *clhost.Context, k *abi.Kernel, bufs map[string]*clhost.Buffer) error {
	for _, p := range k.Results() {
		b, err := ctx.NewBuffer(int64(p.Kind.Bytes() * p.ResultElements()))
		if err != nil {
			return err
		}
		bufs[strings.ToLower(p.Name)] = b
	}
	return nil
}

// groupCounts returns the number of work-groups of each launch, by symbol.
func groupCounts(launches []launch) map[string]int {
	groups := map[string]int{}
	for _, l := range launches {
		n := 1
		for d := range l.global {
			n *= l.global[d] / l.local[d]
		}
		groups[l.l.Symbol] = n
	}
	return groups
}

// scratchBuffers makes k's scratch buffers: partials of reductions (one
// per work-group of a launch) and their values. With zeroBounds, the
// bounds buffer starts as zeros (Note [checked subscripts] in
// codegen/bounds.go).
func scratchBuffers(ctx *clhost.Context, k *abi.Kernel, sizes, groups map[string]int, bufs map[string]*clhost.Buffer, zeroBounds bool) error {
	for _, s := range k.Scratch {
		n, err := s.Count(sizes)
		if err != nil {
			return fmt.Errorf("kernel %q: scratch %q: %v", k.Name, s.Name, err)
		}
		if s.Groups != "" {
			n = groups[s.Groups]
		}
		b, err := ctx.NewBuffer(int64(max(n, 1) * s.Kind.Bytes()))
		if err != nil {
			return err
		}
		bufs[scratchKey+s.Name] = b
		if zeroBounds && s.Name == abi.BoundsBuffer {
			if err := ctx.WriteInt32(b, make([]int32, max(n, 1))); err != nil {
				return err
			}
		}
	}
	return nil
}
