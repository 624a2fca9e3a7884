package clhost

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/npy"
)

// DType is the element type of an Array: the same type as npy.DType, so
// an array read from a .npy file and a device array compare their types
// directly. Its zero value is no type.
type DType = npy.DType

// The element types an Array can hold (npy's constants).
const (
	Float32 = npy.Float32
	Float64 = npy.Float64
	Int32   = npy.Int32
	Int64   = npy.Int64 // integer(8), OpenCL long
)

// Shape is an array's extents, first dimension fastest (column-major, as
// in Fortran).
type Shape []int

// Len returns the number of elements.
func (s Shape) Len() int {
	n := 1
	for _, x := range s {
		n *= x
	}
	return n
}

// Equal reports whether s and t are the same shape.
func (s Shape) Equal(t Shape) bool {
	if len(s) != len(t) {
		return false
	}
	for i := range s {
		if s[i] != t[i] {
			return false
		}
	}
	return true
}

func (s Shape) String() string {
	p := make([]string, len(s))
	for i, x := range s {
		p[i] = fmt.Sprint(x)
	}
	return "(" + strings.Join(p, ", ") + ")"
}

// Array is a device buffer with an element type and a shape: what the
// generated Go harnesses take, so they can check shapes before a launch.
type Array struct {
	*Buffer
	DType DType
	Shape Shape
}

// Check reports why a cannot be launched on: a nil Array or Buffer, an
// extent below 1, or a Shape with more elements than the buffer holds
// (the kernel would read and write past its end).
func (a *Array) Check() error {
	if a == nil {
		return fmt.Errorf("is nil")
	}
	if a.Buffer == nil {
		return fmt.Errorf("has no buffer")
	}
	if len(a.Shape) == 0 {
		return fmt.Errorf("has no shape")
	}
	if a.DType.Size() == 0 {
		return fmt.Errorf("has no element type (DType %v)", a.DType)
	}
	room := a.Buffer.Size() / a.DType.Size() // elements the buffer holds
	n := int64(1)
	for _, x := range a.Shape {
		if x < 1 {
			return fmt.Errorf("shape %v has an extent below 1", a.Shape)
		}
		if room < 1 || int64(x) > room/n { // n*x > room, without overflow
			return fmt.Errorf("shape %v needs more than the %d bytes of its buffer", a.Shape, a.Buffer.Size())
		}
		n *= int64(x)
	}
	return nil
}

// NewArray allocates an uninitialised device array of element type dt and
// the given extents, first dimension fastest (column-major, as Fortran
// stores it). Fill it with Array.Write and read it with Array.Read; Close
// frees it.
func (c *Context) NewArray(dt DType, shape ...int) (*Array, error) {
	if dt.Size() == 0 {
		return nil, fmt.Errorf("clhost: NewArray: unknown element type %v", dt)
	}
	s := Shape(append([]int(nil), shape...))
	for _, x := range s {
		if x < 1 {
			return nil, fmt.Errorf("array shape %v has an extent below 1", s)
		}
	}
	b, err := c.NewBuffer(int64(s.Len()) * dt.Size())
	if err != nil {
		return nil, err
	}
	return &Array{Buffer: b, DType: dt, Shape: s}, nil
}

// LaunchSize returns the global and local sizes for a grid of extents n,
// a kernel whose launch covers n[d]-shrink[d] positions per dimension with
// per[d] consecutive positions per work-item (nil means 1), and work-group
// shape local. The global size is padded to a multiple of the work-group
// (generated kernels mask the padding).
func LaunchSize(n, shrink, per, local []int) (global, loc []int, err error) {
	if len(n) != len(local) || len(shrink) != len(local) || (per != nil && len(per) != len(local)) {
		return nil, nil, fmt.Errorf("grid %v does not match the kernel's %d-D launch", n, len(local))
	}
	global = make([]int, len(n))
	for d := range n {
		e := n[d] - shrink[d]
		if e < 1 {
			return nil, nil, fmt.Errorf("grid extent %d in dimension %d leaves no interior (the halos take %d)", n[d], d+1, shrink[d])
		}
		if per != nil && per[d] > 1 {
			e = (e + per[d] - 1) / per[d]
		}
		global[d] = (e + local[d] - 1) / local[d] * local[d]
	}
	return global, append([]int(nil), local...), nil
}

// CheckAliases reports an error when one device buffer is passed as two
// arrays of a launch and the kernel writes either (Fortran forbids such
// aliasing, and a stencil that reads what another work-item has already
// written gives wrong answers): arrays, names and written are in the
// kernel's argument order; two arrays the kernel only reads may share a
// buffer. The arrays must have passed Check.
func CheckAliases(arrays []*Array, names []string, written []bool) error {
	for i := range arrays {
		for j := i + 1; j < len(arrays); j++ {
			if !written[i] && !written[j] || !arrays[i].Buffer.same(arrays[j].Buffer) {
				continue
			}
			w := names[i]
			if !written[i] {
				w = names[j]
			}
			return fmt.Errorf("arrays %q and %q are one device buffer, and the kernel writes %q; pass separate arrays (for an in-place update, write into a second array and swap them)", names[i], names[j], w)
		}
	}
	return nil
}
