package clhost

import (
	"fmt"
	"runtime"
	"strings"
	"unsafe"
)

// infoFunc is one clGet*Info call with the object and parameter bound.
type infoFunc func(size uintptr, value, sizeRet unsafe.Pointer) int32

// infoBytes runs the usual two-step query: size first, then the value.
func infoBytes(op string, q infoFunc) ([]byte, error) {
	var n uintptr
	if err := check(op, q(0, nil, unsafe.Pointer(&n))); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	if n > clMaxInfoBytes {
		return nil, fmt.Errorf("%s: implausible size %d bytes", op, n)
	}
	buf := make([]byte, n)
	err := check(op, q(n, unsafe.Pointer(&buf[0]), nil))
	runtime.KeepAlive(buf)
	if err != nil {
		return nil, err
	}
	return buf, nil
}

// infoString queries a NUL-terminated string value.
func infoString(op string, q infoFunc) (string, error) {
	b, err := infoBytes(op, q)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(strings.TrimRight(string(b), "\x00")), nil
}

// infoUint32 queries a cl_uint value.
func infoUint32(op string, q infoFunc) (uint32, error) {
	var v uint32
	err := check(op, q(unsafe.Sizeof(v), unsafe.Pointer(&v), nil))
	return v, err
}

// infoUint64 queries a cl_ulong or cl_bitfield value.
func infoUint64(op string, q infoFunc) (uint64, error) {
	var v uint64
	err := check(op, q(unsafe.Sizeof(v), unsafe.Pointer(&v), nil))
	return v, err
}

// infoSize queries a size_t value.
func infoSize(op string, q infoFunc) (uintptr, error) {
	var v uintptr
	err := check(op, q(unsafe.Sizeof(v), unsafe.Pointer(&v), nil))
	return v, err
}

func platformInfo(p uintptr, param uint32) infoFunc {
	return func(size uintptr, value, sizeRet unsafe.Pointer) int32 {
		return cl.GetPlatformInfo(p, param, size, value, sizeRet)
	}
}

func deviceInfo(d uintptr, param uint32) infoFunc {
	return func(size uintptr, value, sizeRet unsafe.Pointer) int32 {
		return cl.GetDeviceInfo(d, param, size, value, sizeRet)
	}
}

func programInfo(p uintptr, param uint32) infoFunc {
	return func(size uintptr, value, sizeRet unsafe.Pointer) int32 {
		return cl.GetProgramInfo(p, param, size, value, sizeRet)
	}
}

func programBuildInfo(p, d uintptr, param uint32) infoFunc {
	return func(size uintptr, value, sizeRet unsafe.Pointer) int32 {
		return cl.GetProgramBuildInfo(p, d, param, size, value, sizeRet)
	}
}

// cString returns s as a NUL-terminated byte slice for passing to C.
func cString(s string) []byte {
	b := make([]byte, len(s)+1)
	copy(b, s)
	return b
}
