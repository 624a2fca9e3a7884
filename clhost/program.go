package clhost

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// Program is an OpenCL program built for the context's device.
type Program struct {
	ctx    *Context
	h      uintptr // cl_program
	log    string
	cached bool
}

// Log returns the build log of a successful build, which may hold
// compiler warnings. For a program loaded from the cache it is the log of
// the original build.
func (p *Program) Log() string {
	if p == nil {
		return ""
	}
	return p.log
}

// FromCache reports whether the program was built from a cached binary.
func (p *Program) FromCache() bool { return p != nil && p.cached }

// Close frees the program now; kernels created from it stay valid.
// Closing twice, or after Context.Close, does nothing and returns nil.
func (p *Program) Close() error {
	if p == nil {
		return nil
	}
	return p.ctx.untrackRelease(kindProgram, p.h)
}

// Release is Close without its error.
//
// Deprecated: use Close.
func (p *Program) Release() { _ = p.Close() }

// BuildProgram compiles OpenCL C source for the context's device with the
// given clBuildProgram options. On failure the error is a *BuildError whose
// message holds the device name, the options and the full build log. Binaries
// are cached on disk (see the package documentation); a cache hit skips the
// compiler, and any problem with a cached binary falls back to the source.
func (c *Context) BuildProgram(source, options string) (*Program, error) {
	if err := c.usable(); err != nil {
		return nil, err
	}
	dir := usableCacheDir()
	key, fields := "", cacheFields(c.dev, options, source)
	if dir != "" {
		key = cacheKey(c.dev, options, source)
		if p := c.loadCached(dir, key, fields, options); p != nil {
			if err := c.track(kindProgram, p.h); err != nil {
				return nil, err
			}
			return p, nil
		}
	}
	p, err := c.buildSource(source, options)
	if err != nil {
		return nil, err
	}
	if dir != "" {
		if bin, err := programBinary(p.h); err == nil {
			storeCached(dir, key, fields, p.log, bin)
		}
	}
	if err := c.track(kindProgram, p.h); err != nil {
		return nil, err
	}
	return p, nil
}

// buildSource creates and builds a program from source; the result is not
// yet tracked.
func (c *Context) buildSource(source, options string) (*Program, error) {
	src := cString(source)
	strs := []unsafe.Pointer{unsafe.Pointer(&src[0])}
	lens := []uintptr{uintptr(len(source))}
	var code int32
	h := cl.CreateProgramWithSource(c.ctx, 1, unsafe.Pointer(&strs[0]), unsafe.Pointer(&lens[0]), unsafe.Pointer(&code))
	runtime.KeepAlive(src)
	runtime.KeepAlive(strs)
	runtime.KeepAlive(lens)
	if code == 0 && h == 0 {
		code = CodeInvalidProgram
	}
	if err := check("clCreateProgramWithSource", code); err != nil {
		return nil, err
	}
	code = c.build(h, options)
	log := c.buildLog(h)
	if code != 0 {
		cl.ReleaseProgram(h)
		return nil, &BuildError{Device: c.dev.Name, Options: options, Log: log, Err: &Error{Op: "clBuildProgram", Code: code}}
	}
	return &Program{ctx: c, h: h, log: log}, nil
}

// build runs clBuildProgram on the context's device.
func (c *Context) build(h uintptr, options string) int32 {
	opts := cString(options)
	devs := []uintptr{c.dev.id}
	code := cl.BuildProgram(h, 1, unsafe.Pointer(&devs[0]), unsafe.Pointer(&opts[0]), 0, 0)
	runtime.KeepAlive(opts)
	runtime.KeepAlive(devs)
	return code
}

func (c *Context) buildLog(h uintptr) string {
	log, err := infoString("clGetProgramBuildInfo", programBuildInfo(h, c.dev.id, clProgramBuildLog))
	if err != nil {
		return "(build log unavailable: " + err.Error() + ")"
	}
	return log
}

// programBinary returns the device binary of a built single-device program.
func programBinary(h uintptr) ([]byte, error) {
	n, err := infoUint32("clGetProgramInfo", programInfo(h, clProgramNumDevices))
	if err != nil {
		return nil, err
	}
	if n != 1 {
		return nil, fmt.Errorf("program has %d devices, want 1", n)
	}
	sizes := []uintptr{0}
	code := cl.GetProgramInfo(h, clProgramBinarySizes, unsafe.Sizeof(sizes[0]), unsafe.Pointer(&sizes[0]), nil)
	runtime.KeepAlive(sizes)
	if err := check("clGetProgramInfo", code); err != nil {
		return nil, err
	}
	if sizes[0] == 0 || sizes[0] > maxCacheBinary {
		return nil, fmt.Errorf("program binary size %d", sizes[0])
	}
	bin := make([]byte, sizes[0])
	ptrs := []unsafe.Pointer{unsafe.Pointer(&bin[0])}
	code = cl.GetProgramInfo(h, clProgramBinaries, unsafe.Sizeof(ptrs[0]), unsafe.Pointer(&ptrs[0]), nil)
	runtime.KeepAlive(ptrs)
	runtime.KeepAlive(bin)
	if err := check("clGetProgramInfo", code); err != nil {
		return nil, err
	}
	return bin, nil
}

// fromBinary creates and builds a program from a cached binary; it returns
// 0 on any failure, leaving nothing allocated.
func (c *Context) fromBinary(bin []byte, options string) uintptr {
	if len(bin) == 0 {
		return 0
	}
	devs := []uintptr{c.dev.id}
	lens := []uintptr{uintptr(len(bin))}
	bins := []unsafe.Pointer{unsafe.Pointer(&bin[0])}
	var status, code int32
	h := cl.CreateProgramWithBinary(c.ctx, 1, unsafe.Pointer(&devs[0]), unsafe.Pointer(&lens[0]),
		unsafe.Pointer(&bins[0]), unsafe.Pointer(&status), unsafe.Pointer(&code))
	runtime.KeepAlive(devs)
	runtime.KeepAlive(lens)
	runtime.KeepAlive(bins)
	runtime.KeepAlive(bin)
	if code != 0 || status != 0 || h == 0 {
		if h != 0 {
			cl.ReleaseProgram(h)
		}
		return 0
	}
	if c.build(h, options) != 0 {
		cl.ReleaseProgram(h)
		return 0
	}
	return h
}

// Kernel is one kernel function of a Program. OpenCL kernel objects hold
// their arguments, so setting them and enqueueing is a unit: LaunchWith
// does both under the kernel's lock and is safe for concurrent use from
// several goroutines; SetArgs followed by Launch is not, when another
// goroutine launches the same Kernel in between. See Note [kernel
// arguments].
type Kernel struct {
	ctx  *Context
	h    uintptr // cl_kernel
	name string
	mu   sync.Mutex // held while arguments are set and while launching
	args []argSet   // the arguments as last set, under mu (Note [kept arguments])
	// what the driver reads or writes at a launch, under mu, kept here on
	// the heap so that a launch allocates nothing (Note [direct calls]):
	// the NDRange, the event made, and the value of the argument being set
	g, l, o [clMaxWorkDims]uintptr
	ev      uintptr
	val     uint64
}

// Note [kept arguments]
//
// A generated harness sets every argument before each launch, but most
// have the value they had (the same buffers, the same sizes), and each
// clSetKernelArg is a driver call. setArg remembers, per argument index,
// the bytes it last set and skips the call when they are the same. A
// buffer's bytes are its handle, which OpenCL may give to a buffer
// created after it is released: a buffer argument is also tagged with
// its context's count of buffer releases, and set again once any buffer
// was released since.
type argSet struct {
	known bool
	size  uintptr
	bits  uint64
	mem   bool   // a buffer handle
	gen   uint64 // the context's buffer releases when it was set
}

// Note [kernel arguments]
//
// clSetKernelArg changes the kernel object; clEnqueueNDRangeKernel takes a
// copy of the arguments set at that moment. Two goroutines that each set
// all arguments and then enqueue can interleave (A sets, B sets, A
// enqueues B's arguments): a launch runs on the wrong buffers and nothing
// fails, and the Go race detector cannot see it since the state lives in
// the driver. Kernel.mu makes set-and-enqueue atomic in LaunchWith; SetArgs
// and Launch each take it too, so a lone SetArgs never lands inside
// another goroutine's LaunchWith.

// Name returns the kernel function name.
func (k *Kernel) Name() string {
	if k == nil {
		return ""
	}
	return k.name
}

// Close frees the kernel now. Closing twice, or after Context.Close,
// does nothing and returns nil.
func (k *Kernel) Close() error {
	if k == nil {
		return nil
	}
	return k.ctx.untrackRelease(kindKernel, k.h)
}

// Release is Close without its error.
//
// Deprecated: use Close.
func (k *Kernel) Release() { _ = k.Close() }

// Kernel creates the kernel called name from the program.
func (p *Program) Kernel(name string) (*Kernel, error) {
	if p == nil {
		return nil, errors.New("clhost: nil *Program")
	}
	c := p.ctx
	if err := c.alive(kindProgram, c, p.h); err != nil {
		return nil, err
	}
	cname := cString(name)
	var code int32
	h := cl.CreateKernel(p.h, unsafe.Pointer(&cname[0]), unsafe.Pointer(&code))
	runtime.KeepAlive(cname)
	if code == 0 && h == 0 {
		code = CodeInvalidKernel
	}
	if err := check("clCreateKernel", code); err != nil {
		return nil, fmt.Errorf("kernel %q: %w", name, err)
	}
	if err := c.track(kindKernel, h); err != nil {
		return nil, err
	}
	return &Kernel{ctx: c, h: h, name: name}, nil
}

// LocalBytes, passed to SetArgs, allocates that many bytes of local memory
// for a __local pointer argument.
type LocalBytes int

// SetArgs sets the kernel arguments 0, 1, ... in order. Supported types:
// float32, float64, int32, int (passed as a 32-bit int; out-of-range values
// are an error), uint32, int64 (a 64-bit long), *Buffer and LocalBytes.
func (k *Kernel) SetArgs(args ...any) error {
	if k == nil {
		return errors.New("clhost: nil *Kernel")
	}
	if err := k.ctx.alive(kindKernel, k.ctx, k.h); err != nil {
		return err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.setArgs(args)
}

// setArgs sets the arguments; the caller holds k.mu.
func (k *Kernel) setArgs(args []any) error {
	for i, a := range args {
		if err := k.setArg(uint32(i), a); err != nil {
			// the type alone, so that args stay the caller's
			return fmt.Errorf("kernel %s argument %d (%v): %w", k.name, i, reflect.TypeOf(a), err)
		}
	}
	return nil
}

func (k *Kernel) setArg(i uint32, a any) error {
	want, ok := argBits(a)
	if ok && int(i) < len(k.args) && k.args[i].known {
		have := k.args[i]
		if want.mem {
			want.gen = k.ctx.bufReleases.Load()
		}
		if have.size == want.size && have.bits == want.bits && have.mem == want.mem && have.gen == want.gen {
			return nil
		}
	}
	if int(i) < len(k.args) {
		k.args[i].known = false
	}
	if want.mem {
		want.gen = k.ctx.bufReleases.Load()
	}
	if err := k.setArgNow(i, a); err != nil || !ok {
		return err
	}
	for int(i) >= len(k.args) {
		k.args = append(k.args, argSet{})
	}
	want.known = true
	k.args[i] = want
	return nil
}

// argBits is the value of a kernel argument as setArg keeps it (Note
// [kept arguments]); ok is false for one it does not keep.
func argBits(a any) (argSet, bool) {
	switch v := a.(type) {
	case float32:
		return argSet{size: 4, bits: uint64(math.Float32bits(v))}, true
	case float64:
		return argSet{size: 8, bits: math.Float64bits(v)}, true
	case int32:
		return argSet{size: 4, bits: uint64(uint32(v))}, true
	case uint32:
		return argSet{size: 4, bits: uint64(v)}, true
	case int64:
		return argSet{size: 8, bits: uint64(v)}, true
	case int:
		if v < math.MinInt32 || v > math.MaxInt32 {
			return argSet{}, false
		}
		return argSet{size: 4, bits: uint64(uint32(int32(v)))}, true
	case *Buffer:
		if v == nil {
			return argSet{}, false
		}
		return argSet{size: unsafe.Sizeof(v.mem), bits: uint64(v.mem), mem: true}, true
	}
	return argSet{}, false
}

// setArgNow calls clSetKernelArg for argument i; the caller holds k.mu.
// The value goes through k.val, already on the heap (Note [direct
// calls]).
func (k *Kernel) setArgNow(i uint32, a any) error {
	const op = "clSetKernelArg"
	switch v := a.(type) {
	case int:
		if v < math.MinInt32 || v > math.MaxInt32 {
			return fmt.Errorf("value %d does not fit a 32-bit int", v)
		}
	case *Buffer:
		if err := k.ctx.checkBuffer(v); err != nil {
			return err
		}
	}
	if want, ok := argBits(a); ok {
		if want.size == 4 { // the host's byte order, as the value's own
			*(*uint32)(unsafe.Pointer(&k.val)) = uint32(want.bits)
		} else {
			k.val = want.bits
		}
		return check(op, cl.SetKernelArg(k.h, i, want.size, unsafe.Pointer(&k.val)))
	}
	switch v := a.(type) {
	case LocalBytes:
		if v <= 0 {
			return fmt.Errorf("local memory size %d bytes, want > 0", int(v))
		}
		return check(op, cl.SetKernelArg(k.h, i, uintptr(v), nil))
	}
	return fmt.Errorf("unsupported argument type; want one of %s",
		strings.Join([]string{"float32", "float64", "int32", "int", "uint32", "int64", "*Buffer", "LocalBytes"}, ", "))
}
