package clhost

import (
	"errors"
	"fmt"
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
// through purego.SyscallN, which allocates nothing: a function that
// RegisterFunc made calls through reflect and allocates at each call.
// Each pointer is converted in SyscallN's argument list, whose
// go:uintptrescapes keeps what it points to alive for the call.
func bindDirect(name string, sym uintptr) {
	ret := func(r, _, _ uintptr) int32 { return int32(r) }
	switch name {
	case "clSetKernelArg":
		cl.SetKernelArg = func(k uintptr, index uint32, size uintptr, value unsafe.Pointer) int32 {
			return ret(purego.SyscallN(sym, k, uintptr(index), size, uintptr(value)))
		}
	case "clEnqueueNDRangeKernel":
		cl.EnqueueNDRangeKernel = func(q, k uintptr, dims uint32, offset, global, local unsafe.Pointer, nWait uint32, wait, event unsafe.Pointer) int32 {
			return ret(purego.SyscallN(sym, q, k, uintptr(dims), uintptr(offset), uintptr(global), uintptr(local),
				uintptr(nWait), uintptr(wait), uintptr(event)))
		}
	case "clEnqueueReadBuffer", "clEnqueueWriteBuffer":
		f := func(q, m uintptr, blocking uint32, offset, size uintptr, ptr unsafe.Pointer, nWait uint32, wait, event unsafe.Pointer) int32 {
			return ret(purego.SyscallN(sym, q, m, uintptr(blocking), offset, size, uintptr(ptr), uintptr(nWait),
				uintptr(wait), uintptr(event)))
		}
		if name == "clEnqueueReadBuffer" {
			cl.EnqueueReadBuffer = f
		} else {
			cl.EnqueueWriteBuffer = f
		}
	case "clWaitForEvents":
		cl.WaitForEvents = func(n uint32, events unsafe.Pointer) int32 {
			return ret(purego.SyscallN(sym, uintptr(n), uintptr(events)))
		}
	case "clGetEventProfilingInfo":
		cl.GetEventProfilingInfo = func(e uintptr, param uint32, size uintptr, value, sizeRet unsafe.Pointer) int32 {
			return ret(purego.SyscallN(sym, e, uintptr(param), size, uintptr(value), uintptr(sizeRet)))
		}
	case "clReleaseEvent", "clFinish", "clFlush":
		f := func(h uintptr) int32 { return ret(purego.SyscallN(sym, h)) }
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
