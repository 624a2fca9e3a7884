// Package clhost is forocl's only door to the OpenCL runtime.
//
// It takes OpenCL C source produced by the forocl code generator, plus host
// data (float32, float64 and int32 slices), and gives back device buffers,
// built programs, kernels, launches with profiling events, and errors that
// name both the OpenCL call and the error code (for example
// "clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE (-54)"). The forocl
// runtime, the test harness and the "forocl devices" command call it.
//
// The OpenCL C API (a 1.2 subset) is bound at run time through purego, so the
// package builds without cgo (CGO_ENABLED=0). The OpenCL ICD loader
// (libOpenCL.so.1) is opened lazily, on the first call that needs it; a
// program that never touches OpenCL never opens it. When the loader or every
// platform is missing, the error says what to install and satisfies
// errors.Is(err, ErrUnavailable).
//
// # Devices
//
// Devices lists every device of every platform; Select picks one by "P:D"
// index, by its position in that list (a bare number), or by a
// case-insensitive substring of platform, name, vendor, type and version
// that matches one model of device.
// With an empty selector Select reads the FOROCL_DEVICE environment variable
// and, if that is empty too, prefers the first GPU over the first device.
//
// # Object lifetime
//
// A Context owns one OpenCL context and one in-order, profiling-enabled
// command queue. Every buffer, array, program, kernel and event created
// through it is tracked; each has its own Close, and Context.Close releases
// whatever is still alive, so nothing depends on finalizers. Close is
// idempotent (Release, the older spelling, is a deprecated alias). A Context may be used from several goroutines. A Kernel
// shared between goroutines must be launched with LaunchWith, which sets
// the arguments and enqueues under the kernel's lock (SetArgs followed by
// Launch can pick up another goroutine's arguments in between); Close must
// not race with other calls. A kernel keeps its arguments as last set and
// calls clSetKernelArg only for one that changed (Note [kept arguments]),
// and the calls made at every launch, transfer and wait go through
// purego.SyscallN, which allocates nothing.
//
// # Arrays and element types
//
// An Array is a Buffer with an element type and a column-major Shape, what
// generated harnesses take. Its DType is the same type as npy.DType, so
// arrays read from .npy files and device arrays share one set of element
// types (Float32, Float64, Int32). Array.Write fills an array from a Go
// slice; Array.Read copies it back.
//
// # Cancellation
//
// The calls that can take long have variants that take a context.Context:
// BuildProgramContext, Event.WaitContext, ReadContext and Array.Read. They
// return the context's error as soon as it is done; the OpenCL call they
// abandon finishes on its own, and never writes the caller's memory
// afterwards (Note [abandoned calls]).
//
// # Program cache
//
// Building programs can be slow (seconds on some GPU drivers), so
// BuildProgram caches program binaries on disk, one file per key: the
// SHA-256 of the platform name, device name, driver version, build options
// and source. Files live in the directory named by the FOROCL_CACHE
// environment variable if it is set, otherwise in
// os.UserCacheDir()/forocl/programs (for example
// ~/.cache/forocl/programs/<key>.bin on Linux); FOROCL_CACHE=off disables
// the cache. An entry carries its own key and an HMAC under a secret kept
// in the directory; it is used only when both check out (Note [program
// cache]), so a copied, stale or forged entry never reaches the driver. An
// entry that fails any check, or fails to load or build, is ignored, the
// program is built from source and the entry rewritten. A cache file also
// keeps the original build log, so warnings survive a cache hit. When the
// directory cannot be created or written the cache is skipped and
// CacheWarnings says why; PoCL's own cache then moves to a temporary
// folder, since PoCL reports no device without one. Cache files are read
// only as regular files of bounded size; CacheProblems reports, once each,
// one that is not (and a broken secret, which is replaced). CacheDir reports the
// directory and ClearCache empties it.
package clhost
