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
		n, err := scratchCount(k, s, sizes, groups)
		if err != nil {
			return err
		}
		b, err := newScratch(ctx, s, n, zeroBounds)
		if err != nil {
			return err
		}
		bufs[scratchKey+s.Name] = b
	}
	return nil
}

// scratchCount is the number of elements of k's scratch buffer s: one per
// work-group of its launch (groups, by symbol), or what sizes make its
// extents.
func scratchCount(k *abi.Kernel, s abi.Buffer, sizes, groups map[string]int) (int, error) {
	if s.Groups != "" {
		return max(groups[s.Groups], 1), nil
	}
	n, err := s.Count(sizes)
	if err != nil {
		return 0, fmt.Errorf("kernel %q: scratch %q: %v", k.Name, s.Name, err)
	}
	return max(n, 1), nil
}

// newScratch makes scratch buffer s of n elements; with zeroBounds, the
// bounds buffer starts as zeros.
func newScratch(ctx *clhost.Context, s abi.Buffer, n int, zeroBounds bool) (*clhost.Buffer, error) {
	b, err := ctx.NewBuffer(int64(n * s.Kind.Bytes()))
	if err != nil {
		return nil, err
	}
	if zeroBounds && s.Name == abi.BoundsBuffer {
		if err := ctx.WriteInt32(b, make([]int32, n)); err != nil {
			b.Release()
			return nil, err
		}
	}
	return b, nil
}
