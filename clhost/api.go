package clhost

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
)

// This file holds the raw OpenCL bindings. Conventions, matching the C ABI
// on 64-bit hosts: handles (cl_platform_id, cl_context, cl_mem, ...) are
// uintptr, size_t is uintptr, cl_uint and cl_bool are uint32, cl_int is
// int32, cl_ulong and cl_bitfield are uint64, and every pointer is an
// unsafe.Pointer to Go memory that the C side uses only for the duration of
// the call (callers keep it alive with runtime.KeepAlive where needed).

// cl holds the bound OpenCL entry points; valid only after load succeeded.
var cl struct {
	GetPlatformIDs          func(n uint32, platforms, numPlatforms unsafe.Pointer) int32
	GetPlatformInfo         func(p uintptr, param uint32, size uintptr, value, sizeRet unsafe.Pointer) int32
	GetDeviceIDs            func(p uintptr, typ uint64, n uint32, devices, numDevices unsafe.Pointer) int32
	GetDeviceInfo           func(d uintptr, param uint32, size uintptr, value, sizeRet unsafe.Pointer) int32
	CreateContext           func(props unsafe.Pointer, n uint32, devices unsafe.Pointer, notify, user uintptr, errcode unsafe.Pointer) uintptr
	ReleaseContext          func(c uintptr) int32
	CreateCommandQueue      func(c, d uintptr, props uint64, errcode unsafe.Pointer) uintptr
	ReleaseCommandQueue     func(q uintptr) int32
	Finish                  func(q uintptr) int32
	CreateBuffer            func(c uintptr, flags uint64, size uintptr, host, errcode unsafe.Pointer) uintptr
	ReleaseMemObject        func(m uintptr) int32
	EnqueueWriteBuffer      func(q, m uintptr, blocking uint32, offset, size uintptr, ptr unsafe.Pointer, nWait uint32, wait, event unsafe.Pointer) int32
	EnqueueReadBuffer       func(q, m uintptr, blocking uint32, offset, size uintptr, ptr unsafe.Pointer, nWait uint32, wait, event unsafe.Pointer) int32
	EnqueueCopyBuffer       func(q, src, dst uintptr, srcOffset, dstOffset, size uintptr, nWait uint32, wait, event unsafe.Pointer) int32
	CreateProgramWithSource func(c uintptr, count uint32, strs, lengths, errcode unsafe.Pointer) uintptr
	CreateProgramWithBinary func(c uintptr, n uint32, devices, lengths, binaries, status, errcode unsafe.Pointer) uintptr
	BuildProgram            func(p uintptr, n uint32, devices, options unsafe.Pointer, notify, user uintptr) int32
	GetProgramInfo          func(p uintptr, param uint32, size uintptr, value, sizeRet unsafe.Pointer) int32
	GetProgramBuildInfo     func(p, d uintptr, param uint32, size uintptr, value, sizeRet unsafe.Pointer) int32
	ReleaseProgram          func(p uintptr) int32
	CreateKernel            func(p uintptr, name, errcode unsafe.Pointer) uintptr
	ReleaseKernel           func(k uintptr) int32
	SetKernelArg            func(k uintptr, index uint32, size uintptr, value unsafe.Pointer) int32
	EnqueueNDRangeKernel    func(q, k uintptr, dims uint32, offset, global, local unsafe.Pointer, nWait uint32, wait, event unsafe.Pointer) int32
	WaitForEvents           func(n uint32, events unsafe.Pointer) int32
	GetEventProfilingInfo   func(e uintptr, param uint32, size uintptr, value, sizeRet unsafe.Pointer) int32
	ReleaseEvent            func(e uintptr) int32
	GetEventInfo            func(e uintptr, param uint32, size uintptr, value, sizeRet unsafe.Pointer) int32
	Flush                   func(q uintptr) int32
}

// bindings maps each C symbol to the field of cl that receives it.
func bindings() []struct {
	name string
	fn   any
} {
	return []struct {
		name string
		fn   any
	}{
		{"clGetPlatformIDs", &cl.GetPlatformIDs},
		{"clGetPlatformInfo", &cl.GetPlatformInfo},
		{"clGetDeviceIDs", &cl.GetDeviceIDs},
		{"clGetDeviceInfo", &cl.GetDeviceInfo},
		{"clCreateContext", &cl.CreateContext},
		{"clReleaseContext", &cl.ReleaseContext},
		{"clCreateCommandQueue", &cl.CreateCommandQueue},
		{"clReleaseCommandQueue", &cl.ReleaseCommandQueue},
		{"clFinish", &cl.Finish},
		{"clCreateBuffer", &cl.CreateBuffer},
		{"clReleaseMemObject", &cl.ReleaseMemObject},
		{"clEnqueueWriteBuffer", &cl.EnqueueWriteBuffer},
		{"clEnqueueReadBuffer", &cl.EnqueueReadBuffer},
		{"clEnqueueCopyBuffer", &cl.EnqueueCopyBuffer},
		{"clCreateProgramWithSource", &cl.CreateProgramWithSource},
		{"clCreateProgramWithBinary", &cl.CreateProgramWithBinary},
		{"clBuildProgram", &cl.BuildProgram},
		{"clGetProgramInfo", &cl.GetProgramInfo},
		{"clGetProgramBuildInfo", &cl.GetProgramBuildInfo},
		{"clReleaseProgram", &cl.ReleaseProgram},
		{"clCreateKernel", &cl.CreateKernel},
		{"clReleaseKernel", &cl.ReleaseKernel},
		{"clSetKernelArg", &cl.SetKernelArg},
		{"clEnqueueNDRangeKernel", &cl.EnqueueNDRangeKernel},
		{"clWaitForEvents", &cl.WaitForEvents},
		{"clGetEventProfilingInfo", &cl.GetEventProfilingInfo},
		{"clReleaseEvent", &cl.ReleaseEvent},
		{"clGetEventInfo", &cl.GetEventInfo},
		{"clFlush", &cl.Flush},
	}
}

var (
	loadOnce sync.Once
	loadErr  error
)

// load opens the OpenCL loader and binds every entry point, once.
func load() error {
	loadOnce.Do(func() { loadErr = doLoad() })
	return loadErr
}

func doLoad() error {
	preparePoCL()
	lib, err := openLibrary()
	if err != nil {
		return err
	}
	for _, b := range bindings() {
		sym, err := lookupSymbol(lib, b.name)
		if err != nil || sym == 0 {
			return &unavailableError{msg: fmt.Sprintf(
				"the OpenCL loader lacks %s (%v); on Debian: apt-get install ocl-icd-libopencl1 pocl-opencl-icd", b.name, err)}
		}
		purego.RegisterFunc(b.fn, sym)
		bindDirect(b.name, sym)
	}
	return nil
}

// bindDirect rebinds the entry points called at every launch or transfer
// so that a call allocates nothing (Note [direct calls]): a function that
// RegisterFunc made calls through reflect and allocates at each call.
func bindDirect(name string, sym uintptr) {
	switch name {
	case "clSetKernelArg":
		cl.SetKernelArg = func(k uintptr, index uint32, size uintptr, value unsafe.Pointer) int32 {
			defer runtime.KeepAlive(value)
			return direct(sym, k, uintptr(index), size, uintptr(value))
		}
	case "clEnqueueNDRangeKernel":
		cl.EnqueueNDRangeKernel = func(q, k uintptr, dims uint32, offset, global, local unsafe.Pointer, nWait uint32, wait, event unsafe.Pointer) int32 {
			defer runtime.KeepAlive(offset)
			defer runtime.KeepAlive(global)
			defer runtime.KeepAlive(local)
			defer runtime.KeepAlive(wait)
			defer runtime.KeepAlive(event)
			return direct(sym, q, k, uintptr(dims), uintptr(offset), uintptr(global), uintptr(local),
				uintptr(nWait), uintptr(wait), uintptr(event))
		}
	case "clEnqueueReadBuffer", "clEnqueueWriteBuffer":
		f := func(q, m uintptr, blocking uint32, offset, size uintptr, ptr unsafe.Pointer, nWait uint32, wait, event unsafe.Pointer) int32 {
			defer runtime.KeepAlive(ptr)
			defer runtime.KeepAlive(wait)
			defer runtime.KeepAlive(event)
			return direct(sym, q, m, uintptr(blocking), offset, size, uintptr(ptr), uintptr(nWait),
				uintptr(wait), uintptr(event))
		}
		if name == "clEnqueueReadBuffer" {
			cl.EnqueueReadBuffer = f
		} else {
			cl.EnqueueWriteBuffer = f
		}
	case "clWaitForEvents":
		cl.WaitForEvents = func(n uint32, events unsafe.Pointer) int32 {
			defer runtime.KeepAlive(events)
			return direct(sym, uintptr(n), uintptr(events))
		}
	case "clGetEventProfilingInfo", "clGetEventInfo":
		f := func(e uintptr, param uint32, size uintptr, value, sizeRet unsafe.Pointer) int32 {
			defer runtime.KeepAlive(value)
			defer runtime.KeepAlive(sizeRet)
			return direct(sym, e, uintptr(param), size, uintptr(value), uintptr(sizeRet))
		}
		if name == "clGetEventInfo" {
			cl.GetEventInfo = f
		} else {
			cl.GetEventProfilingInfo = f
		}
	case "clReleaseEvent", "clFinish", "clFlush":
		f := func(h uintptr) int32 { return direct(sym, h) }
		switch name {
		case "clReleaseEvent":
			cl.ReleaseEvent = f
		case "clFinish":
			cl.Finish = f
		default:
			cl.Flush = f
		}
	}
}

// See Note [direct calls].
//
// Note [direct calls]
// ~~~~~~~~~~~~~~~~~~~
// purego.SyscallN is go:uintptrescapes, so the slice its variadic
// arguments make is moved to the heap: a call written with its arguments
// in the list allocates. direct copies them into an array of frames
// (a pool, so concurrent calls each have their own) and passes that
// array's slice, which allocates nothing.
//
// The pointers in those arguments are no longer seen by the compiler once
// they are uintptrs: what they point to must already be on the heap and
// be kept alive for the call. cl's fields are called through function
// values, whose arguments escape, so whatever a caller points at is on
// the heap; each function of bindDirect keeps its pointer arguments
// alive with runtime.KeepAlive until direct returns. A call allocates
// nothing only when its caller points into memory that is already on the
// heap (a Kernel's NDRange and value fields, an Event's handle, a slice
// the caller keeps), which the launch, wait and transfer paths do.
var frames = sync.Pool{New: func() any { return new([maxDirectArgs]uintptr) }}

// maxDirectArgs is the most arguments a direct call takes
// (clEnqueueNDRangeKernel's and clEnqueueReadBuffer's nine).
const maxDirectArgs = 9

// direct calls the C function sym with args (Note [direct calls]) and
// returns its cl_int result.
func direct(sym uintptr, args ...uintptr) int32 {
	a := frames.Get().(*[maxDirectArgs]uintptr)
	n := copy(a[:], args)
	r, _, _ := purego.SyscallN(sym, a[:n]...)
	frames.Put(a)
	return int32(r)
}

// ErrUnavailable is matched (errors.Is) by the errors returned when no
// OpenCL loader, platform or device can be found. The error text itself says
// what to install.
var ErrUnavailable = errors.New("OpenCL unavailable")

// unavailableError carries an install hint and matches ErrUnavailable.
type unavailableError struct{ msg string }

func (e *unavailableError) Error() string        { return e.msg }
func (e *unavailableError) Is(target error) bool { return target == ErrUnavailable }

const (
	msgNoLoader   = "no OpenCL loader found (libOpenCL.so.1); on Debian: apt-get install ocl-icd-libopencl1 pocl-opencl-icd"
	msgNoPlatform = "no OpenCL platform found; on Debian: apt-get install pocl-opencl-icd (CPU) or your GPU vendor's OpenCL driver"
	msgNoDevice   = "no OpenCL device found on any platform; on Debian: apt-get install pocl-opencl-icd (CPU) or your GPU vendor's OpenCL driver"
)
