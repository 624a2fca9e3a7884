package runner

import "github.com/forocl/forocl/abi"

// checkBounds reads the kernel's bounds buffer, when it was generated
// with --check-bounds, after the launches, and returns the first
// subscript out of bounds as an error (Note [checked subscripts] in
// codegen/bounds.go).
func (r *run) checkBounds() error {
	b := r.bufs[scratchKey+abi.BoundsBuffer]
	if b == nil {
		return nil
	}
	buf := make([]int32, 4)
	if err := r.ctx.ReadInt32(b, buf); err != nil {
		return err
	}
	return r.k.BoundsError(buf, r.sizes)
}
